import Foundation
import XCTest
import ZappLayout

/// Hostile and broken inputs, through the built binary: each is a diagnostic with a location (or a
/// path) and the documented exit status, never a crash, a read outside the project or a write
/// outside the output folder. Limits are documented in docs/limits.md.
final class HostileInputTests: DemoCopyTestCase {
  func write(_ relative: String, _ bytes: [UInt8]) throws {
    let url = project.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }

  func check() throws -> (status: Int32, out: String, err: String) { try zlc(["check", project.path]) }

  // MARK: Reading

  func testDeepNestingIsALimit() throws {
    try write("screens/deep.json", String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000))
    let r = try check()
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(r.err.contains("screens/deep.json:1:513: error:"), r.err)
    XCTAssertTrue(r.err.contains("[ZL0115]"), r.err)
  }

  func testDeepXMLNestingIsALimit() throws {
    try write("families/deep.xml", String(repeating: "<a>", count: 50_000) + String(repeating: "</a>", count: 50_000))
    let r = try check()
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(r.err.contains("families/deep.xml:1:"), r.err)
    XCTAssertTrue(r.err.contains("[ZL0115]"), r.err)
  }

  func testNumbersBeyondDouble() throws {
    try write("screens/big.json", #"[{"id": "big", "type": "favorites", "rules": {"refresh_rate": 1e400}, "ui_components": []}]"#)
    let r = try check()
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(r.err.contains("screens/big.json:1:63: error: number 1e400 is beyond the range of a 64-bit float [ZL0104]"), r.err)
  }

  func testInvalidUTF8AndNULBytes() throws {
    try write("screens/latin1.json", Array(#"[{"id": "caf"#.utf8) + [0xE9] + Array(#"", "type": "favorites"}]"#.utf8))
    try write("screens/nul.json", Array(#"[{"id": "n", "type": "favorites"}"#.utf8) + [0] + Array("]".utf8))
    let r = try check()
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(r.err.contains("screens/latin1.json:1:13: error:"), r.err)
    XCTAssertTrue(r.err.contains("screens/nul.json:1:34: error:"), r.err)
    XCTAssertEqual(r.err.components(separatedBy: "[ZL0106]").count - 1, 2, r.err)
  }

  func testDTDExternalEntitiesAndEntityBombsAreNeverExpanded() throws {
    try write("families/external.xml", #"<!DOCTYPE Family [<!ENTITY x SYSTEM "file:///etc/passwd">]><Family name="X">&x;</Family>"#)
    try write(
      "families/bomb.xml",
      #"<?xml version="1.0"?><!DOCTYPE b [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><Family name="B">&c;</Family>"#
    )
    let r = try check()
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(r.err.contains("families/external.xml:1:1: error:"), r.err)
    XCTAssertTrue(r.err.contains("families/bomb.xml:1:22: error:"), r.err)
    XCTAssertEqual(r.err.components(separatedBy: "[ZL0110]").count - 1, 2, r.err)
    XCTAssertFalse(r.err.contains("root:"), "nothing of /etc/passwd is read")
  }

  /// Found by a run that added family keys with extreme values: a flow cell's `widthRatio` of
  /// 1e-300, then within range (above 0, below 1), made 1 / ratio overflow `Int` and trapped
  /// `zlc check` and `zlc build`. A ratio is now at least 0.001, a row holding at most 1,000 items.
  func testATinyWidthRatioIsReportedWithoutATrap() throws {
    let builtin = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_2.json"), encoding: .utf8)
    let cell = #"{ "name": "GRID_1", "layoutId": "flow_grid_poster", "aspectCellRatio": 0.6667"#
    XCTAssertTrue(builtin.contains(cell))
    try write("families/FAMILY_2.json", builtin.replacingOccurrences(of: cell, with: cell + #", "widthRatio": 1e-300"#))
    let checked = try check()
    XCTAssertEqual(checked.status, 1, checked.err)
    XCTAssertTrue(
      checked.err.contains("families/FAMILY_2.json:15:102: error: 'widthRatio' must be from 0.001 to below 1, found '1e-300' [ZL0504]"),
      checked.err)
    let out = dir.appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 1, built.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    // A ratio that fits items in a row is laid out.
    try write("families/FAMILY_2.json", builtin.replacingOccurrences(of: cell, with: cell + #", "widthRatio": 0.25"#))
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    let index = try String(contentsOf: out.appendingPathComponent("bundle.json"), encoding: .utf8)
    // (375 − 16 − 16) × 0.25 = 85.75 on the phone; with 8 between them three fit a row
    // (4 × 85.75 + 3 × 8 = 367 > 343).
    XCTAssertTrue(index.contains(#""columns":3,"item":{"width":85.75,"height":128.62}"#), index)
  }

  // MARK: The file system

  func testSymlinkLoopIsNotFollowed() throws {
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("screens/loop"), withDestinationURL: project)
    let r = try check()
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("screens/loop' is a link that loops back into the project; zlc does not follow it [ZL0100]"), r.err)
  }

  /// A link to the folder it lies in, or to one above it, is reported before anything is read
  /// through it: the screens beside it are read once, not again as duplicates.
  func testALinkToItsOwnFolderIsReportedUnread() throws {
    func filesRead(_ err: String) -> String? { err.range(of: #" in [0-9]+ files\n"#, options: .regularExpression).map { String(err[$0]) } }
    let unlinked = try filesRead(check().err)
    XCTAssertNotNil(unlinked)
    for (link, target) in [("screens/self", "."), ("screens/nested/up", "..")] {
      let url = project.appendingPathComponent(link)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
      let r = try check()
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertEqual(
        r.err.split(separator: "\n").filter { $0.contains("error:") },
        ["\(url.path): error: '\(url.path)' is a link that loops back into the project; zlc does not follow it [ZL0100]"], link)
      XCTAssertEqual(filesRead(r.err), unlinked, "\(link): no file is read through the link")
      try FileManager.default.removeItem(at: url)
    }
  }

  func testLinksThatLeaveTheProjectAreNotFollowed() throws {
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("screens/passwd.json"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("components/outside"), withDestinationURL: dir)
    let r = try zlc(["check", project.path, "--format", "json"])
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.out.contains("screens/passwd.json' is a link that leaves the project"), r.out)
    XCTAssertTrue(r.out.contains("components/outside' is a link that leaves the project"), r.out)
    XCTAssertFalse(r.out.contains("root:"), "nothing of /etc/passwd is read")
  }

  func testUnreadableFileAndFolderAreIOErrors() throws {
    let user = try unprivilegedUser()
    try write("screens/secret.json", "[]")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o000], ofItemAtPath: project.appendingPathComponent("screens/secret.json").path)
    try FileManager.default.createDirectory(at: project.appendingPathComponent("components/locked"), withIntermediateDirectories: true)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o000], ofItemAtPath: project.appendingPathComponent("components/locked").path)
    let r = try zlc(["check", project.path], user: user)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("secret.json: error: cannot read"), r.err)
    XCTAssertTrue(r.err.contains("locked: error: cannot read folder"), r.err)
    XCTAssertEqual(r.err.components(separatedBy: "[ZL0100]").count - 1, 2, r.err)
  }

  /// A `components` folder that cannot be read may hold the manifests that declare keys of the
  /// screens: their unknown-key findings are left out, as for a manifest that cannot be read.
  func testAnUnreadableComponentsFolderLeavesTheScreensKeysUnjudged() throws {
    let user = try unprivilegedUser()
    let components = project.appendingPathComponent("components").path
    XCTAssertEqual(try zlc(["check", project.path]).status, 0, "the demo's keys are its manifests'")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: components)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: components) }
    let r = try zlc(["check", project.path], user: user)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("components: error: cannot read folder"), r.err)
    XCTAssertFalse(r.err.contains("[ZL0204]"), r.err)
  }

  func testAMissingProjectFolder() throws {
    let r = try zlc(["check", dir.appendingPathComponent("nowhere").path])
    XCTAssertEqual(r.status, 74)
    XCTAssertTrue(r.err.contains("no such folder"), r.err)
  }

  /// A project folder that is there but cannot be reached (a link that loops, a folder above it the
  /// user may not enter) is not said to be missing: the reason is given.
  func testAProjectFolderThatCannotBeReachedIsNotCalledMissing() throws {
    let loop = dir.appendingPathComponent("loop")
    try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop")
    let looped = try zlc(["check", loop.path])
    XCTAssertEqual(looped.status, 74, looped.err)
    XCTAssertEqual(
      looped.err,
      "\(loop.path): error: cannot reach folder '\(loop.path)': Too many levels of symbolic links [ZL0100]\n1 error, 0 warnings\n"
    )
    // Root enters every folder: the check runs as another user then.
    let asRoot = getuid() == 0
    try FileManager.default.setAttributes([.posixPermissions: asRoot ? 0o700 : 0o000], ofItemAtPath: dir.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path) }
    let locked = try zlc(["check", project.path], cwd: URL(fileURLWithPath: "/"), user: asRoot ? "65534" : nil)
    XCTAssertEqual(locked.status, 74, locked.err)
    XCTAssertTrue(
      locked.err.hasPrefix("\(project.path): error: cannot reach folder '\(project.path)': Permission denied [ZL0100]\n"), locked.err)
  }

  // MARK: Writing

  func testOutputThatIsAFileIsRefusedAndKept() throws {
    let output = dir.appendingPathComponent("bundle")
    try Data("keep me".utf8).write(to: output)
    let r = try zlc(["build", project.path, "-o", output.path])
    XCTAssertEqual(r.status, 64, r.err)
    XCTAssertTrue(r.err.contains("is a file; zlc writes a folder there and leaves the file alone [ZL0111]"), r.err)
    XCTAssertEqual(try Data(contentsOf: output), Data("keep me".utf8))
  }

  func testUnwritableFolderKeepsThePreviousBundle() throws {
    let user = try unprivilegedUser()
    let parent = dir.appendingPathComponent("out")
    let output = parent.appendingPathComponent("bundle")
    XCTAssertEqual(try zlc(["build", project.path, "-o", output.path]).status, 0)
    let before = try snapshot(output)
    // The new build cannot write its staging folder beside the output: its folder is read-only,
    // which is refused before anything is written. The output itself is the user's, so only its
    // parent is in the way.
    if let user, let id = Int(user) {
      for relative in [""] + (FileManager.default.subpaths(atPath: output.path) ?? []) {
        try FileManager.default.setAttributes(
          [.ownerAccountID: id, .groupOwnerAccountID: id], ofItemAtPath: output.appendingPathComponent(relative).path)
      }
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
    let r = try zlc(["build", project.path, "-o", output.path], user: user)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.contains("error: cannot write '\(output.path)' into '\(parent.path)', which is read-only"), r.err)
    XCTAssertEqual(try snapshot(output), before)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path), ["bundle"])
  }

  /// Kills builds at many moments; the output is always either the whole previous bundle or the
  /// whole new one, and the next build leaves no staging folder behind.
  func testKilledBuildsLeaveAWholeBundle() throws {
    // A project big enough that a build takes a while.
    var screens: [String] = []
    for i in 0..<2_000 {
      screens.append(
        #"{"id": "extra-\#(i)", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "\#(i)", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}"#
      )
    }
    let output = dir.appendingPathComponent("bundle")
    XCTAssertEqual(try zlc(["build", project.path, "-o", output.path]).status, 0)
    let before = try snapshot(output)
    try write("screens/extra.json", "[" + screens.joined(separator: ",\n") + "]")
    let binary = repositoryRoot.appendingPathComponent(".build/debug/zlc")
    var sawOld = false
    for delay in [0.02, 0.08, 0.15, 0.25, 0.4, 0.6, 0.9, 1.3, 2.0] {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["build", project.path, "-o", output.path]
      process.standardError = FileHandle.nullDevice
      try process.run()
      Thread.sleep(forTimeInterval: delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try snapshot(output)
      if now == before {
        sawOld = true
      } else {
        let bundle = try ScreenBundle.load(from: output)
        XCTAssertEqual(try bundle.screens.count, 2_010, "after \(delay) s: a whole new bundle")
      }
    }
    XCTAssertTrue(sawOld, "at least one kill came before the swap")
    XCTAssertEqual(try zlc(["build", project.path, "-o", output.path]).status, 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".zlc-") }
    XCTAssertEqual(leftovers, [], "the next build removes what killed builds left")
    XCTAssertEqual(try ScreenBundle.load(from: output).screens.count, 2_010)
  }

  /// A user for whom file permissions apply: tests run as root in CI, and root reads everything.
  func unprivilegedUser() throws -> String? {
    guard getuid() == 0 else { return nil }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("needs setpriv to drop root") }
    return "65534"  // nobody
  }
}
