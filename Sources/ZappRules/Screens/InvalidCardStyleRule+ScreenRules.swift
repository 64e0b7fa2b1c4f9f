import ZappDiagnostics
import ZappLayout
import ZappModel

/// A screen's refresh colours (`rules.pull_to_refresh_loader_color` and the like), which clients
/// read as hex colours: checked as a card's `backgroundColor` is.
extension InvalidCardStyleRule: ScreenRule {
  /// The screen `rules` keys that hold a colour.
  package static let screenColorKeys = [
    "auto_refresh_text_color", "auto_refresh_background_color", "pull_to_refresh_loader_color", "pull_to_refresh_background_color",
  ]

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let rules = screen.value["rules"], rules.kind == .object else { return }
    rules.forEachMember { key, value in
      // An empty string, as a builder writes an unset field, leaves the client's default.
      guard let name = key.string, screenColorKeys.contains(name), let text = value.string, !text.isEmpty,
        !CardStyle.isColor(text)
      else { return }
      context.report(rule, "'\(name)' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found \(value.quotedSource)", at: value.spot)
    }
  }
}
