import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// ZL0339: a name that reads as its declaration but has other bytes (one Unicode form for the
/// other) is an error, as clients compare names by their bytes; the same bytes are clean.
final class NameInAnotherFormTests: XCTestCase {
  /// FAMILY_1 renamed `FAMÍLIA`, with the cell style `GRÉLHA` and the header `HÉADER`, each
  /// written with one character for the accented letter.
  static func family() throws -> String {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_1.xml"), encoding: .utf8)
    return text.replacingOccurrences(of: #"name="FAMILY_1""#, with: "name=\"FAM\u{CD}LIA\"")
      .replacingOccurrences(of: #"name="GRID_1""#, with: "name=\"GR\u{C9}LHA\"")
      .replacingOccurrences(of: #"name="HEADER_1""#, with: "name=\"H\u{C9}ADER\"")
  }

  /// A screen of that family with a grid of its cell style and header, and a data source type
  /// `zlc.json` declares as `TÍPO`: each name as `spell` writes its accented letter.
  static func screen(_ spell: (String) -> String) -> String {
    let grid =
      #"{"component_type": "grid", "data": {"source": "1", "type": ⟦ZL0339⟧"\#(spell("TI"))PO"}, "styles": {"cell_styles": [⟦ZL0339⟧"\#(spell("GRE"))LHA"], "header": {"visible": true, "style": ⟦ZL0339⟧"\#(spell("HE"))ADER"}}}"#
    return
      #"[{"id": "other", "type": "general_content", "styles": {"family": ⟦ZL0339⟧"\#(spell("FAMI"))LIA"}, "ui_components": [\#(grid)]}]"#
  }

  func testANameInAnotherFormThanItsDeclarationIsAnError() throws {
    // JSON escapes: the letter, then a combining acute accent (U+0301).
    let decomposed = Self.screen { $0 + #"\u0301"# }
    let message = { (kind: String, written: String, declared: String) in
      "\(kind) '\(written)' is \(kind) '\(declared)' in another Unicode form: clients compare names by their bytes"
    }
    try assertFindings(
      [
        "families/f.xml": try Self.family(), "zlc.json": "{\"data_types\": [\"T\u{CD}PO\"]}",
        "screens/o.json": decomposed,
      ],
      [
        "screens/o.json": [
          (message("family", #"FAMI\u{301}LIA"#, #"FAM\u{cd}LIA"#), ["declared here"], "\"FAM\u{CD}LIA\""),
          (message("data source type", #"TI\u{301}PO"#, #"T\u{cd}PO"#), [], "\"T\u{CD}PO\""),
          (message("cell style", #"GRE\u{301}LHA"#, #"GR\u{c9}LHA"#), ["declared here"], "\"GR\u{C9}LHA\""),
          (message("header style", #"HE\u{301}ADER"#, #"H\u{c9}ADER"#), ["declared here"], "\"H\u{C9}ADER\""),
        ]
      ])
  }

  func testTheSameBytesAreClean() throws {
    let composed = Self.screen { $0.dropLast() + ["I": "\u{CD}", "E": "\u{C9}"][String($0.last!)]! }.replacingOccurrences(
      of: "⟦ZL0339⟧", with: "")
    try assertFindings(
      ["families/f.xml": try Self.family(), "zlc.json": "{\"data_types\": [\"T\u{CD}PO\"]}", "screens/o.json": composed], [:])
  }

  /// A screen plugin's type and a nav item plugin's type are found by clients by their bytes too.
  func testAScreenOrNavItemPluginTypeInAnotherFormIsAnError() throws {
    let screenPlugin = Example.manifest(#", "screen": true"#, identifier: #"p\u00e4rental"#, type: "general")
    let navItem = Example.manifest("", identifier: #"\u00e9pisodes"#, type: "nav_item")
    let screen =
      #"[{"id": "other", "type": ⟦ZL0339⟧"pa\u0308rental", "navigations": [{"category": "menu", "nav_items": [{"title": "E", "type": ⟦ZL0339⟧"e\u0301pisodes", "data": {"target": "home"}}]}]}]"#
    let message = { (kind: String, written: String, declared: String) in
      "\(kind) '\(written)' is the manifest's identifier '\(declared)' in another Unicode form: clients compare names by their bytes"
    }
    try assertFindings(
      ["components/s.json": screenPlugin, "components/n.json": navItem, "screens/o.json": screen],
      [
        "screens/o.json": [
          (message("screen type", #"pa\u{308}rental"#, #"p\u{e4}rental"#), ["declared here"], "\"p\u{E4}rental\""),
          (message("nav item type", #"e\u{301}pisodes"#, #"\u{e9}pisodes"#), ["declared here"], "\"\u{E9}pisodes\""),
        ]
      ])
  }

  /// A data source type `zlc.json` declares in both forms is either: written in one, it is that one.
  func testADataTypeDeclaredInBothFormsIsEither() throws {
    let screen = Self.screen { $0.dropLast() + ["I": "\u{CD}", "E": "\u{C9}"][String($0.last!)]! }.replacingOccurrences(
      of: "⟦ZL0339⟧", with: ""
    ).replacingOccurrences(of: "T\u{CD}PO", with: #"TI\u0301PO"#)
    try assertFindings(
      ["families/f.xml": try Self.family(), "zlc.json": "{\"data_types\": [\"T\u{CD}PO\", \"TI\u{301}PO\"]}", "screens/o.json": screen], [:]
    )
  }

  /// A size class in `size_class_mapping` or a size-class rule is found by clients by its bytes:
  /// one written in another form than `zlc.json` declares it is an error; the same bytes are clean.
  func testASizeClassInAnotherFormThanZlcJSONIsAnError() throws {
    let settings = #"{"size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "caf\u00e9", "min_width": 600}]}"#
    let grid = { (mapping: String, limits: String) in
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "#
        + #""size_class_mapping": {\#(mapping)}, "rules": {"item_limit_by_size_class": {\#(limits)}}}"#
    }
    let message = #"size class 'cafe\u{301}' is size class 'caf\u{e9}' in another Unicode form: clients compare names by their bytes"#
    try assertFindings(
      [
        "zlc.json": settings,
        "screens/o.json": Example.screen(
          grid(#"⟦ZL0339⟧"cafe\u0301": "hide""#, #"⟦ZL0339⟧"cafe\u0301": 2, "S": 1"#) + ", "
            + grid(#""S": "hide""#, #""S": 3"#)),
      ],
      [
        "screens/o.json": [
          (message, ["declared here"], "\"caf\u{E9}\""), (message, ["declared here"], "\"caf\u{E9}\""),
        ]
      ])
    try assertFindings(
      ["zlc.json": settings, "screens/o.json": Example.screen(grid(#""caf\u00e9": "hide""#, #""caf\u00e9": 2"#))], [:])
  }

  /// Two size classes or two devices of `zlc.json` whose names read alike are one name twice, and
  /// the message spells both out.
  func testZlcJSONNamesInTwoFormsAreSpelledOut() throws {
    let settings = #"""
      {"size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "caf\u00e9", "min_width": 600, "max_width": 900},
        {"name": ⟦ZL0508⟧"cafe\u0301", "min_width": 900}],
       "devices": [{"name": "t\u00e9l", "class": "phone", "width": 375}, {"name": ⟦ZL0205⟧"te\u0301l", "class": "tablet", "width": 1024}]}
      """#
    try assertFindings(
      ["zlc.json": settings],
      [
        "zlc.json": [
          (#"size class 'café' is defined twice: 'cafe\u{301}' is 'caf\u{e9}' in another Unicode form"#, ["first defined here"], nil),
          (#"device 'tél' is listed twice: 'te\u{301}l' is 't\u{e9}l' in another Unicode form"#, ["first listed here"], nil),
        ]
      ])
  }

  /// The bundle of a fixed project asks for one renderer where the types' two forms asked for two.
  func testAComponentTypeInAnotherFormIsFixedToTheManifestsIdentifier() throws {
    let manifest = Example.manifest("", identifier: "promo_b\u{E4}nner")
    let screen = Example.screen(#"{"component_type": ⟦ZL0339⟧"promo_ba\u0308nner"}, {"component_type": "promo_b\u00e4nner"}"#)
    try assertFindings(
      ["components/p.json": manifest, "screens/o.json": screen],
      [
        "screens/o.json": [
          (
            #"component type 'promo_ba\u{308}nner' is the manifest's identifier 'promo_b\u{e4}nner' in another Unicode form: clients compare names by their bytes"#,
            ["declared here"], "\"promo_b\u{E4}nner\""
          )
        ]
      ])
    var files = Example.baseProject
    files["components/p.json"] = manifest
    files["screens/o.json"] = Marked(screen).text
    files["zlc.json"] = #"{"platforms": {"ios": {}}}"#
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .inputErrors)
    XCTAssertEqual(Driver.fix(dir, dryRun: false).fixed.map(\.path), [dir + "/screens/o.json"])
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success)
    let index = try JSON.parse(Data(contentsOf: URL(fileURLWithPath: dir + "/out/bundle.json")))
    let types = index["required_renderers"]?.arrayValue?.first?["component_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
    XCTAssertEqual(types.filter { $0.hasPrefix("promo") }.map { Array($0.utf8) }, [Array("promo_b\u{E4}nner".utf8)])
  }
}
