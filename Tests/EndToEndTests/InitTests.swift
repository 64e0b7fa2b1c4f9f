import Foundation
import XCTest
import ZappLayout

/// `zlc init`: each starter checks clean, builds a bundle the runtime loads (a root screen and the
/// connected screen it opens), and nothing is ever written over a user's files.
final class InitTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = temporary() }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func testEachStarterChecksCleanAndBuilds() throws {
    for (template, platform) in [("basic", "ios"), ("multi-platform", "android_for_quickbrick")] {
      let project = dir.appendingPathComponent("app-\(template)")
      let made = try zlc(["init", project.path, "--template", template])
      XCTAssertEqual(made.status, 0, made.err)
      XCTAssertTrue(made.err.contains("wrote a \(template) starter project in \(project.path)"), made.err)
      let check = try zlc(["check", project.path])
      XCTAssertEqual(check.status, 0, check.err)
      XCTAssertTrue(check.err.contains("ok, 0 errors, 0 warnings"), check.err)
      let output = dir.appendingPathComponent("build-\(template)")
      let build = try zlc(["build", project.path, "-o", output.path])
      XCTAssertEqual(build.status, 0, build.err)
      XCTAssertEqual(try zlc(["verify", output.path]).status, 0)
      // The multi-platform starter gets a bundle per platform: its Android one here.
      let bundle = try ScreenBundle.load(from: output, platform: platform)
      XCTAssertEqual(bundle.index.app, "app-\(template)")
      XCTAssertEqual(bundle.index.screens.map(\.id), ["home", "show"])
      let home = try XCTUnwrap(bundle.screens.first { $0.id == "home" })
      let show = try XCTUnwrap(bundle.screens.first { $0.id == "show" })
      XCTAssertEqual(home.home, true)
      XCTAssertFalse(home.resolved.connected)
      XCTAssertTrue(show.resolved.connected)
      XCTAssertEqual(home.resolved.sections.compactMap(\.target), ["show", "show"])
      XCTAssertEqual(bundle.index.requiredRenderers.map(\.platform), [platform])
      // Every section has its geometry on every device, with a height.
      for section in home.resolved.sections + show.resolved.sections {
        XCTAssertEqual(section.layout.map(\.device), ["phone", "tablet"], "\(section.componentType)")
        for entry in section.layout { XCTAssertNotNil(entry.layout.item.height, "\(section.componentType)") }
      }
    }
  }

  func testTheStarterIsTheSameEveryTime() throws {
    let first = dir.appendingPathComponent("a/app")
    let second = dir.appendingPathComponent("b/app")
    XCTAssertEqual(try zlc(["init", first.path, "--template", "multi-platform"]).status, 0)
    XCTAssertEqual(try zlc(["init", second.path, "--template", "multi-platform"]).status, 0)
    XCTAssertEqual(try snapshot(first), try snapshot(second))
  }

  /// `zlc init` without a folder writes into the current one, which may hold hidden entries (a new
  /// `.git`), and never into a folder holding other files, or over a file.
  func testInitWritesOnlyANewOrEmptyFolder() throws {
    let fresh = dir.appendingPathComponent("fresh")
    try FileManager.default.createDirectory(at: fresh.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let here = try zlc(["init"], cwd: fresh)
    XCTAssertEqual(here.status, 0, here.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.appendingPathComponent("zlc.json").path))

    let busy = dir.appendingPathComponent("busy")
    try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
    try Data("my notes".utf8).write(to: busy.appendingPathComponent("notes.txt"))
    let before = try snapshot(dir)
    let refused = try zlc(["init", busy.path])
    XCTAssertEqual(refused.status, 64)
    XCTAssertEqual(
      refused.err,
      "\(busy.path): error: '\(busy.path)' already holds files ('notes.txt'); zlc init writes only an empty or new folder [ZL0111]\n")
    let onFile = try zlc(["init", busy.appendingPathComponent("notes.txt").path])
    XCTAssertEqual(onFile.status, 64)
    XCTAssertTrue(onFile.err.contains("is a file; zlc init writes a new project folder [ZL0111]"), onFile.err)
    // A folder below a file: the error names the file, not a system error number.
    let belowFile = try zlc(["init", busy.appendingPathComponent("notes.txt/app").path])
    XCTAssertEqual(belowFile.status, 64, belowFile.err)
    XCTAssertTrue(
      belowFile.err.contains("is below '\(busy.path)/notes.txt', which is a file, not a folder; zlc init leaves the file alone"),
      belowFile.err)
    let empty = try zlc(["init", ""], cwd: busy)
    XCTAssertEqual(empty.status, 64, empty.err)
    XCTAssertTrue(empty.err.contains("'' is an empty path; give the new project's folder"), empty.err)
    XCTAssertEqual(try snapshot(dir), before, "nothing was written")
    // A FIFO is named as one, not as a file.
    let fifo = dir.appendingPathComponent("pipe")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    let onFIFO = try zlc(["init", fifo.path])
    XCTAssertEqual(onFIFO.status, 64)
    XCTAssertEqual(onFIFO.err, "\(fifo.path): error: '\(fifo.path)' is a FIFO; zlc init writes a new project folder [ZL0111]\n")
    XCTAssertEqual(try zlc(["init", dir.appendingPathComponent("x").path, "--template", "tv"]).status, 64)
    // A link to nothing is refused in words, not Foundation's "a file with the same name exists".
    let dangling = dir.appendingPathComponent("dangling")
    try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "nowhere")
    let linked = try zlc(["init", dangling.path])
    XCTAssertEqual(linked.status, 64, linked.err)
    XCTAssertEqual(
      linked.err,
      "\(dangling.path): error: '\(dangling.path)' is a link to nothing; zlc init writes into a folder, not through a link that leads nowhere: point the link at a folder, or choose another [ZL0111]\n"
    )
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("nowhere").path))
  }

  /// A new project inside an input folder of another (`screens/`, `components/`, `families/`,
  /// `registries/`) would be read as part of that project: refused as an output there is (ZL0111,
  /// exit 64), also through a link; elsewhere in a project, or below a folder named `screens` in
  /// no project, it is written.
  func testInitKeepsOutOfAProjectsInputFolders() throws {
    XCTAssertEqual(try zlc(["init", "ip"], cwd: dir).status, 0)
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("families"), withDestinationURL: dir.appendingPathComponent("ip/families"))
    let before = try snapshot(dir)
    for (folder, input, project) in [
      ("ip/screens/sub", "screens", "ip"), ("ip/components", "components", "ip"), ("./ip/families/a/b", "families", "ip"),
      ("ip/REGISTRIES/x", "REGISTRIES", "ip"), ("families/x", "families", dir.appendingPathComponent("ip").path),
    ] {
      let r = try zlc(["init", folder], cwd: dir)
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertEqual(
        r.err,
        "\(folder): error: '\(folder)' is inside the input folder '\(input)' of the project in '\(project)'; zlc would read the starter's files as that project's: choose a folder outside it [ZL0111]\n"
      )
    }
    XCTAssertEqual(try snapshot(dir), before, "nothing was written")
    // A FIFO is named as one, not as a file.
    let fifo = dir.appendingPathComponent("pipe")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    let onFIFO = try zlc(["init", fifo.path])
    XCTAssertEqual(onFIFO.status, 64)
    XCTAssertEqual(onFIFO.err, "\(fifo.path): error: '\(fifo.path)' is a FIFO; zlc init writes a new project folder [ZL0111]\n")
    XCTAssertEqual(try zlc(["check", "ip"], cwd: dir).status, 0)
    for folder in ["ip/starters/a", "other/screens/x"] {
      let r = try zlc(["init", folder], cwd: dir)
      XCTAssertEqual(r.status, 0, "\(folder): \(r.err)")
    }
  }

  /// A read-only folder is kept as it is, even for root: neither a new project in it nor one in it
  /// when it is empty is written (exit 74). The folder is named as the path given names it.
  func testInitKeepsAReadOnlyFolder() throws {
    let locked = dir.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
    for (folder, named) in [
      ("locked/app", "locked"), ("./locked/a/b", "locked"), ("locked", "locked"), (locked.path + "/app", locked.path),
      ("x/../locked/app", locked.path),
    ] {
      let r = try zlc(["init", folder], cwd: dir)
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertEqual(
        r.err, "\(folder): error: cannot write the starter project: '\(named)' is read-only (its owner may not write it) [ZL0100]\n")
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked.path), [], "nothing written")
    }
    let inside = try zlc(["init", "app"], cwd: locked)
    XCTAssertEqual(
      inside.err, "app: error: cannot write the starter project: '.' is read-only (its owner may not write it) [ZL0100]\n")
  }

  /// A folder named with bytes that are not UTF-8 (`caf\xE9`, Latin-1) is refused before anything
  /// is written: read as Swift reads arguments, it would name another folder (`caf\u{FFFD}`). So is
  /// such a sender for `zlc map`, which would be looked for under another name.
  func testANameThatIsNotUTF8IsRefused() throws {
    let binary = try zlcBinary().path
    let made = try run(["sh", "-c", #"exec "$0" init "$(printf 'caf\351')""#, binary], cwd: dir)
    XCTAssertEqual(made.status, 64, made.err)
    XCTAssertEqual(made.err, "Error: argument 2 ('caf\\xE9') is not UTF-8 text; zlc reads paths and names as UTF-8\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    let map = try run(
      ["sh", "-c", #"exec "$0" map show --project manifests --sender "$(printf 'feeds/\377.json')""#, binary], cwd: repositoryRoot)
    XCTAssertEqual(map.status, 64, map.err)
    XCTAssertEqual(map.err, "Error: argument 6 ('feeds/\\xFF.json') is not UTF-8 text; zlc reads paths and names as UTF-8\n")
    // The same name in UTF-8 is written.
    XCTAssertEqual(try zlc(["init", "café"], cwd: dir).status, 0)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["café"])
  }

  /// A file in the way of a relative path is named as the path given names it, not absolutely.
  func testInitNamesAFileInTheWayAsGiven() throws {
    let busy = dir.appendingPathComponent("busy")
    try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
    try Data("my notes".utf8).write(to: busy.appendingPathComponent("notes.txt"))
    let r = try zlc(["init", "busy/notes.txt/app"], cwd: dir)
    XCTAssertEqual(r.status, 64, r.err)
    XCTAssertEqual(
      r.err,
      "busy/notes.txt/app: error: 'busy/notes.txt/app' is below 'busy/notes.txt', which is a file, not a folder; zlc init leaves the file alone: choose another folder [ZL0111]\n"
    )
    XCTAssertEqual(try Data(contentsOf: busy.appendingPathComponent("notes.txt")), Data("my notes".utf8))
  }

  /// The command `zlc init` suggests next runs as printed in a shell, for folders with a space, a
  /// quote, a `$` or a leading `-` (which the shell split, expanded, or zlc read as an option).
  func testTheSuggestedNextCommandRunsAsPrinted() throws {
    let binary = try zlcBinary().path
    // A name with a line break, a tab or an escape is written $'…', which bash reads back; the
    // app in zlc.json is named without them.
    for name in ["my app", "it's $HOME", "-dash", "nl\nname", "tab\tname", "esc\u{1B}[31mname"] {
      let made = try zlc(["init", "--", name], cwd: dir)
      XCTAssertEqual(made.status, 0, made.err)
      let line = try XCTUnwrap(made.err.components(separatedBy: "\n").first { $0.hasPrefix("next: ") })
      let command = String(line.dropFirst("next: ".count)).replacingOccurrences(of: "zlc ", with: "'\(binary)' ")
      let shell = name.unicodeScalars.allSatisfy { $0.value >= 0x20 } ? "sh" : "bash"
      let ran = try run([shell, "-c", command], cwd: dir)
      XCTAssertEqual(ran.status, 0, "\(line)\n\(ran.err)")
      XCTAssertTrue(ran.err.contains("ok, 0 errors, 0 warnings"), ran.err)
      XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("build/bundle.json").path), line)
      try FileManager.default.removeItem(at: dir.appendingPathComponent("build"))
    }
  }

  /// A kill (`kill -9`, a power cut) while the starter is moved into an existing folder, a rename
  /// per top-level entry, leaves it half moved and the rest in the hidden staging folder: the next
  /// `zlc init` of the folder moves the rest in, so the folder holds the whole starter. A staging
  /// folder whose starter was never moved in is removed and the starter written again; one beside
  /// a file of the user's is left alone, and the folder refused.
  func testAStarterAKillLeftHalfMovedIsMovedInWhole() throws {
    let fm = FileManager.default
    let whole = dir.appendingPathComponent("whole/app")
    XCTAssertEqual(try zlc(["init", whole.path]).status, 0)
    // What a kill leaves once `moved` are renamed into the folder.
    func leftover(_ name: String, moved: [String], extra: String? = nil) throws -> URL {
      let folder = dir.appendingPathComponent("\(name)/app")
      let staging = folder.appendingPathComponent(".zlc-init-0badcafe")
      try fm.createDirectory(at: staging, withIntermediateDirectories: true)
      for entry in try fm.contentsOfDirectory(atPath: whole.path) {
        let into = moved.contains(entry) ? folder : staging
        try fm.copyItem(at: whole.appendingPathComponent(entry), to: into.appendingPathComponent(entry))
      }
      if let extra { try Data("mine".utf8).write(to: folder.appendingPathComponent(extra)) }
      return folder
    }
    let half = try leftover("half", moved: ["components", "families"])
    let finished = try zlc(["init", half.path])
    XCTAssertEqual(finished.status, 0, finished.err)
    XCTAssertTrue(
      finished.err.hasPrefix("finished moving in the starter project an interrupted zlc init left in \(half.path) (7 files)\n"),
      finished.err)
    XCTAssertEqual(try snapshot(half), try snapshot(whole))
    let unmoved = try leftover("unmoved", moved: [])
    let written = try zlc(["init", unmoved.path])
    XCTAssertTrue(written.err.hasPrefix("wrote a basic starter project in \(unmoved.path) (7 files)\n"), written.err)
    XCTAssertEqual(try snapshot(unmoved), try snapshot(whole))
    // Into a new folder, one rename: a kill leaves the staging folder beside it, which the next
    // `zlc init` of that folder removes (and no other's).
    let fresh = dir.appendingPathComponent("fresh/app")
    for name in [".app.zlc-init-0badcafe", ".ap.zlc-init-0badcafe", ".app.zlc-init-kept"] {
      try fm.copyItem(at: whole, to: dir.appendingPathComponent("fresh/\(name)"))
    }
    XCTAssertEqual(try zlc(["init", fresh.path]).status, 0)
    XCTAssertEqual(try snapshot(fresh), try snapshot(whole))
    XCTAssertEqual(
      try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("fresh").path).sorted(),
      [".ap.zlc-init-0badcafe", ".app.zlc-init-kept", "app"])
    let mixed = try leftover("mixed", moved: ["components"], extra: "notes.txt")
    let before = try snapshot(mixed)
    let refused = try zlc(["init", mixed.path])
    XCTAssertEqual(refused.status, 64, refused.err)
    XCTAssertTrue(refused.err.contains("already holds files ('components', 'notes.txt')"), refused.err)
    XCTAssertEqual(try snapshot(mixed), before)
  }

  /// A stop signal (Ctrl-C) while the starter is written leaves no part of it: zlc is frozen as
  /// soon as anything of the starter appears, then stopped; it ends by the signal, leaving no
  /// project folder and no hidden staging folder, or (frozen as it moved the starter into place)
  /// the whole starter. Each of up to 200 runs is checked, until one is stopped midway.
  func testAStopWhileWritingLeavesNoPartOfTheStarter() throws {
    let fm = FileManager.default
    for attempt in 0..<200 {
      let name = "app\(attempt)"
      let process = Process()
      process.executableURL = try zlcBinary()
      process.arguments = ["init", name]
      process.currentDirectoryURL = dir
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      var seen: [String] = []
      while seen.isEmpty, process.isRunning {
        seen = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0 == name || $0.hasPrefix(".\(name).") }
      }
      kill(process.processIdentifier, SIGSTOP)
      let project = dir.appendingPathComponent(name).path
      let whole = (try? fm.subpathsOfDirectory(atPath: project))?.count == 11
      let caught = process.isRunning && !seen.isEmpty && !whole
      kill(process.processIdentifier, SIGINT)
      kill(process.processIdentifier, SIGCONT)
      process.waitUntilExit()
      let left = try fm.contentsOfDirectory(atPath: dir.path).filter { $0.contains(name) }
      if fm.fileExists(atPath: project) {
        XCTAssertEqual(try fm.subpathsOfDirectory(atPath: project).count, 11, "\(name): the whole starter or none")
        XCTAssertEqual(left, [name], "\(name): no staging folder left")
      } else {
        XCTAssertEqual(left, [], "\(name): no staging folder left")
      }
      guard caught else { continue }
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, name)
      XCTAssertEqual(process.terminationStatus, SIGINT, name)
      return
    }
    XCTFail("zlc init was never frozen while it wrote, in 200 runs: the stop was not tested")
  }
}
