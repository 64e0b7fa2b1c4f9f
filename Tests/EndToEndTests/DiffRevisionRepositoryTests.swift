import Foundation
import XCTest

/// `zlc diff --base REV` in repositories set up as teams keep them: shared files in a submodule,
/// attributes in the repository's root, folders named with spaces, and a repository git refuses.
final class DiffRevisionRepositoryTests: XCTestCase {
  func git(_ arguments: [String], in repo: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let r = try run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, cwd: repo)
    XCTAssertEqual(r.status, 0, r.err, file: file, line: line)
  }

  /// A repository at `repo` holding a starter project at `project`, committed once.
  func repository(_ repo: URL, project: String, before commit: (URL) throws -> Void = { _ in }) throws -> URL {
    let folder = repo.appendingPathComponent(project)
    try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    XCTAssertEqual(try zlc(["init", folder.path]).status, 0)
    try sameApp(folder)
    try git(["init", "-q"], in: repo)
    try commit(folder)
    try git(["add", "."], in: repo)
    try git(["commit", "-q", "-m", "starter"], in: repo)
    return folder
  }

  /// The project's families in a submodule: the revision's are read at the commit it records, so
  /// an unchanged project has no change and an edit in the submodule is one; a clone whose
  /// submodule is not checked out says what to run.
  func testASubmoduleOfTheProjectIsReadAtItsCommit() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let shared = dir.appendingPathComponent("families")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    let app = try repository(dir.appendingPathComponent("app"), project: "app") { folder in
      try FileManager.default.moveItem(
        at: folder.appendingPathComponent("families/STARTER.json"), to: shared.appendingPathComponent("STARTER.json"))
      try FileManager.default.removeItem(at: folder.appendingPathComponent("families"))
    }
    try git(["init", "-q"], in: shared)
    try git(["add", "."], in: shared)
    try git(["commit", "-q", "-m", "family"], in: shared)
    let repo = app.deletingLastPathComponent()
    try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", shared.path, "app/families"], in: repo)
    try git(["commit", "-q", "-m", "shared families"], in: repo)
    let same = try zlc(["diff", "--base", "HEAD", "app", "--exit-code"], cwd: repo)
    XCTAssertEqual(same.status, 0, same.err)
    XCTAssertEqual(same.out, "")

    let family = app.appendingPathComponent("families/STARTER.json")
    let text = try String(contentsOf: family, encoding: .utf8)
    try text.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 3"#)
      .write(to: family, atomically: true, encoding: .utf8)
    let changed = try zlc(["diff", "--base", "HEAD", "app", "--exit-code", "--format", "json"], cwd: repo)
    XCTAssertEqual(changed.status, 1, changed.err)
    XCTAssertTrue(changed.out.contains(#""kind": "layout""#), changed.out)

    let clone = dir.appendingPathComponent("clone")
    XCTAssertEqual(try run(["git", "clone", "-q", repo.path, clone.path], cwd: dir).status, 0)
    let unchecked = try zlc(["diff", "--base", "HEAD", "app"], cwd: clone)
    XCTAssertEqual(unchecked.status, 74, unchecked.err)
    XCTAssertTrue(unchecked.err.hasPrefix("error: HEAD has submodule 'app/families' at commit "), unchecked.err)
    XCTAssertTrue(unchecked.err.contains("which no checkout here holds: "), unchecked.err)
    XCTAssertTrue(unchecked.err.contains("git submodule update --init --recursive"), unchecked.err)

    // Removed since: no checkout here holds the revision's submodule.
    try git(["rm", "-q", "-f", "app/families"], in: repo)
    try git(["commit", "-q", "-m", "no shared families"], in: repo)
    let removed = try zlc(["diff", "--base", "HEAD~1", "app"], cwd: repo)
    XCTAssertEqual(removed.status, 74, removed.err)
    XCTAssertTrue(removed.err.hasPrefix("error: HEAD~1 has submodule 'app/families' at commit "), removed.err)
    XCTAssertTrue(removed.err.contains("which no checkout here holds: "), removed.err)
  }

  /// A filter the repository's root `.gitattributes` sets by the project's path (as `git lfs
  /// track 'app/screens/*.json'` writes it) turns the revision's files back into the project's.
  func testTheRootsAttributesApplyToTheRevisionsFiles() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    _ = try repository(repo, project: "app") { folder in
      let root = folder.deletingLastPathComponent()
      try "app/screens/*.json filter=shifted\n".write(to: root.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
      // Each letter shifted by one when stored, and back when checked out (tr is in coreutils).
      try self.git(["config", "filter.shifted.clean", "tr a-z b-za"], in: root)
      try self.git(["config", "filter.shifted.smudge", "tr b-za a-z"], in: root)
      try self.git(["config", "filter.shifted.required", "true"], in: root)
    }
    let stored = try run(["git", "cat-file", "-p", "HEAD:app/screens/home.json"], cwd: repo).out
    let file = try String(contentsOf: repo.appendingPathComponent("app/screens/home.json"), encoding: .utf8)
    XCTAssertNotEqual(stored, file, "the repository stores the filtered text")
    let r = try zlc(["diff", "--base", "HEAD", "app", "--exit-code"], cwd: repo)
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertEqual(r.out, "")
  }

  /// A project folder whose name begins with a space is that folder at the revision, not the one
  /// of the name without it.
  func testAFolderWhoseNameBeginsWithASpace() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    _ = try repository(repo, project: " app") { folder in
      let other = folder.deletingLastPathComponent().appendingPathComponent("app")
      try FileManager.default.copyItem(at: folder, to: other)
      let home = other.appendingPathComponent("screens/home.json")
      try String(contentsOf: home, encoding: .utf8).replacingOccurrences(of: #""name": "Home""#, with: #""name": "Accueil""#)
        .write(to: home, atomically: true, encoding: .utf8)
    }
    let r = try zlc(["diff", "--base", "HEAD", " app", "--exit-code"], cwd: repo)
    XCTAssertEqual(r.status, 0, r.err + r.out)
    // A revision found by its message is resolved before it is taken as a commit.
    let found = try zlc(["diff", "--base", ":/starter", " app", "--exit-code"], cwd: repo)
    XCTAssertEqual(found.status, 0, found.err)
  }

  /// A repository git refuses to read is said to be one, with git's reason, not "not in a git
  /// repository".
  func testARepositoryGitRefusesSaysWhy() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    _ = try repository(repo, project: "app")
    try git(["config", "core.repositoryformatversion", "99"], in: repo)
    let r = try zlc(["diff", "--base", "HEAD", "app"], cwd: repo)
    XCTAssertEqual(r.status, 64, r.err)
    XCTAssertTrue(r.err.hasPrefix("error: git cannot read the repository that holds 'app': fatal: "), r.err)
    XCTAssertTrue(r.err.contains("99"), r.err)
    let outside = try zlc(["diff", "--base", "HEAD", "/"])
    XCTAssertEqual(outside.err, "error: '/' is not in a git repository (--base needs one)\n")
  }
}
