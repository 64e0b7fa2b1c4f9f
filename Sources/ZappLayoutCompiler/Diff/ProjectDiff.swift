import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution
import ZappWriters

/// One side of a diff: a checked project, its bundle index, and the `Resolver` that resolves the
/// screens compared, as values; nothing is written.
public struct DiffSide: Sendable {
  /// The checked project.
  public let project: Project
  /// The bundle index `zlc build` would write, without files and hashes.
  public let index: BundleIndex
  /// Every screen's id, in project order.
  public let ids: [String]
  /// Screen id → its first position. Ids are keyed by their exact characters, as clients compare
  /// them (`é` written as one scalar or as `e` and an accent are two screens).
  let positions: [ExactString: Int]
  let resolver: Resolver
  private let digestStore = DigestStore()

  /// A side of a project that checked without errors; its digests are computed at first use.
  public init(project: Project) {
    let resolver = Resolver(project: project)
    self.project = project
    self.resolver = resolver
    index = resolver.bundleIndex()
    ids = project.screens.map(\.id.value)
    var positions: [ExactString: Int] = [:]
    for (i, id) in ids.enumerated() where positions[ExactString(id)] == nil { positions[ExactString(id)] = i }
    self.positions = positions
  }

  /// The first position of the screen of id `id`, compared by its exact characters.
  func position(of id: String) -> Int? { positions[ExactString(id)] }

  /// The SHA-256 of each screen's resolved form, in project order, computed on all cores at the
  /// first read (`ScreenSelection.byDigests`, the reference the other selection is held to).
  var digests: [String] {
    digestStore.digests {
      let declarations = project.screens
      return parallelMap(declarations.count) { i in
        var stream = Digest.SHA256Stream()
        var writer = JSONWriter(pretty: false, flushThreshold: 1 << 16) { stream.update($0) }
        resolver.writeResolvedScreen(declarations[i], to: &writer)
        writer.finish()
        return stream.finalizedHex()
      }
    }
  }

  /// Screen `i`, resolved as a value (`zlc build` writes exactly its JSON).
  public func screen(_ i: Int) -> ResolvedScreen { resolver.resolvedScreen(project.screens[i]) }

  /// The platforms compared one by one: each of an app's bundles where it has several, else its
  /// one platform (none when it names none).
  var platforms: [String] {
    let bundles = project.bundlePlatforms
    guard bundles.isEmpty else { return bundles }
    let targets = project.targetPlatforms
    return targets.count == 1 ? targets : []
  }

  /// This side as one of its platforms' bundle has it: itself when it has one bundle.
  func on(_ platform: String) -> DiffSide {
    project.bundlePlatforms.isEmpty ? self : DiffSide(project: project.narrowed(to: platform))
  }

  /// Every screen resolved, in project order, on all cores.
  public func allScreens() -> [ResolvedScreen] {
    let declarations = project.screens
    return parallelMap(declarations.count) { resolver.resolvedScreen(declarations[$0]) }
  }
}

/// A side's digests, once computed; a copy of the side shares them.
private final class DigestStore: Sendable {
  private let computed = Mutex<[String]?>(nil)

  /// The digests, computed by `compute` at the first call; a concurrent call waits for them.
  func digests(_ compute: () -> [String]) -> [String] {
    computed.withLock { computed in
      if let digests = computed { return digests }
      let digests = compute()
      computed = digests
      return digests
    }
  }
}

/// Compares what two projects resolve to (`zlc diff`): screens, components, per-device layouts,
/// bindings, targets, mappings, devices, platforms and renderers.
public enum ProjectDiff {
  /// The kinds whose platforms are the bundles they were found in (`compare(_:_:views:)`); the
  /// others name the platforms they are about, or none.
  static let perPlatformKinds: Set<DiffChange.Kind> = [
    .screenChanged, .navigationChanged, .componentAdded, .componentRemoved, .componentMoved, .componentRetyped, .componentChanged,
    .layout, .binding, .target, .device, .bundleIndex,
  ]

