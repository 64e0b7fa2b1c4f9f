import ZappDiagnostics
import ZappModel

/// ZL0403 connected-component-source.
package enum ConnectedComponentSourceRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0403", name: "connected-component-source", severity: .error, category: .screens,
    summary: "A component on a connected screen carries its own data source.",
    explanation: """
      A connected screen hands the children of the item that opened it to its components one by \
      one; a data source of a component's own would be ignored by some clients and used by others.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": ⟦⟧"1"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
          extra: #", "data": {"connected": true}"#)
      ],
      reports: [
        .init(
          "component on connected screen 'other' has its own data source '1'; connected screens hand the sender's children to their components"
        )
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": ""}, "styles": {"cell_styles": ["GRID_1"]}}"#,
        extra: #", "data": {"connected": true}"#)
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.screen.connected, let source = visit.source else { return }
    context.report(
      rule,
      "component on connected screen '\(visit.screen.id.value)' has its own data source '\(source.value)'; connected screens hand the sender's children to their components",
      at: source.spot)
  }
}

extension Rule {
  public static let connectedComponentSource = ConnectedComponentSourceRule.rule
}
