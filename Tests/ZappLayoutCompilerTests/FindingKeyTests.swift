import XCTest

@testable import ZappDiagnostics
@testable import ZappRules

/// Findings are one finding (`FindingKey`) when rule, severity, place, message and notes (message
/// and spot) are the same; the fix-it is no part of it.
final class FindingKeyTests: XCTestCase {
  let file = SourceFile(path: "s.json", text: #"[{"type": "lsit"}, {"type": "lsit"}]"#)

  func finding(at offset: Int = 10, note: Int = 29, severity: Severity? = nil, fix: String = "list") -> Diagnostic {
    let spot = SourceSpot(file: file, offset: offset)
    return Diagnostic(
      .unknownComponentType, "unknown component type 'lsit'", at: spot, severity: severity,
      notes: [DiagnosticNote("also here", at: SourceSpot(file: file, offset: note))], fixIt: .didYouMean(fix, at: spot))
  }

  func testAFixItIsNoPartOfAFinding() {
    XCTAssertEqual(FindingKey(finding()), FindingKey(finding(fix: "grid")))
  }

  func testPlaceSeverityAndTheSpotOfANoteAreEachPartOfAFinding() {
    XCTAssertNotEqual(FindingKey(finding()), FindingKey(finding(at: 29)))
    XCTAssertNotEqual(FindingKey(finding()), FindingKey(finding(severity: .warning)))
    XCTAssertNotEqual(FindingKey(finding()), FindingKey(finding(note: 10)))
    XCTAssertNotEqual(FindingKey.Note(DiagnosticNote("a")), FindingKey.Note(DiagnosticNote("b")))
  }
}