  /// The grouped changes from `base` to `head`, platform by platform: each platform both apps
  /// target (an app of one platform has that one) has its screens and bundle.json fields compared
  /// as its bundle has them (its manifests' defaults, its clients' fallbacks). A change names no
  /// platform only when it holds on every platform of both apps; apps without a platform in
  /// common are compared as a whole.
  public static func compareByPlatform(_ base: DiffSide, _ head: DiffSide) -> DiffReport {
    compareByPlatform(base, head, selection: .byInputs)
  }

  /// `compareByPlatform(_:_:)`, the screens to compare chosen by `selection`.
  static func compareByPlatform(_ base: DiffSide, _ head: DiffSide, selection: ScreenSelection) -> DiffReport {
    let (basePlatforms, headPlatforms) = (base.platforms, head.platforms)
    let shared = headPlatforms.filter(Set(basePlatforms).contains)
    guard !shared.isEmpty else {
      return compare(base, head, views: [PlatformView(platform: nil, base: base, head: head)], selection: selection)
    }
    let views = shared.map { PlatformView(platform: $0, base: base.on($0), head: head.on($0)) }
    var report = compare(base, head, views: views, selection: selection)
    let every = Set(basePlatforms + headPlatforms)
    for i in report.changes.indices where perPlatformKinds.contains(report.changes[i].kind) && Set(report.changes[i].platforms) == every {
      report.changes[i].platforms = []
    }
    return report
  }

  /// The grouped changes from `base` to `head`, each side as it is.
  public static func compare(_ base: DiffSide, _ head: DiffSide) -> DiffReport {
    compare(base, head, views: [PlatformView(platform: nil, base: base, head: head)])
  }

  /// Both sides as one platform's bundle has them (`platform` nil: as they are).
  struct PlatformView {
    let platform: String?
    let base: DiffSide
    let head: DiffSide
  }

  /// The grouped changes from `base` to `head`: the screens are matched once, and the pairs, the
  /// devices and bundle.json fields are compared in each view, each change naming its platform.
  static func compare(_ base: DiffSide, _ head: DiffSide, views: [PlatformView], selection: ScreenSelection = .byInputs) -> DiffReport {
    let matching = ScreenMatching(base: base, head: head)
    // A file moved is one on every platform, as a new name is.
    var changes =
      matching.changes + MoveDiff.screenMoves(base, head, pairs: matching.pairs)
      + MoveDiff.familyMoves(base.project, head.project) + MoveDiff.manifestMoves(base.project, head.project)
    // A view's sides share their projects' files, each narrowed to the view's platform on both.
    let surroundings = selection == .byInputs ? SurroundingChanges(base.project, head.project) : nil
    for view in views {
      let wide = ProjectWideDiff(base: view.base, head: view.head)
      let screens =
        selection == .byDigests
        ? screenChangesByDigests(view.base, view.head, pairs: matching.pairs)
        : screenChanges(view.base, view.head, pairs: matching.pairs, surroundings: surroundings)
      var found = screens + wide.bundleChanges()
      // A new name, as written, is one on every platform.
      if let platform = view.platform {
        for i in found.indices where found[i].kind != .screenRenamed { found[i].platforms = [platform] }
      }
      changes += found
    }
    changes += ProjectWideDiff(base: base, head: head).changes()
    // Every pair: a cell style's layout id that changed need not change the resolved bytes.
    changes += RegistryDiff(base: base, head: head).changes(pairs: matching.pairs, added: matching.added)
    return DiffReport.grouped(changes, screenOrder: matching.screenOrder)
  }

  /// The devices both sides have, in the head's order.
  static func commonDevices(_ base: DiffSide, _ head: DiffSide) -> [String] {
    let devices = Set(base.index.devices.map(\.name))
    return head.index.devices.map(\.name).filter { devices.contains($0) }
  }

  /// The changes of each pair of screens whose resolved bytes differ, on the devices both sides
  /// have: the pairs `candidates` gives are resolved once per side, and compared when their
  /// resolved forms differ; the others are passed over unresolved.
  static func screenChanges(
    _ base: DiffSide, _ head: DiffSide, pairs: [(base: Int, head: Int)], surroundings: SurroundingChanges?
  ) -> [DiffChange] {
    let common = commonDevices(base, head)
    let candidates = candidates(base, head, pairs: pairs, surroundings: surroundings)
    return parallelMap(candidates.count) { i -> [DiffChange] in
      let (old, new) = (base.screen(candidates[i].base), head.screen(candidates[i].head))
      guard !ScreenSelection.sameBytes(old.encoded(pretty: false, form: .expanded), new.encoded(pretty: false, form: .expanded)) else {
        return []
      }
      return ScreenComparison(base: old, head: new, devices: common).changes()
    }.flatMap { $0 }
  }

