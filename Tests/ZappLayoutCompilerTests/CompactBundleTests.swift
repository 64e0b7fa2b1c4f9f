import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// The compact bundle's `layouts` table: ids that depend only on an entry's bytes.
final class CompactBundleTests: XCTestCase {
  func files(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where path.hasSuffix(".json") {
      files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
    }
    return files
  }

  /// A screen that takes a new layout changes its own file, its hash and `layouts`; every other
  /// screen file, and every entry the first build had, stays byte for byte.
  func testChangingOneScreenChangesOnlyItsFileAndHash() throws {
    func project(otherStyle: String) -> [String: String] {
      let other = Example.grid.replacingOccurrences(of: "GRID_1", with: otherStyle)
      return [
        "screens/home.json": Example.home, "screens/o.json": Example.screen(other),
        "screens/t.json": Example.screen(Example.grid, id: "third"),
      ]
    }
    let before = try makeProject(project(otherStyle: "GRID_1"))
    let after = try makeProject(project(otherStyle: "GRID_2"))
    addTeardownBlock {
      try? FileManager.default.removeItem(atPath: before)
      try? FileManager.default.removeItem(atPath: after)
    }
    for dir in [before, after] { XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success) }
    let (old, new) = (try files(before + "/out"), try files(after + "/out"))
    XCTAssertEqual(Set(old.keys), ["bundle.json", "rivers.json", "screens/home.json", "screens/other.json", "screens/third.json"])
    XCTAssertEqual(Set(old.keys.filter { old[$0] != new[$0] }), ["bundle.json", "rivers.json", "screens/other.json"])
    let (oldIndex, newIndex) = (
      try BundleIndex(json: JSON.parse(old["bundle.json"]!)), try BundleIndex(json: JSON.parse(new["bundle.json"]!))
    )
    XCTAssertEqual(
      zip(oldIndex.screens, newIndex.screens).filter { $0.sha256 != $1.sha256 }.map(\.0.id), ["other"], "only its hash changed")
    XCTAssertTrue(Set(oldIndex.layouts).isSubset(of: Set(newIndex.layouts)), "every entry kept its id")
    XCTAssertEqual(newIndex.layouts.count, oldIndex.layouts.count + 1)
    XCTAssertEqual(newIndex.layouts.map(\.id), newIndex.layouts.map(\.id).sorted())
    XCTAssertTrue(newIndex.layouts.allSatisfy { $0.id.count == LayoutInterner.standardIDLength })
  }

  /// Entries whose ids would be the same get their whole digest, and the bundle is the same
  /// bundle: with one hex digit to an id, the demo's entries must share some.
  func testEntriesThatShareAnIDGetTheirWholeDigest() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests").path
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-ids-\(UUID().uuidString)").path
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    var short = BundleWriter.Options()
    short.layoutIDLength = 1
    XCTAssertEqual(Driver.build(demo, output: dir + "/standard").status, .success)
    XCTAssertEqual(Driver.build(demo, output: dir + "/short", bundle: short).status, .success)
    XCTAssertEqual(Driver.build(demo, output: dir + "/again", bundle: short).status, .success)
    let standard = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/standard"))
    let shortened = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/short"))
    XCTAssertGreaterThan(standard.index.layouts.count, 16, "more entries than one hex digit tells apart")
    XCTAssertEqual(shortened.index.layouts.count, standard.index.layouts.count)
    let long = shortened.index.layouts.filter { $0.id.count == 64 }
    XCTAssertFalse(long.isEmpty)
    XCTAssertTrue(shortened.index.layouts.allSatisfy { $0.id.count == 1 || $0.id.count == 64 })
    for entry in long { XCTAssertFalse(shortened.index.layouts.contains { $0.id == String(entry.id.prefix(1)) }, entry.id) }
    XCTAssertEqual(Set(shortened.index.layouts.map(\.value)), Set(standard.index.layouts.map(\.value)))
    for (a, b) in zip(try standard.screens, try shortened.screens) {
      XCTAssertEqual(a.encoded(form: .expanded), b.encoded(form: .expanded), a.id)
    }
    XCTAssertEqual(try files(dir + "/short"), try files(dir + "/again"), "deterministic")
  }

  /// Sections made alike (family, type, cell styles, layout, header and size class mapping)
  /// share one entry, named once; one that differs only in its mapping has entries of its own,
  /// and every compact section loads as its expanded form writes it.
  func testSectionsMadeAlikeShareAnEntryAndAMappingMakesItsOwn() throws {
    func mapped(_ mapping: String) -> String {
      Example.grid.replacingOccurrences(of: #""styles": {"#, with: #""size_class_mapping": {"L": \#(mapping)}, "styles": {"#)
    }
    let (hidden, listed) = (mapped(#""hide""#), mapped(#"{"component_type": "list", "cell_style": "LIST_1"}"#))
    var files = Example.baseProject
    files["zlc.json"] =
      #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    files["screens/o.json"] = Example.screen([Example.grid, hidden, Example.grid, listed, hidden].joined(separator: ", "))
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    let entry = try XCTUnwrap(compact.index.screens.first { $0.id == "other" })
    let written = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: dir + "/c/" + entry.file)))
    let refs = (written["resolved"]?["sections"]?.arrayValue ?? []).map { $0["layout_ref"]?.stringValue ?? "none" }
    XCTAssertEqual(refs.count, 5)
    XCTAssertEqual([refs[2], refs[4]], [refs[0], refs[1]])
    XCTAssertEqual(Set([refs[0], refs[1], refs[3]]).count, 3, "\(refs)")
    for (entry, screen) in zip(compact.index.screens, try compact.screens) {
      let expanded = try Data(contentsOf: URL(fileURLWithPath: dir + "/e/" + entry.file))
      XCTAssertEqual(screen.encoded(pretty: true, form: .expanded), Array(expanded), entry.id)
    }
  }

  /// Sections made alike that differ in what their entries do not hold (the card's colour from
  /// `styles`, a size class's item limit) share the entry and keep their own card and items.
  func testSectionsMadeAlikeKeepWhatTheirEntryDoesNotHold() throws {
    let mapped = Example.grid.replacingOccurrences(
      of: #""styles": {"#, with: #""size_class_mapping": {"L": {"component_type": "list", "cell_style": "LIST_1"}}, "styles": {"#)
    let own = mapped.replacingOccurrences(
      of: #""styles": {"#, with: ##""rules": {"item_limit_by_size_class": {"S": 4}}, "styles": {"backgroundColor": "#FF0000", "##)
    var files = Example.baseProject
    files["zlc.json"] =
      #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#
    files["screens/o.json"] = Example.screen([mapped, own].joined(separator: ", "))
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    let other = try XCTUnwrap(try compact.screens.first { $0.id == "other" })
    let (plain, red) = (other.resolved.sections[0], other.resolved.sections[1])
    XCTAssertNotNil(plain.layoutRef)
    XCTAssertEqual(plain.layoutRef, red.layoutRef)
    XCTAssertEqual(plain.sizeClassMapping.map(\.layoutRef), red.sizeClassMapping.map(\.layoutRef))
    XCTAssertNil(plain.cardStyle?.backgroundColor)
    XCTAssertEqual(red.cardStyle?.backgroundColor, "#FF0000")
    XCTAssertEqual(red.sizeClassMapping.first?.cardStyle?.backgroundColor, "#FF0000")
    XCTAssertEqual(plain.itemsShown.map(\.device), [])
    XCTAssertEqual(red.itemsShown.map(\.device), ["phone"])
    let expanded = try Data(contentsOf: URL(fileURLWithPath: dir + "/e/screens/other.json"))
    XCTAssertEqual(other.encoded(pretty: true, form: .expanded), Array(expanded))
  }
}

/// What a compact section leaves out: every derived key that derives back, and nothing else.
final class DerivedKeysTests: XCTestCase {
  static let derived = SectionBasis.keys

  /// Builds the files in both forms; returns the compact screens as written (by id) and asserts
  /// that loading the compact bundle gives the expanded one.
  func build(_ files: [String: String]) throws -> [String: JSON] {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return try build(project: dir, output: dir)
  }

  func build(project: String, output: String) throws -> [String: JSON] {
    XCTAssertEqual(Driver.build(project, output: output + "/c").status, .success)
    let expandedForm = BundleWriter.Options(form: .expanded, pretty: true)
    XCTAssertEqual(Driver.build(project, output: output + "/e", bundle: expandedForm).status, .success)
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: output + "/c"))
    let expanded = try ScreenBundle.load(from: URL(fileURLWithPath: output + "/e"))
    var written: [String: JSON] = [:]
    for (entry, screen) in zip(compact.index.screens, try compact.screens) {
      let file = try Data(contentsOf: URL(fileURLWithPath: output + "/e/" + entry.file))
      XCTAssertEqual(screen.encoded(pretty: true, form: .expanded), Array(file), entry.id)
      written[entry.id] = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: output + "/c/" + entry.file)))
    }
    XCTAssertEqual(try compact.screens.count, try expanded.screens.count)
    return written
  }

  func sections(_ screen: JSON?) -> [JSON] { screen?["resolved"]?["sections"]?.arrayValue ?? [] }

  /// The derived keys a compact section holds.
  func kept(_ section: JSON) -> [String] { Self.derived.filter { section[$0] != nil } }

  /// A plain own-bound grid keeps none of them.
  func testAPlainSectionKeepsNoDerivedKey() throws {
    let screens = try build(Example.baseProject)
    let section = try XCTUnwrap(sections(screens["other"]).first)
    XCTAssertEqual(kept(section), [])
    XCTAssertNotNil(section["layout_ref"])
    XCTAssertNil(section["renderer"], "held by the layouts entry")
  }

  /// `family`: a component's own family, other than its screen's, is kept.
  func testAFamilyOtherThanTheScreensIsKept() throws {
    let own = Example.grid.replacingOccurrences(of: #""cell_styles""#, with: #""family": "FAMILY_2", "cell_styles""#)
    let screens = try build(Example.baseProject.merging(["screens/o.json": Example.screen(own + ", " + Example.grid)]) { $1 })
    let other = sections(screens["other"])
    XCTAssertEqual(other.map(kept), [["family"], []])
    XCTAssertEqual(other[0]["family"], .string("FAMILY_2"))
    XCTAssertEqual(screens["other"]?["resolved"]?["family"], .string("FAMILY_1"))
  }

  /// `styles`: a manifest's `initial_value`s make them differ from the component's (the demo's
  /// promo banner): kept, and so is `data` of a component that takes none.
  func testStylesWithInitialValuesAndDataOfNoBindingAreKept() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-derived-\(UUID().uuidString)").path
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let screens = try build(project: repositoryRoot.appendingPathComponent("manifests").path, output: dir)
    let section = try XCTUnwrap(sections(screens["kids"]).first)
    XCTAssertEqual(kept(section), ["data", "styles"])
    XCTAssertEqual(section["styles"]?["banner_text"], .string("Watch now"))
    XCTAssertNil(screens["kids"]?["ui_components"]?.arrayValue?.first?["styles"]?["banner_text"], "the manifest's, not the component's")
    XCTAssertEqual(section["data"], .object([("binding", .string("none"))]))
  }

  /// `item_limit`: derived from a limit written as plain digits (a number or its text); one with a
  /// fraction or an exponent (`3.0`, `3e0`), which a reader may take for no whole number, is kept.
  func testALimitWrittenWithAFractionOrAnExponentIsKept() throws {
    let limits = [#"3"#, #""3""#, #"3.0"#, #"3e0"#, #"30E-1"#]
    let grids = limits.map { Example.grid.replacingOccurrences(of: #""styles""#, with: #""rules": {"item_limit": \#($0)}, "styles""#) }
    let screens = try build(Example.baseProject.merging(["screens/o.json": Example.screen(grids.joined(separator: ", "))]) { $1 })
    let other = sections(screens["other"])
    XCTAssertEqual(other.map(kept), [[], [], ["item_limit"], ["item_limit"], ["item_limit"]])
    XCTAssertEqual(other.dropFirst(2).map { $0["item_limit"] }, Array(repeating: .number("3"), count: 3))
  }

  /// `data` of a connected screen (the sender's child) is kept.
  func testDataFromTheSenderIsKept() throws {
    let grid = #"{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#
    let connected = Example.screen(grid + ", " + grid, extra: #", "data": {"connected": true}"#)
    let screens = try build(Example.baseProject.merging(["screens/o.json": connected]) { $1 })
    XCTAssertEqual(sections(screens["other"]).map(kept), [["data"], ["data"]])
    XCTAssertEqual(sections(screens["other"])[1]["data"]?["child"], .number("1"))
  }

  /// `component`: a path other than the one after the previous section's (past an empty group) is
  /// kept; a group's children, and what follows them, are derived.
  func testAComponentPathThatDoesNotFollowIsKept() throws {
    let emptyGroup = #"{"component_type": "group", "ui_components": []}"#
    let group = #"{"component_type": "group", "ui_components": [\#(Example.grid), \#(Example.grid)]}"#
    let screens = try build(
      Example.baseProject.merging(["screens/o.json": Example.screen([emptyGroup, group, Example.grid].joined(separator: ", "))]) { $1 })
    let other = sections(screens["other"])
    XCTAssertEqual(other.map(kept), [["component"], [], []])
    XCTAssertEqual(other[0]["component"], .array([.number("1"), .number("0")]))
  }

  /// A reader takes what a section holds over what it would derive: a value, or `null` for none.
  func testAHeldValueWinsOverTheDerivedOne() throws {
    let dir = try makeProject(Example.baseProject.merging(["screens/o.json": Example.screen(Example.gridOpening("home"))]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(Driver.build(dir, output: dir + "/c").status, .success)
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    let file = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: dir + "/c/screens/other.json")))
    func loaded(_ extra: [(String, JSON)]) throws -> ResolvedSection {
      guard case .object(var members) = file, let r = members.firstIndex(where: { $0.0 == "resolved" }),
        case .object(var resolved) = members[r].1, let s = resolved.firstIndex(where: { $0.0 == "sections" }),
        case .array(let list) = resolved[s].1, case .object(let keys) = list[0]
      else { throw BundleDecodingError(path: "", message: "not a screen") }
      resolved[s].1 = .array([.object(keys + extra)])
      members[r].1 = .object(resolved)
      let screen = try ResolvedScreen(json: .object(members), layouts: bundle.index.layoutTable)
      return try XCTUnwrap(screen.resolved.sections.first)
    }
    let derived = try loaded([])
    XCTAssertEqual(derived.componentType, "grid")
    XCTAssertEqual(derived.data, DataBinding(binding: .own, source: "1", type: "APPLICASTER_COLLECTION"))
    XCTAssertEqual(derived.cellStyles, ["GRID_1"])
    XCTAssertEqual(derived.family, "FAMILY_1")
    XCTAssertEqual(derived.target, "home")
    let held = try loaded([
      ("component_type", .string("list")), ("family", .null), ("target", .null), ("item_limit", .number("5")), ("section", .number("0")),
    ])
    XCTAssertEqual(held.componentType, "list")
    XCTAssertNil(held.family)
    XCTAssertNil(held.target)
    XCTAssertEqual(held.itemLimit, 5)
    XCTAssertEqual(held.section, 0)
    XCTAssertEqual(held.cellStyles, ["GRID_1"], "what it does not hold is still derived")
    // A held `section` is the section's position all the same.
    XCTAssertThrowsError(try loaded([("section", .number("4"))])) { error in
      XCTAssertEqual("\(error)", "resolved.sections[0].section: 4 is not the section's position, 0")
    }
  }
}
