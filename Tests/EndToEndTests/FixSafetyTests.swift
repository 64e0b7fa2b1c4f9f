import Foundation
import XCTest

/// `zlc check --fix` on the starter project: a fix changes the intended bytes only, never makes a
/// file unreadable, and never applies a guess.
final class FixSafetyTests: XCTestCase {
  var dir: URL!
  var project: URL!

  override func setUpWithError() throws {
    dir = temporary()
    project = dir.appendingPathComponent("starter")
    let made = try zlc(["init", "starter"], cwd: dir)
    XCTAssertEqual(made.status, 0, made.err)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func edit(_ path: String, _ old: String, _ new: String) throws {
    try edit(project.appendingPathComponent(path), old, new)
  }

  func edit(_ url: URL, _ old: String, _ new: String) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    XCTAssertTrue(text.contains(old), url.path)
    try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
  }

  func text(_ path: String) throws -> String { try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8) }

  /// A list's misspelled element is replaced alone, a number by a number: the file stays JSON.
  func testAListOrNumberValueIsFixedElementByElement() throws {
    try edit(
      "components/promo_banner.json", #""initial_value": "Watch now" }"#,
      #""initial_value": "Watch now" },"# + "\n"
        + #"      { "key": "colors", "type": "multi_select", "label": "C", "options": ["red", "green", "blue"], "initial_value": ["blue", "gren"] },"#
        + "\n" + #"      { "key": "size", "type": "select", "label": "S", "options": [10, 20] }"#)
    try edit(
      "screens/home.json", #""styles": { "cell_styles": ["PROMO"] }"#,
      #""styles": {"cell_styles": ["PROMO"], "colors": ["red", "gren"], "size": 21}"#)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertTrue(
      try text("screens/home.json").contains(
        #""styles": {"cell_styles": ["PROMO"], "colors": ["red", "green"], "size": 20}"# + "\n      },"))
    XCTAssertTrue(
      try text("components/promo_banner.json").contains(#""options": ["red", "green", "blue"], "initial_value": ["blue", "green"] },"#))
  }

  /// A trailing comma's deletion names nothing, so it waits for no other file's errors: with a
  /// family in error beside it, the comma is still removed (and the family's error stays).
  func testATrailingCommaIsRemovedWhateverOtherFilesHold() throws {
    try edit("screens/home.json", #""rules": { "item_limit": 5 }"#, #""rules": { "item_limit": 5, }"#)
    try edit("families/STARTER.json", #""interItemSpacing": 12, "lineSpacing": 16 }"#, #""interItemSpacing": 12, "lineSpacing": "x" }"#)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    let home = try text("screens/home.json")
    XCTAssertTrue(home.contains(#""rules": { "item_limit": 5 }"#), home)
    XCTAssertTrue(try text("families/STARTER.json").contains(#""lineSpacing": "x""#))
  }

  /// Two misspellings of one name in one element (a family's screen, a cell) are hints: fixing
  /// both would write the name twice.
  func testTwoMisspellingsOfOneNameAreHintsOnly() throws {
    try edit("families/STARTER.json", #""lineSpacing": 16 }"#, #""lineSpacng": 16, "lineSpacin": 8 }"#)
    try edit("families/STARTER.json", #""aspectCellRatio": 0.6667"#, #""aspectCelRatio": 0.6667, "aspctCellRatio": 0.6"#)
    let xml = #"<Family name="X"><Screens><Screen type="default" dividr="12" divder="11"/></Screens></Family>"# + "\n"
    try xml.write(to: project.appendingPathComponent("families/X.xml"), atomically: true, encoding: .utf8)
    let family = try text("families/STARTER.json")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertFalse(fixed.err.contains("fixed "), fixed.err)
    XCTAssertEqual(try text("families/STARTER.json"), family)
    XCTAssertEqual(try text("families/X.xml"), xml)
    for name in ["lineSpacing", "aspectCellRatio", "divider"] { XCTAssertTrue(fixed.err.contains("did you mean '\(name)'?"), fixed.err) }
  }

  /// A height as near to another metric (`elHeight` to `cellHeight` and `height`) is a hint.
  func testAnEquallyNearHeightIsNotApplied() throws {
    try edit("families/STARTER.json", #""cellHeight": 88"#, #""elHeight": 88"#)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertTrue(try text("families/STARTER.json").contains(#""elHeight": 88"#), fixed.err)
    XCTAssertTrue(fixed.err.contains("misspelled 'elHeight'"), fixed.err)
  }

  /// A conditional field whose key several other sections hold gets a hint, not one of them.
  func testAConditionalFieldOfSeveralSectionsIsAHint() throws {
    try edit(
      "components/promo_banner.json", #"  "styles": {"#,
      #"  "general": { "fields": [ { "key": "banner_text", "type": "text_input", "label": "T" }, "#
        + #"{ "key": "flag", "type": "switch", "label": "F", "conditional_fields": [{"key": "data/banner_text", "condition_value": true}] } ] },"#
        + "\n" + #"  "styles": {"#)
    let manifest = try text("components/promo_banner.json")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(try text("components/promo_banner.json"), manifest, fixed.err)
    XCTAssertTrue(fixed.err.contains("but field 'banner_text' is in sections 'general', 'styles' [ZL0608]"), fixed.err)
  }

  /// While a screen file's `id` is misspelled, references to that id are not renamed to another
  /// screen's; the `id` is fixed, and the references are then right.
  func testAMisspelledScreenIDHoldsBackTheReferencesToScreens() throws {
    let show = try text("screens/show.json")
    try show.replacingOccurrences(of: #""id": "show""#, with: #""id": "shows""#)
      .write(to: project.appendingPathComponent("screens/shows.json"), atomically: true, encoding: .utf8)
    try edit("screens/show.json", #""id": "show""#, #""idd": "show""#)
    let before = try snapshot(project)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertTrue(fixed.err.contains(#"fixed starter/screens/show.json: did you mean 'id'?"#), fixed.err)
    var after = try snapshot(project)
    XCTAssertEqual(after.removeValue(forKey: "screens/show.json"), Data(show.utf8))
    XCTAssertEqual(after, before.filter { $0.key != "screens/show.json" }, "no reference was renamed")
  }

  /// The same in a `rivers.json` (no `screens/` folder): the screens it holds define ids too.
  func testAMisspelledScreenIDInRiversJSONHoldsBackTheReferences() throws {
    let home = try text("screens/home.json").trimmingCharacters(in: .whitespacesAndNewlines)
    let show = try text("screens/show.json").trimmingCharacters(in: .whitespacesAndNewlines)
    let shows = show.replacingOccurrences(of: #""id": "show""#, with: #""id": "shows""#)
    let broken = show.replacingOccurrences(of: #""id": "show""#, with: #""idd": "show""#)
    // home.json holds a list of one screen, show.json one screen object.
    let rivers = "[" + [String(home.dropFirst().dropLast()), broken, shows].joined(separator: ",") + "]\n"
    try FileManager.default.removeItem(at: project.appendingPathComponent("screens"))
    try rivers.write(to: project.appendingPathComponent("rivers.json"), atomically: true, encoding: .utf8)
    let mappings = try text("screen_types.json")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertTrue(fixed.err.contains(#"fixed starter/rivers.json: did you mean 'id'?"#), fixed.err)
    XCTAssertEqual(try text("rivers.json"), rivers.replacingOccurrences(of: #""idd": "show""#, with: #""id": "show""#))
    XCTAssertEqual(try text("screen_types.json"), mappings, "no reference was renamed")
  }

  /// A screens file whose screen is no object (a map of screens by id holding a number) gives no
  /// id either: references are not renamed meanwhile.
  func testAScreenThatIsNoObjectHoldsBackTheReferences() throws {
    try edit("screens/home.json", #""target": "show""#, #""target": "shwo""#)
    try #"{"shwo": 5}"#.write(to: project.appendingPathComponent("screens/zz.json"), atomically: true, encoding: .utf8)
    let home = try text("screens/home.json")
    let fixed = try zlc(["check", "starter", "--fix", "--dry-run"], cwd: dir)
    XCTAssertTrue(fixed.err.contains("a screen is an object, found a number [ZL0202]"), fixed.err)
    XCTAssertEqual(fixed.out, "", "nothing is renamed")
    XCTAssertEqual(try text("screens/home.json"), home)
  }

  /// An error in a screen that leaves its id known (a style of the wrong type) does not hold back
  /// a misspelled target; a size class renamed into one its mapping holds is a hint; a file
  /// reached through a link inside the project is fixed once.
  func testFixesThatNeedNotWaitAreApplied() throws {
    try edit("screens/show.json", #""styles": { "family": "STARTER" }"#, #""styles": "STARTER""#)
    try edit("screens/home.json", #""target": "show""#, #""target": "shw""#)
    try edit(
      "screens/home.json", #""component_type": "hero""#,
      #""component_type": "heroo", "size_class_mapping": { "XL": "hide", "XXL": "hide" }"#)
    try FileManager.default.createDirectory(at: project.appendingPathComponent("screens/more"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("screens/more/again.json").path, withDestinationPath: "../home.json")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    let home = try text("screens/home.json")
    XCTAssertTrue(home.contains(#""target": "show""#), home)
    XCTAssertTrue(home.contains(#""component_type": "hero""#), home)
    XCTAssertTrue(home.contains(#""XL": "hide", "XXL": "hide""#), "a hint, not applied: \(home)")
    XCTAssertFalse(fixed.err.contains("changed since zlc read it"), fixed.err)
  }

  /// A manifest that is a link to `zlc.json` is one file read two ways: its did-you-means (`app`
  /// to `api`) would break the settings, whose check would then undo them, round after round. The
  /// file keeps its text, with an error naming the other reading, and the run stops at once.
  func testAFileReadAsTwoKindsOfInputIsNotFixedForOne() throws {
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("components/linked.json").path, withDestinationPath: "../zlc.json")
    let settings = try text("zlc.json")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertFalse(fixed.err.contains("fixed "), fixed.err)
    XCTAssertTrue(fixed.err.hasPrefix(Self.unshared(2)), fixed.err)
    XCTAssertTrue(fixed.err.contains("Manifest contains unpermitted key 'app' [ZL0602]"), fixed.err)
    XCTAssertEqual(try text("zlc.json"), settings)
  }

  /// `zlc build --fix` stops where fix-its were left out, with the error that says why (the
  /// build's own check would show them as fix-its, as if `--fix` could have made them), and writes
  /// no bundle.
  func testABuildStopsAtTheFixesItLeftOut() throws {
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("components/linked.json").path, withDestinationPath: "../zlc.json")
    let settings = try text("zlc.json")
    let built = try zlc(["build", "starter", "--fix", "-o", "out"], cwd: dir)
    XCTAssertEqual(built.status, 1, built.err)
    XCTAssertTrue(built.err.hasPrefix(Self.unshared(2)), built.err)
    XCTAssertTrue(built.err.contains("Manifest contains unpermitted key 'app' [ZL0602]"), built.err)
    XCTAssertFalse(built.err.contains("not written"), "the build did not start: \(built.err)")
    XCTAssertTrue(built.err.hasSuffix("\n" + Self.notBuilt), built.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "nothing built")
    XCTAssertEqual(try text("zlc.json"), settings)
  }

  /// The line that says a build stopped at the fix-its it left out.
  static let notBuilt = "not built: not every fix-it was applied (see above)\n"

  /// Under `--watch`, fix-its left out are reported as a build's errors are, and the watch goes
  /// on: the next change builds.
  func testAWatchedBuildReportsTheFixesItLeftOutAndWatches() throws {
    let linked = project.appendingPathComponent("components/linked.json")
    try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: "../zlc.json")
    let out = dir.appendingPathComponent("out")
    let watch = try ServeProcess(arguments: ["build", "starter", "--fix", "--watch", "-o", "out"], in: dir)
    defer { watch.stop() }
    func wait(for text: String) {
      let deadline = Date().addingTimeInterval(60)
      while !watch.output.contains(text), watch.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }
    wait(for: "(Ctrl-C to stop)\n")
    XCTAssertTrue(watch.process.isRunning, watch.output)
    XCTAssertTrue(watch.errorOutput.hasPrefix(Self.unshared(2)), watch.errorOutput)
    XCTAssertTrue(watch.errorOutput.hasSuffix(Self.notBuilt + "watching starter (Ctrl-C to stop)\n"), watch.errorOutput)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing built")
    try FileManager.default.removeItem(at: linked)
    wait(for: "wrote out")
    XCTAssertTrue(watch.errorOutput.contains("\nwrote out: "), watch.errorOutput)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.path), watch.errorOutput)
  }

  /// Under `--watch`, a save made while the fixes are worked out is a change: a fix left out
  /// because its file changed since the check read it is followed by a build of the saved files.
  func testAWatchedBuildBuildsASaveMadeWhileItFixes() throws {
    try edit("screens/home.json", #""GRID_POSTER""#, #""GRID_POSTR""#)
    // A screen of many components, so that the check of the fixes takes seconds.
    let grid =
      #"{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_POSTER"]}}"#
    let big = #"[{"id": "big", "name": "Big", "type": "general_content", "styles": {"family": "STARTER"}, "ui_components": ["#
    try Data((big + Array(repeating: grid, count: 30_000).joined(separator: ",") + "]}]").utf8).write(
      to: project.appendingPathComponent("screens/big.json"))
    let watch = try ServeProcess(arguments: ["build", "starter", "--fix", "--watch", "-o", "out", "--color", "never"], in: dir)
    defer { watch.stop() }
    Thread.sleep(forTimeInterval: 1)
    // The user fixes the typo and removes the big screen, as an editor saves: while zlc checks.
    try edit("screens/home.json", #""GRID_POSTR""#, #""GRID_POSTER""#)
    try edit("screens/home.json", #""name": "Home""#, #""name": "Home (saved)""#)
    try FileManager.default.removeItem(at: project.appendingPathComponent("screens/big.json"))
    let deadline = Date().addingTimeInterval(60)
    while !watch.errorOutput.contains("wrote out"), watch.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    XCTAssertTrue(watch.errorOutput.contains("wrote out: 2 screens"), watch.errorOutput)
    XCTAssertTrue(try text("screens/home.json").contains(#""name": "Home (saved)""#), watch.errorOutput)
    let index = try String(contentsOf: dir.appendingPathComponent("out/bundle.json"), encoding: .utf8)
    XCTAssertTrue(index.contains(#""name":"Home (saved)""#), index)
  }

  /// Under `--watch`, fixes are applied once, at the start: a change made while watching may be one
  /// step of several (a screen saved before the manifest of its new type), so its did-you-mean is
  /// reported and the file keeps the user's text.
  func testAWatchedBuildFixesOnlyAtTheStart() throws {
    try edit("screens/show.json", #""component_type": "list""#, #""componet_type": "list""#)
    let watch = try ServeProcess(arguments: ["build", "starter", "--fix", "--watch", "-o", "out", "--color", "never"], in: dir)
    defer { watch.stop() }
    func wait(for text: String, count: Int = 1) {
      let deadline = Date().addingTimeInterval(60)
      while watch.errorOutput.components(separatedBy: text).count <= count, watch.process.isRunning, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    wait(for: "(Ctrl-C to stop)\n")
    XCTAssertTrue(watch.errorOutput.contains("fixed starter/screens/show.json: "), watch.errorOutput)
    XCTAssertFalse(try text("screens/show.json").contains("componet_type"), watch.errorOutput)
    try edit("screens/home.json", #""component_type": "grid""#, #""componet_type": "grid""#)
    wait(for: "not written")
    Thread.sleep(forTimeInterval: 1)
    XCTAssertTrue(watch.process.isRunning, watch.errorOutput)
    XCTAssertTrue(try text("screens/home.json").contains(#""componet_type": "grid""#), watch.errorOutput)
    XCTAssertFalse(watch.errorOutput.contains("fixed starter/screens/home.json"), watch.errorOutput)
    XCTAssertTrue(watch.errorOutput.contains("did you mean 'component_type'?"), watch.errorOutput)
  }

  /// A fix that trims a string keeps the bytes it keeps as written: a lone surrogate's escape
  /// (still reported), `\/` and `\u00e9`.
  func testATrimKeepsTheEscapesOfWhatItKeeps() throws {
    try edit("screens/home.json", #""source": "featured""#, #""source": " feat\udc00ured\u00e9\/x""#)
    let fixed = try zlc(["check", "starter", "--fix", "--color", "never"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertTrue(try text("screens/home.json").contains(#""source": "feat\udc00ured\u00e9\/x""#), fixed.err)
    XCTAssertTrue(fixed.err.contains("lone surrogate"), fixed.err)
  }

  /// A single-quoted string's fix-it is escaped as the reader reads it back: a screen id with a
  /// backslash (`sh\now`) is written `'sh\\now'`, not `'sh\now'`, which reads as a line break.
  /// (`--fix` holds it back while the file has the quotes' reading error.)
  func testASingleQuotedFixItReadsBackAsTheSuggestion() throws {
    try edit("screens/show.json", #""id": "show""#, #""id": "sh\\now""#)
    try edit(
      "screens/home.json", #""source": "featured", "type": "APPLICASTER_COLLECTION", "target": "show""#,
      #""source": "featured", "type": "APPLICASTER_COLLECTION", "target": 'sh\\nw'"#)
    let checked = try zlc(["check", "starter", "--color", "never"], cwd: dir)
    XCTAssertEqual(checked.status, 1, checked.err)
    let finding =
      #"starter/screens/home.json:12:85: error: target screen 'sh\nw' is not the id of any screen [ZL0307]"# + "\n"
      + #"   |"# + "\n"
      + #"12 |         "data": { "source": "featured", "type": "APPLICASTER_COLLECTION", "target": 'sh\\nw' },"# + "\n"
      + #"   |                                                                                     ^~~~~~~~"# + "\n"
      + #"   = fix-it: did you mean 'sh\now'? replace ''sh\\nw'' with ''sh\\now''"# + "\n"
    XCTAssertTrue(checked.err.contains(finding), checked.err)
  }

  /// The error of a file read as `starter/components/linked.json` and `starter/zlc.json` whose
  /// `count` fix-its only one reading asks for are left out.
  static func unshared(_ count: Int) -> String {
    "starter/components/linked.json: error: \(count) of its fix-its were not applied: the file is also read as 'starter/zlc.json', "
      + "whose check does not ask for them; fix them by hand [ZL0100]\n"
  }

  /// The same file with a misspelled key both readings know (`data_typs`, to `data_types` in the
  /// settings and in a manifest): that fix is made, in the dry run's patch too, and only those of
  /// the manifest reading alone are left out, with the error.
  func testAFileReadAsTwoKindsOfInputGetsTheFixesBothAskFor() throws {
    try FileManager.default.createSymbolicLink(
      atPath: project.appendingPathComponent("components/linked.json").path, withDestinationPath: "../zlc.json")
    try edit("zlc.json", #""app": "starter","#, #""app": "starter", "data_typs": ["X"],"#)
    let settings = try text("zlc.json")
    let dry = try zlc(["check", "starter", "--fix", "--dry-run"], cwd: dir)
    XCTAssertTrue(
      dry.out.contains("\n-  \"app\": \"starter\", \"data_typs\": [\"X\"],\n+  \"app\": \"starter\", \"data_types\": [\"X\"],\n"), dry.out)
    XCTAssertTrue(dry.err.hasPrefix(Self.unshared(2)), dry.err)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    let made = #"fixed starter/components/linked.json: did you mean 'data_types'? replace '"data_typs"' with '"data_types"'"#
    XCTAssertTrue(fixed.err.hasPrefix(made + "\n" + Self.unshared(2)), fixed.err)
    XCTAssertEqual(try text("zlc.json"), settings.replacingOccurrences(of: "data_typs", with: "data_types"))
  }

  /// A manifest key as near two permitted keys (`port`: `export`, `import`) is a hint.
  func testAManifestKeyNearTwoKeysIsAHint() throws {
    try edit("components/promo_banner.json", #""author_name": "Your team","#, #""author_name": "Your team", "port": 1,"#)
    let before = try text("components/promo_banner.json")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertTrue(fixed.err.contains("Manifest contains unpermitted key 'port' [ZL0602]"), fixed.err)
    XCTAssertEqual(try text("components/promo_banner.json"), before)
  }

  /// A project folder whose path has a space, named through a link: the patch names the link,
  /// and `patch -p1` applies it.
  func testThePatchOfAFolderWithASpaceApplies() throws {
    let spaced = dir.appendingPathComponent("sp ace")
    try FileManager.default.moveItem(at: project, to: spaced)
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("my link"), withDestinationURL: spaced)
    try edit(spaced.appendingPathComponent("screens/home.json"), #""component_type": "hero""#, #""component_type": "heroo""#)
    let dry = try zlc(["check", "my link", "--fix", "--dry-run"], cwd: dir)
    XCTAssertTrue(dry.out.hasPrefix("--- a/my link/screens/home.json\t\n+++ b/my link/screens/home.json\t\n@@ "), dry.out)
    let patch = dir.appendingPathComponent("fix.patch")
    try dry.out.write(to: patch, atomically: true, encoding: .utf8)
    let applied = try run(["patch", "-p1", "-i", patch.path], cwd: dir)
    XCTAssertEqual(applied.status, 0, applied.out + applied.err)
    XCTAssertTrue(try String(contentsOf: spaced.appendingPathComponent("screens/home.json"), encoding: .utf8).contains(#""hero""#))
  }

  /// A screen file whose name is as long as a file name may be (255 bytes) is fixed all the same:
  /// the copy written beside it takes a shorter name, and none is left behind.
  func testAFileWithTheLongestNameIsFixed() throws {
    let name = String(repeating: "s", count: 250) + ".json"
    let screens = project.appendingPathComponent("screens")
    try FileManager.default.moveItem(at: screens.appendingPathComponent("home.json"), to: screens.appendingPathComponent(name))
    try edit("screens/" + name, #""component_type": "grid""#, #""component_type": "gridd""#)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    XCTAssertTrue(fixed.err.contains("fixed starter/screens/\(name): "), fixed.err)
    XCTAssertTrue(try text("screens/" + name).contains(#""component_type": "grid""#))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: screens.path).sorted(), ["show.json", name])
  }

  /// A fix-it that is a hint across the project's platforms (another platform's manifest declares
  /// the key it would replace) stays a hint when `--platform` narrows the check to one platform:
  /// `--fix` leaves the key, and the dry run's patch is empty.
  func testAHintOfThePlatformsIsNotAppliedForOnePlatform() throws {
    XCTAssertEqual(try zlc(["init", "mp", "--template", "multi-platform"], cwd: dir).status, 0)
    let mp = dir.appendingPathComponent("mp")
    try edit(
      mp.appendingPathComponent("components/promo_banner/android_for_quickbrick.json"), #"      { "key": "button_text""#,
      #"      { "key": "banner_texts", "type": "text_input", "label": "L" },"# + "\n" + #"      { "key": "button_text""#)
    let home = mp.appendingPathComponent("screens/home.json")
    try edit(home, #""styles": { "cell_styles": ["PROMO"] }"#, #""styles": { "cell_styles": ["PROMO"], "banner_texts": "Two lines" }"#)
    let before = try String(contentsOf: home, encoding: .utf8)
    let dry = try zlc(["check", "--fix", "--dry-run", "--platform", "ios", "mp"], cwd: dir)
    XCTAssertEqual(dry.out, "", dry.err)
    let fixed = try zlc(["check", "--fix", "--platform", "ios", "mp"], cwd: dir)
    XCTAssertEqual(fixed.status, 1, fixed.err)
    XCTAssertTrue(
      fixed.err.hasPrefix(
        "mp/screens/home.json:19:47: error: misspelled key 'banner_texts' in component styles: clients ignore it [ZL0206]\n"),
      fixed.err)
    XCTAssertFalse(fixed.err.contains("fixed "), fixed.err)
    XCTAssertEqual(try String(contentsOf: home, encoding: .utf8), before)
  }

  /// A did-you-mean that is a fix on one platform and a hint across them (iOS declares
  /// `banner_text`, Android `banner_texts`: `banner_tex` means either) is the hint in the output
  /// of `zlc check --platform ios` too, as `--fix --platform ios` leaves it: no SARIF fix, no
  /// "replace … with …".
  func testACheckOfOnePlatformOffersTheHintOfThePlatforms() throws {
    XCTAssertEqual(try zlc(["init", "mp", "--template", "multi-platform"], cwd: dir).status, 0)
    let mp = dir.appendingPathComponent("mp")
    try edit(
      mp.appendingPathComponent("components/promo_banner/android_for_quickbrick.json"), #""key": "banner_text""#, #""key": "banner_texts""#)
    try edit(
      mp.appendingPathComponent("screens/home.json"), #""styles": { "cell_styles": ["PROMO"] }"#,
      #""styles": { "cell_styles": ["PROMO"], "banner_tex": "Two lines" }"#)
    let sarif = try zlc(["check", "--platform", "ios", "mp", "--format", "sarif"], cwd: dir)
    XCTAssertTrue(sarif.out.contains("banner_tex"), sarif.out)
    XCTAssertFalse(sarif.out.contains(#""fixes""#), "no autofix")
    let text = try zlc(["check", "--platform", "ios", "mp"], cwd: dir)
    XCTAssertTrue(text.err.contains("= fix-it: did you mean 'banner_text'?\n"), text.err)
    let fixed = try zlc(["check", "--fix", "--platform", "ios", "mp"], cwd: dir)
    XCTAssertFalse(fixed.err.contains("fixed "), fixed.err)
  }

  /// The dry run's patch of a file with many fixes, among them neighbouring lines and a line with
  /// a byte that is not UTF-8, carries the file's bytes: `patch -p1` applies it to a copy of the
  /// project and gives exactly what `--fix` writes.
  func testThePatchOfManyFixesGivesWhatFixWrites() throws {
    let home = project.appendingPathComponent("screens/home.json")
    var bytes = try [UInt8](Data(contentsOf: home))
    for (old, new) in [
      (#""hero""#, #""heroo""#), (#""grid""#, #""gridd""#), (#""promo_banner""#, #""promo_baner""#),
      (#""item_limit""#, #""item_limt""#), (#""target": "show" }"#, #""targt": "show" }"#),
      (#""source": "featured""#, "\"source\": \"Caf\u{FFFD}\""),
    ] {
      let text = String(decoding: bytes, as: UTF8.self)
      XCTAssertTrue(text.contains(old), old)
      bytes = Array(text.replacingOccurrences(of: old, with: new).utf8)
    }
    // The feed's last letter, on a line a fix changes, a Latin-1 é (E9): a byte UTF-8 does not
    // allow alone.
    let mark = Array("\u{FFFD}".utf8)
    let at = try XCTUnwrap(bytes.indices.first { Array(bytes[$0..<min($0 + 3, bytes.count)]) == mark })
    bytes.replaceSubrange(at..<at + 3, with: [0xE9])
    try Data(bytes).write(to: home)
    let copy = dir.appendingPathComponent("copy")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: false)
    try FileManager.default.copyItem(at: project, to: copy.appendingPathComponent("starter"))
    let dry = try run(["sh", "-c", #""$0" check starter --fix --dry-run > fix.patch"#, try zlcBinary().path], cwd: dir)
    XCTAssertEqual(dry.status, 1, dry.err)
    let applied = try run(["patch", "-p1", "-i", dir.appendingPathComponent("fix.patch").path], cwd: copy)
    XCTAssertEqual(applied.status, 0, applied.out + applied.err)
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertTrue(fixed.err.contains("\nstarter/screens/home.json:12:33: error: invalid UTF-8 sequence [ZL0106]\n"), fixed.err)
    XCTAssertTrue(fixed.err.contains("\n1 error, 0 warnings in 7 files\n"), fixed.err)
    let written = try [UInt8](Data(contentsOf: home))
    XCTAssertTrue(written.contains(0xE9))
    let text = String(decoding: written, as: UTF8.self)
    for fixed in [#""hero""#, #""grid""#, #""promo_banner""#, #""item_limit""#] { XCTAssertTrue(text.contains(fixed), fixed) }
    XCTAssertEqual(try [UInt8](Data(contentsOf: copy.appendingPathComponent("starter/screens/home.json"))), written)
  }
}
