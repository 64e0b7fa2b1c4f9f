import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A fix that trims the spaces at the ends of a name its siblings must not share (a display rule's
/// type, a view's name, a device's name, a field's key, a mapping's key) is not offered where a
/// sibling has that name already or trims to it too: either may be the one meant, and together
/// they make a duplicate. Two fixes that give one name otherwise (two typos of a platform id) are
/// both left out by `--fix`.
final class FixUniqueNameTests: XCTestCase {

  /// `--fix` of the project of `files` (over the base project): the files it wrote, and the
  /// codes left after it.
  func fixed(_ files: [String: String]) throws -> (dir: String, written: [String], left: [String]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.fix(dir, dryRun: false)
    let written = outcome.fixed.map { String($0.path.dropFirst(dir.count + 1)) }
    return (dir, written, outcome.check.diagnostics.map(\.code))
  }

  func testADisplayRuleTypeOrViewNameTrimmedIntoASiblingsIsLeftOut() throws {
    let rules = """
      <DisplayRule type="ATOM_VIDEO"><View name="badge" visibility="VISIBLE"/><View name="title" visibility="GONE"/><View name=⟦ZL0203⟧"title " visibility="GONE"/></DisplayRule>
      <DisplayRule type=⟦ZL0203⟧"ATOM_VIDEO "/>
      <DisplayRule type=⟦ZL0203⟧"ATOM_EPG "/>
      <DisplayRule type=⟦ZL0203⟧" ATOM_EPG"/>
      <DisplayRule type=⟦ZL0203⟧"ATOM_FEED "/>
      """
    let file = DisplayRuleTests.family(rules)
    func spaces(_ attribute: String, _ value: String, _ what: String) -> String {
      "'\(attribute)' '\(value)' has spaces at its ends: it matches no \(what)"
    }
    try assertFindings(
      ["families/f.xml": file],
      [
        "families/f.xml": [
          (spaces("name", "title ", "view"), [], nil),
          (spaces("type", "ATOM_VIDEO ", "entry type"), [], nil),
          (spaces("type", "ATOM_EPG ", "entry type"), [], nil),
          (spaces("type", " ATOM_EPG", "entry type"), [], nil),
          (spaces("type", "ATOM_FEED ", "entry type"), [], #""ATOM_FEED""#),
        ]
      ])
    let (dir, written, _) = try fixed(["families/f.xml": Marked(file).text])
    XCTAssertEqual(written, ["families/f.xml"])
    XCTAssertEqual(
      try String(contentsOfFile: dir + "/families/f.xml", encoding: .utf8),
      Marked(file).text.replacingOccurrences(of: #""ATOM_FEED ""#, with: #""ATOM_FEED""#))
  }

  func testTwoDeviceNamesTrimmedIntoOneAreLeftOut() throws {
    let settings = #"""
      {"devices": [{"name": "phone", "class": "phone", "width": 375}, {"name": "tablet ", "class": "tablet", "width": 1024},
        {"name": " tablet", "class": "tablet", "width": 768}, {"name": " big", "class": "tablet", "width": 1366}]}
      """#
    let (dir, written, left) = try fixed(["zlc.json": settings])
    XCTAssertEqual(written, ["zlc.json"])
    XCTAssertEqual(
      try String(contentsOfFile: dir + "/zlc.json", encoding: .utf8), settings.replacingOccurrences(of: #"" big""#, with: #""big""#))
    XCTAssertEqual(left, ["ZL0203", "ZL0203"], "the two tablets are left as they were, and no device is listed twice")
  }

  func testTwoFieldKeysTrimmedIntoOneAreLeftOut() throws {
    let fields =
      #", "styles": {"fields": [{"key": "sub ", "type": "text_input", "initial_value": "y"}, {"key": " sub", "type": "text_input", "initial_value": "z"}, {"key": "top ", "type": "text_input"}]}"#
    let manifest = Example.manifest(fields)
    let (dir, written, left) = try fixed(["components/x.json": manifest])
    XCTAssertEqual(written, ["components/x.json"])
    XCTAssertEqual(
      try String(contentsOfFile: dir + "/components/x.json", encoding: .utf8),
      manifest.replacingOccurrences(of: #""top ""#, with: #""top""#))
    XCTAssertEqual(left, ["ZL0625", "ZL0625"], "no field is listed twice")
  }

  /// A key a group's field would be trimmed into is taken when its section has it, at any level;
  /// the same key in another manifest of the same file is another section's.
  func testAFieldKeyIsTakenInItsSectionAndManifestAlone() throws {
    let grouped =
      #", "styles": {"fields": [{"key": "banner_text", "type": "text_input"}, {"group": true, "label": "G", "fields": [{"key": "banner_text ", "type": "text_input"}]}]}"#
    let dir = try makeProject(Example.baseProject.merging(["components/x.json": Example.manifest(grouped)]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0625" }
    XCTAssertEqual(found.count, 1)
    XCTAssertNil(found.first?.fixIt, "the section has 'banner_text'")
    let field = #", "styles": {"fields": [{"key": "sub ", "type": "text_input"}]}"#
    let two =
      "[" + Example.manifest(#", "platform": "ios""# + field) + ", " + Example.manifest(#", "platform": "android""# + field) + "]"
    let (both, written, left) = try fixed(["components/x.json": two])
    XCTAssertEqual(written, ["components/x.json"])
    XCTAssertEqual(
      try String(contentsOfFile: both + "/components/x.json", encoding: .utf8), two.replacingOccurrences(of: #""sub ""#, with: #""sub""#))
    XCTAssertFalse(left.contains("ZL0625"), "\(left)")
  }

  func testTwoMappingKeysTrimmedIntoOneAreLeftOutWithoutARefusal() throws {
    let mappings = #"{"screen_types": {"season ": "other", " season": "other", "show ": "other"}}"#
    let (dir, written, left) = try fixed(["screen_types.json": mappings])
    XCTAssertEqual(written, ["screen_types.json"])
    XCTAssertEqual(
      try String(contentsOfFile: dir + "/screen_types.json", encoding: .utf8),
      mappings.replacingOccurrences(of: #""show ""#, with: #""show""#))
    XCTAssertEqual(left, ["ZL0203", "ZL0203"], "no ZL0100: the fixes made read back")
  }

  /// Two keys that trim into one name get no fix even when one of them is past the 100 findings
  /// of a code a file reports (a round sees the first 100 alone): the rule knows every key.
  func testTwoKeysTrimmedIntoOnePastTheFindingsCapGetNoFix() throws {
    let fillers = (0..<99).map { #""t\#($0) ": "other""# }.joined(separator: ", ")
    let mappings = #"{"screen_types": {\#(fillers), "season ": "home", " season": "other"}}"#
    let (dir, written, left) = try fixed(["screen_types.json": mappings])
    XCTAssertEqual(written, ["screen_types.json"])
    var expected = mappings
    for i in 0..<99 { expected = expected.replacingOccurrences(of: #""t\#(i) ""#, with: #""t\#(i)""#) }
    XCTAssertEqual(try String(contentsOfFile: dir + "/screen_types.json", encoding: .utf8), expected)
    XCTAssertEqual(left, ["ZL0203", "ZL0203"], "both seasons are left as they were")
  }

  /// A platform id within a typo of one `platforms` holds already is an error without a fix: the
  /// fix would write the key twice.
  func testAPlatformIDWhoseFixIsTakenHasNoFix() throws {
    let settings = #"{"platforms": {"ios": {}, "iOS": {}}}"#
    let dir = try makeProject(Example.baseProject.merging(["zlc.json": settings]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0613" }, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0613", file: "zlc.json", line: 1, column: 27,
          message: "unknown platform 'iOS'; known platforms: \(Platforms.known.joined(separator: ", "))")
      ])
    XCTAssertNil(Driver.check(dir).diagnostics.first { $0.code == "ZL0613" }?.fixIt)
    XCTAssertEqual(Driver.check(dir).diagnostics.first { $0.code == "ZL0613" }?.severity, .error)
  }
}
