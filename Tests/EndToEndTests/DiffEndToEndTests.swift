import Foundation
import XCTest

/// `zlc diff` run as users run it: two folders, a git revision against the work tree, every format,
/// the HTML pages in Chromium, and the exit statuses.
final class DiffEndToEndTests: XCTestCase {
  var onCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// A starter project (`zlc init`) at `folder`, its app named `Starter` whatever the folder,
  /// each of its files passed through `edit`.
  @discardableResult
  func starter(_ folder: URL, template: String = "basic", edit: [String: (String) -> String] = [:]) throws -> URL {
    let made = try zlc(["init", folder.path, "--template", template])
    XCTAssertEqual(made.status, 0, made.err)
    try sameApp(folder)
    for (path, change) in edit {
      let url = folder.appendingPathComponent(path)
      try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }
    return folder
  }

  /// Two projects in a fresh folder: `base` with the tablet grid at 5 columns, `head` at 4 (the
  /// starter's), or identical when `edited` is false.
  func pair(edited: Bool = true) throws -> (base: URL, head: URL) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let fiveColumns: [String: (String) -> String] = [
      "families/STARTER.json": { $0.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 5"#) }
    ]
    let base = try starter(dir.appendingPathComponent("base"), edit: edited ? fiveColumns : [:])
    let head = try starter(dir.appendingPathComponent("head"))
    return (base, head)
  }

