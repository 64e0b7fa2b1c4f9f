import Foundation
import XCTest

/// `zlc serve` refuses at start what would keep it from serving or writing, in plain words.
final class ServeStartupTests: XCTestCase {
  /// Waits up to 30 s for the server to end; stops it and fails when it serves on instead.
  static func ended(_ server: ServeProcess) throws -> Int32 {
    let deadline = Date().addingTimeInterval(30)
    while server.process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    guard !server.process.isRunning else {
      server.stop()
      XCTFail("zlc serve kept running: \(server.output)")
      throw POSIXError(.ETIMEDOUT)
    }
    return server.process.terminationStatus
  }

  /// The standard error of a server that ended, once its last line has come (up to 5 s).
  static func errors(of server: ServeProcess) -> String {
    let deadline = Date().addingTimeInterval(5)
    while !server.errorOutput.hasSuffix("\n"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    return server.errorOutput
  }

  /// An output folder that cannot be written is refused before serving, with the status and the
  /// words of `zlc build`: before, it was served on and every build failed to be written.
  func testAnOutputFolderThatCannotBeWrittenIsRefusedAtStart() throws {
    let dir = temporary()
    let locked = dir.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
      try? FileManager.default.removeItem(at: dir)
    }
    let output = locked.appendingPathComponent("bundle").path
    let message = "cannot write '\(output)' into '\(locked.path)', which is read-only"
    let built = try zlc(["build", "manifests", "-o", output])
    XCTAssertEqual(built.status, 74, built.err)
    let line = try XCTUnwrap(built.err.split(separator: "\n").first, built.err)
    XCTAssertTrue(line.hasPrefix("\(output): error: \(message) "), built.err)
    XCTAssertTrue(line.hasSuffix(" [ZL0100]"), built.err)
    let server = try ServeProcess(arguments: ["serve", "manifests", "--port", "0", "-o", output])
    XCTAssertEqual(try Self.ended(server), 74, server.output)
    XCTAssertEqual(Self.errors(of: server), line + "\n", "as zlc build words it")
    XCTAssertFalse(server.output.contains("built "), server.output)
  }

  /// A `--platform` the project does not target stops the server with `zlc build`'s status and
  /// words, before it listens: before, it served 503 on every path for as long as it ran.
  func testAPlatformTheProjectDoesNotTargetStopsTheServer() throws {
    let built = try zlc(["build", "manifests", "--platform", "andriod", "-o", temporary().path])
    XCTAssertEqual(built.status, 64, built.err)
    XCTAssertTrue(built.err.contains("[ZL0114]"), built.err)
    let server = try ServeProcess(arguments: ["serve", "manifests", "--port", "0", "--platform", "andriod"])
    XCTAssertEqual(try Self.ended(server), 64, server.output)
    XCTAssertEqual(Self.errors(of: server), built.err, "as zlc build words it")
    XCTAssertFalse(server.output.contains("serving"), server.output)
    XCTAssertFalse(server.output.contains("build failed"), server.output)
  }

  /// The stop is the start's alone: a project broken at start, then an edit that takes the
  /// platform out of `zlc.json`, is one more failed build, reported as every other; a `zlc.json`
  /// that cannot be read at start names no platform yet, and the server waits for it.
  func testAPlatformTakenOutLaterIsAFailedBuild() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app", "--template", "multi-platform"], cwd: dir).status, 0)
    let project = dir.appendingPathComponent("app")
    let settings = project.appendingPathComponent("zlc.json")
    let text = try String(contentsOf: settings, encoding: .utf8)
    try "[".write(to: project.appendingPathComponent("screens/broken.json"), atomically: true, encoding: .utf8)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--platform", "ios"])
    defer { server.stop() }
    let port = try server.port()
    let failed = "build failed: nothing to serve yet"
    XCTAssertEqual(server.output.components(separatedBy: failed).count, 2, server.output)
    try text.replacingOccurrences(of: #""ios": { "min_zapp_sdk": "20.0.0" },"#, with: "").write(
      to: settings, atomically: true, encoding: .utf8)
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, server.output.components(separatedBy: failed).count < 3 { Thread.sleep(forTimeInterval: 0.1) }
    XCTAssertEqual(server.output.components(separatedBy: failed).count, 3, server.output)
    XCTAssertTrue(server.errorOutput.contains("[ZL0114]"), server.errorOutput)
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json").status, 503)
    XCTAssertEqual(try server.terminate().status, 0)

