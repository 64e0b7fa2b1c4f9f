import Foundation
import Synchronization
import XCTest

@testable import ZappWriters

/// A file someone puts in the output's place after zlc last looked, as zlc renames its new output
/// there, is kept as it is: the write is refused as one into a file, never reported written.
final class OutputFileRaceTests: TemporaryFolderTestCase {
  /// A `StopTidying` whose next `exclusive` (the swap's renames, once `armed`) first runs `race`.
  final class Racer: Sendable {
    let armed = Mutex(false)
    let race: @Sendable () -> Void
    init(race: @escaping @Sendable () -> Void) { self.race = race }

    var tidying: StopTidying {
      StopTidying(
        removeOnStop: { _ in }, forget: { _ in },
        exclusive: { body in
          let armed = self.armed.withLock { armed in
            defer { armed = false }
            return armed
          }
          if armed { self.race() }
          body()
        },
        holdIfStopping: {})
    }
  }

  /// Writes "my notes" as a file at `path`, removing the folder there first.
  static func putNotes(at path: String) {
    try? FileManager.default.removeItem(atPath: path)
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("my notes".utf8)))
  }

  func assertNotesKept(_ error: any Error, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(error as? OutputFolder.Refusal, .isFile(dir + "/out"), file: file, line: line)
    XCTAssertEqual(try? String(contentsOfFile: dir + "/out", encoding: .utf8), "my notes", file: file, line: line)
    XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: dir), ["out"], "no staging folder left", file: file, line: line)
  }

  func testAFileInTheOutputsPlaceAtTheSwapIsKept() throws {
    let out = dir + "/out"
    for existing in [false, true] {  // a first output, then one that replaces an earlier output
      try? FileManager.default.removeItem(atPath: out)
      let folder = try OutputFolder.validate(out, kind: .preview, project: nil)
      if existing { try folder.replace { staging, _, _ in _ = BundleWriter.writeFile(staging + "/index.html", Array("x".utf8)) } }
      let racer = Racer { Self.putNotes(at: out) }
      OutputFolder.stopTidying = racer.tidying
      defer { OutputFolder.stopTidying = nil }
      XCTAssertThrowsError(
        try folder.replace { staging, _, _ in
          XCTAssertEqual(BundleWriter.writeFile(staging + "/index.html", Array("y".utf8)), 0)
          racer.armed.withLock { $0 = true }
        }
      ) { error in self.assertNotesKept(error) }
    }
  }

  /// Where the file system cannot exchange two names, the output is renamed aside first: a file
  /// renamed aside so is put back.
  func testAFileRenamedAsideIsPutBack() throws {
    let out = dir + "/out"
    let folder = try OutputFolder.validate(out, kind: .preview, project: nil)
    let staging = dir + "/.out.zlc-new-0badcafe"
    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
    let racer = Racer { Self.putNotes(at: out) }
    racer.armed.withLock { $0 = true }
    XCTAssertThrowsError(try folder.swapByRenaming(staging, tidy: racer.tidying)) { error in self.assertNotesKept(error) }
  }

  /// A `StopTidying` that acts as a stop signal during the renames of its `swapAt`th `exclusive`
  /// (a stop then waits for them): a file appears in the output just before them, and every
  /// folder still registered is removed once they are done.
  final class StopAfterSwap: Sendable {
    let folder: String
    let swapAt: Int
    let exclusives = Mutex(0)
    let registered = Mutex<Set<String>>([])
    init(folder: String, swapAt: Int) {
      self.folder = folder
      self.swapAt = swapAt
    }

    var tidying: StopTidying {
      StopTidying(
        removeOnStop: { path in _ = self.registered.withLock { $0.insert(path) } },
        forget: { path in _ = self.registered.withLock { $0.remove(path) } },
        exclusive: { body in
          let count = self.exclusives.withLock { count in
            count += 1
            return count
          }
          guard count == self.swapAt else { return body() }
          let fm = FileManager.default
          XCTAssertTrue(fm.createFile(atPath: self.folder + "/out/notes.txt", contents: Data("my notes".utf8)))
          body()
          for path in self.registered.withLock({ $0 }) { try? fm.removeItem(atPath: path) }
        },
        holdIfStopping: {})
    }
  }

  /// A stop during the swap never removes the earlier output before it is looked at: a file that
  /// appeared in it at the last moment is kept (the swap undone, the output refused), whether the
  /// system exchanged the folders or zlc renamed them. Before, the exchange's staging folder and
  /// the folder renamed aside were removed with the file.
  func testAStopJustAfterTheSwapKeepsAFileThatAppearedInTheEarlierOutput() throws {
    for exchanging in [true, false] {
      try? FileManager.default.removeItem(atPath: dir)
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      let folder = try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)
      try folder.replace { staging, _, _ in _ = BundleWriter.writeFile(staging + "/index.html", Array("x".utf8)) }
      let stop = StopAfterSwap(folder: dir, swapAt: exchanging ? 2 : 1)
      let write = { (staging: String, _: String, _: EarlierOutput?) in
        XCTAssertEqual(BundleWriter.writeFile(staging + "/index.html", Array("y".utf8)), 0)
      }
      if exchanging {
        OutputFolder.stopTidying = stop.tidying
        defer { OutputFolder.stopTidying = nil }
        XCTAssertThrowsError(try folder.replace(fill: write)) { error in
          XCTAssertEqual(error as? OutputFolder.Refusal, .foreignContents(self.dir + "/out", examples: ["notes.txt"]))
        }
      } else {
        let staging = dir + "/.out.zlc-new-0badcafe"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        try Data("zlc preview\n".utf8).write(to: URL(fileURLWithPath: staging + "/" + OutputFolder.markerName))
        write(staging, "", nil)
        XCTAssertEqual(OutputFolder.listFiles(inMarkerOf: staging, kind: .preview), 0)
        XCTAssertThrowsError(try folder.swapByRenaming(staging, tidy: stop.tidying)) { error in
          XCTAssertEqual(error as? OutputFolder.Refusal, .foreignContents(self.dir + "/out", examples: ["notes.txt"]))
        }
      }
      XCTAssertEqual(
        try? String(contentsOfFile: dir + "/out/notes.txt", encoding: .utf8), "my notes", exchanging ? "exchanged" : "renamed")
      XCTAssertEqual(try? String(contentsOfFile: dir + "/out/index.html", encoding: .utf8), "x", "the earlier output, as it was")
    }
  }

  /// A `StopTidying` that returns without running the renames leaves the output as it was, with
  /// an error rather than a trap.
  func testAnExclusiveThatSkipsItsBodyLeavesTheOutput() throws {
    let folder = try OutputFolder.validate(dir + "/out", kind: .preview, project: nil)
    try folder.replace { staging, _, _ in _ = BundleWriter.writeFile(staging + "/index.html", Array("x".utf8)) }
    OutputFolder.stopTidying = StopTidying(removeOnStop: { _ in }, forget: { _ in }, exclusive: { _ in }, holdIfStopping: {})
    defer { OutputFolder.stopTidying = nil }
    XCTAssertThrowsError(try folder.replace { staging, _, _ in _ = BundleWriter.writeFile(staging + "/index.html", Array("y".utf8)) }) {
      XCTAssertEqual("\($0)", "the output was not replaced: zlc was stopping")
    }
    XCTAssertEqual(try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8), "x")
  }
}
