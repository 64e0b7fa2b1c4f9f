import Foundation
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
      scheme meant, where the source had one (a hint when the misspelling is as near to both, \
      `htts`). A source of letters and digits alone (an id, or an address encoded in base64, as \
      builders may write), a file's name (`index.html`), numbers (`1.2`), a template \
      (`{{host}}/x`, `${base}/x`) and another scheme (`riverflix://`) pass. It is a warning: \
      zlc cannot know how every client reads the source.
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
    // A template (`{{host}}/x`, `${base}/x`) is filled in before it is loaded.
    guard !text.contains("{{"), !text.contains("${") else { return }
    // A source with spaces at its ends is ZL0203's, with the trimmed source as its fix.
    guard text.trimmingCharacters(in: .whitespacesAndNewlines) == text else { return }
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
  /// scheme. A scheme as near to both (`htts`) is tied: `https` is the hint, which `--fix` does
  /// not apply.
  static func fixedScheme(_ text: String) -> Suggestion? {
    guard let colonOrSlash = text.firstIndex(where: { $0 == ":" || $0 == "/" }) else { return nil }
    let scheme = text[..<colonOrSlash].lowercased()
    let rest = text[colonOrSlash...].drop { $0 == ":" || $0 == "/" }
    // Schemes are read in any case: `HTTPS://` is written right.
    if scheme == "http" || scheme == "https", text[colonOrSlash..<rest.startIndex] == "://" { return nil }
    guard !rest.isEmpty, !scheme.isEmpty else { return nil }
    if scheme == "http" || scheme == "https" { return Suggestion(text: scheme + "://" + rest, isTied: false) }
    let secure = editDistance(scheme, "https")
    let plain = editDistance(scheme, "http")
    guard min(secure, plain) == 1 else { return nil }
    return Suggestion(text: (secure <= plain ? "https" : "http") + "://" + rest, isTied: secure == plain)
  }

  /// Whether a source without a scheme reads as a host and path: no `:`, no spaces, a dot in the
  /// part before the first slash, whose last label is neither a file's extension (`index.html`,
  /// a path relative to the page) nor all digits (a version, an address of numbers).
  static func readsAsHostAndPath(_ text: String) -> Bool {
    guard !text.contains(":"), !text.contains(" ") else { return false }
    let host = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard host.contains("."), !host.hasPrefix("."), !host.hasSuffix("."), let last = host.split(separator: ".").last else { return false }
    return !fileExtensions.contains(last.lowercased()) && !last.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The extensions of files a web view may be given by a relative path: not hosts.
  static let fileExtensions: Set<String> = [
    "html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "json", "xml", "pdf", "txt", "js", "css", "svg", "png", "jpg", "jpeg",
    "gif", "webp", "mp4", "m3u8",
  ]
}

extension Rule {
  public static let webURLWithoutScheme = WebURLWithoutSchemeRule.rule
}
