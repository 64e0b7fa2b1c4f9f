import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Files and folders named near an input, which zlc does not read (ZL0122), and the names beside
/// the inputs that stay silent.
final class MisnamedInputTests: XCTestCase {
  /// Top-level names near an input's: a folder's typo or singular, a file's stem or extension.
  func testTopLevelNamesNearAnInput() {
    let near: [(String, String, Bool)] = [
      ("familes", "families", true), ("family", "families", true), ("Family", "families", true), ("famlies", "families", true),
      ("screen", "screens", true), ("screns", "screens", true), ("component", "components", true),
      ("compnents", "components", true), ("registry", "registries", true), ("registires", "registries", true),
      ("screen_type.json", "screen_types.json", false), ("ScreenTypes.json", "screen_types.json", false),
      ("screen-types.json", "screen_types.json", false), ("screen_types.jsn", "screen_types.json", false),
      ("river.json", "rivers.json", false), ("rivers.json.txt", "rivers.json", false), ("zlc.json5", "zlc.json", false),
      ("zlc.jsonc", "zlc.json", false), ("zcl.json", "zlc.json", false), ("screen_type.jsn", "screen_types.json", false),
      ("screen_types.json ", "screen_types.json", false), ("zlc.json\t", "zlc.json", false), ("zlc.json.", "zlc.json", false),
      ("screen_types.json\u{A0}", "screen_types.json", false), ("rivers.json . ", "rivers.json", false),
    ]
    for (name, input, isFolder) in near {
      let found = ProjectLoader.nearInput(atTop: name)
      XCTAssertEqual(found?.name, input, name)
      XCTAssertEqual(found?.isFolder, isFolder, name)
    }
  }

  /// Names a project may hold beside its inputs, the inputs themselves, and names two edits from a
  /// short input name (`tiers.json`, `scenes`), numbered copies (`screens 2`): none is a near miss.
  func testOtherTopLevelNamesAreNotNearAnInput() {
    let names = [
      "README.md", "docs", "doc", ".git", ".github", ".vscode", "node_modules", "feeds", "build", "dist", "out", "output", "assets",
      "images", "fonts", "scripts", "schemas", "screenshots", "src", "tests", "fixtures", "templates", "layouts", "plugins", "themes",
      "styles", "examples", "samples", "package.json", "package-lock.json", "tsconfig.json", "Makefile", "LICENSE", "CHANGELOG.md",
      "zlc.sarif", "zlc.yaml", "rivers.json.bak", "rivers.json.orig", "rivers.json~", "screen_types.json.old", "app.json",
      "settings.json", "config.json", "manifest.json", "manifests", "tiers.json", "timers.json", "covers.json", "users.json",
      "layers.json", "screen_sizes.json", "screen_names.json", "scenes", "registers", "comments", "contents", "zlc.json",
      "ZLC.json", "screen_types.json", "Rivers.json", "screens", "Components", "families", "registries", ".zlc.json", "rivers",
      "zlc", "screens.json", "my.rivers.json", "screens2", "screens 2", "families_3", "rivers2.json", "rivers 2.json", "zlc2.json",
    ]
    for name in names {
      XCTAssertNil(ProjectLoader.nearInput(atTop: name).map(\.name), name)
    }
  }

  /// A file's extension near its folder's, or `.txt` added to it; any other name is no near miss.
  func testExtensionsNearAnInputFolders() {
    let json = ["json"]
    let family = ["xml", "json"]
    let near: [(String, [String], String)] = [
      ("FAMILY_2.jsn", family, "FAMILY_2.json"), ("FAMILY_2.json.txt", family, "FAMILY_2.json"),
      ("FAMILY_1.xml.txt", family, "FAMILY_1.xml"), ("FAMILY_1.xlm", family, "FAMILY_1.xml"), ("home.josn", json, "home.json"),
      ("home.jason", json, "home.json"), ("home.JSN", json, "home.json"), ("home.json5", json, "home.json"),
      ("home.son", json, "home.json"), ("home.json ", json, "home.json"), ("home.json.", json, "home.json"),
      ("FAMILY_1.xml\t", family, "FAMILY_1.xml"), ("FAMILY_1.json\u{A0}", family, "FAMILY_1.json"),
    ]
    for (name, extensions, corrected) in near {
      XCTAssertEqual(ProjectLoader.nearMiss(ofFile: name, extensions: extensions), corrected, name)
    }
    for name in [
      "README.md", "notes.txt", "home.json.bak", "home.json.orig", "home.json~", "#home.json#", "home.js", "home", "home.",
      "logo.png", "Thumbs.db", "home.yaml", "home.xml", "index.ts", "FAMILY_1.html", "home ", "home.md ", ". ",
    ] {
      XCTAssertNil(ProjectLoader.nearMiss(ofFile: name, extensions: json), name)
    }
    XCTAssertNil(ProjectLoader.nearMiss(ofFile: "FAMILY_1.xsd", extensions: family))
  }

