import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `zlc preview` measured in headless Chromium, and `zlc serve` over loopback.
final class PreviewAndServeTests: XCTestCase {
  var onCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

  /// Every page of the demo drawn in Chromium: every section on every device at the bundle's
  /// sizes with the bundle's item counts, no console error (scripts/preview_check.py).
  /// Screenshots of home and show are left in .build/preview-artefacts.
  func testEveryDemoPageIsDrawnAtTheBundleSizesInChromium() throws {
    let artefacts = repositoryRoot.appendingPathComponent(".build/preview-artefacts")
    try? FileManager.default.removeItem(at: artefacts)
    let result = try run(
      [
        "python3",
        repositoryRoot.appendingPathComponent("scripts/preview_check.py").path,
        "--zlc", repositoryRoot.appendingPathComponent(".build/debug/zlc").path,
        "--project", repositoryRoot.appendingPathComponent("manifests").path,
        "--feeds", repositoryRoot.appendingPathComponent("manifests/feeds").path,
        "--artefacts", artefacts.path,
      ])
    if result.status == 2 {
      // Chromium or websocket-client is missing: scripts/install-test-deps.sh installs both.
      if onCI { XCTFail("the preview test needs Chromium and websocket-client on CI: \(result.err)") }
      throw XCTSkip(result.err)
    }
    XCTAssertEqual(result.status, 0, result.out + result.err)
    XCTAssertTrue(result.out.contains("10 screens, 10 pages"), result.out)
    XCTAssertTrue(result.out.contains("3 pages filled from feeds"), result.out)
    XCTAssertTrue(result.out.contains("the served page reloaded after a save"), result.out)
    for shot in ["home.png", "show.png", "show-with-feed.png"] {
      let size = (try? FileManager.default.attributesOfItem(atPath: artefacts.appendingPathComponent(shot).path)[.size] as? Int) ?? 0
      XCTAssertGreaterThan(size, 10_000, "\(shot) is a real screenshot")
    }
  }

  /// The multi-platform starter, its grid limited to 5 items padded to whole rows, drawn in
  /// Chromium: measured against the first platform's bundle (the one the preview draws), and
  /// the placeholders that pad the last row drawn apart from the items the client shows.
  func testAMultiPlatformStarterWithPaddedRowsIsDrawnAtTheBundleSizesInChromium() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app", "--template", "multi-platform"], cwd: dir).status, 0)
    let home = dir.appendingPathComponent("app/screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    let padded = text.replacingOccurrences(
      of: #""styles": { "cell_styles": ["GRID_POSTER"] }"#,
      with: #""styles": { "cell_styles": ["GRID_POSTER"] }, "rules": { "item_limit": 5, "pad_rows": true }"#)
    XCTAssertNotEqual(padded, text)
    try padded.write(to: home, atomically: true, encoding: .utf8)
    let result = try run(
      [
        "python3", repositoryRoot.appendingPathComponent("scripts/preview_check.py").path,
        "--zlc", repositoryRoot.appendingPathComponent(".build/debug/zlc").path,
        "--project", dir.appendingPathComponent("app").path, "--artefacts", dir.appendingPathComponent("artefacts").path,
      ])
    if result.status == 2 {
      if onCI { XCTFail("the preview test needs Chromium and websocket-client on CI: \(result.err)") }
      throw XCTSkip(result.err)
    }
    XCTAssertEqual(result.status, 0, result.out + result.err)
    XCTAssertTrue(result.out.contains("2 screens, 2 pages"), result.out)
  }

  /// Serve on a free loopback port: 200 then 304 with the ETag; a broken screen keeps the last
  /// good bundle served and shows the error on the preview; the fix serves the new bundle and
  /// pushes a reload; nothing outside the bundle and the preview is served; SIGTERM stops it
  /// within a second.
  func testServeKeepsTheLastGoodBundleAndReloadsOnChange() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--output", dir.appendingPathComponent("out").path])
    defer { server.stop() }
    let port = try server.port()
    XCTAssertTrue(server.output.contains("http://127.0.0.1:\(port)/"), "it binds loopback by default: \(server.output)")

