import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0328 unstyled-component-type.
package enum UnstyledComponentTypeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0328", name: "unstyled-component-type", severity: .warning, category: .references,
    summary: "A built-in component whose family has no styles for its type.",
    explanation: """
      A built-in component (a `hero`, a `tab_bar`) is laid out with its family's styles for its \
      type: its insets, columns and cell shapes, and so is the body of a tab bar's cells \
      (`cell_body_component_type`). When the family it is drawn with has none, the \
      bundle holds no layout for the section (`layout_absent: not_in_family`), and a client has \
      nothing to lay it out with: the section is a hole in the screen. Draw the component with a \
      family that styles its type (its own `styles.family`, or the screen's), or add the type to \
      the family. A plugin component lays itself out, a group lays out its children and a Quick \
      Brick component (`horizontal_list_qb`) takes its looks from its own configuration, so none \
      of them is reported; a component that names a cell style or a layout is reported by \
      ZL0304 or ZL0305 instead.
      """,
    bad: .files(
      [
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": ⟦⟧"tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]"#
      ],
      reports: [
        .init("family 'FAMILY_2' has no styles for 'tab_bar', so clients get no layout for this component")
      ]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "tab_bar", "styles": {"cell_styles": ["TABS_CELL_1"]}, "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}]}]"#
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let f = visit.family, visit.manifest == nil else { return }
    let notes = f.isBuiltin ? [] : [DiagnosticNote("family '\(f.family.name)' is defined here", at: f.spot)]
    let c = visit.component
    if visit.takesData, isLaidOutByItsFamily(visit.type), f.family.component(visit.type) == nil, visit.cellStyles.isEmpty,
      visit.layout == nil, !c.misspellsCellStyles
    {
      context.report(
        rule, "family '\(f.family.name)' has no styles for '\(visit.type)', so clients get no layout for this component",
        at: c.type.spot, notes: notes)
    }
    // A tab bar's body is drawn with the tab bar's family too.
    if let body = c.cellBodyType, isLaidOutByItsFamily(body.value), f.family.component(body.value) == nil, c.cellBodyStyles.isEmpty {
      context.report(
        rule,
        "family '\(f.family.name)' has no styles for '\(body.value)', so clients get no layout for this component's cell body",
        at: body.spot, notes: notes)
    }
  }

  /// A native built-in type other than a group: one its family lays out.
  private static func isLaidOutByItsFamily(_ type: String) -> Bool {
    type != "group" && Project.builtinComponentTypeSet.contains(type) && !Project.quickBrickComponentTypes.contains(type)
  }
}

extension Rule {
  public static let unstyledComponentType = UnstyledComponentTypeRule.rule
}
