import ZappDiagnostics
import ZappModel

/// ZL0341 cell-body-styles-without-type.
package enum CellBodyStylesWithoutTypeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0341", name: "cell-body-styles-without-type", severity: .warning, category: .references,
    summary: "`styles.cell_body_styles` on a component that names no `cell_body_component_type`.",
    explanation: """
      A two-level component (a `tab_bar`) draws a component of `styles.cell_body_component_type` \
      in each of its cells, with `styles.cell_body_styles`: the two go together. Styles written \
      without the type draw nothing: the bundle holds no cell body, and the styles are not checked \
      against any family. Name the body's type beside them (`"cell_body_component_type": "list"`), \
      or remove them.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["TABS_CELL_1"], ⟦⟧"cell_body_styles": ["LIST_1"]}}"#
        )
      ],
      reports: [
        .init("'styles.cell_body_styles' is set without 'styles.cell_body_component_type': its cells hold no body")
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["TABS_CELL_1"], "cell_body_component_type": "list", "cell_body_styles": ["LIST_1"]}}"#
      )
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    let typeKey = "cell_body_component_type"
    guard let styles = c.stylesValue, c.cellBodyType == nil, !c.cellBodyStyles.isEmpty, let key = styles.keyNode("cell_body_styles")
    else { return }
    // A misspelled type key (ZL0206) is the cause, and says so.
    var misspelled = false
    styles.forEachMember { member, _ in
      if let name = member.string, name != typeKey, closestMatch(to: name, in: [typeKey]) != nil { misspelled = true }
    }
    guard !misspelled else { return }
    context.report(
      rule, "'styles.cell_body_styles' is set without 'styles.cell_body_component_type': its cells hold no body",
      at: key.spot)
  }
}

extension Rule {
  public static let cellBodyStylesWithoutType = CellBodyStylesWithoutTypeRule.rule
}
