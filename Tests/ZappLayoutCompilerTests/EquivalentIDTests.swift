import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Names that are one to a Swift `String` or to a reader but two to zlc: screen ids in two
/// Unicode forms, device names with spaces at their ends or differing only in case.
final class EquivalentIDTests: XCTestCase {
  static func screen(_ id: String) -> String {
    #"{"id": \#(id), "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}"#
  }

  /// The screen `other`, whose grids open the screens of `ids` (as JSON writes them).
  static func opening(_ ids: [String]) -> String {
    Example.screen(ids.map(Example.gridOpening).joined(separator: ", "))
  }

  /// `café` with `é` and with `e` and a combining accent are two screens to zlc and one to Swift:
  /// the second is warned at, a third of its bytes ZL0404's only; `cafe` is another id.
  func testScreenIDsInTwoUnicodeFormsAreWarnedAt() throws {
    let (nfc, nfd) = (#""caf\u00e9""#, #""cafe\u0301""#)
    let message =
      "screen id 'cafe\\u{301}' is screen id 'caf\\u{e9}' in another Unicode form: Swift code comparing strings reads the two as one id"
    try assertFindings(
      [
        "screens/o.json": Self.opening([#"caf\u00e9"#, #"cafe\u0301"#]),
        "screens/p.json": "[" + [Self.screen(nfc), Self.screen("⟦ZL0125⟧" + nfd), Self.screen("⟦ZL0404⟧" + nfd)].joined(separator: ", ")
          + "]",
      ],
      [
        "screens/p.json": [
          (message, ["first used here"], nil),
          ("screen id 'cafe\u{301}' is used by another screen", ["first used here"], nil),
        ]
      ])
    try assertFindings(
      [
        "screens/o.json": Self.opening([#"caf\u00e9"#, "cafe"]),
        "screens/p.json": "[" + [Self.screen(nfc), Self.screen(#""cafe""#)].joined(separator: ", ") + "]",
      ], [:])
  }

  /// A device name with spaces at its ends is an error with the trimmed name as its fix (none
  /// where a device has that name); a name that differs from another only in case is a warning.
  func testADeviceNameWithSpacesOrAnotherCaseIsReported() throws {
    func devices(_ names: [String]) -> String {
      #"{"devices": ["#
        + names.enumerated().map { #"{"name": \#($1), "class": "phone", "width": \#(360 + $0)}"# }
        .joined(separator: ", ") + "]}"
    }
    try assertFindings(
      ["zlc.json": devices([#"⟦ZL0203⟧" phone""#, #""tablet""#, #"⟦ZL0203⟧"tablet ""#, #"⟦ZL0205⟧"Tablet""#])],
      [
        "zlc.json": [
          ("device name ' phone' has spaces at its ends: it matches no name written without them", [], #""phone""#),
          ("device name 'tablet ' has spaces at its ends: it matches no name written without them", [], nil),
          ("device 'Tablet' differs from device 'tablet' only in case", ["first listed here"], nil),
        ]
      ])
    let dir = try makeProject(Example.baseProject.merging(["zlc.json": devices([#""phone""#, #""Phone""#])]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map { "\($0.severity) \($0.code)" }, ["warning ZL0205"])
    try assertFindings(["zlc.json": devices([#""phone""#, #""tablet""#])], [:])
  }

  /// A UUID in upper, lower and mixed case is three screens to zlc and one to code reading UUIDs:
  /// each later one is warned at, with a note at the first; ids that are not UUIDs (`Start`,
  /// `start`) or UUIDs of other digits are not.
  func testScreenIDsThatAreOneUUIDInOtherCaseAreWarnedAt() throws {
    let (lower, upper, mixed) =
      ("f99b28fb-f472-403b-832d-9731287a3639", "F99B28FB-F472-403B-832D-9731287A3639", "F99b28fb-f472-403b-832d-9731287a3639")
    let other = "f99b28fb-f472-403b-832d-9731287a3630"
    let message = { (id: String) in
      "screen id '\(id)' is the UUID of screen '\(lower)' in other case: code reading ids as UUIDs takes the two for one screen"
    }
    let ids = [lower, upper, mixed, other, "Start", "start"]
    try assertFindings(
      [
        "screens/o.json": Self.opening(ids),
        "screens/p.json": "["
          + [
            Self.screen("\"\(lower)\""), Self.screen("⟦ZL0129⟧\"\(upper)\""), Self.screen("⟦ZL0129⟧\"\(mixed)\""),
            Self.screen("\"\(other)\""), Self.screen(#""Start""#), Self.screen(#""start""#),
          ].joined(separator: ", ") + "]",
      ],
      ["screens/p.json": [(message(upper), ["first used here"], nil), (message(mixed), ["first used here"], nil)]])
    XCTAssertTrue(UUIDCaseRule.isUUID(upper))
    XCTAssertFalse(UUIDCaseRule.isUUID("f99b28fb-f472-403b-832d-9731287a363g"))
    XCTAssertFalse(UUIDCaseRule.isUUID("f99b28fbf-472-403b-832d-9731287a3639"))
  }
}
