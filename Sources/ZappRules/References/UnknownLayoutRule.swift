import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0305 unknown-layout.
package enum UnknownLayoutRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0305", name: "unknown-layout", severity: .error, category: .references,
    summary: "A `styles.layout` the family does not declare for that component type.",
    explanation: """
      A named layout (`HERO_1`, `TABS_1`) is declared by a `<Layout name=… kind=…/>` inside the \
      family's component. `""` or no `layout` means the component's own layout.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"], "layout": ⟦⟧"HERO_9"}}"#
        )
      ],
      reports: [
        .init(
          "family 'FAMILY_1' declares no layout 'HERO_9' for 'hero' (it has HERO_1, HERO_2)", notes: ["layout 'HERO_1' is defined here"],
          fixIt: #""HERO_1""#)
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"], "layout": "HERO_1"}}"#
      )
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let f = visit.family, visit.isKnownType, let layout = visit.layout else { return }
    let type = visit.type
    let style = f.family.component(type)
    guard style?.namedLayout(layout.value) == nil else { return }
    let candidates = style?.layouts.map(\.name) ?? []
    let suggestion = nearest(to: layout.value, in: candidates)
    let notes =
      suggestion.map(\.text).flatMap { s in f.layoutSpots[type]?[s].map { [DiagnosticNote("layout '\(s)' is defined here", at: $0)] } }
      ?? []
    context.report(
      rule,
      "family '\(f.family.name)' declares no layout '\(layout.value)' for '\(type)'"
        + (candidates.isEmpty ? "" : " (it has \(summarizedList(candidates)))"), at: layout.spot, notes: notes,
      fixIt: .didYouMean(suggestion, forName: layout.value, at: layout.spot))
  }
}

extension Rule {
  public static let unknownLayout = UnknownLayoutRule.rule
}
