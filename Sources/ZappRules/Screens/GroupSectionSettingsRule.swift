import ZappDiagnostics
import ZappModel

/// ZL0425 group-section-settings.
package enum GroupSectionSettingsRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0425", name: "group-section-settings", severity: .warning, category: .screens,
    summary: "A group sets a visible header or footer, or a rule by size class, which only a section draws.",
    explanation: """
      A group draws no section of its own: each component in it gets its section, with its own \
      header, footer and rules. A group's visible `header` or `footer`, and its \
      `rules.item_limit_by_size_class`, `filter_by_size_class` and `merge_next_by_size_class`, are \
      in no section of the bundle, so no client draws them: set them on the components in the \
      group. (A builder writes a hidden header and an `item_limit` on every component, a group's \
      too; those are not reported.)
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "group", "styles": {"header": ⟦⟧{"visible": true, "style": "HEADER_1"}}, "rules": {"merge_next_by_size_class": ⟦⟧["L"]}, "ui_components": [\#(Example.grid)]}"#
        )
      ],
      reports: [
        .init("a group draws no section, so its 'styles.header' never applies; set it on the components in the group"),
        .init(
          "a group draws no section, so its 'rules.merge_next_by_size_class' never applies; set it on the components in the group"),
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "group", "styles": {"header": {"visible": false}}, "rules": {"item_limit": 5}, "ui_components": [\#(Example.grid)]}"#
      )
    ]))

  /// The rules only a section applies, which a group's bundle entry does not hold.
  static let sectionRules = ["item_limit_by_size_class", "filter_by_size_class", "merge_next_by_size_class"]

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    // A plugin that is a group on some platforms only is drawn as itself on the others.
    guard visit.isGroup, visit.groupPlatforms == nil else { return }
    let c = visit.component
    let platform = context.project.clientPlatform
    for key in ["header", "footer"] {
      let shown = key == "header" ? c.header(on: platform) : c.footer(on: platform)
      guard shown != nil, let value = c.value["styles"]?[key] else { continue }
      report("styles.\(key)", at: value.spot, context)
    }
    for key in sectionRules {
      guard let value = c.ruleValue(key), !value.members.isEmpty || !value.elements.isEmpty else { continue }
      report("rules.\(key)", at: value.spot, context)
    }
  }

  static func report(_ key: String, at spot: SourceSpot, _ context: RuleContext) {
    context.report(
      rule, "a group draws no section, so its '\(key)' never applies; set it on the components in the group", at: spot)
  }
}

extension Rule {
  public static let groupSectionSettings = GroupSectionSettingsRule.rule
}
