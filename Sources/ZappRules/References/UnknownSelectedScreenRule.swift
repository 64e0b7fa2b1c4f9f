import ZappDiagnostics
import ZappModel

/// ZL0322 unknown-selected-screen.
package enum UnknownSelectedScreenRule: ScreenRule, ComponentRule {
  package static let rule = Rule(
    code: "ZL0322", name: "unknown-selected-screen", severity: .warning, category: .references,
    summary: "A plugin's `screen_selector` value names no screen.",
    explanation: """
      A field of type `screen_selector` in a plugin's manifest holds a screen's id: a plugin \
      component's configuration section (`general`, `styles`, `rules`, `data`, `assets`, \
      `advertising` or `localizations`), or a screen plugin's own, names the screen the plugin opens \
      (a login screen's screen after login). The screen it names counts as opened (ZL0409). The \
      builder leaves the value in place when that screen is deleted, so a value that is no screen's \
      id is a warning, not an error: the plugin opens nothing there. A plugin component that leaves \
      out a field of a section other than `data`, or a screen plugin one of any section but `hooks`, \
      takes its manifest's `initial_value` for it, as its bundle fills it in: that value names a \
      screen it opens too, checked in the manifest once, with a note at each component or screen \
      that takes it.
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
    guard screen.isPluginScreen else { return }
    let plugin = screen.type.value
    check(context.project.screenSelections(in: screen.value, plugin: plugin), context)
    for (section, key) in context.project.screenSelectorFields(of: plugin) where Project.filledScreenSelectorSections.contains(section) {
      for filled in ManifestFilledValue.filled(
        [key], in: section, of: screen.value, plugin: plugin, what: "screen", at: screen.spot, context)
      {
        check(filled, field: "\(section).\(key)", context)
      }
    }
  }

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.manifest != nil else { return }
    check(context.project.screenSelections(in: visit.component.value, plugin: visit.component.type.value), context)
    // The plugin's own `data` fields too, which its section's `plugin_values` holds.
    for (section, key) in context.project.screenSelectorFields(of: visit.type)
    where Project.filledComponentSelectorSections.contains(section) || (section == "data" && !Project.resolvedDataKeys.contains(key)) {
      for filled in visit.filled(key, in: section, context) { check(filled, field: "\(section).\(key)", context) }
    }
  }

  private static func check(_ selections: [Project.ScreenSelection], _ context: RuleContext) {
    for selection in selections {
      UnknownScreenRule.check(selection.screen, what: "selected screen", context, as: rule, field: selection.field)
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
