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
      (\(Shapes.navMenuItemTypes.map { "`\($0)`" }.joined(separator: ", "))) and of a nav bar \
      (\(Shapes.navBarItemTypes.map { "`\($0)`" }.joined(separator: ", "))); plugin \
      manifests list navigation items of their own (`supported_nav_items`: `nav_screen`, \
      `nav_url`, …), and Quick Brick has navigation item plugins (manifests of type `nav_item`). A \
      type within the suggestion limit (whatever its case) of a type of the SDK, of a manifest's \
      navigation item id or of a navigation item plugin the project declares is most likely a \
      misspelling, which the client would not draw as the item it was meant to be: a warning, \
      with the type as its fix (a hint where another is about as near, or where a plugin's \
      identifier and the type look like two names). A type near none \
      of them is not reported, though the SDK's list is closed: the types of navigation item \
      plugins are not, and zlc cannot tell an item that one of them draws from a mistake. A type \
      that a manifest of the project declares as its identifier is not reported either. A type of \
      the SDK's nav bar in a `menu` navigation, or of its menu in a `nav_bar` one, is the wrong \
      kind of item: the SDK's plugins of that category do not draw it, a warning too. That is \
      checked only in a navigation of the native SDK's plugins \
      (\(Shapes.nativeNavigationTypes.sorted().map { "`\($0)`" }.joined(separator: ", ")), or \
      none named): Quick Brick's menus (`quick_brick_side_menu`…) and an app's own plugins draw \
      items of their own.
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

  /// The types a did-you-mean may name, besides the project's navigation item plugins.
  static let known = Shapes.navItemTypes + Shapes.manifestNavItemTypes
  static let knownSet = Set(known)

  /// The type nearest `type` among the SDK's and the identifiers of the project's navigation item
  /// plugins (manifests of type `nav_item`, gathered only for a type that is neither), unless
  /// another is about as near.
  static func suggestion(for type: String, _ context: RuleContext) -> Suggestion? {
    let plugins = context.project.manifests.compactMap { $0.type == "nav_item" ? $0.identifier?.value : nil }
    let candidates = known + plugins.filter { !knownSet.contains($0) }
    return unambiguous(nearest(to: type, in: candidates), of: type, among: candidates)
  }

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let navigations = screen.value["navigations"]?.elements, !navigations.isEmpty else { return }
    for navigation in navigations {
      // Only the native SDK's plugins split item types between menus and nav bars; Quick Brick's
      // and an app's own (whose manifest the project may hold) draw items of their own.
      let type = navigation["navigation_type"]?.string ?? ""
      let native = type.isEmpty || (Shapes.nativeNavigationTypes.contains(type) && context.project.manifest(for: type) == nil)
      check(navigation["nav_items"], in: native ? navigation["category"]?.string : nil, context)
    }
  }

  /// The SDK's item types of a menu and of a nav bar.
  static let menuItemTypes = Set(Shapes.navMenuItemTypes)
  static let navBarItemTypes = Set(Shapes.navBarItemTypes)

  /// Checks the items of a `nav_items` array of a navigation of `category` and, nested, their own.
  private static func check(_ items: JSONValue?, in category: String?, _ context: RuleContext) {
    for item in items?.elements ?? [] {
      if let type = item["type"]?.nonEmptyString, context.project.manifest(for: type.value) == nil {
        if !known.contains(type.value), let suggestion = suggestion(for: type.value, context) {
          context.report(
            rule, "nav item type '\(type.value)' is not a navigation item type", at: type.spot,
            fixIt: .didYouMean(suggestion, forName: type.value, except: knownSet, at: type.spot))
        } else if category == "menu", navBarItemTypes.contains(type.value) {
          context.report(rule, "nav item type '\(type.value)' is a nav bar's, in a menu: the SDK's menus do not draw it", at: type.spot)
        } else if category == "nav_bar", menuItemTypes.contains(type.value) {
          context.report(rule, "nav item type '\(type.value)' is a menu's, in a nav bar: the SDK's nav bars do not draw it", at: type.spot)
        }
      }
      check(item["nav_items"], in: category, context)
    }
  }
}

extension Rule {
  public static let unknownNavItemType = UnknownNavItemTypeRule.rule
}
