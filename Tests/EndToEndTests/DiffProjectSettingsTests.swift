import Foundation
import XCTest

/// `zlc diff` of what `zlc.json` gives the bundles outside the screens: the app's name, the order
/// of its devices and of its platforms, each a change of its own in every format.
final class DiffProjectSettingsTests: XCTestCase {
  /// Two starter projects (`template`) of one app name, the head's `zlc.json` passed through `edit`.
  func pair(template: String = "basic", edit: (String) -> String) throws -> (base: String, head: String) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    var folders: [String] = []
    for name in ["base", "head"] {
      let folder = dir.appendingPathComponent(name)
      XCTAssertEqual(try zlc(["init", folder.path, "--template", template]).status, 0)
      try sameApp(folder)
      folders.append(folder.path)
    }
    let settings = dir.appendingPathComponent("head/zlc.json")
    let text = try String(contentsOf: settings, encoding: .utf8)
    XCTAssertNotEqual(edit(text), text, "the edit changes zlc.json")
    try edit(text).write(to: settings, atomically: true, encoding: .utf8)
    return (folders[0], folders[1])
  }

  /// The text with `a` and `b` swapped.
  static func swapping(_ a: String, _ b: String, in text: String) -> String {
    text.replacingOccurrences(of: a, with: "\u{0}").replacingOccurrences(of: b, with: a).replacingOccurrences(of: "\u{0}", with: b)
  }

  static let phone = #"{ "name": "phone", "class": "phone", "width": 375 }"#
  static let tablet = #"{ "name": "tablet", "class": "tablet", "width": 1024 }"#

  /// The diff in every format, each asserted to exit 1 with `--exit-code`.
  func outputs(_ base: String, _ head: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
    var outputs: [String: String] = [:]
    for format in ["text", "json", "markdown"] {
      let r = try zlc(["diff", base, head, "--format", format, "--exit-code"])
      XCTAssertEqual(r.status, 1, r.err, file: file, line: line)
      outputs[format] = r.out
    }
    return outputs
  }

  func testANewAppNameIsAChange() throws {
    let (base, head) = try pair { $0.replacingOccurrences(of: #""app": "Starter""#, with: #""app": "Starter Kids""#) }
    let out = try outputs(base, head)
    XCTAssertEqual(
      out["text"],
      """
       0 screens changed (0 added, 0 removed, 0 renamed), 1 change (1 to the whole project)

      bundle index: app Starter → Starter Kids

      """)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((out["json"] ?? "").utf8)) as? [String: Any])
    let changes = try XCTUnwrap(json["changes"] as? [[String: Any]])
    XCTAssertEqual(changes.count, 1)
    XCTAssertEqual(changes.first?["kind"] as? String, "bundle_index")
    XCTAssertEqual(changes.first?["field"] as? String, "app")
    XCTAssertEqual(changes.first?["old"] as? String, "Starter")
    XCTAssertEqual(changes.first?["new"] as? String, "Starter Kids")
    XCTAssertTrue(out["markdown"]?.contains("| bundle index |  |  |  |  | app | Starter | Starter Kids |\n") == true, out["markdown"] ?? "")
  }

  /// Reversed devices: the screens' layouts are written in the new order and `zlc map`'s default
  /// device is another; no device changed otherwise.
  func testReorderedDevicesAreAChange() throws {
    let (base, head) = try pair { Self.swapping(Self.phone, Self.tablet, in: $0) }
    let out = try outputs(base, head)
    XCTAssertEqual(
      out["text"],
      """
       0 screens changed (0 added, 0 removed, 0 renamed), 1 change (1 to the whole project)

      device: order: phone, tablet → tablet, phone

      """)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((out["json"] ?? "").utf8)) as? [String: Any])
    let changes = try XCTUnwrap(json["changes"] as? [[String: Any]])
    XCTAssertEqual(changes.count, 1)
    XCTAssertEqual(changes.first?["kind"] as? String, "device")
    XCTAssertEqual(changes.first?["field"] as? String, "order")
    XCTAssertEqual(changes.first?["old"] as? [String], ["phone", "tablet"])
    XCTAssertEqual(changes.first?["new"] as? [String], ["tablet", "phone"])
    XCTAssertTrue(
      out["markdown"]?.contains("| device |  |  |  |  | order | phone, tablet | tablet, phone |\n") == true, out["markdown"] ?? "")
  }

  /// A device added or removed is no new order of the others.
  func testAnAddedDeviceIsNoNewOrder() throws {
    let (base, head) = try pair {
      $0.replacingOccurrences(of: Self.phone, with: #"{ "name": "small", "class": "phone", "width": 320 }, "# + Self.phone)
    }
    let text = try outputs(base, head)["text"] ?? ""
    XCTAssertTrue(text.contains("device: small none → "), text)
    XCTAssertFalse(text.contains("order"), text)
  }

  /// An app of two platforms that names them in the other order: `platforms.json` lists its
  /// bundles in that order.
  func testReorderedPlatformsAreAChange() throws {
    let (base, head) = try pair(template: "multi-platform") {
      Self.swapping(#""ios": { "min_zapp_sdk": "20.0.0" }"#, #""android_for_quickbrick": { "min_zapp_sdk": "6.1.0" }"#, in: $0)
    }
    let out = try outputs(base, head)
    XCTAssertEqual(
      out["text"],
      """
       0 screens changed (0 added, 0 removed, 0 renamed), 1 change (1 to the whole project)

      platform: order: ios, android_for_quickbrick → android_for_quickbrick, ios

      """)
    XCTAssertTrue(
      out["markdown"]?.contains("| platform |  |  |  |  | order | ios, android\\_for\\_quickbrick | android\\_for\\_quickbrick, ios |\n")
        == true,
      out["markdown"] ?? "")
  }
}
