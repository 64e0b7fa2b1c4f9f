import Foundation
import XCTest

/// `zlc diff --base REV` in repositories as they come: the project in a folder whose path has
/// spaces and other scripts, files moved with `git mv`, and a shallow clone.
final class DiffRevisionTests: XCTestCase {
  /// A repository at `repo` with a starter project at `project` (a path inside it), committed once.
  func repository(_ repo: URL, project: String) throws -> URL {
    let folder = repo.appendingPathComponent(project)
    try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    XCTAssertEqual(try zlc(["init", folder.path]).status, 0)
    try sameApp(folder)
    try git(["init", "-q"], in: repo)
    try git(["add", "."], in: repo)
    try git(["commit", "-q", "-m", "starter"], in: repo)
    return folder
  }

  func git(_ arguments: [String], in repo: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let r = try run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, cwd: repo)
    XCTAssertEqual(r.status, 0, r.err, file: file, line: line)
  }

  /// Files moved with `git mv` in a project whose folder has spaces and accents in its path: the
  /// moves are listed, by their paths in the project, and are a difference for `--exit-code`.
  func testMovedFilesOfAProjectInAFolderWithSpaces() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    let project = try repository(repo, project: "my apps/é app")
    try git(["mv", "my apps/é app/screens/show.json", "my apps/é app/screens/show screen.json"], in: repo)
    try FileManager.default.createDirectory(at: project.appendingPathComponent("families/kept"), withIntermediateDirectories: true)
    try git(["mv", "my apps/é app/families/STARTER.json", "my apps/é app/families/kept/STARTER.json"], in: repo)
    for cwd in [repo, project] {
      let r = try zlc(["diff", "--base", "HEAD"] + (cwd == repo ? ["my apps/é app"] : []), cwd: cwd)
      XCTAssertEqual(r.status, 0, r.err)
      XCTAssertEqual(
        r.out,
        """
         show | moved from screens/show.json
         1 screen changed (0 added, 0 removed, 0 renamed, 1 moved), 2 changes (1 to the whole project)

        screen moved: screens/show.json → screens/show screen.json on show
        family moved: STARTER families/STARTER.json → families/kept/STARTER.json

        """)
    }
    XCTAssertEqual(try zlc(["diff", "--base", "HEAD", "--exit-code"], cwd: project).status, 1)
    // Committed, the work tree holds what the revision does: nothing moved.
    try git(["commit", "-q", "-m", "moved"], in: repo)
    let same = try zlc(["diff", "--base", "HEAD", "--exit-code"], cwd: project)
    XCTAssertEqual(same.status, 0, same.err)
    XCTAssertEqual(same.out, "")
  }

  /// A revision that holds a file where the project's folder is now holds no project: said so,
  /// with the status of a revision without the folder, not git's error with an I/O status.
  func testARevisionWithAFileWhereTheProjectIsHasNoProject() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    try "notes\n".write(to: repo.appendingPathComponent("app"), atomically: true, encoding: .utf8)
    try git(["init", "-q"], in: repo)
    try git(["add", "."], in: repo)
    try git(["commit", "-q", "-m", "notes"], in: repo)
    try FileManager.default.removeItem(at: repo.appendingPathComponent("app"))
    XCTAssertEqual(try zlc(["init", repo.appendingPathComponent("app").path]).status, 0)
    let r = try zlc(["diff", "--base", "HEAD", "app"], cwd: repo)
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertEqual(r.err, "error: HEAD has 'app' as a file, not a folder\n")
    XCTAssertEqual(r.out, "")
    XCTAssertEqual(try zlc(["diff", "--base", "HEAD", "app", "--exit-code"], cwd: repo).status, 2)
  }

  /// A revision that holds a submodule where the project's folder is now holds no project either,
  /// and says what it holds.
  func testARevisionWithASubmoduleWhereTheProjectIsHasNoProject() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    try "notes\n".write(to: repo.appendingPathComponent("notes"), atomically: true, encoding: .utf8)
    try git(["init", "-q"], in: repo)
    try git(["add", "."], in: repo)
    try git(["commit", "-q", "-m", "notes"], in: repo)
    let head = try run(["git", "rev-parse", "HEAD"], cwd: repo).out.trimmingCharacters(in: .whitespacesAndNewlines)
    try git(["update-index", "--add", "--cacheinfo", "160000,\(head),app"], in: repo)
    try git(["commit", "-q", "-m", "submodule"], in: repo)
    XCTAssertEqual(try zlc(["init", repo.appendingPathComponent("app").path]).status, 0)
    let r = try zlc(["diff", "--base", "HEAD", "app"], cwd: repo)
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertEqual(r.err, "error: HEAD has 'app' as a submodule, not a folder\n")
  }

  /// A file of the revision whose object the repository lacks (a damaged repository, a partial
  /// clone without its remote) is git's to say, not a temporary folder that could not be written.
  func testAFileTheRepositoryLacksIsGitsToSay() throws {
    let repo = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: repo) }
    try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
    _ = try repository(repo, project: "app")
    for file in ["app/zlc.json", "app/families/STARTER.json"] {
      let blob = try run(["git", "rev-parse", "HEAD:\(file)"], cwd: repo).out.trimmingCharacters(in: .whitespacesAndNewlines)
      XCTAssertEqual(blob.count, 40, blob)
      try FileManager.default.removeItem(at: repo.appendingPathComponent(".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"))
    }
    let r = try zlc(["diff", "--base", "HEAD", "app"], cwd: repo)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertTrue(r.err.hasPrefix("error: cannot read HEAD: "), r.err)
    XCTAssertTrue(r.err.contains(".json"), r.err)
    XCTAssertFalse(r.err.contains("temporary folder"), r.err)
    XCTAssertEqual(r.err.filter { $0 == "\n" }.count, 1, "git's first line alone: \(r.err)")
  }

  /// A shallow clone (a CI checkout) lacks the commits before its own: asking for one says so and
  /// how to fetch it, with the status of a revision git does not know.
  func testARevisionAShallowCloneLacksSaysTheCloneIsShallow() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let origin = dir.appendingPathComponent("origin")
    let project = try repository(origin, project: "app")
    let family = project.appendingPathComponent("families/STARTER.json")
    let text = try String(contentsOf: family, encoding: .utf8)
    try text.replacingOccurrences(of: #""type": "tablet", "columns": 4"#, with: #""type": "tablet", "columns": 3"#)
      .write(to: family, atomically: true, encoding: .utf8)
    try git(["commit", "-q", "-a", "-m", "three columns"], in: origin)
    let clone = dir.appendingPathComponent("clone")
    let cloned = try run(["git", "clone", "-q", "--depth", "1", origin.absoluteString, clone.path], cwd: dir)
    XCTAssertEqual(cloned.status, 0, cloned.err)
    let r = try zlc(["diff", "--base", "HEAD~1", "app"], cwd: clone)
    XCTAssertEqual(r.status, 64, r.err)
    XCTAssertEqual(
      r.err,
      "error: 'HEAD~1' is not a revision of the repository that holds 'app'; the clone is shallow and may lack it: "
        + "fetch it first (git fetch --depth=1 origin COMMIT, or git fetch --unshallow)\n")
    // A full clone has it, and says nothing of shallowness when a revision is unknown.
    let unknown = try zlc(["diff", "--base", "no-such-branch", "app"], cwd: origin)
    XCTAssertEqual(unknown.status, 64)
    XCTAssertEqual(unknown.err, "error: 'no-such-branch' is not a revision of the repository that holds 'app'\n")
    let full = try zlc(["diff", "--base", "HEAD~1", "app", "--format", "json"], cwd: origin)
    XCTAssertEqual(full.status, 0, full.err)
    XCTAssertTrue(full.out.contains(#""kind": "layout""#), full.out)
  }
}
