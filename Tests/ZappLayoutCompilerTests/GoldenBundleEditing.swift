import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout
import ZappResolution

@testable import ZappWriters

/// The tests that edit a copy of a golden bundle and read what `zlc verify` reports of it.
protocol GoldenBundleEditing: XCTestCase {}

extension GoldenBundleEditing {
  /// A copy of `Golden/<name>`, removed after the test.
  func copy(_ name: String = "demo-bundle") throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-golden-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: LoadHardeningTests.golden.appendingPathComponent(name), to: dir)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// A copy of `Golden/<name>` as this release wrote it (the golden bundles hold `<version>`): its
  /// layouts are held to this release's arithmetic, where another release's are taken as written.
  func ownCopy(_ name: String = "demo-bundle") throws -> URL {
    let dir = try copy(name)
    let index = dir.appendingPathComponent("bundle.json")
    let text = try String(contentsOf: index, encoding: .utf8)
    XCTAssertTrue(text.contains("<version>"))
    try text.replacingOccurrences(of: "<version>", with: zlcVersion).write(to: index, atomically: true, encoding: .utf8)
    return dir
  }

  /// Replaces the one `old` in the screen file `file` of `dir` and in its copy in rivers.json with
  /// `new`, then sets the screen's hash in bundle.json to its file's.
  func editScreen(_ dir: URL, _ file: String, _ old: String, _ new: String, line: UInt = #line) throws {
    for name in [file, "rivers.json"] {
      let url = dir.appendingPathComponent(name)
      let text = try String(contentsOf: url, encoding: .utf8)
      XCTAssertEqual(text.components(separatedBy: old).count, 2, "one \(old) in \(name)", line: line)
      try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
    let index = dir.appendingPathComponent("bundle.json")
    var text = try String(contentsOf: index, encoding: .utf8)
    let entry = try XCTUnwrap(
      try JSON.parse(Array(text.utf8))["screens"]?.arrayValue?.first { $0["file"]?.stringValue == file }, line: line)
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: dir.appendingPathComponent(file).path), line: line)
    text = text.replacingOccurrences(of: try XCTUnwrap(entry["sha256"]?.stringValue), with: Digest.sha256Hex(Array(bytes)))
    try text.write(to: index, atomically: true, encoding: .utf8)
  }

  /// What `zlc verify` reports, each problem's file relative to `dir`.
  func verified(_ dir: URL) -> [String] {
    BundleVerifier.verify(dir.path).problems.map { $0.text.replacingOccurrences(of: dir.path + "/", with: "") }
  }

  /// The 1-based column of the value after the first `prefix` in a one-line file.
  func column(after prefix: String, in dir: URL, _ file: String) throws -> Int {
    let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
    return try XCTUnwrap(text.range(of: prefix)).upperBound.utf16Offset(in: text) + 1
  }
}
