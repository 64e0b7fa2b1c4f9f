import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A group of a connected screen that holds no component taking data takes a child of the sender
/// that no section shows (ZL0429): named with the child it takes, as the mapper numbers them.
final class GroupShowsNoChildTests: XCTestCase {
  /// A plugin that takes no data (its manifest declares no `data` field).
  static let banner = Example.manifest("", identifier: "banner")

  static func connected(_ components: String) -> String { Example.screen(components, extra: #", "data": {"connected": true}"#) }

  static let grid = #"{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#

  /// An empty group, a group without `ui_components` and a group of a banner alone are reported
  /// with the child each takes: a grid before them takes child 0, each group the next one.
  func testAGroupOfNoDataTakingComponentIsReportedWithTheChildItTakes() throws {
    let components = [
      Self.grid, #"{"component_type": ⟦ZL0429⟧"group", "ui_components": []}"#, #"{"component_type": ⟦ZL0429⟧"group"}"#,
      #"{"component_type": "banner"}"#,
      #"{"component_type": ⟦ZL0429⟧"group", "ui_components": [{"component_type": "banner"}]}"#, Self.grid,
    ]
    let message = { (holds: String, child: Int) in
      "this group holds \(holds), yet takes child \(child) of the item that opens screen 'other': no section shows it"
    }
    try assertMarked(
      [
        "components/banner.json": Self.banner, "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Self.connected(components.joined(separator: ", ")),
      ],
      [
        (message("no component", 1), [], nil), (message("no component", 2), [], nil),
        (message("no component that takes data", 3), [], nil),
      ])
  }

  /// A plugin that takes data on iOS and is a group on Android: on Android it takes a child it
  /// holds nothing to show, reported naming Android alone.
  func testAPluginThatIsAGroupOnSomePlatformsIsReportedNamingThem() throws {
    let data = #""data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#
    try assertMarked(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
        "components/shelf/ios.json": Example.manifest(#", "platform": "ios", \#(data)"#, identifier: "shelf"),
        "components/shelf/android.json": Example.manifest(
          #", "platform": "android", "characteristics": {"group": true, "appearance": ["group", "screen"]}"#, identifier: "shelf"),
        "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Self.connected(#"{"component_type": ⟦ZL0429⟧"shelf"}, "# + Self.grid),
      ],
      [
        (
          "this group holds no component, yet takes child 0 of the item that opens screen 'other': no section shows it (on android)",
          [], nil
        )
      ])
  }

  /// A group whose only component takes data on iOS alone shows no child on Android: reported
  /// naming Android.
  func testAGroupOfAPluginTakingDataOnSomePlatformsIsReportedNamingTheOthers() throws {
    let data = #""data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#
    try assertMarked(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
        "components/row/ios.json": Example.manifest(#", "platform": "ios", \#(data)"#, identifier: "row"),
        "components/row/android.json": Example.manifest(#", "platform": "android""#, identifier: "row"),
        "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Self.connected(
          #"{"component_type": ⟦ZL0429⟧"group", "ui_components": [{"component_type": "row"}]}, "# + Self.grid),
      ],
      [
        (
          "this group holds no component that takes data, yet takes child 0 of the item that opens screen 'other': no section shows it (on android)",
          [], nil
        )
      ])
  }

  /// A group with a component that takes data, and any group of a root screen, are not reported.
  func testAGroupShowingItsChildAndARootScreensGroupPass() throws {
    let shows = #"{"component_type": "group", "ui_components": [{"component_type": "banner"}, \#(Self.grid)]}"#
    try assertMarked(
      [
        "components/banner.json": Self.banner, "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Self.connected(shows),
      ], [])
    try assertMarked(
      [
        "components/banner.json": Self.banner,
        "screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": []}, "# + Example.grid),
      ], [])
  }
}
