import Foundation
import XCTest

/// `zlc serve` keeps building while the project's folders come and go.
final class ServeWatchTests: XCTestCase {
  /// Polls `condition` every 100 ms until it holds or `seconds` pass; returns whether it held.
  static func eventually(within seconds: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return try condition()
  }

  /// A project folder removed and made again is built again, and so is every later edit: before,
  /// the watcher lost the folder for good and the old bundle stayed served.
  func testAProjectFolderRemovedAndMadeAgainIsBuiltAgain() throws {
    let (server, port, project) = try serveDemoCopy()
    try removeAndMakeAgain(project, server: server, port: port)
  }

  /// So is a project served as the working folder (`zlc serve .`): the process enters the folder
  /// made at its path, where it kept the removed one.
  func testAWorkingFolderRemovedAndMadeAgainIsBuiltAgain() throws {
    let (server, project) = try serveFromInsideADemoCopy()
    try removeAndMakeAgain(project, server: server, port: try server.port())
  }

  /// And one moved away with another put in its place (a checkout by renaming): the process works
  /// in the folder at the project's path, not the one moved away, whose link count a removal test
  /// would not see change.
  func testAWorkingFolderMovedAwayAndReplacedIsFollowed() throws {
    let (server, project) = try serveFromInsideADemoCopy()
    let port = try server.port()
    let builds = server.output.components(separatedBy: "\nbuilt ").count
    try FileManager.default.moveItem(at: project, to: project.deletingLastPathComponent().appendingPathComponent("moved-away"))
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    try makeAgain(project, server: server, port: port, builds: builds)
  }

  /// A feed that is a link is read where it points, so an edit of its target builds again: the
  /// watcher compared the link itself, which the edit leaves alone, and served the old feed.
  func testAFeedThatIsALinkIsBuiltAgainWhenItsTargetChanges() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let data = dir.appendingPathComponent("data")
    let feeds = dir.appendingPathComponent("feeds")
    for folder in [data, feeds] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
    let target = data.appendingPathComponent("show.json")
    try FileManager.default.copyItem(at: project.appendingPathComponent("feeds/show.json"), to: target)
    try FileManager.default.createSymbolicLink(
      atPath: feeds.appendingPathComponent("show.json").path, withDestinationPath: "../data/show.json")
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--feeds", feeds.path])
    addTeardownBlock { server.stop() }
    let port = try server.port()
    let page = try HTTP.get(port: port, path: "/preview/show.html")
    XCTAssertEqual(page.status, 200)
    XCTAssertTrue(page.body.contains("Key art"), String(page.body.prefix(300)))
    XCTAssertFalse(page.body.contains("Cover art"))
    let edited = try String(contentsOf: target, encoding: .utf8).replacingOccurrences(of: "\"Key art\"", with: "\"Cover art\"")
    try edited.write(to: target, atomically: false, encoding: .utf8)
    XCTAssertTrue(
      try Self.eventually { try HTTP.get(port: port, path: "/preview/show.html").body.contains("Cover art") }, server.output)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// `zlc serve .` run in a copy of the demo.
  private func serveFromInsideADemoCopy() throws -> (server: ServeProcess, project: URL) {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", ".", "--port", "0"], in: project)
    addTeardownBlock { server.stop() }
    return (server, project)
  }

  private func removeAndMakeAgain(_ project: URL, server: ServeProcess, port: Int) throws {
    try FileManager.default.removeItem(at: project)
    XCTAssertTrue(
      Self.eventually { server.output.contains("build failed: still serving the last good bundle") }, server.output)
    let builds = server.output.components(separatedBy: "\nbuilt ").count
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    try makeAgain(project, server: server, port: port, builds: builds)
  }

  /// The project made again at `project` is built, and so is an edit of it.
  private func makeAgain(_ project: URL, server: ServeProcess, port: Int, builds: Int) throws {
    XCTAssertTrue(Self.eventually { server.output.components(separatedBy: "\nbuilt ").count > builds }, server.output)
    let home = project.appendingPathComponent("screens/home.json")
    try (try String(contentsOf: home, encoding: .utf8)).replacingOccurrences(of: "\"Home\"", with: "\"Home again\"")
      .write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(
      try Self.eventually { try HTTP.get(port: port, path: "/screens/home.json").body.contains("Home again") }, server.output)
    XCTAssertEqual(try server.terminate().status, 0)
  }
}
