import Foundation
import Synchronization
import XCTest

@testable import ZappLayoutCompiler

/// What `InputWatcher` wakes for beyond the inputs themselves: a name near an input's, which a
/// check reports (ZL0122), and the return of a linked input's missing target.
final class InputWatcherNearNamesTests: XCTestCase {
  private func makeProject() throws -> String {
    let folder = NSTemporaryDirectory() + "zlc-watch-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder + "/screens", withIntermediateDirectories: true)
    try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }

  /// A watcher waiting on a thread of its own: `wake` counts its returns, one wait after another.
  private final class Waiter: Sendable {
    let wakes = Mutex(0)

    init(_ folder: String, output: String? = nil, waits: Int, started: XCTestExpectation) {
      Thread.detachNewThread { [self] in
        nonisolated(unsafe) let watcher = InputWatcher(directory: folder, output: output)  // used by this thread alone
        started.fulfill()
        for _ in 0..<waits {
          watcher.waitForChange(settle: 0.1)
          wakes.withLock { $0 += 1 }
        }
      }
    }

    /// Waits up to `seconds` for `count` wakes; whether they came.
    func reached(_ count: Int, within seconds: TimeInterval) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if wakes.withLock({ $0 }) >= count { return true }
        Thread.sleep(forTimeInterval: 0.02)
      }
      return false
    }
  }

  /// A file with an extension near its folder's (`screens/c.jsn`) and a top-level folder near an
  /// input's (`familes/`) are reported by a check, so their making and removal wake the wait; an
  /// editor's backup (`a.json~`) is no near name and does not.
  func testANameACheckReportsAsNearAnInputWakesTheWait() throws {
    #if os(Linux)
      let folder = try makeProject()
      let started = expectation(description: "watching")
      let waiter = Waiter(folder, waits: 3, started: started)
      wait(for: [started], timeout: 30)
      try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json~"))
      XCTAssertFalse(waiter.reached(1, within: 0.6), "an editor's backup woke the wait")
      try Data("[]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/c.jsn"))
      XCTAssertTrue(waiter.reached(1, within: 10), "screens/c.jsn did not wake the wait")
      Thread.sleep(forTimeInterval: 0.3)  // the next wait has begun
      try FileManager.default.removeItem(atPath: folder + "/screens/c.jsn")
      XCTAssertTrue(waiter.reached(2, within: 10), "removing screens/c.jsn did not wake the wait")
      Thread.sleep(forTimeInterval: 0.3)
      try FileManager.default.createDirectory(atPath: folder + "/familes", withIntermediateDirectories: false)
      XCTAssertTrue(waiter.reached(3, within: 10), "familes/ did not wake the wait")
    #endif
  }

  /// A linked input whose target a save removes and writes again later (after the wait for the
  /// removal returned): the target's folder is watched for it, so its return wakes the next wait.
  func testTheMissingTargetOfALinkedInputWakesTheWaitWhenItIsBack() throws {
    #if os(Linux)
      let folder = try makeProject()
      try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
      let target = folder + "/shared/c.json"
      try Data("[]".utf8).write(to: URL(fileURLWithPath: target))
      try FileManager.default.createSymbolicLink(atPath: folder + "/screens/c.json", withDestinationPath: "../shared/c.json")
      let started = expectation(description: "watching")
      let waiter = Waiter(folder, waits: 3, started: started)
      wait(for: [started], timeout: 30)
      try FileManager.default.removeItem(atPath: target)
      XCTAssertTrue(waiter.reached(1, within: 10), "the target's removal did not wake the wait")
      Thread.sleep(forTimeInterval: 0.5)  // the next wait has begun, the target missing
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: target))
      XCTAssertTrue(waiter.reached(2, within: 10), "the target's return did not wake the wait")
      Thread.sleep(forTimeInterval: 0.5)  // watched itself again
      try Data("[  ]".utf8).write(to: URL(fileURLWithPath: target))
      XCTAssertTrue(waiter.reached(3, within: 10), "a write of the returned target did not wake the wait")
    #endif
  }

  /// A linked folder of screens whose target's parent a checkout or a generator removes and makes
  /// again (`rm -rf lib; mkdir -p lib/more`): the nearest folder still there is watched for the
  /// first missing one, then that one for the next, so the target's return wakes a wait.
  func testALinkedTargetWhoseParentIsRemovedAndMadeAgainWakesTheWait() throws {
    #if os(Linux)
      let folder = try makeProject()
      let more = folder + "/lib/more"
      try FileManager.default.createDirectory(atPath: more, withIntermediateDirectories: true)
      try Data("[]".utf8).write(to: URL(fileURLWithPath: more + "/x.json"))
      try FileManager.default.createSymbolicLink(atPath: folder + "/screens/more", withDestinationPath: "../lib/more")
      let started = expectation(description: "watching")
      let waiter = Waiter(folder, waits: 4, started: started)
      wait(for: [started], timeout: 30)
      try FileManager.default.removeItem(atPath: folder + "/lib")
      XCTAssertTrue(waiter.reached(1, within: 10), "the target's removal did not wake the wait")
      Thread.sleep(forTimeInterval: 0.5)  // the next wait has begun, lib/ missing
      try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: false)
      XCTAssertTrue(waiter.reached(2, within: 10), "lib/ made again did not wake the wait")
      Thread.sleep(forTimeInterval: 0.5)
      try FileManager.default.createDirectory(atPath: more, withIntermediateDirectories: false)
      XCTAssertTrue(waiter.reached(3, within: 10), "lib/more made again did not wake the wait")
      Thread.sleep(forTimeInterval: 0.5)  // the folder is walked through the link again
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: more + "/x.json"))
      XCTAssertTrue(waiter.reached(4, within: 10), "a screen written in lib/more did not wake the wait")
    #endif
  }

  /// The build's own output right in the project, named near an input (`screen`), is written by
  /// each build: its making or replacing wakes nothing (each build would wake the next).
  func testTheBuildsOwnOutputNamedNearAnInputDoesNotWakeTheWait() throws {
    #if os(Linux)
      let folder = try makeProject()
      let started = expectation(description: "watching")
      let waiter = Waiter(folder, output: folder + "/screen/", waits: 1, started: started)
      wait(for: [started], timeout: 30)
      try FileManager.default.createDirectory(atPath: folder + "/.screen.zlc-new-1", withIntermediateDirectories: false)
      XCTAssertEqual(rename(folder + "/.screen.zlc-new-1", folder + "/screen"), 0)
      XCTAssertFalse(waiter.reached(1, within: 0.6), "the build's own output woke the wait")
      try Data("[ ]".utf8).write(to: URL(fileURLWithPath: folder + "/screens/a.json"))
      XCTAssertTrue(waiter.reached(1, within: 10), "an input's change did not wake the wait")
    #endif
  }

  func testTheOwnOutputIsNamedOnlyWhenItSitsInTheProject() throws {
    let folder = try makeProject()
    XCTAssertEqual(InputWatcher.ownOutputName(folder + "/screen/", in: folder), "screen")
    XCTAssertEqual(InputWatcher.ownOutputName(folder + "/screens/../screen", in: folder), "screen")
    XCTAssertNil(InputWatcher.ownOutputName(folder + "/screens/out", in: folder))
    XCTAssertNil(InputWatcher.ownOutputName(NSTemporaryDirectory() + "elsewhere-\(UUID().uuidString)", in: folder))
    XCTAssertNil(InputWatcher.ownOutputName(nil, in: folder))
  }
}
