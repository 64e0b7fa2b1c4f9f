import ZappLayout
import ZappModel

/// The keys of a screen's components, as its file writes them (`ui_components`), that reach no
/// section: a group's own keys (its `name`, `styles`, `rules`), and a leaf's keys other than those
/// its section resolves (`component_type`, `styles`, `data`'s target, its source and type unless
/// the section binds no data of its own on either side, `rules.item_limit`), such as a `name` a
/// client shows as the row's title; and the groups added, removed or moved. Components are
/// matched by `id`, else by what they write, else by index path (a group also when its id changed
/// there); the sections follow these pairs (`matching`).
struct ComponentKeyComparison {
  let base: JSON?
  let head: JSON?
  let screen: String
  /// The index paths of the components whose section binds their own data (`own`), on each side:
  /// only such a section holds `data`'s source and type (a connected screen's binds the sender's child).
  let owning: (base: Set<[Int]>, head: Set<[Int]>)
  /// The components of each side as written, depth first, listed once for every comparison.
  let old: [Written]
  let new: [Written]

  /// A component of the screen: where it is, and its JSON object.
  struct Written {
    var path: [Int]
    var members: [(String, JSON)]
    /// Whether other components of the screen have its id, which names it with its index path.
    var repeated = false

    var id: String? { members.first { $0.0 == "id" }?.1.stringValue }
    /// The id by its exact characters, as clients compare ids (`é` as one scalar or as `e` and an
    /// accent are two ids).
    var exactID: ExactString? { id.map(ExactString.init) }
    var type: String { members.first { $0.0 == "component_type" }?.1.stringValue ?? "component" }
    var isGroup: Bool { members.contains { $0.0 == "ui_components" } }
    var label: String {
      let at = path.map(String.init).joined(separator: ".")
      guard let id else { return "\(type)@\(at)" }
      return repeated ? "\(id)@\(at)" : id
    }
    /// A group's `name`, which names it in changes beside its label.
    var name: String? { isGroup ? members.first { $0.0 == "name" }?.1.stringValue : nil }

    /// The keys compared here: a group's all but its components; a leaf's but those its section
    /// holds (and, in `rules`, the limits and size-class rules the section holds): `data`'s target,
    /// and its source and type when `holdingSource` (the section of either side binds its own data,
    /// so that a change of them is one of its `binding`).
    func compared(holdingSource: Bool) -> [(String, JSON)] {
      let dataKeys: Set<String> = holdingSource ? ["source", "type", "target"] : ["target"]
      return members.compactMap { key, value in
        if key == "ui_components" { return nil }
        if isGroup { return (key, value) }
        switch key {
        case "data": return Self.without(dataKeys, value).map { (key, $0) }
        case "rules": return Self.without(Self.sectionKeys, value).map { (key, $0) }
        default: return key == "id" || Self.sectionKeys.contains(key) ? nil : (key, value)
        }
      }
    }

    /// The keys a section holds, by its own name or as written (`data_source_limit` is an item limit).
    static let sectionKeys: Set<String> = Set(ResolvedSection.fields.map(\.key)).union([
      "data_source_limit", "datasource_limit",
    ])

    /// An object without `keys`; nil when nothing else is left.
    static func without(_ keys: Set<String>, _ value: JSON) -> JSON? {
      guard case .object(let members) = value else { return value }
      let rest = members.filter { !keys.contains($0.0) }
      return rest.isEmpty ? nil : .object(rest)
    }
  }

  /// The components of two resolved screens, as their files write them.
  init(base: ResolvedScreen, head: ResolvedScreen) {
    let components = { (s: ResolvedScreen) in s.members.first { $0.0 == "ui_components" }?.1 }
    let owning = { (s: ResolvedScreen) in Set(s.resolved.sections.filter { $0.data.binding == .own }.map(\.component)) }
    self.init(base: components(base), head: components(head), screen: head.id, owning: (owning(base), owning(head)))
  }

  init(base: JSON?, head: JSON?, screen: String, owning: (base: Set<[Int]>, head: Set<[Int]>)) {
    self.base = base
    self.head = head
    (old, new) = (Self.components(base), Self.components(head))
    self.screen = screen
    self.owning = owning
  }

