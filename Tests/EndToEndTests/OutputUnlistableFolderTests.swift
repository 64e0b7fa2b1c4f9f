import Foundation
import XCTest

/// A folder in an earlier output that zlc may write but not list could hold a file of the user's:
/// the build keeps the output rather than move that file away unseen. What cannot be read is an
/// I/O failure (exit status 74), not a folder found wrong.
final class OutputUnlistableFolderTests: DemoCopyTestCase {
  func testAnOutputWithAFolderThatCannotBeListedIsKept() throws {
    let fm = FileManager.default
    // Root lists any folder: the build runs as another user then, in a folder it may write.
    let user = getuid() == 0 ? "65534" : nil
    try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
    XCTAssertEqual(try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user).status, 0)
    let screens = dir.appendingPathComponent("out/screens")
    try Data("mine".utf8).write(to: screens.appendingPathComponent("notes.txt"))
    if let user { chown(screens.appendingPathComponent("notes.txt").path, uid_t(user)!, gid_t(user)!) }
    try fm.setAttributes([.posixPermissions: 0o300], ofItemAtPath: screens.path)
    let before = try fm.contentsOfDirectory(atPath: dir.path).sorted()
    let r = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: screens.path)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(
      r.err.contains(
        "error: cannot replace 'out': 'out/screens' cannot be listed (Permission denied); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder [ZL0100]"
      ), r.err)
    XCTAssertEqual(try String(contentsOf: screens.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
    XCTAssertTrue(fm.fileExists(atPath: dir.appendingPathComponent("out/.zlc-output").path), "the output keeps its marker")
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.path).sorted(), before, "nothing left beside it")
    // Readable again, the user's file is seen and refused by name.
    let seen = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user)
    XCTAssertEqual(seen.status, 64, seen.err)
    XCTAssertTrue(seen.err.contains("holds files zlc did not write ('screens/notes.txt')"), seen.err)
  }

  /// The user the commands run as: another than root, which reads any folder.
  var user: String? { getuid() == 0 ? "65534" : nil }

  /// The demo built into `out` as `user`, in a folder that user may write.
  func builtOutput() throws -> URL {
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
    XCTAssertEqual(try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user).status, 0)
    return dir.appendingPathComponent("out")
  }

  /// An output folder that cannot be listed, or whose marker cannot be read, is kept, and each
  /// command that writes there says why, as an I/O failure.
  func testAnOutputThatCannotBeReadIsAnIOFailure() throws {
    let fm = FileManager.default
    let out = try builtOutput()
    let marker = out.appendingPathComponent(".zlc-output")
    let listed =
      "error: cannot replace 'out': 'out' cannot be listed (Permission denied); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder [ZL0100]"
    try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: out.path)
    for command in [
      ["build", project.path, "-o", "out"], ["preview", project.path, "-o", "out"], ["generate", "swift", project.path, "-o", "out"],
    ] {
      let r = try zlc(command, cwd: dir, user: user)
      XCTAssertEqual(r.status, 74, "\(command[0]): \(r.err)")
      XCTAssertTrue(r.err.hasPrefix("out: " + listed + "\n"), "\(command[0]): \(r.err)")
    }
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path)
    try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: marker.path)
    let r = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user)
    try fm.setAttributes([.posixPermissions: 0o644], ofItemAtPath: marker.path)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(
      r.err.hasPrefix(
        "out: error: cannot replace 'out': its marker '.zlc-output' cannot be read (Permission denied); zlc keeps it as it is: make it readable (chmod u+r) or choose another folder [ZL0100]\n"
      ), r.err)
    XCTAssertEqual(try zlc(["verify", "out"], cwd: dir, user: user).status, 0, "the output was kept whole")
    // A folder that can be listed but not searched hides its marker as well.
    try fm.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out.path)
    let hidden = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path)
    XCTAssertEqual(hidden.status, 74, hidden.err)
    XCTAssertTrue(
      hidden.err.contains(
        "error: cannot replace 'out': 'out' cannot be searched (Permission denied); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder [ZL0100]"
      ), hidden.err)
    // An output without a marker, whose screens/ cannot be searched: a file in it cannot be told
    // to be the bundle's.
    try fm.removeItem(at: marker)
    try fm.setAttributes([.posixPermissions: 0o444], ofItemAtPath: out.appendingPathComponent("screens").path)
    let unmarked = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.appendingPathComponent("screens").path)
    XCTAssertEqual(unmarked.status, 74, unmarked.err)
    XCTAssertTrue(
      unmarked.err.contains(
        "error: cannot replace 'out': 'out/screens' cannot be searched (Permission denied); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder [ZL0100]"
      ), unmarked.err)
  }

  /// `zlc verify` of a bundle folder that cannot be searched: it cannot be read (exit status 74),
  /// which is not a folder without a bundle.
  func testVerifyOfAFolderThatCannotBeSearchedIsAnIOFailure() throws {
    let out = try builtOutput()
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: out.path)
    let r = try zlc(["verify", "out"], cwd: dir, user: user)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertEqual(r.err, "out: error: cannot read the bundle folder: Permission denied\n")
    // Its screens/ listed but not searched: each screen file cannot be read, not "not there".
    let screens = out.appendingPathComponent("screens")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: screens.path)
    let hidden = try zlc(["verify", "out"], cwd: dir, user: user)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: screens.path)
    XCTAssertEqual(hidden.status, 74, hidden.err)
    let lines = hidden.err.split(separator: "\n")
    XCTAssertEqual(lines.count, 10, hidden.err)
    XCTAssertTrue(
      lines.allSatisfy { $0.hasPrefix("out/screens/") && $0.hasSuffix(".json: error: cannot read: Permission denied") }, hidden.err)
  }

  /// `zlc verify` of a bundle whose screens/ can be searched but not listed: a file there that
  /// bundle.json does not list could be hidden in it, so it cannot be read (74), not found clean.
  func testVerifyOfAScreensFolderThatCannotBeListedIsAnIOFailure() throws {
    let out = try builtOutput()
    let screens = out.appendingPathComponent("screens")
    try Data("{}".utf8).write(to: screens.appendingPathComponent("stale.json"))
    try FileManager.default.setAttributes([.posixPermissions: 0o333], ofItemAtPath: screens.path)
    let r = try zlc(["verify", "out"], cwd: dir, user: user)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: screens.path)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertEqual(r.err, "out/screens: error: cannot list the folder: Permission denied\n")
    // Listed, the stale file is found.
    let listed = try zlc(["verify", "out"], cwd: dir, user: user)
    XCTAssertEqual(listed.status, 1, listed.err)
    XCTAssertEqual(listed.err, "out/screens/stale.json: error: 'bundle.json' does not list it\n")
  }

  /// `zlc init` into a folder that cannot be listed does not take it for an empty one.
  func testInitIntoAFolderThatCannotBeListedIsAnIOFailure() throws {
    let fm = FileManager.default
    try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
    let folder = dir.appendingPathComponent("app")
    try fm.createDirectory(at: folder, withIntermediateDirectories: false)
    try Data("{}".utf8).write(to: folder.appendingPathComponent("zlc.json"))
    if let user { chown(folder.path, uid_t(user)!, gid_t(user)!) }
    try fm.setAttributes([.posixPermissions: 0o333], ofItemAtPath: folder.path)
    let r = try zlc(["init", "app"], cwd: dir, user: user)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(
      r.err.hasPrefix(
        "app: error: cannot write the starter project: 'app' cannot be listed (Permission denied), and zlc writes a starter only into an empty folder [ZL0100]\n"
      ), r.err)
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: folder.path), ["zlc.json"], "nothing written")
  }
}
