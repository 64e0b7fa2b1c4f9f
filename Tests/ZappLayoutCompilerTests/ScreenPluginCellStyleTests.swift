import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A screen plugin's own `styles.cell_styles` are among the options its manifest's `cell_styles`
/// field offers for the screen's family, as a component's are (ZL0304).
final class ScreenPluginCellStyleTests: XCTestCase {
  /// A screen plugin whose `cell_styles` field offers `cell_1` and `cell_2` for FAMILY_1 and
  /// `cell_3` for FAMILY_2, as Zapp's conditional cell styles do.
  static let manifest = Example.manifest(
    #", "screen": true, "styles": {"fields": [{"key": "cell_styles", "type": "tag_select", "rules": "conditional", "options": [], "conditional_fields": [{"key": "styles/family", "condition_value": "FAMILY_1", "options": [{"text": "One", "value": "cell_1"}, {"text": "Two", "value": "cell_2"}]}, {"key": "styles/family", "condition_value": ["FAMILY_2"], "options": [{"text": "Three", "value": "cell_3"}]}]}]}"#,
    identifier: "video_360", type: "general")

  static func screen(_ styles: String) -> String { #"[{"id": "other", "type": "video_360", "styles": \#(styles)}]"# }

  /// `manifest` written for `platform`, filling in `family` (its `initial_value` for `styles.family`)
  /// when given.
  static func manifest(for platform: String, family: String? = nil) -> String {
    let written = manifest.replacingOccurrences(
      of: #""identifier": "video_360""#, with: #""identifier": "video_360", "platform": "\#(platform)""#)
    guard let family else { return written }
    return written.replacingOccurrences(
      of: #""fields": ["#, with: #""fields": [{"key": "family", "type": "text_input", "initial_value": "\#(family)"}, "#)
  }

  /// Asserts the marked findings of an app of iOS and Android with these manifests and screen.
  func assertMarkedOnIOSAndAndroid(
    ios: String, android: String, screen: String, _ expected: [(message: String, notes: [String], fixIt: String?)],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertNotEqual(android, ios, file: file, line: line)
    try assertMarked(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#, "components/v/ios.json": ios, "components/v/android.json": android,
        "screens/o.json": Self.screen(screen),
      ], expected, file: file, line: line)
  }

  /// A name the manifest does not offer for the screen's family is reported at it, with a note at
  /// the field and the nearest offered name as the fix; one it offers for another family too.
  func testACellStyleTheManifestDoesNotOfferForTheScreensFamilyIsReported() throws {
    try assertMarked(
      [
        "components/v.json": Self.manifest,
        "screens/o.json": Self.screen(#"{"family": "FAMILY_1", "cell_styles": [⟦ZL0304⟧"cell_4", "cell_2", ⟦ZL0304⟧"cell_3"]}"#),
      ],
      [
        (
          "cell style 'cell_4' is not in family 'FAMILY_1' for 'video_360' (the family offers cell_1, cell_2 for 'video_360')", [],
          #""cell_1""#
        ),
        (
          "cell style 'cell_3' is not in family 'FAMILY_1' for 'video_360' (the family offers cell_1, cell_2 for 'video_360')", [],
          #""cell_1""#
        ),
      ])
  }

  /// A screen that names no family is read with the family its manifest fills in (`initial_value`
  /// of `styles.family`), as the bundle's `plugin_values` hold it.
  func testAScreenWithoutAFamilyIsReadWithItsManifestsInitialFamily() throws {
    let manifest = Self.manifest.replacingOccurrences(
      of: #""fields": ["#, with: #""fields": [{"key": "family", "type": "text_input", "initial_value": "FAMILY_2"}, "#)
    XCTAssertNotEqual(manifest, Self.manifest)
    try assertMarked(["components/v.json": manifest, "screens/o.json": Self.screen(#"{"cell_styles": ["cell_3"]}"#)], [])
    try assertMarked(
      ["components/v.json": manifest, "screens/o.json": Self.screen(#"{"cell_styles": [⟦ZL0304⟧"cell_1"]}"#)],
      [("cell style 'cell_1' is not in family 'FAMILY_2' for 'video_360' (the family offers cell_3 for 'video_360')", [], #""cell_3""#)])
  }

  /// A family the manifest fills in for a screen that names none must be defined, as the bundle
  /// names it (ZL0301): reported at the screen's type, with a note at the manifest; a screen that
  /// names its own family is not read with the manifest's.
  func testAFamilyTheManifestFillsInThatNoFileDefinesIsReported() throws {
    let manifest = Self.manifest(for: "ios", family: "FAMILY_9")
    try assertMarked(
      ["components/v.json": manifest, "screens/o.json": #"[{"id": "other", "type": ⟦ZL0301⟧"video_360", "styles": {}}]"#],
      [
        (
          "screen 'other' names no family, so it is read with family 'FAMILY_9' that its manifest fills in, which no family file defines",
          ["the manifest fills in 'styles.family' here", "family 'FAMILY_1' is defined here"], nil
        )
      ])
    try assertMarked(["components/v.json": manifest, "screens/o.json": Self.screen(#"{"family": "FAMILY_1"}"#)], [])
  }

  /// Where one platform's manifest fills in a family no file defines, the finding names it.
  func testAnUndefinedFilledFamilyOfOnePlatformNamesIt() throws {
    try assertUndefinedFilledFamily(ios: "FAMILY_1", android: "FAMILY_9", on: " (on android)")
  }

  /// Asserts ZL0301's one finding at the screen's type, for family 'FAMILY_9' (`on` names the
  /// platforms), in an app of iOS and Android whose manifests fill in these families.
  func assertUndefinedFilledFamily(
    ios: String, android: String, on: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try assertMarked(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
        "components/v/ios.json": Self.manifest(for: "ios", family: ios),
        "components/v/android.json": Self.manifest(for: "android", family: android),
        "screens/o.json": #"[{"id": "other", "type": ⟦ZL0301⟧"video_360", "styles": {}}]"#,
      ],
      [
        (
          "screen 'other' names no family, so it is read with family 'FAMILY_9' that its manifest fills in, which no family file defines\(on)",
          ["the manifest fills in 'styles.family' here", "family 'FAMILY_1' is defined here"], nil
        )
      ], file: file, line: line)
  }

  /// Where every platform's manifest fills in the same undefined family, it is reported once,
  /// naming no platform.
  func testAnUndefinedFilledFamilyOfEveryPlatformIsReportedOnce() throws {
    try assertUndefinedFilledFamily(ios: "FAMILY_9", android: "FAMILY_9", on: "")
  }

  /// A screen that writes its `styles.family` as `""` or `null` keeps that value in its bundle's
  /// `plugin_values` (the manifest fills in only a key that is absent): it is read with no family,
  /// not the manifest's, so neither an undefined filled-in family (ZL0301) nor a style of it
  /// (ZL0304) is reported.
  func testAScreenWritingAnEmptyFamilyIsNotReadWithTheManifests() throws {
    for family in [#""""#, "null"] {
      try assertMarked(
        ["components/v.json": Self.manifest(for: "ios", family: "FAMILY_9"), "screens/o.json": Self.screen(#"{"family": \#(family)}"#)], [])
      try assertMarked(
        [
          "components/v.json": Self.manifest(for: "ios", family: "FAMILY_2"),
          "screens/o.json": Self.screen(#"{"family": \#(family), "cell_styles": ["cell_1"]}"#),
        ], [])
    }
  }

  /// Where the platforms' manifests fill in different families (the screen names none), each
  /// platform is checked with its own: a style of one family only is reported naming the others.
  func testEachPlatformReadsTheFamilyItsManifestFillsIn() throws {
    try assertMarkedOnIOSAndAndroid(
      ios: Self.manifest(for: "ios", family: "FAMILY_1"), android: Self.manifest(for: "android", family: "FAMILY_2"),
      screen: #"{"cell_styles": [⟦ZL0304⟧"cell_1"]}"#,
      [
        (
          "cell style 'cell_1' is not in family 'FAMILY_2' for 'video_360' (the family offers cell_3 for 'video_360') (on android)", [],
          "cell_3"
        )
      ])
  }

  /// A platform whose manifest fills in no family (the screen names none) is not read with
  /// another's: a style refused with the family of the others names them.
  func testAPlatformWithoutAFilledFamilyIsNotCheckedWithAnothers() throws {
    try assertMarkedOnIOSAndAndroid(
      ios: Self.manifest(for: "ios", family: "FAMILY_1"), android: Self.manifest(for: "android"),
      screen: #"{"cell_styles": [⟦ZL0304⟧"cell_9"]}"#,
      [
        (
          "cell style 'cell_9' is not in family 'FAMILY_1' for 'video_360' (the family offers cell_1, cell_2 for 'video_360') (on ios)", [],
          "cell_1"
        )
      ])
  }

  /// Where the platforms' manifests offer different styles, a style one of them refuses names
  /// the refusing platforms, and its did-you-mean is a hint (no range: not applied), not a fix
  /// another platform refuses.
  func testEachPlatformsManifestOffersItsOwnStyles() throws {
    try assertMarkedOnIOSAndAndroid(
      ios: Self.manifest(for: "ios"),
      android: Self.manifest(for: "android").replacingOccurrences(of: #""value": "cell_1""#, with: #""value": "cell_5""#),
      screen: #"{"family": "FAMILY_1", "cell_styles": ["cell_2", ⟦ZL0304⟧"cell_1"]}"#,
      [
        (
          "cell style 'cell_1' is not in family 'FAMILY_1' for 'video_360' (the family offers cell_5, cell_2 for 'video_360') (on android only: the manifests of ios offer it)",
          [], "cell_5"
        )
      ])
  }

  /// The names offered for the screen's family pass, under either family; a single name in a
  /// string too.
  func testTheCellStylesOfferedForTheScreensFamilyPass() throws {
    for styles in [
      #"{"family": "FAMILY_1", "cell_styles": ["cell_1", "cell_2"]}"#, #"{"family": "FAMILY_2", "cell_styles": ["cell_3"]}"#,
      #"{"family": "FAMILY_2", "cell_styles": "cell_3"}"#,
    ] {
      try assertMarked(["components/v.json": Self.manifest, "screens/o.json": Self.screen(styles)], [])
    }
  }
}
