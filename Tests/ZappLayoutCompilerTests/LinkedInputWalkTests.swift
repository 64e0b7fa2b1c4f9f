import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Problems met in a folder the walk reaches from two input folders (through a link) are judged
/// once, as the stronger of what each path says.
final class LinkedInputWalkTests: XCTestCase {
  /// A family name that is not UTF-8 in `families/sub`, reached too as a screen through
  /// `screens/sl -> ../families/sub`, holds back every cross-file rule (as an unreadable screen
  /// does), not only the references to families: before, the first path met (the family's) kept
  /// its weaker effect.
  func testANameMetAsAFamilyAndAsAScreenHoldsBackAsAScreen() throws {
    let dir = try makeProject(["screens/home.json": Example.home, "families/sub/.keep": ""])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = Array((dir + "/families/sub/").utf8) + [0xFF] + Array(".json".utf8) + [0]
    let made = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) } }
    XCTAssertGreaterThanOrEqual(made, 0)
    close(made)
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/sl", withDestinationPath: "../families/sub")
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0100" }.count, 1, "\(outcome.diagnostics.map(\.message))")
    XCTAssertEqual(outcome.status, .ioFailure)
    XCTAssertTrue(outcome.project.hasUnreadableFiles, "an unreadable screen holds back the cross-file rules")
  }

  /// A link that loops (`screens/self -> .`) in a folder reached from two input folders
  /// (`components/loopy -> ../screens`) is reported once, at its path through no link: before, once
  /// per input folder.
  func testALinkReachedFromTwoInputFoldersIsReportedOnce() throws {
    let dir = try makeProject(["screens/home.json": Example.home, "components/.keep": ""])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/components/loopy", withDestinationPath: "../screens")
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/self", withDestinationPath: ".")
    let loops = IOErrorRule.Message.linkLoops(dir + "/screens/self").diagnostic(at: nil, path: dir + "/screens/self").message
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0100" }.map(\.message), [loops])
  }
}
