import ZappDiagnostics
import ZappModel

/// ZL0622 duplicate-option-value.
package enum DuplicateOptionValueRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0622", name: "duplicate-option-value", severity: .warning, category: .manifests,
    summary: "A manifest field offers two options of one value.",
    explanation: """
      A `select`, `multi_select`, `tag_select` or `react_select` field offers its `options` in the \
      builder, and the screen keeps the chosen option's `value` (or the option itself, when it is \
      a plain value), which the client reads. Two options of one value are one choice: picking \
      either stores the same value, the builder shows the first as chosen when the screen is \
      opened again, and what the second was to select is lost. The second is reported, with a \
      note at the first; a condition's `options` are a list of their own. Values are compared as \
      the text the client reads (`1` and `"1"` are one value), byte for byte (`ä` and `a` with a \
      combining diaeresis are two, as a client compares them). Give each option a value of its \
      own, or remove one. It is a warning, as the manifest is the plugin's and `zappifest publish` \
      accepts it.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(
          #", "styles": {"fields": [{"key": "kind", "type": "select", "options": [{"text": "Colour", "value": "color"}, {"text": "Image", "value": ⟦⟧"color"}]}]}"#
        )
      ],
      reports: [
        .init(
          "option value 'color' of field 'styles.kind' is offered twice: the builder stores one value for both",
          notes: ["first offered here"])
      ]
    ),
    good: .files([
      "components/m.json": Example.manifest(
        #", "styles": {"fields": [{"key": "kind", "type": "select", "options": [{"text": "Colour", "value": "color"}, {"text": "Image", "value": "image"}]}]}"#
      )
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for manifest in context.project.manifests {
      for field in manifest.fields {
        check(field.value["options"], field: field, context)
        for condition in field.value["conditional_fields"]?.elements ?? [] where condition.kind == .object {
          check(condition["options"], field: field, context)
        }
      }
    }
  }

  /// Each option of a list whose value an earlier option of the list has.
  private static func check(_ options: JSONValue?, field: FieldDecl, _ context: RuleContext) {
    guard let options, options.kind == .array else { return }
    // Keyed by the text's bytes: Swift's `String` equality would take two Unicode forms of one
    // character for one value, which the builder and the clients keep apart.
    var first: [[UInt8]: SourceSpot] = [:]
    for option in options.elements {
      guard let value = option.kind == .object ? option["value"] : option, let text = PluginValueForm.text(value) else { continue }
      if let spot = first[Array(text.utf8)] {
        context.report(
          rule, "option value '\(text)' of field '\(field.section).\(field.key)' is offered twice: the builder stores one value for both",
          at: value.spot, notes: [DiagnosticNote("first offered here", at: spot)])
      } else {
        first[Array(text.utf8)] = value.spot
      }
    }
  }
}

extension Rule {
  public static let duplicateOptionValue = DuplicateOptionValueRule.rule
}
