import Foundation
import XCTest
import ZappLayout

/// What zlc leaves beside an output folder, through the built binary: a stop signal while it
/// writes leaves no staging folder (nor `zlc serve`'s temporary folder) behind; a folder named
/// like zlc's leftovers but not zlc's is kept, and named in a warning; a kill while zlc removes a
/// folder it wrote beside the output leaves what is left of it marked; a rebuild keeps the
/// output's permission bits.
final class OutputStagingTests: DemoCopyTestCase {
  /// 2,000 screens more than the demo's: a build writes for a second or so.
  func addScreens(_ count: Int = 2_000) throws {
    let screens = (0..<count).map { i in
      #"{"id": "extra-\#(i)", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "\#(i)", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}"#
    }
    try Data(("[" + screens.joined(separator: ",\n") + "]").utf8).write(to: project.appendingPathComponent("screens/extra.json"))
  }

  /// The line of a marker that lists the files zlc wrote, after which it lists them.
  static let listHeader = "# zlc replaces this folder whole, and only while it holds no files but these, which it wrote:"

  /// The staging folders (`.NAME.zlc-new-…`) in `folder`.
  func stagingFolders(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".zlc-new-") }
  }

  /// Runs zlc with `arguments` until a staging folder appears in one of `beside`, freezes it
  /// (SIGSTOP) while that folder is still being filled (its marker does not list its files yet),
  /// sends `signal` and lets it go on. Returns the process, ended. When it was frozen too late (it
  /// had filled the folder), it is stopped with SIGTERM and run again, up to three times.
  func stopWhileWriting(
    _ arguments: [String], signal: Int32, environment: [String: String] = [:], beside: () -> [URL]
  ) throws -> Process? {
    for _ in 0..<3 {
      let process = Process()
      process.executableURL = try zlcBinary()
      process.arguments = arguments
      process.currentDirectoryURL = dir
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(120)
      var staging: URL?
      while staging == nil, process.isRunning, Date() < deadline {
        staging =
          beside().lazy.compactMap { folder in self.stagingFolders(in: folder).first.map { folder.appendingPathComponent($0) } }
          .first
        if staging == nil { usleep(1_000) }
      }
      guard let staging else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTFail("\(arguments): no staging folder appeared")
        return nil
      }
      kill(process.processIdentifier, SIGSTOP)
      // Frozen while it fills the folder: the folder is there, its marker not yet written or still
      // the one line written first.
      let marker = try? String(contentsOf: staging.appendingPathComponent(".zlc-output"), encoding: .utf8)
      guard FileManager.default.fileExists(atPath: staging.path), !(marker ?? "").contains(Self.listHeader) else {
        // Too late: stopped for good (a server would run on), tidily, and run again.
        kill(process.processIdentifier, SIGTERM)
        kill(process.processIdentifier, SIGCONT)
        waitForEnd(process, arguments, SIGTERM)
        continue
      }
      kill(process.processIdentifier, signal)
      kill(process.processIdentifier, SIGCONT)
      waitForEnd(process, arguments, signal)
      return process
    }
    XCTFail("\(arguments): never frozen while it wrote")
    return nil
  }

  /// Waits for `process` to end after `signal`, within seconds; a lost signal would leave it
  /// running (a server for good), which fails the test.
  func waitForEnd(_ process: Process, _ arguments: [String], _ signal: Int32) {
    let ending = Date().addingTimeInterval(60)
    while process.isRunning, Date() < ending { usleep(10_000) }
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTFail("\(arguments): still running a minute after signal \(signal)")
  }

  /// SIGINT, SIGTERM or SIGHUP while `zlc build` or `zlc preview` fills its staging folder: the
  /// folder is removed, the earlier output is kept as it was, and zlc ends by the signal.
  func testAStopWhileWritingLeavesNoStagingFolder() throws {
    try addScreens()
    let bundle = dir.appendingPathComponent("bundle")
    XCTAssertEqual(try zlc(["build", project.path, "-o", bundle.path, "--max-diagnostics", "1"]).status, 0)
    let index = try Data(contentsOf: bundle.appendingPathComponent("bundle.json"))
    let here: URL = dir
    for (command, signal) in [("build", SIGINT), ("preview", SIGTERM), ("build", SIGHUP), ("preview", SIGINT)] {
      let output = command == "build" ? "bundle" : "preview"  // replaced, and new
      guard let process = try stopWhileWriting([command, project.path, "-o", output], signal: signal, beside: { return [here] }) else {
        continue
      }
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(command), signal \(signal)")
      XCTAssertEqual(process.terminationStatus, signal, "\(command)")
      XCTAssertEqual(stagingFolders(in: dir), [], "\(command), signal \(signal): no staging folder left")
      XCTAssertEqual(try Data(contentsOf: bundle.appendingPathComponent("bundle.json")), index, "a whole bundle")
      // No preview, or (from a run frozen too late, or a stop that came as the swap began) a whole one.
      let preview = dir.appendingPathComponent("preview")
      if FileManager.default.fileExists(atPath: preview.path) {
        let marker = try String(contentsOf: preview.appendingPathComponent(".zlc-output"), encoding: .utf8)
        XCTAssertTrue(marker.contains("\nindex.html\n"), marker)
      }
    }
  }

  /// A stop while a build writes an output in folders it made removes those folders too, as a
  /// build that fails does.
  func testAStopWhileWritingRemovesTheFoldersMadeAboveTheOutput() throws {
    try addScreens()
    let made = dir.appendingPathComponent("new")
    let holder = made.appendingPathComponent("deeper")
    guard let process = try stopWhileWriting(["build", project.path, "-o", "new/deeper/bundle"], signal: SIGINT, beside: { [holder] })
    else { return }
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGINT)
    XCTAssertFalse(FileManager.default.fileExists(atPath: made.path), "the folders made above the output are removed")
  }

  /// A stop during `zlc serve`'s first build, before the server handles the signals, removes the
  /// staging folder, and the temporary folder it serves from when no `-o` was given.
  func testAStopDuringServesFirstBuildLeavesNothing() throws {
    try addScreens()
    let tmp = dir.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let fm = FileManager.default
    let here: URL = dir
    for (output, signal) in [(nil, SIGINT), ("served", SIGTERM)] as [(String?, Int32)] {
      let arguments = ["serve", project.path, "--port", "0"] + (output.map { ["-o", $0] } ?? [])
      let process = try stopWhileWriting(arguments, signal: signal, environment: ["TMPDIR": tmp.path + "/"]) {
        return [here] + ((try? fm.contentsOfDirectory(atPath: tmp.path)) ?? []).map { tmp.appendingPathComponent($0) }
      }
      guard let process else { continue }
      XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(arguments)")
      XCTAssertEqual(process.terminationStatus, signal)
      XCTAssertEqual(try fm.contentsOfDirectory(atPath: tmp.path), [], "\(arguments): no temporary folder left")
      XCTAssertEqual(stagingFolders(in: dir), [], "\(arguments): no staging folder left")
    }
  }

  /// A folder beside the output named as zlc names its staging folders and set-aside outputs,
  /// but without zlc's marker, is the user's: a build neither removes it nor puts it in the
  /// output's place.
  func testAFolderNamedLikeALeftoverIsKept() throws {
    let fm = FileManager.default
    for name in [".out.zlc-new-mynotes", ".out.zlc-old-keep", ".out.zlc-new-0badcafe"] {
      try fm.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
      try Data("important".utf8).write(to: dir.appendingPathComponent(name + "/notes.txt"))
    }
    // zlc's form of name and a marker in zlc's words that lists no files, which zlc did not write
    // there (by hand, or copied): the folder is still the user's.
    for name in [".out.zlc-new-1badcafe", ".out.zlc-old-1badcafe", ".out.zlc-new-2badcafe.stopped"] {
      try fm.createDirectory(at: dir.appendingPathComponent(name + "/screens"), withIntermediateDirectories: true)
      try Data("zlc bundle\n".utf8).write(to: dir.appendingPathComponent(name + "/.zlc-output"))
      try Data("important".utf8).write(to: dir.appendingPathComponent(name + "/screens/notes.json"))
    }
    let before = try snapshot(dir)
    let r = try zlc(["build", project.path, "-o", "out"], cwd: dir)
    XCTAssertEqual(r.status, 0, r.err)
    let after = try snapshot(dir).filter { !$0.key.hasPrefix("out/") }
    XCTAssertEqual(after, before)
    XCTAssertTrue(fm.fileExists(atPath: dir.appendingPathComponent("out/bundle.json").path))
    // Each folder of zlc's form that it keeps is named in a warning, the others are not.
    let warned = r.err.split(separator: "\n").filter { $0.contains("ZL0126") }
    let kept = [".out.zlc-new-0badcafe", ".out.zlc-new-1badcafe", ".out.zlc-new-2badcafe.stopped", ".out.zlc-old-1badcafe"]
    XCTAssertEqual(warned.count, kept.count, r.err)
    // Named as the output was given (relative), and counted alike in both summaries.
    for name in kept { XCTAssertTrue(warned.contains { $0.contains("'" + name + "' beside the output 'out'") }, "\(name): \(r.err)") }
    XCTAssertTrue(r.err.contains("(0 errors, 4 warnings in "), r.err)
    XCTAssertFalse(r.err.contains("\n0 errors, 4 warnings in "), "counted once, in the line of what was written: \(r.err)")
    // With `--warnings-as-errors`, the build fails before it writes.
    try fm.createDirectory(at: dir.appendingPathComponent(".fresh.zlc-new-0badcafe"), withIntermediateDirectories: true)
    try Data("important".utf8).write(to: dir.appendingPathComponent(".fresh.zlc-new-0badcafe/notes.txt"))
    let strict = try zlc(["build", project.path, "-o", "fresh", "--warnings-as-errors"], cwd: dir)
    XCTAssertEqual(strict.status, 1, strict.err)
    XCTAssertTrue(strict.err.contains("not written: fix the errors above"), strict.err)
    XCTAssertFalse(fm.fileExists(atPath: dir.appendingPathComponent("fresh").path))
  }

  /// `chmod 2770 out` (a folder a team's group shares) and `chmod 750 out/screens` outlive the
  /// next build, as does the group.
  func testARebuildKeepsTheOutputsPermissions() throws {
    let out = dir.appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    XCTAssertEqual(chmod(out.path, 0o2770), 0)
    XCTAssertEqual(chmod(out.appendingPathComponent("screens").path, 0o750), 0)
    // Another group than the process's, where the system lets the test give it one (as root).
    let group: gid_t = getuid() == 0 ? 65534 : getgid()
    _ = chown(out.path, getuid(), group)
    _ = chmod(out.path, 0o2770)
    for command in ["build", "build"] {
      let r = try zlc([command, project.path, "-o", out.path])
      XCTAssertEqual(r.status, 0, r.err)
      var status = stat()
      XCTAssertEqual(lstat(out.path, &status), 0)
      XCTAssertEqual(status.st_mode & 0o7777, 0o2770)
      XCTAssertEqual(status.st_gid, group)
      XCTAssertEqual(lstat(out.appendingPathComponent("screens").path, &status), 0)
      XCTAssertEqual(status.st_mode & 0o777, 0o750)
      // The setgid folder gives its group to what is made in it.
      XCTAssertEqual(lstat(out.appendingPathComponent("bundle.json").path, &status), 0)
      XCTAssertEqual(status.st_gid, group)
    }
  }

  /// A build that removes what a killed build left beside the output removes the marker last: a
  /// kill during that removal left files without their marker, which no later build removed.
  func testAKillWhileALeftoverIsRemovedLeavesItMarked() throws {
    let leftover = dir.appendingPathComponent(".bundle.zlc-new-0123abcd")
    let screens = leftover.appendingPathComponent("screens")
    try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
    // Its first marker, as zlc writes it into the folder it made: tied to that folder.
    var status = stat()
    XCTAssertEqual(lstat(leftover.path, &status), 0)
    guard let born = birthTime(leftover.path) else {
      throw XCTSkip("the test's file system keeps no birth time: zlc keeps such a leftover whole")
    }
    try Data("zlc bundle\n# zlc is filling this folder, made as \(status.st_dev) \(status.st_ino) born \(born)\n".utf8)
      .write(to: leftover.appendingPathComponent(".zlc-output"))
    let count = 4_000
    for i in 0..<count { XCTAssertTrue(FileManager.default.createFile(atPath: screens.path + "/s\(i).json", contents: Data("{}".utf8))) }
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = ["build", project.path, "-o", dir.appendingPathComponent("bundle").path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    func remaining() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: screens.path).count) ?? 0 }
    while process.isRunning, remaining() == count, Date() < deadline { usleep(2_000) }
    kill(process.processIdentifier, SIGSTOP)
    let left = remaining()
    let marked = FileManager.default.fileExists(atPath: leftover.appendingPathComponent(".zlc-output").path)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    XCTAssertGreaterThan(left, 0, "stopped while it removed the leftover")
    XCTAssertLessThan(left, count, "stopped while it removed the leftover")
    XCTAssertTrue(marked, "the marker is removed last")
    XCTAssertEqual(try zlc(["build", project.path, "-o", dir.appendingPathComponent("bundle").path]).status, 0)
    XCTAssertEqual(stagingFolders(in: dir), [], "the next build removes what is left")
  }

  /// What a kill may leave beside the output that is not zlc's to remove: a folder named like zlc's
  /// leftovers that holds a file but not its marker, or such a file that is not empty (a stop puts
  /// an empty one in a staging folder's place while it removes it).
  func unmarkedLeftovers(in folder: URL) -> [String] {
    let fm = FileManager.default
    func holdsAFile(_ path: String) -> Bool {
      let names = (try? fm.contentsOfDirectory(atPath: path)) ?? []
      return names.contains { name in
        var status = stat()
        guard lstat(path + "/" + name, &status) == 0 else { return false }
        return status.st_mode & S_IFMT != S_IFDIR || holdsAFile(path + "/" + name)
      }
    }
    return ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().filter { name in
      guard name.contains(".zlc-new-") || name.contains(".zlc-old-") else { return false }
      let path = folder.path + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0 else { return false }
      guard status.st_mode & S_IFMT == S_IFDIR else { return status.st_size != 0 }
      return holdsAFile(path) && !fm.fileExists(atPath: path + "/.zlc-output")
    }
  }

  /// The birth time of the folder at `path` as zlc's marker writes it (`SECONDS.NANOSECONDS`),
  /// read as zlc reads it: `st_birthtimespec` on Apple's systems, `statx` on Linux (the kernel's
  /// layout: `stx_mask` at 0, `stx_btime` at 80); nil where the file system keeps none.
  func birthTime(_ path: String) -> String? {
    #if canImport(Darwin)
      var status = stat()
      guard lstat(path, &status) == 0 else { return nil }
      let (seconds, nanoseconds) = (Int64(status.st_birthtimespec.tv_sec), Int(status.st_birthtimespec.tv_nsec))
    #else
      typealias StatX = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "statx") else { return nil }
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
      defer { buffer.deallocate() }
      buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
      guard unsafeBitCast(symbol, to: StatX.self)(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, 0x800, buffer) == 0,
        buffer.load(as: UInt32.self) & 0x800 != 0
      else { return nil }
      let (seconds, nanoseconds) = (buffer.load(fromByteOffset: 80, as: Int64.self), Int(buffer.load(fromByteOffset: 88, as: UInt32.self)))
    #endif
    return "\(seconds)." + String(String(nanoseconds + 1_000_000_000).dropFirst())
  }

  /// A process running `zlc build` into `output` of the demo copy, its output thrown away.
  /// Runs `zlc build` into `output` until it has swapped the output (its inode changed: from then
  /// on, the build removes the earlier output), sends `signal` a random number of microseconds up
  /// to `maxDelay` later while it runs, and waits for it to end; returns it with that delay.
  func buildSignalledAfterTheSwap(_ output: URL, _ signal: Int32, within maxDelay: UInt32) throws -> (Process, UInt32) {
    func identity() -> ino_t {
      var status = stat()
      return lstat(output.path, &status) == 0 ? status.st_ino : 0
    }
    let before = identity()
    let process = try startBuild(output)
    while process.isRunning, identity() == before { usleep(100) }
    let delay = UInt32.random(in: 0...maxDelay)
    if process.isRunning {
      usleep(delay)
      kill(process.processIdentifier, signal)
    }
    process.waitUntilExit()
    return (process, delay)
  }

  func startBuild(_ output: URL) throws -> Process {
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = ["build", project.path, "-o", output.path, "--max-diagnostics", "1"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// A kill (SIGKILL) at a random moment while a stop signal's handler removes the staging folder
  /// leaves no file without its marker: what is left is a folder the next build knows for zlc's
  /// (or the empty file the stop puts in its place), and the next build removes it.
  func testAKillWhileAStopRemovesTheStagingFolderLeavesItMarked() throws {
    try addScreens(4_000)
    let bundle = dir.appendingPathComponent("bundle")
    XCTAssertEqual(try zlc(["build", project.path, "-o", bundle.path, "--max-diagnostics", "1"]).status, 0)
    let earlier = try snapshot(bundle)
    let fm = FileManager.default
    var cut = 0
    // Six rounds, and more (up to sixteen, each killed sooner) until some kill cut a removal: on
    // a fast machine the removal may be over before a late kill.
    for round in 0..<16 where round < 6 || cut == 0 {
      let process = try startBuild(bundle)
      defer {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
      // Until the staging folder holds a thousand screens, its marker not yet listing them.
      let deadline = Date().addingTimeInterval(120)
      var staging: URL?
      while process.isRunning, Date() < deadline {
        if let name = stagingFolders(in: dir).first(where: { !$0.hasSuffix(".stopped") }) {
          let found = dir.appendingPathComponent(name)
          if ((try? fm.contentsOfDirectory(atPath: found.path + "/screens").count) ?? 0) >= 1_000 {
            staging = found
            break
          }
        }
        usleep(500)
      }
      guard let staging else { continue }
      kill(process.processIdentifier, SIGTERM)
      // The stop renames the folder aside to remove it; killed at some moment of that removal.
      while process.isRunning, !fm.fileExists(atPath: staging.path + ".stopped") { usleep(100) }
      let delay = UInt32.random(in: 0...(round >= 6 ? 300 : round % 2 == 0 ? 2_000 : 20_000))
      usleep(delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let aside = staging.path + ".stopped"
      if ((try? fm.contentsOfDirectory(atPath: aside + "/screens").count) ?? 0) > 0 { cut += 1 }
      XCTAssertEqual(unmarkedLeftovers(in: dir), [], "round \(round), killed \(delay) µs after the rename")
      XCTAssertEqual(try snapshot(bundle), earlier, "round \(round), killed \(delay) µs after the rename: the earlier output, whole")
    }
    XCTAssertGreaterThan(cut, 0, "some kill came while the stop removed the staging folder")
    let next = try zlc(["build", project.path, "-o", bundle.path, "--max-diagnostics", "1"])
    XCTAssertEqual(next.status, 0, next.err)
    XCTAssertFalse(next.err.contains("ZL0126"), next.err)
    XCTAssertEqual(stagingFolders(in: dir), [], "the next build removes what the kills left")
  }

  /// A kill (SIGKILL) at a random moment after a rebuild exchanged its output, while it removes the
  /// earlier output, leaves the output whole (the earlier one or the new one, never a mix) and
  /// whatever is left of the earlier one still marked; the next build removes it.
  func testAKillWhileTheEarlierOutputIsRemovedLeavesItMarked() throws {
    let fm = FileManager.default
    let bundle = dir.appendingPathComponent("bundle")
    // Two projects whose bundles differ: 2,000 screens more than the demo's, and 2,001.
    let counts = [2_000, 2_001]
    var bundles: [[String: Data]] = []
    for count in counts {
      try addScreens(count)
      let reference = dir.appendingPathComponent("reference")
      XCTAssertEqual(try zlc(["build", project.path, "-o", reference.path, "--max-diagnostics", "1"]).status, 0)
      bundles.append(try snapshot(reference))
      try fm.removeItem(at: reference)
    }
    XCTAssertNotEqual(bundles[0], bundles[1])
    XCTAssertEqual(try zlc(["build", project.path, "-o", bundle.path, "--max-diagnostics", "1"]).status, 0)
    var current = 1
    var cut = 0
    // Four rounds, and more (up to twelve, each killed sooner) until some kill cut the removal.
    for round in 0..<12 where round < 4 || cut == 0 {
      let next = 1 - current
      try addScreens(counts[next])
      let (process, delay) = try buildSignalledAfterTheSwap(
        bundle, SIGKILL, within: round >= 4 ? 300 : round % 2 == 0 ? 2_000 : 20_000)
      if process.terminationReason == .uncaughtSignal, !stagingFolders(in: dir).isEmpty { cut += 1 }
      let now = try snapshot(bundle)
      XCTAssertTrue(now == bundles[0] || now == bundles[1], "round \(round), killed \(delay) µs after the swap: one whole bundle")
      if now == bundles[next] { current = next }
      XCTAssertEqual(unmarkedLeftovers(in: dir), [], "round \(round), killed \(delay) µs after the swap")
    }
    XCTAssertGreaterThan(cut, 0, "some kill came while the earlier output was removed")
    let last = try zlc(["build", project.path, "-o", bundle.path, "--max-diagnostics", "1"])
    XCTAssertEqual(last.status, 0, last.err)
    XCTAssertFalse(last.err.contains("ZL0126"), last.err)
    XCTAssertEqual(stagingFolders(in: dir), [], "the next build removes what the kills left")
    XCTAssertEqual(try snapshot(bundle), bundles[current])
  }

  /// A stop signal after a rebuild exchanged its output, while it removes the earlier output,
  /// leaves nothing beside the output: zlc ends by the signal once the stop has removed what is
  /// left, or, stopped after its end, with success. (It went on to end with success while the stop
  /// removed the earlier output, leaving an empty file and part of that output beside it.)
  func testAStopWhileTheEarlierOutputIsRemovedLeavesNothing() throws {
    let bundle = dir.appendingPathComponent("bundle")
    try addScreens(2_000)
    XCTAssertEqual(try zlc(["build", project.path, "-o", bundle.path, "--max-diagnostics", "1"]).status, 0)
    var stoppedByTheSignal = 0
    for round in 0..<12 where round < 6 || stoppedByTheSignal == 0 {
      try addScreens(round % 2 == 0 ? 2_001 : 2_000)
      let (process, delay) = try buildSignalledAfterTheSwap(
        bundle, SIGTERM, within: round >= 6 ? 200 : round % 2 == 0 ? 2_000 : 20_000)
      if process.terminationReason == .uncaughtSignal {
        stoppedByTheSignal += 1
        XCTAssertEqual(process.terminationStatus, SIGTERM)
      } else {
        XCTAssertEqual(process.terminationStatus, 0, "round \(round)")
      }
      XCTAssertEqual(stagingFolders(in: dir), [], "round \(round), stopped \(delay) µs after the swap: nothing left beside")
    }
    XCTAssertGreaterThan(stoppedByTheSignal, 0, "some stop came while the earlier output was removed")
  }
}
