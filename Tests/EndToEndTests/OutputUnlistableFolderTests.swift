import Foundation
import XCTest

/// A folder in an earlier output that zlc may write but not list could hold a file of the user's:
/// the build refuses to replace the output rather than move that file away unseen.
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
    XCTAssertEqual(r.status, 64, r.err)
    XCTAssertTrue(
      r.err.contains(
        "error: cannot replace 'out': 'out/screens' cannot be listed (Permission denied); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder [ZL0111]"
      ), r.err)
    XCTAssertEqual(try String(contentsOf: screens.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
    XCTAssertTrue(fm.fileExists(atPath: dir.appendingPathComponent("out/.zlc-output").path), "the output keeps its marker")
    XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.path).sorted(), before, "nothing left beside it")
    // Readable again, the user's file is seen and refused by name.
    let seen = try zlc(["build", project.path, "-o", "out"], cwd: dir, user: user)
    XCTAssertEqual(seen.status, 64, seen.err)
    XCTAssertTrue(seen.err.contains("holds files zlc did not write ('screens/notes.txt')"), seen.err)
  }
}
