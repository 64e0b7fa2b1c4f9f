import Foundation
import XCTest

@testable import ZappDiagnostics

/// A path's parent is worked out by its text, for every path a user types: Foundation's
/// `NSString.deletingLastPathComponent` traps on one of one character (`.`, `a`, `a/`).
final class PathTextTests: XCTestCase {
  func testTheParentOfEveryPathAsTheShellClimbsIt() {
    let cases: [(String, String)] = [
      (".", ""), ("./", ""), ("a", ""), ("a/", ""), ("", ""), ("/", "/"), ("//", "/"), ("/a", "/"), ("/a/", "/"),
      ("a/b", "a"), ("a/b/", "a"), ("a//b", "a"), ("./a", "."), ("a/.", "a"), ("a/..", "a"), ("/a/b/c", "/a/b"),
      ("..", ""), ("my app/screens", "my app"),
    ]
    for (path, parent) in cases { XCTAssertEqual(PathText.deletingLastComponent(path), parent, path) }
  }

  /// The folder to suggest for a path, climbing `.` and `..` as the shell does.
  func testTheFolderHoldingAPathAsTheUserTypesIt() {
    let cases: [(String, String)] = [
      (".", ".."), ("./", ".."), ("..", "../.."), ("screens", "."), ("manifests/screens", "manifests"),
      ("manifests/screens/.", "manifests"), ("/screens", "/"), ("/a/screens/", "/a"), ("../screens", ".."),
    ]
    for (path, folder) in cases { XCTAssertEqual(PathText.folderHolding(path), folder, path) }
  }

  /// No source takes a parent from Foundation's `NSString`, whose one-character paths trap.
  func testNoSourceTakesAParentFromNSString() throws {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    XCTAssertGreaterThan(files.count, 100)
    for file in files where !file.hasSuffix("PathText.swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      XCTAssertFalse(text.contains("as NSString).deletingLastPathComponent"), file)
    }
  }
}
