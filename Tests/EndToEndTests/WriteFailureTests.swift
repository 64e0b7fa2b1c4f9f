import Foundation
import XCTest

/// A write that fails (a file-size limit, a full disk) in every command that writes files, through
/// the built binary: zlc is not killed (SIGXFSZ), says once which file it could not write and why,
/// exits with status 74, and leaves the earlier output and the project's files byte for byte as
/// they were, with nothing beside them; the next run without the limit succeeds.
final class WriteFailureTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = temporary()
    let made = try zlc(["init", "starter"], cwd: dir)
    XCTAssertEqual(made.status, 0, made.err)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// Runs zlc through sh, with `setup` (a limit, a redirection) before it; its status and stderr.
  func zlcInShell(
    _ arguments: [String], setup: String, redirect: String = "", environment: [String: String] = [:]
  ) throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"\#(setup) exec "$0" "$@" \#(redirect)"#, try zlcBinary().path] + arguments
    process.currentDirectoryURL = dir
    process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["NO_COLOR": "1"]) { $1 }) { $1 }
    let r = try outputs(of: process)
    return (r.status, r.err)
  }

  /// Every file under `folder` (hidden ones too) by its path there, with its bytes.
  func files(in folder: URL) -> [String: Data] {
    var found: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let path = walker?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        found[path] = FileManager.default.contents(atPath: url.path)
      }
    }
    return found
  }

  /// The entries of the test's folder, sorted (hidden ones too: a staging folder is one).
  var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() }

  func edit(_ path: String, _ old: String, _ new: String) throws {
    let url = dir.appendingPathComponent("starter/" + path)
    let text = try String(contentsOf: url, encoding: .utf8)
    XCTAssertTrue(text.contains(old), path)
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
  }

  /// How many bytes a block of `ulimit -f` is in /bin/sh (512 as POSIX has it; 1024 in some
  /// shells): the size a file written under a limit of one block ends at.
  func blockBytes() throws -> Int {
    _ = try zlcInShell([], setup: "ulimit -f 1; head -c 4096 /dev/zero > block; exit 0;")
    defer { try? FileManager.default.removeItem(at: dir.appendingPathComponent("block")) }
    return try XCTUnwrap(FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("block").path)[.size] as? Int)
  }

  /// A limit below the first file (the marker) and one that lets the marker and the screens
  /// through but not `rivers.json` (measured on a build of the same project): the build fails on
  /// that file with one message and status 74 (not killed), the earlier bundle stays whole, no
  /// staging folder is left, and the next build writes the change.
  func testAFileSizeLimitFailsTheBuildAndKeepsTheEarlierBundle() throws {
    let first = try zlc(["build", "starter", "-o", "build"], cwd: dir)
    XCTAssertEqual(first.status, 0, first.err)
    let earlier = files(in: dir.appendingPathComponent("build"))
    try edit("screens/home.json", #""name": "Home""#, #""name": "Home page""#)
    // The sizes of the files the build will write, the fewest blocks that hold every one written
    // before `rivers.json` (the marker, the screens), and whether `rivers.json` is above them.
    let measured = try zlc(["build", "starter", "-o", "measured"], cwd: dir)
    XCTAssertEqual(measured.status, 0, measured.err)
    let sizes = files(in: dir.appendingPathComponent("measured")).mapValues(\.count)
    try FileManager.default.removeItem(at: dir.appendingPathComponent("measured"))
    let block = try blockBytes()
    let before = sizes.filter { $0.key == ".zlc-output" || $0.key.hasPrefix("screens/") }.values.max() ?? 0
    let blocks = (before + block - 1) / block
    let riversSize = try XCTUnwrap(sizes["rivers.json"])
    XCTAssertLessThan(blocks * block, riversSize, "a limit lets the screens through but not rivers.json: \(sizes)")
    for (blocks, file) in [(0, ".zlc-output"), (blocks, "rivers.json")] {
      let r = try zlcInShell(["build", "starter", "-o", "build"], setup: "ulimit -f \(blocks);")
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertTrue(r.err.hasPrefix("build: error: cannot write 'build/\(file)': File too large [ZL0100]\n"), r.err)
      XCTAssertEqual(r.err.components(separatedBy: "error:").count, 2, "one error: \(r.err)")
      XCTAssertEqual(files(in: dir.appendingPathComponent("build")), earlier, "the earlier bundle is kept")
      XCTAssertEqual(entries, ["build", "starter"], "no staging folder is left")
    }
    let again = try zlc(["build", "starter", "-o", "build"], cwd: dir)
    XCTAssertEqual(again.status, 0, again.err)
    let rivers = try String(contentsOf: dir.appendingPathComponent("build/rivers.json"), encoding: .utf8)
    XCTAssertTrue(rivers.contains(#""name":"Home page""#), rivers)
    XCTAssertEqual(entries, ["build", "starter"])
  }

  /// `check --fix` under a file-size limit leaves the file it would fix whole, with no file written
  /// beside it, and says so on that file; without the limit the fix is written.
  func testAFileSizeLimitLeavesTheFileAFixWouldRewriteWhole() throws {
    try edit("families/STARTER.json", #""lineSpacing": 16 }"#, #""lineSpacng": 16 }"#)
    let families = dir.appendingPathComponent("starter/families")
    let before = files(in: dir.appendingPathComponent("starter"))
    let r = try zlcInShell(["check", "starter", "--fix"], setup: "ulimit -f 0;")
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(
      r.err.hasPrefix("starter/families/STARTER.json: error: its fix-its were not applied: File too large [ZL0100]\n"), r.err)
    XCTAssertEqual(files(in: dir.appendingPathComponent("starter")), before, "the project is as it was")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: families.path), ["STARTER.json"], "nothing beside it")
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    let family = try String(contentsOf: families.appendingPathComponent("STARTER.json"), encoding: .utf8)
    XCTAssertTrue(family.contains(#""lineSpacing": 16 }"#), family)
  }

  /// Files named as `--fix` names the file it writes beside one (what a `kill -9` leaves) are kept
  /// by the next `--fix`, even empty or holding the start of the fixed file: nothing ties them to
  /// zlc with certainty, and a user's file is never removed.
  func testFilesNamedAsAFixLeavesThemAreKept() throws {
    try edit("families/STARTER.json", #""lineSpacing": 16 }"#, #""lineSpacng": 16 }"#)
    let families = dir.appendingPathComponent("starter/families")
    let start = try XCTUnwrap(FileManager.default.contents(atPath: families.appendingPathComponent("STARTER.json").path)).prefix(16)
    let leftovers = ["STARTER.json.zlc-fix-a1B2c3": Data(), "STARTER.json.zlc-fix-Z9y8X7": Data(start)]
    for (name, bytes) in leftovers { try bytes.write(to: families.appendingPathComponent(name)) }
    let fixed = try zlc(["check", "starter", "--fix"], cwd: dir)
    XCTAssertEqual(fixed.status, 0, fixed.err)
    let family = try String(contentsOf: families.appendingPathComponent("STARTER.json"), encoding: .utf8)
    XCTAssertTrue(family.contains(#""lineSpacing": 16 }"#), family)
    for (name, bytes) in leftovers {
      XCTAssertEqual(FileManager.default.contents(atPath: families.appendingPathComponent(name).path), bytes, name)
    }
  }

  /// `zlc init` under a file-size limit names the starter's file it could not write, where it
  /// would have been, and leaves no part of the starter; without the limit it writes it.
  func testAFileSizeLimitLeavesNoPartOfAStarter() throws {
    let r = try zlcInShell(["init", "app"], setup: "ulimit -f 0;")
    XCTAssertEqual(r.status, 74, r.err)
    // The first file the starter writes, as the user would find it.
    XCTAssertEqual(r.err, "app: error: cannot write the starter project: 'app/zlc.json': File too large [ZL0100]\n")
    XCTAssertEqual(entries, ["starter"], "nothing is left")
    let again = try zlc(["init", "app"], cwd: dir)
    XCTAssertEqual(again.status, 0, again.err)
    XCTAssertEqual(
      files(in: dir.appendingPathComponent("app")).keys.sorted(), files(in: dir.appendingPathComponent("starter")).keys.sorted())
  }

  /// `zlc generate`, `zlc preview` and `zlc diff --html` under a file-size limit: the first file
  /// (the marker) fails, once, with status 74, and nothing is left beside the project.
  func testAFileSizeLimitFailsEveryOutputWithOneMessage() throws {
    let other = dir.appendingPathComponent("other")
    try FileManager.default.copyItem(at: dir.appendingPathComponent("starter"), to: other)
    try edit("screens/home.json", #""name": "Home""#, #""name": "Home page""#)
    for (arguments, output) in [
      (["generate", "swift", "starter", "-o", "client"], "client"), (["preview", "starter", "-o", "pages"], "pages"),
      (["diff", "other", "starter", "--html", "changes"], "changes"),
      // The folders made for an output in new folders are removed again.
      (["build", "starter", "-o", "made/for/bundle"], "made/for/bundle"),
      (["generate", "swift", "starter", "-o", "new/client"], "new/client"),
    ] {
      let r = try zlcInShell(arguments, setup: "ulimit -f 0;")
      XCTAssertEqual(r.status, 74, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.contains("\(output): error: cannot write '\(output)/.zlc-output': File too large [ZL0100]\n"), r.err)
      XCTAssertEqual(r.err.components(separatedBy: "error:").count, 2, "one error: \(r.err)")
      XCTAssertEqual(entries, ["other", "starter"], "\(arguments): nothing is left")
    }
  }

  /// An output whose folders cannot all be made (a name past the file system's 255 bytes): the
  /// folders made above the one that failed are removed again, as those of any output that
  /// cannot be written.
  func testFoldersMadeAboveAFolderThatCannotBeMadeAreRemoved() throws {
    let output = "made/for/" + String(repeating: "b", count: 256) + "/bundle"
    let r = try zlc(["build", "starter", "-o", output], cwd: dir)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("error: cannot create the folder of '\(output)': File name too long [ZL0100]"), r.err)
    XCTAssertEqual(entries, ["starter"], "nothing is left")
  }

  /// An output whose path is longer than the system takes (22 folders of 200 bytes): the folders
  /// made below that length before the one that could not be made are removed again.
  func testFoldersMadeTowardsAPathTooLongAreRemoved() throws {
    let output = Array(repeating: String(repeating: "b", count: 200), count: 22).joined(separator: "/")
    let r = try zlc(["build", "starter", "-o", output], cwd: dir)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("File name too long [ZL0100]"), r.err)
    XCTAssertEqual(entries, ["starter"], "nothing is left")
  }

  /// The starter committed in a git repository of its own, with a file far above a 16-block limit.
  func commitStarter() throws {
    let project = dir.appendingPathComponent("starter")
    try Data(repeating: 0x20, count: 64 * 1024).write(to: project.appendingPathComponent("notes.txt"))
    for arguments in [
      ["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "starter"],
    ] {
      let r = try run(["git"] + arguments, cwd: project)
      XCTAssertEqual(r.status, 0, r.err)
    }
  }

  /// `zlc diff --base` whose revision cannot be written out into its temporary folder: status 74,
  /// an error naming the folder the temporary one was made in and what to do, and no temporary
  /// folder left there. Under no room at all (`ulimit -f 0`) git fails on the temporary index it
  /// writes first; under 16 blocks, on the file above them.
  func testARevisionThatCannotBeWrittenOutNamesWhere() throws {
    try commitStarter()
    let temporary = dir.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    for blocks in [0, 16] {
      let r = try zlcInShell(
        ["diff", "starter", "--base", "HEAD"], setup: "ulimit -f \(blocks);", environment: ["TMPDIR": temporary.path])
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertTrue(r.err.hasPrefix("error: cannot write HEAD into a temporary folder in '\(temporary.path)'"), r.err)
      XCTAssertTrue(r.err.hasSuffix("; make room there, or set TMPDIR to another folder\n"), r.err)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "no temporary folder is left")
    }
  }

  /// A TMPDIR that does not exist is named, with status 74, by `zlc diff --base` and `zlc serve`,
  /// which make no folder but their own: it is not made.
  func testATemporaryFolderThatDoesNotExistIsNamedNotMade() throws {
    try commitStarter()
    let missing = dir.appendingPathComponent("missing/tmp").path
    let diff = try zlcInShell(["diff", "starter", "--base", "HEAD"], setup: "", environment: ["TMPDIR": missing])
    XCTAssertEqual(diff.status, 74, diff.err)
    XCTAssertEqual(diff.err, "error: cannot create a temporary folder in '\(missing)': No such file or directory\n")
    // One that made it would serve: stopped after 20 s. Its message may come after its end.
    let serve = try ServeProcess(
      arguments: ["-c", #"TMPDIR="$1" exec "$0" serve starter --port 0"#, try zlcBinary().path, missing],
      executable: URL(fileURLWithPath: "/bin/sh"), in: dir)
    defer { serve.stop() }
    let deadline = Date() + 20
    while serve.process.isRunning || serve.errorOutput.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    XCTAssertFalse(serve.process.isRunning, "it does not serve: \(serve.output)")
    serve.stop()
    XCTAssertEqual(serve.process.terminationStatus, 74, serve.errorOutput)
    XCTAssertEqual(
      serve.errorOutput, "error: cannot create a temporary folder for the bundle in '\(missing)': No such file or directory\n")
    XCTAssertEqual(entries, ["starter"], "the missing folder is not made")
  }

  /// `zlc serve` that cannot make its temporary bundle folder (TMPDIR below a file) says where,
  /// and why, with status 74, and serves nothing.
  func testAServeWithoutATemporaryFolderSaysWhere() throws {
    let file = dir.appendingPathComponent("notes.txt")
    try Data("notes".utf8).write(to: file)
    let r = try zlcInShell(["serve", "starter", "--port", "0"], setup: "", environment: ["TMPDIR": file.path + "/tmp"])
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertEqual(r.err, "error: cannot create a temporary folder for the bundle in '\(file.path)/tmp': Not a directory\n")
  }

  /// `zlc serve -o` under a file-size limit: the folder cannot be written (one error naming the
  /// file, and the folder named as not written), but the server serves the build from memory, and
  /// leaves no staging folder.
  func testAServeWhoseFolderCannotBeWrittenServesOn() throws {
    let server = try ServeProcess(
      arguments: ["-c", #"ulimit -f 0; exec "$0" serve starter --port 0 -o out"#, try zlcBinary().path],
      executable: URL(fileURLWithPath: "/bin/sh"), in: dir)
    defer { server.stop() }
    let port = try server.port()
    // The error and the `bundle folder:` line may come after the address: waited for (20 s at most).
    let error = "out: error: cannot write 'out/.zlc-output': File too large [ZL0100]\n"
    let deadline = Date() + 20
    while !(server.output.contains("bundle folder:") && server.errorOutput.contains(error)), server.process.isRunning, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    XCTAssertTrue(server.errorOutput.hasPrefix(error), server.errorOutput)
    XCTAssertTrue(server.output.contains("bundle folder: out (not written: see the error above"), server.output)
    let rivers = try HTTP.get(port: port, path: "/rivers.json")
    XCTAssertEqual(rivers.status, 200, rivers.body)
    XCTAssertTrue(rivers.body.contains(#""id":"home""#), rivers.body)
    XCTAssertTrue(server.process.isRunning, "it serves on")
    XCTAssertEqual(try server.terminate().status, 0, server.output)
    XCTAssertEqual(entries, ["starter"], "no folder is left")
  }

  /// Standard output redirected to a file that reaches the file-size limit fails as a full disk
  /// does: one message and status 74, not a kill by SIGXFSZ.
  func testAFileSizeLimitOnStandardOutputIsOneErrorAndStatus74() throws {
    let r = try zlcInShell(["schema"], setup: "ulimit -f 1;", redirect: "> schema.json")
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertEqual(r.err, "error: cannot write to standard output: File too large\n")
  }

  /// Help and the version are a command's result too: where standard output cannot be written,
  /// one message and status 74, not success with nothing written; written, they are as before.
  func testHelpAndVersionOnAFullStandardOutputAreOneErrorAndStatus74() throws {
    for arguments in [["--help"], ["--version"], ["build", "--help"], ["help", "build"]] {
      let r = try zlcInShell(arguments, setup: "", redirect: "> /dev/full")
      XCTAssertEqual(r.status, 74, "\(arguments): \(r.err)")
      XCTAssertEqual(r.err, "error: cannot write to standard output: No space left on device\n", "\(arguments)")
    }
    let version = try zlc(["--version"], cwd: dir)
    XCTAssertEqual(version.status, 0, version.err)
    XCTAssertEqual(version.out.first?.isNumber, true, version.out)
    XCTAssertEqual(version.out.filter { $0 == "\n" }.count, 1, version.out)
    let help = try zlc(["build", "--help"], cwd: dir)
    XCTAssertEqual(help.status, 0, help.err)
    XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Check a layout project and write its resolved screen bundle.\n"), help.out)
  }

  /// A refused argument is told on standard error; where that cannot be written (`2>/dev/full`),
  /// zlc exits with the refusal's status, not a trap.
  func testARefusalToAFullStandardErrorIsNoCrash() throws {
    let r = try zlcInShell(["build", "--bo\u{1}gus"], setup: "", redirect: "2>/dev/full")
    XCTAssertEqual(r.status, 64, r.err)
  }

  /// `zlc init` waiting for another run's lock says so on standard error; where that cannot be
  /// written, it waits all the same and writes the starter, rather than trapping.
  func testAnInitWaitingWithAFullStandardErrorWritesTheStarter() throws {
    let lock = open(dir.path, O_RDONLY | O_DIRECTORY)
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", #"exec "$0" init app 2>/dev/full"#, try zlcBinary().path]
    process.currentDirectoryURL = dir
    try process.run()
    // Until it waits for the lock (a blocked waiter on the folder's inode in /proc/locks; where
    // there is none, two seconds) or ends.
    var status = stat()
    XCTAssertEqual(stat(dir.path, &status), 0)
    let started = Date()
    func waiting() -> Bool {
      guard let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return Date() > started + 2 }
      return locks.split(separator: "\n").contains { $0.contains("-> FLOCK") && $0.contains(":\(status.st_ino) ") }
    }
    while process.isRunning, !waiting(), Date() < started + 20 { usleep(20_000) }
    XCTAssertTrue(process.isRunning, "it waits for the lock")
    close(lock)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    XCTAssertEqual(
      files(in: dir.appendingPathComponent("app")).keys.sorted(), files(in: dir.appendingPathComponent("starter")).keys.sorted())
  }
}
