import Foundation
import Synchronization
import XCTest

@testable import ZappLayoutCompiler

/// `InputWatcher.waitForChange(early:)` returns soon after a save ends, but never while an input
/// removed during the same save is still missing.
final class InputWatcherTests: XCTestCase {
  private func makeProject() throws -> String {
    let folder = NSTemporaryDirectory() + "zlc-watch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder + "/screens", withIntermediateDirectories: true)
    try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
    try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/b.json"))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  /// Waits for a change on another thread while `save` runs; returns whether `check` held when
  /// the wait returned.
  private func waitDuring(_ folder: String, save: () throws -> Void, check: @escaping @Sendable () -> Bool) throws -> Bool {
    let held = Mutex<Bool?>(nil)
    let watching = expectation(description: "the folder is watched")
    let returned = expectation(description: "the wait returned")
    Thread.detachNewThread {
      // Events from its making on are queued for the wait.
      nonisolated(unsafe) let watcher = InputWatcher(directory: folder)  // read by one thread at a time
      watching.fulfill()
      watcher.waitForChange(settle: 1.0, early: true)
      held.withLock { $0 = check() }
      returned.fulfill()
    }
    wait(for: [watching], timeout: 30)
    try save()
    wait(for: [returned], timeout: 30)
    return held.withLock { $0 } ?? false
  }

  func testASaveThatRemovesAFileWaitsUntilItIsBack() throws {
    #if os(Linux)
      let folder = try makeProject()
      let b = folder + "/screens/b.json"
      let whole = try waitDuring(folder) {
        try Data("[ ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
        try FileManager.default.removeItem(atPath: b)
        Thread.sleep(forTimeInterval: 0.05)
        try Data("[ ]".utf8).write(to: URL(fileURLWithPath: b))
      } check: {
        FileManager.default.fileExists(atPath: b)
      }
      XCTAssertTrue(whole, "the wait returned while screens/b.json was missing")
    #endif
  }

  func testASaveInPlaceEndsTheWaitWithoutTheSettleTime() throws {
    #if os(Linux)
      let folder = try makeProject()
      let ended = Mutex<Date?>(nil)
      let start = Mutex<Date?>(nil)
      _ = try waitDuring(folder) {
        start.withLock { $0 = Date() }
        try Data("[ ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
      } check: {
        ended.withLock { $0 = Date() }
        return true
      }
      // The settle time is a second; a save that ends in a close returns well before it.
      let elapsed = try XCTUnwrap(ended.withLock { $0 }).timeIntervalSince(try XCTUnwrap(start.withLock { $0 }))
      XCTAssertLessThan(elapsed, 0.9)
    #endif
  }

  /// An input file that is a link wakes the wait when its target changes, in place or replaced
  /// by a save's move (the folder watch sees only the link): before, neither woke it and the
  /// served bundle kept the old screen.
  func testTheTargetOfALinkedInputIsWatched() throws {
    #if os(Linux)
      let folder = try makeProject()
      try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
      let target = folder + "/shared/c.json"
      try Data("[]".utf8).write(to: URL(fileURLWithPath: target))
      try FileManager.default.createSymbolicLink(atPath: folder + "/screens/c.json", withDestinationPath: "../shared/c.json")
      let woke = Mutex(0)
      let watching = expectation(description: "the folder is watched")
      let inPlace = expectation(description: "a write in place woke the wait")
      let replaced = expectation(description: "a replacing save woke the wait")
      Thread.detachNewThread {
        let watcher = InputWatcher(directory: folder)
        watching.fulfill()
        watcher.waitForChange(settle: 0.2)
        woke.withLock { $0 += 1 }
        inPlace.fulfill()
        watcher.waitForChange(settle: 0.2)
        woke.withLock { $0 += 1 }
        replaced.fulfill()
      }
      wait(for: [watching], timeout: 30)
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: target))
      wait(for: [inPlace], timeout: 30)
      Thread.sleep(forTimeInterval: 0.3)  // the second wait has begun, with the target watched again
      try Data("[  ]".utf8).write(to: URL(fileURLWithPath: folder + "/shared/c.json.new"))
      XCTAssertEqual(rename(folder + "/shared/c.json.new", target), 0)
      wait(for: [replaced], timeout: 30)
      XCTAssertEqual(woke.withLock { $0 }, 2)
    #endif
  }

  /// Counts a watcher's wake-ups on a thread of its own until `stop` is called (which wakes it
  /// with a write into the project, there at the end).
  private final class WakeCounter: Sendable {
    let wakes = Mutex(0)
    let stopped = Mutex(false)
    let folder: String

    init(folder: String) {
      self.folder = folder
      let watching = DispatchSemaphore(value: 0)
      Thread.detachNewThread { [self] in
        let watcher = InputWatcher(directory: folder)
        watching.signal()
        while !stopped.withLock({ $0 }) {
          watcher.waitForChange(settle: 0.1)
          wakes.withLock { $0 += 1 }
        }
      }
      watching.wait()
    }

    var count: Int { wakes.withLock { $0 } }

    /// Waits up to `seconds` for a wake-up after the `seen`th, then lets any that follow at once
    /// pass (a removal may take two); returns the count, or nil when none came.
    func wake(after seen: Int, within seconds: Double = 20) -> Int? {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline, count <= seen { Thread.sleep(forTimeInterval: 0.02) }
      guard count > seen else { return nil }
      Thread.sleep(forTimeInterval: 0.5)
      return count
    }

    func stop() {
      stopped.withLock { $0 = true }
      try? Data("[  ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
    }
  }

  /// The project folder removed wakes the wait; made again, it wakes the wait and is watched
  /// again: before, its watches died with it and no later change woke a wait.
  func testAProjectFolderRemovedAndMadeAgainIsWatchedAgain() throws {
    #if os(Linux)
      let folder = try makeProject()
      let counter = WakeCounter(folder: folder)
      defer { counter.stop() }
      try FileManager.default.removeItem(atPath: folder)
      let gone = try XCTUnwrap(counter.wake(after: 0), "the removal woke no wait")
      try FileManager.default.createDirectory(atPath: folder + "/screens", withIntermediateDirectories: true)
      try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
      let back = try XCTUnwrap(counter.wake(after: gone), "the folder made again woke no wait")
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
      XCTAssertNotNil(counter.wake(after: back), "an edit after the folder came back woke no wait")
    #endif
  }

  /// Events lost to a full queue (more changes than the system keeps while a build runs) wake the
  /// wait, since any of them may have been an input's: before, the overflow was passed over.
  func testEventsLostToAFullQueueWakeTheWait() throws {
    #if os(Linux)
      let folder = try makeProject()
      let limit = try XCTUnwrap(
        Int(
          (try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)).trimmingCharacters(
            in: .whitespacesAndNewlines)))
      // The system's default is 16,384; a machine that keeps far more takes too long to fill.
      guard limit <= 200_000 else { throw XCTSkip("the system keeps \(limit) events, too many to fill in a test") }
      nonisolated(unsafe) let watcher = InputWatcher(directory: folder)  // read by one thread at a time
      // Changes of files that are no inputs (hidden ones), two by turns so none merge, queued
      // while no wait reads them.
      for i in 0..<(limit + 100) {
        try Data([UInt8(i % 256)]).write(to: URL(fileURLWithPath: folder + "/screens/.scratch-\(i % 2)"))
      }
      let returned = expectation(description: "the wait returned")
      Thread.detachNewThread {
        watcher.waitForChange(settle: 0.1, early: true)
        returned.fulfill()
      }
      wait(for: [returned], timeout: 30)
    #endif
  }

  /// An input folder removed and made again is watched again.
  func testAnInputFolderRemovedAndMadeAgainIsWatchedAgain() throws {
    #if os(Linux)
      let folder = try makeProject()
      let counter = WakeCounter(folder: folder)
      defer { counter.stop() }
      try FileManager.default.removeItem(atPath: folder + "/screens")
      let gone = try XCTUnwrap(counter.wake(after: 0), "the removal woke no wait")
      try FileManager.default.createDirectory(atPath: folder + "/screens", withIntermediateDirectories: true)
      let back = try XCTUnwrap(counter.wake(after: gone), "the folder made again woke no wait")
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
      XCTAssertNotNil(counter.wake(after: back), "a file written into it woke no wait")
    #endif
  }

  /// A diamond of links (ten links in each of `shared/d1` … `d3` to the next, `screens/d` to the
  /// first) is watched as the project is walked: each real folder once, not once per path (1,113
  /// paths here, 10^19 with nineteen levels, which kept the watch busy without end), and a change
  /// to a file reached only through the links still wakes the wait.
  func testADiamondOfLinkedFoldersIsWatchedOncePerFolder() throws {
    #if os(Linux)
      let folder = try makeProject()
      let fm = FileManager.default
      for level in 1...4 {
        try fm.createDirectory(atPath: folder + "/shared/d\(level)", withIntermediateDirectories: true)
        guard level < 4 else { continue }
        for link in 1...10 {
          try fm.createSymbolicLink(atPath: folder + "/shared/d\(level)/l\(link)", withDestinationPath: "../d\(level + 1)")
        }
      }
      let deep = folder + "/shared/d4/c.json"
      try Data("[]".utf8).write(to: URL(fileURLWithPath: deep))
      try fm.createSymbolicLink(atPath: folder + "/screens/d", withDestinationPath: "../shared/d1")
      nonisolated(unsafe) let watcher = InputWatcher(directory: folder)  // read by one thread at a time
      XCTAssertEqual(watcher.watchedPaths, ["", "screens", "screens/d", "screens/d/l1", "screens/d/l1/l1", "screens/d/l1/l1/l1"])
      let returned = expectation(description: "the wait returned")
      Thread.detachNewThread {
        watcher.waitForChange(settle: 0.1)
        returned.fulfill()
      }
      Thread.sleep(forTimeInterval: 0.2)
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: deep))
      wait(for: [returned], timeout: 30)
    #endif
  }

  /// A folder the walk reaches from two input folders (`families/sub`, and `screens/fam` linked to
  /// it) has one watch, added by both paths: a change to a family in it wakes the wait. Before, the
  /// watch kept only the last path (`screens/fam`), where an `.xml` file is no input, and the
  /// change was missed.
  func testAFolderReachedFromTwoInputFoldersIsJudgedByEachPath() throws {
    #if os(Linux)
      let folder = try makeProject()
      let fm = FileManager.default
      try fm.createDirectory(atPath: folder + "/families/sub", withIntermediateDirectories: true)
      let family = folder + "/families/sub/FAMILY_X.xml"
      try Data("<family/>".utf8).write(to: URL(fileURLWithPath: family))
      try fm.createSymbolicLink(atPath: folder + "/screens/fam", withDestinationPath: "../families/sub")
      let woke = try waitDuring(folder) {
        try Data("<family />".utf8).write(to: URL(fileURLWithPath: family))
      } check: {
        true
      }
      XCTAssertTrue(woke)
    #endif
  }

  /// A symbolic link to a folder made in an input folder, moved over another, or removed wakes the
  /// wait, whether it leads into the project or out of it (which the build reports): it arrives
  /// without `IN_ISDIR` and with no input's name, and before, was passed over, so the screens behind
  /// it came or went only with an unrelated change. An editor's scratch files beside it wake nothing.
  func testALinkToAFolderMadeMovedOrRemovedWakesTheWait() throws {
    #if os(Linux)
      let folder = try makeProject()
      let fm = FileManager.default
      for shared in ["shared", "other"] {
        try fm.createDirectory(atPath: folder + "/\(shared)", withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/\(shared)/\(shared).json"))
      }
      let outside = folder + "-out"
      try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
      addTeardownBlock { try? FileManager.default.removeItem(atPath: outside) }
      let counter = WakeCounter(folder: folder)
      defer { counter.stop() }
      for scratch in ["4913", "a.json~"] {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/screens/" + scratch))
        try fm.removeItem(atPath: folder + "/screens/" + scratch)
      }
      XCTAssertNil(counter.wake(after: 0, within: 1), "an editor's scratch files woke the wait")
      let link = folder + "/screens/shared"
      try fm.createSymbolicLink(atPath: link, withDestinationPath: "../shared")
      let made = try XCTUnwrap(counter.wake(after: 0), "a link made woke no wait")
      try fm.createSymbolicLink(atPath: folder + "/screens/.shared.new", withDestinationPath: "../other")
      XCTAssertEqual(rename(folder + "/screens/.shared.new", link), 0)
      let moved = try XCTUnwrap(counter.wake(after: made), "a link moved over the first woke no wait")
      try fm.removeItem(atPath: link)
      let removed = try XCTUnwrap(counter.wake(after: moved), "a link removed woke no wait")
      try fm.createSymbolicLink(atPath: folder + "/screens/sub", withDestinationPath: outside)
      let out = try XCTUnwrap(counter.wake(after: removed), "a link out of the project made woke no wait")
      try fm.removeItem(atPath: folder + "/screens/sub")
      XCTAssertNotNil(counter.wake(after: out), "a link out of the project removed woke no wait")
    #endif
  }

  /// The system's watches of an inotify instance (`/proc/self/fdinfo`), one line each.
  private func systemWatches(_ inotify: Int32) throws -> Int {
    let info = try String(contentsOfFile: "/proc/self/fdinfo/\(inotify)", encoding: .utf8)
    return info.split(separator: "\n").filter { $0.hasPrefix("inotify wd:") }.count
  }

  /// A folder no longer walked (its link retargeted, or removed) and the old target of a linked
  /// input have their watches ended by the next wait: before, they were kept, so a long session
  /// used up the system's watches and woke for changes out of the project.
  func testWatchesOfWhatIsNoLongerWalkedEnd() throws {
    #if os(Linux)
      let folder = try makeProject()
      let fm = FileManager.default
      for name in ["x", "y"] {
        try fm.createDirectory(atPath: folder + "/shared/\(name)", withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/shared/\(name)/\(name).json"))
      }
      try fm.createSymbolicLink(atPath: folder + "/screens/ext", withDestinationPath: "../shared/x")
      try fm.createSymbolicLink(atPath: folder + "/screens/c.json", withDestinationPath: "../shared/x/x.json")
      let watcher = InputWatcher(directory: folder)
      let first = try systemWatches(watcher.inotify)
      XCTAssertEqual(first, 4)  // the project, `screens`, `screens/ext` and `c.json`'s target
      try fm.removeItem(atPath: folder + "/screens/ext")
      try fm.createSymbolicLink(atPath: folder + "/screens/ext", withDestinationPath: "../shared/y")
      try fm.removeItem(atPath: folder + "/screens/c.json")
      try fm.createSymbolicLink(atPath: folder + "/screens/c.json", withDestinationPath: "../shared/y/y.json")
      watcher.waitForChange(settle: 0.1)
      XCTAssertEqual(try systemWatches(watcher.inotify), first)
      try fm.removeItem(atPath: folder + "/screens/ext")
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
      watcher.waitForChange(settle: 0.1)
      XCTAssertEqual(try systemWatches(watcher.inotify), first - 1)
    #endif
  }

  /// The watches ended after a walk are those it did not add again.
  func testStaleWatchesAreThoseNotAddedAgain() {
    XCTAssertEqual(InputWatcher.staleWatches(old: [1, 2, 3, 5], kept: [2, 4, 5]), [1, 3])
    XCTAssertEqual(InputWatcher.staleWatches(old: [], kept: [1]), [])
  }
}
