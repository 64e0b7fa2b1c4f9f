import ZappDiagnostics
import ZappModel

/// ZL0421 web-url-without-scheme.
package enum WebURLWithoutSchemeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0421", name: "web-url-without-scheme", severity: .warning, category: .screens,
    summary: "A `WEB_URL` data source that is a web address without its scheme, or with a misspelled one.",
    explanation: """
      A component whose `data.type` is `WEB_URL` loads its `data.source` in a web view, which \
      loads only an absolute address: `www.example.com/news` (no scheme) or `htps://…`, \
      `https//…`, `http:/…` (a misspelled scheme) loads nothing, and the section stays blank. zlc \
      reports a source that has no scheme but reads as a host and path (a dot before its first \
      slash, no spaces), and one whose scheme misspells `http` or `https`; the fix-it writes the \
      scheme meant, where the source had one. A source of letters and digits alone (an id, or an \
      address encoded in base64, as builders may write) and another scheme (`riverflix://`) pass. \
      It is a warning: zlc cannot know how every client reads the source.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "html_ticker", "data": {"source": ⟦⟧"htps://news.example.com/ticker", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}"#
        )
      ],
      reports: [
        .init(
          "WEB_URL source 'htps://news.example.com/ticker' misspells its scheme: a web view loads nothing",
          fixIt: #""https://news.example.com/ticker""#)
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "html_ticker", "data": {"source": "https://news.example.com/ticker", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}"#
      )
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    guard c.dataType?.value == "WEB_URL", let source = c.source else { return }
    let text = source.value
    if let fixed = fixedScheme(text) {
      context.report(
        rule, "WEB_URL source '\(text)' misspells its scheme: a web view loads nothing", at: source.spot,
        fixIt: .didYouMean(fixed, at: source.spot))
    } else if readsAsHostAndPath(text) {
      context.report(
        rule, "WEB_URL source '\(text)' has no scheme: a web view loads nothing", at: source.spot,
        notes: [DiagnosticNote("a web view loads an absolute address, such as 'https://\(text)'")])
    }
  }

  /// The source with `http`/`https` written as meant, when its scheme misspells one of them
  /// (`htps://`, `https//`, `http:/`, `Https:://`); nil when it is written right or is another
  /// scheme.
  static func fixedScheme(_ text: String) -> String? {
    guard let colonOrSlash = text.firstIndex(where: { $0 == ":" || $0 == "/" }) else { return nil }
    let scheme = text[..<colonOrSlash].lowercased()
    let rest = text[colonOrSlash...].drop { $0 == ":" || $0 == "/" }
    // Schemes are read in any case: `HTTPS://` is written right.
    if scheme == "http" || scheme == "https", text[colonOrSlash..<rest.startIndex] == "://" { return nil }
    guard !rest.isEmpty, let meant = ["https", "http"].first(where: { near(scheme, $0) }) else { return nil }
    return meant + "://" + rest
  }

  /// Whether `scheme` is `word`, or one edit from it and not the other of `http` and `https`.
  private static func near(_ scheme: String, _ word: String) -> Bool {
    guard !scheme.isEmpty else { return false }
    if scheme == word { return true }
    if scheme == "http" || scheme == "https" { return false }
    return editDistance(scheme, word) == 1
  }

  /// Whether a source without a scheme reads as a host and path: no `:`, no spaces, a dot in the
  /// part before the first slash, and a character that base64 does not hold.
  static func readsAsHostAndPath(_ text: String) -> Bool {
    guard !text.contains(":"), !text.contains(" ") else { return false }
    let host = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    return host.contains(".") && !host.hasPrefix(".") && !host.hasSuffix(".")
  }
}

extension Rule {
  public static let webURLWithoutScheme = WebURLWithoutSchemeRule.rule
}
