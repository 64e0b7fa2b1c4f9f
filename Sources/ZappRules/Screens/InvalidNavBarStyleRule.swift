import ZappDiagnostics
import ZappModel

/// ZL0422 invalid-nav-bar-style.
package enum InvalidNavBarStyleRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0422", name: "invalid-nav-bar-style", severity: .warning, category: .screens,
    summary: "A navigation bar's style holds a value its plugin does not read.",
    explanation: """
      A navigation of category `nav_bar` carries its bar's look in `styles`, as strings: `state` \
      is `on_top`, `overlay` or `hidden`; `presentation_style` is `logo`, `title` or `hidden`; \
      `style` (where the title stands) is `left` or `center`; a \
      key that ends in `_color` is a colour (3, 4, 6 or 8 hex digits, alpha first, with or \
      without `#`, or `rgb(…)`, `rgba(…)`); a key that begins with `title_size` is a number \
      written as a string. The bar's plugin reads another value as none and draws its default \
      (a bar on top, the title, its own colours and size), so a typo ships a bar that looks \
      unlike the one designed. zlc checks the bars of the SDK's own `navigation_bar` plugin (and \
      of a bar without a `navigation_type`, which clients draw with it); another plugin, an \
      app's own one included, declares its own fields and values. An empty value is the plugin's \
      default. A near miss of a word has the word as its fix. It is a warning: the screen opens, \
      with a bar drawn by default.
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

  /// The SDK's navigation bar plugin, whose values these are.
  static let sdkBar = "navigation_bar"

  /// The words `state`, `presentation_style` and `style` take.
  static let words = NavigationPluginKeys.barStyleWords

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    for navigation in screen.value["navigations"]?.elements ?? [] where navigation["category"]?.string == "nav_bar" {
      // Only the SDK's bar reads these values; another plugin (an app's own) declares its own.
      let type = navigation["navigation_type"]?.string ?? ""
      guard type.isEmpty || type == sdkBar else { continue }
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
        "nav bar '\(name)' '\(text)' is not a colour (hex digits, alpha first, or rgb(…), rgba(…)): the bar is drawn with its default colour",
        at: value.spot)
    } else if name.hasPrefix("title_size"), Double(text) == nil {
      context.report(
        rule, "nav bar '\(name)' '\(text)' is not a number: the bar's title is drawn at its default size", at: value.spot)
    }
  }
}

extension Rule {
  public static let invalidNavBarStyle = InvalidNavBarStyleRule.rule
}
