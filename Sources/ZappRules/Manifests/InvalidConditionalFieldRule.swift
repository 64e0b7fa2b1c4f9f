import ZappDiagnostics
import ZappModel

/// ZL0608 invalid-conditional-field.
package enum InvalidConditionalFieldRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0608", name: "invalid-conditional-field", severity: .warning, category: .manifests,
    summary: "A conditional field names a section or field that does not exist.",
    explanation: """
      `conditional_fields[].key` is `section/key` where section is a configuration section of the \
      manifest and key a field in it (`styles/family` is always allowed). `zappifest publish` \
      accepts any key, and the builder then never shows the field conditionally, so this is a \
      warning. When another section holds the key, the message names it and the fix-it uses it.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(
          #", "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "text_input", "conditional_fields": [{"key": ⟦⟧"styles/c", "condition_value": true}]}]}"#
        )
      ], reports: [.init("conditional field 'styles/c' names no field of section 'styles'", fixIt: #""styles/a""#)]),
    good: .files([
      "components/m.json": Example.manifest(
        #", "styles": {"fields": [{"key": "a", "type": "switch"}, {"key": "b", "type": "text_input", "conditional_fields": [{"key": "styles/a", "condition_value": true}]}]}"#
      )
    ]))

  package static let manifestSections = ["general", "styles", "rules", "data", "assets", "advertising", "localizations", "hooks"]

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      let sections = Set(manifestSections.filter(m.hasSection))
      let keys = SectionKeys(m)
      for field in m.fields {
        for key in field.conditionKeys where key.value != "styles/family" {
          check(key.value, at: key.spot, keys: keys, sections: sections, context)
        }
      }
    }
  }

  /// A manifest's field keys by section, gathered once: a field may have thousands of conditions,
  /// and a manifest thousands of fields.
  final class SectionKeys {
    private var ordered: [String: [String]] = [:]
    private var sets: [String: Set<String>] = [:]
    private var suggestions: [String: SuggestionIndex] = [:]

    init(_ manifest: ManifestDecl) {
      for field in manifest.fields {
        ordered[field.section, default: []].append(field.key)
        sets[field.section, default: []].insert(field.key)
      }
    }

    func has(_ key: String, in section: String) -> Bool { sets[section]?.contains(key) ?? false }

    /// The key of the section nearest `key`, when one is near.
    func suggestion(for key: String, in section: String) -> Suggestion? {
      if suggestions[section] == nil { suggestions[section] = SuggestionIndex(ordered[section] ?? []) }
      return suggestions[section]?.nearest(to: key)
    }
  }

  static func check(_ key: String, at spot: SourceSpot, keys: SectionKeys, sections: Set<String>, _ context: RuleContext) {
    let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
    guard parts.count == 2 else {
      context.report(rule, "conditional field key '\(key)' must be 'section/key'", at: spot)
      return
    }
    if sections.contains(parts[0]), keys.has(parts[1], in: parts[0]) { return }
    // The section that does hold the key, when one does: the usual slip. When several do, either
    // would be a guess: a hint.
    let holders = manifestSections.filter { $0 != parts[0] && keys.has(parts[1], in: $0) }
    if let holder = holders.first {
      let places = holders.count == 1 ? "section '\(holder)'" : "sections " + holders.map { "'\($0)'" }.joined(separator: ", ")
      context.report(
        rule, "conditional field '\(key)' names section '\(parts[0])', but field '\(parts[1])' is in \(places)", at: spot,
        fixIt: .didYouMean(Suggestion(text: holder + "/" + parts[1], isTied: holders.count > 1), at: spot))
    } else if !sections.contains(parts[0]) {
      let present = manifestSections.filter(sections.contains)
      context.report(
        rule,
        "conditional field '\(key)' names section '\(parts[0])', which the manifest does not have (it has \(present.isEmpty ? "no sections" : present.joined(separator: ", ")))",
        at: spot, fixIt: .didYouMean(nearest(to: parts[0], in: present)?.map { $0 + "/" + parts[1] }, at: spot))
    } else {
      context.report(
        rule, "conditional field '\(key)' names no field of section '\(parts[0])'", at: spot,
        fixIt: .didYouMean(keys.suggestion(for: parts[1], in: parts[0])?.forName(parts[1]).map { parts[0] + "/" + $0 }, at: spot))
    }
  }
}

extension Rule {
  public static let invalidConditionalField = InvalidConditionalFieldRule.rule
}