  /// The changes of `zlc diff --format json`.
  func changes(_ arguments: [String], cwd: URL = repositoryRoot) throws -> [[String: Any]] {
    let r = try zlc(["diff", "--format", "json"] + arguments, cwd: cwd)
    XCTAssertEqual(r.status, 0, r.err)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], r.out)
    XCTAssertEqual(object["format_version"] as? Int, 1)
    return try XCTUnwrap(object["changes"] as? [[String: Any]])
  }

  /// What headless Chromium measures of each page `zlc diff --html` wrote into `out`
  /// (scripts/diff_html_check.py, with `arguments`), by page; skipped off CI without Chromium.
  func measuredPages(_ out: URL, arguments: [String] = []) throws -> [String: [String: Any]] {
    let script = repositoryRoot.appendingPathComponent("scripts/diff_html_check.py").path
    let check = try run(["python3", script, out.path] + arguments)
    if check.status == 2 {
      if onCI { XCTFail("the diff pages test needs Chromium and websocket-client on CI: \(check.err)") }
      throw XCTSkip(check.err)
    }
    XCTAssertEqual(check.status, 0, check.err)
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: [String: Any]])
  }

  /// An app of two platforms: a default changed in one platform's manifest is a change on that
  /// platform; the same change in both is one change naming none.
  func testAChangeOfOnePlatformsManifestNamesThatPlatform() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    try starter(dir.appendingPathComponent("base"), template: "multi-platform")
    let head = try starter(dir.appendingPathComponent("head"), template: "multi-platform")
    func retitle(_ platform: String) throws {
      let url = head.appendingPathComponent("components/promo_banner/\(platform).json")
      let text = try String(contentsOf: url, encoding: .utf8)
      try text.replacingOccurrences(of: "New this week", with: "Fresh today").write(to: url, atomically: true, encoding: .utf8)
    }
    try retitle("ios")
    let base = dir.appendingPathComponent("base").path
    let one = try changes([base, head.path])
    XCTAssertEqual(one.count, 1, "\(one)")
    XCTAssertEqual(one.first?["kind"] as? String, "component_changed")
    XCTAssertEqual(one.first?["platforms"] as? [String], ["ios"])
    XCTAssertEqual(try zlc(["diff", base, head.path, "--exit-code"]).status, 1)

    try retitle("android_for_quickbrick")
    let both = try changes([base, head.path])
    XCTAssertEqual(both.map { $0["platforms"] as? [String] }, [["ios"], ["android_for_quickbrick"]], "each platform's own values differ")
  }

  /// Text and markdown print nothing; JSON prints its object with no change, so that
  /// `jq '.changes | length'` reads 0.
  func testIdenticalProjectsPrintNoChangeAndExitZero() throws {
    let (base, head) = try pair(edited: false)
    for format in ["text", "json", "markdown"] {
      let r = try zlc(["diff", base.path, head.path, "--format", format, "--exit-code"])
      XCTAssertEqual(r.status, 0, r.err)
      XCTAssertEqual(r.out, format == "json" ? "{\n  \"format_version\": 1,\n  \"changes\": []\n}\n" : "", format)
      XCTAssertEqual(r.err, "")
    }
  }

  func testFamilyEditIsOneChangeForTheTabletAndNoneForThePhone() throws {
    let (base, head) = try pair()
    let changes = try changes([base.path, head.path])
    XCTAssertEqual(changes.count, 1, "\(changes)")
    let change = try XCTUnwrap(changes.first)
    XCTAssertEqual(change["kind"] as? String, "layout")
    XCTAssertEqual(change["screens"] as? [String], ["home"])
    XCTAssertEqual(change["component"] as? String, "grid (GRID_POSTER)")
    XCTAssertEqual(change["components"] as? [String], ["home-shows"])
    XCTAssertEqual(change["device"] as? String, "tablet")
    let old = try XCTUnwrap(change["old"] as? [String: Any])
    let new = try XCTUnwrap(change["new"] as? [String: Any])
    XCTAssertEqual(old["columns"] as? Int, 5)
    XCTAssertEqual(new["columns"] as? Int, 4)
    XCTAssertEqual(old["item.width"] as? Double, 182.4)
    XCTAssertEqual(new["item.width"] as? Double, 232)
    let text = try zlc(["diff", base.path, head.path])
    XCTAssertEqual(text.status, 0, text.err)
    XCTAssertTrue(text.out.hasPrefix(" home | 1 change ~\n 1 screen changed"), text.out)
    XCTAssertFalse(text.out.contains("phone"), text.out)
    XCTAssertFalse(text.out.contains("\u{1B}["), "no colour in a pipe")
    XCTAssertEqual(try zlc(["diff", base.path, head.path]).out, text.out, "deterministic")
    let coloured = try zlc(["diff", base.path, head.path, "--color", "always"])
    XCTAssertTrue(coloured.out.contains("\u{1B}[33mlayout\u{1B}[0m: grid (GRID_POSTER)"), coloured.out)
  }

  /// A navigation plugin's manifest is read by the screens whose navigations name it: a changed
  /// initial value there changes those screens' navigations (their `plugin_values`).
  func testAChangedNavigationPluginManifestChangesTheScreensNavigations() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    func withBar(_ folder: String, background: String) throws -> URL {
      let project = try starter(
        dir.appendingPathComponent(folder),
        edit: [
          "screens/home.json": {
            $0.replacingOccurrences(
              of: #""home": true,"#,
              with: #""home": true, "navigations": [{ "id": "bar", "category": "nav_bar", "navigation_type": "my_bar", "nav_items": [] }],"#
            )
          }
        ])
      let manifest = """
        { "author_name": "x", "author_email": "x@example.com", "manifest_version": "1.0.0", "name": "Bar",
          "description": "d", "identifier": "my_bar", "type": "nav_bar", "platform": "ios", "min_zapp_sdk": "20.0.0",
          "ui_builder_support": true, "whitelisted_account_ids": [], "targets": ["mobile"], "ui_frameworks": ["native"],
          "styles": { "fields": [{ "key": "background_color", "type": "color_picker", "initial_value": "\(background)" }] } }
        """
      try manifest.write(to: project.appendingPathComponent("components/my_bar.json"), atomically: true, encoding: .utf8)
      return project
    }
    let base = try withBar("base", background: "#FFFFFFFF")
    let head = try withBar("head", background: "#FF00FF00")
    let changes = try changes([base.path, head.path])
    XCTAssertEqual(changes.map { $0["kind"] as? String }, ["navigation_changed"], "\(changes)")
    XCTAssertEqual(changes.first?["screens"] as? [String], ["home"])
    XCTAssertEqual(changes.first?["component"] as? String, "bar")
    XCTAssertEqual(changes.first?["field"] as? String, "plugin_values.styles.background_color")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--exit-code"]).status, 1)
  }

  func testRemovedComponentAndRenamedScreen() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let base = try starter(dir.appendingPathComponent("base"))
    let head = try starter(
      dir.appendingPathComponent("head"),
      edit: [
        "screens/home.json": {
          $0.replacingOccurrences(of: #""id": "home-promo""#, with: #""id": "home-promo-gone""#)
            .replacingOccurrences(of: #""name": "Home""#, with: #""name": "Start""#)
        }
      ])
    // The promo's id changed: the old one is removed, the new one added; the name is one rename.
    let changes = try changes([base.path, head.path])
    let removed = changes.filter { $0["kind"] as? String == "component_removed" }
    XCTAssertEqual(removed.count, 1)
    XCTAssertEqual(removed.first?["component"] as? String, "home-promo")
    XCTAssertEqual(removed.first?["screens"] as? [String], ["home"])
    let renamed = changes.filter { $0["kind"] as? String == "screen_renamed" }
    XCTAssertEqual(renamed.count, 1)
    XCTAssertEqual(renamed.first?["old"] as? String, "Home")
    XCTAssertEqual(renamed.first?["new"] as? String, "Start")
  }

  /// A screen of a long id is cut in the summary, so that the other rows are not padded to it.
  func testALongScreenNameIsCutInTheSummary() throws {
    let (base, head) = try pair(edited: false)
    let id = String(repeating: "x", count: 300)
    let grid =
      #"{"component_type": "grid", "data": {"source": "s", "type": "APPLICASTER_COLLECTION"}, "#
      + #""styles": {"cell_styles": ["GRID_POSTER"]}}"#
    let screen = #"[{"id": "\#(id)", "type": "general_content", "styles": {"family": "STARTER"}, "ui_components": [\#(grid)]}]"#
    try screen.write(to: head.appendingPathComponent("screens/long.json"), atomically: true, encoding: .utf8)
    let r = try zlc(["diff", base.path, head.path, "--color", "never"])
    let summary = r.out.components(separatedBy: "\n\n").first ?? ""
    XCTAssertTrue(summary.contains(String(repeating: "x", count: 59) + "…"), r.out)
    XCTAssertLessThan(summary.split(separator: "\n").map(\.count).max() ?? 0, 100, r.out)
  }

  func testExitCodeIsOneWhenTheProjectsDiffer() throws {
    let (base, head) = try pair()
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--exit-code"]).status, 1)
    XCTAssertEqual(try zlc(["diff", base.path, head.path]).status, 0)
  }

  func testBadArgumentsAndInvalidProjects() throws {
    let (base, head) = try pair()
    for arguments in [
      ["diff"], ["diff", base.path], ["diff", base.path, head.path, "--format", "yaml"], ["diff", "--base", "HEAD", "a", "b"],
    ] {
      let r = try zlc(arguments)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.contains("Error:") || r.err.contains("error:"), r.err)
    }
    let foreign = base.deletingLastPathComponent().appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
    try "mine".write(to: foreign.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let refused = try zlc(["diff", base.path, head.path, "--html", foreign.path])
    XCTAssertEqual(refused.status, 64, refused.err)
    XCTAssertTrue(refused.err.contains("[ZL0111]"), refused.err)
    XCTAssertEqual(try String(contentsOf: foreign.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
    // The pages may not go into either project's inputs.
    let intoBase = try zlc(["diff", base.path, head.path, "--html", base.appendingPathComponent("screens/out").path])
    XCTAssertEqual(intoBase.status, 64, intoBase.err)
    XCTAssertTrue(intoBase.err.contains("is inside the project's input folder 'screens'"), intoBase.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: base.appendingPathComponent("screens/out").path))
    let platform = try zlc(["diff", base.path, head.path, "--platform", "android"])
    XCTAssertEqual(platform.status, 64, platform.err)
    XCTAssertTrue(platform.err.contains("[ZL0114]"), platform.err)
    XCTAssertTrue(platform.err.hasSuffix("not compared: see the option's error above\n"), "no project's error: \(platform.err)")
    let notGit = try zlc(["diff", "--base", "HEAD", head.path])
    XCTAssertEqual(notGit.status, 64, notGit.err)
    XCTAssertTrue(notGit.err.contains("is not in a git repository"), notGit.err)
    try "{".write(to: head.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let broken = try zlc(["diff", base.path, head.path])
    XCTAssertEqual(broken.status, 1, broken.err)
    XCTAssertTrue(broken.err.contains("home.json:1:2: error:"), broken.err)
    XCTAssertTrue(broken.err.hasSuffix("not compared: fix the errors in \(head.path)\n"), broken.err)
    XCTAssertEqual(broken.out, "")
    // With --exit-code, 1 says only that the projects differ: one not compared is 2.
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--exit-code"]).status, 2)
    // A broken project compared with itself is reported once.
    let itself = try zlc(["diff", head.path, head.path])
    XCTAssertEqual(itself.status, 1, itself.err)
    XCTAssertEqual(itself.err.components(separatedBy: "home.json:1:2: error:").count, 2, itself.err)
    XCTAssertTrue(itself.err.hasSuffix("not compared: fix the errors in \(head.path)\n"), itself.err)
  }

  func testBaseRevisionAgainstTheWorkTree() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    let project = try starter(repo.appendingPathComponent("app"))
    let git = { (arguments: [String]) in
      let r = try self.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, cwd: repo)
      XCTAssertEqual(r.status, 0, r.err)
    }
    try git(["init", "-q"])
    // A file marked export-ignore is part of the revision all the same.
    try "families/STARTER.json export-ignore\n".write(
      to: project.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
    try git(["add", "."])
    try git(["commit", "-q", "-m", "starter"])
    let family = project.appendingPathComponent("families/STARTER.json")
    let text = try String(contentsOf: family, encoding: .utf8)
    try text.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 3"#)
      .write(to: family, atomically: true, encoding: .utf8)
    let before = try snapshot(repo)
    let changes = try changes(["--base", "HEAD", "app"], cwd: repo)
    XCTAssertEqual(changes.count, 1, "\(changes)")
    XCTAssertEqual(changes.first?["device"] as? String, "tablet")
    XCTAssertEqual((changes.first?["old"] as? [String: Any])?["columns"] as? Int, 4)
    XCTAssertEqual((changes.first?["new"] as? [String: Any])?["columns"] as? Int, 3)
    XCTAssertEqual(try snapshot(repo), before, "the work tree and the repository are left as they were")
    // From inside the project, and nothing left in the temporary folder (by this run: another
    // process's may be there).
    func diffFolders() throws -> Set<String> {
      Set(
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter {
          $0.hasPrefix("zlc-diff-") && $0.count == "zlc-diff-".count + 36
        })
    }
    let earlier = try diffFolders()
    XCTAssertEqual(try zlc(["diff", "--base", "HEAD", "--exit-code"], cwd: project).status, 1)
    XCTAssertEqual(try diffFolders().subtracting(earlier), [])
    // A project the revision does not hold yet.
    try starter(repo.appendingPathComponent("new-app"))
    let new = try zlc(["diff", "--base", "HEAD", "new-app"], cwd: repo)
    XCTAssertEqual(new.status, 1, new.err)
    XCTAssertTrue(new.err.hasSuffix("error: HEAD has no 'new-app'\n"), "no git wording: \(new.err)")
    let unknown = try zlc(["diff", "--base", "no-such-branch"], cwd: project)
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.err.contains("'no-such-branch' is not a revision"), unknown.err)
    // A revision with errors: its files are named REV:project/…, not by their temporary copy.
    let screens = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("screens").path).sorted()
    let screen = project.appendingPathComponent("screens/" + (screens.first ?? ""))
    let good = try String(contentsOf: screen, encoding: .utf8)
    try "[".write(to: screen, atomically: true, encoding: .utf8)
    try git(["commit", "-q", "-a", "-m", "broken"])
    try good.write(to: screen, atomically: true, encoding: .utf8)
    let broken = try zlc(["diff", "--base", "HEAD", "app/"], cwd: repo)
    XCTAssertEqual(broken.status, 1, broken.err)
    XCTAssertTrue(broken.err.hasPrefix("HEAD:app/screens/\(screens.first ?? ""):1:2: error:"), broken.err)
    XCTAssertFalse(broken.err.contains("zlc-diff-"), broken.err)
    // From the repository's root, which holds no project: the notes name the revision's folder as
    // REV:…, not its temporary copy, and a bundle zlc built there is no project to suggest.
    XCTAssertEqual(try zlc(["build", "app", "-o", "out"], cwd: repo).status, 0)
    let root = try zlc(["diff", "--base", "HEAD"], cwd: repo)
    XCTAssertEqual(root.status, 1, root.err)
    XCTAssertTrue(root.err.contains("note: 'HEAD:./app' holds screens: did you mean that folder?"), root.err)
    XCTAssertTrue(root.err.contains("note: './app' holds screens: did you mean that folder?"), root.err)
    XCTAssertFalse(root.err.contains("zlc-diff-"), root.err)
    XCTAssertFalse(root.err.contains("'./out'"), root.err)
  }

  /// Stopped by SIGINT, SIGTERM or SIGHUP while git writes the revision out (a `git` first on PATH
  /// that lingers after `checkout-index`), `zlc diff --base` stops git, removes its temporary copy
  /// of the project and ends by that signal.
  func testAStoppedRevisionDiffRemovesItsTemporaryCopy() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let repo = dir.appendingPathComponent("repo")
    try starter(repo.appendingPathComponent("app"))
    for arguments in [
      ["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "app"],
    ] {
      let r = try run(["git"] + arguments, cwd: repo)
      XCTAssertEqual(r.status, 0, r.err)
    }
    let bin = dir.appendingPathComponent("bin")
    let tmp = dir.appendingPathComponent("tmp")
    for folder in [bin, tmp] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    let git = bin.appendingPathComponent("git")
    try """
    #!/bin/sh
    PATH="${PATH#*:}" git "$@" || exit $?
    case "$*" in *checkout-index*) exec sleep 20 ;; esac

    """.write(to: git, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: git.path)
    let fm = FileManager.default
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let process = Process()
      process.executableURL = try zlcBinary()
      process.arguments = ["diff", "--base", "HEAD", "app"]
      process.currentDirectoryURL = repo
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["TMPDIR"] = tmp.path
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Until the revision is written out (git lingers then).
      let deadline = Date().addingTimeInterval(60)
      func written() -> Bool {
        let copies = (try? fm.contentsOfDirectory(atPath: tmp.path)) ?? []
        // The revision's files keep their paths in the repository: the project is `app` in it.
        return copies.contains { fm.fileExists(atPath: tmp.path + "/" + $0 + "/project/app/zlc.json") }
      }
      while !written(), process.isRunning, Date() < deadline { usleep(20_000) }
      XCTAssertTrue(written(), "the revision's copy")
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(signal)")
      XCTAssertEqual(process.terminationStatus, signal)
      XCTAssertEqual(try fm.contentsOfDirectory(atPath: tmp.path), [], "signal \(signal) leaves nothing behind")
      for leftover in try fm.contentsOfDirectory(atPath: tmp.path) { try? fm.removeItem(atPath: tmp.path + "/" + leftover) }
    }
  }

  func testMarkdownIsATable() throws {
    let (base, head) = try pair()
    let r = try zlc(["diff", base.path, head.path, "--format", "markdown"])
    XCTAssertEqual(r.status, 0, r.err)
    let program = """
      import json, sys, markdown
      from html.parser import HTMLParser

      class Tables(HTMLParser):
          def __init__(self):
              super().__init__()
              self.tables, self.cell = [], None
          def handle_starttag(self, tag, attrs):
              if tag == "table": self.tables.append([])
              elif tag == "tr": self.tables[-1].append([])
              elif tag in ("td", "th"): self.cell = ""
          def handle_endtag(self, tag):
              if tag in ("td", "th"):
                  self.tables[-1][-1].append(self.cell.strip())
                  self.cell = None
          def handle_data(self, data):
              if self.cell is not None: self.cell += data

      parser = Tables()
      parser.feed(markdown.markdown(sys.stdin.read(), extensions=["tables"]))
      print(json.dumps(parser.tables))
      """
    let tables = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(try pythonWithMarkdown(program, input: r.out).utf8)) as? [[[String]]])
    XCTAssertEqual(tables.count, 2, r.out)
    XCTAssertEqual(tables.first, [["Screen", "Changes"], ["home", "1 change"]])
    XCTAssertEqual(tables.last?.first, ["Change", "Screens", "Component", "Device", "Platform", "Field", "Old", "New"])
    XCTAssertEqual(
      tables.last?.dropFirst().first,
      [
        "layout", "home", "grid (GRID_POSTER) 'home-shows' (family STARTER)", "tablet", "", "columns, item.width, item.height",
        "columns 5, item.width 182.4, item.height 273.59", "columns 4, item.width 232, item.height 347.98",
      ])
  }

  /// Runs a Python program that imports `markdown` (scripts/install-test-deps.sh installs it).
  func pythonWithMarkdown(_ program: String, input: String) throws -> String {
    if try run(["python3", "-c", "import markdown"]).status != 0 {
      if onCI { XCTFail("python3's markdown module is missing on CI") }
      throw XCTSkip("python3's markdown module is not installed (scripts/install-test-deps.sh installs it)")
    }
    let r = try run(["python3", "-c", program], input: input)
    XCTAssertEqual(r.status, 0, r.err)
    return r.out
  }

  func testHTMLPagesDrawBothWireframesWithTheChangedSectionOutlined() throws {
    let (base, head) = try pair()
    let pages = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: pages) }
    let out = pages.appendingPathComponent("diff")
    let r = try zlc(["diff", base.path, head.path, "--html", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    let measured = try measuredPages(out)
    XCTAssertEqual(Set(measured.keys), ["index.html", "home.html"])
    let home = try XCTUnwrap(measured["home.html"])
    XCTAssertEqual(home["errors"] as? [String], [])
    // Links lead only to pages of the folder: the starter's show screen did not change, has no page.
    XCTAssertEqual(home["links"] as? [String], ["index.html"])
    let pairs = try XCTUnwrap(home["pairs"] as? [[String: Any]]).map { $0.compactMapValues { $0 as? [String: Any] } }
    XCTAssertEqual(pairs.count, 2)
    for pair in pairs {
      for side in ["before", "after"] {
        let screen = try XCTUnwrap(pair[side]?["screen"] as? [String: Double], "\(side) wireframe")
        XCTAssertGreaterThan(screen["w"] ?? 0, 0)
        XCTAssertGreaterThan(screen["h"] ?? 0, 0)
      }
    }
    let tablet = try XCTUnwrap(pairs.first { ($0["before"]?["screen"] as? [String: Double])?["w"] == 1024 })
    let phone = try XCTUnwrap(pairs.first { ($0["before"]?["screen"] as? [String: Double])?["w"] == 375 })
    for side in ["before", "after"] {
      let outlined = try XCTUnwrap(tablet[side]?["outlined"] as? [[String: Any]])
      XCTAssertEqual(outlined.map { $0["section"] as? String }, ["2"], "the grid, section 2, is outlined on the tablet")
      XCTAssertEqual(outlined.first?["outline_style"] as? String, "solid")
      XCTAssertGreaterThan(outlined.first?["outline_width"] as? Double ?? 0, 0)
      XCTAssertEqual((phone[side]?["outlined"] as? [Any])?.count, 0, "nothing changed on the phone")
    }
  }

  /// A mapping that hides the grid on the tablet outlines it there only.
  func testAMappingForTheTabletIsOutlinedOnTheTabletOnly() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let base = try starter(dir.appendingPathComponent("base"))
    let head = try starter(
      dir.appendingPathComponent("head"),
      edit: [
        "screens/home.json": {
          $0.replacingOccurrences(of: #""id": "home-shows","#, with: #""id": "home-shows", "size_class_mapping": {"L": "hide"},"#)
        }
      ])
    let out = dir.appendingPathComponent("diff")
    XCTAssertEqual(try zlc(["diff", base.path, head.path, "--html", out.path]).status, 0)
    let check = try run(["python3", repositoryRoot.appendingPathComponent("scripts/diff_html_check.py").path, out.path])
    if check.status == 2 {
      if onCI { XCTFail("the diff pages test needs Chromium and websocket-client on CI: \(check.err)") }
      throw XCTSkip(check.err)
    }
    let measured = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: [String: Any]])
    let pairs = try XCTUnwrap(measured["home.html"]?["pairs"] as? [[String: Any]])
    let outlined = pairs.map { pair in
      ["before", "after"].map { side in
        let drawn = pair[side] as? [String: Any]
        let width = (drawn?["screen"] as? [String: Double])?["w"] ?? 0
        return "\(Int(width)): \((drawn?["outlined"] as? [[String: Any]] ?? []).compactMap { $0["section"] as? String })"
      }
    }
    XCTAssertEqual(outlined, [["375: []", "375: []"], ["1024: [\"2\"]", "1024: [\"2\"]"]])
  }

  /// A revision without a project is named as the revision, never by its temporary copy; a broken
  /// project compared with itself, its folder written two ways, is reported once.
  func testFoldersAreNamedAsGiven() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    try "notes".write(to: repo.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    for arguments in [
      ["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "notes"],
    ] {
      XCTAssertEqual(try run(["git"] + arguments, cwd: repo).status, 0)
    }
    let none = try zlc(["diff", "--base", "HEAD"], cwd: repo)
    XCTAssertEqual(none.status, 1, none.err)
    XCTAssertTrue(none.err.hasPrefix("HEAD:.: error: no layout project in 'HEAD:.': zlc expected"), none.err)
    XCTAssertFalse(none.err.contains("zlc-diff-"), none.err)
    let project = try starter(repo.appendingPathComponent("app"))
    try "{".write(to: project.appendingPathComponent("screens/home.json"), atomically: true, encoding: .utf8)
    let twice = try zlc(["diff", "app", "./app"], cwd: repo)
    XCTAssertEqual(twice.status, 1, twice.err)
    XCTAssertEqual(
      twice.err,
      "app/screens/home.json:1:2: error: expected a key, found the end of the file [ZL0101]\n  |\n1 | {\n  |  ^\n"
        + "1 error, 0 warnings in 7 files\n"
        + "not compared: fix the errors in app\n")
  }
}
