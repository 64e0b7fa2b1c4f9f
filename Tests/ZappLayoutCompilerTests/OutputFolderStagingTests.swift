import Foundation
import Synchronization
import XCTest
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappRules
@testable import ZappWriters

/// What `OutputFolder.replace` makes beside an output: leftovers of killed builds are removed only
/// when they are provably zlc's; the staging folder is registered for removal on a stop signal
/// while it exists; the output's folders keep their permission bits; and a file that appears in
/// the earlier output as it is swapped away is not deleted with it.
final class OutputFolderStagingTests: TemporaryFolderTestCase {
  /// A bundle-like output `out` in `dir`, written through `replace`.
  func writeOutput(_ files: [String: String] = ["bundle.json": "{}"], kind: OutputFolder.Kind = .preview) throws -> OutputFolder {
    let folder = try OutputFolder.validate(dir + "/out", kind: kind, project: nil)
    try folder.replace { staging, _, _ in
      for (path, text) in files {
        let url = URL(fileURLWithPath: staging + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(BundleWriter.writeFile(url.path, Array(text.utf8)), 0)
      }
    }
    return folder
  }

  /// What `replace` with `fill` gives for an output in `new/deep`, a folder it did not make, whose
  /// lock another build holds and which that build removes (with `new`) while this one waits.
  func replaceInAFolderRemovedWhileWaiting(
    fill: @escaping @Sendable (_ staging: String) throws -> Void
  ) throws -> (parent: String, result: Result<Void, Error>) {
    let parent = dir + "/new/deep"
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    let held = open(parent, O_RDONLY | O_DIRECTORY)
    XCTAssertEqual(flock(held, LOCK_EX), 0)
    let folder = try OutputFolder.validate(parent + "/out", kind: .preview, project: nil)
    let outcome = Mutex<Result<Void, Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let result = Result { try folder.replace { staging, _, _ in try fill(staging) } }
      outcome.withLock { $0 = result }
      done.signal()
    }
    Thread.sleep(forTimeInterval: 0.5)  // the build waits for the lock meanwhile
    XCTAssertEqual(rmdir(parent), 0)
    XCTAssertEqual(rmdir(dir + "/new"), 0)
    close(held)
    XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    return (parent, try outcome.withLock { try XCTUnwrap($0) })
  }

  /// A build that waits for the lock of a folder it did not make, which the build holding it
  /// removes as it fails (the empty folders a failed build made go again), makes the folder again
  /// and writes its output, where it failed to make its staging folder in the removed one.
  func testAFolderRemovedWhileABuildWaitsIsMadeAgain() throws {
    let (parent, result) = try replaceInAFolderRemovedWhileWaiting { staging in
      XCTAssertEqual(BundleWriter.writeFile(staging + "/a.txt", Array("a".utf8)), 0)
    }
    XCTAssertNoThrow(try result.get())
    XCTAssertEqual(try String(contentsOfFile: parent + "/out/a.txt", encoding: .utf8), "a")
  }

  /// The folders such a build makes again are its own: when its build then fails, they are
  /// removed as the folders it made from the start are.
  func testAFolderMadeAgainIsRemovedWhenTheBuildFails() throws {
    let (_, result) = try replaceInAFolderRemovedWhileWaiting { _ in throw BundleWriter.WriteError.io("the fill failed") }
    XCTAssertThrowsError(try result.get())
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/new"), "the folders made again are removed")
  }