  /// The pairs that may resolve differently: all but those written alike (`writesAlike`) whose
  /// resolution reads nothing that changed (`surroundings`; nil: every pair may).
  static func candidates(
    _ base: DiffSide, _ head: DiffSide, pairs: [(base: Int, head: Int)], surroundings: SurroundingChanges?
  ) -> [(base: Int, head: Int)] {
    guard let surroundings, !surroundings.global else { return pairs }
    return pairs.filter {
      !base.writesAlike($0.base, as: $0.head, of: head) || surroundings.touches(head.project.screens[$0.head], in: head.project)
    }
  }

  /// The changes of each pair of screens whose resolved bytes differ, found by hashing every
  /// screen of both sides (the others are not resolved again), on the devices both sides have.
  static func screenChangesByDigests(_ base: DiffSide, _ head: DiffSide, pairs: [(base: Int, head: Int)]) -> [DiffChange] {
    let common = commonDevices(base, head)
    let differing = pairs.filter { base.digests[$0.base] != head.digests[$0.head] }
    return parallelMap(differing.count) { i in
      ScreenComparison(base: base.screen(differing[i].base), head: head.screen(differing[i].head), devices: common).changes()
    }.flatMap { $0 }
  }
}

/// Which screen of the base is which of the head (`pairs`, in head order): the same id, or a new
/// id over the same screen as its file writes it, or over the same screen but its name too (a
/// rename of the id, whose resolved form is then compared on each platform as any pair's, a new
/// name included); the rest are added or removed.
struct ScreenMatching {
  var pairs: [(base: Int, head: Int)] = []
  /// The head's screens the base does not have, renamed ones left out.
  var added: [Int] = []
  var changes: [DiffChange] = []
  var screenOrder: [String] = []

  init(base: DiffSide, head: DiffSide) {
    var new: [Int] = []
    for (h, id) in head.ids.enumerated() where head.position(of: id) == h {
      if let b = base.position(of: id) { pairs.append((b, h)) } else { new.append(h) }
    }
    let removed = base.ids.indices.filter { base.position(of: base.ids[$0]) == $0 && head.position(of: base.ids[$0]) == nil }
    // A new id over the same screen, all but the id alike; then, of those left, over the same
    // screen but its id and name (a screen renamed in full), whose new name is a change of it:
    // only one screen with components gone and one come of that content, since what is left of a
    // screen without its id and name (a plugin's screen has no components) is often shared.
    var renamed: [Int: Int] = [:]  // head → base
    var (unmatched, gone) = (new, removed)
    for leaving in [["id"], ["id", "name"]] where !unmatched.isEmpty && !gone.isEmpty {
      let found = Self.sameContent(base, gone, head, unmatched, leaving: Set(leaving), alone: leaving.count > 1)
      renamed.merge(found) { first, _ in first }
      let taken = Set(found.values)
      unmatched = unmatched.filter { found[$0] == nil }
      gone = gone.filter { !taken.contains($0) }
    }
    for h in new {
      guard let b = renamed[h] else {
        added.append(h)
        changes.append(DiffChange(kind: .screenAdded, screens: [head.ids[h]]))
        continue
      }
      pairs.append((b, h))
      changes.append(
        DiffChange(kind: .screenRenamed, screens: [head.ids[h]], field: "id", old: .string(base.ids[b]), new: .string(head.ids[h])))
    }
    for b in gone { changes.append(DiffChange(kind: .screenRemoved, screens: [base.ids[b]])) }
    pairs.sort { $0.head < $1.head }
    screenOrder = head.ids + removed.map { base.ids[$0] }
  }

