import Foundation
import XCTest

@testable import ZappLayoutCompiler

/// Text with `‸` markers where diagnostics are expected: the clean text and each marker's
/// 1-based line and column (in Unicode scalars), so tests never count positions by hand.
struct Marked {
  var text: String
  var positions: [(line: Int, column: Int)]

  init(_ marked: String) {
    var clean = String.UnicodeScalarView()
    var positions: [(Int, Int)] = []
    var line = 1
    var column = 1
    for scalar in marked.unicodeScalars {
      if scalar == "‸" {
        positions.append((line, column))
        continue
      }
      clean.append(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    text = String(clean)
    self.positions = positions
  }
}

func readJSON(_ marked: Marked, file: String = "t.json") -> JSONReadResult {
  JSONReader.read(SourceFile(path: file, text: marked.text))
}

/// Asserts that diagnostics are exactly `expected` (code and marker position), in any order.
func assertDiagnostics(
  _ diagnostics: [Diagnostic], _ expected: [(String, (line: Int, column: Int))], file: StaticString = #filePath, line: UInt = #line
) {
  let actual = diagnostics.map { d in "\(d.code)@\(d.location?.line ?? 0):\(d.location?.column ?? 0)" }.sorted()
  let wanted = expected.map { "\($0.0)@\($0.1.line):\($0.1.column)" }.sorted()
  XCTAssertEqual(actual, wanted, diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"), file: file, line: line)
}

/// Writes files into a fresh temporary project folder.
func makeProject(_ files: [String: String]) throws -> String {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-test-\(UUID().uuidString)").path
  for (path, text) in files {
    let full = dir + "/" + path
    try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: full, atomically: true, encoding: .utf8)
  }
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  return dir
}

/// The repository root (for the demo and the shared folder beside it).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let sharedFolder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
