import ZappDiagnostics
import ZappModel

/// ZL0403 connected-component-source.
package enum ConnectedComponentSourceRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0403", name: "connected-component-source", severity: .error, category: .screens,
    summary: "A component on a connected screen carries its own data source.",
    explanation: """
      A connected screen hands the children of the item that opened it to its components one by \
      one; a data source of a component's own would be ignored by some clients and used by others. \
      The placeholders the Zapp docs write in a connected screen's components, a `data.source` of \
      `source_url` or `URL` (in any case) with an empty or absent `data.type`, are no source: the \
      component binds the sender's child, as with `""`. A placeholder with a type is a source.
      """,
    bad: .files(
      [
        "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": ⟦⟧"1"}, "styles": {"cell_styles": ["GRID_1"]}}"#,
          extra: #", "data": {"connected": true}"#),
      ],
      reports: [
        .init(
          "component on connected screen 'other' has its own data source '1'; connected screens hand the sender's children to their components"
        )
      ]),
    good: .files([
      "screens/home.json": Example.homeOpeningByItems,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "source_url", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}"#,
        extra: #", "data": {"connected": true}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.screen.connected, let source = visit.source, !isPlaceholder(source.value, type: visit.component.dataType) else { return }
    context.report(
      rule,
      "component on connected screen '\(visit.screen.id.value)' has its own data source '\(source.value)'; connected screens hand the sender's children to their components",
      at: source.spot)
  }

  /// Whether `source` is one of the placeholder words the Zapp docs write where a connected screen's
  /// component has no source (`source_url`, `URL`, in any case), with no `type`.
  package static func isPlaceholder(_ source: String, type: Located<String>?) -> Bool {
    type == nil && placeholderSources.contains(source.lowercased())
  }

  /// The placeholder sources, lowercased.
  package static let placeholderSources: Set<String> = ["source_url", "url"]
}

extension Rule {
  public static let connectedComponentSource = ConnectedComponentSourceRule.rule
}
