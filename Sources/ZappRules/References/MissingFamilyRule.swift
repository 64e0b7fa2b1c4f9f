import ZappDiagnostics
import ZappModel

/// ZL0309 missing-family.
package enum MissingFamilyRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0309", name: "missing-family", severity: .error, category: .references,
    summary: "A component with cell styles has no family, on itself or on its screen.",
    explanation: """
      Cell styles, layouts and geometry come from a family: set `styles.family` on the screen or \
      on the component.
      """,
    bad: .files(
      [
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"GRID_1"]}}]}]"#
      ], reports: [.init("component 'grid' has cell styles but no family: set styles.family on it or on its screen")]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]"#
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    // Only cell styles and layouts come from a family: a component without them needs none.
    guard visit.ownFamily == nil, visit.screen.family == nil, visit.isKnownType, !visit.cellStyles.isEmpty || visit.layout != nil
    else { return }
    let what = visit.cellStyles.isEmpty ? "layout" : "cell styles"
    context.report(
      rule, "component '\(visit.type)' has \(what) but no family: set styles.family on it or on its screen",
      at: (visit.cellStyles.first?.spot ?? visit.layout?.spot) ?? c.type.spot)
  }
}

extension Rule {
  public static let missingFamily = MissingFamilyRule.rule
}
