import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLanguageServer

/// The locations of many spots (the references of a style every component picks): each file's
/// lines are indexed once for the whole answer, not once for each spot.
final class LocationIndexTests: XCTestCase {
  func testEachFileIsIndexedOnceForAllItsSpots() throws {
    let count = 2_000
    let screens = SourceFile(
      path: "/p/screens/home.json", bytes: Array(String(repeating: "{\"cell_styles\": [\"POSTER\"]},\n", count: count).utf8))
    let family = SourceFile(path: "/p/families/STUDIO.json", bytes: Array("{\n  \"name\": \"POSTER\"}\n".utf8))
    let document = OpenDocument(uri: "file:///p/families/STUDIO.xml", path: "/p/families/STUDIO.xml", version: 1, text: "<Family/>")
    let query = DocumentQuery(document: document, session: ProjectSession(root: "/p"), offset: 0)
    let line = "{\"cell_styles\": [".utf8.count
    let spots =
      [SourceSpot(file: family, offset: 12)]
      + (0..<count).map { SourceSpot(file: screens, offset: $0 * "{\"cell_styles\": [\"POSTER\"]},\n".utf8.count + line) }
      + [SourceSpot(file: SourceFile(path: "<built-in>/F.json", bytes: []), offset: 0)]
    var indexed = 0
    let found = query.locations(of: spots, indexed: &indexed)
    XCTAssertEqual(indexed, 2, "one index for each file, the built-in one none")
    XCTAssertEqual(found.count, count + 1, "a built-in family's spot has no location")
    XCTAssertEqual(range(found.first), "STUDIO.json 1:10-1:18")
    XCTAssertEqual(range(found.last), "home.json \(count - 1):17-\(count - 1):25")
  }
}
