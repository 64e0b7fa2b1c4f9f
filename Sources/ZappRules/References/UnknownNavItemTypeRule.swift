import ZappDiagnostics
import ZappModel

/// ZL0326 unknown-nav-item-type.
package enum UnknownNavItemTypeRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0326", name: "unknown-nav-item-type", severity: .warning, category: .references,
    summary: "A navigation item's `type` is a near miss of a navigation item type.",
    explanation: """
      A navigation item's `type` says what the item is, and clients compare it exactly. The \
      native SDK knows the types of a menu \
      (\(Shapes.navItemTypes.prefix(7).map { "`\($0)`" }.joined(separator: ", "))) and of a nav bar \
      (\(Shapes.navItemTypes.dropFirst(7).map { "`\($0)`" }.joined(separator: ", "))); plugin \
      manifests list navigation items of their own (`supported_nav_items`: `nav_screen`, \
      `nav_url`, …), and Quick Brick has navigation item plugins (manifests of type `nav_item`). A \
      type within the suggestion limit (whatever its case) of a type of the SDK or of a manifest's \
      navigation item id is most likely a \
      misspelling, which the client would not draw as the item it was meant to be: a warning, \
      with the type as its fix (a hint where another is about as near). A type near none \
      of them is not reported, though the SDK's list is closed: the types of navigation item \
      plugins are not, and zlc cannot tell an item that one of them draws from a mistake. A type \
      that a manifest of the project declares as its identifier is not reported either.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          Example.grid,
          extra: #", "navigations": [{"category": "menu", "nav_items": [{"title": "Settings", "type": ⟦⟧"aplicaster_settings"}]}]"#)
      ],
      reports: [.init("nav item type 'aplicaster_settings' is not a navigation item type", fixIt: #""applicaster_settings""#)]),
    good: .files([
      "components/n.json": Example.manifest("", identifier: "account_icon", type: "nav_item"),
      "screens/o.json": Example.screen(
        Example.grid,
        extra: #"""
          , "navigations": [{"category": "menu", "nav_items": [{"title": "Home", "type": "label", "data": {"target": "home"}},
            {"title": "More", "type": "nested_menu", "nav_items": [{"title": "EPG", "type": "applicaster_epg"}]}]},
            {"category": "nav_bar", "nav_items": [{"type": "chromecast"}, {"type": "account_icon"}, {"type": "brand_live_button"}]}]
          """#),
    ]))

  /// The types a did-you-mean may name.
  static let known = Shapes.navItemTypes + Shapes.manifestNavItemTypes

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let navigations = screen.value["navigations"]?.elements, !navigations.isEmpty else { return }
    for navigation in navigations { check(navigation["nav_items"], context) }
  }

  /// Checks the items of a `nav_items` array and, nested, their own.
  private static func check(_ items: JSONValue?, _ context: RuleContext) {
    for item in items?.elements ?? [] {
      if let type = item["type"]?.nonEmptyString, !known.contains(type.value), context.project.manifest(for: type.value) == nil,
        let suggestion = unambiguous(nearest(to: type.value, in: known), of: type.value, among: known)
      {
        context.report(
          rule, "nav item type '\(type.value)' is not a navigation item type", at: type.spot, fixIt: .didYouMean(suggestion, at: type.spot))
      }
      check(item["nav_items"], context)
    }
  }
}

extension Rule {
  public static let unknownNavItemType = UnknownNavItemTypeRule.rule
}
