import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0309 missing-family.
package enum MissingFamilyRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0309", name: "missing-family", severity: .error, category: .references,
    summary: "A component with cell styles, or a built-in one that draws data, has no family, on itself or on its screen.",
    explanation: """
      Cell styles, layouts and geometry come from a family: set `styles.family` on the screen or \
      on the component. A built-in component that draws data (a `grid` with a data source) needs \
      one even when it names no cell style: without a family its section has no layout, and a \
      client draws nothing there. With a family, a component that names no cell style its family \
      offers is ZL0304.
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
    guard !visit.cellStyles.isEmpty || visit.layout != nil else { return checkDrawsData(visit, context) }
    let what = visit.cellStyles.isEmpty ? "layout" : "cell styles"
    context.report(
      rule, "component '\(visit.type)' has \(what) but no family: set styles.family on it or on its screen",
      at: (visit.cellStyles.first?.spot ?? visit.layout?.spot) ?? c.type.spot)
  }
}

extension MissingFamilyRule {
  /// A built-in component that draws data, with no cell style, layout or family: a family styles
  /// its type (some family the project has does), and without one a client could not lay it out.
  static func checkDrawsData(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.takesData, !visit.isGroup, visit.manifest == nil, Project.builtinComponentTypeSet.contains(visit.type),
      !visit.component.misspellsCellStyles, context.project.families.values.contains(where: { $0.family.component(visit.type) != nil })
    else { return }
    context.report(
      rule,
      "component '\(visit.type)' draws data but has no family and no cell styles, so a client could not lay out its items: set styles.family on it or on its screen, and styles.cell_styles",
      at: visit.component.type.spot)
  }
}

extension Rule {
  public static let missingFamily = MissingFamilyRule.rule
}
