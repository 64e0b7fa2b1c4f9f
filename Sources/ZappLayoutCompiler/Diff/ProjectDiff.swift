import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution
import ZappWriters

/// One side of a diff: a checked project and, per screen, a digest of what it resolves to (the
/// bytes `zlc build` writes, streamed through SHA-256, never held), so that screens that resolve
/// the same are found without building their values. A screen that differs is resolved again,
/// as a value, with the same `Resolver`; nothing is written.
public struct DiffSide: Sendable {
  /// The checked project.
  public let project: Project
  /// The bundle index `zlc build` would write, without files and hashes.
  public let index: BundleIndex
  /// Every screen's id, in project order.
  public let ids: [String]
  /// The SHA-256 of each screen's resolved form, in project order.
  let digests: [String]
  /// Screen id → its first position.
  let position: [String: Int]
  let resolver: Resolver

  /// The digest of every screen of a project that checked without errors, on all cores.
  public init(project: Project) {
    let resolver = Resolver(project: project)
    let declarations = project.screens
    self.project = project
    self.resolver = resolver
    index = resolver.bundleIndex()
    ids = declarations.map(\.id.value)
    digests = parallelMap(declarations.count) { i in
      var stream = Digest.SHA256Stream()
      var writer = JSONWriter(pretty: false, flushThreshold: 1 << 16) { stream.update($0) }
      resolver.writeResolvedScreen(declarations[i], to: &writer)
      writer.finish()
      return stream.finalizedHex()
    }
    var position: [String: Int] = [:]
    for (i, id) in ids.enumerated() where position[id] == nil { position[id] = i }
    self.position = position
  }

  /// Screen `i`, resolved as a value (`zlc build` writes exactly its JSON).
  public func screen(_ i: Int) -> ResolvedScreen { resolver.resolvedScreen(project.screens[i]) }

  /// Every screen resolved, in project order, on all cores.
  public func allScreens() -> [ResolvedScreen] {
    let declarations = project.screens
    return parallelMap(declarations.count) { resolver.resolvedScreen(declarations[$0]) }
  }
}

/// Compares what two projects resolve to (`zlc diff`): screens, components, per-device layouts,
/// bindings, targets, mappings, devices, platforms and renderers.
public enum ProjectDiff {
  /// The grouped changes from `base` to `head`, per platform where the apps have several: each
  /// platform's screens and bundle.json fields are compared as that platform's bundle has them
  /// (its manifests' defaults, its clients' fallbacks), and a change found on every platform both
  /// apps target is one change naming none.
  public static func compareByPlatform(_ base: DiffSide, _ head: DiffSide) -> DiffReport {
    let whole = compare(base, head)
    let basePlatforms = Set(base.project.bundlePlatforms)
    let shared = head.project.bundlePlatforms.filter(basePlatforms.contains)
    guard !shared.isEmpty else { return whole }
    let perPlatformKinds: Set<DiffChange.Kind> = [
      .screenChanged, .componentChanged, .layout, .binding, .target, .bundleIndex,
    ]
    var changes = whole.changes.filter { !perPlatformKinds.contains($0.kind) }
    for platform in shared {
      let narrowed = compare(DiffSide(project: base.project.narrowed(to: platform)), DiffSide(project: head.project.narrowed(to: platform)))
      for var change in narrowed.changes where perPlatformKinds.contains(change.kind) {
        change.platforms = [platform]
        changes.append(change)
      }
    }
    var report = DiffReport.grouped(changes, screenOrder: whole.screenOrder)
    // A change on every platform holds everywhere: it names none.
    for i in report.changes.indices
    where Set(report.changes[i].platforms) == Set(shared) && perPlatformKinds.contains(report.changes[i].kind) {
      report.changes[i].platforms = []
    }
    return report
  }

  /// The grouped changes from `base` to `head`.
  public static func compare(_ base: DiffSide, _ head: DiffSide) -> DiffReport {
    let matching = ScreenMatching(base: base, head: head)
    let devices = Set(base.index.devices.map(\.name))
    let common = head.index.devices.map(\.name).filter { devices.contains($0) }
    // Only the screens whose resolved bytes differ are resolved again and compared.
    let pairs = matching.pairs.filter { base.digests[$0.base] != head.digests[$0.head] }
    let compared = parallelMap(pairs.count) { i in
      ScreenComparison(base: base.screen(pairs[i].base), head: head.screen(pairs[i].head), devices: common).changes()
    }
    var changes = matching.changes
    for result in compared { changes += result }
    changes += ProjectWideDiff(base: base, head: head).changes()
    // Every pair: a cell style's layout id that changed need not change the resolved bytes.
    changes += RegistryDiff(base: base, head: head).changes(pairs: matching.pairs)
    return DiffReport.grouped(changes, screenOrder: matching.screenOrder)
  }
}