    let first = try HTTP.get(port: port, path: "/rivers.json")
    XCTAssertEqual(first.status, 200)
    let etag = try XCTUnwrap(first.headers["etag"])
    XCTAssertTrue(first.body.hasPrefix("["), "rivers.json is the bundle's")
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json", headers: ["If-None-Match": etag]).status, 304)
    XCTAssertEqual(try HTTP.get(port: port, path: "/screens/home.json").status, 200)
    let bundle = try HTTP.get(port: port, path: "/bundle.json")
    XCTAssertEqual(bundle.status, 200)
    XCTAssertTrue(bundle.body.contains("\"format_version\""))
    for path in ["/", "/preview"] {
      let redirect = try HTTP.get(port: port, path: path)
      XCTAssertEqual(redirect.status, 302, path)
      XCTAssertEqual(redirect.headers["location"], "preview/", path)
    }
    XCTAssertTrue(try HTTP.get(port: port, path: "/preview/screens.js").body.hasPrefix("window.zlcScreens = "))
    let index = try HTTP.get(port: port, path: "/preview/")
    XCTAssertEqual(index.status, 200)
    XCTAssertTrue(index.body.contains("new EventSource('../_zlc/events')"), "served pages reload themselves")
    XCTAssertFalse(index.body.contains("class=\"problems\""))

    let events = try EventStream(port: port)
    let home = project.appendingPathComponent("screens/home.json")
    let original = try String(contentsOf: home, encoding: .utf8)
    try original.replacingOccurrences(of: "\"component_type\": \"grid\"", with: "\"component_type\": \"gird\"")
      .write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(try events.waitFor("\"ok\":false", seconds: 20), "a reload after the failed build: \(events.received)")
    let stale = try HTTP.get(port: port, path: "/rivers.json")
    XCTAssertEqual(stale.status, 200)
    XCTAssertEqual(stale.headers["etag"], etag, "the last good bundle is still served")
    let broken = try HTTP.get(port: port, path: "/preview/home.html")
    XCTAssertTrue(broken.body.contains("class=\"problems\""), "the preview shows the errors")
    XCTAssertTrue(broken.body.contains("unknown component type &#39;gird&#39; [ZL0303]"), broken.body.prefix(3000).description)

