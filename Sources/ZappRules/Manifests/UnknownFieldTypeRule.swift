import ZappDiagnostics
import ZappModel

/// ZL0607 unknown-field-type.
package enum UnknownFieldTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0607", name: "unknown-field-type", severity: .warning, category: .manifests,
    summary: "A configuration field of a type the builder is not known to offer.",
    explanation: """
      Known field types are text_input, text_area, number_input, select, multi_select, tag_select, \
      switch, checkbox, color_picker, color_picker_rgba, uploader, hidden, inline_input, \
      screen_selector, nav_bar_selector, preload_plugins_selector, text_style, the font selectors, \
      the builder's internal button and link, and `react_select` (used by Applicaster's published \
      QuickBrick manifests). `zappifest publish` does not check field types, so another value is \
      a warning: the builder shows no control for the field. The fix-it corrects a typo.
      """,
    bad: .files(
      ["components/m.json": Example.manifest(#", "styles": {"fields": [{"key": "a", "type": ⟦⟧"text_imput"}]}"#)],
      reports: [
        .init(
          "unknown field type 'text_imput' (zappifest publish accepts it, but the builder shows no control for it; known types: \(UnknownFieldTypeRule.fieldTypes.joined(separator: ", ")))",
          fixIt: #""text_input""#)
      ]),
    good: .files(["components/m.json": Example.manifest(#", "styles": {"fields": [{"key": "a", "type": "text_input"}]}"#)]))

  package static let fieldTypes = [
    "text_input", "text_area", "number_input", "select", "multi_select", "tag_select", "switch",
    "checkbox", "color_picker", "color_picker_rgba", "uploader", "hidden", "inline_input",
    "screen_selector", "nav_bar_selector", "preload_plugins_selector", "text_style", "ios_font_selector",
    "android_font_selector", "tvos_font_selector", "roku_font_selector", "samsung_tv_font_selector",
    "lg_tv_font_selector", "web_font_selector", "button", "BUTTON", "link", "react_select",
  ]

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for m in context.project.manifests {
      for field in m.fields {
        guard let type = field.type, !fieldTypes.contains(type.value) else { continue }
        context.report(
          rule,
          "unknown field type '\(type.value)' (zappifest publish accepts it, but the builder shows no control for it; known types: \(fieldTypes.joined(separator: ", ")))",
          at: type.spot,
          fixIt: .didYouMean(for: type.value, among: fieldTypes, at: type.spot))
      }
    }
  }
}

extension Rule {
  public static let unknownFieldType = UnknownFieldTypeRule.rule
}
