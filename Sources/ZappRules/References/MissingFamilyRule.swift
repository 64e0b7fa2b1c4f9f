import ZappDiagnostics
import ZappModel

/// ZL0309 missing-family.
package enum MissingFamilyRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0309", name: "missing-family", severity: .error, category: .references,
    summary: "A component with cell styles, or a built-in one that draws items, has no family, on itself or on its screen.",
    explanation: """
      Cell styles, layouts and geometry come from a family: set `styles.family` on the screen or \
      on the component. A built-in component that draws a feed's items (a grid, a list, a hero) \
      with neither a family nor cell styles would be a hole in the screen, its items of no size: \
      give it a family and name a cell style of it in `styles.cell_styles`.
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
    guard visit.ownFamily == nil, visit.screen.family == nil, visit.isKnownType else { return }
    guard !visit.cellStyles.isEmpty || visit.layout != nil else {
      // Cell styles and layouts come from a family: a plugin or a group without them needs none,
      // a built-in component that draws items does (a misspelled `cell_styles` is ZL0206's).
      guard visit.takesData, !visit.isGroup, visit.manifest == nil, Project.builtinComponentTypeSet.contains(visit.type),
        !c.misspellsCellStyles
      else { return }
      context.report(
        rule,
        "component '\(visit.type)' has no family and no cell styles, so its items would have no size: set styles.family on it or on its screen, and name a cell style in styles.cell_styles",
        at: c.type.spot)
      return
    }
    let what = visit.cellStyles.isEmpty ? "layout" : "cell styles"
    context.report(
      rule, "component '\(visit.type)' has \(what) but no family: set styles.family on it or on its screen",
      at: (visit.cellStyles.first?.spot ?? visit.layout?.spot) ?? c.type.spot)
  }
}

extension Rule {
  public static let missingFamily = MissingFamilyRule.rule
}
