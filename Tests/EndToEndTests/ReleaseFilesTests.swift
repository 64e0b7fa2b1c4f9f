import Foundation
import XCTest

/// The files that ship zlc (issue 15): workflows, the GitHub Action, the release archives, the
/// Homebrew formula, the pre-commit hooks and the snippets of docs/ci.md, each run or linted.
final class ReleaseFilesTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = temporary()
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: dir)
  }

  func file(_ relative: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(relative), encoding: .utf8)
  }

  /// zlcVersion and zlcRepository, read from the one place they are set.
  func versionConstant(_ name: String) throws -> String {
    let text = try file("Sources/ZappDiagnostics/Version.swift")
    let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("public let \(name) = \"") })
    return String(line.split(separator: "\"")[1])
  }

  /// The fenced blocks of docs/ci.md that follow `<!-- check: KIND -->`.
  func snippets(_ kind: String) throws -> [String] {
    let parts = try file("docs/ci.md").components(separatedBy: "<!-- check: \(kind) -->\n```yaml\n").dropFirst()
    return parts.map { String($0[..<$0.range(of: "\n```")!.lowerBound]) + "\n" }
  }

  /// The platform name of the release archive for this machine.
  var platform: String {
    #if os(macOS)
      return "macos-universal"
    #else
      var name = utsname()
      uname(&name)
      let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      return machine == "aarch64" || machine == "arm64" ? "linux-aarch64" : "linux-x86_64"
    #endif
  }

  /// A release folder laid out as GitHub serves one (download/vVERSION/ARCHIVE), holding this
  /// machine's archive of the debug zlc, made by scripts/package-release.sh.
  func fakeRelease() throws -> (root: URL, archive: URL) {
    let version = try versionConstant("zlcVersion")
    let folder = dir.appendingPathComponent("releases/download/v\(version)")
    let r = try run([
      "bash", "scripts/package-release.sh", ".build/debug/zlc", version, platform, folder.path,
    ])
    XCTAssertEqual(r.status, 0, r.err)
    return (dir.appendingPathComponent("releases"), folder.appendingPathComponent("zlc-\(version)-\(platform).tar.gz"))
  }

  // MARK: Workflows

  /// actionlint accepts every workflow (and, through `uses: ./` in release.yml, the action's
  /// metadata) and every workflow in docs/ci.md.
  func testWorkflowsAndDocumentedWorkflowsPassActionlint() throws {
    let workflows = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(".github/workflows").path)
      .filter { $0.hasSuffix(".yml") }.sorted()
    XCTAssertEqual(workflows, ["ci.yml", "release.yml"])
    let own = try run(["actionlint", "-no-color"] + workflows.map { ".github/workflows/" + $0 })
    XCTAssertEqual(own.status, 0, own.out + own.err)
    XCTAssertTrue(
      try file(".github/workflows/release.yml").contains("uses: ./\n"), "release.yml runs the action, so actionlint reads action.yml")
    let documented = try snippets("workflow")
    XCTAssertEqual(documented.count, 2)
    let folder = dir.appendingPathComponent(".github/workflows")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (i, snippet) in documented.enumerated() {
      try snippet.write(to: folder.appendingPathComponent("doc\(i).yml"), atomically: true, encoding: .utf8)
    }
    let docs = try run(["actionlint", "-no-color", ".github/workflows/doc0.yml", ".github/workflows/doc1.yml"], cwd: dir)
    XCTAssertEqual(docs.status, 0, docs.out + docs.err)
    // actionlint fails on a mistake, so the runs above could fail.
    try (documented[0] + "      - uses: actions/checkout@v5\n        with:\n          no-such-input: 1\n").write(
      to: folder.appendingPathComponent("doc0.yml"), atomically: true, encoding: .utf8)
    XCTAssertEqual(try run(["actionlint", "-no-color", ".github/workflows/doc0.yml"], cwd: dir).status, 1)
  }

  /// The scripts of the release, the action and the test set-up pass shellcheck.
  func testScriptsPassShellcheck() throws {
    let scripts = [
      "scripts/action-install.sh", "scripts/action-check.sh", "scripts/action-diff.sh", "scripts/package-release.sh",
      "scripts/render-formula.sh",
      "scripts/stamp-commit.sh", "scripts/install-test-deps.sh",
    ]
    let r = try run(["shellcheck"] + scripts)
    XCTAssertEqual(r.status, 0, r.out)
  }

  // MARK: The action

  /// action.yml, checked as GitHub reads it: a composite action whose inputs are described and
  /// used, whose outputs come from its steps, whose shell steps get inputs only through env (no
  /// `${{ }}` in a script, so no injection), and whose scripts exist.
  func testActionMetadataIsConsistent() throws {
    let report = try python(
      """
      import json, os, re, yaml
      action = yaml.safe_load(open("action.yml"))
      problems = []
      runs = action["runs"]
      if runs.get("using") != "composite": problems.append("not composite")
      for key in ("name", "description"):
          if not action.get(key): problems.append("no " + key)
      inputs = action.get("inputs", {})
      for name, spec in inputs.items():
          if not spec.get("description"): problems.append("input %s has no description" % name)
      text = open("action.yml").read()
      used = set(re.findall(r"inputs\\.([A-Za-z0-9_-]+)", text))
      problems += ["unknown input " + u for u in sorted(used - set(inputs))]
      problems += ["unused input " + u for u in sorted(set(inputs) - used)]
      ids = {s.get("id") for s in runs["steps"]}
      for name, spec in action.get("outputs", {}).items():
          m = re.fullmatch(r"\\$\\{\\{ steps\\.([a-z-]+)\\.outputs\\.[a-z-]+ \\}\\}", spec["value"])
          if not m or m.group(1) not in ids: problems.append("output %s from no step" % name)
      for step in runs["steps"]:
          if "run" in step:
              if step.get("shell") != "bash": problems.append("step %s has no shell" % step["name"])
              if "${{" in step["run"]: problems.append("step %s expands an expression in its script" % step["name"])
              for script in re.findall(r"GITHUB_ACTION_PATH/([\\w./-]+)", step["run"]):
                  if not os.access(script, os.X_OK): problems.append("no executable " + script)
          elif "uses" not in step: problems.append("step %s neither runs nor uses" % step["name"])
      print(json.dumps({"problems": problems, "inputs": sorted(inputs), "steps": [s["name"] for s in runs["steps"]]}))
      """)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
    XCTAssertEqual(object["problems"] as? [String], [])
    XCTAssertEqual(
      object["inputs"] as? [String], ["category", "diff", "project", "sarif-file", "upload-sarif", "version", "warnings-as-errors"])
    XCTAssertEqual(
      object["steps"] as? [String],
      [
        "Install zlc", "Check the layout project", "Summarise the layout changes", "Upload SARIF to code scanning",
        "Fail when the check failed",
      ])
  }

  /// The install step downloads this runner's archive, checks its sha256, and puts zlc on PATH;
  /// a tampered archive and an unknown runner fail.
  func testActionInstallsTheReleaseForTheRunner() throws {
    let release = try fakeRelease()
    let githubPath = dir.appendingPathComponent("path")
    let githubOutput = dir.appendingPathComponent("output")
    let runnerTemp = dir.appendingPathComponent("runner")
    try FileManager.default.createDirectory(at: runnerTemp, withIntermediateDirectories: true)
    #if os(macOS)
      let runner = ["RUNNER_OS": "macOS", "RUNNER_ARCH": "ARM64"]
    #else
      let runner = ["RUNNER_OS": "Linux", "RUNNER_ARCH": platform == "linux-aarch64" ? "ARM64" : "X64"]
    #endif
    let environment =
      [
        "ZLC_RELEASES": release.root.absoluteString, "GITHUB_PATH": githubPath.path, "GITHUB_OUTPUT": githubOutput.path,
        "RUNNER_TEMP": runnerTemp.path, "ZLC_VERSION": "",
      ].merging(runner) { $1 }
    let r = try run(["bash", "scripts/action-install.sh"], environment: environment)
    XCTAssertEqual(r.status, 0, r.out + r.err)
    let version = try versionConstant("zlcVersion")
    XCTAssertTrue(r.out.hasPrefix("zlc-\(version)-\(platform).tar.gz: OK\n\(version) (commit"), r.out)
    let installed = try String(contentsOf: githubPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(installed, runnerTemp.appendingPathComponent("zlc-\(version)-\(platform)").path)
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed + "/zlc"))
    XCTAssertEqual(try String(contentsOf: githubOutput, encoding: .utf8), "version=\(version)\n")
    // A tampered archive is refused.
    var bytes = try Data(contentsOf: release.archive)
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: release.archive)
    let tampered = try run(["bash", "scripts/action-install.sh"], environment: environment)
    XCTAssertNotEqual(tampered.status, 0)
    XCTAssertTrue(tampered.err.contains("::error title=zlc::zlc-\(version)-\(platform).tar.gz does not match its sha256"), tampered.err)
    // A runner with no release.
    let windows = try run(
      ["bash", "scripts/action-install.sh"], environment: environment.merging(["RUNNER_OS": "Windows", "RUNNER_ARCH": "X64"]) { $1 })
    XCTAssertEqual(windows.status, 1)
    XCTAssertTrue(windows.err.contains("no zlc release for Windows X64"), windows.err)
  }

  /// The check step records zlc's status and writes SARIF without failing, so that the upload
  /// runs; the last step of the action fails on that status.
  func testActionCheckRecordsTheStatusAndWritesSarif() throws {
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
    let path = repositoryRoot.appendingPathComponent(".build/debug").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    for (project, status) in [
      (repositoryRoot.appendingPathComponent("manifests").path, "0"), (dir.appendingPathComponent("empty").path, "1"),
    ] {
      let output = dir.appendingPathComponent("output")
      try? FileManager.default.removeItem(at: output)
      let sarif = dir.appendingPathComponent("zlc.sarif")
      let r = try run(
        ["bash", "scripts/action-check.sh"],
        environment: ["PATH": path, "ZLC_PROJECT": project, "ZLC_SARIF": sarif.path, "GITHUB_OUTPUT": output.path, "ZLC_STRICT": "true"])
      XCTAssertEqual(r.status, 0, r.err)
      XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "status=\(status)\nsarif-file=\(sarif.path)\n")
      let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
      XCTAssertEqual(log["version"] as? String, "2.1.0")
      if status == "1" { XCTAssertTrue(r.out.hasPrefix("::error file="), r.out) }
    }
    // The demo checked with its log at `sarif`: the step's outputs, and what it printed.
    let output = dir.appendingPathComponent("output")
    let checkDemo = { (sarif: String) throws -> (outputs: String, printed: String) in
      try? FileManager.default.removeItem(at: output)
      let r = try self.run(
        ["bash", "scripts/action-check.sh"],
        environment: [
          "PATH": path, "ZLC_PROJECT": repositoryRoot.appendingPathComponent("manifests").path, "ZLC_SARIF": sarif,
          "GITHUB_OUTPUT": output.path,
        ])
      XCTAssertEqual(r.status, 0, r.err)
      return (try String(contentsOf: output, encoding: .utf8), r.out)
    }
    // A SARIF log that cannot be written whole is not offered for upload, and the run fails.
    let full = try checkDemo("/dev/full")
    XCTAssertEqual(full.outputs, "status=74\nsarif-file=\n")
    XCTAssertTrue(full.printed.contains("::warning::zlc could not write /dev/full whole;"), full.printed)
    // A project with a file zlc cannot read (exit status 74 too) has a whole log: it is uploaded.
    let unreadable = dir.appendingPathComponent("unreadable")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: unreadable)
    try FileManager.default.createSymbolicLink(
      atPath: unreadable.appendingPathComponent("screens/gone.json").path, withDestinationPath: "/nonexistent/gone.json")
    try? FileManager.default.removeItem(at: output)
    let sarif = dir.appendingPathComponent("whole.sarif")
    let broken = try run(
      ["bash", "scripts/action-check.sh"],
      environment: ["PATH": path, "ZLC_PROJECT": unreadable.path, "ZLC_SARIF": sarif.path, "GITHUB_OUTPUT": output.path])
    XCTAssertEqual(broken.status, 0, broken.err)
    XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "status=74\nsarif-file=\(sarif.path)\n")
    XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any])
    // A directory where the log goes (holding an older log) gets nothing, and nothing is uploaded.
    let folder = dir.appendingPathComponent("logs")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try #"{"stale": 1}"#.write(to: folder.appendingPathComponent("old.sarif"), atomically: true, encoding: .utf8)
    XCTAssertEqual(try checkDemo(folder.path).outputs, "status=74\nsarif-file=\n")
    // A log in a folder that does not exist yet gets its folder: the clean project passes.
    let nested = dir.appendingPathComponent("reports/zlc/zlc.sarif")
    XCTAssertEqual(try checkDemo(nested.path).outputs, "status=0\nsarif-file=\(nested.path)\n")
    XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: nested)) as? [String: Any])
  }

  /// The diff step writes what a pull request changes (against its base commit) to the job
  /// summary as Markdown, says so when nothing changed, and never fails the job.
  func testActionDiffWritesTheJobSummary() throws {
    let repo = dir.appendingPathComponent("repo")
    let project = repo.appendingPathComponent("manifests")
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    let git = { (arguments: [String]) -> String in
      let r = try self.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, cwd: repo)
      XCTAssertEqual(r.status, 0, r.err)
      return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    _ = try git(["init", "-q"])
    _ = try git(["add", "."])
    _ = try git(["commit", "-q", "-m", "base"])
    let base = try git(["rev-parse", "HEAD"])
    let path = repositoryRoot.appendingPathComponent(".build/debug").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    let summary = dir.appendingPathComponent("summary.md")
    let environment = ["PATH": path, "ZLC_PROJECT": project.path, "ZLC_BASE_SHA": base, "GITHUB_STEP_SUMMARY": summary.path]
    var r = try run(["bash", "scripts/action-diff.sh"], environment: environment)
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertEqual(try String(contentsOf: summary, encoding: .utf8), "### zlc diff\n\nNo change in the resolved layouts.\n")
    try FileManager.default.removeItem(at: summary)
    let home = project.appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: #""name": "Home""#, with: #""name": "Start""#)
      .write(to: home, atomically: true, encoding: .utf8)
    r = try run(["bash", "scripts/action-diff.sh"], environment: environment)
    XCTAssertEqual(r.status, 0, r.err)
    let written = try String(contentsOf: summary, encoding: .utf8)
    XCTAssertTrue(written.hasPrefix("### zlc diff\n"), written)
    XCTAssertTrue(written.contains("| screen renamed | home |"), written)
    // An unknown base commit is a warning, not a failure.
    r = try run(
      ["bash", "scripts/action-diff.sh"], environment: environment.merging(["ZLC_BASE_SHA": String(repeating: "0", count: 40)]) { $1 })
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertTrue(r.out.contains("::warning title=zlc diff::"), r.out)
    // A project the base commit does not hold (the pull request adds it) is new: said in the
    // summary, not a warning of zlc diff's status; its path is Markdown text, not markup.
    try FileManager.default.removeItem(at: summary)
    let name = "n|ew <b>app`x`_"
    try FileManager.default.moveItem(at: project, to: repo.appendingPathComponent(name))
    _ = try git(["add", "-A"])
    _ = try git(["commit", "-q", "-m", "moved"])
    let app = repo.appendingPathComponent(name).path
    r = try run(["bash", "scripts/action-diff.sh"], environment: environment.merging(["ZLC_PROJECT": app]) { $1 })
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertFalse(r.out.contains("::warning"), r.out)
    let shown = repo.path.replacingOccurrences(of: "_", with: "\\_") + #"/n\|ew &lt;b&gt;app\`x\`\_"#
    XCTAssertEqual(
      try String(contentsOf: summary, encoding: .utf8),
      "### zlc diff\n\nThe layout project \(shown) is new in this pull request: the base commit does not hold it, so every screen is added.\n"
    )
  }

  // MARK: Archives, formula, version

  /// Release archives are reproducible and hold zlc; the Homebrew formula rendered from their sums
  /// names the archives the workflow publishes, is valid Ruby, and refuses a missing sum.
  func testArchivesAndTheHomebrewFormula() throws {
    let version = try versionConstant("zlcVersion")
    let repository = try versionConstant("zlcRepository")
    let first = try fakeRelease()
    let bytes = try Data(contentsOf: first.archive)
    _ = try fakeRelease()
    XCTAssertEqual(try Data(contentsOf: first.archive), bytes, "the same binary packs to the same archive")
    let listing = try run(["tar", "-tzf", first.archive.path])
    XCTAssertEqual(listing.out, "zlc\nREADME.md\nci.md\n")
    // Sums for the other platforms, as the publish job gathers them.
    let folder = first.archive.deletingLastPathComponent()
    let sums = [
      "macos-universal": String(repeating: "a", count: 64), "linux-x86_64": String(repeating: "b", count: 64),
      "linux-aarch64": String(repeating: "c", count: 64),
    ]
    for (name, sum) in sums {
      try "\(sum)  zlc-\(version)-\(name).tar.gz\n".write(
        to: folder.appendingPathComponent("zlc-\(version)-\(name).tar.gz.sha256"), atomically: true, encoding: .utf8)
    }
    let formula = try run(["bash", "scripts/render-formula.sh", version, folder.path])
    XCTAssertEqual(formula.status, 0, formula.err)
    XCTAssertFalse(formula.out.contains("@"), "every placeholder is filled")
    for (name, sum) in sums {
      XCTAssertTrue(
        formula.out.contains(
          "url \"https://github.com/\(repository)/releases/download/v\(version)/zlc-\(version)-\(name).tar.gz\"\n      sha256 \"\(sum)\""
        )
          || formula.out.contains(
            "url \"https://github.com/\(repository)/releases/download/v\(version)/zlc-\(version)-\(name).tar.gz\"\n    sha256 \"\(sum)\""),
        "\(name): \(formula.out)")
    }
    let rb = dir.appendingPathComponent("zlc.rb")
    try formula.out.write(to: rb, atomically: true, encoding: .utf8)
    let ruby = try run(["ruby", "-c", rb.path])
    XCTAssertEqual(ruby.out, "Syntax OK\n", ruby.err)
    try assertTheFormulaInstallsCompletions(formula.out)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("zlc-\(version)-linux-aarch64.tar.gz.sha256"))
    let missing = try run(["bash", "scripts/render-formula.sh", version, folder.path])
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(missing.err.contains("no \(folder.path)/zlc-\(version)-linux-aarch64.tar.gz.sha256"), missing.err)
  }

  /// The formula installs a completion script for bash, zsh and fish, each as zlc writes it: the
  /// commands it runs give scripts that bash, zsh's `#compdef` and fish's `complete` take.
  func assertTheFormulaInstallsCompletions(_ formula: String) throws {
    let expected = [
      "bash": ("bash_completion/\"zlc\"", "-F _zlc zlc"), "zsh": ("zsh_completion/\"_zlc\"", "#compdef zlc"),
      "fish": ("fish_completion/\"zlc.fish\"", "complete -c 'zlc'"),
    ]
    for (shell, (destination, marker)) in expected {
      let line = "(\(destination)).write Utils.safe_popen_read(bin/\"zlc\", \"--generate-completion-script\", \"\(shell)\")"
      XCTAssertTrue(formula.contains(line), "\(shell): \(formula)")
      let script = try zlc(["--generate-completion-script", shell])
      XCTAssertEqual(script.status, 0, script.err)
      XCTAssertTrue(script.out.contains(marker), "\(shell) completion script")
      XCTAssertTrue(script.out.contains("check"), "\(shell) completes the commands")
    }
    let bash = dir.appendingPathComponent("zlc.bash")
    try zlc(["--generate-completion-script", "bash"]).out.write(to: bash, atomically: true, encoding: .utf8)
    XCTAssertEqual(try run(["bash", "-n", bash.path]).status, 0, "the bash completion script parses")
  }

  /// `make release` stamps the commit: the script writes git's HEAD (or $ZLC_COMMIT) to the
  /// generated file, which git ignores and the build reads with -DZLC_STAMPED_COMMIT.
  func testTheCommitStampOfMakeRelease() throws {
    let out = dir.appendingPathComponent("Stamp.swift")
    let head = try run(["git", "rev-parse", "HEAD"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(head.count, 40)
    try run(["bash", "scripts/stamp-commit.sh", out.path])
    let stamped = try String(contentsOf: out, encoding: .utf8)
    XCTAssertTrue(stamped.contains("let stampedCommit = \"\(head)"), stamped)
    try run(["bash", "scripts/stamp-commit.sh", out.path], environment: ["ZLC_COMMIT": "0123abc"])
    XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).hasSuffix("let stampedCommit = \"0123abc\"\n"))
    let refused = try run(["bash", "scripts/stamp-commit.sh", out.path], environment: ["ZLC_COMMIT": "x\"; evil()"])
    XCTAssertEqual(refused.status, 1)
    let ignored = try run(["git", "check-ignore", "Sources/zlc/BuildCommit+Generated.swift"])
    XCTAssertEqual(ignored.status, 0, "the stamped file is never committed")
    XCTAssertTrue(try file("Sources/zlc/VersionLine.swift").contains("#if ZLC_STAMPED_COMMIT"))
  }

  /// `make release` builds the right way for each platform: static Swift runtime and strip on
  /// Linux; a universal binary, stripped and signed again, on macOS (read with `make -n` and a
  /// uname that says Darwin).
  func testMakeReleaseIsRightForEachPlatform() throws {
    let linux = try run(["make", "-n", "release", "SWIFT=swift"], environment: ["PATH": try fakeUname("Linux") + ":" + path])
    XCTAssertTrue(
      linux.out.contains("swift build -c release --scratch-path .build --static-swift-stdlib -Xswiftc -DZLC_STAMPED_COMMIT\n"), linux.out)
    XCTAssertTrue(linux.out.contains("strip .build/release/zlc\n"), linux.out)
    let mac = try run(["make", "-n", "release", "SWIFT=swift"], environment: ["PATH": try fakeUname("Darwin") + ":" + path])
    XCTAssertTrue(
      mac.out.contains("swift build -c release --scratch-path .build --arch arm64 --arch x86_64 -Xswiftc -DZLC_STAMPED_COMMIT\n"), mac.out)
    XCTAssertFalse(mac.out.contains("static"), mac.out)
    XCTAssertTrue(mac.out.contains("codesign --force --sign - .build/apple/Products/Release/zlc\n"), mac.out)
    XCTAssertEqual(try run(["make", "-s", "version"]).out, try versionConstant("zlcVersion") + "\n")
  }

  var path: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

  /// A folder with a `uname` that prints `system` for -s (and x86_64 for -m).
  func fakeUname(_ system: String) throws -> String {
    let folder = dir.appendingPathComponent("uname-\(system)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("uname")
    try "#!/bin/sh\nif [ \"$1\" = -m ]; then echo x86_64; else echo \(system); fi\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return folder.path
  }

  // MARK: docs/ci.md

  /// The GitLab job of docs/ci.md, run as GitLab would (but for apt-get), against a release
  /// folder: it installs the archive, checks its sum, and checks the demo.
  func testTheGitLabJobRuns() throws {
    let release = try fakeRelease()
    let job = try XCTUnwrap(try snippets("gitlab").first)
    let json = try python(
      "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))", input: job)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
    let zlcJob = try XCTUnwrap(object["zlc"])
    let variables = try XCTUnwrap(zlcJob["variables"] as? [String: String])
    XCTAssertEqual(variables["ZLC_VERSION"], try versionConstant("zlcVersion"))
    let commands = ((zlcJob["before_script"] as? [String]) ?? []) + ((zlcJob["script"] as? [String]) ?? [])
    let repository = try versionConstant("zlcRepository")
    let install = dir.appendingPathComponent("opt-zlc").path
    let script =
      commands.filter { !$0.hasPrefix("apt-get") }.map {
        $0.replacingOccurrences(of: "https://github.com/\(repository)/releases", with: release.root.absoluteString)
          .replacingOccurrences(of: "/opt/zlc", with: install)
          .replacingOccurrences(of: "linux-x86_64", with: platform)
      }.joined(separator: "\n")
    let work = dir.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    _ = try copyDemo(to: work)
    // GitLab's Linux images have sha256sum; macOS has shasum.
    let tools = dir.appendingPathComponent("tools")
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    if toolPath("sha256sum") == nil {
      try "#!/bin/sh\nexec shasum -a 256 \"$@\"\n".write(to: tools.appendingPathComponent("sha256sum"), atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools.appendingPathComponent("sha256sum").path)
    }
    let r = try run(
      ["bash", "-euo", "pipefail", "-c", script], cwd: work,
      environment: ["ZLC_VERSION": variables["ZLC_VERSION"] ?? "", "PATH": tools.path + ":" + path])
    XCTAssertEqual(r.status, 0, r.out + r.err)
    let artifacts = (zlcJob["artifacts"] as? [String: Any])?["paths"] as? [String] ?? []
    XCTAssertEqual(artifacts.count, 2)
    for artifact in artifacts {
      XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent(artifact).path), artifact)
      // A report named like an input (zlc.json is the project's settings) would be read by the next check.
      XCTAssertFalse(["zlc.json", "screen_types.json", "rivers.json"].contains(artifact), artifact)
    }
  }

  /// The GitLab merge request job of docs/ci.md installs zlc as the checked job does, and its
  /// script, run in a clone whose origin holds the base commit, writes the Markdown and the pages.
  func testTheGitLabDiffJobRuns() throws {
    func job(_ kind: String, _ name: String) throws -> [String: Any] {
      let snippet = try XCTUnwrap(try snippets(kind).first)
      let json = try python("import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))", input: snippet)
      let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
      return try XCTUnwrap(object[name])
    }
    let diff = try job("gitlab-diff", "zlc-diff")
    let check = try job("gitlab", "zlc")
    let install = { (job: [String: Any]) in ((job["before_script"] as? [String]) ?? []).filter { !$0.hasPrefix("apt-get") } }
    XCTAssertEqual(install(diff), install(check), "installed as the tested job installs it")
    XCTAssertEqual((diff["variables"] as? [String: String])?["ZLC_VERSION"], try versionConstant("zlcVersion"))
    let origin = dir.appendingPathComponent("origin")
    try FileManager.default.createDirectory(at: origin, withIntermediateDirectories: true)
    _ = try copyDemo(to: origin)
    let git = { (arguments: [String], cwd: URL) -> String in
      let r = try self.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, cwd: cwd)
      XCTAssertEqual(r.status, 0, r.err)
      return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    _ = try git(["init", "-q"], origin)
    _ = try git(["add", "."], origin)
    _ = try git(["commit", "-q", "-m", "base"], origin)
    let base = try git(["rev-parse", "HEAD"], origin)
    let work = dir.appendingPathComponent("work")
    _ = try git(["clone", "-q", "--depth=1", "file://" + origin.path, work.path], dir)
    let home = work.appendingPathComponent("manifests/screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: #""name": "Home""#, with: #""name": "Start""#)
      .write(to: home, atomically: true, encoding: .utf8)
    let path = repositoryRoot.appendingPathComponent(".build/debug").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    let script = ((diff["script"] as? [String]) ?? []).joined(separator: "\n")
    let r = try run(
      ["bash", "-euo", "pipefail", "-c", script], cwd: work, environment: ["PATH": path, "CI_MERGE_REQUEST_DIFF_BASE_SHA": base])
    XCTAssertEqual(r.status, 0, r.out + r.err)
    let markdown = try String(contentsOf: work.appendingPathComponent("layout-diff.md"), encoding: .utf8)
    XCTAssertTrue(markdown.contains("| screen renamed | home |"), markdown)
    XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("layout-diff/home.html").path))
    XCTAssertEqual((diff["artifacts"] as? [String: Any])?["paths"] as? [String], ["layout-diff.md", "layout-diff/"])
  }

  /// The pre-commit configuration of docs/ci.md, pointed at a copy of this repository's hooks,
  /// passes on the demo and fails on a project with an error.
  func testThePreCommitHookChecksTheProject() throws {
    let config = try XCTUnwrap(try snippets("pre-commit").first)
    let repository = try versionConstant("zlcRepository")
    XCTAssertTrue(config.contains("repo: https://github.com/\(repository)\n"), config)
    // The hooks, committed in a repository of their own (pre-commit clones hook repositories).
    let hooks = dir.appendingPathComponent("hooks")
    try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
    let git = ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"]
    for command in [["git", "init", "-q"], ["git", "add", "."], ["git", "commit", "-qm", "hooks"]] {
      XCTAssertEqual(try run(command, cwd: hooks, environment: git).status, 0)
    }
    let rev = try run(["git", "rev-parse", "HEAD"], cwd: hooks).out.trimmingCharacters(in: .whitespacesAndNewlines)
    // A project repository with the documented configuration.
    let project = dir.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    _ = try copyDemo(to: project)
    try config.replacingOccurrences(of: "https://github.com/\(repository)", with: hooks.path)
      .replacingOccurrences(of: "rev: v\(try versionConstant("zlcVersion"))", with: "rev: \(rev)")
      .write(to: project.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
    for command in [["git", "init", "-q"], ["git", "add", "."]] {
      XCTAssertEqual(try run(command, cwd: project, environment: git).status, 0)
    }
    let environment = [
      "PATH": repositoryRoot.appendingPathComponent(".build/debug").path + ":" + path,
      "PRE_COMMIT_HOME": dir.appendingPathComponent("cache").path,
    ].merging(git) { $1 }
    let clean = try run(["pre-commit", "run", "--all-files"], cwd: project, environment: environment)
    XCTAssertEqual(clean.status, 0, clean.out + clean.err)
    XCTAssertTrue(clean.out.contains("zlc check (installed zlc)"), clean.out)
    XCTAssertTrue(clean.out.contains("Passed"), clean.out)
    try "[{\"id\": \"home\", \"type\": \"general_content\"}]".write(
      to: project.appendingPathComponent("manifests/screens/extra.json"), atomically: true, encoding: .utf8)
    XCTAssertEqual(try run(["git", "add", "."], cwd: project, environment: git).status, 0)
    let failing = try run(["pre-commit", "run", "--all-files"], cwd: project, environment: environment)
    XCTAssertEqual(failing.status, 1, failing.out)
    XCTAssertTrue(failing.out.contains("[ZL0404]"), failing.out)
    // Both hooks exist, with the same command and files.
    let hooksFile = try file(".pre-commit-hooks.yaml")
    XCTAssertEqual(hooksFile.components(separatedBy: "entry: zlc check\n").count - 1, 2)
    XCTAssertTrue(hooksFile.contains("- id: zlc-check\n") && hooksFile.contains("language: swift\n"))
  }

  // MARK: The repository name

  /// Every file that names zlc's GitHub repository names the one in Version.swift (a name ending
  /// in /zlc, or owned by zapp-…), and each of these files names it.
  func testTheRepositoryNameIsTheSameEverywhere() throws {
    let repository = try versionConstant("zlcRepository")
    let files = ["README.md", "docs/ci.md", "docs/releasing.md", "scripts/action-install.sh"]
    let patterns = [#"github\.com/([\w.-]+/[\w.-]+)"#, #"uses: ([\w.-]+/[\w.-]+)@"#, #"repository=([\w.-]+/[\w.-]+)"#, #"`([\w.-]+/zlc)`"#]
    for name in files + [".github/workflows/release.yml", "action.yml", "Makefile", ".pre-commit-hooks.yaml"] {
      let text = try file(name)
      var seen = 0
      for pattern in patterns {
        let regex = try NSRegularExpression(pattern: pattern)
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          var found = String(text[Range(match.range(at: 1), in: text)!])
          if found.hasSuffix(".git") { found.removeLast(4) }
          guard found.hasSuffix("/zlc") || found.hasPrefix("zapp"), found != "Sources/zlc" else { continue }
          XCTAssertEqual(found, repository, "\(name) names \(found)")
          seen += 1
        }
      }
      if files.contains(name) { XCTAssertGreaterThan(seen, 0, "\(name) names the repository") }
    }
    XCTAssertTrue(try file("packaging/homebrew/zlc.rb.in").contains("https://github.com/@REPOSITORY@/releases/download/"))
  }
}