  /// The screens of `added` (head) each the same as one of `removed` (base) but for the keys
  /// `leaving`, head → base: those of one content paired in order, the first removed to the
  /// first added; when `alone`, only a content of one removed and one added screen, with
  /// components. Linear: each screen's content is hashed once.
  static func sameContent(
    _ base: DiffSide, _ removed: [Int], _ head: DiffSide, _ added: [Int], leaving: Set<String>, alone: Bool = false
  ) -> [Int: Int] {
    var groupOfContent: [JSON: Int] = [:]
    var groups: [[Int]] = []
    for b in removed where !alone || !base.project.screens[b].components.isEmpty {
      let content = Self.content(base.project.screens[b], leaving: leaving)
      if let g = groupOfContent[content] {
        groups[g].append(b)
      } else {
        groupOfContent[content] = groups.count
        groups.append([b])
      }
    }
    var (taken, arrivals) = ([Int](repeating: 0, count: groups.count), [Int](repeating: 0, count: groups.count))
    var found: [(head: Int, base: Int, group: Int)] = []
    for h in added {
      guard let g = groupOfContent[Self.content(head.project.screens[h], leaving: leaving)] else { continue }
      arrivals[g] += 1
      guard taken[g] < groups[g].count else { continue }
      found.append((h, groups[g][taken[g]], g))
      taken[g] += 1
    }
    let kept = found.filter { !alone || (groups[$0.group].count == 1 && arrivals[$0.group] == 1) }
    return Dictionary(uniqueKeysWithValues: kept.map { ($0.head, $0.base) })
  }

  /// A screen as its file writes it, without the keys `leaving` (its id; its id and name): what
  /// must be equal for a new id to be a rename. What it resolves to is left out: a plugin's manifest or a family edited beside the
  /// rename changes it on some platforms or all, and is compared as a change of the renamed screen,
  /// so the screen is not resolved here.
  static func content(_ screen: ScreenDecl, leaving: Set<String> = ["id"]) -> JSON {
    .object(Resolver.ownMembers(screen, home: screen.isHome) { !leaving.contains($0) })
  }
}

/// The changes within one screen that both projects have.
struct ScreenComparison {
  let base: ResolvedScreen
  let head: ResolvedScreen
  let devices: [String]

  /// The screen's own keys that are not compared as such: the id and name (matched), and the
  /// components (compared as sections).
  static let screenKeysSkipped: Set<String> = ["id", "name", "ui_components", "resolved"]

  /// The changes of two screens whose resolved bytes differ.
  func changes() -> [DiffChange] {
    var changes: [DiffChange] = []
    // By their bytes, as JSON values compare: a name in another Unicode form is another name.
    if base.name.map(JSON.string) != head.name.map(JSON.string) {
      changes.append(
        DiffChange(
          kind: .screenRenamed, screens: [head.id], field: "name", old: base.name.map(JSON.string), new: head.name.map(JSON.string)))
    }
    let own = { (s: ResolvedScreen) in s.members.filter { !Self.screenKeysSkipped.contains($0.0) } }
    let resolved = { (s: ResolvedScreen) in (s.resolved.json.objectValue ?? []).filter { $0.0 != "sections" } }
    for (field, old, new) in changedMembers(own(base), own(head)) + changedMembers(resolved(base), resolved(head)) {
      // Navigations are compared one by one, nav item by nav item, so that no change hides another.
      if field == "navigations", let found = NavigationComparison(base: old, head: new, screen: head.id).changes() {
        changes += found
        continue
      }
      changes.append(DiffChange(kind: .screenChanged, screens: [head.id], field: field, old: old, new: new))
    }
    // `ui_components` as written is compared through the sections it resolves to (`"6"` and `6`
    // are the same item limit), and by the keys of its components that reach no section.
    let written = ComponentKeyComparison(base: base, head: head)
    let matching = written.matching()
    let sections = SectionComparison(
      base: base.resolved.sections, head: head.resolved.sections, screen: head.id, devices: devices,
      enclosing: matching.enclosing, leaves: matching.leaves, groups: matching.groups)
    return changes + Self.inScreenOrder(sections.changes() + written.changes(), base: written.old, head: written.new)
  }

