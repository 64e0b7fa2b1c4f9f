import Synchronization
import ZappDiagnostics
import ZappLayout

/// The cell styles a family offers for one component type (its cells, then the options of the
/// type's manifest), worked out once per family and type for a whole check: a project with 50,000
/// cell-style typos against a component of thousands of cells looks each up in a set and asks one
/// `SuggestionIndex`, instead of rebuilding and scanning the list per style.
///
/// When the platforms' bundles are built with different manifests of a plugin, each platform's
/// manifest offers its own options: a style must be offered on every platform whose bundle it
/// reaches (`refusal(of:family:type:project:)`).
package final class CellStyleCandidates: Sendable {
  /// One family's styles for one component type.
  package final class Styles: Sendable {
    package let names: [String]
    package let members: Set<String>
    package let suggestions: SuggestionIndex
    /// `offers A, B, … and 7 more` or `offers no cell styles`, as the messages word it.
    package let offered: String

    /// `names` in order, each once: a manifest's option may name one of the family's cells.
    package init(_ names: [String]) {
      var seen = Set<String>()
      let names = names.filter { seen.insert($0).inserted }
      self.names = names
      members = Set(names)
      suggestions = SuggestionIndex(names)
      offered = names.isEmpty ? "offers no cell styles" : "offers \(summarizedList(names))"
    }
  }

  /// A style some platforms' bundles would be built with although their manifests do not offer it.
  package struct Refusal {
    /// The styles to word the finding with and suggest from: the refusing platforms' when some
    /// accept it, else those every platform offers.
    package let styles: Styles
    /// What the message adds: ` (on ios only: the manifests of android offer it)` when some
    /// platforms accept the style, ` (and on ios: OPT_IOS)` for the styles only some offer.
    package let qualifier: String
    /// Whether a did-you-mean may be applied: not when another platform's manifest offers the style.
    package let fixable: Bool
  }

  /// Whose options a cached list holds.
  private enum Options: Hashable {
    /// The type's manifest as `Project.manifest(for:)` picks it.
    case chosen
    /// One manifest of the type (by identity), as one platform's bundle uses it.
    case manifest(ObjectIdentifier)
    /// Only the options every platform's manifest offers.
    case everyPlatform
  }

  private struct Key: Hashable {
    let family: String
    let type: String
    let options: Options
  }

  private let cache = Mutex<[Key: Styles]>([:])

  package init() {}

  /// The styles of `family` for component type `type`, with the options of the type's manifest.
  package func styles(_ family: FamilyDecl, type: String, project: Project) -> Styles {
    cached(Key(family: family.family.name, type: type, options: .chosen)) {
      cells(family, type) + (project.manifest(for: type)?.cellStyleOptions(family: family.family.name) ?? [])
    }
  }

  /// The styles of `family` for `type` that every platform's bundle accepts: `styles` when the
  /// platforms use one manifest of the type.
  package func stylesOnEveryPlatform(_ family: FamilyDecl, type: String, project: Project) -> Styles {
    guard let uses = project.manifestsByPlatform[type] else { return styles(family, type: type, project: project) }
    return cached(Key(family: family.family.name, type: type, options: .everyPlatform)) {
      let perPlatform = uses.map { styles(family, manifest: $0.manifest, type: type) }
      return perPlatform[0].names.filter { name in perPlatform.allSatisfy { $0.members.contains(name) } }
    }
  }

  /// Why `style` is not a style of `family` for `type` on some platform, or nil when every
  /// platform's bundle accepts it; of `platforms` alone when given (those drawing with `family`:
  /// `RuleContext.readingPlatforms`).
  package func refusal(of style: String, family: FamilyDecl, type: String, project: Project, platforms: Set<String>? = nil)
    -> Refusal?
  {
    // Most types have one manifest for every platform (or none): one set lookup.
    guard let uses = drawingUses(of: type, project: project, platforms: platforms) else {
      let all = styles(family, type: type, project: project)
      return all.members.contains(style) ? nil : Refusal(styles: all, qualifier: "", fixable: true)
    }
    var accepting: [String] = []
    var refusing: [(styles: Styles, platforms: [String])] = []
    for use in uses {
      let offered = styles(family, manifest: use.manifest, type: type)
      if offered.members.contains(style) { accepting += use.platforms } else { refusing.append((offered, use.platforms)) }
    }
    guard !refusing.isEmpty else { return nil }
    guard accepting.isEmpty else {
      let qualifier =
        " (on \(refusing.flatMap(\.platforms).joined(separator: ", ")) only: the manifests of \(accepting.joined(separator: ", ")) offer it)"
      // What every refusing platform accepts: one's own style would be refused by the others,
      // and is named with its platforms.
      let common = Self.common(of: refusing)
      return Refusal(styles: common, qualifier: qualifier + Self.ownStyles(of: refusing, beyond: common), fixable: false)
    }
    let everywhere = platforms == nil ? stylesOnEveryPlatform(family, type: type, project: project) : Self.common(of: refusing)
    return Refusal(styles: everywhere, qualifier: Self.ownStyles(of: refusing, beyond: everywhere), fixable: true)
  }

  /// The manifests of `type` the bundles of `platforms` (nil: every platform's) are built with,
  /// each with those of its platforms; nil when every platform's bundle uses one manifest.
  private func drawingUses(of type: String, project: Project, platforms: Set<String>?) -> Project.ManifestUses? {
    guard let uses = project.manifestsByPlatform[type] else { return nil }
    guard let platforms else { return uses }
    return uses.compactMap { use in
      let drawing = use.platforms.filter(platforms.contains)
      return drawing.isEmpty ? nil : (use.manifest, drawing)
    }
  }

  /// The styles every one of `uses` offers, in the first's order.
  private static func common(of uses: [(styles: Styles, platforms: [String])]) -> Styles {
    guard let first = uses.first, uses.count > 1 else { return uses.first?.styles ?? Styles([]) }
    return Styles(first.styles.names.filter { name in uses.allSatisfy { $0.styles.members.contains(name) } })
  }

  /// The styles of `family` for `type` that every platform's bundle accepts (of `platforms`
  /// alone, when given), and the words for those only some platforms' manifests offer (` (and on
  /// ios: OPT_IOS)`; none when the platforms use one manifest of the type).
  package func choices(_ family: FamilyDecl, type: String, project: Project, platforms: Set<String>? = nil) -> (
    styles: Styles, qualifier: String
  ) {
    guard let uses = drawingUses(of: type, project: project, platforms: platforms), !uses.isEmpty else {
      return (styles(family, type: type, project: project), "")
    }
    let each = uses.map { (styles: styles(family, manifest: $0.manifest, type: type), platforms: $0.platforms) }
    let everywhere = platforms == nil ? stylesOnEveryPlatform(family, type: type, project: project) : Self.common(of: each)
    return (everywhere, Self.ownStyles(of: each, beyond: everywhere))
  }

  /// ` (and on ios: OPT_IOS; on android: OPT_ANDROID)`: the styles of each platform's manifest not
  /// in `everywhere`; empty when there are none.
  private static func ownStyles(of uses: [(styles: Styles, platforms: [String])], beyond everywhere: Styles) -> String {
    let some = uses.compactMap { use -> String? in
      let own = use.styles.names.filter { !everywhere.members.contains($0) }
      return own.isEmpty ? nil : "on \(use.platforms.joined(separator: ", ")): \(summarizedList(own))"
    }
    return some.isEmpty ? "" : " (and \(some.joined(separator: "; ")))"
  }

  private func styles(_ family: FamilyDecl, manifest: ManifestDecl, type: String) -> Styles {
    cached(Key(family: family.family.name, type: type, options: .manifest(ObjectIdentifier(manifest)))) {
      cells(family, type) + (manifest.cellStyleOptions(family: family.family.name) ?? [])
    }
  }

  private func cells(_ family: FamilyDecl, _ type: String) -> [String] {
    family.family.component(type)?.cells.map(\.name) ?? []
  }

  private func cached(_ key: Key, _ names: () -> [String]) -> Styles {
    if let found = cache.withLock({ $0[key] }) { return found }
    let made = Styles(names())
    return cache.withLock { cache in
      if let found = cache[key] { return found }
      cache[key] = made
      return made
    }
  }
}
