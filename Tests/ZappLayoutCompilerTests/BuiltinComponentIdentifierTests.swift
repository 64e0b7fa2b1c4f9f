import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// A ui_component plugin whose identifier is a built-in component type is never drawn: clients
/// draw the built-in. zlc warns at the manifest's identifier (ZL0619) and builds the type as the
/// built-in, so its components keep their data and their geometry is checked.
final class BuiltinComponentIdentifierTests: XCTestCase {
  /// A manifest in the `components/NAME/manifests/PLATFORM.json` layout with this identifier (marked).
  static func manifest(_ identifier: String, _ extra: String = "") -> Marked {
    Marked(Example.manifest(#", "platform": "ios""# + extra, identifier: "⟦⟧" + identifier))
  }

  /// A hero with a data source, drawn with `cell` (marked at its type).
  static func hero(cell: String = "HERO_CELL_1") -> String {
    #"{"component_type": ⟦⟧"hero", "data": {"source": "3119", "type": "APPLICASTER_COLLECTION"}, "styles": {"layout": "HERO_1", "cell_styles": ["\#(cell)"]}}"#
  }

  /// The base project for `ios`, with the screen `other` (of `family`) holding a hero, and `files`.
  func project(_ files: [String: String], hero: String = hero(), family: String = "FAMILY_1") throws -> (
    dir: String, screen: Marked
  ) {
    let screen = Marked(Example.screen(hero).replacingOccurrences(of: "FAMILY_1", with: family))
    let dir = try makeProject(
      Example.baseProject.merging(files) { $1 }.merging([
        "zlc.json": #"{"platforms": {"ios": {}}}"#, "screens/o.json": screen.text,
      ]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, screen)
  }

  /// The sections of screen `other` in the bundle `zlc build` writes.
  func builtSections(_ dir: String) throws -> [ResolvedSection] {
    let out = dir + "/build"
    let outcome = Driver.build(dir, output: out)
    XCTAssertEqual(outcome.status, .success, outcome.diagnostics.map(\.message).joined(separator: "\n"))
    XCTAssertEqual(BundleVerifier.verify(out).problems.map(\.message), [String]())
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    return try XCTUnwrap(try bundle.screen(id: "other")).resolved.sections
  }

  func testAPluginNamedHeroIsWarnedAboutAndTheHeroKeepsItsData() throws {
    let manifest = Self.manifest("hero", #", "styles": {"fields": [{"key": "title", "type": "text_input"}]}"#)
    let (dir, screen) = try project(["components/hero/manifests/ios.json": manifest.text])
    let outcome = Driver.check(dir)
    let found = outcome.diagnostics
    // The editor, the preview and the generated client code know no plugin 'hero'.
    XCTAssertEqual(EditorKnowledge.componentTypes(in: outcome.project).filter { $0 == "hero" }, ["hero"])
    XCTAssertNil(PreviewRenderer.pluginNames(of: outcome.project)["hero"])
    XCTAssertEqual(ClientAPI(project: outcome.project, platform: "ios").plugins.map(\.name.wire), [])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0619", file: "components/hero/manifests/ios.json", line: manifest.markers[0].line,
          column: manifest.markers[0].column,
          message:
            "ui_component plugin 'hero' has the identifier of a built-in component type: clients draw the built-in 'hero', never this plugin, and zlc builds type 'hero' as the built-in without this manifest",
          notes: ["component 'hero' of screen 'other' is drawn as the built-in 'hero'"])
      ])
    XCTAssertEqual(found.first?.severity, .warning)
    let note = try XCTUnwrap(found.first?.notes.first?.spot?.location)
    XCTAssertEqual(note.file, dir + "/screens/o.json")
    XCTAssertEqual(note.line, screen.markers[0].line)
    XCTAssertEqual(note.column, screen.markers[0].column)
    let sections = try builtSections(dir)
    XCTAssertEqual(sections.map(\.data), [DataBinding(binding: .own, source: "3119", type: "APPLICASTER_COLLECTION")])
    XCTAssertEqual(sections.first?.layoutAbsent, nil)
  }

  /// Each manifest of the plugin is a note of the one warning.
  func testThePluginsOtherManifestsAreNotes() throws {
    let android = Marked(Example.manifest(#", "platform": "android""#, identifier: "hero"))
    let (dir, _) = try project([
      "components/hero/manifests/ios.json": Self.manifest("hero").text,
      "components/hero/manifests/android.json": android.text,
    ])
    let found = Driver.check(dir).diagnostics
    XCTAssertEqual(found.map(\.code), ["ZL0619"])
    XCTAssertEqual(
      found.first?.notes.map(\.message),
      ["component 'hero' of screen 'other' is drawn as the built-in 'hero'", "another manifest of plugin 'hero'"])
    XCTAssertEqual(found.first?.location?.file, dir + "/components/hero/manifests/android.json")
    XCTAssertEqual(found.first?.notes.last?.spot?.location.file, dir + "/components/hero/manifests/ios.json")
  }

  /// The hero is laid out as the built-in: a cell style with no item height is ZL0511's.
  func testTheHerosGeometryIsStillChecked() throws {
    let family =
      #"<Family name="F"><Components><HeroComponent name="HERO" layout="paged"><Layout name="HERO_1" kind="paged"/><Cell name="H"><Screens><Screen type="sw600" aspectCellRatio="1.5"/></Screens></Cell></HeroComponent></Components></Family>"#
    let files = ["components/x.json": Self.manifest("hero").text, "families/f.xml": family]
    let (dir, _) = try project(files, hero: Self.hero(cell: "H"), family: "F")
    let found = Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" }
    XCTAssertEqual(
      found.filter { !$0.hasPrefix("ZL0619") },
      [
        "ZL0511 cell style 'H' of family 'F' has no item height on device 'phone' (375 wide): its items would be 375 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight"
      ])
  }

  /// The hero is checked as the built-in: one that names no cell style is ZL0304's, where the
  /// plugin's manifest would have left it to lay itself out.
  func testAHeroWithoutCellStylesIsStillAnError() throws {
    let hero =
      #"{"component_type": ⟦⟧"hero", "data": {"source": "3119", "type": "APPLICASTER_COLLECTION"}, "styles": {"layout": "HERO_1"}}"#
    let (dir, screen) = try project(["components/x.json": Self.manifest("hero").text], hero: hero)
    let found = Driver.check(dir).diagnostics.filter { $0.code != "ZL0619" }
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0304", file: "screens/o.json", line: screen.markers[0].line, column: screen.markers[0].column,
          message:
            "component 'hero' names no cell style in 'styles.cell_styles', so its items would have no size (family 'FAMILY_1' offers HERO_CELL_1, HERO_CELL_2 for 'hero')"
        )
      ])
  }

  /// A plugin of an identifier of its own is quiet and drawn as the plugin; the hero keeps its data.
  func testAPluginOfItsOwnIdentifierIsQuiet() throws {
    let own = Example.manifest(#", "platform": "ios""#, identifier: "hero_banner")
    let component = #"{"component_type": "hero_banner"}"#
    let (dir, _) = try project(["components/hero_banner/manifests/ios.json": own], hero: Self.hero() + ", " + component)
    XCTAssertEqual(Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" }, [])
    let sections = try builtSections(dir)
    XCTAssertEqual(
      sections.map(\.data),
      [DataBinding(binding: .own, source: "3119", type: "APPLICASTER_COLLECTION"), DataBinding(binding: .none)])
  }
}
