import Synchronization
import ZappDiagnostics
import ZappLayout

/// The cell styles a family offers for one component type (its cells, then the options of the
/// type's manifest), worked out once per family and type for a whole check: a project with 50,000
/// cell-style typos against a component of thousands of cells looks each up in a set and asks one
/// `SuggestionIndex`, instead of rebuilding and scanning the list per style.
package final class CellStyleCandidates: Sendable {
  /// One family's styles for one component type.
  package final class Styles: Sendable {
    package let names: [String]
    package let members: Set<String>
    package let suggestions: SuggestionIndex
    /// `offers A, B, … and 7 more` or `offers no cell styles`, as the messages word it.
    package let offered: String

    package init(_ names: [String]) {
      self.names = names
      members = Set(names)
      suggestions = SuggestionIndex(names)
      offered = names.isEmpty ? "offers no cell styles" : "offers \(summarizedList(names))"
    }
  }

  private let cache = Mutex<[String: [String: Styles]]>([:])

  package init() {}

  /// The styles of `family` for component type `type`, with the options of the type's manifest.
  package func styles(_ family: FamilyDecl, type: String, project: Project) -> Styles {
    let name = family.family.name
    if let found = cache.withLock({ $0[name]?[type] }) { return found }
    let cells = family.family.component(type)?.cells.map(\.name) ?? []
    let options = project.manifest(for: type)?.cellStyleOptions(family: name) ?? []
    let made = Styles(cells + options)
    return cache.withLock { cache in
      if let found = cache[name]?[type] { return found }
      cache[name, default: [:]][type] = made
      return made
    }
  }
}
