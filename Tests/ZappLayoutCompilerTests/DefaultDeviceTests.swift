import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// The devices of an app whose zlc.json names none: a phone and a tablet, and a TV for the TV
/// platforms, each platform's bundle laid out for its own.
final class DefaultDeviceTests: XCTestCase {
  /// A family for a TV: six columns between wide insets, which leave no room on a phone.
  static let televisionFamily = """
    <Family name="TV"><Screens><Screen type="universal" insetLeft="90" insetRight="90" interItemSpacing="40"/></Screens>\
    <Components><GridComponent name="GRID" columns="6"><Cell name="TV_GRID" layoutId="g" aspectCellRatio="0.6667"/>\
    </GridComponent></Components></Family>
    """
  static let televisionHome = """
    [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "TV"}, "ui_components": [
      {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["TV_GRID"]}}]}]
    """

  func devices(_ folder: String) throws -> [String] {
    try ScreenBundle.load(from: URL(fileURLWithPath: folder)).index.devices.map {
      "\($0.name) \($0.deviceClass.rawValue) \($0.width) \($0.sizeClass ?? "-")"
    }
  }

  /// An app of TV platforms alone is laid out for a TV 1920 wide: a TV family checks clean and
  /// each platform's bundle holds that TV alone.
  func testATelevisionAppIsLaidOutForATelevision() throws {
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"tvos": {}, "samsung_tv": {}}}"#, "families/TV.xml": Self.televisionFamily,
      "screens/home.json": Self.televisionHome,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success)
    for platform in ["tvos", "samsung_tv"] {
      XCTAssertEqual(try devices(dir + "/out/" + platform), ["tv tablet 1920.0 XL"], platform)
    }
  }

  /// The same family in an app that also ships on iOS is drawn on the phone there: ZL0503 on
  /// the default phone, where a TV app alone has no phone.
  func testATelevisionFamilyInAPhoneAppIsCheckedOnThePhone() throws {
    let dir = try makeProject([
      "zlc.json": #"{"platforms": {"tvos": {}, "ios": {}}}"#, "families/TV.xml": Self.televisionFamily,
      "screens/home.json": Self.televisionHome,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(
      Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" },
      ["ZL0503 cell style 'TV_GRID' of family 'TV' has no room on device 'phone' (375 wide): 6 columns leave an item width of -0.83"])
  }

  /// An app of a phone and a TV platform: the phone's bundle has the phone and the tablets, the
  /// TV's the TV (960 dp wide on Android TV, 1920 on tvOS); an app of phone platforms alone keeps
  /// the phone and the tablets.
  func testEachPlatformsBundleHasItsOwnDefaultDevices() throws {
    let mobile = ["phone phone 375.0 S", "tablet-portrait tablet 768.0 L", "tablet-landscape tablet 1024.0 L"]
    for (platforms, expected) in [
      (#"{"ios": {}, "android_tv_for_quickbrick": {}}"#, ["ios": mobile, "android_tv_for_quickbrick": ["android-tv tablet 960.0 L"]]),
      (#"{"tvos": {}, "amazon": {}}"#, ["tvos": ["tv tablet 1920.0 XL"], "amazon": ["android-tv tablet 960.0 L"]]),
      (#"{"ios": {}, "android": {}}"#, ["ios": mobile, "android": mobile]),
    ] {
      let dir = try makeProject(Example.baseProject.merging(["zlc.json": #"{"platforms": \#(platforms)}"#]) { $1 })
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success, platforms)
      for (platform, names) in expected { XCTAssertEqual(try devices(dir + "/out/" + platform), names, platform) }
    }
  }
}