  /// Every component of a `ui_components` array, depth first, in screen order.
  static func components(_ list: JSON?) -> [Written] {
    var found: [Written] = []
    func visit(_ list: JSON?, path: [Int]) {
      for (i, element) in (list?.arrayValue ?? []).enumerated() {
        guard case .object(let members) = element else { continue }
        found.append(Written(path: path + [i], members: members))
        visit(members.first { $0.0 == "ui_components" }?.1, path: path + [i])
      }
    }
    visit(list, path: [])
    let repeated = repeatedIDs(found, id: \.id)
    for i in found.indices { found[i].repeated = found[i].exactID.map(repeated.contains) ?? false }
    return found
  }

  func changes() -> [DiffChange] {
    let pairs = Self.pairs(old, new)
    var changes: [DiffChange] = []
    for (b, h) in pairs {
      let holding = owning.base.contains(old[b].path) || owning.head.contains(new[h].path)
      let compared = (old[b].compared(holdingSource: holding), new[h].compared(holdingSource: holding))
      for (field, before, after) in changedMembers(compared.0, compared.1) {
        let label = new[h].label
        changes.append(
          DiffChange(
            kind: .componentChanged, screens: [screen], component: label, components: [label], field: field, old: before,
            new: after))
      }
    }
    return changes + groupChanges(old, new, pairs: pairs)
  }

  /// The groups added, removed and moved (no section stands for a group): a group moves as a
  /// section does, when it leaves the longest run kept in order or its enclosing group.
  func groupChanges(_ old: [Written], _ new: [Written], pairs: [(Int, Int)]) -> [DiffChange] {
    var changes: [DiffChange] = []
    let (pairedBase, pairedHead) = (Set(pairs.map(\.0)), Set(pairs.map(\.1)))
    for (b, c) in old.enumerated() where c.isGroup && !pairedBase.contains(b) {
      changes.append(change(.componentRemoved, c, old: .string(c.type)))
    }
    for (h, c) in new.enumerated() where c.isGroup && !pairedHead.contains(h) {
      changes.append(change(.componentAdded, c, new: .string(c.type)))
    }
    let enclosing = Self.enclosingGroups(old, new, pairs: pairs)
    let moves = SectionComparison.moves(pairs.map { (from: old[$0.0].path, to: new[$0.1].path) }, enclosing: enclosing)
    for (i, (b, h)) in pairs.enumerated() where new[h].isGroup && moves[i] {
      changes.append(change(.componentMoved, new[h], old: .array(old[b].path.map(JSON.int)), new: .array(new[h].path.map(JSON.int))))
    }
    return changes
  }

  /// A change of one component as written, named by its label and its `name`.
  func change(_ kind: DiffChange.Kind, _ c: Written, old: JSON? = nil, new: JSON? = nil) -> DiffChange {
    DiffChange(kind: kind, screens: [screen], component: c.label, components: [c.label], name: c.name, old: old, new: new)
  }

  /// The groups of the base that the head keeps: base index path → head index path.
  static func enclosingGroups(_ base: [Written], _ head: [Written], pairs: [(Int, Int)]) -> [[Int]: [Int]] {
    var paths: [[Int]: [Int]] = [:]
    for (b, h) in pairs where base[b].isGroup { paths[base[b].path] = head[h].path }
    return paths
  }

  /// The groups of the base that the head keeps, for the screen's components.
  func enclosingGroups() -> [[Int]: [Int]] { matching().enclosing }

  /// The groups of the base that the head keeps (base index path → head index path), and which
  /// leaf of the base each of the head's is (head index path → base index path).
  func matching() -> (enclosing: [[Int]: [Int]], leaves: [[Int]: [Int]], groups: (base: [[Int]: String], head: [[Int]: String])) {
    let pairs = Self.pairs(old, new)
    var leaves: [[Int]: [Int]] = [:]
    for (b, h) in pairs where !new[h].isGroup { leaves[new[h].path] = old[b].path }
    return (Self.enclosingGroups(old, new, pairs: pairs), leaves, (Self.groupNames(old), Self.groupNames(new)))
  }

  /// Each group by its index path, as changes name it: its label, then its `name` (`g 'Kids'`).
  static func groupNames(_ components: [Written]) -> [[Int]: String] {
    var names: [[Int]: String] = [:]
    for c in components where c.isGroup { names[c.path] = c.label + (c.name.map { " '\($0)'" } ?? "") }
    return names
  }

