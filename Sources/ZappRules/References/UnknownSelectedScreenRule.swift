import ZappDiagnostics
import ZappModel

/// ZL0322 unknown-selected-screen.
package enum UnknownSelectedScreenRule: ScreenRule, ComponentRule {
  package static let rule = Rule(
    code: "ZL0322", name: "unknown-selected-screen", severity: .warning, category: .references,
    summary: "A plugin's `screen_selector` value names no screen.",
    explanation: """
      A field of type `screen_selector` in a plugin's manifest holds a screen's id: a plugin \
      component's configuration section (`general`, `styles`, `rules`, `data`, `assets` or \
      `advertising`; not `localizations`, whose values no bundle holds as a plugin's), a screen \
      plugin's own (its `data.target` too), or a navigation plugin's (a \
      navigation's `styles`, `rules`, `data` or `assets`, a nav item plugin's item's `general` too), \
      names the screen the plugin opens (a login screen's screen after login). The screen it names \
      counts as opened (ZL0408, ZL0409). The \
      builder leaves the value in place when that screen is deleted, so a value that is no screen's \
      id is a warning, not an error: the plugin opens nothing there. A plugin component that leaves \
      out a field of a section other than `data` and `localizations` (or one of its plugin's own \
      `data` fields), a screen plugin one of any section but `hooks` and `localizations`, or a \
      navigation or nav item one of its plugin's sections, takes its manifest's `initial_value` for \
      it, as its bundle fills it in: that value names a screen it opens too, checked in the manifest \
      once, with a note at each component, screen, navigation or nav item that takes it. In an app \
      whose platforms' bundles are built with different manifests of the plugin, each platform's \
      bundle holds the value as a screen's id only where its own manifest declares the field a \
      `screen_selector`, and takes that manifest's `initial_value`: a value is checked and opens \
      its screen as those bundles hold it, and a finding about a value (written, or an \
      `initial_value`) that only some platforms' bundles hold as a screen's id names them (`(on ios)`).
      """,
    bad: .files(
      [
        "components/l.json": Example.manifest(
          #", "screen": true, "general": {"fields": [{"key": "post_login_screen", "type": "screen_selector"}]}"#,
          identifier: "my_login", type: "login"),
        "screens/o.json": #"[{"id": "other", "type": "my_login", "general": {"post_login_screen": ⟦⟧"hom"}, "ui_components": []}]"#,
      ],
      reports: [
        .init(
          "selected screen 'hom' (general.post_login_screen) is not the id of any screen", notes: ["screen 'home' is defined here"],
          fixIt: #""home""#)
      ]),
    good: .files([
      "components/l.json": Example.manifest(
        #", "screen": true, "general": {"fields": [{"key": "post_login_screen", "type": "screen_selector"}]}"#,
        identifier: "my_login", type: "login"),
      "screens/o.json": #"[{"id": "other", "type": "my_login", "general": {"post_login_screen": "home"}, "ui_components": []}]"#,
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    checkNavigations(of: screen, context)
    guard screen.isPluginScreen else { return }
    let plugin = screen.type.value
    check(context.project.screenSelections(in: screen.value, plugin: plugin, isComponent: false), context)
    checkFilled(screen.value, plugin: plugin, isComponent: false, what: "screen", at: screen.spot, context) { section, _ in
      Project.filledScreenSelectorSections.contains(section)
    }
  }

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.manifest != nil else { return }
    check(
      context.project.screenSelections(in: visit.component.value, plugin: visit.component.type.value, isComponent: true), context)
    // The plugin's own `data` fields too, which its section's `plugin_values` holds.
    checkFilled(visit.component.value, plugin: visit.type, isComponent: true, what: "component", at: visit.component.spot, context) {
      section, key in
      Project.filledComponentSelectorSections.contains(section) || (section == "data" && !Project.resolvedDataKeys.contains(key))
    }
  }

  /// The `screen_selector` values that the bundles of `object` (a plugin component, or a screen
  /// plugin's screen) take from its plugin's manifests for the fields of the sections `fills`
  /// keeps that it leaves out: each manifest's `initial_value` where that manifest declares the
  /// field a `screen_selector` (a field that is one on some platforms alone is checked as the
  /// bundles of those platforms take it, naming them), with a note at `spot` naming it `what`.
  private static func checkFilled(
    _ object: JSONValue, plugin: String, isComponent: Bool, what: String, at spot: SourceSpot, _ context: RuleContext,
    fills: (_ section: String, _ key: String) -> Bool
  ) {
    let uses = context.project.pluginSelectorFields(of: plugin, isComponent: isComponent)
    for (section, key) in uses.fields where fills(section, key) {
      for filled in ManifestFilledValue.filled(
        [key], in: section, of: object, plugin: plugin, what: what, at: spot, among: uses.holding(section, key), context)
      {
        check(filled, field: "\(section).\(key)", context)
      }
    }
  }

  /// The `screen_selector` values of the screen's navigations' and nav items' plugins, as their
  /// bundles' `plugin_values` hold them (`Project.navigationSelectorFields(of:isItem:)`): each one
  /// written where written, each one taken from a manifest at its `initial_value`.
  private static func checkNavigations(of screen: ScreenDecl, _ context: RuleContext) {
    guard screen.value["navigations"] != nil else { return }
    Project.forEachNavigation(of: screen.value) { object, isItem in
      let uses = context.project.navigationSelectorFields(of: object, isItem: isItem)
      guard let plugin = Project.navigationPlugin(of: object, isItem: isItem), !uses.isEmpty else { return }
      for (section, key) in uses.fields {
        let field = "\(section).\(key)"
        if let written = object[section]?[key]?.nonEmptyString {
          UnknownScreenRule.check(
            written, what: "selected screen", context, as: rule, field: field,
            platforms: context.project.selectorPlatforms(uses, plugin: plugin.value, section: section, key: key))
          continue
        }
        for filled in ManifestFilledValue.filled(
          [key], in: section, of: object, plugin: plugin.value, what: isItem ? "nav item" : "navigation", at: object.spot,
          among: uses.holding(section, key), context)
        {
          check(filled, field: field, context)
        }
      }
    }
  }

  private static func check(_ selections: [Project.ScreenSelection], _ context: RuleContext) {
    for selection in selections {
      UnknownScreenRule.check(
        selection.screen, what: "selected screen", context, as: rule, field: selection.field, platforms: selection.platforms)
    }
  }

  /// A value the plugin takes from its manifest (the bundle's), checked as a written one.
  private static func check(_ filled: ManifestFilledValue, field: String, _ context: RuleContext) {
    guard let screen = filled.value.nonEmptyString else { return }
    UnknownScreenRule.check(screen, what: "selected screen", context, as: rule, field: field, filling: filled)
  }
}

extension Rule {
  public static let unknownSelectedScreen = UnknownSelectedScreenRule.rule
}
