import Foundation
import XCTest

/// Output that cannot mislead CI or a terminal (issue 15): a folder without a project fails, a
/// broken family hides nothing else, SARIF is anchored in the repository, control characters of
/// the input never reach the output raw, and carets land under the token.
final class MisleadingOutputTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = temporary()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: dir)
  }

  func write(_ relative: String, _ text: String) throws {
    let url = dir.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  // MARK: No project

  /// An empty folder, a folder of images and a mistyped path (a project's screens/ folder) fail
  /// `check` and `build` with ZL0112, say what zlc expected, and build writes nothing.
  func testAFolderWithoutAProjectFailsCheckAndBuild() throws {
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
    try write("images/logo.png", "\u{89}PNG")
    try write("images/poster.jpg", "JFIF")
    let project = try copyDemo(to: dir)
    let cases: [(folder: String, notes: [String])] = [
      ("empty", ["note: the folder is empty"]),
      ("images", ["note: the folder holds logo.png, poster.jpg, none of which zlc reads"]),
      (
        "manifests/screens",
        ["note: 'manifests/screens' looks like the screens/ folder of a project: check the folder that holds it ('manifests')"]
      ),
    ]
    for c in cases {
      let expected =
        "\(c.folder): error: no layout project in '\(c.folder)': zlc expected rivers.json or screens/*.json (the screens), with "
        + "components/*.json, families/*.xml or *.json, zlc.json and screen_types.json beside them, and found none of them [ZL0112]"
      let check = try zlc(["check", c.folder], cwd: dir)
      XCTAssertEqual(check.status, 1, c.folder)
      let lines = check.err.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.first, expected, check.err)
      for note in c.notes { XCTAssertTrue(lines.contains(note), check.err) }
      XCTAssertFalse(check.err.contains(": ok"), check.err)
      let output = dir.appendingPathComponent("out-\(c.folder.replacingOccurrences(of: "/", with: "-"))")
      let build = try zlc(["build", c.folder, "-o", output.path], cwd: dir)
      XCTAssertEqual(build.status, 1, c.folder)
      XCTAssertEqual(build.err.split(separator: "\n").first.map(String.init), expected, build.err)
      XCTAssertTrue(build.err.hasSuffix("not written: fix the errors above\n"), build.err)
      XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "\(c.folder): nothing is written")
    }
    // Every format says it too.
    let json = try zlc(["check", "empty", "--format", "json"], cwd: dir)
    XCTAssertEqual(json.status, 1)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let first = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(first["code"] as? String, "ZL0112")
    XCTAssertEqual(first["file"] as? String, "empty")
    // A folder with files zlc reads, but no screens.
    try write("parts/components/banner.json", #"{"identifier": "banner"}"#)
    let parts = try zlc(["check", "parts", "--format", "json"], cwd: dir)
    XCTAssertEqual(parts.status, 1)
    XCTAssertTrue(
      parts.out.contains(
        #""message": "no screens in 'parts': zlc expected rivers.json or screens/*.json, and found only components/banner.json""#),
      parts.out)
    // The screens/ folder given as `.` from inside it (Foundation's parent of `.` traps), as
    // `screens/.`, and a folder below it given as `..`: the folder to check instead is the one
    // that holds it, written from where zlc runs.
    let screens = dir.appendingPathComponent("manifests/screens")
    try FileManager.default.createDirectory(at: screens.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for (folder, cwd, parent) in [
      (".", screens, ".."), ("./", screens, ".."), ("manifests/screens/.", try XCTUnwrap(dir), "manifests"),
      ("..", screens.appendingPathComponent("sub"), "../.."),
    ] {
      let r = try zlc(["check", folder], cwd: cwd)
      XCTAssertEqual(r.status, 1, "\(folder): \(r.err)")
      XCTAssertTrue(
        r.err.contains("note: '\(folder)' looks like the screens/ folder of a project: check the folder that holds it ('\(parent)')"),
        r.err)
    }
    // A project folder that holds the project one level down says where it is.
    let root = try zlc(["check", "."], cwd: dir)
    XCTAssertEqual(root.status, 1)
    XCTAssertTrue(root.err.contains("note: './manifests' holds screens: did you mean that folder?"), root.err)
    _ = project
  }

  /// Screens files that hold no screen are no project either: the error stands at the first
  /// one's list, with a note naming them all; a screens file with errors is reported for its
  /// errors only.
  func testScreensFilesWithoutScreens() throws {
    try write("p/screens/a.json", "[]")
    let r = try zlc(["check", "p"], cwd: dir)
    XCTAssertEqual(r.status, 1)
    XCTAssertEqual(
      r.err,
      """
      p/screens/a.json:1:1: error: no screens in 'p': zlc expected at least one screen in screens/a.json, and found none [ZL0112]
        |
      1 | []
        | ^
      note: screens/a.json holds an empty list of screens
      1 error, 0 warnings in 1 file

      """)
    try write("p/screens/b.json", "\n  [ ]\n")
    try write("p/screens/c.json", #"{"rivers": []}"#)
    let two = try zlc(["check", "p", "--format", "json"], cwd: dir)
    XCTAssertEqual(two.status, 1)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(two.out.utf8)) as? [String: Any])
    let found = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(found["code"] as? String, "ZL0112")
    XCTAssertEqual([found["file"], found["line"], found["column"]].map { $0.map { "\($0)" } }, ["p/screens/a.json", "1", "1"])
    let notes = (found["notes"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
    XCTAssertEqual(notes, ["screens/a.json, screens/b.json, screens/c.json each hold an empty list of screens"])
    try FileManager.default.removeItem(at: dir.appendingPathComponent("p/screens/a.json"))
    let second = try zlc(["check", "p"], cwd: dir)
    XCTAssertTrue(second.err.hasPrefix("p/screens/b.json:2:3: error: no screens in 'p'"), second.err)
    try write("p/screens/a.json", "[")
    let broken = try zlc(["check", "p"], cwd: dir)
    XCTAssertEqual(broken.status, 1)
    XCTAssertFalse(broken.err.contains("ZL0112"), broken.err)
    XCTAssertTrue(broken.err.contains("[ZL0101]"), broken.err)
  }

  /// A bundle zlc built holds screens (`rivers.json`, `screens/`) but is no project: `check`,
  /// `build` and `preview` of it fail with one ZL0112 naming `zlc verify` (they read its files as
  /// a project, with a wall of unrelated errors); a folder of the same files without zlc's
  /// marker is read as a project.
  func testABundleZlcBuiltIsNoProject() throws {
    _ = try copyDemo(to: dir)
    XCTAssertEqual(try zlc(["build", "manifests", "-o", "out"], cwd: dir).status, 0)
    let expected =
      "out: error: 'out' holds a bundle zlc built, not a layout project: check the project it was built from, "
      + "or the bundle with zlc verify out [ZL0112]"
    for command in [["check", "out"], ["build", "out", "-o", "again"], ["preview", "out", "-o", "shown"]] {
      let r = try zlc(command, cwd: dir)
      XCTAssertEqual(r.status, 1, "\(command): \(r.err)")
      let errors = r.err.split(separator: "\n").filter { $0.contains("error:") }
      XCTAssertEqual(errors.map(String.init), [expected], "\(command)")
    }
    XCTAssertEqual(try zlc(["verify", "out"], cwd: dir).status, 0)
    // Its screens/ folder names the bundle; so does one platform's bundle of a build for several.
    let screens = try zlc(["check", "out/screens"], cwd: dir)
    XCTAssertTrue(
      screens.err.contains("note: 'out/screens' is the screens/ folder of a bundle zlc built: zlc verify out checks the bundle"),
      screens.err)
    XCTAssertEqual(try zlc(["init", "--template", "multi-platform", "two"], cwd: dir).status, 0)
    XCTAssertEqual(try zlc(["build", "two", "-o", "multi"], cwd: dir).status, 0)
    let platform = try zlc(["check", "multi/ios"], cwd: dir)
    XCTAssertEqual(
      platform.err.split(separator: "\n").filter { $0.contains("error:") }.map(String.init),
      [
        "multi/ios: error: 'multi/ios' holds a bundle zlc built, not a layout project: check the project it was built from, "
          + "or the bundle with zlc verify multi/ios [ZL0112]"
      ])
    try FileManager.default.removeItem(at: dir.appendingPathComponent("out/.zlc-output"))
    let unmarked = try zlc(["check", "out"], cwd: dir)
    XCTAssertFalse(unmarked.err.contains("holds a bundle zlc built"), unmarked.err)
  }

  // MARK: A broken family

  /// A malformed family is reported, and so is every error elsewhere; only references to families
  /// are not checked, and a note on the family's error says so.
  func testABrokenFamilyHidesNoOtherError() throws {
    let project = try copyDemo(to: dir)
    try FileManager.default.createDirectory(at: project.appendingPathComponent("families"), withIntermediateDirectories: true)
    try Data(#"<Family name="BROKEN"><Screens></Family>"#.utf8).write(to: project.appendingPathComponent("families/BROKEN.xml"))
    // A screen whose id is taken (a screens rule), with the broken family.
    try Data(#"[{"id": "home", "type": "general_content", "styles": {"family": "BROKEN"}}]"#.utf8)
      .write(to: project.appendingPathComponent("screens/extra.json"))
    try assertOnlyFamilyReferencesWait(status: 1, familyError: "ZL0109")
  }

  /// `zlc check` of the project in `dir` exits with `status`; the family file's error
  /// (`familyError`) notes that references to families wait, the screens' duplicate id (ZL0404)
  /// is still reported, and no reference to a family (ZL0301) is.
  func assertOnlyFamilyReferencesWait(status: Int32, familyError: String, line: UInt = #line) throws {
    let r = try zlc(["check", "manifests", "--format", "json"], cwd: dir)
    XCTAssertEqual(r.status, status, r.err, line: line)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
    let codes = diagnostics.compactMap { $0["code"] as? String }
    XCTAssertTrue(codes.contains("ZL0404"), "the screens are still checked: \(codes)", line: line)
    XCTAssertFalse(codes.contains("ZL0301"), "no family reference is reported while a family cannot be read", line: line)
    let error = try XCTUnwrap(diagnostics.first { $0["code"] as? String == familyError }, "the family's own error: \(codes)")
    let notes = (error["notes"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    XCTAssertTrue(
      notes.contains {
        $0.hasPrefix(
          "references to families (ZL0301, ZL0302, ZL0304-ZL0306, ZL0315, ZL0320, ZL0328, ZL0413, ZL0511, ZL0620) were not checked until this file can be read"
        )
      },
      "\(notes)", line: line)
  }

  /// A family file that cannot be read at all (a link that leaves the project) holds back only
  /// the references to families, as a malformed one does: every other error is still reported,
  /// and the note is on the file's read error. Before, every cross-file rule was skipped.
  func testAFamilyFileThatCannotBeReadHidesNoOtherError() throws {
    let project = try copyDemo(to: dir)
    let families = project.appendingPathComponent("families")
    try FileManager.default.createDirectory(at: families, withIntermediateDirectories: true)
    let outside = dir.appendingPathComponent("outside.json")
    try Data(#"{"name": "OUTSIDE"}"#.utf8).write(to: outside)
    try FileManager.default.createSymbolicLink(at: families.appendingPathComponent("link.json"), withDestinationURL: outside)
    try Data(#"[{"id": "home", "type": "general_content", "styles": {"family": "OUTSIDE"}}]"#.utf8)
      .write(to: project.appendingPathComponent("screens/extra.json"))
    try assertOnlyFamilyReferencesWait(status: 74, familyError: "ZL0100")
  }

  // MARK: SARIF

  /// In a repository, a project with a finding in a built-in family: the SARIF validates against
  /// the 2.1.0 schema, every result has a primary location relative to %SRCROOT% (the built-in
  /// family is a related location), every rule has a help link to its section of docs/rules.md.
  func testSarifOfABuiltinFamilyFindingIsAnchoredInTheRepository() throws {
    let schema = sharedFolder.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
    XCTAssertTrue(FileManager.default.fileExists(atPath: schema.path), "../shared/schemas beside the repository")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let project = try copyDemo(to: dir)
    let settings = project.appendingPathComponent("zlc.json")
    let text = try String(contentsOf: settings, encoding: .utf8)
    try text.replacingOccurrences(
      of: #"{ "name": "phone", "class": "phone", "width": 375 },"#,
      with: #"{ "name": "phone", "class": "phone", "width": 375 },"# + "\n" + #"    { "name": "watch", "class": "phone", "width": 4 },"#
    ).write(to: settings, atomically: true, encoding: .utf8)
    // An absolute path, from a folder inside the repository: URIs are still repository-relative.
    let r = try zlc(["check", project.path, "--format", "sarif"], cwd: project)
    XCTAssertEqual(r.status, 1, r.err)
    let sarif = dir.appendingPathComponent("out.sarif")
    try r.out.write(to: sarif, atomically: true, encoding: .utf8)
    let report = try python(
      """
      import json, sys, jsonschema
      log = json.load(open(sys.argv[1]))
      jsonschema.validate(log, json.load(open(sys.argv[2])))
      run = log["runs"][0]
      driver = run["tool"]["driver"]
      print(driver["informationUri"], driver["semanticVersion"], run["originalUriBaseIds"]["%SRCROOT%"]["uri"])
      print(all(r["helpUri"].startswith(driver["informationUri"] + "/blob/main/docs/rules.md#zl") for r in driver["rules"]))
      for result in run["results"]:
          loc = result["locations"][0]["physicalLocation"]
          related = [l["physicalLocation"]["artifactLocation"] for l in result.get("relatedLocations", [])]
          print(result["ruleId"], loc["artifactLocation"].get("uriBaseId"), loc["artifactLocation"]["uri"],
                loc.get("region", {}).get("startLine"), " ".join(a.get("uriBaseId", "") + ":" + a["uri"] for a in related))
      """, [sarif.path, schema.path])
    let lines = report.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "https://github.com/zapp-tools/zlc 0.1.0 file://\(dir.resolvingSymlinksInPath().path)/")
    XCTAssertEqual(lines.dropFirst().first, "True", "every rule has a helpUri into docs/rules.md")
    let results = lines.dropFirst(2)
    XCTAssertFalse(results.isEmpty)
    for line in results {
      XCTAssertTrue(line.hasPrefix("ZL0503 %SRCROOT% manifests/zlc.json 5 ZLC_FAMILIES:FAMILY_"), line)
    }
    // The anchors exist in docs/rules.md.
    let rules = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    XCTAssertTrue(rules.contains("\n### ZL0503 non-positive-width\n"))
  }

  /// A project folder whose name has a colon (`c:app`): its files' URIs stay relative references
  /// to %SRCROOT% (the colon encoded, `c%3Aapp/…`), not URIs of a scheme `c`.
  func testSarifURIOfAFolderWithAColonStaysRelative() throws {
    try FileManager.default.createDirectory(at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try write("c:app/screens/home.json", #"[{"id": "home", "type": "general_content", "home": true, "ui_components": [], "colour": 1}]"#)
    let r = try zlc(["check", "c:app", "--format", "sarif"], cwd: dir)
    XCTAssertEqual(r.status, 1, r.err)  // ZL0415 and ZL0204
    let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let artifacts = results.compactMap {
      (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
    }
    XCTAssertEqual(artifacts.count, 2, r.out)
    for artifact in artifacts {
      XCTAssertEqual(artifact, ["uri": "c%3Aapp/screens/home.json", "uriBaseId": "%SRCROOT%"])
      XCTAssertNil(URL(string: artifact["uri"] ?? "")?.scheme, "a relative reference")
    }
  }

  // MARK: Control characters

  /// ESC, CR, LF and NUL in ids and keys (as JSON escapes) never reach any output raw: text and
  /// annotations show them escaped, JSON and SARIF keep them as JSON escapes.
  func testControlCharactersInIdsAndKeysAreEscapedInEveryFormat() throws {
    let hostile = #"x\u001b[2J\r\ny\u0000"#
    try write(
      "p/screens/home.json",
      #"[{"id": "home", "type": "general_content", "home": true, "st\#(hostile)": {},"# + "\n"
        + #"  "navigations": [{"nav_items": [{"title": "t", "data": {"target": "to\#(hostile)"}}]}]}]"#)
    let shown = #"x\u{1B}[2J\u{D}\u{A}y\u{0}"#
    for format in ["text", "json", "sarif", "github"] {
      let r = try zlc(["check", "p", "--format", format], cwd: dir)
      XCTAssertEqual(r.status, 1, r.err)
      let output = format == "text" ? r.err : r.out
      for byte: UInt8 in [0x1B, 0x0D, 0x00] {
        XCTAssertFalse(Data(output.utf8).contains(byte), "\(format) holds byte \(byte) raw")
      }
      switch format {
      case "text":
        XCTAssertTrue(output.contains("p/screens/home.json:1:58: warning: unknown key 'st\(shown)' in screen [ZL0204]\n"), output)
        XCTAssertTrue(
          output.contains("p/screens/home.json:2:68: error: navigation target 'to\(shown)' is not the id of any screen"), output)
      case "github":
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
          XCTAssertTrue(line.hasPrefix("::"), "one command per line: \(line)")
        }
        XCTAssertTrue(output.contains("unknown key 'st\(shown)' in screen"), output)
      default:
        // The exact key survives, as JSON escapes.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let messages =
          format == "json"
          ? (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
          : ((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []).compactMap {
            ($0["message"] as? [String: Any])?["text"] as? String
          }
        XCTAssertTrue(messages.contains("unknown key 'stx\u{1B}[2J\r\ny\u{0}' in screen"), "\(format): \(messages)")
        XCTAssertTrue(output.contains(#"\u001b[2J\r\ny\u0000"#), output)
      }
    }
  }

  // MARK: Carets

  /// After wide characters (CJK, emoji) the caret lands under the token, and marks all of it.
  func testCaretAfterCJKTextLandsUnderTheWholeToken() throws {
    let grid = #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    try write(
      "p/screens/home.json",
      #"[{"name": "日本語のホーム 🎬", "id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMLY_1"},"#
        + "\n" + #" "ui_components": [\#(grid)]}]"#)
    let r = try zlc(["check", "p"], cwd: dir)
    XCTAssertEqual(r.status, 1)
    let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let source = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("1 | ") })
    let line = lines[source].dropFirst(4)
    let marks = lines[source + 1].dropFirst(4)
    // Display columns: each CJK character and the emoji take two.
    let token = #""FAMLY_1""#
    let before = String(line[..<line.range(of: token)!.lowerBound])
    let columns = before.reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x2E80 ? 2 : 1) }
    XCTAssertEqual(String(marks), String(repeating: " ", count: columns) + "^" + String(repeating: "~", count: token.count - 1))
    XCTAssertEqual(columns, before.count + 8, "seven CJK characters and one emoji")
  }

  /// A file that cannot be read (exit status 74) leaves the output unwritten as an error in a file
  /// does, and build, preview and generate say so on their last line.
  func testAFileThatCannotBeReadEndsWithNotWritten() throws {
    let project = try copyDemo(to: temporary().appendingPathComponent("unreadable"))
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("screens/gone.json").path, withDestinationPath: "nowhere.json")
    let output = temporary().appendingPathComponent("out")
    for arguments in [["build", project.path, "-o", output.path], ["preview", project.path, "-o", output.path]]
      + [["generate", "swift", project.path, "-o", output.path]]
    {
      let r = try zlc(arguments + ["--color", "never"])
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertTrue(r.err.contains("screens/gone.json"), r.err)
      XCTAssertTrue(r.err.hasSuffix("not written: fix the errors above\n"), r.err)
      XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), arguments[0])
    }
  }

  // MARK: Command line

  func testVersionSaysWhichCommitItWasBuiltFrom() throws {
    let r = try zlc(["--version"])
    XCTAssertEqual(r.status, 0)
    // A debug build (swift build) has no stamped commit; make release stamps it (ReleaseFilesTests).
    XCTAssertEqual(r.out, "0.1.0 (commit unknown: not built by make release)\n")
  }

  func testMapOffersOnlyTheFormatsItWrites() throws {
    let help = try zlc(["map", "--help"])
    XCTAssertTrue(help.out.contains("(values: text, json;"), help.out)
    XCTAssertFalse(help.out.contains("sarif"), help.out)
    let r = try zlc(["map", "show", "--project", "manifests", "--format", "sarif"])
    XCTAssertEqual(r.status, 64)
  }

  /// A feed's long text (an article as a child's title) is cut in the map's table, so that every
  /// row stays readable instead of as wide as the text.
  func testMapCellsOfLongTextAreCut() throws {
    let feed = temporary().appendingPathComponent("long.json")
    try FileManager.default.createDirectory(at: feed.deletingLastPathComponent(), withIntermediateDirectories: true)
    let title = String(repeating: "t", count: 5_000)
    try #"{"entry": [{"id": "a", "title": "\#(title)", "type": {"value": "feed"}}]}"#.write(to: feed, atomically: true, encoding: .utf8)
    let r = try zlc(["map", "show", "--project", "manifests", "--sender", feed.path, "--color", "never"])
    XCTAssertTrue(r.out.contains(String(repeating: "t", count: 150)), r.out)
    XCTAssertFalse(r.out.contains(String(repeating: "t", count: 201)), "a cell of the whole title")
    XCTAssertLessThan(r.out.split(separator: "\n").map(\.count).max() ?? 0, 600, r.out)
  }
}
