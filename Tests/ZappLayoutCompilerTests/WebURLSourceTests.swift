import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A `WEB_URL` data source is loaded in a web view (ZL0421): a web address without its scheme,
/// or with `http`/`https` misspelled, loads nothing.
final class WebURLSourceTests: XCTestCase {
  private func ticker(_ source: String, type: String = "WEB_URL") -> String {
    Example.screen(
      #"{"component_type": "html_ticker", "data": {"source": \#(source), "type": "\#(type)"}, "styles": {"cell_styles": ["TICKER_1"]}}"#)
  }

  /// A misspelled scheme is a warning at the source with the scheme meant as its fix.
  func testAMisspelledSchemeIsAWarningWithTheFix() throws {
    let cases = [
      ("htps://news.example.com/t", "https://news.example.com/t"), ("https//news.example.com/t", "https://news.example.com/t"),
      ("http:/news.example.com", "http://news.example.com"), ("htp://news.example.com", "http://news.example.com"),
      ("Htps://news.example.com", "https://news.example.com"),
    ]
    for (source, fixed) in cases {
      try assertFindings(
        ["screens/o.json": ticker(#"⟦ZL0421⟧""# + source + "\"")],
        ["screens/o.json": [("WEB_URL source '\(source)' misspells its scheme: a web view loads nothing", [], "\"\(fixed)\"")]])
    }
  }

  /// A scheme as near to `http` as to `https` (`htts`) is a warning whose fix is a hint, which
  /// `--fix` does not apply; a scheme nearer to one of them is a fix.
  func testASchemeAsNearToBothIsAHint() throws {
    var ranged: [Bool] = []
    for (source, fixed) in [
      ("htts://news.example.com", "https://news.example.com"), ("htps://news.example.com", "https://news.example.com"),
    ] {
      var files = Example.baseProject
      files["screens/o.json"] = ticker("\"" + source + "\"")
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0421" }
      XCTAssertEqual(found.map { $0.fixIt?.replacement }, ["\"\(fixed)\""], source)
      ranged += found.map { $0.fixIt?.range != nil }
    }
    XCTAssertEqual(ranged, [false, true])
  }

  /// A host and path without a scheme is a warning with a note, and no fix: `http` or `https` is
  /// the author's to choose.
  func testAHostWithoutASchemeIsAWarning() throws {
    try assertFindings(
      ["screens/o.json": ticker(#"⟦ZL0421⟧"www.example.com/news""#)],
      [
        "screens/o.json": [
          (
            "WEB_URL source 'www.example.com/news' has no scheme: a web view loads nothing",
            ["a web view loads an absolute address, such as 'https://www.example.com/news'"], nil
          )
        ]
      ])
  }

  /// Absolute addresses in any case, another scheme, an id or a base64 address, and a host
  /// without a scheme under another data type, all pass.
  func testAbsoluteAddressesIdsAndOtherTypesPass() throws {
    for source in [
      #""https://news.example.com/t""#, #""HTTP://news.example.com""#, #""riverflix://ticker""#, #""3118""#,
      #""aHR0cHM6Ly9uZXdzLmV4YW1wbGUuY29tL3Q=""#, #""index.html""#, #""Terms.PDF""#, #""pages/about.htm""#, #""1.2""#,
      #""192.168.0.1/x""#, #""{{host}}.example.com/x""#, #""${base}.example.com/x""#, #""htts://{{host}}/x""#,
    ] {
      try assertFindings(["screens/o.json": ticker(source)], [:])
    }
    try assertFindings(["screens/o.json": ticker(#""www.example.com/news""#, type: "APPLICASTER_ATOM_FEED")], [:])
  }
}
