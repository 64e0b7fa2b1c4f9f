import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappModel

/// The compiler's feed reader (which locates problems) and the runtime's decoder (which a device
/// runs) read a feed into the same entries.
final class FeedReadingTests: XCTestCase {
  /// Numeric ids read as the runtime reads them (`1e2` is "100", `-0` is "0"), and a source URL's
  /// fragment is no part of its `type=` parameter.
  func testTheCompilersReaderAndTheRuntimesDecoderAgree() throws {
    let json = #"""
      {"id": "s", "entry": [{"id": 1e2, "type": {"value": "video"}}, {"id": -0}, {"id": 12345678901234567890123},
        {"id": 7, "content": {"src": "x://y?a=1&type=APPLICASTER_COLLECTION#top"}}, {"id": 8, "link": {"href": "x://z#type=A"}}]}
      """#
    let runtime = try FeedEntry.decode(Data(json.utf8))
    let compiler = try XCTUnwrap(FeedReader.read(SourceFile(path: "f.json", text: json)).feed)
    XCTAssertEqual(compiler, runtime)
    XCTAssertEqual(runtime.entries?.map(\.id), ["100", "0", "1.2345678901234568e+22", "7", "8"])
    XCTAssertEqual(runtime.entries?[3].dataType, "APPLICASTER_COLLECTION")
    XCTAssertNil(runtime.entries?[4].dataType)
  }
}
