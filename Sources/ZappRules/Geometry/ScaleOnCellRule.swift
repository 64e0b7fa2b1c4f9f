import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0521 scale-on-cell.
package enum ScaleOnCellRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0521", name: "scale-on-cell", severity: .warning, category: .geometry,
    summary: "A cell style sets `scale`, which only a component's is: no client reads it on a cell.",
    explanation: """
      A responsive `scale` (k) is the family's `<Responsive>` rule's, or a component's own in its \
      place for that component's cell styles (`<Component type="grid" scale="1.5">`). A cell's \
      other attributes are passed to clients as written, in its section's `cell_attributes`, so a \
      `scale` on a `<Cell>` (a JSON family's cell too) reaches them, but no client reads it there: \
      neither the responsive columns nor the published family format know a cell's `scale`, and \
      the cell's columns keep the component's or the rule's. It is a warning at the attribute. \
      When the cell is its component's only cell style and the component sets no `scale`, the \
      fix moves it to the component (a hint: the attribute goes from one element to another); \
      when the component sets one, a note points at it.
      """,
    bad: .files(
      [
        "families/f.xml": """
        <Family name="F"><Responsive standardWidth="440"/><Screens><Screen type="sw600" responsive="true"/></Screens>\
        <Components><Component type="grid" columns="2"><Cell name="G" aspectCellRatio="1" ⟦⟧scale="1.5"/></Component></Components></Family>
        """
      ],
      reports: [
        .init(
          "attribute 'scale' on <Cell> 'G' is no responsive scale: only a component's stands for the rule's, and no client reads it on a cell",
          fixIt: #"scale="1.5""#)
      ]),
    good: .files([
      "families/f.xml": """
      <Family name="F"><Responsive standardWidth="440"/><Screens><Screen type="sw600" responsive="true"/></Screens>\
      <Components><Component type="grid" columns="2" scale="1.5"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>
      """
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      let isJSON = decl.isJSON
      let scales = decl.cellPassThroughs.filter { $0.name.value == Metrics.scaleName }
      for (type, cellName, attribute, _) in scales {
        let component = decl.family.component(type)
        let cell = component?.cells.first { $0.name == cellName }
        var notes: [DiagnosticNote] = []
        var fix: FixIt?
        if component?.scale != nil, let spot = decl.componentScales.first(where: { $0.type == type })?.spot {
          notes.append(DiagnosticNote("component '\(type)' sets its own scale here", at: spot))
        } else if let component, component.scale == nil, component.cells.count == 1, let cell,
          scales.filter({ $0.type == type }).count == 1,
          let value = cell.attributes[Metrics.scaleName]
        {
          let written =
            isJSON ? "\"scale\": \(cell.typedAttributes[Metrics.scaleName] == nil ? "\"\(value)\"" : value)" : "scale=\"\(value)\""
          fix = FixIt(message: "move it to component '\(type)', whose only cell style this is:", replacement: written, range: nil)
        }
        context.report(
          rule,
          "attribute 'scale' on <Cell> '\(cellName)' is no responsive scale: only a component's stands for the rule's, and no client reads it on a cell",
          at: attribute.spot, notes: notes, fixIt: fix)
      }
    }
  }
}

extension Rule {
  public static let scaleOnCell = ScaleOnCellRule.rule
}
