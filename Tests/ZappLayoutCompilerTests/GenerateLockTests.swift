import Foundation
import XCTest
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappRules
@testable import ZappWriters

/// `zlc generate`'s refusal of a folder of other client code is made under the output folder's
/// lock, so that two generates into one folder at once cannot delete each other's code.
final class GenerateLockTests: TemporaryFolderTestCase {
  let project = repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/two-platforms").path

  /// Whether another open of `folder` can take its lock now.
  func isLocked(_ folder: String) -> Bool {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { close(fd) }
    guard flock(fd, LOCK_EX | LOCK_NB) != 0 else { return false }
    return errno == EWOULDBLOCK
  }

  /// `replace` makes its caller's check with the lock held; what the check throws stops the
  /// write, with nothing left beside the output; a check that passes lets it write.
  func testReplaceMakesItsCheckUnderTheLock() throws {
    struct Held: Error {}
    let folder = try OutputFolder.validate(dir + "/out", kind: .client, project: nil)
    var lockedDuringCheck: Bool?
    XCTAssertFalse(isLocked(dir))
    XCTAssertThrowsError(
      try folder.replace(
        check: {
          lockedDuringCheck = isLocked(dir)
          throw Held()
        },
        fill: { _, _, _ in XCTFail("filled after a refusing check") })
    ) { XCTAssertTrue($0 is Held, "\($0)") }
    XCTAssertEqual(lockedDuringCheck, true)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])

    lockedDuringCheck = nil
    try folder.replace(
      check: { lockedDuringCheck = isLocked(dir) },
      fill: { staging, _, _ in
        XCTAssertEqual(BundleWriter.writeFile(staging + "/ZappClient.swift", Array("// code\n".utf8)), 0)
      })
    XCTAssertEqual(lockedDuringCheck, true)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted(), [".zlc-output", "ZappClient.swift"])
  }

  /// The check `zlc generate` makes: another language's code, or this language's for a platform
  /// not written now, is refused; this language's code for the platforms written is not.
  func testTheCheckRefusesOtherLanguagesAndPlatforms() throws {
    let out = dir + "/out"
    XCTAssertEqual(Driver.generate(project, language: .swift, output: out).status, .success)
    XCTAssertEqual(ClientGenerator.heldCode(in: out).map(\.file), ["ios/ZappClient.swift"])
    XCTAssertNil(ClientGenerator.refusal(of: out, output: "out", language: .swift, platforms: ["ios"]))
    XCTAssertNil(ClientGenerator.refusal(of: out, output: "out", language: .swift, platforms: ["ios", "tvos"]))
    XCTAssertNil(ClientGenerator.refusal(of: out, output: "out", language: .swift, platforms: nil))
    XCTAssertEqual(
      ClientGenerator.refusal(of: out, output: "out", language: .kotlin, platforms: nil)?.message,
      "output 'out' holds zlc's swift client code ('ios/ZappClient.swift'), not kotlin; give each language its own folder")
    let platform = ClientGenerator.refusal(of: out, output: "out", language: .swift, platforms: ["tvos"], named: ["ios"])
    XCTAssertEqual(platform?.rule, .outputRefused)
    XCTAssertEqual(
      platform?.message,
      "output 'out' holds zlc's swift client code for ios ('ios/ZappClient.swift'), which writing only the code for tvos would delete; generate every platform's code into it at once, give a platform's code its own folder, or remove 'ios/ZappClient.swift' first"
    )
    XCTAssertEqual(
      ClientGenerator.refusal(of: out, output: "out", language: .swift, platforms: [nil])?.message,
      "output 'out' holds zlc's swift client code for ios ('ios/ZappClient.swift'), which writing only the code of an app that names no platform would delete; give each platform's code its own folder, or remove 'ios/ZappClient.swift' first"
    )
  }

  /// Another language's code that appears after the first check, while the generate waits for
  /// the folder's lock, is refused under it: whenever it appears, the generate refuses (exit
  /// status 64) and the other code is kept.
  func testCodeWrittenWhileAGenerateWaitsForTheLockIsRefused() throws {
    let kotlin = dir + "/kotlin"
    XCTAssertEqual(Driver.generate(project, language: .kotlin, output: kotlin).status, .success)
    let out = dir + "/out"
    let lock = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { close(lock) }
    XCTAssertEqual(flock(lock, LOCK_EX), 0)
    let done = expectation(description: "generate")
    nonisolated(unsafe) var outcome: Driver.GenerateOutcome?
    let project = project
    Thread.detachNewThread {
      outcome = Driver.generate(project, language: .swift, output: out)
      done.fulfill()
    }
    // Time for the generate to check the project and wait for the lock (it refuses either way).
    Thread.sleep(forTimeInterval: 1)
    try FileManager.default.moveItem(atPath: kotlin, toPath: out)
    XCTAssertEqual(flock(lock, LOCK_UN), 0)
    wait(for: [done], timeout: 60)
    XCTAssertEqual(outcome?.status, .usage)
    XCTAssertEqual(outcome?.written, [])
    XCTAssertEqual(outcome?.diagnostics.last?.rule, .outputRefused)
    XCTAssertEqual(
      outcome?.diagnostics.last?.message,
      "output '\(out)' holds zlc's kotlin client code ('android/ZappClient.kt'), not swift; give each language its own folder")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), [".zlc-output", "android"])
  }
}
