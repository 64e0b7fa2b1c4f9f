import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0306 unknown-header-style.
package enum UnknownHeaderStyleRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0306", name: "unknown-header-style", severity: .error, category: .references,
    summary: "A header or footer style the family does not declare.",
    explanation: """
      `styles.header.style` and `styles.footer.style` name a `<Header>` of the family. \
      `"No Header"`, `""` and `null` mean none.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "header": {"style": ⟦⟧"HEADER_7"}}}"#
        )
      ],
      reports: [
        .init("family 'FAMILY_1' declares no header style 'HEADER_7'", notes: ["header 'HEADER_1' is defined here"], fixIt: #""HEADER_1""#)
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "header": {"style": "No Header"}}}"#
      )
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let f = visit.family, visit.isKnownType else { return }
    // The header, then the footer: checked one by one, without an array per component.
    // A hidden one too: its style is checked as written.
    if let header = visit.component.writtenHeader { check(header, family: f, context) }
    if let footer = visit.component.writtenFooter { check(footer, family: f, context) }
  }

  /// A header or footer style the family must declare.
  package static func check(_ header: Located<String>, family f: FamilyDecl, _ context: RuleContext) {
    if f.family.header(named: header.value) == nil {
      let suggestion = nearest(to: header.value, in: f.family.headers.map(\.name))
      let notes =
        suggestion.map(\.text).flatMap { s in f.headerSpots[s].map { [DiagnosticNote("header '\(s)' is defined here", at: $0)] } } ?? []
      context.report(
        rule, "family '\(f.family.name)' declares no header style '\(header.value)'", at: header.spot, notes: notes,
        fixIt: .didYouMean(suggestion, forName: header.value, at: header.spot))
    }
  }
}

extension Rule {
  public static let unknownHeaderStyle = UnknownHeaderStyleRule.rule
}
