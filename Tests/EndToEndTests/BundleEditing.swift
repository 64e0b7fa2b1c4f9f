import Foundation
import XCTest
import ZappLayout

/// What the tests of `zlc verify` do to a built bundle: build the demo, edit a file, find a value.
protocol BundleEditing: XCTestCase {}

extension BundleEditing {
  /// The demo's bundle, built into a fresh folder: expanded (the tests edit its screens' layouts)
  /// unless `flags` say otherwise.
  func builtDemo(_ flags: [String] = ["--expanded"]) throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", "manifests", "-o", out.path] + flags)
    XCTAssertEqual(build.status, 0, build.err)
    return out
  }

  /// Replaces the first match of `pattern` in a file with `replacement`.
  func edit(_ file: URL, _ pattern: String, _ replacement: String) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    let range = try XCTUnwrap(text.range(of: pattern, options: .regularExpression), "no \(pattern) in \(file.path)")
    try text.replacingCharacters(in: range, with: replacement).write(to: file, atomically: true, encoding: .utf8)
  }

  /// The line and column (1-based, UTF-16) just after the first `prefix` in a file.
  func position(after prefix: String, in file: URL) throws -> (line: Int, column: Int) {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains(prefix) }, "no \(prefix) in \(file.path)")
    let column = try XCTUnwrap(lines[line].range(of: prefix)).upperBound.utf16Offset(in: lines[line]) + 1
    return (line + 1, column)
  }

  /// Writes `json` (pretty, as zlc writes an expanded or `--pretty` bundle) to a screen file of
  /// the bundle at `out`, and its new SHA-256 to `bundle.json`, so that only the edit is at fault.
  func rewrite(_ file: URL, _ json: JSON, in out: URL) throws {
    let index = out.appendingPathComponent("bundle.json")
    let old = try XCTUnwrap(sha256Hex(file))
    try Data(json.encoded(pretty: true)).write(to: file)
    let text = try String(contentsOf: index, encoding: .utf8)
    XCTAssertTrue(text.contains(old), "bundle.json lists no file of SHA-256 \(old)")
    try text.replacingOccurrences(of: old, with: try XCTUnwrap(sha256Hex(file))).write(to: index, atomically: true, encoding: .utf8)
  }

  /// Makes `rivers.json` of the bundle at `out` hold the screen of `file` as the file holds it,
  /// as `zlc build` writes it, so that a test's edit of a screen file stands alone.
  func mirrorInRivers(_ file: URL, in out: URL) throws {
    let rivers = out.appendingPathComponent("rivers.json")
    let screen = try JSON.parse(try Data(contentsOf: file))
    let screens = try XCTUnwrap(try JSON.parse(try Data(contentsOf: rivers)).arrayValue).map { $0["id"] == screen["id"] ? screen : $0 }
    try Data(JSON.array(screens).encoded(pretty: true)).write(to: rivers)
  }

  /// The hex SHA-256 of a file, as `sha256sum` gives it.
  func sha256Hex(_ file: URL) throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", file.path]
    return try outputs(of: process).out.split(separator: " ").first.map(String.init)
  }

  /// A screen file's tree with the section at `index` changed by `change`, which gets its members.
  func editingSection(_ screen: JSON, _ index: Int, _ change: (inout [(String, JSON)]) -> Void) throws -> JSON {
    var sections = try XCTUnwrap(screen["resolved"]?["sections"]?.arrayValue, "no sections")
    var section = try XCTUnwrap(sections.indices.contains(index) ? sections[index].objectValue : nil, "no section \(index)")
    change(&section)
    sections[index] = .object(section)
    return screen.replacing("resolved", with: try XCTUnwrap(screen["resolved"]).replacing("sections", with: .array(sections)))
  }
}

extension JSON {
  /// This object with the value of `key` made `value`, in its place.
  func replacing(_ key: String, with value: JSON) -> JSON {
    guard case .object(let members) = self else { return self }
    return .object(members.map { $0.0 == key ? ($0.0, value) : $0 })
  }
}
