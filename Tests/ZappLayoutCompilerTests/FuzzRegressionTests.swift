import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappWriters

/// Inputs kept in Tests/Fixtures/fuzz/<reader>/: edge cases written by hand and, when `make fuzz`
/// finds one, the crashing input. Each must read without a crash, with every diagnostic inside its
/// file and every output format rendering it; the hand-written JSON and XML cases are all invalid,
/// so each gets at least one diagnostic.
final class FuzzRegressionTests: XCTestCase {
  let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz")

  func inputs(_ reader: String) throws -> [SourceFile] {
    let dir = folder.appendingPathComponent(reader)
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    XCTAssertFalse(names.isEmpty, "no inputs in \(dir.path)")
    return try names.map { SourceFile(path: $0, bytes: Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
  }

  func assertSound(_ diagnostics: [Diagnostic], _ file: SourceFile, line: UInt = #line) {
    for d in diagnostics {
      guard let spot = d.spot else { continue }
      XCTAssertTrue(spot.offset >= 0 && spot.offset <= spot.file.bytes.count, "\(file.path): \(d.code) offset", line: line)
      let location = spot.location
      XCTAssertGreaterThanOrEqual(location.line, 1, file.path, line: line)
      XCTAssertGreaterThanOrEqual(location.column, 1, file.path, line: line)
    }
    for format in DiagnosticFormat.allCases {
      XCTAssertFalse(
        DiagnosticPrinter(format: format).render(diagnostics, fileCount: 1).isEmpty && !diagnostics.isEmpty, file.path, line: line)
    }
  }

  func testJSONInputs() throws {
    for file in try inputs("json") {
      let result = JSONReader.read(file)
      XCTAssertFalse(result.diagnostics.isEmpty, file.path)
      assertSound(result.diagnostics, file)
    }
  }

  func testXMLInputs() throws {
    for file in try inputs("xml") {
      let xml = XMLReader.read(file)
      let (_, family) = FamilyReader.read(file)
      XCTAssertFalse((xml.diagnostics + family).isEmpty, file.path)
      assertSound(xml.diagnostics, file)
      assertSound(family, file)
    }
  }

  func testFeedInputs() throws {
    for file in try inputs("feed") {
      assertSound(FeedReader.read(file).diagnostics, file)
    }
  }
}
