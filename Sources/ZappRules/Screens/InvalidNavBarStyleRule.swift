import ZappDiagnostics
import ZappModel

/// ZL0422 invalid-nav-bar-style.
package enum InvalidNavBarStyleRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0422", name: "invalid-nav-bar-style", severity: .warning, category: .screens,
    summary: "A navigation bar's style holds a value its plugin does not read.",
    explanation: """
      A navigation of category `nav_bar` carries its bar's look in `styles`, as strings: `state` \
      is `on_top`, `overlay` or `hidden`; `presentation_style` is `logo`, `title` or `hidden`; a \
      key that ends in `_color` is a colour (3, 4, 6 or 8 hex digits, alpha first, with or \
      without `#`, or `rgb(…)`, `rgba(…)`); a key that begins with `title_size` is a number \
      written as a string. The bar's plugin reads another value as none and draws its default \
      (a bar on top, the title, its own colours and size), so a typo ships a bar that looks \
      unlike the one designed. zlc checks the bars of Zapp's own navigation plugins and of any \
      plugin without a manifest in the project (a plugin's manifest, when present, declares its \
      own fields); an empty value is the plugin's default. A near miss of a word has the word as \
      its fix. It is a warning: a plugin of an app's own may read more.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          Example.grid,
          extra: #", "navigations": [{"category": "nav_bar", "navigation_type": "navigation_bar", "styles": {"state": ⟦⟧"ontop"}}]"#)
      ],
      reports: [.init("nav bar 'state' 'ontop' is none of on_top, overlay, hidden: the bar is drawn as by default", fixIt: #""on_top""#)]),
    good: .files([
      "screens/o.json": Example.screen(
        Example.grid,
        extra:
          ##", "navigations": [{"category": "nav_bar", "navigation_type": "navigation_bar", "styles": {"state": "on_top", "background_color": "#FF000000", "title_size": "17"}}]"##
      )
    ]))

  /// The words `state` and `presentation_style` take.
  static let words = ["state": ["on_top", "overlay", "hidden"], "presentation_style": ["logo", "title", "hidden"]]

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    for navigation in screen.value["navigations"]?.elements ?? [] where navigation["category"]?.string == "nav_bar" {
      if let type = navigation["navigation_type"]?.nonEmptyString?.value, context.project.manifest(for: type) != nil { continue }
      guard let styles = navigation["styles"], styles.kind == .object else { continue }
      styles.forEachMember { key, value in
        guard let name = key.string, let text = value.string, !text.isEmpty else { return }
        check(name, text, at: value, context)
      }
    }
  }

  private static func check(_ name: String, _ text: String, at value: JSONValue, _ context: RuleContext) {
    if let allowed = words[name] {
      guard !allowed.contains(text) else { return }
      context.report(
        rule,
        "nav bar '\(name)' '\(text)' is none of \(allowed.joined(separator: ", ")): the bar is drawn as by default",
        at: value.spot, fixIt: .didYouMean(nearest(to: text, in: allowed), at: value.spot))
    } else if name.hasSuffix("_color"), !InvalidCardStyleRule.isScreenColor(text) {
      context.report(
        rule,
        "nav bar '\(name)' \(value.quotedSource) is not a colour (hex digits, alpha first, or rgb(…), rgba(…)): the bar is drawn with its default colour",
        at: value.spot)
    } else if name.hasPrefix("title_size"), Double(text) == nil {
      context.report(
        rule, "nav bar '\(name)' \(value.quotedSource) is not a number: the bar's title is drawn at its default size", at: value.spot)
    }
  }
}

extension Rule {
  public static let invalidNavBarStyle = InvalidNavBarStyleRule.rule
}
