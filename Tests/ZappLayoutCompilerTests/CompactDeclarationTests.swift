import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A screen and a component keep their strings with a tape index alone: each field still gives its
/// text and the line and column it is written at.
final class CompactDeclarationTests: XCTestCase {
  private let screens = """
    [
      {
        "id": "home",
        "name": "Home",
        "type": "general_content",
        "home": true,
        "ui_tag": "start",
        "data": {"connected": true, "parent": "root"},
        "styles": {"family": "FAMILY_1", "presentation": "present", "status_bar": false},
        "ui_components": [
          {"component_type": "grid",
           "ui_components": [{"component_type": "hero"}]}
        ]
      },
      {"id": "bare", "type": "favorites"}
    ]
    """

  private func loadScreens() throws -> [ScreenDecl] {
    let dir = try makeProject(["screens/rivers.json": screens])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).project.screens
  }

  private func place(_ spot: SourceSpot?) -> String? {
    spot.map { "\($0.location.line):\($0.location.column)" }
  }

  func testEveryFieldKeepsItsTextAndPlace() throws {
    let home = try XCTUnwrap(loadScreens().first { $0.id.value == "home" })
    XCTAssertEqual(home.id.value, "home")
    XCTAssertEqual(place(home.id.spot), "3:11")
    XCTAssertEqual(home.name?.value, "Home")
    XCTAssertEqual(place(home.name?.spot), "4:13")
    XCTAssertEqual(home.type.value, "general_content")
    XCTAssertEqual(place(home.type.spot), "5:13")
    XCTAssertTrue(home.isHome)
    XCTAssertEqual(place(home.homeSpot), "6:13")
    XCTAssertEqual(home.uiTag?.value, "start")
    XCTAssertEqual(place(home.uiTag?.spot), "7:15")
    XCTAssertTrue(home.connected)
    XCTAssertEqual(home.parent?.value, "root")
    XCTAssertEqual(place(home.parent?.spot), "8:43")
    XCTAssertEqual(home.family?.value, "FAMILY_1")
    XCTAssertEqual(place(home.family?.spot), "9:26")
    XCTAssertEqual(home.presentation, "present")
    XCTAssertEqual(home.viewOptions.statusBar, false)
    XCTAssertEqual(place(home.componentsSpot), "10:22")
    XCTAssertEqual(home.components.map(\.type.value), ["grid"])
    XCTAssertEqual(place(home.components.first?.type.spot), "11:26")
    XCTAssertEqual(home.components.first?.children.map(\.type.value), ["hero"])
    XCTAssertEqual(place(home.components.first?.children.first?.type.spot), "12:45")
  }

  func testAScreenThatSetsNothingHasNoOptionalField() throws {
    let bare = try XCTUnwrap(loadScreens().first { $0.id.value == "bare" })
    XCTAssertEqual(place(bare.id.spot), "15:10")
    XCTAssertEqual(bare.type.value, "favorites")
    XCTAssertNil(bare.name)
    XCTAssertNil(bare.parent)
    XCTAssertNil(bare.family)
    XCTAssertNil(bare.uiTag)
    XCTAssertNil(bare.homeSpot)
    XCTAssertNil(bare.componentsSpot)
    XCTAssertFalse(bare.isHome)
    XCTAssertFalse(bare.connected)
    XCTAssertTrue(bare.viewOptions.isEmpty)
    XCTAssertEqual(bare.presentation, "push")
    XCTAssertEqual(bare.launchMode, "standard")
  }
}
