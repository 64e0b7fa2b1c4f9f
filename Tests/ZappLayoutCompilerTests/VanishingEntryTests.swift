import Foundation
import Synchronization
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// An editor's scratch file in an input folder made and removed while a check walks the project
/// (a pre-commit hook running beside an editor) is no input: its removal between the folder's
/// listing and its `lstat` is passed over, not a file zlc could not read (exit status 74).
final class VanishingEntryTests: XCTestCase {
  func testAScratchFileRemovedWhileTheProjectIsWalkedIsPassedOver() throws {
    let dir = try makeProject(Example.baseProject)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let stop = Atomic(false)
    let churned = Atomic(0)
    // Three editors' scratch names, each made and removed as fast as a thread can.
    for name in ["home.json.swp", "home.json~", "4913"] {
      let scratch = dir + "/screens/" + name
      Thread {
        while !stop.load(ordering: .relaxed) {
          _ = FileManager.default.createFile(atPath: scratch, contents: Data("x".utf8))
          unlink(scratch)
          churned.add(1, ordering: .relaxed)
        }
      }.start()
    }
    defer { stop.store(true, ordering: .relaxed) }
    for run in 0..<400 {
      let check = Driver.check(dir)
      XCTAssertEqual(check.status, .success, "run \(run): \(check.diagnostics.map(\.message))")
      if check.status != .success { break }
    }
    XCTAssertGreaterThan(churned.load(ordering: .relaxed), 0, "the scratch files came and went meanwhile")
  }
}
