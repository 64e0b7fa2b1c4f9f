import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0516 unused-component-scale.
package enum UnusedComponentScaleRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0516", name: "unused-component-scale", severity: .warning, category: .geometry,
    summary: "A component's responsive `scale` has no effect.",
    explanation: """
      A component's `scale` (`<Component type="grid" scale="1.5">`, `"scale": 1.5` on a JSON \
      family's component) is k of the family's responsive rule for that component's cell styles, \
      in place of the rule's own `scale`. It has an effect only where the rule gives columns: the \
      family has a `<Responsive>` rule, and an entry turns it on (`responsive="true"`) for a \
      window where the component, its named layout or its cell sets no `columns`, in a layout \
      kind with columns (flow, horizontal, waterfall). A component `scale` in a family without a \
      `<Responsive>` rule, or for a component whose cell styles never take responsive columns, \
      is a warning at the value, with a note saying what the rule needs. A family whose rule is \
      turned on nowhere is ZL0515's.
      """,
    bad: .files(
      [
        "families/f.xml": """
        <Family name="F"><Screens><Screen type="sw600" columns="3"/></Screens>\
        <Components><Component type="grid" columns="2" scale=⟦⟧"1.5"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>
        """
      ],
      reports: [
        .init(
          "component 'grid' of family 'F' sets a responsive scale, but the family has no <Responsive standardWidth=… scale=…> rule: it has no effect",
          notes: [
            "the scale takes the place of the rule's own for this component: add <Responsive standardWidth=\"440\"/> to the family, or remove 'scale'"
          ])
      ]),
    good: .files([
      "families/f.xml": """
      <Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" responsive="true"/></Screens>\
      <Components><Component type="grid" columns="2" scale="1.5"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>
      """
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.families.values {
      for (type, spot) in decl.componentScales {
        guard let component = decl.family.component(type) else { continue }
        let what = "component '\(component.type)' of family '\(decl.family.name)' sets a responsive scale, but"
        if decl.family.responsive == nil {
          let isJSON = decl.isJSON
          let ruleText = isJSON ? "\"responsive\": {\"standardWidth\": 440}" : "<Responsive standardWidth=\"440\"/>"
          let note = DiagnosticNote(
            "the scale takes the place of the rule's own for this component: add \(ruleText) to the family, or remove 'scale'",
            at: decl.spot)
          let missing = isJSON ? "\"responsive\" rule" : "<Responsive standardWidth=… scale=…> rule"
          context.report(rule, "\(what) the family has no \(missing): it has no effect", at: spot, notes: [note])
        } else if !decl.responsiveSpots.isEmpty, !takesResponsiveColumns(component, in: decl.family) {
          // A rule turned on nowhere is ZL0515's.
          let note = DiagnosticNote(
            "the rule gives columns in a flow, horizontal or waterfall layout, where an entry says responsive=\"true\" and the component, its layout or its cell sets no 'columns' for that window",
            at: decl.responsiveDefinitions.first)
          context.report(
            rule, "\(what) responsive columns are turned on for none of its cell styles: it has no effect", at: spot, notes: [note])
        }
      }
    }
  }

  /// Whether the responsive rule gives columns to some cell style of `component` (or to the
  /// component itself when it has none), in its own layout kind or a named layout's, on some
  /// device class or window the family gives values for.
  static func takesResponsiveColumns(_ component: ComponentStyle, in family: Family) -> Bool {
    let cells: [CellStyle?] = component.cells.isEmpty ? [nil] : component.cells.map(Optional.some)
    for layoutName in [nil] + component.layouts.map(\.name) {
      switch Geometry.kind(of: component, layoutName: layoutName) {
      case .linear, .paged, .sticky, .oneAndN: continue
      case .flow, .horizontal, .waterfall, .unknown: break
      }
      for cell in cells {
        let input = GeometryInput(
          family: family.narrowed(to: component, cell: cell), componentType: component.type, cellStyle: cell?.name,
          layoutName: layoutName)
        let style = Geometry.styleGeometry(for: input)
        let responsive = { (metrics: Metrics, setsColumns: Bool) in metrics.responsive == true && !setsColumns }
        if style.classes.contains(where: { responsive($0.metrics, $0.setsColumns) })
          || style.variants.contains(where: { responsive($0.metrics, $0.setsColumns) })
        {
          return true
        }
      }
    }
    return false
  }
}

extension Rule {
  public static let unusedComponentScale = UnusedComponentScaleRule.rule
}
