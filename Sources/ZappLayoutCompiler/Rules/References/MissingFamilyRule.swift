/// ZL0309 missing-family.
enum MissingFamilyRule: ComponentRule {
  static let rule = Rule(
    code: "ZL0309", name: "missing-family", severity: .error, category: .references,
    summary: "A component with cell styles has no family, on itself or on its screen.",
    explanation: """
      Cell styles, layouts and geometry come from a family: set `styles.family` on the screen or \
      on the component.
      """,
    bad: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": ⟦⟧"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]"#
    ]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]"#
    ]))

  static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    guard visit.ownFamily == nil, visit.screen.family == nil, visit.isKnownType, visit.type != "group",
      Checker.builtinComponentTypes.contains(visit.type) || !visit.cellStyles.isEmpty || visit.layout != nil
    else { return }
    context.report(rule, "component '\(visit.type)' has no family: set styles.family on it or on its screen", at: c.type.spot)
  }
}

extension Rule {
  public static let missingFamily = MissingFamilyRule.rule
}
