import ZappDiagnostics
import ZappModel

/// ZL0620 unknown-condition-value.
package enum UnknownConditionValueRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0620", name: "unknown-condition-value", severity: .warning, category: .manifests,
    summary: "A conditional field's `condition_value` that the field it names can never hold.",
    explanation: """
      A conditional field applies while the field its `key` names holds its `condition_value` (or \
      one of them). A value that field can never hold means the condition never holds: the \
      builder never shows the field, and options conditioned on `styles/family` are never offered, \
      so the cell styles they list are missing from the family the condition meant. zlc reports \
      a value of a `select`, `multi_select` or `tag_select` field that is none of its options \
      (those it offers under a condition included; `""`, the field unset, passes), a value of a `switch` that is neither `true` \
      nor `false` (nor a string clients read as one, in any case: `"True"`, `"0"`), and a family \
      name on `styles/family` that misspells one of the app's families (another case, a letter \
      off). A `multi_select` condition may join several options with commas (`"x,y"`): each part \
      is checked. A \
      family name far from every family of the app, or a numbered sibling of one (`FAMILY_3`), \
      passes: a plugin's manifest serves many apps, and the family may be another app's. It is a \
      warning, not an error, because the manifest is the plugin's and `zappifest publish` accepts \
      it. The fix-it gives the nearest option or family; `--fix` applies a family only when it \
      differs in case (another letter may be another app's family: a hint).
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(
          #", "styles": {"fields": [{"key": "kind", "type": "select", "options": ["color", "image"]}, {"key": "tint", "type": "color_picker", "conditional_fields": [{"key": "styles/kind", "condition_value": ⟦⟧"colour"}]}]}"#
        )
      ],
      reports: [
        .init(
          "condition_value 'colour' is not an option of field 'styles/kind' (color, image): field 'tint' is never shown",
          fixIt: #""color""#)
      ]),
    good: .files([
      "components/m.json": Example.manifest(
        #", "styles": {"fields": [{"key": "kind", "type": "select", "options": ["color", "image"]}, {"key": "tint", "type": "color_picker", "conditional_fields": [{"key": "styles/kind", "condition_value": "color"}]}]}"#
      )
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`):
  /// the family a condition names may be the one in that file.
  package static let checksFamilyReferences = true

  /// The field types whose value is one (or several) of their options.
  static let optionTypes: Set<String> = ["select", "multi_select", "tag_select"]

  package static func check(_ context: RuleContext) {
    let families = context.project.families
    let familyNames = SuggestionIndex(families.keys.sorted())
    for m in context.project.manifests {
      for field in m.fields {
        for condition in field.value["conditional_fields"]?.elements ?? [] {
          guard let key = condition["key"]?.string, let value = condition["condition_value"] else { continue }
          let values = value.kind == .array ? value.elements : [value]
          if key == "styles/family" {
            for v in values { checkFamily(v, names: familyNames, families, context) }
            continue
          }
          let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
          guard parts.count == 2, let target = m.field(section: parts[0], key: parts[1]) else { continue }
          for v in values { check(v, of: target, key: key, shownField: field.key, context) }
        }
      }
    }
  }

  /// A value of a select field that is none of its options, or of a switch that is no boolean.
  private static func check(_ v: JSONValue, of target: FieldDecl, key: String, shownField: String, _ context: RuleContext) {
    switch target.type?.value {
    case let type? where optionTypes.contains(type):
      // Options offered only under a condition (a family's cell styles) are options too.
      let conditioned = (target.value["conditional_fields"]?.elements ?? []).flatMap { ManifestDecl.optionValues($0["options"]) }
      let options = ManifestDecl.optionValues(target.value["options"]) + conditioned
      // `""` is the value of a field left unset, which a condition may mean.
      guard let s = v.string, !s.isEmpty, !options.isEmpty, !options.contains(s) else { return }
      // A multi_select holds several options, which a condition may write joined by commas.
      if type == "multi_select", s.contains(",") {
        checkParts(of: s, at: v, options: options, key: key, shownField: shownField, context)
        return
      }
      context.report(
        rule,
        "condition_value '\(s)' is not an option of field '\(key)' (\(options.joined(separator: ", "))): field '\(shownField)' is never shown",
        at: v.spot, fixIt: .didYouMean(nearest(to: s, in: options), forName: s, at: v.spot))
    case "switch", "checkbox":
      // Clients read these strings as the boolean they spell (ZL0614), in any case: they match.
      guard let s = v.string, !["true", "false", "1", "0"].contains(s.lowercased()) else { return }
      context.report(
        rule, "condition_value '\(s)' is not true or false, which switch '\(key)' holds: field '\(shownField)' is never shown",
        at: v.spot)
    default:
      return
    }
  }

  /// A family name on `styles/family` that misspells one of the app's families.
  private static func checkFamily(_ v: JSONValue, names: SuggestionIndex, _ families: [String: FamilyDecl], _ context: RuleContext) {
    guard let name = v.string, families[name] == nil, let near = names.nearest(to: name),
      !UnusedFamilyRule.areNumberedSiblings(name, near.text)
    else { return }
    // The manifest serves many apps: only another case is certainly this app's family, for
    // `--fix`; another letter (`FAMILY_1A`) may be another app's, a hint.
    var fix = FixIt.didYouMean(near, at: v.spot)
    if name.lowercased() != near.text.lowercased() { fix?.range = nil }
    context.report(
      rule,
      "condition_value '\(name)' names no family of the app: the options it conditions are offered on no screen",
      at: v.spot,
      notes: families[near.text].map { [DiagnosticNote("family '\(near.text)' is defined here", at: $0.spot)] } ?? [],
      fixIt: fix)
  }

  /// Each comma-separated part of a multi_select's condition (`"x,y"`) that is none of its options;
  /// the fix-it (a hint: several parts may change) writes the nearest option for each.
  private static func checkParts(
    of s: String, at v: JSONValue, options: [String], key: String, shownField: String, _ context: RuleContext
  ) {
    let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }
    let wrong = parts.filter { !options.contains($0) }
    guard !wrong.isEmpty else { return }
    let fixed = parts.map { options.contains($0) ? $0 : nearest(to: $0, in: options)?.text }
    var fix: FixIt?
    if fixed.allSatisfy({ $0 != nil }) {
      let suggestion: String = fixed.compactMap { $0 }.joined(separator: ",")
      let hint: FixIt = .didYouMean(suggestion, at: v.spot)
      fix = FixIt(message: hint.message, replacement: hint.replacement, range: nil)
    }
    context.report(
      rule,
      "condition_value '\(s)' holds \(wrong.map { "'\($0)'" }.joined(separator: ", ")), not an option of field '\(key)' (\(options.joined(separator: ", "))): field '\(shownField)' is never shown",
      at: v.spot, fixIt: fix)
  }
}

extension Rule {
  public static let unknownConditionValue = UnknownConditionValueRule.rule
}
