import ZappDiagnostics
import ZappModel

/// ZL0303 unknown-component-type.
package enum UnknownComponentTypeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0303", name: "unknown-component-type", severity: .error, category: .references,
    summary: "A component type that is neither built in nor declared by a manifest.",
    explanation: """
      Built-in types are list, grid, hero, carousel, horizontal_list, html_ticker, tab_bar, group \
      and web_view. Any other type must be the identifier of a `ui_component` manifest in \
      `components/`.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"gird", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#)
      ], reports: [.init("unknown component type 'gird'", fixIt: #""grid""#)]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let project = context.project
    let type = visit.type
    let spot = visit.component.type.spot
    if !visit.isKnownType {
      if let m = visit.manifest {
        context.report(
          rule, "'\(type)' is a \(m.type ?? "plugin") manifest, not a ui_component", at: spot,
          notes: [DiagnosticNote("declared here", at: m.identifier?.spot ?? m.spot)])
      } else {
        let suggestion = nearest(to: type, in: context.knownComponentTypes())
        let notes =
          suggestion.map(\.text).flatMap { s in
            project.manifest(for: s).map { [DiagnosticNote("'\(s)' is declared here", at: $0.identifier?.spot ?? $0.spot)] }
          } ?? []
        context.report(
          rule, "unknown component type '\(type)'", at: spot, notes: notes,
          fixIt: .didYouMean(suggestion, forName: type, except: Project.builtinComponentTypeSet, at: spot))
      }
    } else if visit.family != nil, let body = visit.component.cellBodyType, !context.isKnownComponentType(body.value) {
      context.report(
        rule, "unknown cell body component type '\(body.value)'", at: body.spot,
        fixIt: .didYouMean(
          nearest(to: body.value, in: context.knownComponentTypes()), forName: body.value, except: Project.builtinComponentTypeSet,
          at: body.spot))
    }
  }
}

extension Rule {
  public static let unknownComponentType = UnknownComponentTypeRule.rule
}
