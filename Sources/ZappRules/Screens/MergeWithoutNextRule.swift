import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0418 merge-without-next.
package enum MergeWithoutNextRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0418", name: "merge-without-next", severity: .error, category: .screens,
    summary: "`rules.merge_next_by_size_class` is set on a screen's last section, which has no next section to merge.",
    explanation: """
      On the size classes `merge_next_by_size_class` lists, a section shows the next section's items \
      after its own, and the next section is not drawn. The next section is the next component that \
      gets a section, in screen order (a group's components count one by one). The last one has none. \
      A plugin component that leaves the rule out takes its manifest's `initial_value` for it, as a \
      builder fills it in: that value is checked too, reported in the manifest.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ⟦⟧["L"]}}"#
        )
      ], reports: [.init("the last section of screen 'other' has no next section to merge")]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ["L"]}}, "#
          + Example.grid)
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let last = components.last(where: { !context.project.isGroup($0.type) }) else { return }
    let message = "the last section of screen '\(screen.id.value)' has no next section to merge"
    if let merge = last.component.ruleValue("merge_next_by_size_class"), !merge.elements.isEmpty {
      context.report(rule, message, at: merge.spot)
    }
    // The rule a component that leaves it out takes from its manifest, reported there.
    for filled in last.filled("merge_next_by_size_class", in: "rules", context) where !filled.value.elements.isEmpty {
      context.report(rule, message + filled.qualifier, at: filled.value.spot, notes: [filled.note])
    }
  }
}

extension Rule {
  public static let mergeWithoutNext = MergeWithoutNextRule.rule
}
