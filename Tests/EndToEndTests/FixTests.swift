import CExtendedAttributes
import Foundation
import XCTest

/// `zlc check --fix`: the did-you-mean fix-its applied in place, what is left reported; with
/// `--dry-run`, a patch that `patch -p1` applies, and no file touched.
final class FixTests: XCTestCase {
  var dir: URL!
  var project: URL!
  var demo: [String: Data] = [:]

  override func setUpWithError() throws {
    dir = temporary()
    project = try copyDemo(to: dir)
    demo = try snapshot(project)
    try edit("screens/home.json") {
      $0.replacingOccurrences(of: #""component_type": "hero""#, with: #""component_type": "heroo""#)
        .replacingOccurrences(of: #""cell_styles": ["GRID_1", "GRID_2"]"#, with: #""cell_styles": ["GRIID_1", "GRID_2"]"#)
    }
    try edit("screens/show.json") {
      $0.replacingOccurrences(of: #""target": "season""#, with: #""target": "seasno""#)
    }
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func edit(_ path: String, _ change: (String) -> String) throws {
    let url = project.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let changed = change(text)
    XCTAssertNotEqual(changed, text, path)
    try changed.write(to: url, atomically: true, encoding: .utf8)
  }

  func testFixLeavesAProjectOfTyposCheckingClean() throws {
    XCTAssertEqual(try zlc(["check", "manifests"], cwd: dir).status, 1)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertTrue(
      fixed.err.contains(#"fixed manifests/screens/home.json: did you mean 'hero'? replace '"heroo"' with '"hero"'; "#), fixed.err)
    XCTAssertTrue(fixed.err.contains("fixed manifests/screens/show.json: did you mean 'season'?"), fixed.err)
    XCTAssertTrue(fixed.err.hasSuffix("manifests: ok, 0 errors, 0 warnings in 13 files\n"), fixed.err)
    XCTAssertEqual(try snapshot(project), demo, "the fixes restore the demo exactly")
  }

  /// Far more fixes of one code in one file than a check keeps (100): rounds go on until all are made.
  func testFixMakesEveryFixPastTheCapOfOneCheck() throws {
    let component =
      #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "seasno"}, "styles": {"cell_styles": ["GRID_1"]}}"#
    let screen =
      #"[{"id": "many", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Array(repeating: component, count: 450).joined(separator: ",\n"))]}]"#
    try screen.write(to: project.appendingPathComponent("screens/many.json"), atomically: true, encoding: .utf8)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    let text = try String(contentsOf: project.appendingPathComponent("screens/many.json"), encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: #""target": "season""#).count - 1, 450, fixed.err)
    XCTAssertFalse(text.contains("seasno"))
  }

  func testDryRunPrintsAPatchAndWritesNothing() throws {
    let broken = try snapshot(project)
    let dry = try zlc(["check", "manifests", "--fix", "--dry-run"], cwd: dir)
    XCTAssertEqual(dry.status, 1, "the problems are still there")
    XCTAssertEqual(try snapshot(project), broken, "nothing was written")
    XCTAssertTrue(dry.out.hasPrefix("--- a/manifests/screens/home.json\n+++ b/manifests/screens/home.json\n@@ "), dry.out)
    XCTAssertTrue(dry.err.contains("[ZL0303]"), dry.err)
    let patch = dir.appendingPathComponent("fix.patch")
    try dry.out.write(to: patch, atomically: true, encoding: .utf8)
    let applied = try run(["patch", "-p1", "-i", patch.path], cwd: dir)
    XCTAssertEqual(applied.status, 0, applied.out + applied.err)
    XCTAssertEqual(try snapshot(project), demo, "the patch is the fix")
  }

  /// However the project is named (an absolute path, `.` inside it), the patch names its files
  /// by the project folder's name, so `patch -p1` beside the project applies it.
  func testThePatchNamesFilesByTheProjectFolder() throws {
    for (argument, cwd) in [(project.path, URL(fileURLWithPath: "/")), (".", project!)] {
      let dry = try zlc(["check", argument, "--fix", "--dry-run"], cwd: cwd)
      XCTAssertEqual(dry.status, 1, dry.err)
      XCTAssertTrue(dry.out.hasPrefix("--- a/manifests/screens/home.json\n+++ b/manifests/screens/home.json\n@@ "), argument + dry.out)
    }
  }

  func testDryRunGoesWithFix() throws {
    let alone = try zlc(["check", "manifests", "--dry-run"], cwd: dir)
    XCTAssertEqual(alone.status, 64)
    XCTAssertTrue(alone.err.hasPrefix("Error: --dry-run goes with --fix\nUsage: zlc check "), alone.err)
  }

  /// `--dry-run` is `zlc check`'s: `zlc build` neither offers it in its help nor takes it, and
  /// says so with its own usage.
  func testBuildNeitherOffersNorTakesDryRun() throws {
    let checkHelp = try zlc(["check", "--help"], cwd: dir)
    XCTAssertTrue(checkHelp.out.contains("--dry-run"), checkHelp.out)
    let buildHelp = try zlc(["build", "--help"], cwd: dir)
    XCTAssertEqual(buildHelp.status, 0)
    XCTAssertTrue(buildHelp.out.contains("--fix"), buildHelp.out)
    XCTAssertFalse(buildHelp.out.contains("--dry-run"), buildHelp.out)
    let before = try snapshot(project)
    for arguments in [["build", "manifests", "--fix", "--dry-run"], ["build", "manifests", "--dry-run"]] {
      let refused = try zlc(arguments + ["-o", "out"], cwd: dir)
      XCTAssertEqual(refused.status, 64, refused.err)
      XCTAssertTrue(refused.err.hasPrefix("Error: Unknown option '--dry-run'\nUsage: zlc build "), refused.err)
    }
    XCTAssertEqual(try snapshot(project), before, "nothing fixed")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "nothing built")
  }

  func testBuildFixFixesThenBuilds() throws {
    let built = try zlc(["build", "manifests", "--fix", "-o", "out"], cwd: dir)
    XCTAssertEqual(built.status, 0, built.err)
    XCTAssertTrue(built.err.contains("fixed manifests/screens/home.json"), built.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/bundle.json").path))
  }

  /// While a family has an error no fix-it mends, its names are not all known: the fix-its that
  /// rename references to its names wait, so a correct `GRID_2` is not renamed to `GRID_1`, and
  /// the output says which file they wait for.
  func testABrokenFamilyHoldsBackTheFixesOfTheScreens() throws {
    let family = project.appendingPathComponent("families/FAMILY_1.xml")
    try FileManager.default.createDirectory(at: family.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_1.xml"), encoding: .utf8)
    try text.replacingOccurrences(of: #"<Cell name="GRID_2""#, with: #"<Cell nme="GRID_2""#)
      .write(to: family, atomically: true, encoding: .utf8)
    let screens = try snapshot(project.appendingPathComponent("screens"))
    let held = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(held.status, 1, held.err)
    XCTAssertFalse(held.err.contains("fixed "), held.err)
    XCTAssertTrue(
      held.err.contains(
        "not fixed: the fix-its of other files wait for the errors of 'families/FAMILY_1.xml', whose names are not all known yet\n"),
      held.err)
    XCTAssertEqual(try snapshot(project.appendingPathComponent("screens")), screens, "no screen was touched")
    try text.write(to: family, atomically: true, encoding: .utf8)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertTrue(fixed.err.contains("fixed manifests/screens/home.json"), fixed.err)
    XCTAssertEqual(
      try snapshot(project.appendingPathComponent("screens")),
      demo.filter { $0.key.hasPrefix("screens/") }.reduce(into: [:]) {
        $0[String($1.key.dropFirst("screens/".count))] = $1.value
      })
  }

  /// A family's `<Screen type>` names a size class of `zlc.json`: while `zlc.json` has an error
  /// that may leave one unread, the family's fix-its wait too, so a correct `splitview` is not
  /// renamed to the state `split_view`; with `zlc.json` mended, the family is clean and nothing is
  /// renamed.
  func testABrokenZlcJSONHoldsBackTheFixesOfAFamily() throws {
    let family = project.appendingPathComponent("families/FAMILY_1.xml")
    try FileManager.default.createDirectory(at: family.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_1.xml"), encoding: .utf8)
    let written = text.replacingOccurrences(
      of: #"<Screen type="sw600" aspectCellRatio="0.9" paddingSide="10" columns="3"/>"#,
      with: #"<Screen type="sw600" aspectCellRatio="0.9" paddingSide="10" columns="3"/><Screen type="splitview" columns="5"/>"#)
    XCTAssertNotEqual(written, text)
    try written.write(to: family, atomically: true, encoding: .utf8)
    let classes =
      #""size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600, "max_width": 900}, {"name": "splitview", "min_width": 900}],"#
    try edit("zlc.json") { $0.replacingOccurrences(of: #""app": "Riverflix","#, with: #""app": "Riverflix", "# + classes) }
    let clean = try zlc(["check", "manifests"], cwd: dir)
    XCTAssertFalse(clean.err.contains("splitview"), clean.err)
    try edit("zlc.json") { $0.replacingOccurrences(of: #""max_width": 600},"#, with: #""max_width": 600}"#) }
    let held = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(held.status, 1, held.err)
    XCTAssertFalse(held.err.contains("fixed manifests/families"), held.err)
    XCTAssertTrue(
      held.err.contains("not fixed: the fix-its of other files wait for the errors of 'zlc.json', whose names are not all known yet\n"),
      held.err)
    XCTAssertEqual(try String(contentsOf: family, encoding: .utf8), written)
    // A misspelled `size_classes` key leaves them unread too (its own fix is made; the family's waits).
    try edit("zlc.json") {
      $0.replacingOccurrences(of: #""max_width": 600}"#, with: #""max_width": 600},"#)
        .replacingOccurrences(of: #""size_classes""#, with: #""size_clases""#)
    }
    let misspelled = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertFalse(misspelled.err.contains("fixed manifests/families"), misspelled.err)
    XCTAssertEqual(try String(contentsOf: family, encoding: .utf8), written)
  }

  /// An error that names a use of a name, as a mapping to a screen no project has, leaves every
  /// name of its file known: the fixes of the screens are made, and only the mapping is left.
  /// An error that may leave a name unread, a device of the wrong shape, still holds them back.
  func testAMappingToAMissingScreenHoldsBackNoFix() throws {
    try edit("screen_types.json") { $0.replacingOccurrences(of: #""movie": "Movie""#, with: #""movie": "nothing-like-it""#) }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertFalse(fixed.err.contains("not fixed"), fixed.err)
    XCTAssertTrue(fixed.err.contains("manifests/screen_types.json:5:14: error: mapped screen 'nothing-like-it'"), fixed.err)
    XCTAssertTrue(fixed.err.contains("1 error, 0 warnings in 13 files"), fixed.err)
    XCTAssertEqual(try snapshot(project).filter { $0.key.hasPrefix("screens/") }, demo.filter { $0.key.hasPrefix("screens/") })

    try edit("screens/home.json") { $0.replacingOccurrences(of: #""component_type": "hero""#, with: #""component_type": "heroo""#) }
    try edit("zlc.json") { $0.replacingOccurrences(of: #""name": "phone", "#, with: "") }
    let held = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertTrue(
      held.err.contains("not fixed: the fix-its of other files wait for the errors of 'zlc.json', whose names are not all known yet\n"),
      held.err)
    XCTAssertNotEqual(try snapshot(project)["screens/home.json"], demo["screens/home.json"])
  }

  /// A manifest read whole, which lacks a key publishing wants (`ui_builder_support`), leaves its
  /// identifier and fields known: the screens' fixes are made. One that lacks its `identifier`
  /// holds them back.
  func testAManifestLackingAPublishingKeyHoldsBackNoFix() throws {
    try edit("components/settings.json") { $0.replacingOccurrences(of: #""ui_builder_support": true,"#, with: "") }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertFalse(fixed.err.contains("not fixed"), fixed.err)
    XCTAssertTrue(fixed.err.contains("fixed manifests/screens/home.json"), fixed.err)
    XCTAssertTrue(fixed.err.contains("Manifest missing mandatory keys: [ui_builder_support]"), fixed.err)
    XCTAssertEqual(try snapshot(project).filter { $0.key.hasPrefix("screens/") }, demo.filter { $0.key.hasPrefix("screens/") })

    try edit("screens/home.json") { $0.replacingOccurrences(of: #""component_type": "hero""#, with: #""component_type": "heroo""#) }
    try edit("components/settings.json") { $0.replacingOccurrences(of: #""identifier": "riverflix_settings","#, with: "") }
    let held = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertTrue(
      held.err.contains(
        "not fixed: the fix-its of other files wait for the errors of 'components/settings.json', whose names are not all known yet\n"),
      held.err)
    XCTAssertNotEqual(try snapshot(project)["screens/home.json"], demo["screens/home.json"])
  }

  /// A screen read through a link inside the project is fixed where the link points; the link
  /// stays a link, and the file keeps its permissions.
  func testAFileReadThroughALinkIsFixedWhereItPoints() throws {
    let fm = FileManager.default
    let shared = project.appendingPathComponent("shared")
    try fm.createDirectory(at: shared, withIntermediateDirectories: true)
    let real = shared.appendingPathComponent("show.json")
    try fm.moveItem(at: project.appendingPathComponent("screens/show.json"), to: real)
    try fm.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
    try fm.createSymbolicLink(atPath: project.appendingPathComponent("screens/show.json").path, withDestinationPath: "../shared/show.json")
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    let link = try fm.destinationOfSymbolicLink(atPath: project.appendingPathComponent("screens/show.json").path)
    XCTAssertEqual(link, "../shared/show.json")
    XCTAssertEqual(try Data(contentsOf: real), demo["screens/show.json"])
    XCTAssertEqual((try fm.attributesOfItem(atPath: real.path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)
  }

  /// The line that says what was fixed quotes the file's text as a diagnostic does: a
  /// bidirectional override or a control character there is shown escaped, never written to the
  /// terminal, where it would reorder or recolour what follows.
  func testTheFixedLineShowsControlCharactersEscaped() throws {
    try edit("screens/home.json") { $0.replacingOccurrences(of: #""heroo""#, with: "\"hero\u{202E}\"") }
    try edit("screens/show.json") { $0.replacingOccurrences(of: #""seasno""#, with: "\"seaso\u{9B}n\"") }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertTrue(
      fixed.err.contains(#"fixed manifests/screens/home.json: did you mean 'hero'? replace '"hero\u{202E}"' with '"hero"'; "#),
      fixed.err)
    XCTAssertTrue(
      fixed.err.contains(#"fixed manifests/screens/show.json: did you mean 'season'? replace '"seaso\u{9B}n"' with '"season"'"#),
      fixed.err)
    XCTAssertFalse(fixed.err.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" }, fixed.err)
    XCTAssertEqual(try snapshot(project), demo, "the fixes restore the demo exactly")
  }

  /// Beside JSON (or SARIF, or annotations) on standard output, the patch goes to standard error.
  func testADryRunInJSONKeepsTheOutputJSON() throws {
    let dry = try zlc(["check", "manifests", "--fix", "--dry-run", "--format", "json"], cwd: dir)
    XCTAssertEqual(dry.status, 1)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(dry.out.utf8)), dry.out)
    XCTAssertTrue(dry.err.contains("--- a/manifests/screens/home.json\n+++ b/manifests/screens/home.json\n"), dry.err)
  }

  /// A file of CRLF line ends gets a patch of its lines, which `patch` applies.
  func testTheDryRunPatchOfACRLFFileApplies() throws {
    let show = project.appendingPathComponent("screens/show.json")
    let crlf = try String(contentsOf: show, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
    try crlf.write(to: show, atomically: true, encoding: .utf8)
    let dry = try zlc(["check", "manifests", "--fix", "--dry-run"], cwd: dir)
    let patch = dir.appendingPathComponent("fix.patch")
    try dry.out.write(to: patch, atomically: true, encoding: .utf8)
    XCTAssertFalse(dry.out.contains("@@ -1 +1 @@"), "a hunk of lines, not of the whole file: \(dry.out)")
    let applied = try run(["patch", "-p1", "-i", patch.path], cwd: dir)
    XCTAssertEqual(applied.status, 0, applied.out + applied.err)
    XCTAssertEqual(
      try String(contentsOf: show, encoding: .utf8),
      String(decoding: demo["screens/show.json"] ?? Data(), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n"))
  }

  /// A cell style as near to two of the family's (`GRID_3` to `GRID_1` and `GRID_2`) keeps its
  /// did-you-mean as a hint, and `--fix` leaves it: either name would be a guess.
  func testAnEquallyNearChoiceIsNotApplied() throws {
    try edit("screens/home.json") {
      $0.replacingOccurrences(of: #""cell_styles": ["GRIID_1", "GRID_2"]"#, with: #""cell_styles": ["GRID_1", "GRID_3"]"#)
    }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    let home = try String(contentsOf: project.appendingPathComponent("screens/home.json"), encoding: .utf8)
    XCTAssertTrue(home.contains(#""cell_styles": ["GRID_1", "GRID_3"]"#), "GRID_3 is left as written")
    XCTAssertTrue(fixed.err.contains("cell style 'GRID_3' is not in family 'FAMILY_1'"), fixed.err)
    XCTAssertTrue(fixed.err.contains("did you mean 'GRID_1'?"), "the hint stays: \(fixed.err)")
    XCTAssertFalse(fixed.err.contains(#"replace '"GRID_3"'"#), fixed.err)
  }

  /// A target as near to two screens' ids (`shos` to `show` and `shows`) keeps its did-you-mean as
  /// a hint, and `--fix` leaves it, as it leaves the other names it would have to guess.
  func testAnEquallyNearScreenIsNotApplied() throws {
    try edit("screens/show.json") { $0.replacingOccurrences(of: #""target": "seasno""#, with: #""target": "shos""#) }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    XCTAssertTrue(show.contains(#""target": "shos""#), "shos is left as written")
    XCTAssertTrue(fixed.err.contains("target screen 'shos' is not the id of any screen"), fixed.err)
    XCTAssertTrue(fixed.err.contains("did you mean 'shows'?") || fixed.err.contains("did you mean 'show'?"), fixed.err)
    XCTAssertFalse(fixed.err.contains(#"replace '"shos"'"#), fixed.err)
  }

  /// A project named through a link and `..` (`link/..`, the link pointing into the project) is
  /// the folder the system opens: its files are fixed, and a file at the same place below the
  /// folder the link is in, which `link/..` names by its text, is left alone.
  func testAProjectNamedThroughALinkAndDotDotIsFixedWhereItIs() throws {
    let elsewhere = dir.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("screens"), withIntermediateDirectories: true)
    let decoy = elsewhere.appendingPathComponent("screens/show.json")
    try Data(#"{"id": "not the project's"}"#.utf8).write(to: decoy)
    try FileManager.default.createSymbolicLink(
      atPath: elsewhere.appendingPathComponent("link").path, withDestinationPath: project.appendingPathComponent("components").path)
    let fixed = try zlc(["check", "link/..", "--fix"], cwd: elsewhere)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertEqual(try String(contentsOf: decoy, encoding: .utf8), #"{"id": "not the project's"}"#)
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    XCTAssertTrue(show.contains(#""target": "season""#), show)
  }

  /// A file no one may write is read-only on purpose: its fix-its are not applied (an error naming
  /// it, exit 74), and the other files are fixed.
  func testAReadOnlyFileIsNotRewritten() throws {
    let show = project.appendingPathComponent("screens/show.json")
    let before = try Data(contentsOf: show)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: show.path)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 74, fixed.err)
    XCTAssertTrue(
      fixed.err.contains("manifests/screens/show.json: error: its fix-its were not applied: it is read-only [ZL0100]"), fixed.err)
    XCTAssertEqual(try Data(contentsOf: show), before)
    XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: show.path)[.posixPermissions] as? Int, 0o444)
    let home = try String(contentsOf: project.appendingPathComponent("screens/home.json"), encoding: .utf8)
    XCTAssertTrue(home.contains(#""component_type": "hero""#), "the other file is fixed")
    let build = try zlc(["build", "manifests", "-o", "out", "--fix"], cwd: dir)
    XCTAssertEqual(build.status, 74, build.err)
    XCTAssertTrue(build.err.contains("its fix-its were not applied: it is read-only [ZL0100]"), build.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "nothing is built")
  }

  /// A folder no one may write is read-only on purpose, even for root: its files' fix-its are not
  /// applied (exit 74), and nothing is written beside them.
  func testAFileInAReadOnlyFolderIsNotRewritten() throws {
    let screens = project.appendingPathComponent("screens")
    let show = screens.appendingPathComponent("show.json")
    let before = try Data(contentsOf: show)
    let files = try FileManager.default.contentsOfDirectory(atPath: screens.path).sorted()
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: screens.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: screens.path) }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 74, fixed.err)
    XCTAssertTrue(
      fixed.err.contains(
        "manifests/screens/show.json: error: its fix-its were not applied: its folder is read-only (its owner may not write it) [ZL0100]"),
      fixed.err)
    XCTAssertEqual(try Data(contentsOf: show), before)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: screens.path).sorted(), files)
  }

  /// A file with hard links keeps its text and its links (an error naming it, exit 74): a new file
  /// in its place would leave its other names with the old text. The other files are fixed.
  func testAFileWithHardLinksIsNotRewritten() throws {
    let fm = FileManager.default
    let show = project.appendingPathComponent("screens/show.json")
    let other = dir.appendingPathComponent("other.json")
    let before = try Data(contentsOf: show)
    try fm.linkItem(at: show, to: other)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 74, fixed.err)
    XCTAssertTrue(
      fixed.err.contains(
        "manifests/screens/show.json: error: its fix-its were not applied: it has 2 hard links, which replacing it would part; fix it by hand [ZL0100]"
      ), fixed.err)
    XCTAssertEqual(try Data(contentsOf: show), before)
    let file = try fm.attributesOfItem(atPath: show.path)
    XCTAssertEqual(file[.referenceCount] as? Int, 2)
    XCTAssertEqual(file[.systemFileNumber] as? Int, try fm.attributesOfItem(atPath: other.path)[.systemFileNumber] as? Int)
    let home = try String(contentsOf: project.appendingPathComponent("screens/home.json"), encoding: .utf8)
    XCTAssertTrue(home.contains(#""component_type": "hero""#), "the other file is fixed")
  }

  /// A fixed file keeps its extended attributes (an access control list is one, on Linux
  /// `system.posix_acl_access`): the new file written in its place gets each of the old one's.
  func testAFixedFileKeepsItsExtendedAttributes() throws {
    let show = project.appendingPathComponent("screens/show.json")
    let before = try Data(contentsOf: show)
    let value = Array("kept".utf8)
    XCTAssertEqual(
      value.withUnsafeBytes { setxattr(show.path, "user.zlc-test", $0.baseAddress, $0.count, 0) }, 0, "ext4 takes user attributes")
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertNotEqual(try Data(contentsOf: show), before, "the file is fixed")
    var read = [UInt8](repeating: 0, count: 16)
    let size = read.withUnsafeMutableBytes { getxattr(show.path, "user.zlc-test", $0.baseAddress, $0.count) }
    XCTAssertEqual(size, value.count, "the attribute is kept")
    XCTAssertEqual(Array(read.prefix(max(0, size))), value)
  }

  /// Stopped by SIGTERM, SIGINT or SIGHUP while it writes a fixed file (strace delivers the signal
  /// as zlc syncs the first file it writes beside one it fixes), `zlc check --fix` leaves no file
  /// of its own in the project, and each file holds its old text or its fixed one.
  func testAStoppedFixLeavesNoFileBehind() throws {
    guard toolPath("strace") != nil, try run(["strace", "-qq", "-o", "/dev/null", "true"]).status == 0 else {
      throw XCTSkip("needs strace, allowed to trace")
    }
    let typos = try snapshot(project)
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      let copy = dir.appendingPathComponent("stopped-\(signal)")
      try FileManager.default.copyItem(at: project, to: copy)
      let stopped = try run(
        ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync", "-e", "inject=fsync:signal=\(signal):when=1"]
          + [try zlcBinary().path, "check", copy.lastPathComponent, "--fix"], cwd: dir)
      let after = try snapshot(copy)
      XCTAssertEqual(after.keys.sorted(), typos.keys.sorted(), "signal \(signal): \(stopped.err)")
      for (path, bytes) in after { XCTAssertTrue([typos[path], demo[path]].contains(bytes), "signal \(signal): \(path)") }
    }
  }

  /// Another user's file, which the folder would let this user replace (and so take over), is
  /// not rewritten; the user's own files are fixed.
  func testAnotherUsersFileIsNotRewritten() throws {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
      throw XCTSkip("needs root and setpriv to give a file to another user")
    }
    let fm = FileManager.default
    for path in [dir.path] + (fm.subpaths(atPath: dir.path) ?? []).map({ dir.path + "/" + $0 }) {
      try fm.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
    }
    let show = project.appendingPathComponent("screens/show.json")
    // Writable by its group, which this user is in: still not this user's to replace.
    try fm.setAttributes([.ownerAccountID: 0, .groupOwnerAccountID: 65534, .posixPermissions: 0o664], ofItemAtPath: show.path)
    let before = try Data(contentsOf: show)
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir, user: "65534")
    XCTAssertEqual(fixed.status, 74, fixed.err)
    XCTAssertTrue(
      fixed.err.contains("manifests/screens/show.json: error: its fix-its were not applied: it belongs to another user [ZL0100]"), fixed.err
    )
    XCTAssertEqual(try Data(contentsOf: show), before)
    XCTAssertEqual(try fm.attributesOfItem(atPath: show.path)[.ownerAccountID] as? Int, 0, "the owner is kept")
    let home = try String(contentsOf: project.appendingPathComponent("screens/home.json"), encoding: .utf8)
    XCTAssertTrue(home.contains(#""component_type": "hero""#), "the user's own file is fixed")
  }

  /// A manifest's misspelled field key is fixed first; the screen's value of that field, which
  /// was one edit from another field's key meanwhile, is not renamed to it (its value moved to the
  /// wrong field, and the check said ok).
  func testAFixableManifestErrorIsFixedBeforeTheScreensThatNameItsFields() throws {
    try edit("components/promo_banner.json") {
      $0.replacingOccurrences(
        of: #"{ "key": "banner_text", "type": "text_input", "label": "Text", "initial_value": "Watch now" },"#,
        with:
          #"{ "kye": "banner_text", "type": "text_input", "label": "Text", "initial_value": "Watch now" }, { "key": "banner_test", "type": "text_input", "label": "Test" },"#
      )
    }
    let fixed = try zlc(["check", "manifests", "--fix"], cwd: dir)
    let home = try String(contentsOf: project.appendingPathComponent("screens/home.json"), encoding: .utf8)
    XCTAssertTrue(home.contains(#""banner_text": "New this week""#), "the screen's value stays where it was: \(fixed.err)")
    let manifest = try String(contentsOf: project.appendingPathComponent("components/promo_banner.json"), encoding: .utf8)
    XCTAssertTrue(manifest.contains(#"{ "key": "banner_text", "type": "text_input""#), fixed.err)
    XCTAssertEqual(fixed.status, 0, fixed.err)
  }
}
