import ZappLayout

/// The keys of a screen's components, as its file writes them (`ui_components`), that reach no
/// section: a group's own keys (its `name`, `styles`, `rules`), and a leaf's keys other than those
/// its section resolves (`component_type`, `styles`, `data`'s source, type and target,
/// `rules.item_limit`), such as a `name` a client shows as the row's title. Components are
/// matched as sections are: by an `id` unique in the screen, else by index path (a group also
/// when its id changed there).
struct ComponentKeyComparison {
  let base: JSON?
  let head: JSON?
  let screen: String

  /// A component of the screen: where it is, and its JSON object.
  struct Written {
    var path: [Int]
    var members: [(String, JSON)]

    var id: String? { members.first { $0.0 == "id" }?.1.stringValue }
    var type: String { members.first { $0.0 == "component_type" }?.1.stringValue ?? "component" }
    var isGroup: Bool { members.contains { $0.0 == "ui_components" } }
    var label: String { id ?? "\(type)@\(path.map(String.init).joined(separator: "."))" }

    /// The keys compared here: a group's all but its components; a leaf's but those its section
    /// holds (and, in `rules`, the limits and size-class rules the section holds).
    var compared: [(String, JSON)] {
      members.compactMap { key, value in
        if key == "ui_components" { return nil }
        if isGroup { return (key, value) }
        switch key {
        case "data": return Self.without(["source", "type", "target"], value).map { (key, $0) }
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
    return found
  }

  func changes() -> [DiffChange] {
    let (old, new) = (Self.components(base), Self.components(head))
    var changes: [DiffChange] = []
    for (b, h) in Self.pairs(old, new) {
      for (field, before, after) in changedMembers(old[b].compared, new[h].compared) {
        let label = new[h].label
        changes.append(
          DiffChange(
            kind: .componentChanged, screens: [screen], component: label, components: [label], field: field, old: before,
            new: after))
      }
    }
    return changes
  }

  /// Pairs of (base index, head index): by an id unique on both sides, then by index path among
  /// the components left where the ids do not differ.
  static func pairs(_ base: [Written], _ head: [Written]) -> [(Int, Int)] {
    let (baseIDs, headIDs) = (uniqueIndex(base, id: \.id), uniqueIndex(head, id: \.id))
    var pairs: [(Int, Int)] = []
    var usedBase: Set<Int> = []
    var usedHead: Set<Int> = []
    for (h, c) in head.enumerated() {
      guard let id = c.id, headIDs[id] == h, let b = baseIDs[id] else { continue }
      pairs.append((b, h))
      usedBase.insert(b)
      usedHead.insert(h)
    }
    var byPath: [[Int]: Int] = [:]
    for (b, c) in base.enumerated() where !usedBase.contains(b) && byPath[c.path] == nil { byPath[c.path] = b }
    for (h, c) in head.enumerated() where !usedHead.contains(h) {
      guard let b = byPath[c.path], !usedBase.contains(b) else { continue }
      // Two ids are two components, but for groups, which no section stands for: a group's new id
      // at the same place is a change of it.
      if let id = c.id, let other = base[b].id, id != other, !(c.isGroup && base[b].isGroup) { continue }
      pairs.append((b, h))
      usedBase.insert(b)
    }
    return pairs.sorted { $0.1 < $1.1 }
  }
}
