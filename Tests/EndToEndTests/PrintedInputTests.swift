import Foundation
import XCTest

/// Input text that zlc prints outside its diagnostics (the `fleet:` line, `zlc verify`'s lines,
/// a refused argument) has its control characters escaped, as the diagnostics have: a path or a
/// value cannot recolour a terminal or start a line of its own in a CI log (`::error::`).
final class PrintedInputTests: DemoCopyTestCase {
  /// No escape character, and no line that starts with what the input put after a line break.
  func assertNoRawControls(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(text.contains("\u{1B}"), text, file: file, line: line)
    XCTAssertFalse(text.contains("\n::error::"), text, file: file, line: line)
  }

  func testTheFleetLineEscapesAClientVersion() throws {
    let registry = project.appendingPathComponent("registries/ios.json")
    let text = try String(contentsOf: registry, encoding: .utf8)
    try text.replacingOccurrences(of: #""20.0.0..<21.0.0""#, with: #""20.0.0\n::error::forged..<21.0.0""#).write(
      to: registry, atomically: true, encoding: .utf8)
    let r = try zlc(["check", project.path])
    XCTAssertEqual(r.status, 0, r.err)
    assertNoRawControls(r.err)
    XCTAssertTrue(r.err.contains(#"fleet: ios: 1 client version (installs not given): 20.0.0\u{A}::error::forged..<21.0.0 draws"#), r.err)
  }

  func testVerifyEscapesTheFolderItIsGiven() throws {
    let output = dir.appendingPathComponent("out\u{1B}[31m\n::error::forged")
    XCTAssertEqual(try zlc(["build", project.path, "-o", output.path]).status, 0)
    let ok = try zlc(["verify", output.path])
    XCTAssertEqual(ok.status, 0, ok.err)
    assertNoRawControls(ok.err)
    XCTAssertTrue(ok.err.hasSuffix(#"out\u{1B}[31m\u{A}::error::forged: ok, 10 screens load"# + "\n"), ok.err)
    try Data("{".utf8).write(to: output.appendingPathComponent("bundle.json"))
    let bad = try zlc(["verify", output.path])
    XCTAssertEqual(bad.status, 1, bad.err)
    assertNoRawControls(bad.err)
    XCTAssertTrue(bad.err.contains(#"out\u{1B}[31m\u{A}::error::forged/bundle.json:1:2: error: not JSON"#), bad.err)
  }

  /// The argument parser's own refusals (a bad option value, an unknown option or subcommand).
  func testArgumentsTheParserRefusesAreEscaped() throws {
    let forged = "x\u{1B}[31m\n::error::forged"
    for arguments in [["preview", project.path, "--progress", forged], ["check", project.path, "--\(forged)"], [forged]] {
      let r = try zlc(arguments)
      XCTAssertEqual(r.status, 64, r.err)
      assertNoRawControls(r.err)
      XCTAssertTrue(r.err.contains(#"x\u{1B}[31m\u{A}::error::forged"#), r.err)
    }
    for arguments in [["preview", project.path, "--progress=\(forged)"], ["check", project.path, "--\(forged)=1"]] {
      let joined = try zlc(arguments)
      XCTAssertEqual(joined.status, 64, joined.err)
      assertNoRawControls(joined.err)
    }
    // The usage below a refusal keeps its lines, whatever else the arguments hold.
    let usage = try zlc(["check", "--bogus", "\n"])
    XCTAssertEqual(usage.status, 64, usage.err)
    XCTAssertTrue(usage.err.hasPrefix("Error: Unknown option '--bogus'\nUsage: zlc check"), usage.err)
    XCTAssertEqual(try zlc(["--version"]).status, 0)
  }

  func testRefusedArgumentsAreEscaped() throws {
    let schema = try zlc(["schema", "screen\u{1B}[2J\n::error::forged"])
    XCTAssertEqual(schema.status, 64, schema.err)
    assertNoRawControls(schema.err)
    XCTAssertTrue(schema.err.hasPrefix(#"error: no schema 'screen\u{1B}[2J\u{A}::error::forged'; the schemas are"#), schema.err)
    let diff = try zlc(["diff", "--base", "main\u{1B}[2J", project.path + "\n::error::forged"])
    XCTAssertEqual(diff.status, 64, diff.err)
    assertNoRawControls(diff.err)
    XCTAssertTrue(diff.err.contains(#"\u{A}::error::forged' is not a folder"#), diff.err)
  }

  func testServeAndWatchEscapeTheFoldersAndTheHost() throws {
    let named = dir.appendingPathComponent("app\u{1B}[31m\n::error::forged")
    try FileManager.default.moveItem(at: project, to: named)
    let server = try ServeProcess(arguments: ["serve", named.path, "--port", "0", "-o", named.path + "/out"])
    defer { server.stop() }
    _ = try server.port()
    let deadline = Date().addingTimeInterval(10)
    while !server.output.contains("/out\n"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    assertNoRawControls(server.output)
    XCTAssertTrue(server.output.contains(#"serving \#(dir.path)/app\u{1B}[31m\u{A}::error::forged on http://127.0.0.1:"#), server.output)
    XCTAssertTrue(server.output.contains(#"bundle folder: \#(dir.path)/app\u{1B}[31m\u{A}::error::forged/out"#), server.output)
    let watch = try ServeProcess(arguments: ["build", named.path, "-o", dir.path + "/watched", "--watch"])
    defer { watch.stop() }
    let started = Date().addingTimeInterval(60)
    while !watch.output.contains("(Ctrl-C to stop)\n"), Date() < started { Thread.sleep(forTimeInterval: 0.05) }
    assertNoRawControls(watch.output)
    XCTAssertTrue(watch.output.contains(#"watching \#(dir.path)/app\u{1B}[31m\u{A}::error::forged (Ctrl-C to stop)"#), watch.output)
    let missing = try zlc(["serve", named.path + "x", "--port", "0"])
    XCTAssertEqual(missing.status, 74, missing.err)
    let shownMissing = #"\#(dir.path)/app\u{1B}[31m\u{A}::error::forgedx"#
    XCTAssertEqual(missing.err, "\(shownMissing): error: no such folder '\(shownMissing)' [ZL0100]\n")
    // A host with a control character is refused as no address (ServeEdgeTests), escaped.
    let host = try zlc(["serve", named.path, "--host", "nohost\u{1B}[2J\n::error::forged", "--port", "0"])
    XCTAssertEqual(host.status, 64, host.err)
    assertNoRawControls(host.err)
    XCTAssertTrue(host.err.hasPrefix(#"Error: --host 'nohost\u{1B}[2J\u{A}::error::forged' is no address or host name"#), host.err)
  }
}