  /// A folder is removed with its marker last, and a link in a folder's place is removed itself,
  /// never the files of the folder it points to.
  func testRemovalTakesTheMarkerLastAndNeverFollowsALink() throws {
    try makeFolder("kept", files: ["mine.txt": "x", ".zlc-output": "zlc bundle\n"])
    try FileManager.default.createSymbolicLink(atPath: dir + "/.out.zlc-new-0123abcd", withDestinationPath: dir + "/kept")
    OutputFolder.removeMarkerLast(dir + "/.out.zlc-new-0123abcd")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/.out.zlc-new-0123abcd"))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/kept").sorted(), [".zlc-output", "mine.txt"])
    OutputFolder.removeMarkerLast(dir + "/kept")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/kept"))
  }

  func makeFolder(_ relative: String, files: [String: String] = [:]) throws {
    try FileManager.default.createDirectory(atPath: dir + "/" + relative, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + relative + "/" + name)) }
  }

  func entries(_ relative: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? dir : dir + "/" + relative).sorted()
  }

  /// A staging folder as a killed build leaves it: its first marker, written into it as zlc writes
  /// it (tied to the folder), and part of what it was being filled with.
  func makeStaging(_ relative: String, files: [String: String], kind: OutputFolder.Kind = .preview) throws {
    try makeFolder(relative, files: files)
    let marker = try XCTUnwrap(OutputFolder.fillingMarker(of: dir + "/" + relative, kind: kind))
    XCTAssertEqual(BundleWriter.writeFile(dir + "/" + relative + "/" + OutputFolder.markerName, marker), 0)
  }

  /// A folder named like zlc's leftovers, with a marker zlc cannot tie to it (no list, and not the
  /// first marker of that very folder: written by hand, or copied with its folder), is kept whole
  /// and named by `keptLeftovers`, with whatever it holds; one zlc tied to itself is removed.
  func testAMarkerZlcCannotTieToItsFolderKeepsTheFolder() throws {
    _ = try writeOutput()
    try makeFolder(".out.zlc-new-0badcafe", files: [OutputFolder.markerName: "zlc preview\n", "notes.txt": "important"])
    try makeFolder(".out.zlc-old-0badcafe", files: [OutputFolder.markerName: "zlc preview\n", "notes.txt": "important"])
    try makeFolder(".out.zlc-new-0badcafe.stopped", files: [OutputFolder.markerName: "zlc preview\n", "notes.txt": "important"])
    // A bundle's earlier output without a list that is not exactly a bundle.
    try makeFolder(".out.zlc-old-22222222", files: [OutputFolder.markerName: "zlc bundle\n", "bundle.json": "{}", "notes.txt": "x"])
    // A genuine staging folder's marker, copied with its folder (a backup restored): another folder.
    try makeStaging(".out.zlc-new-33333333", files: ["notes.txt": "important"])
    try FileManager.default.copyItem(atPath: dir + "/.out.zlc-new-33333333", toPath: dir + "/.out.zlc-new-44444444")
    try FileManager.default.removeItem(atPath: dir + "/.out.zlc-new-33333333")
    // An empty marker beside a file.
    try makeFolder(".out.zlc-new-77777777", files: [OutputFolder.markerName: "", "notes.txt": "important"])
    // The folder's device and inode, but another birth time (a folder restored where zlc's was
    // removed, which reused its inode), or none.
    for (name, altered) in [("88888888", true), ("99999999", false)] {
      try makeFolder(".out.zlc-new-\(name)", files: ["notes.txt": "important"])
      let path = dir + "/.out.zlc-new-\(name)"
      guard let birth = OutputFolder.identity(of: path)?.birth else { throw XCTSkip("the test's file system keeps no birth time") }
      let genuine = String(decoding: try XCTUnwrap(OutputFolder.fillingMarker(of: path, kind: .preview)), as: UTF8.self)
      let born = " born \(birth.seconds)."
      let cut = try XCTUnwrap(genuine.range(of: born)).lowerBound
      let forged = altered ? genuine.replacingOccurrences(of: born, with: " born \(birth.seconds - 1).") : genuine[..<cut] + "\n"
      XCTAssertNotEqual(forged, genuine)
      try Data(forged.utf8).write(to: URL(fileURLWithPath: path + "/" + OutputFolder.markerName))
    }
    let kept = [
      ".out.zlc-new-0badcafe", ".out.zlc-new-0badcafe.stopped", ".out.zlc-new-44444444", ".out.zlc-new-77777777",
      ".out.zlc-new-88888888", ".out.zlc-new-99999999", ".out.zlc-old-0badcafe", ".out.zlc-old-22222222",
    ]
    let reasons: [OutputFolder.KeptLeftover.Reason] = [
      .markerListsNothing, .markerListsNothing, .markerOfAnotherFolder, .noMarker, .markerOfAnotherFolder,
      .markerWithoutBirthTime, .markerListsNothing, .markerListsNothing,
    ]
    let expected = zip(kept, reasons).map { OutputFolder.KeptLeftover(path: dir + "/" + $0, reason: $1) }
    let before = try kept.map { try entries($0) }
    let folder = try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)
    XCTAssertEqual(folder.keptLeftovers(), expected)
    // The folder zlc made and marked itself, beside them, is removed, and one a build was killed
    // in as it made its first marker (empty), as it holds no file but that.
    try makeStaging(".out.zlc-new-55555555", files: ["index.html": "x"])
    try makeFolder(".out.zlc-new-66666666/screens", files: [:])
    try makeFolder(".out.zlc-new-66666666", files: [OutputFolder.markerName: ""])
    _ = try writeOutput()
    XCTAssertEqual(try entries(), kept + ["out"])
    XCTAssertEqual(try kept.map { try entries($0) }, before)
    XCTAssertEqual(try String(contentsOfFile: dir + "/.out.zlc-new-0badcafe/notes.txt", encoding: .utf8), "important")
    XCTAssertEqual(folder.keptLeftovers(), expected)
  }

  /// Where glibc has no `statx` (before 2.28), a folder's birth time is read through the system
  /// call: the same as through glibc's function.
  func testTheBirthTimeIsReadWithoutGlibcsStatx() throws {
    #if os(Linux)
      guard let birth = OutputFolder.birthTime(of: dir) else { throw XCTSkip("the test's file system keeps no birth time") }
      let called = try XCTUnwrap(OutputFolder.birthTime(of: dir, statxSymbol: "zlc_no_such_statx"), "read through syscall")
      XCTAssertEqual([called.seconds, Int64(called.nanoseconds)], [birth.seconds, Int64(birth.nanoseconds)])
    #else
      throw XCTSkip("statx is Linux's")
    #endif
  }

  /// A build names each folder it keeps beside its output with a warning at that folder (ZL0126)
  /// that says why, found before it writes: it builds all the same, and with
  /// `--warnings-as-errors` writes nothing. With none, it says nothing.
  func testABuildWarnsOfTheFoldersItKeeps() throws {
    let project = try makeProject(Example.baseProject)
    defer { try? FileManager.default.removeItem(atPath: project) }
    let out = dir + "/out"
    let clean = Driver.build(project, output: out)
    XCTAssertEqual(clean.status, .success)
    assertDiagnostics(clean.diagnostics, in: dir, [])
    try makeFolder(".out.zlc-new-0badcafe", files: [OutputFolder.markerName: "zlc bundle\n", "notes.txt": "important"])
    try makeFolder(".out.zlc-new-1badcafe", files: ["notes.txt": "important"])
    try makeStaging(".out.zlc-new-2badcafe", files: [:], kind: .bundle)
    try FileManager.default.copyItem(atPath: dir + "/.out.zlc-new-2badcafe", toPath: dir + "/.out.zlc-new-3badcafe")
    try FileManager.default.removeItem(atPath: dir + "/.out.zlc-new-2badcafe")
    try FileManager.default.copyItem(atPath: out, toPath: dir + "/.out.zlc-old-4badcafe")
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/.out.zlc-old-4badcafe/mine.txt"))
    XCTAssertEqual(symlink(dir + "/elsewhere", dir + "/.out.zlc-old-5badcafe"), 0)
    // The first marker of that very folder, but without its birth time.
    try makeFolder(".out.zlc-new-6badcafe", files: ["notes.txt": "important"])
    let made = try XCTUnwrap(OutputFolder.identity(of: dir + "/.out.zlc-new-6badcafe"))
    let marker = "zlc bundle\n\(OutputFolder.fillingHeader) \(made.device) \(made.inode)\n"
    try Data(marker.utf8).write(to: URL(fileURLWithPath: dir + "/.out.zlc-new-6badcafe/" + OutputFolder.markerName))
    let spec = { (name: String, reason: String) in
      DiagnosticSpec(
        code: "ZL0126", file: name, line: 0, column: 0,
        message:
          "'\(self.dir!)/\(name)' beside the output '\(out)' is named like what a stopped build leaves there, but \(reason), so zlc cannot tell it for its own: zlc keeps it; remove it, or move what you need out of it"
      )
    }
    let specs = [
      spec(".out.zlc-new-0badcafe", "its marker '.zlc-output' lists no files"),
      spec(".out.zlc-new-1badcafe", "it holds no marker zlc can read ('.zlc-output')"),
      spec(
        ".out.zlc-new-3badcafe",
        "its marker '.zlc-output' was not written for this folder (it was copied with its files, or written by hand)"),
      spec(".out.zlc-old-4badcafe", "it holds files its marker '.zlc-output' does not list ('mine.txt')"),
      spec(".out.zlc-new-6badcafe", "zlc could not learn when the folder was made (its marker '.zlc-output' names no birth time)"),
      spec(".out.zlc-old-5badcafe", "it is a link, not a folder zlc made"),
    ]
    let outcome = Driver.build(project, output: out)
    XCTAssertEqual(outcome.status, .success)
    XCTAssertEqual(outcome.diagnostics.map(\.severity), Array(repeating: .warning, count: specs.count))
    assertDiagnostics(outcome.diagnostics, in: dir, specs)
    XCTAssertEqual(try entries(".out.zlc-new-0badcafe"), [OutputFolder.markerName, "notes.txt"])

    // With `--warnings-as-errors`, errors, and nothing is written.
    let other = dir + "/other"
    try makeFolder(".other.zlc-new-0badcafe", files: ["notes.txt": "important"])
    let strict = Driver.build(project, output: other, warningsAsErrors: true)
    XCTAssertEqual(strict.status, .inputErrors)
    XCTAssertFalse(strict.written)
    XCTAssertEqual(strict.diagnostics.map(\.severity), [.error])
    XCTAssertEqual(strict.diagnostics.map(\.rule), [.leftoverKept])
    XCTAssertFalse(FileManager.default.fileExists(atPath: other))
    let code = Driver.generate(project, language: .swift, output: other, warningsAsErrors: true)
    XCTAssertEqual(code.status, .inputErrors)
    XCTAssertEqual(code.diagnostics.filter { $0.rule == .leftoverKept }.map(\.severity), [.error])
    XCTAssertFalse(FileManager.default.fileExists(atPath: other))
    let lenient = Driver.generate(project, language: .swift, output: other)
    XCTAssertEqual(lenient.status, .success)
    XCTAssertEqual(lenient.diagnostics.filter { $0.rule == .leftoverKept }.map(\.severity), [.warning])
  }

  /// A kept folder is named as the user gave the output: beside it, relative when it was relative.
  func testAKeptFolderIsNamedBesideTheOutputAsGiven() throws {
    try makeFolder("build/.out.zlc-new-0badcafe", files: ["notes.txt": "important"])
    for (shown, named) in [
      ("build/out", "build/.out.zlc-new-0badcafe"), ("build/out/", "build/.out.zlc-new-0badcafe"),
      ("./build/out", "./build/.out.zlc-new-0badcafe"), ("build/x/../out", "build/x/../.out.zlc-new-0badcafe"),
      (dir + "/build/out", dir + "/build/.out.zlc-new-0badcafe"), ("build/out/.", dir + "/build/.out.zlc-new-0badcafe"),
    ] {
      let folder = OutputFolder(shown: shown, path: dir + "/build/out", kind: .bundle)
      XCTAssertEqual(folder.keptLeftovers(), [OutputFolder.KeptLeftover(path: named, reason: .noMarker)], shown)
    }
    let generated = Driver.keptLeftoverWarnings(OutputFolder(shown: "build/out", path: dir + "/build/out", kind: .bundle))
    XCTAssertEqual(generated.map(\.path), ["build/.out.zlc-new-0badcafe"])
    XCTAssertEqual(
      generated.map(\.message),
      [
        "'build/.out.zlc-new-0badcafe' beside the output 'build/out' is named like what a stopped build leaves there, but it holds no marker zlc can read ('.zlc-output'), so zlc cannot tell it for its own: zlc keeps it; remove it, or move what you need out of it"
      ])
  }

  /// A folder beside the output named like zlc's leftovers is the user's unless it holds zlc's
  /// marker (or, for a staging folder, nothing but folders): it is neither removed nor put in the
  /// output's place.
  func testOnlyZlcsOwnLeftoversAreRemovedOrPutBack() throws {
    _ = try writeOutput()
    // The user's: any name, and zlc's own form of name without its marker.
    try makeFolder(".out.zlc-new-mynotes", files: ["notes.txt": "important"])
    try makeFolder(".out.zlc-new-0badcafe", files: ["notes.txt": "important"])
    try makeFolder(".out.zlc-old-keep", files: ["d.txt": "d"])
    try makeFolder(".out.zlc-old-0badcafe", files: ["d.txt": "d"])
    // zlc's: a staging folder with its marker, one a stop left before the marker (only folders),
    // and an earlier output set aside with its marker, holding a file the marker does not list.
    try makeStaging(".out.zlc-new-12345678", files: ["index.html": "x"])
    try makeFolder(".out.zlc-new-9abcdef0/screens")
    // One a stop renamed aside to remove it, and the user's with that ending.
    try makeStaging(".out.zlc-new-11111111.stopped", files: ["index.html": "x"])
    try makeFolder(".out.zlc-new-mynotes.stopped", files: ["notes.txt": "important"])
    try FileManager.default.copyItem(atPath: dir + "/out", toPath: dir + "/.out.zlc-old-87654321")
    try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/.out.zlc-old-87654321/mine.txt"))
    _ = try writeOutput()
    XCTAssertEqual(
      try entries(),
      [
        ".out.zlc-new-0badcafe", ".out.zlc-new-mynotes", ".out.zlc-new-mynotes.stopped", ".out.zlc-old-0badcafe",
        ".out.zlc-old-87654321", ".out.zlc-old-keep", "out",
      ])
    XCTAssertEqual(try String(contentsOfFile: dir + "/.out.zlc-new-mynotes/notes.txt", encoding: .utf8), "important")

    // With the output gone: only zlc's earlier output, whole, is put back in its place.
    try FileManager.default.removeItem(atPath: dir + "/.out.zlc-old-87654321/mine.txt")
    try FileManager.default.moveItem(atPath: dir + "/out", toPath: dir + "/elsewhere")
    try FileManager.default.removeItem(atPath: dir + "/elsewhere")
    let folder = try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)
    try folder.replace { staging, _, reuse in
      XCTAssertNotNil(reuse, "the earlier output put back is the one replaced")
      XCTAssertEqual(BundleWriter.writeFile(staging + "/bundle.json", Array("{}".utf8)), 0)
    }
    XCTAssertEqual(
      try entries(),
      [
        ".out.zlc-new-0badcafe", ".out.zlc-new-mynotes", ".out.zlc-new-mynotes.stopped", ".out.zlc-old-0badcafe", ".out.zlc-old-keep",
        "out",
      ])
    XCTAssertEqual(try entries(".out.zlc-old-keep"), ["d.txt"])
  }

  /// While it exists, the staging folder is registered for removal on a stop signal; it is
  /// registered before it is made and forgotten once the swap has removed what it holds then,
  /// and the renames of the swap run under the stop's lock. A failed write first waits on a stop.
  func testTheStagingFolderIsRemovedOnAStopWhileItExists() throws {
    let recorder = Recorder(folder: dir)
    OutputFolder.stopTidying = recorder.tidying
    defer { OutputFolder.stopTidying = nil }

    let folder = try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)
    for round in 0..<2 {  // a new output (renamed into place), then one replaced (exchanged)
      recorder.log.withLock { $0 = [] }
      var seen: String?
      try folder.replace { staging, _, _ in
        seen = staging
        XCTAssertTrue(recorder.registered.withLock { $0.contains(staging) }, "registered while it is filled")
        XCTAssertEqual(BundleWriter.writeFile(staging + "/index.html", Array("x".utf8)), 0)
      }
      let staging = try XCTUnwrap(seen)
      XCTAssertFalse(FileManager.default.fileExists(atPath: staging))
      XCTAssertTrue(recorder.registered.withLock { $0.isEmpty }, "round \(round): forgotten after the swap")
      // Once exchanged, the staging path holds the earlier output: looked at under the stop's lock,
      // it stays registered for its removal, after which a stop under way ends zlc.
      let swapped = round == 0 ? [] : ["hold"]
      XCTAssertEqual(
        recorder.log.withLock { $0 }, ["exclusive", "register .out.zlc-new-", "exclusive"] + swapped + ["forget .out.zlc-new-"],
        "round \(round)")
    }
    // A write that fails asks whether a stop removed its folder before it reports the failure.
    recorder.log.withLock { $0 = [] }
    XCTAssertThrowsError(try folder.replace { _, _, _ in throw BundleWriter.WriteError.io("disk full") })
    XCTAssertEqual(recorder.log.withLock { $0 }, ["exclusive", "register .out.zlc-new-", "hold", "forget .out.zlc-new-"])
    XCTAssertEqual(try entries(), ["out"])
  }

  /// A folder above the output that cannot be made (a stop put a file in the place of `zlc
  /// serve`'s temporary folder as it was made) first waits on a stop, so that zlc ends by the
  /// signal rather than with an I/O error of its own.
  func testAFailedParentFolderWaitsOnAStop() throws {
    let recorder = Recorder(folder: dir)
    OutputFolder.stopTidying = recorder.tidying
    defer { OutputFolder.stopTidying = nil }
    let folder = try OutputFolder.validate(dir + "/temporary/bundle/out", kind: .preview, project: nil)
    XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/temporary", contents: Data()))
    XCTAssertThrowsError(try folder.makeParent())
    XCTAssertEqual(recorder.log.withLock { $0 }, ["hold"])
    XCTAssertThrowsError(try folder.replace { _, _, _ in XCTFail("nothing is filled") })
    XCTAssertEqual(recorder.log.withLock { $0 }, ["hold", "hold"])
  }

  /// The command line's registration is `StopSignals`', and `zlc serve` turns it off once it serves.
  func testStopSignalsRegistersTheStagingFolders() {
    StopSignals.removeStagingOnStop(true)
    XCTAssertNotNil(OutputFolder.stopTidying)
    var ran = false
    OutputFolder.stopTidying?.exclusive { ran = true }
    XCTAssertTrue(ran)
    StopSignals.removeStagingOnStop(false)
    XCTAssertNil(OutputFolder.stopTidying)
  }

  /// The output's own permission bits (the setgid bit too), and those of a folder in it that the
  /// new output has too, are kept by a rebuild; a new folder gets a new folder's.
  func testTheOutputsFoldersKeepTheirPermissions() throws {
    let files = ["index.html": "x", "screens/home.json": "{}", "pages/a.html": "a"]
    _ = try writeOutput(files)
    XCTAssertEqual(chmod(dir + "/out", 0o2770), 0)
    XCTAssertEqual(chmod(dir + "/out/screens", 0o750), 0)
    try FileManager.default.removeItem(atPath: dir + "/out/pages")
    // The marker lists pages/a.html: a folder of zlc's removed is in no one's way.
    _ = try writeOutput(files)
    func mode(_ relative: String) throws -> Int {
      (try FileManager.default.attributesOfItem(atPath: dir + "/" + relative)[.posixPermissions] as? Int) ?? -1
    }
    var status = stat()
    XCTAssertEqual(lstat(dir + "/out", &status), 0)
    XCTAssertEqual(status.st_mode & 0o7777, 0o2770)
    XCTAssertEqual(try mode("out/screens") & 0o777, 0o750)
    XCTAssertEqual(try mode("out/pages") & 0o777, 0o777 & ~Int(umaskNow()), "a new folder: a new folder's")
    XCTAssertEqual(try entries(), ["out"])
  }

  /// A file that appears in the earlier output after the last check, just before the swap, is not
  /// deleted with it: the swap is undone and the output refused, whether the system exchanged the
  /// folders or zlc renamed them.
  func testAFileThatAppearsJustBeforeTheSwapIsKept() throws {
    for exchanging in [true, false] {
      let folder = try writeOutput()
      let staging = dir + "/.out.zlc-new-\(exchanging ? "aaaaaaaa" : "bbbbbbbb")"
      try makeFolder((staging as NSString).lastPathComponent, files: ["index.html": "new", OutputFolder.markerName: "zlc preview\n"])
      XCTAssertEqual(OutputFolder.listFiles(inMarkerOf: staging, kind: .preview), 0)
      try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/out/notes.txt"))
      XCTAssertThrowsError(try exchanging ? folder.swap(staging) : folder.swapByRenaming(staging, tidy: nil)) { error in
        XCTAssertEqual(error as? OutputFolder.Refusal, .foreignContents(dir + "/out", examples: ["notes.txt"]))
      }
      XCTAssertEqual(try entries("out"), [OutputFolder.markerName, "bundle.json", "notes.txt"], "the earlier output, as it was")
      XCTAssertEqual(try entries(), ["out"], "the new output is removed")
      try FileManager.default.removeItem(atPath: dir + "/out/notes.txt")
    }
  }

  private func umaskNow() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }
}

/// Records what `OutputFolder.replace` registers, below one folder (other tests write outputs too).
private final class Recorder: Sendable {
  let folder: String
  let log = Mutex<[String]>([])
  let registered = Mutex<Set<String>>([])

  init(folder: String) { self.folder = folder }

  func note(_ event: String, _ path: String) {
    guard path.hasPrefix(folder + "/") else { return }
    log.withLock { $0.append(event + " " + String(path.dropFirst(folder.count + 1).prefix(13))) }
  }

  var tidying: StopTidying {
    StopTidying(
      removeOnStop: { path in
        self.note("register", path)
        _ = self.registered.withLock { $0.insert(path) }
      },
      forget: { path in
        self.note("forget", path)
        _ = self.registered.withLock { $0.remove(path) }
      },
      exclusive: { body in
        self.log.withLock { $0.append("exclusive") }
        body()
      },
      holdIfStopping: { self.log.withLock { $0.append("hold") } })
  }
}
