import Synchronization
import ZappLayout

/// The cell styles a family offers for one component type (its cells, then the options of the
/// type's manifest), worked out once per family and type for a whole check: a project with 50,000
/// cell-style typos against a component of thousands of cells looks each up in a set and asks one
/// `SuggestionIndex`, instead of rebuilding and scanning the list per style.
final class CellStyleCandidates: Sendable {
  /// One family's styles for one component type.
  final class Styles: Sendable {
    let names: [String]
    let members: Set<String>
    let suggestions: SuggestionIndex
    /// `offers A, B, … and 7 more` or `offers no cell styles`, as the messages word it.
    let offered: String

    init(_ names: [String]) {
      self.names = names
      members = Set(names)
      suggestions = SuggestionIndex(names)
      offered = names.isEmpty ? "offers no cell styles" : "offers \(summarizedList(names))"
    }
  }

  private let cache = Mutex<[String: [String: Styles]]>([:])

  init() {}

  /// The styles of `family` for component type `type`, with the options of the type's manifest.
  func styles(_ family: FamilyDecl, type: String, project: Project) -> Styles {
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
