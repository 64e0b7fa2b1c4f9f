import XCTest
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappReaders

/// Each limit of docs/limits.md has its own code: where it points, its message and its notes,
/// with the limits lowered through `ReaderLimits` so the inputs stay small.
final class LimitCodeTests: XCTestCase {
  /// Code, line:column (or the path's last component when there is no location), message and notes.
  func described(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
      let place = d.location.map { "\($0.line):\($0.column)" } ?? (d.path.map { ($0 as NSString).lastPathComponent } ?? "-")
      return "\(d.code) \(place) \(d.message)" + d.notes.map { " | \($0.message)" }.joined()
    }
  }

  func limits(_ change: (inout ReaderLimits) -> Void) -> ReaderLimits {
    var limits = ReaderLimits()
    change(&limits)
    return limits
  }

  func testFileTooLargeIsZL0108() {
    let json = JSONReader.read(SourceFile(path: "big.json", text: "[1,2,3,4,5,6,7]"), limits: limits { $0.maxFileBytes = 10 })
    XCTAssertEqual(described(json.diagnostics), ["ZL0108 1:1 file is 15 bytes; zlc reads files of at most 10 bytes"])
    let xml = XMLReader.read(SourceFile(path: "big.xml", text: "<a><b/><b/></a>"), limits: limits { $0.maxFileBytes = 10 })
    XCTAssertEqual(described(xml.diagnostics), ["ZL0108 1:1 file is 15 bytes; zlc reads files of at most 10 bytes"])
  }

  func testNestedTooDeepIsZL0115() {
    let json = JSONReader.read(SourceFile(path: "deep.json", text: "[{\"a\": [[1]]}]"), limits: limits { $0.maxDepth = 3 })
    XCTAssertEqual(described(json.diagnostics), ["ZL0115 1:9 values are nested more than 3 levels deep"])
    let xml = XMLReader.read(SourceFile(path: "deep.xml", text: "<a>\n  <b>\n    <c/>\n  </b>\n</a>"), limits: limits { $0.maxDepth = 2 })
    XCTAssertEqual(described(xml.diagnostics), ["ZL0115 3:5 elements are nested more than 2 levels deep"])
  }

  func testStringTooLongIsZL0116() {
    let json = JSONReader.read(SourceFile(path: "s.json", text: "[\n  \"0123456789\"]"), limits: limits { $0.maxStringBytes = 8 })
    XCTAssertEqual(described(json.diagnostics), ["ZL0116 2:3 string longer than 8 bytes"])
    let xml = XMLReader.read(SourceFile(path: "f.xml", text: "<a\n  b=\"0123456789\"/>"), limits: limits { $0.maxStringBytes = 8 })
    XCTAssertEqual(described(xml.diagnostics), ["ZL0116 2:5 attribute value longer than 8 bytes"])
  }

  func project(files count: Int) throws -> String {
    var files: [String: String] = [:]
    for i in 0..<count { files["screens/s\(i).json"] = #"[{"id": "s\#(i)", "type": "favorites", "ui_components": []}]"# }
    return try makeProject(files)
  }

  func testTooManyFilesIsZL0117() throws {
    let dir = try project(files: 5)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir, limits: limits { $0.maxFiles = 3 })
    XCTAssertEqual(
      described(outcome.diagnostics.filter { $0.code.hasPrefix("ZL01") }),
      ["ZL0117 \((dir as NSString).lastPathComponent) the project has more than 3 input files"])
  }

  func testProjectTooLargeIsZL0118() throws {
    let dir = try project(files: 5)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir, limits: limits { $0.maxProjectBytes = 150 })
    XCTAssertEqual(
      described(outcome.diagnostics.filter { $0.code.hasPrefix("ZL01") }),
      ["ZL0118 \((dir as NSString).lastPathComponent) the project's input files hold more than 150 bytes"])
    XCTAssertEqual(outcome.status, .inputErrors)
  }

  /// A file over the limit of one file is not read, so it counts nothing toward the project's
  /// size: it is ZL0108 at its path, and the rest of the project is checked (a 2 GiB file made
  /// it ZL0118 at the folder, naming no file).
  func testAFileOverTheFileLimitIsNotCountedInTheProjectSize() throws {
    let dir = try project(files: 2)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let big = #"[{"id": "big", "type": "favorites", "ui_components": []}]"# + String(repeating: " ", count: 6_000)
    try big.write(toFile: dir + "/screens/big.json", atomically: true, encoding: .utf8)
    let outcome = Driver.check(
      dir,
      limits: limits {
        $0.maxProjectBytes = 200
        $0.maxFileBytes = 5_000
      })
    XCTAssertEqual(
      described(outcome.diagnostics.filter { $0.code.hasPrefix("ZL01") }),
      ["ZL0108 big.json file is \(big.utf8.count) bytes; zlc reads files of at most 5000 bytes"])
    XCTAssertEqual(outcome.project.screens.map(\.id.value).sorted(), ["s0", "s1"])
  }

  func testFoldersTooDeepIsZL0119() throws {
    let path = "screens" + String(repeating: "/d", count: 70)
    let dir = try makeProject([path + "/s.json": #"[{"id": "s", "type": "favorites", "ui_components": []}]"#])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let deep = outcome.diagnostics.filter { $0.code.hasPrefix("ZL01") }
    XCTAssertEqual(
      described(deep), ["ZL0119 d folders nested more than 64 deep under '\(dir)'"])
    XCTAssertEqual(deep.first?.path, dir + "/screens" + String(repeating: "/d", count: 64))
  }
}
