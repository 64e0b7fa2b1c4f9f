import XCTest

@testable import ZappLayoutCompiler

/// Each rule with a failing case (exactly its own diagnostics, at the marked positions) and a
/// passing case (the fix: no diagnostic at all). Cases are small projects over a clean base.
final class RuleTests: XCTestCase {
  static let home = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
      "navigations": [{"category": "menu", "nav_items": [{"title": "Other", "data": {"target": "other"}}]}]}]
    """

  func screen(_ components: String, extra: String = "", id: String = "other") -> String {
    #"[{"id": "\#(id)", "type": "general_content", "styles": {"family": "FAMILY_1"}\#(extra), "ui_components": [\#(components)]}]"#
  }

  let grid =
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#

  struct Case {
    var code: String
    var bad: [String: String]
    var good: [String: String]
  }

  var cases: [Case] {
    [
      Case(
        code: "ZL0204",
        bad: [
          "screens/o.json": screen(#"{"component_type": "grid", ‸"stlyes": {}, "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#)
        ], good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0203", bad: ["screens/o.json": screen(grid, extra: #", "rules": {"refresh": ‸"sometimes"}"#)],
        good: ["screens/o.json": screen(grid, extra: #", "rules": {"refresh": "pull"}"#)]),
      Case(
        code: "ZL0202", bad: ["screens/o.json": screen(grid, extra: #", "home": ‸3"#)],
        good: ["screens/o.json": screen(grid, extra: #", "home": "false""#)]),
      Case(
        code: "ZL0301",
        bad: ["screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": ‸"FAMILY_9"}, "ui_components": []}]"#],
        good: ["screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_2"}, "ui_components": []}]"#]),
      Case(
        code: "ZL0303",
        bad: ["screens/o.json": screen(#"{"component_type": ‸"gird", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#)],
        good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0304",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [‸"LIST_1"]}}"#
          )
        ], good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0305",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"layout": ‸"HERO_9"}}"#)
        ],
        good: [
          "screens/o.json": screen(
            #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"layout": "HERO_1"}}"#)
        ]),
      Case(
        code: "ZL0306",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"header": {"style": ‸"HEADER_7"}}}"#
          )
        ],
        good: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"header": {"style": "No Header"}}}"#
          )
        ]),
      Case(
        code: "ZL0307",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": ‸"hom"}}"#)
        ],
        good: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "home"}}"#)
        ]),
      Case(
        code: "ZL0401", bad: ["screens/o.json": screen(#"{"component_type": "grid", "data": {"source": ‸"", "type": ""}}"#)],
        good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0402",
        bad: ["screens/o.json": screen(#"{"component_type": "grid", "data": {"source": "1", "type": ‸"APPLICASTER_COLECTION"}}"#)],
        good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0404",
        bad: [
          "screens/o.json": screen(grid),
          "screens/p.json": #"[{"id": ‸"other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#,
        ], good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0406", bad: ["screens/o.json": screen(grid, extra: #", "home": ‸true"#)],
        good: ["screens/o.json": screen(grid, extra: #", "home": false"#)]),
      Case(
        code: "ZL0409",
        bad: ["screens/o.json": screen(grid), "screens/q.json": #"[{"id": ‸"lost", "type": "favorites", "ui_components": []}]"#],
        good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0410",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": ‸"six"}}"#)
        ],
        good: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": "6"}}"#)
        ]),
      Case(
        code: "ZL0412",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "group", "ui_components": [{"component_type": ‸"group", "ui_components": [\#(grid)]}]}"#)
        ], good: ["screens/o.json": screen(#"{"component_type": "group", "ui_components": [\#(grid)]}"#)]),
      Case(
        code: "ZL0413",
        bad: [
          "screens/o.json":
            #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}}, {"component_type": ‸"html_ticker", "data": {"source": "2", "type": "WEB_URL"}}]}]"#
        ],
        good: [
          "screens/o.json":
            #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}}]}]"#
        ]),
      Case(
        code: "ZL0403",
        bad: ["screens/o.json": screen(#"{"component_type": "grid", "data": {"source": ‸"1"}}"#, extra: #", "data": {"connected": true}"#)],
        good: ["screens/o.json": screen(#"{"component_type": "grid", "data": {"source": ""}}"#, extra: #", "data": {"connected": true}"#)]),
      Case(
        code: "ZL0312", bad: ["screens/o.json": #"[{"id": "other", "type": ‸"setings", "ui_components": []}]"#],
        good: ["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]),
      Case(
        code: "ZL0601", bad: ["components/m.json": #"‸{"identifier": "x", "type": "ui_component"}"#],
        good: ["components/m.json": Self.manifest("")]),
      Case(
        code: "ZL0602", bad: ["components/m.json": Self.manifest(#", ‸"latest_version": "1""#)],
        good: ["components/m.json": Self.manifest("")]),
      Case(
        code: "ZL0604", bad: ["components/m.json": Self.manifest(#", "targets": [‸"phone"]"#)],
        good: ["components/m.json": Self.manifest(#", "targets": ["tv"]"#)]),
      Case(
        code: "ZL0605", bad: ["components/m.json": Self.manifest(#", "ui_frameworks": [‸"react"]"#)],
        good: ["components/m.json": Self.manifest(#", "ui_frameworks": ["native"]"#)]),
      Case(
        code: "ZL0607", bad: ["components/m.json": Self.manifest(#", "styles": {"fields": [{"key": "a", "type": ‸"text_imput"}]}"#)],
        good: ["components/m.json": Self.manifest(#", "styles": {"fields": [{"key": "a", "type": "text_input"}]}"#)]),
      Case(
        code: "ZL0608",
        bad: [
          "components/m.json": Self.manifest(
            #", "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "text_input", "conditional_fields": [{"key": ‸"styles/c", "condition_value": true}]}]}"#
          )
        ],
        good: [
          "components/m.json": Self.manifest(
            #", "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "text_input", "conditional_fields": [{"key": "styles/a", "condition_value": true}]}]}"#
          )
        ]),
      Case(
        code: "ZL0501", bad: ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" padding=‸"-1"/></Screens></Family>"#],
        good: ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" padding="1"/></Screens></Family>"#]),
      Case(
        code: "ZL0503",
        bad: [
          "families/f.xml":
            #"<Family name="F"><Screens><Screen type="default" divider="60"/></Screens><Components><Component type="grid" columns="8"><Cell name=‸"G"/></Component></Components></Family>"#
        ],
        good: [
          "families/f.xml":
            #"<Family name="F"><Screens><Screen type="default" divider="6"/></Screens><Components><Component type="grid" columns="8"><Cell name="G"/></Component></Components></Family>"#
        ]),
      Case(
        code: "ZL0505",
        bad: [
          "families/f.xml":
            #"<Family name="F"><Screens><Screen type="default" padding="10" divider="10"/></Screens><Components><Component type="grid" columns="2"><Cell name="G"><Screens><Screen type="default" designWidth=‸"150"/></Screens></Cell></Component></Components></Family>"#
        ],
        good: [
          "families/f.xml":
            #"<Family name="F"><Screens><Screen type="default" padding="10" divider="10"/></Screens><Components><Component type="grid" columns="2"><Cell name="G"><Screens><Screen type="default" designWidth="145"/></Screens></Cell></Component></Components></Family>"#
        ]),
      Case(
        code: "ZL0506", bad: ["families/f.xml": #"<Family name="F"><Screens><Screen type="sw600" responsive=‸"true"/></Screens></Family>"#],
        good: [
          "families/f.xml":
            #"<Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" responsive="true"/></Screens></Family>"#
        ]),
      Case(
        code: "ZL0201", bad: ["screens/o.json": screen(#"‸{"styles": {"cell_styles": ["GRID_1"]}}"#)],
        good: ["screens/o.json": screen(grid)]),
      Case(
        code: "ZL0302",
        bad: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": ‸"FAMILY_2", "cell_styles": ["GRID_1"]}}"#
          )
        ],
        good: [
          "screens/o.json": screen(
            #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}"#
          )
        ]),
      Case(
        code: "ZL0308",
        bad: [
          "screens/o.json": screen(Self.gridOpening("p"), extra: #", "name": "Details""#),
          "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
          "screen_types.json": #"{"screen_types": {"show": ‸"Details"}}"#,
        ],
        good: [
          "screens/o.json": screen(Self.gridOpening("p"), extra: #", "name": "Details""#),
          "screens/p.json": #"[{"id": "p", "name": "Details", "type": "favorites", "ui_components": []}]"#,
          "screen_types.json": #"{"screen_types": {"show": "p"}}"#,
        ]),
      Case(
        code: "ZL0309",
        bad: [
          "screens/o.json":
            #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": ‸"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]"#
        ],
        good: [
          "screens/o.json":
            #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]"#
        ]),
      Case(
        code: "ZL0310", bad: ["families/FAMILY_1.xml": Self.builtinFamily1(marked: true)],
        good: [
          "families/MY_FAMILY.xml": Self.builtinFamily1(marked: false).replacingOccurrences(
            of: #"name="FAMILY_1""#, with: #"name="MY_FAMILY""#)
        ]),
      Case(
        code: "ZL0311", bad: ["families/a.xml": #"<Family name="MY"/>"#, "families/b.json": #"{"name": ‸"MY"}"#],
        good: ["families/a.xml": #"<Family name="MY"/>"#, "families/b.json": #"{"name": "MINE"}"#]),
      Case(
        code: "ZL0405",
        bad: [
          "screens/home.json": Self.home.replacingOccurrences(
            of: #"[{"id": "home", "name": "Home", "type": "general_content", "home": true"#,
            with: #"[‸{"id": "home", "name": "Home", "type": "general_content", "home": false"#),
          "screens/o.json": screen(Self.gridOpening("home")),
        ], good: ["screens/o.json": screen(Self.gridOpening("home"))]),
      Case(
        code: "ZL0407",
        bad: [
          "screens/home.json": Self.home.replacingOccurrences(of: #""home": true"#, with: #""home": ‸true, "data": {"connected": true}"#)
            .replacingOccurrences(of: #""source": "1", "type": "APPLICASTER_COLLECTION""#, with: #""source": "", "type": """#)
        ],
        good: [
          "screens/home.json": Self.home.replacingOccurrences(of: #""home": true"#, with: #""home": true, "data": {"connected": false}"#)
        ]),
      Case(
        code: "ZL0408",
        bad: ["screens/q.json": #"[{"id": ‸"lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}]"#],
        good: [
          "screens/q.json": #"[{"id": "lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}]"#,
          "screen_types.json": #"{"screen_types": {"lost": "lost"}}"#,
        ]),
      Case(
        code: "ZL0411",
        bad: [
          "components/m.json": Self.manifest(#", "characteristics": {"appearance": ["screen"]}"#),
          "screens/o.json": screen(#"{"component_type": "group", "ui_components": [{"component_type": ‸"x"}]}"#),
        ],
        good: [
          "components/m.json": Self.manifest(#", "characteristics": {"appearance": ["group", "screen"]}"#),
          "screens/o.json": screen(#"{"component_type": "group", "ui_components": [{"component_type": "x"}]}"#),
        ]),
      Case(
        code: "ZL0414",
        bad: [
          "components/s.json": Self.manifest(#", "screen": true"#, identifier: "settings_screen", type: "general"),
          "screens/o.json":
            #"[{"id": "other", "type": "settings_screen", "styles": {"family": "FAMILY_1"}, "ui_components": ‸[\#(grid)]}]"#,
        ],
        good: [
          "components/s.json": Self.manifest(#", "screen": true"#, identifier: "settings_screen", type: "general"),
          "screens/o.json": #"[{"id": "other", "type": "settings_screen", "ui_components": []}]"#,
        ]),
      Case(
        code: "ZL0502",
        bad: [
          "families/f.xml":
            #"<Family name="F"><Components><Component type="grid" columns=‸"0"><Cell name="G"/></Component></Components></Family>"#
        ],
        good: [
          "families/f.xml":
            #"<Family name="F"><Components><Component type="grid" columns="2"><Cell name="G"/></Component></Components></Family>"#
        ]),
      Case(
        code: "ZL0504",
        bad: ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" aspectCellRatio=‸"0"/></Screens></Family>"#],
        good: ["families/f.xml": #"<Family name="F"><Screens><Screen type="default" aspectCellRatio="1.78"/></Screens></Family>"#]),
      Case(
        code: "ZL0603", bad: ["components/m.json": Self.manifest("", version: "‸latest")],
        good: ["components/m.json": Self.manifest("", version: "0.1.0-alpha1")]),
      Case(
        code: "ZL0606", bad: ["components/m.json": Self.manifest(""), "components/n.json": Self.manifest("", identifier: "‸x")],
        good: ["components/m.json": Self.manifest(""), "components/n.json": Self.manifest("", identifier: "y")]),
      Case(
        code: "ZL0609", bad: ["components/m.json": Self.manifest("", type: "‸component")],
        good: ["components/m.json": Self.manifest("", type: "ui_component")]),
      Case(
        code: "ZL0102", bad: ["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []‸,}]"#],
        good: ["screens/o.json": #"[{"id": "other", "type": "favorites", "ui_components": []}]"#]),
    ]
  }

  /// A manifest zappifest accepts; `‸` may mark a spot inside the version, identifier or type.
  static func manifest(_ extra: String, version: String = "1.0.0", identifier: String = "x", type: String = "ui_component") -> String {
    let quote = { (s: String) in s.hasPrefix("‸") ? "‸\"" + s.dropFirst() + "\"" : "\"" + s + "\"" }
    return
      #"{"author_name": "a", "author_email": "a@b.c", "manifest_version": \#(quote(version)), "name": "N", "description": "D", "identifier": \#(quote(identifier)), "type": \#(quote(type)), "min_zapp_sdk": "1.0", "ui_builder_support": true\#(extra)}"#
  }

  /// A grid whose items open `target`.
  static func gridOpening(_ target: String) -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "\#(target)"}, "styles": {"cell_styles": ["GRID_1"]}}"#
  }

  /// The built-in FAMILY_1 as a project file, optionally with `‸` where ZL0310 points.
  static func builtinFamily1(marked: Bool) -> String {
    let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_1.xml"), encoding: .utf8)) ?? ""
    return marked ? text.replacingOccurrences(of: #"<Family name="FAMILY_1""#, with: #"<Family name=‸"FAMILY_1""#) : text
  }

  func run(_ files: [String: String]) throws -> ([Diagnostic], [String: [(line: Int, column: Int)]]) {
    var clean: [String: String] = ["screens/home.json": Self.home, "screens/o.json": screen(grid)]
    var markers: [String: [(Int, Int)]] = [:]
    for (path, text) in files {
      let m = Marked(text)
      clean[path] = m.text
      if !m.positions.isEmpty { markers[path] = m.positions }
    }
    let dir = try makeProject(clean)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let relative = outcome.diagnostics.map { d -> Diagnostic in d }
    var byFile: [String: [(Int, Int)]] = [:]
    for (path, positions) in markers { byFile[dir + "/" + path] = positions }
    return (relative, byFile)
  }

  func testEveryRuleCaseFailsThenPasses() throws {
    for c in cases {
      let (bad, markers) = try run(c.bad)
      let expected = markers.flatMap { file, positions in
        positions.map { "\(c.code)@\((file as NSString).lastPathComponent):\($0.line):\($0.column)" }
      }.sorted()
      let actual = bad.filter { $0.severity != .note || $0.code == c.code }.map {
        "\($0.code)@\((($0.location?.file ?? $0.path ?? "") as NSString).lastPathComponent):\($0.location?.line ?? 0):\($0.location?.column ?? 0)"
      }.sorted()
      XCTAssertEqual(actual, expected, "\(c.code) bad case: \(bad.map { "\($0.code) \($0.message)" })")
      let (good, _) = try run(c.good)
      XCTAssertEqual(good.filter { $0.severity != .note }.map { "\($0.code) \($0.message)" }, [], "\(c.code) good case")
    }
  }

  /// Tests/Fixtures/defects.marked: a project with one defect per rule `check` reports. Every
  /// defect is reported at its own line and column, and nothing else is.
  func testDefectsFixtureReportsEachDefectAndNothingElse() throws {
    let marked = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/defects.marked"), encoding: .utf8)
    var files: [String: String] = [:]
    var expected: [String] = []
    var current: String?
    var lines: [Substring] = []
    func finish() {
      guard let path = current else { return }
      // Markers are ⟦CODE⟧ placed where the diagnostic points; columns count characters.
      var text = ""
      var line = 1
      var column = 1
      var rest = Substring(lines.joined(separator: "\n") + "\n")
      while let open = rest.firstIndex(of: "⟦") {
        let close = rest[open...].firstIndex(of: "⟧")!
        for ch in rest[..<open].unicodeScalars {
          if ch == "\n" {
            line += 1
            column = 1
          } else {
            column += 1
          }
        }
        text += rest[..<open]
        expected.append("\(rest[rest.index(after: open)..<close])@\(path):\(line):\(column)")
        rest = rest[rest.index(after: close)...]
      }
      files[path] = text + rest
    }
    for line in marked.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("=== ") {
        finish()
        current = String(line.dropFirst(4))
        lines = []
      } else if current != nil {
        lines.append(line)
      }
    }
    finish()
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let actual = outcome.diagnostics.map { d -> String in
      let path = String((d.location?.file ?? d.path ?? "").dropFirst(dir.count + 1))
      return "\(d.code)@\(path):\(d.location?.line ?? 0):\(d.location?.column ?? 0)"
    }
    XCTAssertEqual(actual.sorted(), expected.sorted(), outcome.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
    // One defect per rule, and every rule but the documented exceptions.
    let codes = expected.map { String($0.prefix(6)) }
    XCTAssertEqual(codes.count, Set(codes).count, "one defect per rule")
    let exceptions: Set = [
      "ZL0100", "ZL0101", "ZL0106", "ZL0108", "ZL0109", "ZL0110", "ZL0111", "ZL0112", "ZL0405", "ZL0701", "ZL0702", "ZL0703", "ZL0704",
      "ZL0705",
    ]
    XCTAssertEqual(Set(codes).union(exceptions), Set(Rule.all.map(\.code)))
  }

  func testDemoChecksClean() {
    let outcome = Driver.check(repositoryRoot.appendingPathComponent("manifests").path)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertGreaterThanOrEqual(outcome.project.screens.count, 10)
  }

  func testDocsRulesMatchesTheCatalogue() throws {
    let onDisk = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    XCTAssertEqual(onDisk, Driver.rulesMarkdown(), "docs/rules.md is stale: run make docs")
    XCTAssertEqual(Set(Rule.all.map(\.code)).count, Rule.all.count, "codes are unique")
  }
}
