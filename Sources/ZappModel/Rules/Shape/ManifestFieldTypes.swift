import ZappDiagnostics

/// ZL0202 for the values of a manifest's fields that the field shape leaves open, where they hold
/// a type no manifest uses: an option's `text` (a string; a condition's options too) and a condition's `condition_value` (a
/// string, a number, `true` or `false`, or an array of them), in each section's `fields` and in
/// `custom_configuration_fields`.
package enum ManifestFieldTypes {
  package static let sections = ["general", "styles", "rules", "data", "assets", "advertising", "localizations", "hooks"]
  static let conditionValue = "a string, a number, true or false, or an array of them"

  /// The findings of one manifest object.
  package static func check(_ manifest: JSONValue) -> [Diagnostic] {
    guard manifest.kind == .object else { return [] }
    var found: [Diagnostic] = []
    for section in sections {
      guard let holder = manifest[section], holder.kind == .object, let fields = holder["fields"], fields.kind == .array else { continue }
      check(fields: fields, into: &found)
    }
    if let fields = manifest["custom_configuration_fields"], fields.kind == .array { check(fields: fields, into: &found) }
    return found
  }

  private static func check(fields: JSONValue, into found: inout [Diagnostic]) {
    for field in fields.elements where field.kind == .object {
      check(options: field["options"], into: &found)
      if let conditions = field["conditional_fields"], conditions.kind == .array {
        for condition in conditions.elements where condition.kind == .object {
          check(options: condition["options"], into: &found)
          guard let value = condition["condition_value"] else { continue }
          if value.kind == .object {
            found.append(WrongTypeRule.Message.mustBe("'condition_value'", conditionValue, found: value.kind).diagnostic(at: value.spot))
          } else if value.kind == .array, let wrong = value.elements.first(where: { $0.kind == .object || $0.kind == .array }) {
            let message = WrongTypeRule.Message.holdsValues("'condition_value'", "strings, numbers, true or false", found: wrong.kind)
            found.append(message.diagnostic(at: wrong.spot))
          }
        }
      }
      if let nested = field["fields"], nested.kind == .array { check(fields: nested, into: &found) }
    }
  }

  /// An option's `text`, which the builder shows, is a string.
  private static func check(options: JSONValue?, into found: inout [Diagnostic]) {
    guard let options, options.kind == .array else { return }
    for option in options.elements where option.kind == .object {
      guard let text = option["text"], text.kind != .string, text.kind != .null else { continue }
      found.append(WrongTypeRule.Message.mustBe("'text'", "a string", found: text.kind).diagnostic(at: text.spot))
    }
  }
}
