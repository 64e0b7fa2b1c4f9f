import ZappDiagnostics
import ZappModel

/// ZL0615 initial-value-type.
package enum InitialValueTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0615", name: "initial-value-type", severity: .warning, category: .manifests,
    summary:
      "A manifest field's `initial_value` does not fit its own type, a field gives `default` in its place, or a number field's `min` or `max` is no number.",
    explanation: """
      A field's `initial_value` is the value a screen gets when it leaves the field out: zlc fills \
      it into a plugin component's `styles` and `plugin_values` and a screen plugin's \
      `plugin_values`, and the client \
      reads it as the field's type, as it reads a screen's value (ZL0614 says which forms each type \
      takes). A default the client cannot read ships a broken default to every screen that leaves \
      the field out. It is a warning, not an error, because the manifest is the plugin's: \
      `zappifest publish` accepts it. The fix-it gives the closest option. A `number_input` \
      field's `min` and `max` are numbers too: one that is not (`"0x10"`) bounds nothing. A field \
      of a screen or component section (`general`, `styles`, `rules`, `data`, `assets`, \
      `advertising`) that gives `default` and no `initial_value` (or a null one) has no default at \
      all: builders fill `initial_value` alone (`default` is the plugin configuration's, in \
      `custom_configuration_fields`); the fix-it renames the key when no `initial_value` is written.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(
          #", "styles": {"fields": [{"key": "kind", "type": "select", "options": ["color", "image"], "initial_value": ⟦⟧"Color"}]}"#)
      ],
      reports: [
        .init(
          #"'styles.kind' is a select field whose initial_value the client cannot read: expected one of 'color', 'image', found "Color""#,
          fixIt: #""color""#)
      ]),
    good: .files([
      "components/m.json": Example.manifest(
        #", "styles": {"fields": [{"key": "kind", "type": "select", "options": ["color", "image"], "initial_value": "color"}]}"#)
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for manifest in context.project.manifests {
      for field in manifest.fields {
        guard let initial = field.initialValue, let type = field.type,
          let problem = PluginValueForm.problem(with: initial, type: type.value, field: field.value, section: field.section)
        else { continue }
        context.report(
          rule,
          "'\(field.section).\(field.key)' is \(PluginValueForm.article(type.value)) field whose initial_value the client cannot read: \(problem.expected), found \(initial.quotedSource)",
          at: initial.spot, fixIt: .didYouMean(problem.suggestion, at: problem.element ?? initial.spot))
      }
      for field in manifest.fields where field.type?.value == "number_input" { checkBounds(field, context) }
      for field in manifest.fields where defaultSections.contains(field.section) { checkDefault(field, context) }
    }
  }

  /// The sections whose fields' `initial_value` a screen or component gets: not `localizations`
  /// (per language) nor `hooks` (they select plugins).
  static let defaultSections: Set<String> = ["general", "styles", "rules", "data", "assets", "advertising"]

  /// A field that gives `default` and no `initial_value` (or a null one): builders fill neither
  /// into a screen. Renaming the key is the fix-it unless `initial_value` is written already (a
  /// hint when a misspelling of it is).
  static func checkDefault(_ field: FieldDecl, _ context: RuleContext) {
    guard field.initialValue?.isNull ?? true,
      let key = field.value.members.first(where: { $0.0.string == "default" && !$0.1.isNull })?.0
    else { return }
    let name = "'\(field.section).\(field.key)'"
    guard field.initialValue == nil else {
      context.report(
        rule,
        "\(name) gives a default but a null initial_value: a screen that leaves the field out gets no value (builders fill initial_value alone)",
        at: key.spot)
      return
    }
    // With a misspelled `initial_value` beside it, which value is meant is the author's choice.
    var fix = FixIt.didYouMean("initial_value", at: key.spot)
    if field.value.holdsNearMiss(of: "initial_value", besides: "default") { fix.range = nil }
    context.report(
      rule,
      "\(name) gives a default but no initial_value: a screen that leaves the field out gets no value (builders fill initial_value alone)",
      at: key.spot, fixIt: fix)
  }

  /// A number field's `min` and `max`: numbers, or "" or null for none.
  static func checkBounds(_ field: FieldDecl, _ context: RuleContext) {
    for key in ["min", "max"] {
      guard let bound = field.value[key], bound.kind != .null, bound.string != "", PluginValueForm.bound(bound) == nil else { continue }
      context.report(
        rule, "'\(field.section).\(field.key)' is a number_input field whose \(key) is no number, found \(bound.quotedSource)",
        at: bound.spot)
    }
  }
}

extension Rule {
  public static let initialValueType = InitialValueTypeRule.rule
}