  /// The components removed in the base's order and those added in the head's, each group before
  /// the components it held (sections and groups are compared apart), then the other changes as
  /// they came.
  static func inScreenOrder(
    _ changes: [DiffChange], base: [ComponentKeyComparison.Written], head: [ComponentKeyComparison.Written]
  ) -> [DiffChange] {
    let rest = changes.filter { $0.kind != .componentRemoved && $0.kind != .componentAdded }
    return ordered(changes, .componentRemoved, by: componentPaths(base)) + ordered(changes, .componentAdded, by: componentPaths(head))
      + rest
  }

  /// The index path of each component of a side, by its label.
  static func componentPaths(_ components: [ComponentKeyComparison.Written]) -> [String: [Int]] {
    var paths: [String: [Int]] = [:]
    for component in components where paths[component.label] == nil {
      paths[component.label] = component.path
    }
    return paths
  }

  /// The changes of `kind` by the index paths of their components, in order where paths are equal.
  static func ordered(_ changes: [DiffChange], _ kind: DiffChange.Kind, by paths: [String: [Int]]) -> [DiffChange] {
    let found: [(path: [Int], index: Int)] = changes.indices.filter { changes[$0].kind == kind }.map { index in
      (changes[index].component.flatMap { paths[$0] } ?? [], index)
    }
    let sorted = found.sorted { a, b in a.path == b.path ? a.index < b.index : a.path.lexicographicallyPrecedes(b.path) }
    return sorted.map { changes[$0.index] }
  }
}

/// The members of two objects that differ, by key: the head's keys in order, then the base's
/// that the head lost.
func changedMembers(_ base: [(String, JSON)], _ head: [(String, JSON)]) -> [(field: String, old: JSON?, new: JSON?)] {
  // Keys by their bytes, as clients read them: a key in another Unicode form is another key.
  var old: [ExactString: JSON] = [:]
  for (key, value) in base where old[ExactString(key)] == nil { old[ExactString(key)] = value }
  var seen: Set<ExactString> = []
  var result: [(String, JSON?, JSON?)] = []
  for (key, value) in head where seen.insert(ExactString(key)).inserted {
    let before = old[ExactString(key)]
    if !(before?.isSameData(as: value) ?? false) { result.append((key, before, value)) }
  }
  for (key, value) in base where seen.insert(ExactString(key)).inserted { result.append((key, value, nil)) }
  return result
}

extension JSON {
  /// Whether two values hold the same data as a client reads it: members in any order, and
  /// numbers by their value (`8` and `8.0`, `1e2` and `100`). A reformatted file changes nothing.
  func isSameData(as other: JSON) -> Bool {
    switch (self, other) {
    case (.number(let a), .number(let b)):
      guard a != b else { return true }
      guard let x = Decimal(string: a, locale: Locale(identifier: "en_US_POSIX")),
        let y = Decimal(string: b, locale: Locale(identifier: "en_US_POSIX")), !x.isNaN, !y.isNaN
      else { return false }
      return x == y
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.isSameData(as: $1) }
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      var members: [ExactString: JSON] = [:]
      for (key, value) in a { members[ExactString(key)] = value }
      return b.allSatisfy { key, value in members[ExactString(key)]?.isSameData(as: value) ?? false }
    default:
      return self == other
    }
  }

  /// Hashes the value as `isSameData` compares it, so that two values of the same data hash
  /// alike: members in any order, numbers by their value. False, with nothing sure hashed, when an
  /// object has a key twice (which `isSameData` reads its own way).
  func combineData(into hasher: inout Hasher) -> Bool {
    switch self {
    case .number(let text):
      hasher.combine(1)
      if let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN {
        hasher.combine(value)
      } else {
        hasher.combine(text)
      }
    case .array(let items):
      hasher.combine(2)
      hasher.combine(items.count)
      for item in items where !item.combineData(into: &hasher) { return false }
    case .object(let members):
      hasher.combine(3)
      hasher.combine(members.count)
      var keys: Set<ExactString> = []
      var sum = 0  // the members' hashes added, which no order changes
      for (key, value) in members {
        guard keys.insert(ExactString(key)).inserted else { return false }
        var member = Hasher()
        member.combine(ExactString(key))
        guard value.combineData(into: &member) else { return false }
        sum &+= member.finalize()
      }
      hasher.combine(sum)
    default:
      hasher.combine(0)
      hasher.combine(self)
    }
    return true
  }
}
