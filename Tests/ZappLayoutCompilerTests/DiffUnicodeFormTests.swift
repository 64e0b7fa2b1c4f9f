import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A text written in another Unicode form (`é` as one scalar, then as `e` and an accent) is
/// another value: the bundle's bytes and a screen's `sha256` change, so `zlc diff` lists it.
final class DiffUnicodeFormTests: XCTestCase {
  func testJSONValuesCompareStringsAndKeysByTheirBytes() {
    let composed = JSON.string("caf\u{E9}")
    let decomposed = JSON.string("cafe\u{301}")
    XCTAssertNotEqual(composed, decomposed)
    XCTAssertEqual(Set([composed, decomposed, .string("caf\u{E9}")]).count, 2)
    XCTAssertNotEqual(JSON.object([("caf\u{E9}", .null)]), JSON.object([("cafe\u{301}", .null)]))
    XCTAssertEqual(JSON.object([("caf\u{E9}", .null)]), JSON.object([("caf\u{E9}", .null)]))
  }

  /// A key of a component's styles written in another form is another key: the old one removed,
  /// the new one added.
  func testAKeyWrittenInAnotherFormIsAChange() throws {
    let projects = try ["b\u{E4}nner_extra", "ba\u{308}nner_extra"].map { key in
      var files = Example.baseProject
      files["screens/o.json"] = Example.screen(
        Example.grid.replacingOccurrences(of: #""cell_styles": ["GRID_1"]"#, with: "\"cell_styles\": [\"GRID_1\"], \"\(key)\": \"x\""))
      let dir = try makeProject(files)
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      return dir
    }
    XCTAssertTrue(changedMembers([("b\u{E4}", .null)], [("ba\u{308}", .null)]).count == 2)
    XCTAssertFalse(JSON.object([("b\u{E4}", .null)]).isSameData(as: .object([("ba\u{308}", .null)])))
    let changes = try XCTUnwrap(Driver.diff(base: projects[0], head: projects[1]).report).changes
    XCTAssertFalse(changes.isEmpty, "the bundles' bytes differ, and so do the keys a client reads")
  }

  func testANameWrittenInAnotherFormIsAChange() throws {
    let projects = try homeNamed(["Caf\u{E9}", "Cafe\u{301}"])
    let outcome = Driver.diff(base: projects[0], head: projects[1])
    let changes = try XCTUnwrap(outcome.report).changes
    XCTAssertEqual(changes.map(\.field), ["name"])
    XCTAssertEqual(changes.first?.screens, ["home"])
  }

  /// A project for each of `names`, its home screen named so.
  func homeNamed(_ names: [String]) throws -> [String] {
    try names.map { name in
      var files = Example.baseProject
      files["screens/home.json"] = Example.home.replacingOccurrences(of: #""name": "Home""#, with: "\"name\": \"\(name)\"")
      let dir = try makeProject(files)
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      return dir
    }
  }

  /// A value written in another form reads differently in every report: its characters beyond
  /// ASCII are spelled out (`caf\u{E9}` → `cafe\u{301}`), where printed as they are both
  /// would read `café` → `café`.
  func testAValueInAnotherFormIsSpelledOutInEveryReport() throws {
    let projects = try homeNamed(["caf\u{E9}", "cafe\u{301}"])
    let report = try XCTUnwrap(Driver.diff(base: projects[0], head: projects[1]).report)
    XCTAssertEqual(report.changes.map { DiffWording.line($0).text }, [#"home: name caf\u{E9} → cafe\u{301}"#])
    let text = DiffPrinter(format: .text).render(report)
    XCTAssertTrue(text.contains(#"caf\u{E9} → cafe\u{301}"#), text)
    // Markdown escapes the backslash, which a rendered table shows as one.
    let markdown = DiffPrinter(format: .markdown).render(report)
    XCTAssertTrue(markdown.contains(#"| caf\\u{E9} | cafe\\u{301} |"#), markdown)
    XCTAssertEqual(DiffWording.arrow(.string("caf\u{E9}"), .string("caf\u{E9}!")), "caf\u{E9} → caf\u{E9}!")
  }

  /// Two screen ids of a report that read alike (`é` as one scalar, and as `e` and an accent)
  /// are spelled out in the summary, and so is a rename from one to the other; ids that read
  /// like no other are shown as they are.
  func testSummaryRowsSpellOutIDsThatReadAlike() throws {
    let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
    let base = try makeProject(Example.baseProject)
    var files = Example.baseProject
    files["screens/a.json"] = Example.screen(Example.grid, id: composed)
    files["screens/b.json"] = Example.screen(Example.grid, id: decomposed)
    files["screens/c.json"] = Example.screen(Example.grid, id: "tea")
    let head = try makeProject(files)
    var renamed = Example.baseProject
    renamed["screens/a.json"] = Example.screen(Example.grid, id: decomposed)
    let renamedBase = try makeProject(Example.baseProject.merging(["screens/a.json": Example.screen(Example.grid, id: composed)]) { $1 })
    let renamedHead = try makeProject(renamed)
    for dir in [base, head, renamedBase, renamedHead] { addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) } }
    let added = DiffStat(try XCTUnwrap(Driver.diff(base: base, head: head).report))
    XCTAssertEqual(added.rows.map(\.screen), [#"caf\u{E9}"#, #"cafe\u{301}"#, "tea"])
    XCTAssertEqual(added.rows.map(\.text), ["added", "added", "added"])
    let rename = DiffStat(try XCTUnwrap(Driver.diff(base: renamedBase, head: renamedHead).report))
    XCTAssertEqual(rename.rows.map(\.screen), [#"cafe\u{301}"#])
    XCTAssertEqual(rename.rows.map(\.text), [#"renamed from caf\u{E9}"#])
    // The HTML report: the added screens' pages and the renamed screen's card spell them out, and
    // so does the line that lists the added ones.
    let addedPages = try html(base: base, head: head)
    for id in [#"caf\u{E9}"#, #"cafe\u{301}"#] {
      XCTAssertEqual(addedPages.filter { $0.html.contains("<h1>\(id)</h1>") }.count, 1, id)
    }
    let addedChange = try XCTUnwrap(Driver.diff(base: base, head: head).report?.changes.first { $0.kind == .screenAdded })
    XCTAssertEqual(DiffWording.screens(addedChange), #"caf\u{E9}, cafe\u{301}, tea"#)
    let renamedIndex = try XCTUnwrap(try html(base: renamedBase, head: renamedHead).first?.html)
    XCTAssertTrue(renamedIndex.contains(#"<b>cafe\u{301}</b><small>renamed from caf\u{E9} to cafe\u{301}</small>"#), renamedIndex)
  }

  /// The pages of the HTML report of two projects, the index first.
  func html(base: String, head: String) throws -> [(path: String, html: String)] {
    let (before, after) = (DiffSide(project: Driver.check(base).project), DiffSide(project: Driver.check(head).project))
    return DiffHTML(base: before, head: after, report: ProjectDiff.compareByPlatform(before, after)).pages()
  }

  /// A list that gains a name in another form of one it had lists both: the new one added, the
  /// old one removed, each spelled out.
  func testAListNameInAnotherFormIsAddedAndRemoved() {
    var change = DiffChange(kind: .componentChanged, screens: ["home"])
    change.field = "tags"
    change.old = .array([.string("caf\u{E9}"), .string("tea")])
    change.new = .array([.string("cafe\u{301}"), .string("tea")])
    XCTAssertEqual(DiffWording.delta(change), #"+cafe\u{301} -caf\u{E9}"#)
    XCTAssertEqual(DiffWording.order(change).0, #"caf\u{E9}, tea"#)
    XCTAssertEqual(DiffWording.order(change).1, #"cafe\u{301}, tea"#)
  }
}
