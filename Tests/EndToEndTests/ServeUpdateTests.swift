import Foundation
import XCTest
import ZappLayout

/// `zlc serve` as a client updates from it: `bundle.json` names every screen's file and SHA-256,
/// so after a rebuild a client fetches only the screens whose hash changed, and a conditional GET
/// of the others answers 304. Every response is gzipped when `Accept-Encoding` prefers gzip, with
/// an ETag of its own; the event stream never is.
final class ServeUpdateTests: XCTestCase {
  struct Entry: Equatable {
    var id: String
    var file: String
    var sha256: String
  }

  /// The screens `bundle.json` lists: id, file and hash.
  static func entries(_ reply: HTTP.Reply) throws -> [Entry] {
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: reply.data) as? [String: Any])
    let screens = try XCTUnwrap(object["screens"] as? [[String: Any]])
    return try screens.map { screen in
      Entry(
        id: try XCTUnwrap(screen["id"] as? String), file: try XCTUnwrap(screen["file"] as? String),
        sha256: try XCTUnwrap(screen["sha256"] as? String))
    }
  }

  /// The SHA-256 of `data` in hex, by the system's sha256sum.
  static func sha256(_ data: Data) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(data)
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix { $0 != " " })
  }

  /// `data` gunzipped by the system's gzip.
  static func gunzip(_ data: Data) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Written from another thread: gzip's output pipe could fill before its input is all taken.
    let writer = Thread {
      input.fileHandleForWriting.write(data)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "gzip -d reads the body")
    return out
  }

  func testAClientFetchesOnlyTheScreenWhoseHashChanged() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let server = try ServeProcess(arguments: ["serve", project.path, "--port", "0", "--output", dir.appendingPathComponent("out").path])
    defer { server.stop() }
    let port = try server.port()

    // Step 1: bundle.json, then every screen file with If-Match on its sha256; the client's copy
    // keeps each file with the ETag it came with.
    let index = try HTTP.get(port: port, path: "/bundle.json")
    let indexETag = try XCTUnwrap(index.headers["etag"])
    let before = try Self.entries(index)
    XCTAssertGreaterThan(before.count, 3)
    var copies: [String: (etag: String, data: Data)] = [:]
    for entry in before {
      let reply = try HTTP.get(port: port, path: "/" + entry.file, headers: ["If-Match": "\"\(entry.sha256)\""])
      XCTAssertEqual(reply.status, 200, entry.file)
      XCTAssertEqual(try Self.sha256(reply.data), entry.sha256, "bundle.json's hash is the file's: \(entry.file)")
      copies[entry.id] = (try XCTUnwrap(reply.headers["etag"]), reply.data)
    }

    let events = try EventStream(port: port)
    defer { events.close() }
    let home = project.appendingPathComponent("screens/home.json")
    let original = try String(contentsOf: home, encoding: .utf8)
    let edited = original.replacingOccurrences(
      of: "\"rules\": { \"item_limit\": \"6\", \"fill_rows\": true }", with: "\"rules\": { \"item_limit\": \"4\", \"fill_rows\": true }")
    XCTAssertNotEqual(edited, original)
    try edited.write(to: home, atomically: true, encoding: .utf8)
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 20), "a reload after the rebuild: \(events.received)")

    // Step 2: bundle.json again, with If-None-Match on the ETag it came with; compare the hashes.
    let reread = try HTTP.get(port: port, path: "/bundle.json", headers: ["If-None-Match": indexETag])
    XCTAssertEqual(reread.status, 200, "the index changed")
    let after = try Self.entries(reread)
    XCTAssertEqual(after.map(\.id), before.map(\.id))
    let old = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0.sha256) })
    let changed = after.filter { old[$0.id] != $0.sha256 }
    XCTAssertEqual(changed.map(\.id), ["home"], "exactly the edited screen's hash changed")
    // Step 3: only the changed screens, each with If-Match on its new sha256 only; no build came in
    // since, so no 412.
    for entry in changed {
      let copy = try XCTUnwrap(copies[entry.id])
      let reply = try HTTP.get(port: port, path: "/" + entry.file, headers: ["If-Match": "\"\(entry.sha256)\""])
      XCTAssertEqual(reply.status, 200, entry.file)
      XCTAssertNotEqual(reply.data, copy.data)
      XCTAssertEqual(try Self.sha256(reply.data), entry.sha256, "the new bytes are those bundle.json names")
      XCTAssertEqual(reply.headers["etag"], "\"\(entry.sha256)\"")
      // The compact section derives its limit from the component's rule, as the runtime reads it.
      XCTAssertTrue(reply.body.contains(#""rules":{"item_limit":"4","fill_rows":true}"#), reply.body.prefix(500).description)
      // Its sections name layouts of the bundle.json just read.
      let layouts = try BundleIndex(json: try JSON.parse(Array(reread.data))).layoutTable
      let screen = try ResolvedScreen(json: try JSON.parse(Array(reply.data)), layouts: layouts)
      XCTAssertTrue(screen.resolved.sections.contains { $0.itemLimit == 4 }, "the edited limit, read back")
    }
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// A client that read `bundle.json` before a rebuild and fetches a screen after it names the hash
  /// it expects in `If-Match`: a file the rebuild changed answers 412, not another build's bytes.
  func testIfMatchRefusesAScreenChangedSinceBundleJSONWasRead() throws {
    let (server, port, project) = try serveDemoCopy()
    let before = try Self.entries(try HTTP.get(port: port, path: "/bundle.json"))
    let home = try XCTUnwrap(before.first { $0.id == "home" })
    let other = try XCTUnwrap(before.first { $0.id != "home" })
    for match in ["\"\(home.sha256)\"", "\"\(home.sha256)-gzip\"", "\"x\", \"\(home.sha256)\"", "*"] {
      let reply = try HTTP.get(port: port, path: "/" + home.file, headers: ["If-Match": match, "Accept-Encoding": "gzip"])
      XCTAssertEqual(reply.status, 200, match)
    }
    XCTAssertEqual(try HTTP.get(port: port, path: "/" + home.file, headers: ["If-Match": "W/\"\(home.sha256)\""]).status, 412)

    try renameHomeAndWaitForTheBuild(project, port: port)
    let after = try Self.entries(try HTTP.get(port: port, path: "/bundle.json"))
    let newHome = try XCTUnwrap(after.first { $0.id == "home" })
    XCTAssertNotEqual(newHome.sha256, home.sha256)

    let stale = try HTTP.get(port: port, path: "/" + home.file, headers: ["If-Match": "\"\(home.sha256)\""])
    XCTAssertEqual(stale.status, 412, stale.body)
    XCTAssertEqual(stale.headers["cache-control"], "no-store")
    XCTAssertEqual(stale.headers["etag"], "\"\(newHome.sha256)\"", "the ETag of the file served now")
    XCTAssertTrue(stale.body.contains("bundle.json"), stale.body)
    let current = try HTTP.get(port: port, path: "/" + home.file, headers: ["If-Match": "\"\(newHome.sha256)\""])
    XCTAssertEqual(current.status, 200)
    XCTAssertEqual(try Self.sha256(current.data), newHome.sha256)
    XCTAssertEqual(try HTTP.get(port: port, path: "/" + other.file, headers: ["If-Match": "\"\(other.sha256)\""]).status, 200)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// `rivers.json`'s ETag is computed from `bundle.json` as the docs say (the SHA-256 of the
  /// screens' hashes, in order, one a line): a client fetches the `rivers.json` of the
  /// `bundle.json` it read with `If-Match`, and a build in between answers 412.
  func testRiversJSONIsFetchedWithTheBundleJSONItMatches() throws {
    let (server, port, project) = try serveDemoCopy()
    let hashes = try Self.entries(try HTTP.get(port: port, path: "/bundle.json")).map(\.sha256)
    let expected = "\"" + (try Self.sha256(Data(hashes.joined(separator: "\n").utf8))) + "\""
    let rivers = try HTTP.get(port: port, path: "/rivers.json", headers: ["If-Match": expected])
    XCTAssertEqual(rivers.status, 200, rivers.body)
    XCTAssertEqual(rivers.headers["etag"], expected)

    try renameHomeAndWaitForTheBuild(project, port: port)
    XCTAssertEqual(try HTTP.get(port: port, path: "/rivers.json", headers: ["If-Match": expected]).status, 412)
    XCTAssertEqual(try server.terminate().status, 0)
  }

  /// Renames the demo's home screen (`Home again`) and waits for the build that follows.
  func renameHomeAndWaitForTheBuild(_ project: URL, port: Int) throws {
    let events = try EventStream(port: port)
    defer { events.close() }
    let file = project.appendingPathComponent("screens/home.json")
    let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"Home\"", with: "\"Home again\"")
    try edited.write(to: file, atomically: true, encoding: .utf8)
    XCTAssertTrue(try events.waitFor("\"ok\":true", seconds: 20), events.received)
  }

  func testResponsesAreGzippedWhenTheRequestPrefersGzip() throws {
    let (server, port, _) = try serveDemoCopy()

    for path in ["/rivers.json", "/bundle.json", "/screens/home.json"] {
      let plain = try HTTP.get(port: port, path: path)
      XCTAssertEqual(plain.status, 200, path)
      XCTAssertNil(plain.headers["content-encoding"], "no Accept-Encoding, no gzip: \(path)")
      XCTAssertEqual(plain.headers["vary"], "Accept-Encoding", path)
      let etag = try XCTUnwrap(plain.headers["etag"])
      XCTAssertGreaterThan(plain.data.count, 1024, "\(path) is large enough to gzip")

      let zipped = try HTTP.get(port: port, path: path, headers: ["Accept-Encoding": "gzip, deflate, br"])
      XCTAssertEqual(zipped.status, 200, path)
      XCTAssertEqual(zipped.headers["content-encoding"], "gzip", path)
      XCTAssertEqual(zipped.headers["vary"], "Accept-Encoding", path)
      XCTAssertEqual(zipped.headers["content-length"], String(zipped.data.count), path)
      XCTAssertLessThan(zipped.data.count, plain.data.count, path)
      XCTAssertEqual(try Self.gunzip(zipped.data), plain.data, "\(path) decompresses to the identity bytes")
      let gzipTag = String(etag.dropLast()) + "-gzip\""
      XCTAssertEqual(zipped.headers["etag"], gzipTag, path)
      // Asked again: the same bytes.
      XCTAssertEqual(try HTTP.get(port: port, path: path, headers: ["Accept-Encoding": "gzip"]).data, zipped.data, path)

      // Either ETag is a match, whichever encoding is asked for.
      for (accept, match) in [("gzip", gzipTag), ("gzip", etag), ("identity", gzipTag), ("identity", etag)] {
        let conditional = try HTTP.get(port: port, path: path, headers: ["Accept-Encoding": accept, "If-None-Match": match])
        XCTAssertEqual(conditional.status, 304, "\(path) \(accept) \(match)")
        XCTAssertEqual(conditional.headers["etag"], accept == "gzip" ? gzipTag : etag, "\(path) \(accept)")
      }
      XCTAssertEqual(try HTTP.get(port: port, path: path, headers: ["If-None-Match": "\"other\""]).status, 200)
    }

    // What the header allows, q-values respected (`*;q=0` refuses every coding: 406, in
    // ServeProtocolTests).
    let gzipped = ["gzip", "x-gzip", "*", "GZIP;q=0.5", "identity;q=0.5, gzip", "br, gzip;q=0.8", "gzip;q=1, identity;q=1"]
    let identity = [
      "identity", "", "br", "gzip;q=0", "gzip;q=0.0, identity", "*;q=0, identity", "gzip;q=0.4, identity;q=0.9", "*, gzip;q=0",
    ]
    for accept in gzipped + identity {
      let reply = try HTTP.get(port: port, path: "/rivers.json", headers: ["Accept-Encoding": accept])
      XCTAssertEqual(reply.status, 200, accept)
      XCTAssertEqual(reply.headers["content-encoding"], gzipped.contains(accept) ? "gzip" : nil, "Accept-Encoding: \(accept)")
    }

    // Pages too, made for the request.
    let page = try HTTP.get(port: port, path: "/preview/home.html")
    XCTAssertNil(page.headers["content-encoding"])
    let zippedPage = try HTTP.get(port: port, path: "/preview/home.html", headers: ["Accept-Encoding": "gzip"])
    XCTAssertEqual(zippedPage.headers["content-encoding"], "gzip")
    XCTAssertEqual(zippedPage.headers["vary"], "Accept-Encoding")
    XCTAssertEqual(try Self.gunzip(zippedPage.data), page.data)

    // The event stream never is.
    let events = try EventStream(port: port, headers: "Accept-Encoding: gzip\r\n")
    defer { events.close() }
    XCTAssertTrue(events.received.hasPrefix("HTTP/1.1 200"), events.received)
    XCTAssertFalse(events.received.lowercased().contains("content-encoding"), events.received)
    XCTAssertTrue(events.received.contains(": zlc serve\nretry: 500"), "readable as it is: \(events.received)")
    XCTAssertEqual(try server.terminate().status, 0)
  }
}
