import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappRules
@testable import ZappWriters

/// Every note reaches the machine formats: a GitHub annotation gives each as a line of its
/// message, with its place; SARIF gives a located note as a related location and one of no place
/// as a line of the result's message. SARIF and JSON give where the underlined token ends.
final class MachineFormatNoteTests: XCTestCase {
  let file = SourceFile(path: "screens/s.json", bytes: Array(#"[{"id": "movie"}, {"id": "movie"}]"#.utf8))

  func duplicate() -> Diagnostic {
    Diagnostic(
      DuplicateScreenIDRule.rule, "screen id 'movie' is used by another screen", at: SourceSpot(file: file, offset: 25),
      notes: [
        DiagnosticNote("first used here", at: SourceSpot(file: file, offset: 8)),
        DiagnosticNote("a client opens one of the two, whichever it reads first"),
      ])
  }

  func testGitHubAnnotationGivesEveryNoteWithItsPlace() {
    let out = DiagnosticPrinter(format: .github).render([duplicate()], fileCount: 1)
    XCTAssertEqual(
      out,
      "::error file=screens/s.json,line=1,col=26,title=ZL0404::screen id 'movie' is used by another screen"
        + "%0Ascreens/s.json:1:9: note: first used here%0Anote: a client opens one of the two, whichever it reads first\n")
  }

  func testSARIFGivesALocatedNoteAsARelatedLocationAndTheOtherInItsMessage() throws {
    let out = DiagnosticPrinter(format: .sarif).render([duplicate()], fileCount: 1)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let result = try XCTUnwrap(((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    XCTAssertEqual(
      (result["message"] as? [String: Any])?["text"] as? String,
      "screen id 'movie' is used by another screen\nnote: a client opens one of the two, whichever it reads first")
    let region = (result["locations"] as? [[String: Any]])?.first.flatMap { ($0["physicalLocation"] as? [String: Any])?["region"] }
    XCTAssertEqual(region as? [String: Int], ["startLine": 1, "startColumn": 26, "endLine": 1, "endColumn": 33], "the quoted id")
    let related = try XCTUnwrap(result["relatedLocations"] as? [[String: Any]])
    XCTAssertEqual(related.count, 1)
    XCTAssertEqual((related[0]["message"] as? [String: Any])?["text"] as? String, "first used here")
    let relatedRegion = (related[0]["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]
    XCTAssertEqual(relatedRegion, ["startLine": 1, "startColumn": 9, "endLine": 1, "endColumn": 16])
  }

  func testJSONGivesTheEndOfTheUnderlinedToken() throws {
    let out = DiagnosticPrinter(format: .json).render([duplicate()], fileCount: 1)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let first = try XCTUnwrap((object["diagnostics"] as? [[String: Any]])?.first)
    XCTAssertEqual(["line", "column", "end_line", "end_column"].map { first[$0] as? Int }, [1, 26, 1, 33], out)
    // A finding of no place has none.
    let placeless = DiagnosticPrinter(format: .json).render(
      [Diagnostic(DuplicateScreenIDRule.rule, "no place", at: nil, path: "screens/s.json")], fileCount: 1)
    let second = try XCTUnwrap(
      ((JSONSerialization.jsonObject(with: Data(placeless.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]])?.first)
    for key in ["line", "column", "end_line", "end_column"] { XCTAssertTrue(second[key] is NSNull, key) }
  }

  /// A run holds at most 25,000 results, which GitHub code scanning takes: past it, the errors
  /// are kept first, and one result at the first finding left out counts the rest.
  func testSARIFHoldsAtMostTheResultsCodeScanningTakes() throws {
    let warning = Diagnostic(DuplicateScreenIDRule.rule, "w", at: SourceSpot(file: file, offset: 25), severity: .warning)
    let error = Diagnostic(DuplicateScreenIDRule.rule, "e", at: SourceSpot(file: file, offset: 8))
    let findings = Array(repeating: warning, count: 25_010) + Array(repeating: error, count: 5)
    let out = DiagnosticPrinter(format: .sarif).render(findings, fileCount: 1)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let results = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    XCTAssertEqual(results.count, DiagnosticPrinter.sarifResultLimit)
    XCTAssertEqual(results.filter { $0["level"] as? String == "error" }.count, 5, "the errors kept first, in their place")
    let last = try XCTUnwrap(results.last)
    XCTAssertEqual(last["level"] as? String, "warning")
    XCTAssertEqual(
      (last["message"] as? [String: Any])?["text"] as? String,
      "and 16 more findings (16 warnings) not in this report: code scanning takes at most 25000 results of a run; "
        + "zlc check --format json lists them")
    XCTAssertEqual((last["properties"] as? [String: Int])?["omitted"], 16)
    let whole = DiagnosticPrinter(format: .sarif).render(Array(findings.suffix(25_000)), fileCount: 1)
    let all = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
    let every = try XCTUnwrap((all["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    XCTAssertEqual(every.count, 25_000, "up to the limit, every one")
    XCTAssertNil(every.last?["properties"], "and no result counting the rest")
  }
}