    // `zlc.json` unread at start: the server serves 503, and builds once it reads.
    try FileManager.default.removeItem(at: project.appendingPathComponent("screens/broken.json"))
    try text.replacingOccurrences(of: #""app""#, with: #""app" "x""#).write(to: settings, atomically: true, encoding: .utf8)
    let waiting = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--platform", "ios"])
    defer { waiting.stop() }
    let waitingPort = try waiting.port()
    XCTAssertFalse(waiting.errorOutput.contains("[ZL0114]"), waiting.errorOutput)
    XCTAssertEqual(try HTTP.get(port: waitingPort, path: "/rivers.json").status, 503)
    try text.write(to: settings, atomically: true, encoding: .utf8)
    let built = Date().addingTimeInterval(20)
    while Date() < built, !waiting.output.contains("built ") { Thread.sleep(forTimeInterval: 0.1) }
    XCTAssertEqual(try HTTP.get(port: waitingPort, path: "/rivers.json").status, 200, waiting.output)
    XCTAssertEqual(try waiting.terminate().status, 0)
  }

  /// An output folder zlc refuses (inside the project's inputs) is named as `zlc build` names it,
  /// with its path first.
  func testARefusedOutputFolderIsNamedAsBuildNamesIt() throws {
    let output = "manifests/screens/out"
    let built = try zlc(["build", "manifests", "-o", output])
    XCTAssertEqual(built.status, 64, built.err)
    let line = try XCTUnwrap(built.err.split(separator: "\n").first { $0.contains("[ZL0111]") }, built.err)
    XCTAssertTrue(line.hasPrefix("\(output): error: "), built.err)
    let server = try ServeProcess(arguments: ["serve", "manifests", "--port", "0", "-o", output])
    XCTAssertEqual(try Self.ended(server), 64, server.output)
    XCTAssertEqual(Self.errors(of: server), line + "\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: output))
  }

  /// A folder beside the output that zlc keeps (ZL0126) is named once, when the server starts, not
  /// at each rebuild.
  func testAKeptFolderBesideTheOutputIsNamedOnce() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let leftover = dir.appendingPathComponent(".out.zlc-new-0badcafe")
    try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
    try Data("important".utf8).write(to: leftover.appendingPathComponent("notes.txt"))
    let out = dir.appendingPathComponent("out")
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "-o", out.path])
    defer { server.stop() }
    _ = try server.port()
    let marker = out.appendingPathComponent(".zlc-output").path
    XCTAssertTrue(ServeWatchTests.eventually { FileManager.default.fileExists(atPath: marker) }, server.output)
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    let before = try FileManager.default.attributesOfItem(atPath: marker)[.modificationDate] as? Date
    try text.replacingOccurrences(of: #""name": "Home""#, with: #""name": "Start""#).write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(
      ServeWatchTests.eventually { (try? FileManager.default.attributesOfItem(atPath: marker)[.modificationDate] as? Date) != before },
      server.output)
    let warned = server.errorOutput.split(separator: "\n").filter { $0.contains("[ZL0126]") }
    XCTAssertEqual(warned.count, 1, server.output)
    XCTAssertTrue(warned.first?.contains("'\(leftover.path)' beside the output '\(out.path)'") ?? false, server.output)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: leftover.path), ["notes.txt"])
  }

  /// With `--warnings-as-errors`, a folder beside the output that zlc keeps is an error, and the
  /// server does not start: nothing is written, as by `zlc build`.
  func testAKeptFolderBesideTheOutputStopsTheServerUnderWarningsAsErrors() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let leftover = dir.appendingPathComponent(".out.zlc-new-0badcafe")
    try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
    try Data("important".utf8).write(to: leftover.appendingPathComponent("notes.txt"))
    let out = dir.appendingPathComponent("out")
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "-o", out.path, "--warnings-as-errors"])
    XCTAssertEqual(try Self.ended(server), 1, server.output)
    XCTAssertTrue(Self.errors(of: server).hasPrefix("\(leftover.path): error: '\(leftover.path)' beside the output"), server.output)
    XCTAssertTrue(Self.errors(of: server).contains("[ZL0126]"), server.output)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: leftover.path), ["notes.txt"])
  }

  /// An output folder a rebuild cannot replace (a file of the user's appeared in it) is named as
  /// `zlc build` names it, its path first, and the server serves on.
  func testARebuildsRefusedOutputFolderIsNamedAsBuildNamesIt() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let out = dir.appendingPathComponent("out")
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "-o", out.path])
    defer { server.stop() }
    _ = try server.port()
    let marker = out.appendingPathComponent(".zlc-output").path
    XCTAssertTrue(ServeWatchTests.eventually { FileManager.default.fileExists(atPath: marker) }, server.output)
    try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    try text.replacingOccurrences(of: #""name": "Home""#, with: #""name": "Start""#).write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(ServeWatchTests.eventually { server.errorOutput.contains("[ZL0111]") }, server.output)
    let line = server.errorOutput.split(separator: "\n").first { $0.contains("[ZL0111]") } ?? ""
    let refusal = "\(out.path): error: output '\(out.path)' holds files zlc did not write ('notes.txt')"
    XCTAssertTrue(line.hasPrefix(refusal), server.errorOutput)
    XCTAssertTrue(server.process.isRunning, "it serves on")
    XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
  }

  /// A host that does not resolve is reported in plain words before the project is built (it was
  /// reported after, as a Swift error value).
  func testAHostThatDoesNotResolveIsReportedBeforeBuilding() throws {
    let r = try zlc(["serve", "manifests", "--host", "bogus.invalid", "--port", "0"])
    XCTAssertEqual(r.status, 74, r.out + r.err)
    XCTAssertTrue(r.err.hasPrefix("error: cannot serve on bogus.invalid:0: no such host;"), r.err)
    XCTAssertFalse(r.err.contains("Error"), r.err)
    XCTAssertFalse(r.out.contains("built "), r.out)
  }

  /// The feeds folder as the output (here through a link) is refused at start: the bundle written
  /// there was read back as feeds by the next build, which failed on `bundle.json` and `rivers.json`.
  func testTheFeedsFolderAsTheOutputIsRefused() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let feeds = dir.appendingPathComponent("feeds")
    try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("link"), withDestinationURL: feeds)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "-o", feeds.path, "--feeds", dir.path + "/link"])
    XCTAssertEqual(try Self.ended(server), 64, server.output)
    XCTAssertEqual(
      Self.errors(of: server),
      "\(feeds.path): error: output '\(feeds.path)' is the feeds folder; zlc would read its own bundle back as feeds (use -o build) [ZL0111]\n"
    )
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: feeds.path), [])
    XCTAssertFalse(server.output.contains("built "), server.output)
  }

  /// The temporary bundle folder is readable by its owner only, whatever the umask (it was 0755
  /// under umask 022: every local user could read the project's output).
  func testTheTemporaryBundleFolderIsTheOwnersOnly() throws {
    let (server, port, _) = try serveDemoCopy()
    XCTAssertEqual(try HTTP.get(port: port, path: "/bundle.json").status, 200)
    let line = try XCTUnwrap(server.output.split(separator: "\n").first { $0.hasPrefix("bundle folder: ") })
    let folder = (String(line.dropFirst("bundle folder: ".count)) as NSString).deletingLastPathComponent
    XCTAssertTrue((folder as NSString).lastPathComponent.hasPrefix("zlc-serve-"), folder)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700, folder)
    XCTAssertEqual(try server.terminate().status, 0)
  }
  /// An app of several platforms: served whole, the log says which platform's bundle the preview
  /// draws, and so do its pages; with `--platform`, that platform's bundle alone is served at the
  /// top and previewed; a mistyped platform is an error with its fix, and the server stops.
  func testThePreviewSaysWhichPlatformItDrawsAndPlatformPicksOne() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app", "--template", "multi-platform"], cwd: dir).status, 0)
    let project = dir.appendingPathComponent("app").path
    let whole = try ServeProcess(arguments: ["serve", project, "--port", "0"])
    defer { whole.stop() }
    let port = try whole.port()
    XCTAssertTrue(
      try HTTP.get(port: port, path: "/preview/").body.contains(
        #"<span class="platform" title="The bundle these pages draw">ios bundle</span>"#))
    XCTAssertEqual(try HTTP.get(port: port, path: "/platforms.json").status, 200)
    XCTAssertTrue(
      whole.output.contains(
        "note: the preview draws the ios bundle, the first of the app's 2 platforms (ios, android_for_quickbrick); --platform ID serves and previews another alone\n"
      ), whole.output)
    XCTAssertEqual(try whole.terminate().status, 0)

    let one = try ServeProcess(arguments: ["serve", project, "--port", "0", "--platform", "android_for_quickbrick"])
    defer { one.stop() }
    let onePort = try one.port()
    XCTAssertEqual(try HTTP.get(port: onePort, path: "/rivers.json").status, 200)
    XCTAssertEqual(try HTTP.get(port: onePort, path: "/platforms.json").status, 404)
    XCTAssertTrue(try HTTP.get(port: onePort, path: "/bundle.json").body.contains(#""platform":"android_for_quickbrick""#))
    XCTAssertTrue(try HTTP.get(port: onePort, path: "/preview/").body.contains(">android_for_quickbrick bundle</span>"))
    XCTAssertFalse(one.output.contains("note: the preview draws"), one.output)
    XCTAssertEqual(try one.terminate().status, 0)

    let mistyped = try ServeProcess(arguments: ["serve", project, "--port", "0", "--platform", "andriod"])
    XCTAssertEqual(try Self.ended(mistyped), 64, mistyped.output)
    XCTAssertTrue(
      Self.errors(of: mistyped).contains(
        "error: --platform 'andriod' is not a platform of the project; expected one of ios, android_for_quickbrick [ZL0114]"),
      mistyped.errorOutput)
  }
}
