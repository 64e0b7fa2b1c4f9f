import Foundation
import XCTest

/// Every option of one value, of every command, given twice is a usage error: the parser would
/// keep the last silently (`--format json --format text` printing text to a JSON reader). The
/// options come from the commands' own description of themselves, so an option added later is
/// covered too; each is refused before any file is read.
final class SingleValueOptionTests: XCTestCase {
  /// The arguments each command is run with beside the option given twice: a project that does
  /// not exist, so that an option let through fails later on, without running for long.
  private static let positionals: [String: [String]] = [
    "init": ["fresh"], "build": ["missing"], "check": ["missing"], "preview": ["missing"], "serve": ["missing"],
    "diff": ["missing", "missing"], "map": ["home"], "schema": ["screens"], "generate": ["swift", "missing"],
    "verify": ["missing"], "explain": ["ZL0101"], "lsp": [],
  ]

  func testEveryOptionOfOneValueGivenTwiceIsRefused() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let root = try XCTUnwrap(JSON(try zlc(["--experimental-dump-help"]).out)["command"]["subcommands"].array)
    let commands = root.compactMap { $0["commandName"].string }.filter { $0 != "help" }
    XCTAssertEqual(Set(commands), Set(Self.positionals.keys), "a command this test does not know")
    var tried = 0
    for command in commands {
      let info = JSON(try zlc([command, "--experimental-dump-help"]).out)
      for argument in info["command"]["arguments"].array ?? [] where argument["kind"].string == "option" {
        guard argument["isRepeating"].bool != true else { continue }
        let names = (argument["names"].array ?? []).compactMap { name -> String? in
          guard let text = name["name"].string else { return nil }
          return (name["kind"].string == "long" ? "--" : "-") + text
        }
        guard let name = names.first(where: { $0.hasPrefix("--") }), !["--help", "--version"].contains(name) else { continue }
        let value = argument["allValues"].array?.first?.string ?? "1"
        var arguments = [command] + (Self.positionals[command] ?? []) + [name, value, "\(name)=\(value)"]
        // The options a command requires, given once when they are not the one given twice.
        if command == "map", name != "--project" { arguments += ["--project", "missing"] }
        if command == "generate", name != "--output" { arguments += ["-o", "out"] }
        let r = try zlc(arguments, cwd: dir)
        XCTAssertEqual(r.status, 64, "\(arguments): \(r.err)")
        XCTAssertTrue(
          r.err.hasPrefix("Error: ") && r.err.contains("\(name) is given 2 times ('\(value)', '\(value)')"), "\(arguments): \(r.err)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("fresh").path), "\(arguments)")
        tried += 1
      }
    }
    XCTAssertGreaterThanOrEqual(tried, 30, "the commands describe fewer options than they have")
  }

  /// `zlc` alone is a usage error, its help on standard error; `zlc help` and `zlc --help` succeed.
  func testNoSubcommandIsAUsageError() throws {
    let alone = try zlc([])
    XCTAssertEqual(alone.status, 64, alone.err)
    XCTAssertEqual(alone.out, "")
    XCTAssertTrue(alone.err.contains("SUBCOMMANDS:"), alone.err)
    XCTAssertTrue(alone.err.hasSuffix("\nerror: no subcommand given (zlc check PROJECT, zlc build PROJECT -o OUT, …)\n"), alone.err)
    for arguments in [["help"], ["--help"]] {
      let help = try zlc(arguments)
      XCTAssertEqual(help.status, 0, "\(arguments)")
      XCTAssertTrue(help.out.contains("SUBCOMMANDS:"), "\(arguments)")
    }
  }
}

/// Just enough of a JSON value to read the commands' description of themselves.
private struct JSON {
  let value: Any?
  init(_ text: String) { value = try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
  private init(value: Any?) { self.value = value }
  subscript(key: String) -> JSON { JSON(value: (value as? [String: Any])?[key]) }
  var array: [JSON]? { (value as? [Any])?.map { JSON(value: $0) } }
  var string: String? { value as? String }
  var bool: Bool? { value as? Bool }
}
