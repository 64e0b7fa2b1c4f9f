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

  /// A link to itself, and two links to each other, loop: each is reported as a loop, not as a
  /// broken link, while a link to nothing is broken.
  func testLinksThatLoopAreNotBroken() throws {
    let dir = try makeProject(["screens/home.json": Example.home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (link, target) in [("self.json", "self.json"), ("a.json", "b.json"), ("b.json", "a.json"), ("gone.json", "nowhere.json")] {
      try FileManager.default.createSymbolicLink(atPath: dir + "/screens/" + link, withDestinationPath: target)
    }
    func message(_ name: String, loops: Bool) -> String {
      let path = dir + "/screens/" + name
      return (loops ? IOErrorRule.Message.linkCycle(path) : IOErrorRule.Message.brokenLink(path)).diagnostic(at: nil, path: path).message
    }
    XCTAssertEqual(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0100" }.map(\.message).sorted(),
      [
        message("a.json", loops: true), message("b.json", loops: true), message("gone.json", loops: false),
        message("self.json", loops: true),
      ]
      .sorted())
  }

  /// A manifest that cannot be read (a broken link) leaves the keys it declares unknown: a screen
  /// writing them gets no unknown or misspelled key finding, only ZL0100 at the link. Read, the
  /// manifest declares `banner_text` and a misspelling of it is reported.
  func testAKeyAnUnreadManifestMayDeclareIsNotReported() throws {
    let manifest = Example.manifest(#", "styles": {"fields": [{"key": "banner_text", "type": "text_input"}]}"#, identifier: "banner")
    let screen = Example.screen(#"{"component_type": "banner", "styles": {"banner_text": "Hi", "banner_txt": "Hi"}}"#)
    let files = Example.baseProject.merging(["screens/o.json": screen, "components/banner.json": manifest]) { $1 }
    let read = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: read) }
    XCTAssertEqual(
      Driver.check(read).diagnostics.filter { $0.code == "ZL0206" || $0.code == "ZL0204" }.map(\.message),
      ["misspelled key 'banner_txt' in component styles: clients ignore it"])
    let dir = try makeProject(files.filter { $0.key != "components/banner.json" }.merging(["components/.keep": ""]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/components/banner.json", withDestinationPath: "nowhere.json")
    let codes = Driver.check(dir).diagnostics.map(\.code)
    XCTAssertEqual(codes.filter { $0 == "ZL0100" }.count, 1, "\(codes)")
    XCTAssertEqual(codes.filter { $0 == "ZL0204" || $0 == "ZL0206" }, [])
    // A manifest that does not parse declares nothing either; a screens file that does not parse
    // declares no key, and the other screens' keys are still checked.
    for (path, text, expected) in [
      ("components/banner.json", "{", [String]()), ("screens/broken.json", "[{", ["ZL0206"]),
    ] {
      let project = try makeProject(files.merging([path: text]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: project) }
      XCTAssertEqual(Driver.check(project).diagnostics.map(\.code).filter { $0 == "ZL0204" || $0 == "ZL0206" }, expected, path)
    }
  }

  /// A path too long for the system to read says so: `cannot read` alone left the user guessing.
  func testAPathTooLongToReadSaysWhy() throws {
    let dir = try makeProject(["screens/home.json": Example.home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Folders made one inside the other by descriptor: no path of that length can be named.
    let name = String(repeating: "d", count: 200)
    var folder = open(dir + "/screens", O_RDONLY | O_DIRECTORY)
    for _ in 0..<24 {
      XCTAssertEqual(mkdirat(folder, name, 0o755), 0)
      let inner = openat(folder, name, O_RDONLY | O_DIRECTORY)
      close(folder)
      folder = inner
    }
    XCTAssertEqual(mkdirat(folder, "s.json", 0o755), 0)
    close(folder)
    let messages = Driver.check(dir).diagnostics.filter { $0.code == "ZL0100" }.map(\.message)
    XCTAssertFalse(messages.isEmpty)
    for message in messages { XCTAssertTrue(message.hasSuffix("': File name too long"), message) }
  }
}