    try original.replacingOccurrences(
      of: "\"rules\": { \"item_limit\": \"6\", \"fill_rows\": true }", with: "\"rules\": { \"item_limit\": \"4\", \"fill_rows\": true }"
    )
    .write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 20), "a reload after the fix: \(events.received)")
    let fixed = try HTTP.get(port: port, path: "/rivers.json", headers: ["If-None-Match": etag])
    XCTAssertEqual(fixed.status, 200, "the new bundle does not match the old ETag")
    XCTAssertNotEqual(fixed.headers["etag"], etag)
    // The bundle zlc build writes: compact, so the section's limit is derived from the rule written.
    XCTAssertTrue(fixed.body.contains(#""rules":{"item_limit":"4","fill_rows":true}"#), "the bundle zlc build writes: compact")
    XCTAssertFalse(try HTTP.get(port: port, path: "/preview/home.html").body.contains("class=\"problems\""))
    events.close()

    // Nothing outside the bundle and the preview, however the path is spelt.
    for path in [
      "/../zlc.json", "/%2e%2e/zlc.json", "/%2E%2E/zlc.json", "/..%2fzlc.json", "/%2e%2e%2fzlc.json", "/screens/../../zlc.json",
      "/screens/..%2f..%2fzlc.json", "/preview/../../zlc.json", "/preview/%2e%2e/%2e%2e/zlc.json", "/zlc.json", "/screens/home.json/..",
      "/%252e%252e/zlc.json", "/screens/%2e%2e%5czlc.json", "/preview/..%5c..%5czlc.json", "/./rivers.json", "/screens/", "/%00",
      "/%", "/preview/../screens/home.json", "/manifests/zlc.json",
    ] {
      let reply = try HTTP.get(port: port, path: path)
      XCTAssertEqual(reply.status, 404, path)
      XCTAssertFalse(reply.body.contains("data_types"), "\(path) served the project's zlc.json")
    }

    // An open preview page (its event stream) does not hold the server up.
    let listening = try EventStream(port: port)
    defer { listening.close() }
    let stopped = try server.terminate()
    XCTAssertEqual(stopped.status, 0)
    XCTAssertLessThan(stopped.seconds, 1.0, "stops within a second of SIGTERM")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path + "/../zlc.json"))
  }

  /// Without --output the bundle goes to a temporary folder that is gone after SIGINT.
  func testServeCleansItsTemporaryBundleOnSIGINT() throws {
    // SIGHUP too: the terminal it ran in was closed (it left the folder behind).
    for signal in [SIGINT, SIGHUP] {
      let (server, port, _) = try serveDemoCopy()
      XCTAssertEqual(try HTTP.get(port: port, path: "/bundle.json").status, 200)
      let folder = try XCTUnwrap(server.output.split(separator: "\n").first { $0.hasPrefix("bundle folder: ") }?.dropFirst(15))
      XCTAssertTrue(FileManager.default.fileExists(atPath: String(folder) + "/bundle.json"))
      let stopped = try server.terminate(signal: signal)
      XCTAssertEqual(stopped.status, 0, "signal \(signal)")
      XCTAssertLessThan(stopped.seconds, 1.0)
      XCTAssertFalse(FileManager.default.fileExists(atPath: String(folder)), "the temporary bundle is removed on signal \(signal)")
    }
  }

  /// Started with SIGHUP ignored (`nohup zlc serve`), the server keeps ignoring it: a closed
  /// terminal does not stop it.
  func testServeStartedUnderNohupIgnoresSIGHUP() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(
      arguments: [try zlcBinary().path, "serve", project.path, "--port", "0"], executable: URL(fileURLWithPath: "/usr/bin/nohup"))
    defer { server.stop() }
    let port = try server.port()
    kill(server.process.processIdentifier, SIGHUP)
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertTrue(server.process.isRunning, server.output)
    XCTAssertEqual(try HTTP.get(port: port, path: "/bundle.json").status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// Started with SIGINT ignored (a script's background job), the server keeps ignoring it, as it
  /// ignores SIGHUP under nohup; SIGTERM still stops it.
  func testServeStartedWithSIGINTIgnoredKeepsIgnoringIt() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(
      arguments: ["-c", #"trap '' INT; exec "$0" "$@""#, try zlcBinary().path, "serve", project.path, "--port", "0"],
      executable: URL(fileURLWithPath: "/bin/sh"))
    defer { server.stop() }
    let port = try server.port()
    kill(server.process.processIdentifier, SIGINT)
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertTrue(server.process.isRunning, server.output)
    XCTAssertEqual(try HTTP.get(port: port, path: "/bundle.json").status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A project broken from the start: the bundle answers 503 and the preview shows why, until the
  /// first good build.
  func testServeStartsOnABrokenProject() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let broken = project.appendingPathComponent("screens/broken.json")
    try "[".write(to: broken, atomically: true, encoding: .utf8)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0"])
    defer { server.stop() }
    let port = try server.port()
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json").status, 503)
    let page = try HTTP.get(port: port, path: "/preview/index.html").body
    XCTAssertTrue(page.contains("nothing has built yet"), page)
    XCTAssertTrue(page.contains("broken.json:1:2: error: expected a value, found the end of the file [ZL0101]"), page)
    // Named as the project names the app, its errors above the page's first heading, the <h1>.
    XCTAssertTrue(page.contains("<title>Riverflix — preview</title>"), page)
    XCTAssertTrue(page.contains("<h1>Riverflix</h1>"), page)
    let firstHeading = try XCTUnwrap(page.range(of: "<h[1-6][ >]", options: .regularExpression))
    XCTAssertEqual(page[firstHeading.lowerBound...].prefix(4), "<h1>", page)
    XCTAssertTrue(server.output.contains("build failed"), server.output)
    let events = try EventStream(port: port)
    defer { events.close() }
    try FileManager.default.removeItem(at: broken)
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 20), events.received)
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json").status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  func testServeRefusesAProjectThatIsNotThere() throws {
    let r = try zlc(["serve", "/nonexistent/project", "--port", "0"])
    XCTAssertEqual(r.status, 74)
    XCTAssertEqual(r.err, "/nonexistent/project: error: no such folder '/nonexistent/project' [ZL0100]\n", "worded as a build words it")
    XCTAssertEqual(r.out, "", "errors go to standard error")
    let file = try zlc(["serve", "manifests/zlc.json", "--port", "0"])
    XCTAssertEqual(file.status, 74)
    XCTAssertEqual(file.err, "manifests/zlc.json: error: 'manifests/zlc.json' is a file; zlc reads a project folder [ZL0100]\n")
    // A device is not called a file.
    let device = try zlc(["check", "/dev/null"])
    XCTAssertEqual(device.status, 74)
    XCTAssertEqual(
      device.err, "/dev/null: error: '/dev/null' is not a folder; zlc reads a project folder [ZL0100]\n1 error, 0 warnings\n")
    let bad = try zlc(["serve", "manifests", "--port", "70000"])
    XCTAssertEqual(bad.status, 64)
    let inside = try zlc(["serve", "manifests", "--port", "0", "--output", "manifests/screens"])
    XCTAssertEqual(inside.status, 64, "the bundle never goes into the project")
    XCTAssertTrue(inside.err.contains("[ZL0111]"), inside.err)
  }
}

/// A `zlc serve` process, its output collected as it comes.
final class ServeProcess: @unchecked Sendable {
  let process = Process()
  private let lock = NSLock()
  private var collected = Data()
  private var collectedErrors = Data()