  /// A check of a project with a misspelled folder, settings-like file and family extension: a
  /// finding at each path, with the name zlc reads as a hint; the family in `familes/` is not the
  /// project's. Beside the input a name is near (`families/`, `STUDIO.json`), a warning: it may be
  /// a copy; without it (`screen_types.json`, `FAMILY_3.json`, `extra.json`), an error: the
  /// project lacks what it holds.
  func testACheckWarnsAtEachMisnamedInput() throws {
    let family = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_2.json"), encoding: .utf8)
    let studio = family.replacingOccurrences(of: #""name": "FAMILY_2""#, with: #""name": "STUDIO""#)
    let dir = try makeProject(
      Example.baseProject.merging([
        "familes/FAMILY_2.json": family, "screen_type.json": "{}", "families/FAMILY_3.jsn": family, "families/notes.md": "",
        "screens/home.json.bak": "[]", "screens/extra.json ": "[]", "families/STUDIO.json": studio, "families/STUDIO.json.": studio,
      ]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let found = outcome.diagnostics.filter { $0.code == "ZL0122" }
    XCTAssertEqual(
      found.map { "\($0.severity) \($0.path ?? "-") \($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" },
      [
        "warning \(dir)/familes - 'familes/' is not read: zlc reads 'families/'",
        "error \(dir)/families/FAMILY_3.jsn - 'families/FAMILY_3.jsn' is not read: files in families/ end in .xml or .json, and no 'FAMILY_3.json' stands beside it",
        "warning \(dir)/families/STUDIO.json. - 'families/STUDIO.json.' is not read: files in families/ end in .xml or .json",
        "error \(dir)/screen_type.json - 'screen_type.json' is not read: zlc reads 'screen_types.json', which the project lacks",
        "error \(dir)/screens/extra.json  - 'screens/extra.json ' is not read: files in screens/ end in .json, and no 'extra.json' stands beside it",
      ])
    XCTAssertEqual(
      found.map { "\($0.fixIt?.message ?? "-") \($0.fixIt?.replacement ?? "-") \($0.fixIt?.range == nil)" },
      [
        "did you mean 'families'? families true", "did you mean 'FAMILY_3.json'? FAMILY_3.json true",
        "did you mean 'STUDIO.json'? STUDIO.json true",
        "did you mean 'screen_types.json'? screen_types.json true", "did you mean 'extra.json'? extra.json true",
      ])
    XCTAssertEqual(outcome.diagnostics.filter { $0.code != "ZL0122" }.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(outcome.project.familyDefinitions.map(\.family.name), ["STUDIO"])
  }

  /// What stands beside a misnamed input decides: a copy beside the input it is near (case
  /// ignored), a near miss of `screens/` in a project whose screens are in `rivers.json` (and the
  /// other way round), and a format of its own (`.jsonl`) are warnings; nothing is an error.
  func testAMisnamedInputBesideWhatItIsNearIsAWarning() throws {
    var files = Example.baseProject
    let screens = files.keys.filter { $0.hasPrefix("screens/") }
    let rivers = "[" + screens.sorted().map { String(files[$0]!.dropFirst().dropLast()) }.joined(separator: ", ") + "]"
    for path in screens { files[path] = nil }
    files["rivers.json"] = rivers
    files["screen/.keep"] = ""
    files["components/notes.jsonl"] = "{}"
    files["components/Copy.json"] = files["components/" + "x.json"] ?? Example.manifest("", identifier: "copy")
    files["components/copy.json.txt"] = "{}"
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0122" }
    XCTAssertEqual(
      found.map { "\($0.severity) \($0.path.map { String($0.dropFirst(dir.count + 1)) } ?? "-")" },
      ["warning components/copy.json.txt", "warning components/notes.jsonl", "warning screen"])
  }
}