  /// Pairs of (base index, head index), each two groups or two leaves: by id (`pairsOfOneID`);
  /// then leaves by what they write (`leavesByContent`); then leaves by index path where the ids do
  /// not differ; then groups of which one side has no id by the paired components they hold (a
  /// group without an id that a component added above it moved is still the same group); then the
  /// groups left by index path.
  static func pairs(_ base: [Written], _ head: [Written]) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    var usedBase: Set<Int> = []
    var usedHead: Set<Int> = []
    func pair(_ b: Int, _ h: Int) {
      pairs.append((b, h))
      usedBase.insert(b)
      usedHead.insert(h)
    }
    let byID = { (side: [Written]) in
      Dictionary(grouping: side.indices.filter { side[$0].id != nil }) { side[$0].exactID ?? ExactString("") }
    }
    let (baseByID, headByID) = (byID(base), byID(head))
    for id in headByID.keys.sorted(by: { $0.value.utf8.lexicographicallyPrecedes($1.value.utf8) }) {
      guard let bs = baseByID[id], let hs = headByID[id] else { continue }
      for (b, h) in pairsOfOneID(base, head, bs, hs) { pair(b, h) }
    }
    let leaves = { (side: [Written], used: Set<Int>) in side.indices.filter { !side[$0].isGroup && !used.contains($0) } }
    for (b, h) in leavesByContent(base, head, leaves(base, usedBase), leaves(head, usedHead)) { pair(b, h) }
    func pairByPath(groups: Bool) {
      var byPath: [[Int]: Int] = [:]
      for (b, c) in base.enumerated() where c.isGroup == groups && !usedBase.contains(b) && byPath[c.path] == nil { byPath[c.path] = b }
      for (h, c) in head.enumerated() where c.isGroup == groups && !usedHead.contains(h) {
        guard let b = byPath[c.path], !usedBase.contains(b) else { continue }
        // Two ids are two components, but for groups, which no section stands for: a group's new
        // id at the same place is a change of it.
        if let id = c.exactID, let other = base[b].exactID, id != other, !groups { continue }
        pair(b, h)
      }
    }
    pairByPath(groups: false)
    for (b, h) in groupsByContents(base, head, pairs: pairs, usedBase: usedBase, usedHead: usedHead) { pair(b, h) }
    pairByPath(groups: true)
    return pairs.sorted { $0.1 < $1.1 }
  }

  /// Groups left without a pair, of which one side at least has no id, paired by what they hold:
  /// the two that share the most paired components first (groups hold no groups).
  static func groupsByContents(_ base: [Written], _ head: [Written], pairs: [(Int, Int)], usedBase: Set<Int>, usedHead: Set<Int>)
    -> [(Int, Int)]
  {
    let baseGroups = Dictionary(
      base.enumerated().filter { !usedBase.contains($0.offset) && $0.element.isGroup }.map { ($0.element.path, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    let headGroups = Dictionary(
      head.enumerated().filter { !usedHead.contains($0.offset) && $0.element.isGroup }.map { ($0.element.path, $0.offset) },
      uniquingKeysWith: { first, _ in first })
    var shared: [[Int]: Int] = [:]  // [base group, head group] → components paired between them
    for (b, h) in pairs where base[b].path.count > 1 && head[h].path.count > 1 {
      guard let bg = baseGroups[Array(base[b].path.dropLast())], let hg = headGroups[Array(head[h].path.dropLast())],
        base[bg].id == nil || head[hg].id == nil
      else { continue }
      shared[[bg, hg], default: 0] += 1
    }
    var (takenBase, takenHead): (Set<Int>, Set<Int>) = ([], [])
    var found: [(Int, Int)] = []
    for (key, _) in shared.sorted(by: { ($0.value, $1.key[1], $1.key[0]) > ($1.value, $0.key[1], $0.key[0]) }) {
      guard !takenBase.contains(key[0]), !takenHead.contains(key[1]) else { continue }
      takenBase.insert(key[0])
      takenHead.insert(key[1])
      found.append((key[0], key[1]))
    }
    return found
  }
}
