import Foundation
import XCTest
import ZappLayout

/// `zlc schema --project`: the enums of a schema hold the project's names as its files write them.
final class ProjectSchemaTests: XCTestCase {
  /// Two screen ids that Unicode counts as one (`café` with `é`, and with `e` and a combining
  /// accent) are two screens of the bundle: each is in the enums, by its bytes, sorted as strings
  /// and then by their bytes, so a validator takes a file that names either.
  func testScreenIdsThatDifferInTheirUnicodeFormAreBothListed() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app"], cwd: dir).status, 0)
    let screens = dir.appendingPathComponent("app/screens")
    let show = try String(contentsOf: screens.appendingPathComponent("show.json"), encoding: .utf8)
    for (file, id) in [("composed", #"caf\u00e9"#), ("decomposed", #"cafe\u0301"#)] {
      let text = show.replacingOccurrences(of: #""id": "show""#, with: #""id": "\#(id)""#)
        .replacingOccurrences(of: #""name": "Show""#, with: #""name": "\#(file)""#)
        .replacingOccurrences(of: #""connected": true"#, with: #""connected": false"#)
        .replacingOccurrences(of: #""source": "", "type": """#, with: #""source": "feed", "type": "APPLICASTER_COLLECTION""#)
      try Data(text.utf8).write(to: screens.appendingPathComponent("\(file).json"))
    }
    XCTAssertEqual(try zlc(["check", "app"], cwd: dir).status, 0)
    let result = try zlc(["schema", "screen-types", "--project", "app"], cwd: dir)
    XCTAssertEqual(result.status, 0, result.err)
    let schema = try JSON.parse(Data(result.out.utf8))
    let values = try XCTUnwrap(schema["properties"]?["screen_types"]?["additionalProperties"]?["enum"]?.arrayValue)
    // A mapping names a screen: "", which names none, is not among them; null, which maps nothing, is.
    let expected = ["Home", "Show", "cafe\u{301}", "caf\u{e9}", "composed", "decomposed", "home", "show"]
    XCTAssertEqual(values.compactMap(\.stringValue).map { Array($0.utf8) }, expected.map { Array($0.utf8) })
    XCTAssertEqual(values.last, .null)
  }
}
