import Foundation
import XCTest

@testable import ZappLayoutCompiler

extension XCTestCase {
  /// A starter project written to a new temporary folder (removed after the test), each file's
  /// text with the replacements `edits` gives for its path made in order; a replacement whose old
  /// text is not in the file fails the test.
  func starterProject(_ template: StarterTemplate, app: String, edits: (String) -> [(old: String, new: String)]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-starter-\(UUID().uuidString)")
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in template.files(app: app) {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      var written = text
      for (old, new) in edits(path) {
        XCTAssertTrue(written.contains(old), "\(path): \(old)")
        written = written.replacingOccurrences(of: old, with: new)
      }
      try written.write(to: url, atomically: true, encoding: .utf8)
    }
    return folder.path
  }
}
