import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// ZL0320: a project family that nothing uses while its name is a near miss of a family that
/// screens use is a misspelling; the screens are drawn with the other family.
final class UnusedFamilyTests: XCTestCase {
  private func check(_ files: [String: String]) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  private func spec(_ marked: Marked, in file: String, message: String, note: String) -> [DiagnosticSpec] {
    let marker = marked.markers[0]
    return [DiagnosticSpec(code: "ZL0320", file: file, line: marker.line, column: marker.column, message: message, notes: [note])]
  }

  private static func gridFamily(_ name: String) -> String {
    #"<Family name="\#(name)"><Components><Component type="grid"><Cell name="GRID_1" cellHeight="100"/></Component></Components></Family>"#
  }

  /// `FAMILY_l` is as near `FAMILY_2` as `FAMILY_1`; only `FAMILY_1` is used, so that is named,
  /// with a note at the built-in family.
  func testAMisspelledFamilyIsReportedAtItsNameWithTheUsedOne() throws {
    let marked = Marked(#"<Family name=⟦ZL0320⟧"FAMILY_l"><Screens><Screen type="default" padding="40"/></Screens></Family>"#)
    let (dir, found) = try check(["families/mine.xml": marked.text])
    assertDiagnostics(
      found, in: dir,
      spec(
        marked, in: "families/mine.xml",
        message: "family 'FAMILY_l' is used by no screen or component; the screens use 'FAMILY_1'",
        note: "family 'FAMILY_1' is defined here"))
    XCTAssertEqual(found.first?.notes.first?.spot?.file.path, "<built-in>/FAMILY_1.xml")
  }

  /// The near name is a project family (JSON) that screens use: the note is at its file.
  func testTheNoteIsAtTheProjectFamilyTheScreensUse() throws {
    let marked = Marked(#"{"name": ⟦ZL0320⟧"RIVERFLX"}"#)
    let (dir, found) = try check([
      "families/riverflix.xml": Self.gridFamily("RIVERFLIX"), "families/typo.json": marked.text,
      "screens/o.json": Example.screen(Example.grid).replacingOccurrences(of: "FAMILY_1", with: "RIVERFLIX"),
    ])
    assertDiagnostics(
      found, in: dir,
      spec(
        marked, in: "families/typo.json",
        message: "family 'RIVERFLX' is used by no screen or component; the screens use 'RIVERFLIX'",
        note: "family 'RIVERFLIX' is defined here"))
    XCTAssertEqual(found.first?.notes.first?.spot?.file.path.hasSuffix("families/riverflix.xml"), true)
  }

  /// A family that only a component names (inside a group) is used; one far from every used
  /// name, and a copy of a built-in family, are not reported (without the component's family
  /// counted, `FAMILY_X`, near `FAMILY_1`, would be).
  func testUsedFarAndBuiltinNamedFamiliesAreNotReported() throws {
    let group =
      #"{"component_type": "group", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_X", "cell_styles": ["GRID_1"]}}]}"#
    let (_, found) = try check([
      "families/x.xml": Self.gridFamily("FAMILY_X"),
      "families/archive.xml": #"<Family name="ARCHIVED_LOOK"/>"#,
      "families/FAMILY_2.xml": #"<Family name="FAMILY_2"/>"#,
      // Numbered like FAMILY_X's siblings would be, and not used yet: a family to come.
      "families/next.xml": #"<Family name="FAMILY_3"/>"#, "families/later.xml": #"<Family name="FAMILY_X2"/>"#,
      "screens/o.json": Example.screen(group),
    ])
    XCTAssertEqual(found.filter { $0.code == "ZL0320" }.map(\.message), [])
    XCTAssertEqual(
      found.filter { $0.code == "ZL0310" }.map(\.message), ["family 'FAMILY_2' replaces the built-in family of the same name"])
  }

  /// A copy of a built-in family, or of a project one, whose name was changed inside its file
  /// (`FAMILY_1.xml` holding `MY_LOOK`): the screens are drawn with the family its file is named
  /// after, which they use; that name is a hint. A family of an unused name in a file named after
  /// no used family (`ARCHIVE.xml`), or after itself, is not reported.
  func testAFamilyRenamedInsideAFileNamedAfterAUsedOneIsReported() throws {
    let marked = Marked(#"<Family name=⟦ZL0320⟧"MY_LOOK"><Screens><Screen type="default" padding="40"/></Screens></Family>"#)
    let (dir, found) = try check([
      "families/FAMILY_1.xml": marked.text, "families/ARCHIVE.xml": #"<Family name="OLD_LOOK"/>"#,
      "families/KEPT.xml": #"<Family name="KEPT"/>"#,
    ])
    var expected = spec(
      marked, in: "families/FAMILY_1.xml",
      message: "family 'MY_LOOK' is used by no screen or component; its file is named after 'FAMILY_1', which the screens use",
      note: "family 'FAMILY_1' is defined here")
    expected[0].fixIt = "FAMILY_1"
    assertDiagnostics(found, in: dir, expected)
    XCTAssertEqual(found.first?.notes.first?.spot?.file.path, "<built-in>/FAMILY_1.xml")
    XCTAssertNil(found.first?.fixIt?.range, "a hint: the file may have been copied to make a new family")
  }
}
