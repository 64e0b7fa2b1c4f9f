import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A component's `data.source` with spaces at its ends is sent as written, and fetches nothing
/// (ZL0203, with the trimmed source as its fix); spaces inside a source are kept.
final class DataSourceSpacesTests: XCTestCase {
  private func grid(_ source: String, type: String = "APPLICASTER_COLLECTION") -> String {
    #"{"component_type": "grid", "data": {"source": \#(source), "type": "\#(type)"}, "styles": {"cell_styles": ["GRID_1"]}}"#
  }
  private static let feed = "a client asks its feed service for the id with the spaces and gets nothing"

  /// An id or an address (a `WEB_URL`'s, a feed's) with spaces before or after it is an error at
  /// the value, with the trimmed source as its fix; a tab, a line break or U+00A0 at its ends is
  /// shown escaped.
  func testASourceWithSpacesAtItsEndsIsAnErrorWithTheTrimmedFix() throws {
    let address = "a client may load another address, or none"
    let cases: [(source: String, type: String, shown: String, trimmed: String, why: String)] = [
      (" 3119", "APPLICASTER_COLLECTION", " 3119", "3119", Self.feed),
      ("3119 ", "APPLICASTER_COLLECTION", "3119 ", "3119", Self.feed),
      (#"\t31 19\n"#, "APPLICASTER_CATEGORY", #"\u{9}31 19\u{A}"#, "31 19", Self.feed),
      ("3119\u{A0}", "APPLICASTER_COLLECTION", #"3119\u{A0}"#, "3119", Self.feed),
      (" https://news.example.com/t", "WEB_URL", " https://news.example.com/t", "https://news.example.com/t", address),
      ("https://news.example.com/t ", "WEB_URL", "https://news.example.com/t ", "https://news.example.com/t", address),
      (
        "https://feeds.example.com/a.xml ", "APPLICASTER_ATOM_FEED", "https://feeds.example.com/a.xml ", "https://feeds.example.com/a.xml",
        address
      ),
      (" tv://3119", "APPLICASTER_COLLECTION", " tv://3119", "tv://3119", address),
      (" 3119://", "APPLICASTER_COLLECTION", " 3119://", "3119://", Self.feed),
    ]
    for c in cases {
      try assertFindings(
        ["screens/o.json": Example.screen(grid("⟦ZL0203⟧\"\(c.source)\"", type: c.type))],
        ["screens/o.json": [("data source '\(c.shown)' has spaces at its ends: \(c.why)", [], "\"\(c.trimmed)\"")]])
      var files = Example.baseProject
      files["screens/o.json"] = Example.screen(grid("\"\(c.source)\"", type: c.type))
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }.map(\.severity), [.error], c.source)
      let outcome = Driver.fix(dir, dryRun: false)
      XCTAssertEqual(outcome.fixed.count, 1, c.source)
      assertDiagnostics(outcome.check.diagnostics, in: dir, [])
      let text = try String(contentsOfFile: dir + "/screens/o.json", encoding: .utf8)
      XCTAssertTrue(text.contains(#""source": "\#(c.trimmed)""#), text)
    }
  }

  /// Spaces inside a source, a source the client does not read (a favorites component's) and an
  /// empty one pass.
  func testSpacesInsideAndUnreadSourcesPass() throws {
    for (source, type) in [
      (#""31 19""#, "APPLICASTER_COLLECTION"), (#""https://news.example.com/a%20b""#, "WEB_URL"), (#""3119""#, "APPLICASTER_COLLECTION"),
      (#"" 3119""#, "APPLICASTER_FAVORITES"), (#""""#, "APPLICASTER_FAVORITES"),
    ] {
      try assertFindings(["screens/o.json": Example.screen(grid(source, type: type))], [:])
    }
  }

  /// A source of spaces alone is no source (ZL0401 on a root screen), a source on a connected
  /// screen is ZL0403's, and a `data.type` with spaces around it is an unknown type (ZL0402):
  /// ZL0203 adds no second finding at the value.
  func testValuesAnotherRuleReportsAreReportedOnce() throws {
    try assertFindings(
      ["screens/o.json": Example.screen(grid(#"⟦ZL0401⟧"   ""#))],
      ["screens/o.json": [("'grid' component on root screen 'other' has no data source", [], nil)]])
    let connected = Example.screen(grid(#"⟦ZL0403⟧" 1""#), extra: #", "data": {"connected": true}"#, id: "show")
    try assertFindings(
      ["screens/s.json": connected.replacingOccurrences(of: #""id": "show""#, with: #""id": ⟦ZL0408⟧"show""#)],
      [
        "screens/s.json": [
          (
            "nothing can open connected screen 'show': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen",
            [], nil
          ),
          (
            "component on connected screen 'show' has its own data source ' 1'; connected screens hand the sender's children to their components",
            [], nil
          ),
        ]
      ])
    let typed = Marked(
      Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": ⟦⟧"APPLICASTER_COLLECTION "}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    )
    var files = Example.baseProject
    files["screens/o.json"] = typed.text
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.check(dir).diagnostics.map(\.code), ["ZL0402"])
  }

  /// A mapped screen or a target with spaces around a screen's id is ZL0307's, with that id as a
  /// fix `--fix` applies, though another id (`shows`) is as near.
  func testAScreenIDWithSpacesAtItsEndsIsFixedToTheID() throws {
    let mapping = Marked(#"{"screen_types": {"show": ⟦⟧"show "}}"#)
    var files = Example.baseProject
    files["screen_types.json"] = mapping.text
    files["screens/s.json"] =
      "[" + ["show", "shows"].map { Example.screen(Example.grid, id: $0).dropFirst().dropLast() }.joined(separator: ", ") + "]"
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0307" }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0307", file: "screen_types.json", line: 1, column: mapping.markers[0].column,
          message: "mapped screen 'show ' is neither the id nor the name of any screen", notes: ["screen 'show' is defined here"],
          fixIt: #""show""#)
      ])
    XCTAssertNotNil(found.first?.fixIt?.range)
  }

  /// With `show` and `show ` both screens, `"show  "` and `" show "` are nearest `show ` and fixed
  /// to it, not to the id they trim to; with `shows ` a screen, `"show  "` is nearest it, one edit
  /// away where `show` is two, but as a hint: `shows` is `show` with a plural's `s`, another screen.
  func testATrimmedIDAnotherIDIsNearerThanIsNoFix() throws {
    for (ids, nearest) in [(["show", "show "], "show "), (["show", "shows "], "shows ")] {
      let mapping = Marked(#"{"screen_types": {"a": ⟦⟧"show  ", "b": ⟦⟧" show "}}"#)
      var files = Example.baseProject
      files["screen_types.json"] = mapping.text
      files["screens/s.json"] =
        "[" + ids.map { Example.screen(Example.grid, id: $0).dropFirst().dropLast() }.joined(separator: ", ") + "]"
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0307" }
      // `" show "` is as near `show` as `shows ` (two edits), so with `shows ` it holds `show`.
      let held = nearest == "show " ? nearest : "show"
      assertDiagnostics(
        found, in: dir,
        zip(mapping.markers, [("show  ", nearest), (" show ", held)]).map { marker, reference in
          DiagnosticSpec(
            code: "ZL0307", file: "screen_types.json", line: 1, column: marker.column,
            message: "mapped screen '\(reference.0)' is neither the id nor the name of any screen",
            notes: ["screen '\(reference.1)' is defined here"],
            fixIt: "\"\(reference.1)\"")
        })
      XCTAssertEqual(found.map { $0.fixIt?.range != nil }, [nearest == "show ", true], ids.description)
    }
  }
}