  /// Runs `zlc` with `arguments`, or `executable` (a shell that runs zlc) when given, in `folder`
  /// (else the test's working folder).
  init(arguments: [String], executable: URL? = nil, in folder: URL? = nil) throws {
    process.executableURL = try executable ?? zlcBinary()
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    for (pipe, isError) in [(out, false), (err, true)] {
      pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
        let data = handle.availableData
        guard let self else { return }
        self.lock.withLock {
          self.collected.append(data)
          if isError { self.collectedErrors.append(data) }
        }
      }
    }
    try process.run()
  }

  /// Standard output and standard error together, as they came.
  var output: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }
  /// Standard error alone.
  var errorOutput: String { lock.withLock { String(decoding: collectedErrors, as: UTF8.self) } }

  /// The port it printed, waiting up to 60 s for the first build.
  func port() throws -> Int {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let range = output.range(of: #" on http://[^ /]+:\d+/"#, options: .regularExpression) {
        let text = output[range].dropLast().reversed().prefix { $0.isNumber }.reversed()
        if let port = Int(String(text)) { return port }
      }
      guard process.isRunning else { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("zlc serve printed no address: \(output)")
    throw POSIXError(.ETIMEDOUT)
  }

  /// Sends a signal and waits for the process to end: its status and how long it took.
  func terminate(signal: Int32 = SIGTERM) throws -> (status: Int32, seconds: Double) {
    let start = Date()
    kill(process.processIdentifier, signal)
    while process.isRunning, Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.005) }
    let seconds = Date().timeIntervalSince(start)
    guard !process.isRunning else {
      XCTFail("zlc serve did not stop within 10 s")
      throw POSIXError(.ETIMEDOUT)
    }
    return (process.terminationStatus, seconds)
  }

  /// Stops the server if it still runs: SIGTERM, so that it removes its temporary bundle folder
  /// (a SIGKILL left one in the temporary folder per test), then SIGKILL after 5 s.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    let start = Date()
    while process.isRunning, Date().timeIntervalSince(start) < 5 { Thread.sleep(forTimeInterval: 0.005) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}

/// A plain HTTP/1.1 client over a socket: the path goes on the wire exactly as given, which no
/// URL library promises (they resolve `..`).
enum HTTP {
  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: String
    /// The body's bytes as they came (gzipped when the server gzipped them).
    var data = Data()
  }

  /// A connection to `port` on loopback; with `receiveBuffer`, that small a receive window (set
  /// before connecting, as the window is agreed then).
  static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EIO) }
    if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
      close(fd)
      throw POSIXError(.ECONNREFUSED)
    }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
  }

  static func send(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n <= 0 { return }
      sent += n
    }
  }

  /// A GET of `path` naming `host` (`127.0.0.1:<port>` unless given) in its `Host` header.
  static func get(port: Int, path: String, host: String? = nil, headers: [String: String] = [:]) throws -> Reply {
    let fd = try connect(port: port)
    defer { close(fd) }
    var request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    send(fd, request + "\r\n")
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n <= 0 { break }
      data.append(contentsOf: buffer[0..<n])
    }
    guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
    let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let body = Data(data[split.upperBound...])
    return Reply(status: status, headers: fields, body: String(decoding: body, as: UTF8.self), data: body)
  }
}

#if canImport(Glibc)
  private let systemConnect = Glibc.connect
#else
  private let systemConnect = Darwin.connect
#endif

/// `/_zlc/events` read as it streams.
final class EventStream {
  let fd: Int32
  var received = ""

  /// Opens the stream; `headers` are extra request header lines, each ending in CRLF.
  init(port: Int, headers: String = "") throws {
    fd = try HTTP.connect(port: port)
    var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    HTTP.send(fd, "GET /_zlc/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(headers)\r\n")
    guard try waitFor(": zlc serve", seconds: 10) else { throw POSIXError(.EBADMSG) }
  }

  /// Reads until `text` has arrived after what was already seen; false after `seconds`.
  func waitFor(_ text: String, seconds: Double) throws -> Bool {
    let start = received.utf8.count
    func arrived() -> Bool { String(decoding: received.utf8.dropFirst(start), as: UTF8.self).contains(text) }
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline {
      if arrived() { return true }
      let n = read(fd, &buffer, buffer.count)
      if n > 0 {
        received += String(decoding: buffer[0..<n], as: UTF8.self)
      } else if n == 0 {
        break
      }
    }
    return arrived()
  }

  func close() { _ = systemClose(fd) }
}

#if canImport(Glibc)
  private let systemClose = Glibc.close
#else
  private let systemClose = Darwin.close
#endif
