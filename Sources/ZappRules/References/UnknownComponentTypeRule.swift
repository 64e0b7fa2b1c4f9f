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
      `components/`. A type near a plugin's identifier is fixed to it, unless the written name \
      may be the one meant: a client registry lists it, or the manifest's file (or folder) is \
      named after it; the identifier may then be the misspelling, and the did-you-mean is a hint.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": ⟦⟧"gird", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
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
        var notes =
          suggestion.map(\.text).flatMap { s in
            project.manifest(for: s).map { [DiagnosticNote("'\(s)' is declared here", at: $0.identifier?.spot ?? $0.spot)] }
          } ?? []
        var fix = FixIt.didYouMean(suggestion, forName: type, except: Project.builtinComponentTypeSet, at: spot)
        if let s = suggestion?.text, let why = writtenNameMayBeRight(type, near: s, project) {
          // The manifest's identifier may be the misspelling: renaming every use would spread it.
          notes.append(DiagnosticNote("\(why): the manifest's identifier may be the misspelling"))
          fix?.range = nil
        }
        context.report(rule, "unknown component type '\(type)'", at: spot, notes: notes, fixIt: fix)
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

extension UnknownComponentTypeRule {
  /// Why `type`, near the plugin identifier `identifier`, may be the name the app means: a client
  /// registry lists it, or the manifest declaring `identifier` is in a file or folder of that name
  /// (`components/promo_banner.json`, `components/promo_banner/ios.json`). Nil when neither.
  static func writtenNameMayBeRight(_ type: String, near identifier: String, _ project: Project) -> String? {
    if let registry = project.registries.first(where: { $0.componentTypes.contains { $0.value == type } }) {
      return "the \(registry.platform.map { "\($0.value) " } ?? "")client registry lists '\(type)'"
    }
    guard let manifest = project.manifest(for: identifier) else { return nil }
    let parts = manifest.spot.file.path.split(separator: "/")
    let stem = parts.last.map { $0.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".") }
    guard stem == type || (parts.count > 1 && parts[parts.count - 2] == type) else { return nil }
    return "the manifest of '\(identifier)' is in a file named '\(type)'"
  }
}

extension Rule {
  public static let unknownComponentType = UnknownComponentTypeRule.rule
}
