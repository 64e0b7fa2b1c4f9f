import Foundation
import XCTest

/// A rebuild over zlc's own earlier output links the files whose bytes are unchanged instead of
/// writing them again, and gives exactly the output of a build into an empty folder; a file it
/// cannot trust (edited, linked elsewhere, a link, another mode) is written anew.
final class RebuildReuseTests: DemoCopyTestCase {
  /// A file's inode number, link count and permission bits, and whether it is a link, without
  /// following a link; nil when it is missing.
  func identity(_ url: URL) -> (inode: UInt64, links: UInt64, mode: UInt32, isLink: Bool)? {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return nil }
    return (UInt64(status.st_ino), UInt64(status.st_nlink), UInt32(status.st_mode & 0o7777), status.st_mode & S_IFMT == S_IFLNK)
  }

  /// Builds (`command`) the project into `out`, then into a fresh folder, and asserts both hold the same bytes.
  func rebuild(_ command: String = "build", into out: String, line: UInt = #line) throws {
    let r = try zlc([command, project.path, "-o", out], cwd: dir)
    XCTAssertEqual(r.status, 0, r.err, line: line)
    let fresh = "fresh-\(UUID().uuidString.prefix(8))"
    XCTAssertEqual(try zlc([command, project.path, "-o", fresh], cwd: dir).status, 0, line: line)
    let rebuilt = try snapshot(dir.appendingPathComponent(out))
    XCTAssertEqual(rebuilt, try snapshot(dir.appendingPathComponent(fresh)), "a rebuild writes what a fresh build writes", line: line)
    XCTAssertGreaterThan(rebuilt.count, 5, line: line)
    for path in rebuilt.keys {
      XCTAssertEqual(identity(dir.appendingPathComponent(out).appendingPathComponent(path))?.links, 1, path, line: line)
    }
  }

  func testARebuildLinksTheFilesWhoseBytesAreUnchanged() throws {
    for (command, changed) in [("build", "screens/shows.json"), ("preview", "shows.html")] {
      let out = dir.appendingPathComponent(command)
      XCTAssertEqual(try zlc([command, project.path, "-o", command], cwd: dir).status, 0)
      let before = try snapshot(out)
      // The marker is written first, into every output, and is the model of a new file's owner and mode.
      let inodes = before.keys.filter { $0 != ".zlc-output" }.reduce(into: [String: UInt64]()) {
        $0[$1] = identity(out.appendingPathComponent($1))?.inode
      }

      // Unchanged: every file is the earlier one.
      try rebuild(command, into: command)
      for (path, inode) in inodes {
        XCTAssertEqual(identity(out.appendingPathComponent(path))?.inode, inode, "\(command): \(path) is linked, not written")
      }

      // One screen renamed: its files change, and only those are written anew.
      let screens = project.appendingPathComponent("screens/browse.json")
      let text = try String(contentsOf: screens, encoding: .utf8)
      try text.replacingOccurrences(of: "\"name\": \"Shows\"", with: "\"name\": \"All shows\"").write(
        to: screens, atomically: true, encoding: .utf8)
      try rebuild(command, into: command)
      let after = try snapshot(out)
      XCTAssertNotEqual(after[changed], before[changed], "\(command): \(changed) holds the new name")
      var kept = 0
      for (path, bytes) in after where path != ".zlc-output" {
        let same = before[path] == bytes
        XCTAssertEqual(identity(out.appendingPathComponent(path))?.inode == inodes[path], same, "\(command): \(path)")
        kept += same ? 1 : 0
      }
      XCTAssertGreaterThan(kept, after.count / 2, "\(command): most files are unchanged")
      try text.write(to: screens, atomically: true, encoding: .utf8)
    }
  }

  func testAFileItCannotTrustIsWrittenAnew() throws {
    let out = dir.appendingPathComponent("bundle")
    XCTAssertEqual(try zlc(["build", project.path, "-o", "bundle"], cwd: dir).status, 0)
    let fm = FileManager.default
    func file(_ path: String) -> URL { out.appendingPathComponent(path) }

    // Edited by hand, keeping its size: in a screen's file and in the middle of rivers.json.
    var edited = try Data(contentsOf: file("screens/home.json"))
    edited[edited.count / 2] ^= 0x20
    try edited.write(to: file("screens/home.json"))
    var rivers = try Data(contentsOf: file("rivers.json"))
    rivers[rivers.count / 2] ^= 0x20
    try rivers.write(to: file("rivers.json"))
    // Longer and shorter than it should be.
    try (Data(contentsOf: file("screens/live.json")) + Data("\n".utf8)).write(to: file("screens/live.json"))
    try Data(contentsOf: file("screens/kids.json")).dropLast().write(to: file("screens/kids.json"))
    // Linked from outside the output: the outside copy must never change with it.
    let copy = dir.appendingPathComponent("show-copy.json")
    try fm.linkItem(at: file("screens/show.json"), to: copy)
    let copyInode = identity(copy)?.inode
    // A link to a file outside with the same bytes: zlc writes a file, and follows no link.
    let outside = dir.appendingPathComponent("movie-outside.json")
    try fm.copyItem(at: file("screens/movie.json"), to: outside)
    try fm.removeItem(at: file("screens/movie.json"))
    try fm.createSymbolicLink(at: file("screens/movie.json"), withDestinationURL: outside)
    // A named pipe: opening it would wait for a writer.
    try fm.removeItem(at: file("screens/search.json"))
    XCTAssertEqual(mkfifo(file("screens/search.json").path, 0o644), 0)
    // Another mode than a new file's.
    try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file("screens/season.json").path)
    let inodes = ["screens/home.json", "rivers.json", "screens/live.json", "screens/kids.json", "screens/season.json"]
      .map { ($0, identity(file($0))?.inode) }

    try rebuild(into: "bundle")
    for (path, inode) in inodes { XCTAssertNotEqual(identity(file(path))?.inode, inode, "\(path) is written anew") }
    XCTAssertNotEqual(identity(file("screens/show.json"))?.inode, copyInode)
    XCTAssertEqual(identity(copy)?.links, 1)
    XCTAssertEqual(identity(file("screens/movie.json"))?.isLink, false)
    XCTAssertEqual(identity(file("screens/search.json"))?.links, 1)
    XCTAssertEqual(identity(outside)?.links, 1)
    XCTAssertEqual(identity(file("screens/season.json"))?.mode, identity(file("screens/settings.json"))?.mode)

    // A folder of the output replaced by a link: nothing is read through it.
    let screens = dir.appendingPathComponent("screens-outside")
    try fm.moveItem(at: file("screens"), to: screens)
    try fm.createSymbolicLink(at: file("screens"), withDestinationURL: screens)
    let outsideInodes = try fm.contentsOfDirectory(atPath: screens.path).map { identity(screens.appendingPathComponent($0))?.inode }
    try rebuild(into: "bundle")
    for name in try fm.contentsOfDirectory(atPath: file("screens").path) {
      XCTAssertFalse(outsideInodes.contains(identity(file("screens/" + name))?.inode), name)
    }
  }
}
