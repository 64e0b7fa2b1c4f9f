import Dispatch
import Foundation
import Synchronization
import XCTest

@testable import ZappDiagnostics

/// `OrderedStage` (the build's ordered writes) does its pieces in order, one pending at a time,
/// and stops at the first that throws.
final class OrderedStageTests: XCTestCase {
  struct Stop: Error, Equatable { let at: Int }

  func testPiecesRunInOrderAndTheFirstErrorStopsTheRest() throws {
    let stage = OrderedStage()
    let done = Mutex<[Int]>([])
    for i in 0..<200 { stage.submit { done.withLock { $0.append(i) } } }
    try stage.finish()
    XCTAssertEqual(done.withLock { $0 }, Array(0..<200))

    let failing = OrderedStage()
    let ran = Mutex<[Int]>([])
    for i in 0..<50 {
      failing.submit {
        ran.withLock { $0.append(i) }
        if i == 10 || i == 20 { throw Stop(at: i) }
      }
    }
    XCTAssertThrowsError(try failing.finish()) { XCTAssertEqual($0 as? Stop, Stop(at: 10)) }
    XCTAssertTrue(failing.hasFailed)
    XCTAssertEqual(ran.withLock { $0 }, Array(0...10))
  }

  func testASubmitterWaitsWhileAPieceIsPending() throws {
    let stage = OrderedStage()
    let release = DispatchSemaphore(value: 0)
    let submitted = Mutex(false)
    stage.submit { release.wait() }
    let second = DispatchGroup()
    DispatchQueue.global().async(group: second) {
      stage.submit {}
      submitted.withLock { $0 = true }
    }
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertFalse(submitted.withLock { $0 }, "the second piece waits for the first")
    release.signal()
    second.wait()
    XCTAssertTrue(submitted.withLock { $0 })
    try stage.finish()
  }
}
