import Foundation
import XCTest
import ZappLayout

/// Issue 10, through the built binary: a build never replaces a folder it does not own, takes any
/// form of output path, never blocks on a special file, and writes bundles the runtime loads.
final class OutputSafetyTests: DemoCopyTestCase {
  func assertRefused(
    _ output: String, cwd: URL? = nil, reason: String, command: String = "build", line: UInt = #line
  ) throws {
    let before = try snapshot(dir)
    let language = command == "generate" ? ["swift"] : []
    let r = try zlc([command] + language + [project.path, "-o", output], cwd: cwd ?? dir)
    XCTAssertEqual(r.status, 64, "\(output): \(r.err)", line: line)
    XCTAssertTrue(r.err.contains("error: output '\(output)' \(reason)"), "\(output): \(r.err)", line: line)
    XCTAssertTrue(r.err.contains("[ZL0111]"), r.err, line: line)
    XCTAssertEqual(try snapshot(dir), before, "\(output): nothing was touched", line: line)
  }

  func testOutputsThatWouldReplaceTheUsersFilesAreRefused() throws {
    try Data("my notes".utf8).write(to: dir.appendingPathComponent("notes.txt"))
    try assertRefused(project.path, reason: "is the project folder")
    try assertRefused("manifests/", reason: "is the project folder")
    try assertRefused(".", cwd: project, reason: "is the project folder")
    try assertRefused("./", cwd: project, reason: "is the project folder")
    try assertRefused(dir.path, reason: "holds the project")
    try assertRefused("..", cwd: project, reason: "holds the project")
    try assertRefused("/", reason: "holds the project")
    try assertRefused("manifests/screens", reason: "is inside the project's input folder 'screens'")
    try assertRefused("manifests/families/out", reason: "is inside the project's input folder 'families'")
    try assertRefused("manifests/zlc.json", reason: "is the project's input file 'zlc.json'")
    try assertRefused("notes.txt", reason: "is a file; zlc writes a folder there and leaves the file alone")
    try assertRefused("/dev/null", reason: "is a device, not a folder; zlc writes a folder there and leaves it alone")
    // A named pipe outside `dir`, whose snapshot reads every file.
    let pipes = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-pipe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: pipes, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: pipes) }
    XCTAssertEqual(mkfifo(pipes.appendingPathComponent("pipe").path, 0o600), 0)
    try assertRefused(pipes.path + "/pipe", reason: "is a named pipe, not a folder; zlc writes a folder there and leaves it alone")
    try assertRefused(
      pipes.path + "/pipe/out",
      reason: "is below '\(pipes.path)/pipe', which is a named pipe, not a folder; zlc leaves it alone: choose another folder")
    try assertRefused("/dev/null/out", reason: "is below '/dev/null', which is a device, not a folder; zlc leaves it alone")
    try FileManager.default.createSymbolicLink(atPath: pipes.path + "/null", withDestinationPath: "/dev/null")
    try assertRefused(pipes.path + "/null", reason: "is a link to no folder; zlc leaves it alone: choose another folder")
    try FileManager.default.createSymbolicLink(atPath: pipes.path + "/dangling", withDestinationPath: pipes.path + "/nothing")
    try assertRefused(
      pipes.path + "/dangling/out",
      reason: "is below '\(pipes.path)/dangling', which is a link that leads nowhere, not a folder; zlc leaves it alone")
    let foreign = dir.appendingPathComponent("mine")
    try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: foreign.appendingPathComponent("todo.md"))
    try assertRefused("mine", reason: "holds files zlc did not write ('todo.md')")
    try assertRefused("mine", reason: "holds files zlc did not write ('todo.md')", command: "preview")
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("link"), withDestinationURL: foreign)
    try assertRefused("link", reason: "is a link; give the folder it points to")
    // The project named through a link and `..` is the folder the system opens (the link's
    // target's parent), so its input folders are known as such.
    try FileManager.default.createSymbolicLink(
      at: dir.appendingPathComponent("inputs"), withDestinationURL: project.appendingPathComponent("screens"))
    let throughLink = try zlc(["build", "inputs/..", "-o", "manifests/screens/out"], cwd: dir)
    XCTAssertEqual(throughLink.status, 64, throughLink.err)
    XCTAssertTrue(throughLink.err.contains("is inside the project's input folder 'screens'"), throughLink.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("screens/out").path))
    // A folder holding zlc's other kind of output is not replaced either.
    XCTAssertEqual(try zlc(["build", project.path, "-o", "bundle"], cwd: dir).status, 0)
    try assertRefused("bundle", reason: "holds zlc's bundle, not its preview", command: "preview")
  }

  /// An input folder that is a link inside the project (`screens` -> `real`) is read where it
  /// points: an output there, named through the link or not, is refused as inside it, and so is
  /// a new project there.
  func testAnOutputInALinkedInputFolderIsRefused() throws {
    let screens = project.appendingPathComponent("screens")
    try FileManager.default.moveItem(at: screens, to: project.appendingPathComponent("real"))
    try FileManager.default.createSymbolicLink(atPath: screens.path, withDestinationPath: "real")
    try assertRefused("manifests/screens/out", reason: "is inside the project's input folder 'screens'")
    try assertRefused("manifests/real/out", reason: "is inside the project's input folder 'screens'")
    try assertRefused("manifests/real", reason: "is inside the project's input folder 'screens'")
    try assertRefused("manifests/real/out", reason: "is inside the project's input folder 'screens'", command: "preview")
    let before = try snapshot(dir)
    let made = try zlc(["init", "manifests/real/np"], cwd: dir)
    XCTAssertEqual(made.status, 64, made.err)
    XCTAssertEqual(
      made.err,
      "manifests/real/np: error: 'manifests/real/np' is inside the input folder 'screens' of the project in 'manifests'; zlc would read the starter's files as that project's: choose a folder outside it [ZL0111]\n"
    )
    XCTAssertEqual(try snapshot(dir), before, "nothing was written")
  }

  /// A folder without zlc's marker is replaced only when it is exactly a bundle zlc could have
  /// written; a user's own `bundle.json` and `screens/` are never deleted.
  func testAFolderThatOnlyLooksLikeABundleIsRefused() throws {
    let fm = FileManager.default
    let web = dir.appendingPathComponent("web")
    try fm.createDirectory(at: web.appendingPathComponent("screens"), withIntermediateDirectories: true)
    try Data(#"{"entry": "src/index.js"}"#.utf8).write(to: web.appendingPathComponent("bundle.json"))
    try Data("export default {}".utf8).write(to: web.appendingPathComponent("screens/home.tsx"))
    try assertRefused("web", reason: "holds 'bundle.json', which is not part of a zlc bundle (there is no 'rivers.json' beside it)")
    try Data("[]".utf8).write(to: web.appendingPathComponent("rivers.json"))
    try assertRefused("web", reason: "holds 'bundle.json', which is not part of a zlc bundle (")
    try fm.removeItem(at: web.appendingPathComponent("bundle.json"))
    try assertRefused("web", reason: "holds 'rivers.json', which is not part of a zlc bundle (there is no 'bundle.json' beside it)")
    // A bundle zlc wrote, its marker removed, with a file of the user's among its screens.
    let old = dir.appendingPathComponent("old")
    XCTAssertEqual(try zlc(["build", project.path, "-o", "old"], cwd: dir).status, 0)
    try fm.removeItem(at: old.appendingPathComponent(".zlc-output"))
    try Data("mine".utf8).write(to: old.appendingPathComponent("screens/notes.md"))
    try assertRefused("old", reason: "holds 'screens/notes.md', which is not part of a zlc bundle ('bundle.json' does not list it)")
    try fm.removeItem(at: old.appendingPathComponent("screens/notes.md"))
    try fm.createSymbolicLink(at: old.appendingPathComponent("screens/linked.json"), withDestinationURL: web)
    try assertRefused("old", reason: "holds 'screens/linked.json', which is not part of a zlc bundle (it is a link)")
    try fm.removeItem(at: old.appendingPathComponent("screens/linked.json"))
    let home = old.appendingPathComponent("screens/home.json")
    try Data("{}".utf8).write(to: home)
    try assertRefused("old", reason: "holds 'screens/home.json', which is not part of a zlc bundle (")
    // The same bundle, whole: zlc could have written it, so it is replaced and marked.
    try fm.removeItem(at: old)
    XCTAssertEqual(try zlc(["build", project.path, "-o", "old"], cwd: dir).status, 0)
    try fm.removeItem(at: old.appendingPathComponent(".zlc-output"))
    let r = try zlc(["build", project.path, "-o", "old"], cwd: dir)
    XCTAssertEqual(r.status, 0, r.err)
    let marker = try String(contentsOf: old.appendingPathComponent(".zlc-output"), encoding: .utf8)
    XCTAssertTrue(marker.hasPrefix("zlc bundle\n# zlc replaces this folder whole"), marker)
  }

  /// zlc's own output, its marker in place, with a file or folder someone else put there since:
  /// replacing it would delete theirs, so it is refused, for every command that writes a folder.
  func testAFilePutIntoZlcsOwnOutputIsKept() throws {
    let fm = FileManager.default
    for (command, output, into) in [
      ("build", "b", "notes.txt"), ("build", "b", "screens/mine.json"), ("preview", "p", "mine/"),
      ("generate", "g", "ios/MyRenderers.swift"),
    ] {
      let argv = command == "generate" ? ["generate", "swift", project.path, "-o", output] : [command, project.path, "-o", output]
      XCTAssertEqual(try zlc(argv, cwd: dir).status, 0, "\(command) \(output)")
      let marker = try String(contentsOf: dir.appendingPathComponent(output + "/.zlc-output"), encoding: .utf8)
      let listed = marker.split(separator: "\n").dropFirst(3).map(String.init)
      XCTAssertEqual(listed, try snapshot(dir.appendingPathComponent(output)).keys.filter { $0 != ".zlc-output" }.sorted())
      XCTAssertEqual(try zlc(argv, cwd: dir).status, 0, "\(command) \(output): its own output is replaced")
      let mine = dir.appendingPathComponent(output + "/" + into)
      if into.hasSuffix("/") {
        try fm.createDirectory(at: mine, withIntermediateDirectories: true)
      } else {
        try Data("mine".utf8).write(to: mine)
      }
      let before = try snapshot(dir)
      let r = try zlc(argv, cwd: dir)
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertTrue(r.err.contains("error: output '\(output)' holds files zlc did not write ('\(into)')"), r.err)
      XCTAssertTrue(r.err.contains("[ZL0111]"), r.err)
      XCTAssertEqual(try snapshot(dir), before, "\(command): nothing was touched")
      try fm.removeItem(at: mine)
      XCTAssertEqual(try zlc(argv, cwd: dir).status, 0, "\(command) \(output): replaced again once it is zlc's alone")
    }
    // A file of zlc's renamed keeps the count of entries, not their names; one deleted is not in
    // anyone's way.
    let bundle = dir.appendingPathComponent("b")
    try fm.moveItem(at: bundle.appendingPathComponent("rivers.json"), to: bundle.appendingPathComponent("rivers.orig.json"))
    let renamed = try zlc(["build", project.path, "-o", "b"], cwd: dir)
    XCTAssertEqual(renamed.status, 64, renamed.err)
    XCTAssertTrue(renamed.err.contains("holds files zlc did not write ('rivers.orig.json')"), renamed.err)
    try fm.removeItem(at: bundle.appendingPathComponent("rivers.orig.json"))
    XCTAssertEqual(try zlc(["build", project.path, "-o", "b"], cwd: dir).status, 0)
    // What a file manager leaves in any folder it shows is nobody's work; a file of the user's
    // that only has such a name is not.
    try Data("my todo list".utf8).write(to: bundle.appendingPathComponent("._todo.txt"))
    let named = try zlc(["build", project.path, "-o", "b"], cwd: dir)
    XCTAssertEqual(named.status, 64, named.err)
    XCTAssertTrue(named.err.contains("holds files zlc did not write ('._todo.txt')"), named.err)
    XCTAssertEqual(try String(contentsOf: bundle.appendingPathComponent("._todo.txt"), encoding: .utf8), "my todo list")
    try fm.removeItem(at: bundle.appendingPathComponent("._todo.txt"))
    let metadata: [(String, [UInt8])] = [
      (".DS_Store", [0, 0, 0, 1] + Array("Bud1".utf8)), ("._bundle.json", [0x00, 0x05, 0x16, 0x07, 0, 2]),
      ("Thumbs.db", [0xD0, 0xCF, 0x11, 0xE0, 0xA1]), ("desktop.ini", Array("[.ShellClassInfo]".utf8)),
    ]
    for (name, bytes) in metadata { try Data(bytes).write(to: bundle.appendingPathComponent(name)) }
    XCTAssertEqual(try zlc(["build", project.path, "-o", "b"], cwd: dir).status, 0)
    for (name, _) in metadata { XCTAssertFalse(fm.fileExists(atPath: bundle.appendingPathComponent(name).path), name) }
    // A marker of an earlier zlc (or a damaged one), which lists no files, marks zlc's own output
    // only as far as the folder is exactly a bundle: anything else in it is kept.
    try Data("zlc bundle\n".utf8).write(to: dir.appendingPathComponent("b/.zlc-output"))
    XCTAssertEqual(try zlc(["build", project.path, "-o", "b"], cwd: dir).status, 0)
    for marker in [
      "zlc bundle\n",
      "zlc bundle\n# zlc replaces this folder whole, and only while it holds no files but these, which it wrote:\n# garbled\n",
    ] {
      try Data(marker.utf8).write(to: dir.appendingPathComponent("b/.zlc-output"))
      try Data("mine".utf8).write(to: bundle.appendingPathComponent("notes.txt"))
      let before = try snapshot(dir)
      let kept = try zlc(["build", project.path, "-o", "b"], cwd: dir)
      XCTAssertEqual(kept.status, 64, kept.err)
      XCTAssertTrue(kept.err.contains("but its marker '.zlc-output' lists no files"), kept.err)
      XCTAssertEqual(try snapshot(dir), before, "nothing was touched")
      try fm.removeItem(at: bundle.appendingPathComponent("notes.txt"))
    }
    let preview = dir.appendingPathComponent("p")
    try Data("zlc preview\n".utf8).write(to: preview.appendingPathComponent(".zlc-output"))
    let refused = try zlc(["preview", project.path, "-o", "p"], cwd: dir)
    XCTAssertEqual(refused.status, 64, refused.err)
    XCTAssertTrue(refused.err.contains("output 'p' is marked as zlc's preview, but its marker"), refused.err)
  }

  /// A marker that is a link (to an output zlc wrote, whose list names the same files as a folder
  /// of the user's) marks nothing: zlc writes its marker as a file, so the folder is the user's.
  func testALinkedMarkerMarksNothing() throws {
    for (command, output) in [("generate", "g"), ("preview", "p"), ("build", "b")] {
      let argv = { (out: String) in
        command == "generate" ? ["generate", "swift", self.project.path, "-o", out] : [command, self.project.path, "-o", out]
      }
      XCTAssertEqual(try zlc(argv(output), cwd: dir).status, 0, command)
      let mine = dir.appendingPathComponent("mine-" + output)
      for file in try snapshot(dir.appendingPathComponent(output)).keys where file != ".zlc-output" {
        try FileManager.default.createDirectory(
          at: mine.appendingPathComponent(file).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: mine.appendingPathComponent(file))
      }
      try FileManager.default.createSymbolicLink(atPath: mine.path + "/.zlc-output", withDestinationPath: "../\(output)/.zlc-output")
      try assertRefused("mine-" + output, reason: "holds files zlc did not write ('.zlc-output'", command: command)
    }
  }

  func testEveryFormOfOutputPathWorks() throws {
    let sub = dir.appendingPathComponent("sub")
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    for (output, cwd, expected) in [
      ("b", dir, "b"), ("b/", dir, "b"), ("./c", dir, "c"), ("../x", sub, "x"), ("manifests/build", dir, "manifests/build"),
      ("deep/er/out", dir, "deep/er/out"),
    ] {
      let r = try zlc(["build", project.path, "-o", output], cwd: cwd!)
      XCTAssertEqual(r.status, 0, "\(output): \(r.err)")
      XCTAssertEqual(try ScreenBundle.load(from: dir.appendingPathComponent(expected)).screens.count, 10, output)
    }
    // A parent reached through a link is written through it.
    let real = dir.appendingPathComponent("real")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("via"), withDestinationURL: real)
    XCTAssertEqual(try zlc(["build", project.path, "-o", "via/out"], cwd: dir).status, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: real.appendingPathComponent("out/bundle.json").path))
    // The same output built again is replaced; the previous one was zlc's.
    XCTAssertEqual(try zlc(["build", project.path, "-o", "b"], cwd: dir).status, 0)
    XCTAssertEqual(try zlc(["preview", project.path, "-o", "p"], cwd: dir).status, 0)
    XCTAssertEqual(try zlc(["preview", project.path, "-o", "p"], cwd: dir).status, 0)
    XCTAssertTrue(
      try String(contentsOf: dir.appendingPathComponent("p/.zlc-output"), encoding: .utf8).hasPrefix("zlc preview\n"))
  }

  /// The output may be the working folder: the new folder is swapped in under the process, which
  /// finishes without a crash (its diagnostics' paths read before the swap). An empty path is refused.
  func testTheWorkingFolderAsTheOutput() throws {
    let fm = FileManager.default
    for (command, name, output, format) in [
      ("build", "b", ".", "text"), ("build", "b", "./", "sarif"), ("preview", "p", ".", "text"), ("preview", "p", ".", "github"),
    ] {
      let folder = dir.appendingPathComponent(name)
      try fm.createDirectory(at: folder, withIntermediateDirectories: true)
      let r = try zlc([command, "../manifests", "-o", output, "--format", format], cwd: folder)
      XCTAssertEqual(r.status, 0, "\(command) -o \(output): \(r.err)")
      XCTAssertFalse(r.err.contains("crashed"), r.err)
      if format == "sarif" { XCTAssertTrue(r.out.contains(#""version": "2.1.0""#), r.out) }
    }
    XCTAssertEqual(try ScreenBundle.load(from: dir.appendingPathComponent("b")).screens.count, 10)
    XCTAssertTrue(fm.fileExists(atPath: dir.appendingPathComponent("p/index.html").path))
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".zlc-") }, [])
    try fm.createDirectory(at: dir.appendingPathComponent("e"), withIntermediateDirectories: true)
    for command in ["build", "preview"] {
      let empty = try zlc([command, "../manifests", "-o", ""], cwd: dir.appendingPathComponent("e"))
      XCTAssertEqual(empty.status, 64, empty.err)
      XCTAssertTrue(
        empty.err.contains(
          "error: output '' is an empty path; give the folder to write (-o build, or -o . for the working folder) [ZL0111]"),
        empty.err)
    }
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("e").path), [], "nothing written for an empty path")
  }

  /// A watching build into its working folder goes on in the new folder: its relative paths keep
  /// their meaning, so it builds again after a change.
  func testAWatchingBuildIntoTheWorkingFolderBuildsAgain() throws {
    let folder = dir.appendingPathComponent("b")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = ["build", "../manifests", "-o", ".", "--watch"]
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardError = errors
    let log = LockedText()
    errors.fileHandleForReading.readabilityHandler = { handle in log.append(handle.availableData) }
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    func waitFor(_ count: Int) -> Bool {
      for _ in 0..<200 where log.text.components(separatedBy: "wrote .:").count - 1 < count { Thread.sleep(forTimeInterval: 0.05) }
      return log.text.components(separatedBy: "wrote .:").count - 1 == count
    }
    XCTAssertTrue(waitFor(1), log.text)
    try renameShows()
    XCTAssertTrue(waitFor(2), log.text)
    XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("rivers.json"), encoding: .utf8).contains("All shows"))
    XCTAssertTrue(process.isRunning, log.text)
  }

  /// An output folder (or a folder in it) made read-only is kept as it is, even for root, which
  /// could write it anyway: exit 74, the previous bundle whole, nothing left beside it.
  func testAReadOnlyOutputIsKept() throws {
    let fm = FileManager.default
    let output = dir.appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", "out"], cwd: dir).status, 0)
    let before = try snapshot(output)
    try renameShows()
    for (folder, shown) in [(output, "out"), (output.appendingPathComponent("screens"), "out/screens")] {
      try fm.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
      let r = try zlc(["build", project.path, "-o", "out"], cwd: dir)
      try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertTrue(r.err.contains("error: cannot replace 'out': '\(shown)' is read-only (its owner may not write it)"), r.err)
      XCTAssertEqual(try snapshot(output), before, "the previous bundle is kept")
      XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".zlc-") }, [], "nothing left beside it")
    }
    if getuid() == 0, fm.isExecutableFile(atPath: "/usr/bin/setpriv") {
      // Another user's output, in a folder this user may write: the swap would work, removing the
      // previous bundle would not.
      try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
      let r = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: "65534")
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertTrue(r.err.contains("error: cannot replace 'out': 'out' cannot be written (Permission denied)"), r.err)
      XCTAssertEqual(try snapshot(output), before)
      XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".zlc-") }, [], "nothing left beside it")
    }
    XCTAssertEqual(try zlc(["build", project.path, "-o", "out"], cwd: dir).status, 0, "writable again, it is replaced")
    XCTAssertNotEqual(try snapshot(output), before)
  }

  /// Output folders named as long as a file name may be (238 to 255 bytes) are written and
  /// replaced: the staging folder beside each takes a shorter name, and none is left behind.
  func testOutputsWithTheLongestNamesAreWrittenAndReplaced() throws {
    for name in [String(repeating: "b", count: 238), "x" + String(repeating: "é", count: 127)] {
      for command in ["build", "build", "preview"] {
        let output = command == "build" ? name : String(name.dropLast()) + "p"
        let r = try zlc([command, project.path, "-o", output], cwd: dir)
        XCTAssertEqual(r.status, 0, "\(command) -o \(output.utf8.count) bytes: \(r.err)")
      }
      XCTAssertEqual(try ScreenBundle.load(from: dir.appendingPathComponent(name)).screens.count, 10)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".zlc-") }, [])
  }

  /// The folder an output would be created in, made read-only, is kept as it is, even for root:
  /// exit 74 and nothing written there, for an output created in it, deeper down, or replaced in it.
  func testAReadOnlyFolderAroundTheOutputIsKept() throws {
    let fm = FileManager.default
    let locked = dir.appendingPathComponent("locked")
    try fm.createDirectory(at: locked.appendingPathComponent("old"), withIntermediateDirectories: true)
    XCTAssertEqual(try zlc(["build", project.path, "-o", "locked/old"], cwd: dir).status, 0)
    try fm.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
    defer { try? fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
    let before = try snapshot(locked)
    let entries = try fm.contentsOfDirectory(atPath: locked.path)
    for (command, output) in [("build", "locked/new"), ("build", "locked/a/b"), ("preview", "locked/pages"), ("build", "locked/old")] {
      let r = try zlc([command, project.path, "-o", output], cwd: dir)
      XCTAssertEqual(r.status, 74, "\(output): \(r.err)")
      XCTAssertTrue(
        r.err.contains(
          "error: cannot write '\(output)' into 'locked', which is read-only (its owner may not write it); zlc writes nothing there"
        ), r.err)
      XCTAssertEqual(try fm.contentsOfDirectory(atPath: locked.path), entries, "\(output): nothing created")
    }
    XCTAssertEqual(try snapshot(locked), before)
    let absolute = locked.appendingPathComponent("new").path
    let r = try zlc(["build", project.path, "-o", absolute], cwd: dir)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("error: cannot write '\(absolute)' into '\(locked.path)', which is read-only"), r.err)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
    XCTAssertEqual(try zlc(["build", project.path, "-o", "locked/new"], cwd: dir).status, 0, "writable again, it is written")
  }

  /// A folder its owner may not write but its group may is written by a member of the group, as
  /// the system lets it: an output created in it and replaced there, and nothing left beside it.
  func testAFolderItsGroupMayWriteIsWrittenByAMember() throws {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
      throw XCTSkip("needs root and setpriv to run zlc as a member of a folder's group")
    }
    let fm = FileManager.default
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
    let shared = dir.appendingPathComponent("shared")
    try fm.createDirectory(at: shared, withIntermediateDirectories: false)
    try fm.setAttributes([.groupOwnerAccountID: 65534, .posixPermissions: 0o575], ofItemAtPath: shared.path)
    for round in ["created", "replaced"] {
      let r = try zlc(["build", project.path, "-o", "shared/out"], cwd: dir, user: "65534")
      XCTAssertEqual(r.status, 0, "\(round): \(r.err)")
    }
    XCTAssertEqual(try ScreenBundle.load(from: shared.appendingPathComponent("out")).screens.count, 10)
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: shared.path), ["out"], "nothing left beside it")
  }

  /// An output that is a mount point (a file system of its own, or a folder bound onto itself)
  /// cannot be renamed: a clear message, exit 74, and its files are kept.
  func testAMountPointOutputIsKept() throws {
    for (name, mount) in [("tmpfs", "mount -t tmpfs tmpfs m && cp -a pre/. m/"), ("bind", "cp -a pre/. m/ && mount --bind m m")] {
      let script = """
        "$ZLC" build "$PROJECT" -o pre >/dev/null 2>&1 && mkdir m && \(mount) || exit 99
        sed -i 's/"name": "Shows"/"name": "All shows"/' "$PROJECT/screens/browse.json"
        "$ZLC" build "$PROJECT" -o m; echo "status $?"
        diff -r pre m >/dev/null && echo "kept"
        ls -a | grep zlc- || true
        """
      let r = try inMountNamespace(script)
      XCTAssertEqual(r.status, 0, "\(name): \(r.err)")
      XCTAssertTrue(r.out.contains("status 74\nkept\n"), "\(name): \(r.out) \(r.err)")
      XCTAssertFalse(r.out.contains("zlc-"), "\(name): nothing left beside it: \(r.out)")
      XCTAssertTrue(
        r.err.contains(
          "m: error: cannot replace 'm': it is a mount point or on another file system than the folder that holds it, and zlc replaces its output by renaming a folder beside it, which is impossible there; zlc keeps it as it is: build into a folder inside it (-o m/bundle) [ZL0100]"
        ), "\(name): \(r.err)")
      for name in ["m", "pre", "manifests"] { try FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
      project = try copyDemo(to: dir)
    }
  }

  /// Runs `script` with sh in a new mount namespace, in `dir`, with `$ZLC` and `$PROJECT` set;
  /// skipped where mounting is not allowed (not root, or no `unshare`).
  func inMountNamespace(_ script: String) throws -> (status: Int32, out: String, err: String) {
    let unshare = "/usr/bin/unshare"
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare) else {
      throw XCTSkip("mounting needs root and unshare; ReliabilityTests covers the wording of the error")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: unshare)
    process.arguments = ["-m", "sh", "-c", script]
    process.currentDirectoryURL = dir
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["ZLC"] = try zlcBinary().path
    environment["PROJECT"] = project.path
    process.environment = environment
    let r = try outputs(of: process)
    if r.status == 99 || r.err.hasPrefix("unshare:") { throw XCTSkip("cannot mount here: \(r.err)") }
    return r
  }

  /// Changes the demo so that its next bundle differs from the last.
  func renameShows() throws {
    let browse = project.appendingPathComponent("screens/browse.json")
    let text = try String(contentsOf: browse, encoding: .utf8)
    try text.replacingOccurrences(of: #""name": "Shows""#, with: #""name": "All shows""#).write(
      to: browse, atomically: true, encoding: .utf8)
  }

  func testSpecialFilesAreDiagnosticsAndNeverBlock() throws {
    let pipes = project.appendingPathComponent("pipes")
    try FileManager.default.createDirectory(at: pipes, withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(pipes.appendingPathComponent("fifo").path, 0o644), 0)
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("screens/linked.json"), withDestinationURL: pipes.appendingPathComponent("fifo"))
    let r = try zlc(["check", project.path])
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("linked.json': it is a FIFO, not a regular file; zlc reads only regular files [ZL0100]"), r.err)
    try FileManager.default.removeItem(at: project.appendingPathComponent("screens/linked.json"))
    XCTAssertEqual(try zlc(["check", project.path]).status, 0, "a FIFO that is not an input is not looked at")
    let map = try zlc(["map", "show", "--project", project.path, "--sender", "/dev/zero"])
    XCTAssertEqual(map.status, 74, map.err)
    XCTAssertTrue(map.err.contains("cannot read '/dev/zero': it is a character device, not a regular file"), map.err)
  }

  func testBuildsStartedTogetherBothSucceed() throws {
    let binary = try zlcBinary()
    for round in 0..<3 {
      let output = dir.appendingPathComponent("together-\(round)")
      let processes = (0..<2).map { _ -> Process in
        let p = Process()
        p.executableURL = binary
        p.arguments = ["build", project.path, "-o", output.path]
        p.standardError = FileHandle.nullDevice
        return p
      }
      for p in processes { try p.run() }
      for p in processes { p.waitUntilExit() }
      XCTAssertEqual(processes.map(\.terminationStatus), [0, 0])
      XCTAssertEqual(try ScreenBundle.load(from: output).screens.count, 10)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".zlc-") }, [])
  }

  func testAStringHomeAndMangledIdsBuildABundleTheRuntimeLoads() throws {
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    try text.replacingOccurrences(of: #""home": true"#, with: #""home": "true""#).write(to: home, atomically: true, encoding: .utf8)
    let mangled = "_._.._x~9cdf6a5050bc2ea6"
    let extra = ["../../x", mangled, "Extra", "extra"].map { #"{"id": "\#($0)", "type": "favorites", "ui_components": []}"# }
    try ("[" + extra.joined(separator: ",") + "]").write(
      to: project.appendingPathComponent("screens/extra.json"), atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("out")
    let r = try zlc(["build", project.path, "-o", output.path])
    XCTAssertEqual(r.status, 0, r.err)
    let bundle = try ScreenBundle.load(from: output)
    XCTAssertEqual(try bundle.screen(id: "home")?.home, true)
    XCTAssertEqual(Set(bundle.index.screens.map { $0.file.lowercased() }).count, 14)
    let map = try zlc(["map", "home", "--project", project.path])
    XCTAssertEqual(map.status, 0, map.err)
  }

  /// Screen ids that Windows reserves as device names get file names it allows; the runtime,
  /// `rivers.json` and `zlc verify` find every screen through `bundle.json`.
  func testIdsWindowsReservesAreNotFileNames() throws {
    let ids = ["CON", "nul", "aux", "LPT1", "com9", "con.foo"]
    let screens = ids.map { #"{"id": "\#($0)", "type": "favorites", "ui_components": []}"# }
    try ("[" + screens.joined(separator: ",") + "]").write(
      to: project.appendingPathComponent("screens/devices.json"), atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("out")
    let r = try zlc(["build", project.path, "-o", output.path])
    XCTAssertEqual(r.status, 0, r.err)
    let files = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("screens").path)
    let reserved = try NSRegularExpression(pattern: "^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\\.|$)", options: .caseInsensitive)
    let written = files.filter { reserved.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
    XCTAssertEqual(written, [], "\(files)")
    XCTAssertEqual(files.count, 16, "\(files)")
    let bundle = try ScreenBundle.load(from: output)
    for id in ids { XCTAssertEqual(try bundle.screen(id: id)?.id, id) }
    let verify = try zlc(["verify", output.path])
    XCTAssertEqual(verify.status, 0, verify.err)
    XCTAssertTrue(verify.err.contains("ok, 16 screens load") || verify.out.contains("ok, 16 screens load"), verify.err)
  }

  /// `zlc build --watch` of a folder that is not there (a misspelled path) says so and exits, as a
  /// build does, instead of watching nothing for ever.
  func testWatchingAFolderThatIsNotThereExits() throws {
    let r = try zlc(["build", "manifets", "-o", "out", "--watch"], cwd: dir)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("no such folder 'manifets'"), r.err)
    XCTAssertFalse(r.err.contains("watching"), r.err)
  }

  /// `zlc build --watch` with its output inside the project builds once per change, never for its
  /// own output or for files that are not inputs, and sleeps while nothing changes.
  func testWatchBuildsOncePerChangeAndSleepsWhileIdle() throws {
    let git = project.appendingPathComponent(".git/objects")
    try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = ["build", ".", "-o", "build", "--watch"]
    process.currentDirectoryURL = project
    let errors = Pipe()
    process.standardError = errors
    let log = LockedText()
    errors.fileHandleForReading.readabilityHandler = { handle in log.append(handle.availableData) }
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    func builds() -> Int { log.text.components(separatedBy: "wrote build:").count - 1 }
    func waitFor(_ count: Int) -> Bool {
      for _ in 0..<200 where builds() < count { Thread.sleep(forTimeInterval: 0.05) }
      return builds() == count
    }
    XCTAssertTrue(waitFor(1), "the first build")
    // Files that are not inputs, and the build's own output, do not wake it.
    for i in 0..<50 { try Data("\(i)".utf8).write(to: git.appendingPathComponent("\(i)")) }
    try Data("x".utf8).write(to: project.appendingPathComponent("README.md"))
    try Data("x".utf8).write(to: project.appendingPathComponent("screens/.home.json.swp"))
    let cpuBefore = try cpuTicks(process.processIdentifier)
    Thread.sleep(forTimeInterval: 2)
    XCTAssertEqual(builds(), 1, log.text)
    let idle = try cpuTicks(process.processIdentifier) - cpuBefore
    XCTAssertLessThanOrEqual(idle, 2, "CPU ticks (1/100 s) used in 2 s of idle watching")
    // One change, one build.
    try renameShows()
    XCTAssertTrue(waitFor(2), "rebuilt after the change")
    Thread.sleep(forTimeInterval: 1.5)
    XCTAssertEqual(builds(), 2, "exactly once per change: \(log.text)")
    let rivers = try String(contentsOf: project.appendingPathComponent("build/rivers.json"), encoding: .utf8)
    XCTAssertTrue(rivers.contains("All shows"))
  }

  /// Text appended by one thread and read by another.
  final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
  }

  /// User and system CPU time of a process so far, in clock ticks (Linux /proc).
  func cpuTicks(_ pid: Int32) throws -> Int {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
    return Int(fields[11])! + Int(fields[12])!
  }
}
