import Foundation
import XCTest

/// `--warnings-as-errors` on what `zlc preview --feeds` and `zlc serve --feeds` find in the feeds
/// after the check: the mapper's warnings are errors as the check's are, and fail the run.
final class FeedWarningsTests: XCTestCase {
  var dir: URL!
  var project: URL!
  var feeds: String { project.appendingPathComponent("feeds").path }

  override func setUpWithError() throws {
    dir = temporary()
    project = try copyDemo(to: dir)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// A feeds folder that is not there is named so, and one that is a file as one; nothing is
  /// written either way.
  func testAFeedsFolderThatIsNoFolderIsNamed() throws {
    let missing = try zlc(["preview", "manifests", "-o", "pages", "--feeds", "nofeeds"], cwd: dir)
    XCTAssertEqual(missing.status, 74, missing.err)
    XCTAssertTrue(missing.err.hasPrefix("nofeeds: error: no such feeds folder 'nofeeds' [ZL0100]\n"), missing.err)
    let file = try zlc(["preview", "manifests", "-o", "pages", "--feeds", "manifests/zlc.json"], cwd: dir)
    XCTAssertEqual(file.status, 74, file.err)
    XCTAssertTrue(
      file.err.hasPrefix("manifests/zlc.json: error: the feeds folder 'manifests/zlc.json' is not a folder [ZL0100]\n"), file.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("pages").path))
  }

  /// The demo's season feed has a child the screen does not take: a warning, the pages written;
  /// with `--warnings-as-errors`, an error in every format, nothing written, exit 1.
  func testAPreviewsFeedWarningIsAnErrorWithWarningsAsErrors() throws {
    let finding = "manifests/feeds/season.json:24:5: %@: the sender has 3 children but the screen takes 2"
    let plain = try zlc(["preview", "manifests", "-o", "plain", "--feeds", "manifests/feeds"], cwd: dir)
    XCTAssertEqual(plain.status, 0, plain.err)
    XCTAssertTrue(plain.err.contains(String(format: finding, "warning")), plain.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("plain/index.html").path))
    let strict = try zlc(["preview", "manifests", "-o", "strict", "--feeds", "manifests/feeds", "--warnings-as-errors"], cwd: dir)
    XCTAssertEqual(strict.status, 1, strict.err)
    XCTAssertTrue(strict.err.contains(String(format: finding, "error")), strict.err)
    // The project's 13 files and the 3 feeds read.
    XCTAssertTrue(strict.err.hasSuffix("1 error, 0 warnings in 16 files\nnot written: fix the errors above\n"), strict.err)
    let strictly = ["preview", "manifests", "-o", "strict", "--feeds", "manifests/feeds", "--warnings-as-errors", "--format"]
    let json = try zlc(strictly + ["json"], cwd: dir)
    XCTAssertEqual(json.status, 1, json.err)
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
    XCTAssertEqual(
      diagnostics.map { "\($0["severity"] ?? "") \($0["code"] ?? "") \($0["line"] ?? ""):\($0["column"] ?? "")" }, ["error ZL0701 24:5"])
    XCTAssertEqual(report["summary"] as? [String: Int], ["errors": 1, "warnings": 0, "files": 16])
    let sarif = try zlc(strictly + ["sarif"], cwd: dir)
    XCTAssertEqual(sarif.status, 1, sarif.err)
    let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as? [String: Any])
    let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    XCTAssertEqual(results.map { "\($0["ruleId"] ?? "") \($0["level"] ?? "")" }, ["ZL0701 error"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("strict").path), "nothing is written")
  }

  /// Without `--warnings-as-errors` the build is served, its warning shown with the count of its
  /// findings, as `zlc check` ends.
  func testServeShowsAWarningWithItsCount() throws {
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--feeds", feeds])
    defer { server.stop() }
    _ = try server.port()
    let deadline = Date().addingTimeInterval(20)
    while !server.output.contains("built "), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    XCTAssertTrue(server.errorOutput.contains("feeds/season.json:24:5: warning: the sender has 3 children"), server.output)
    XCTAssertTrue(server.errorOutput.contains("[ZL0701]"), server.errorOutput)
    XCTAssertTrue(server.errorOutput.hasSuffix("0 errors, 1 warning in 13 files\n"), server.errorOutput)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// `zlc serve --feeds --warnings-as-errors` does not serve a build whose feeds have a warning.
  func testServeCountsAFeedWarningAsAFailedBuildWithWarningsAsErrors() throws {
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--feeds", feeds, "--warnings-as-errors"])
    defer { server.stop() }
    let port = try server.port()
    XCTAssertEqual(try HTTP.get(port: port, path: "/bundle.json").status, 503, server.output)
    // Standard error is collected apart from the address on standard output: until it has come.
    let finding = "feeds/season.json:24:5: error: the sender has 3 children but the screen takes 2"
    let deadline = Date().addingTimeInterval(10)
    while !server.errorOutput.contains("[ZL0701]"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    XCTAssertTrue(server.errorOutput.contains(finding), server.output)
    XCTAssertTrue(server.output.contains("build failed: nothing to serve yet"), server.output)
    XCTAssertEqual(try server.terminate().status, 0)
  }
}
