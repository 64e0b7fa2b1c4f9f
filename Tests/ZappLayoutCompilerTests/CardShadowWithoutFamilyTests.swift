import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// ZL0424 in a project whose families shape no shadow in any cell: a component's own radius or
/// offset without a colour is still warned of, also one written twice after a `null`.
final class CardShadowWithoutFamilyTests: XCTestCase {
  func found(_ styles: String) throws -> [String] {
    var files = Example.baseProject
    files["screens/o.json"] = Example.screen(
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]\#(styles)}}"#
    )
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).diagnostics.filter { $0.code == "ZL0424" }.map(\.message)
  }

  func testAComponentsOwnShadowKeysAreWarnedOfWithoutAFamilyShadow() throws {
    let warning = "'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style"
    XCTAssertEqual(try found(#", "shadowRadius": 4"#), [warning])
    XCTAssertEqual(try found(#", "shadowRadius": null, "shadowRadius": 4"#), [warning], "the key written twice, the second not null")
    XCTAssertEqual(try found(##", "shadowRadius": 4, "shadowColor": "#33000000""##), [])
    XCTAssertEqual(try found(#", "shadowRadius": null"#), [])
    XCTAssertEqual(try found(""), [])
  }
}
