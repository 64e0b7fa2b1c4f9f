import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0338 component-without-family.
package enum ComponentWithoutFamilyRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0338", name: "component-without-family", severity: .warning, category: .references,
    summary: "A built-in component that draws data names no family and no cell style, so the bundle holds no layout for it.",
    explanation: """
      A family gives a component the cell styles its items are drawn with. A built-in component \
      that draws data (a `grid` with a data source), with no `styles.family` on itself or on its \
      screen and no `styles.cell_styles`, is written to the bundle with `layout_absent: \
      no_family`: no cell layout and no geometry, so a client that draws from the bundle has \
      nothing to lay its items out with. Real projects write such components (a builder's \
      default), so it is a warning: set `styles.family` on the screen or the component and name \
      a cell style. With a family, a component that names no cell style its family offers is \
      ZL0304's error; with cell styles and no family, ZL0309's. A component on a root screen with \
      no data source is ZL0401's alone.
      """,
    bad: .files(
      [
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": ⟦⟧"grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]"#
      ],
      reports: [
        .init(
          "component 'grid' draws data but names no family and no cell style, so the bundle holds no layout for its items: set styles.family on it or on its screen, and styles.cell_styles"
        )
      ]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}]}]"#
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.ownFamily == nil, visit.screen.family == nil, visit.isKnownType, visit.cellStyles.isEmpty, visit.layout == nil,
      visit.takesData, !visit.isGroup, visit.manifest == nil, Project.builtinComponentTypeSet.contains(visit.type),
      !visit.component.misspellsCellStyles,
      // A root screen's component without a source shows nothing for that cause (ZL0401).
      visit.screen.connected || visit.component.source != nil,
      context.project.families.values.contains(where: { $0.family.component(visit.type) != nil })
    else { return }
    context.report(
      rule,
      "component '\(visit.type)' draws data but names no family and no cell style, so the bundle holds no layout for its items: set styles.family on it or on its screen, and styles.cell_styles",
      at: visit.component.type.spot)
  }
}

extension Rule {
  public static let componentWithoutFamily = ComponentWithoutFamilyRule.rule
}