/// Which screen of the base is which of the head: the same id (`pairs`), or a new id over the same
/// content (a rename of the id, nothing else to compare); the rest are added or removed.
struct ScreenMatching {
  var pairs: [(base: Int, head: Int)] = []
  var changes: [DiffChange] = []
  var screenOrder: [String] = []

  init(base: DiffSide, head: DiffSide) {
    var added: [Int] = []
    for (h, id) in head.ids.enumerated() where head.position[id] == h {
      if let b = base.position[id] { pairs.append((b, h)) } else { added.append(h) }
    }
    let removed = base.ids.indices.filter { base.position[base.ids[$0]] == $0 && head.position[base.ids[$0]] == nil }
    // The removed screens grouped by content, each group in order; `taken[g]` of group g are
    // renamed so far, its first ones.
    var groupOfContent: [JSON: Int] = [:]
    var groups: [[Int]] = []
    if !added.isEmpty {
      for b in removed {
        let content = Self.content(base.screen(b))
        if let g = groupOfContent[content] {
          groups[g].append(b)
        } else {
          groupOfContent[content] = groups.count
          groups.append([b])
        }
      }
    }
    var taken = [Int](repeating: 0, count: groups.count)
    var renamedBase: Set<Int> = []
    for h in added {
      let content = groups.isEmpty ? nil : Self.content(head.screen(h))
      guard let content, let g = groupOfContent[content], taken[g] < groups[g].count else {
        changes.append(DiffChange(kind: .screenAdded, screens: [head.ids[h]]))
        continue
      }
      let b = groups[g][taken[g]]
      taken[g] += 1
      renamedBase.insert(b)
      changes.append(
        DiffChange(kind: .screenRenamed, screens: [head.ids[h]], field: "id", old: .string(base.ids[b]), new: .string(head.ids[h])))
    }
    for b in removed where !renamedBase.contains(b) {
      changes.append(DiffChange(kind: .screenRemoved, screens: [base.ids[b]]))
    }
    screenOrder = head.ids + removed.map { base.ids[$0] }
  }

  /// A screen without its id: what must be equal for a new id to be a rename.
  static func content(_ screen: ResolvedScreen) -> JSON {
    .object(screen.members.filter { $0.0 != "id" } + [("resolved", screen.resolved.json)])
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
    if base.name != head.name {
      changes.append(
        DiffChange(
          kind: .screenRenamed, screens: [head.id], field: "name", old: base.name.map(JSON.string), new: head.name.map(JSON.string)))
    }
    let own = { (s: ResolvedScreen) in s.members.filter { !Self.screenKeysSkipped.contains($0.0) } }
    let resolved = { (s: ResolvedScreen) in (s.resolved.json.objectValue ?? []).filter { $0.0 != "sections" } }
    for (field, old, new) in changedMembers(own(base), own(head)) + changedMembers(resolved(base), resolved(head)) {
      changes.append(DiffChange(kind: .screenChanged, screens: [head.id], field: field, old: old, new: new))
    }
    // `ui_components` as written is compared through the sections it resolves to (`"6"` and `6`
    // are the same item limit), and by the keys of its components that reach no section.
    let written = ComponentKeyComparison(base: base, head: head)
    let sections = SectionComparison(
      base: base.resolved.sections, head: head.resolved.sections, screen: head.id, devices: devices,
      enclosing: written.enclosingGroups())
    return changes + sections.changes() + written.changes()
  }
}

/// The members of two objects that differ, by key: the head's keys in order, then the base's
/// that the head lost.
func changedMembers(_ base: [(String, JSON)], _ head: [(String, JSON)]) -> [(field: String, old: JSON?, new: JSON?)] {
  var old: [String: JSON] = [:]
  for (key, value) in base where old[key] == nil { old[key] = value }
  var seen: Set<String> = []
  var result: [(String, JSON?, JSON?)] = []
  for (key, value) in head where seen.insert(key).inserted {
    if !(old[key]?.isSameData(as: value) ?? false) { result.append((key, old[key], value)) }
  }
  for (key, value) in base where seen.insert(key).inserted { result.append((key, value, nil)) }
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
      var members: [String: JSON] = [:]
      for (key, value) in a { members[key] = value }
      return b.allSatisfy { key, value in members[key]?.isSameData(as: value) ?? false }
    default:
      return self == other
    }
  }
}
