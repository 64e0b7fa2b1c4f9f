import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0625 field-without-key.
package enum FieldWithoutKeyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0625", name: "field-without-key", severity: .error, category: .manifests,
    summary: "A manifest's field has no key (or one with spaces at its ends), or a group of fields has a field's key or initial value.",
    explanation: """
      A field of a manifest section (`styles`, `general`, `data`, …, `custom_configuration_fields`) \
      stores its value under its `key`: a field without one (or with an empty one) stores it \
      nowhere, so no component or screen gets its value or its `initial_value` (the builder's \
      own `button` and `link` fields hold no value and need none); a key with spaces at its ends \
      stores it under the spaces too, where a plugin reading the key without them finds nothing \
      (the fix trims it, unless another field of the section has that key). `zappifest publish` does not \
      look into fields, so it publishes such a manifest: zlc stops it, as it loses a value. A group (`"group": true`, or a field holding `fields`) \
      holds no value of its own: a `key` or an `initial_value` written on it is read by nothing, \
      as when a field's key is moved up onto its group by mistake. Both are errors: give the \
      field its key, and move the group's key or initial value back to the field it belongs to.
      """,
    bad: .files(
      [
        "components/x.json": Example.manifest(
          #", "styles": {"fields": [{"key": "title", "type": "text_input"}, ⟦⟧{"type": "switch", "initial_value": true}]}"#)
      ],
      reports: [
        .init("styles field 2 of manifest 'x' has no 'key': its value and initial_value reach no component or screen")
      ]),
    good: .files([
      "components/x.json": Example.manifest(
        #", "styles": {"fields": [{"group": true, "label": "Title", "fields": [{"key": "title", "type": "text_input", "initial_value": "A"}]}]}"#
      )
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for manifest in context.project.manifests where manifest.value.kind == .object {
      let name = manifest.identifier.map { "manifest '\($0.value)'" } ?? "its manifest"
      // A trimmed key must stay unique in its section of its manifest, its groups' fields included.
      for section in ManifestFieldTypes.sections {
        guard let fields = manifest.value[section]?["fields"], fields.kind == .array else { continue }
        check(fields, Place(section: section, manifest: name, keys: keys(of: fields)), context)
      }
      if let fields = manifest.value["custom_configuration_fields"], fields.kind == .array {
        check(fields, Place(section: "custom_configuration_fields", manifest: name, keys: keys(of: fields)), context)
      }
    }
  }

  /// Whether the field has a near miss of `key` (`ke`), a misspelling ZL0206 reports with its fix.
  static func hasNearMissOfKey(_ field: JSONValue) -> Bool {
    field.members.contains { member in member.key.string.map { $0 != "key" && closestMatch(to: $0, in: ["key"]) != nil } ?? false }
  }

  /// Where a list of fields is: its section, its manifest, and the keys of the whole section (groups'
  /// fields included), among which a fix's trimmed key must stay unique.
  struct Place {
    let section: String
    let manifest: String
    let keys: SiblingNames
  }

  /// The keys of a section's fields, its groups' fields included.
  static func keys(of fields: JSONValue) -> SiblingNames { SiblingNames(allKeys(of: fields)) { $0.trimmingSpaces } }

  /// The keys of a section's fields, its groups' fields included, in order.
  static func allKeys(of fields: JSONValue) -> [String] {
    var found: [String] = []
    for field in fields.elements where field.kind == .object {
      if let key = field["key"]?.string { found.append(key) }
      if let nested = field["fields"], nested.kind == .array { found += allKeys(of: nested) }
    }
    return found
  }

  /// The builder's own field types, which show something and hold no value.
  static let valueless: Set<String> = ["button", "BUTTON", "link"]

  static func check(_ fields: JSONValue, _ place: Place, _ context: RuleContext) {
    let (section, manifest) = (place.section, place.manifest)
    for (index, field) in fields.elements.enumerated() where field.kind == .object {
      let nested = field["fields"]
      let isGroup = field["group"]?.bool == true || nested?.kind == .array
      if isGroup {
        for (key, _) in field.members {
          guard let name = key.string, name == "key" || name == "initial_value" else { continue }
          context.report(
            rule,
            "'\(name)' on a group of \(section) fields of \(manifest): a group holds no value, so nothing reads it; it belongs to one of its fields",
            at: key.spot)
        }
        if let nested, nested.kind == .array { check(nested, place, context) }
      } else if let key = field["key"], !key.isNull, key.kind != .string {
        continue  // a key of another type is ZL0202's
      } else if field["key"]?.string?.isEmpty ?? true, !valueless.contains(field["type"]?.string ?? ""),
        !hasNearMissOfKey(field)
      {
        let what = field["key"]?.string == nil ? "has no 'key'" : "has an empty 'key'"
        context.report(
          rule, "\(section) field \(index + 1) of \(manifest) \(what): its value and initial_value reach no component or screen",
          at: field["key"]?.spot ?? field.spot)
      } else if let key = field["key"], let name = key.string, name.trimmingSpaces != name, !name.trimmingSpaces.isEmpty {
        // The builder stores the value under the key with its spaces; the plugin reads it without.
        let trimmed = name.trimmingSpaces
        let taken = place.keys.take(trimmed)
        context.report(
          rule,
          "\(section) field key '\(name)' of \(manifest) has spaces at its ends: the value is stored under the key with them, where a plugin reading '\(trimmed)' finds none",
          at: key.spot, fixIt: .trimming(to: trimmed, at: key.spot, taken: taken))
      }
    }
  }
}

extension Rule {
  public static let fieldWithoutKey = FieldWithoutKeyRule.rule
}
