import ZappLayout
import ZappModel

/// The client builds that could draw a screen in the base and cannot in the head, or cannot draw
/// a screen the head adds: each renderer registry of the base (the clients already shipped; the
/// head's new ones too) for a platform the head targets.
struct RegistryDiff {
  let base: DiffSide
  let head: DiffSide

  /// The base's registries and the head's new ones, in the order of the head's platforms (as
  /// the diff's other changes are), each platform's in file order.
  func registries() -> [(registry: ClientRegistry, shipped: Bool)] {
    let known = Set(base.project.registries.map(Self.key))
    let all =
      base.project.registries.map { ($0, true) } + head.project.registries.filter { !known.contains(Self.key($0)) }.map { ($0, false) }
    let rank = Dictionary(head.project.targetPlatforms.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    func position(_ registry: ClientRegistry) -> Int { registry.platform.flatMap { rank[$0.value] } ?? rank.count }
    return all.enumerated().sorted { (position($0.element.0), $0.offset) < (position($1.element.0), $1.offset) }.map(\.element)
  }

  /// A registry's platform and client version, which tell it apart from the others.
  static func key(_ registry: ClientRegistry) -> String { "\(registry.platform?.value ?? "")\u{0}\(registry.clientName)" }

  /// The changes of the screens both projects have (`pairs`), whose `old` is `[]` (the client
  /// lacked nothing), and of the screens the head adds (`added`), whose `old` is null (no screen).
  func changes(pairs: [(base: Int, head: Int)], added: [Int]) -> [DiffChange] {
    let platforms = Set(head.project.targetPlatforms)
    var changes: [DiffChange] = []
    let (baseCoverages, headCoverages) = (CoverageMemo(base.project), CoverageMemo(head.project))
    for (registry, shipped) in registries() {
      guard let platform = registry.platform?.value, platforms.contains(platform) else { continue }
      // A client the head's SDK range leaves behind keeps the bundle it has: it is named as
      // refusing the head's, once (what it would lack of the head is moot), unless it refused
      // the base's already or is new in the head (no such client took the base's).
      if let refusal = head.project.refusal(by: registry) {
        guard shipped, base.project.refusal(by: registry) == nil else { continue }
        let bound = base.project.zappSDKBounds[platform].flatMap { refusal.unsupported ? $0.until : $0.min }?.version.value
        changes.append(
          DiffChange(
            kind: .clientRefuses, platforms: [platform], field: refusal.unsupported ? "unsupported_since_zapp_sdk" : "min_zapp_sdk",
            client: registry.clientName, old: bound.map(JSON.string), new: .string(refusal.version)))
        continue
      }
      // A client that took no bundle of the base (its SDK range refused it, or the base did not
      // target its platform) lacked nothing of it: all it cannot draw of the head's is new.
      let tookBase = base.project.targetPlatforms.contains(platform) && base.project.refusal(by: registry) == nil
      let baseGaps = tookBase ? baseCoverages.gaps(of: registry) : []
      let (was, now) = (Self.missing(baseGaps), Self.missing(headCoverages.gaps(of: registry), base: baseGaps))
      let screens =
        pairs.filter { was[base.project.screens[$0.base].id.value] == nil }.map { (head: $0.head, old: JSON.array([])) }
        + added.map { (head: $0, old: nil) }
      for screen in screens.sorted(by: { $0.head < $1.head }) {
        let now = now[head.project.screens[screen.head].id.value] ?? [:]
        for kind in RendererNeed.Kind.allCases {
          guard let names = now[kind] else { continue }
          var change = DiffChange(
            kind: .registry, screens: [head.ids[screen.head]], platforms: [platform], field: kind.key, client: registry.clientName,
            old: screen.old, new: .array(names.map(JSON.string)))
          change.clientTookNoBase = !tookBase
          changes.append(change)
        }
      }
    }
    return changes
  }

  /// What each screen needs that a registry's client lacks and draws no fallback for, by screen
  /// id and kind, from the registry's gaps in a project (`head`), each list sorted (a screen it
  /// draws in full is absent). Of a section whose fallback the client would draw but cannot, the
  /// fallback's missing renderers are named, with those of the component that its gaps in the
  /// base did not already lack on that screen (covered by a fallback there): a renderer missing
  /// before is not lost now.
  static func missing(_ head: [RegistryGap], base: [RegistryGap] = []) -> [String: [RendererNeed.Kind: [String]]] {
    var covered: [String: Set<String>] = [:]
    for gap in base where gap.appliesFallback {
      covered[gap.screen.id.value, default: []].formUnion(gap.lacking.map(Self.named))
    }
    var lacking: [String: [RendererNeed.Kind: Set<String>]] = [:]
    for gap in head where !gap.appliesFallback {
      var needs = gap.lacking
      if gap.fallback != nil, gap.clientAppliesFallbacks {
        let already = covered[gap.screen.id.value] ?? []
        let new = gap.lacking.filter { !already.contains(Self.named($0)) } + gap.fallbackLacking
        if !new.isEmpty { needs = new }
      }
      for need in needs { lacking[gap.screen.id.value, default: [:]][need.kind, default: []].insert(need.name) }
    }
    return lacking.mapValues { $0.mapValues { $0.sorted() } }
  }

  /// A need's kind and name, which tell it apart from the others.
  private static func named(_ need: RendererNeed) -> String { "\(need.kind.key)\u{0}\(need.name)" }
}

/// The gaps of registries in one project, each platform's needs found once for all its
/// registries: a project may hold hundreds of registries of old client versions, most of which
/// draw everything, and a walk of every screen for each of them made a diff slower than builds.
final class CoverageMemo {
  private let project: Project
  private var names: [String: [RendererNeed.Kind: Set<ExactString>]] = [:]
  private var groups: [String: [RendererNeedGroup]] = [:]

  init(_ project: Project) { self.project = project }

  /// The gaps of `Project.coverage(of:)`: none when the registry lists every name the platform
  /// needs, else those of the platform's needs, component by component.
  func gaps(of registry: ClientRegistry) -> [RegistryGap] {
    let platform = registry.platform?.value ?? ""
    let needed = names[platform] ?? project.neededNames(platform: registry.platform?.value)
    names[platform] = needed
    if registry.listsAll(needed) { return [] }
    let found = groups[platform] ?? project.needGroups(platform: registry.platform?.value)
    groups[platform] = found
    return project.coverage(of: registry, groups: found).gaps
  }
}
