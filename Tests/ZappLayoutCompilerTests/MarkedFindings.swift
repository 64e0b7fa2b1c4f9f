import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

extension XCTestCase {
  /// Checks `files` over the base project; asserts every diagnostic, one spec per marker of each
  /// marked file (its code from the marker), in marker order.
  func assertFindings(
    _ marked: [String: String], _ expected: [String: [(message: String, notes: [String], fixIt: String?)]],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var files = Example.baseProject
    var specs: [DiagnosticSpec] = []
    for (path, text) in marked {
      let m = Marked(text)
      files[path] = m.text
      let wanted = expected[path] ?? []
      XCTAssertEqual(m.markers.count, wanted.count, "one expectation per marker of \(path)", file: file, line: line)
      for (marker, w) in zip(m.markers, wanted) {
        specs.append(
          DiagnosticSpec(
            code: marker.code ?? "?", file: path, line: marker.line, column: marker.column, message: w.message, notes: w.notes,
            fixIt: w.fixIt))
      }
    }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, specs, file: file, line: line)
  }
}
