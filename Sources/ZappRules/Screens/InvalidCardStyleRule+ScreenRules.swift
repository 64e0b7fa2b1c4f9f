import ZappDiagnostics
import ZappLayout
import ZappModel

/// A screen's refresh colours (`rules.pull_to_refresh_loader_color` and the like): hex colours as
/// clients read them, or `rgb(…)`/`rgba(…)` as the builder's colour pickers write them.
extension InvalidCardStyleRule: ScreenRule {
  /// The screen `rules` keys that hold a colour.
  package static let screenColorKeys = [
    "auto_refresh_text_color", "auto_refresh_background_color", "pull_to_refresh_loader_color", "pull_to_refresh_background_color",
  ]

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let rules = screen.value["rules"], rules.kind == .object else { return }
    rules.forEachMember { key, value in
      // An empty string, as a builder writes an unset field, leaves the client's default.
      guard let name = key.string, screenColorKeys.contains(name), let text = value.string, !text.isEmpty, !isScreenColor(text)
      else { return }
      context.bag.add(Message.screenColor(name, found: value.quotedSource).diagnostic(at: value.spot))
    }
  }

  /// Hex digits, 3, 4, 6 or 8 of them (`RGB`, `ARGB`, `RRGGBB`, `AARRGGBB`) with or without a
  /// leading `#` (Android writes none), or `rgb(r, g, b)` and `rgba(r, g, b, a)`.
  package static func isScreenColor(_ text: String) -> Bool {
    let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
    if [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) { return true }
    return !text.hasPrefix("#") && PluginValueForm.isColour(text)
  }
}
