import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders

/// Text with markers where diagnostics are expected — `⟦CODE⟧` (a diagnostic with that code) or
/// `⟦⟧` (the code the test is about) — the one convention of every test input, rule example and
/// fixture: the clean text and each marker's 1-based line and column (in Unicode scalars), so
/// tests never count positions by hand.
struct Marked {
  var text: String
  var markers: [(code: String?, line: Int, column: Int)]
  var positions: [(line: Int, column: Int)] { markers.map { ($0.line, $0.column) } }

  init(_ marked: String) {
    var clean = String.UnicodeScalarView()
    var markers: [(String?, Int, Int)] = []
    var line = 1
    var column = 1
    var code: String.UnicodeScalarView?
    for scalar in marked.unicodeScalars {
      if scalar == "⟦" {
        code = String.UnicodeScalarView()
        continue
      }
      if scalar == "⟧", let c = code {
        markers.append((c.isEmpty ? nil : String(c), line, column))
        code = nil
        continue
      }
      if code != nil {
        code!.append(scalar)
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
    self.markers = markers
  }
}

func readJSON(_ marked: Marked, file: String = "t.json") -> JSONReadResult {
  JSONReader.read(SourceFile(path: file, text: marked.text))
}

/// One expected diagnostic, swift-syntax's `DiagnosticSpec` style: the code, where (a file relative
/// to the project and a marker's line and column), the message, the notes' messages and the fix-it's
/// replacement, all asserted.
struct DiagnosticSpec {
  var code: String
  var file: String
  var line: Int
  var column: Int
  var message: String
  var notes: [String] = []
  var fixIt: String? = nil
}

/// Asserts that `diagnostics` (notes-severity ones included) are exactly `expected`, in any order:
/// code, file, line, column, message, notes and fix-it each compared, with a readable difference.
func assertDiagnostics(
  _ diagnostics: [Diagnostic], in directory: String, _ expected: [DiagnosticSpec], file: StaticString = #filePath, line: UInt = #line
) {
  func render(_ code: String, _ place: String, _ message: String, _ notes: [String], _ fixIt: String?) -> String {
    "\(code) \(place) \(message)" + notes.map { " | note: \($0)" }.joined() + (fixIt.map { " | fix-it: \($0)" } ?? "")
  }
  let actual = diagnostics.map { d in
    render(d.code, String(place(d, in: directory).drop { $0 != "@" }.dropFirst()), d.message, d.notes.map(\.message), d.fixIt?.replacement)
  }.sorted()
  let wanted = expected.map { render($0.code, "\($0.file):\($0.line):\($0.column)", $0.message, $0.notes, $0.fixIt) }.sorted()
  XCTAssertEqual(actual, wanted, file: file, line: line)
}

/// Asserts that `diagnostics` are exactly one per marker of `marked` (each `⟦CODE⟧` giving the
/// code and position), with these messages and notes in marker order.
func assertDiagnostics(
  _ diagnostics: [Diagnostic], _ marked: Marked, file path: String = "t.json", messages: [String], notes: [[String]]? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertEqual(marked.markers.count, messages.count, "one message per marker", file: file, line: line)
  let specs = zip(marked.markers, messages).enumerated().map { i, pair in
    DiagnosticSpec(
      code: pair.0.code ?? "?", file: path, line: pair.0.line, column: pair.0.column, message: pair.1, notes: notes?[i] ?? [])
  }
  assertDiagnostics(diagnostics, in: "", specs, file: file, line: line)
}

/// `CODE@file:line:column`, the file relative to `directory`.
func place(_ d: Diagnostic, in directory: String) -> String {
  let path = d.location?.file ?? d.path ?? ""
  let relative = path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
  return "\(d.code)@\(relative):\(d.location?.line ?? 0):\(d.location?.column ?? 0)"
}

/// The folder of this test run's temporary folders, removed when the run exits normally (tests
/// that fail half-way leave nothing behind in the system's temporary folder). Others may pass
/// through it: tests run `zlc` as another user on folders inside.
let scratchRoot: URL = {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-test-run-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
  atexit { try? FileManager.default.removeItem(at: scratchRoot) }
  return root
}()

/// Writes files into a fresh temporary project folder.
func makeProject(_ files: [String: String]) throws -> String {
  let dir = scratchRoot.appendingPathComponent("zlc-test-\(UUID().uuidString)").path
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

/// A test case with a temporary folder of its own, `dir`, made before each test and removed after
/// it (made writable first, for a test that locked it).
class TemporaryFolderTestCase: XCTestCase {
  var dir: String!

  override func setUpWithError() throws {
    try super.setUpWithError()
    dir = NSTemporaryDirectory() + "zlc-\(String(describing: Self.self))-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    _ = chmod(dir, 0o755)
    try? FileManager.default.removeItem(atPath: dir)
    try super.tearDownWithError()
  }
}

extension XCTestCase {
  /// Checks the base project with `manifests`, a `zlc.json` naming `platforms`, and the screen
  /// `other` holding one component of the plugin `x` (marked); the project is removed after the
  /// test.
  func checkUsingPluginX(platforms: String, _ manifests: [String: String]) throws -> (String, [Diagnostic], Marked) {
    let marked = Marked(Example.screen(#"{"component_type": ⟦⟧"x"}"#))
    let files = Example.baseProject.merging(manifests) { $1 }.merging([
      "zlc.json": #"{"platforms": {\#(platforms)}}"#, "screens/o.json": marked.text,
    ]) {
      $1
    }
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics, marked)
  }

  /// Checks the files over the base project and asserts exactly the marked diagnostics, with these
  /// messages, notes and fix-its, in marker order across the files (sorted by path).
  func assertMarked(
    _ files: [String: String], _ expected: [(message: String, notes: [String], fixIt: String?)], file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    var project = Example.baseProject
    var markers: [(path: String, code: String, line: Int, column: Int)] = []
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      let marked = Marked(text)
      project[path] = marked.text
      markers += marked.markers.map { (path, $0.code ?? "?", $0.line, $0.column) }
    }
    XCTAssertEqual(markers.count, expected.count, "one expectation per marker", file: file, line: line)
    let specs = zip(markers, expected).map { m, e in
      DiagnosticSpec(code: m.code, file: m.path, line: m.line, column: m.column, message: e.message, notes: e.notes, fixIt: e.fixIt)
    }
    let dir = try makeProject(project)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(Driver.check(dir).diagnostics, in: dir, specs, file: file, line: line)
  }
}
