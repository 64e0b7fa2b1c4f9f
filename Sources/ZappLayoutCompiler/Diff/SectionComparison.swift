import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappWriters

/// The changes between the sections (leaf components) of one screen in two projects. Components
/// are paired as the screen files write them (`leaves`), else by `component_id` and occurrence
/// (the second `a` is the head's second `a`), else by index path.
struct SectionComparison {
  let base: [ResolvedSection]
  let head: [ResolvedSection]
  let screen: String
  let devices: [String]
  /// The groups the head keeps: base index path → head index path
  /// (`ComponentKeyComparison.enclosingGroups`).
  let enclosing: [[Int]: [Int]]
  /// Which component of the base each of the head's is, as the screen files write them: head
  /// index path → base index path (`ComponentKeyComparison.matching`); nil: by id and
  /// occurrence, else by index path.
  let leaves: [[Int]: [Int]]?
  /// The ids that several sections of each side have, which name them with their index path.
  let repeated: (base: Set<ExactString>, head: Set<ExactString>)
  /// The groups of each side as changes name them, by index path (`ComponentKeyComparison.groups`).
  let groups: (base: [[Int]: String], head: [[Int]: String])

  init(
    base: [ResolvedSection], head: [ResolvedSection], screen: String, devices: [String], enclosing: [[Int]: [Int]] = [:],
    leaves: [[Int]: [Int]]? = nil, groups: (base: [[Int]: String], head: [[Int]: String]) = ([:], [:])
  ) {
    self.base = base
    self.head = head
    self.screen = screen
    self.devices = devices
    self.enclosing = enclosing
    self.leaves = leaves
    self.groups = groups
    repeated = (repeatedIDs(base, id: \.componentID), repeatedIDs(head, id: \.componentID))
  }

  /// Section keys that are compared by their own rules (identity, per-device layout) or not at
  /// all (`section`, the index, follows from the others). `component_id` is compared: a component
  /// matched by its index path may have gained or lost it.
  static let keysSkipped: Set<String> = [
    "section", "component", "component_type", "layout", "drawn", "items_shown", "geometry", "layout_absent",
  ]

  /// The component as changes name it: its id, else `type@path`; an id of several components
  /// (`repeated`) as `id@path`.
  static func label(_ s: ResolvedSection, repeated: Set<ExactString> = []) -> String {
    let path = s.component.map(String.init).joined(separator: ".")
    guard let id = s.componentID else { return "\(s.componentType)@\(path)" }
    return repeated.contains(ExactString(id)) ? "\(id)@\(path)" : id
  }

  /// The component type and cell styles, which a family edit changes alike on every screen.
  static func descriptor(_ s: ResolvedSection) -> String {
    s.cellStyles.isEmpty ? s.componentType : "\(s.componentType) (\(s.cellStyles.joined(separator: ", ")))"
  }

  func changes() -> [DiffChange] {
    let pairs = matchedPairs()
    var changes: [DiffChange] = []
    let matchedBase = Set(pairs.map(\.base))
    let matchedHead = Set(pairs.map(\.head))
    for (b, section) in base.enumerated() where !matchedBase.contains(b) {
      changes.append(
        DiffChange(
          kind: .componentRemoved, screens: [screen], component: Self.label(section, repeated: repeated.base),
          components: [Self.label(section, repeated: repeated.base)],
          old: .string(section.componentType)))
    }
    for (h, section) in head.enumerated() where !matchedHead.contains(h) {
      changes.append(
        DiffChange(
          kind: .componentAdded, screens: [screen], component: Self.label(section, repeated: repeated.head),
          components: [Self.label(section, repeated: repeated.head)],
          new: .string(section.componentType)))
    }
    for (pair, moved) in zip(pairs, movedPairs(pairs)) where moved || !Self.sameBytesInPlace(base[pair.base], head[pair.head]) {
      changes += compare(base[pair.base], head[pair.head], moved: moved)
    }
    return changes
  }

  /// Pairs of (base index, head index): first by id and occurrence (the n-th section of an id in
  /// the base is the n-th of that id in the head), then, among the components left, by index path
  /// where at least one side has no id (two different ids are two components).
  func matchedPairs() -> [(base: Int, head: Int)] {
    if let leaves {
      var byPath: [[Int]: Int] = [:]
      for (b, section) in base.enumerated() where byPath[section.component] == nil { byPath[section.component] = b }
      return head.indices.compactMap { h in leaves[head[h].component].flatMap { byPath[$0] }.map { (base: $0, head: h) } }
    }
    let baseIDs = occurrenceIndex(base, id: \.componentID)
    var pairs: [(base: Int, head: Int)] = []
    var usedBase: Set<Int> = []
    for (h, key) in occurrences(head, id: \.componentID).enumerated() {
      guard let key, let b = baseIDs[key] else { continue }
      pairs.append((b, h))
      usedBase.insert(b)
    }
    let pairedHead = Set(pairs.map(\.head))
    var byPath: [[Int]: Int] = [:]
    for (b, section) in base.enumerated() where !usedBase.contains(b) && byPath[section.component] == nil {
      byPath[section.component] = b
    }
    for (h, section) in head.enumerated() where !pairedHead.contains(h) {
      guard let b = byPath[section.component], !usedBase.contains(b) else { continue }
      if let id = section.componentID, let other = base[b].componentID, ExactString(id) != ExactString(other) { continue }
      pairs.append((b, h))
      usedBase.insert(b)
    }
    return pairs.sorted { $0.head < $1.head }
  }

  /// For each pair (in head order), whether its component moved (`moves`), among the screen's
  /// components: these sections and the groups the head keeps.
  func movedPairs(_ pairs: [(base: Int, head: Int)]) -> [Bool] {
    let paths = pairs.map { (from: base[$0.base].component, to: head[$0.head].component) }
    let groups = enclosing.map { (from: $0.key, to: $0.value) }.sorted { $0.to.lexicographicallyPrecedes($1.to) }
    return Array(Self.moves(paths + groups, enclosing: enclosing).prefix(pairs.count))
  }

  /// Whether each component moved, given where it is in the base and in the head (index paths):
  /// to another depth or group (`isMove`), or out of the longest run kept in order among its
  /// siblings, the screen's own components or those of the group it stays in. The components of
  /// a group that moves move with it: they are not moved on their own.
  static func moves(_ paths: [(from: [Int], to: [Int])], enclosing: [[Int]: [Int]]) -> [Bool] {
    var siblings: [[Int]: [Int]] = [:]  // head group path ([] for the screen) → positions in `paths`
    for (i, path) in paths.enumerated() where path.from.count == path.to.count {
      let (outer, newOuter) = (Array(path.from.dropLast()), Array(path.to.dropLast()))
      guard outer.isEmpty || enclosing[outer] == newOuter else { continue }
      siblings[newOuter, default: []].append(i)
    }
    var outOfOrder: Set<Int> = []
    for positions in siblings.values {
      let ordered = positions.sorted { paths[$0].to.lexicographicallyPrecedes(paths[$1].to) }
      let rank = Dictionary(
        ordered.sorted { paths[$0].from.lexicographicallyPrecedes(paths[$1].from) }.enumerated().map { ($1, $0) },
        uniquingKeysWith: { first, _ in first })
      let stays = Set(ordered.indices.filter { paths[ordered[$0]].from.last == paths[ordered[$0]].to.last })
      for k in moved(ordered.enumerated().map { (base: rank[$1] ?? 0, head: $0) }, stays: stays) { outOfOrder.insert(ordered[k]) }
    }
    return paths.indices.map { i in
      isMove(from: paths[i].from, to: paths[i].to, outOfOrder: outOfOrder.contains(i), enclosing: enclosing)
    }
  }

  /// True when two sections write the same bytes (their index and path included): nothing of
  /// them changed, found without building their JSON values.
  static func sameBytes(_ b: ResolvedSection, _ h: ResolvedSection) -> Bool {
    var old = JSONWriter(pretty: false)
    var new = JSONWriter(pretty: false)
    b.write(to: &old)
    h.write(to: &new)
    return old.bytes == new.bytes
  }

  /// True when two sections write the same bytes but for their index and path, which `compare`
  /// reads only for a move: a component that did not move and that others shifted (one deleted
  /// above it) has no change, found without comparing it key by key and device by device.
  static func sameBytesInPlace(_ b: ResolvedSection, _ h: ResolvedSection) -> Bool {
    guard b.section != h.section || b.component != h.component else { return sameBytes(b, h) }
    var placed = h
    placed.section = b.section
    placed.component = b.component
    return sameBytes(b, placed)
  }

  /// The pairs (positions in `pairs`, which is in head order) whose component changed places: all
  /// but a longest run kept in the same order, so that one inserted component does not move all
  /// those after it, and moving those listed turns the base order into the head's. Of the longest
  /// runs, one keeping the most of `stays` (pairs at the same index on both sides) is kept, then
  /// one ending the earliest in the base (of two swapped, the one that went up moved).
  static func moved(_ pairs: [(base: Int, head: Int)], stays: Set<Int> = []) -> Set<Int> {
    typealias Run = (length: Int, stays: Int, rank: Int, end: Int)
    let better = { (a: Run, b: Run) in (a.length, a.stays, -a.rank) > (b.length, b.stays, -b.rank) }
    let order = pairs.map(\.base)
    let rank = Dictionary(Set(order).sorted().enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
    // A Fenwick tree over the base ranks: the best run ending at a rank up to each.
    var tree = [Run](repeating: (0, 0, 0, -1), count: rank.count + 1)
    var previous = [Int](repeating: -1, count: order.count)
    var best: Run = (0, 0, 0, -1)
    for (i, value) in order.enumerated() {
      let at = rank[value] ?? 1
      var found: Run = (0, 0, 0, -1)
      var k = at - 1
      while k > 0 {
        if better(tree[k], found) { found = tree[k] }
        k -= k & -k
      }
      previous[i] = found.end
      let run: Run = (found.length + 1, found.stays + (stays.contains(i) ? 1 : 0), at, i)
      k = at
      while k < tree.count {
        if better(run, tree[k]) { tree[k] = run }
        k += k & -k
      }
      if better(run, best) { best = run }
    }
    var kept: Set<Int> = []
    var at = best.end
    while at >= 0 {
      kept.insert(at)
      at = previous[at]
    }
    return Set(order.indices).subtracting(kept)
  }

  /// Whether a component at `from` in the base and `to` in the head moved: out of the longest run
  /// kept in order (even at the same index path: the others moved around it), to another depth, or
  /// into another group than the one that held it (`enclosing`: base group path → head group path).
  static func isMove(from: [Int], to: [Int], outOfOrder: Bool, enclosing: [[Int]: [Int]]) -> Bool {
    guard from.count == to.count else { return true }
    let (outer, newOuter) = (Array(from.dropLast()), Array(to.dropLast()))
    if !outer.isEmpty, enclosing[outer] != newOuter { return true }
    return outOfOrder
  }

  /// The changes of one component present in both; `moved` when it moved (`movedPairs`).
  func compare(_ old: ResolvedSection, _ h: ResolvedSection, moved: Bool) -> [DiffChange] {
    var changes: [DiffChange] = []
    let label = Self.label(h, repeated: repeated.head)
    // Cell styles in another order are one change; the rest is compared style by style.
    let b = CellStyleOrder.section(old, inOrderOf: h.cellStyles)
    if moved {
      var move = DiffChange(
        kind: .componentMoved, screens: [screen], component: label, components: [label], old: .array(b.component.map(JSON.int)),
        new: .array(h.component.map(JSON.int)))
      if b.component == h.component { move.position = position(of: b, in: h) }
      changes.append(move)
    }
    if b.cellStyles != old.cellStyles { changes.append(CellStyleOrder.change(old, h, screen: screen, label: label)) }
    if b.componentType != h.componentType {
      changes.append(
        DiffChange(
          kind: .componentRetyped, screens: [screen], component: label, components: [label], old: .string(b.componentType),
          new: .string(h.componentType)))
    }
    // The section's `cell_styles` is its own change: not again inside its `styles`.
    let members = { (s: ResolvedSection) in
      (Self.withoutLayout(s).json.objectValue ?? []).filter { !Self.keysSkipped.contains($0.0) }.map { key, value in
        key == "styles" ? (key, value.objectValue.map { JSON.object($0.filter { $0.0 != "cell_styles" }) } ?? value) : (key, value)
      }
    }
    for (field, old, new) in changedMembers(members(b), members(h)) {
      changes.append(memberChange(field, old: old, new: new, head: h, label: label))
    }
    let layouts = layoutChanges(b, h)
    changes += layouts.map {
      var change = $0
      change.components = [label]
      return change
    }
    // The layouts show the geometry on the devices, not in windows of other size classes or widths.
    // A style renamed alone (the same shape under another name) is the `cell_styles` change.
    if b.geometry != h.geometry, Self.unnamed(b.geometry) != Self.unnamed(h.geometry),
      layouts.isEmpty || Self.beyondDevices(Self.unnamed(b.geometry)) != Self.beyondDevices(Self.unnamed(h.geometry))
    {
      let geometry = DiffChange(
        kind: .componentChanged, screens: [screen], component: Self.descriptor(h), components: [label], family: h.family,
        field: "geometry",
        old: b.geometry?.json, new: h.geometry?.json)
      // Cell styles in another order give each style the same geometry: their order is the
      // `cell_styles` change, not a geometry one of no field.
      if !DiffWording.geometryChanges(geometry).isEmpty { changes.append(geometry) }
    }
    return changes
  }

  /// An index path as changes show it: `[1,0]`.
  static func pathText(_ path: [Int]) -> String { "[" + path.map(String.init).joined(separator: ",") + "]" }

  /// The geometry without its styles' names.
  static func unnamed(_ geometry: SectionGeometry?) -> SectionGeometry? {
    guard var geometry else { return nil }
    geometry.styles = geometry.styles.map {
      var style = $0
      style.style = nil
      return style
    }
    return geometry
  }

  /// What a geometry gives that no device's layout shows: its size-class and state variants, its
  /// responsive rule and its cells' elements (its kind and per-class metrics and heights left out).
  static func beyondDevices(_ geometry: SectionGeometry?) -> SectionGeometry? {
    guard var geometry else { return nil }
    geometry.kind = .flow
    geometry.headerHeights = []
    geometry.footerHeights = []
    geometry.styles = geometry.styles.map {
      var style = $0
      style.phoneColumns = 0
      style.classes = []
      return style
    }
    return geometry
  }

  /// The section without what is compared device by device (its layouts, geometry and drawing),
  /// whose JSON is the costly part.
  static func withoutLayout(_ s: ResolvedSection) -> ResolvedSection {
    var copy = s
    copy.layout = []
    copy.geometry = nil
    copy.drawn = []
    copy.itemsShown = []
    return copy
  }

  /// A changed key of the section: `data` is a binding, `target` a target, any other key a
  /// component change; each named by the component's type and cell styles, so that it groups.
  func memberChange(_ field: String, old: JSON?, new: JSON?, head h: ResolvedSection, label: String) -> DiffChange {
    let kind: DiffChange.Kind = field == "data" ? .binding : field == "target" ? .target : .componentChanged
    return DiffChange(
      kind: kind, screens: [screen], component: Self.descriptor(h), components: [label], family: h.family, field: field, old: old,
      new: new)
  }

  /// One change per device whose layout differs: every field that changed there, old → new.
  func layoutChanges(_ b: ResolvedSection, _ h: ResolvedSection) -> [DiffChange] {
    devices.compactMap { device in
      let drawn = b.drawnEntry(on: device) != nil || h.drawnEntry(on: device) != nil
      let changed = changedMembers(Self.flatLayout(b, device: device, drawn: drawn), Self.flatLayout(h, device: device, drawn: drawn))
      guard !changed.isEmpty else { return nil }
      return DiffChange(
        kind: .layout, screens: [screen], component: Self.descriptor(h), family: h.family, device: device,
        field: changed.map(\.field).joined(separator: ", "), old: .object(changed.map { ($0.field, $0.old ?? .null) }),
        new: .object(changed.map { ($0.field, $0.new ?? .null) }))
    }
  }

  /// What a section is on one device, as flat fields: the layout's keys (`item.width`,
  /// `insets.top`, `header_height`, …), how many items it shows, and with `drawn` (when either
  /// side maps size classes there) how it is drawn: by its `drawn` entry, else as itself.
  static func flatLayout(_ s: ResolvedSection, device: String, drawn withDrawn: Bool) -> [(String, JSON)] {
    var fields: [(String, JSON)] = []
    if withDrawn {
      let drawn =
        s.drawnEntry(on: device)
        ?? DrawnSection(sizeClass: nil, componentType: s.componentType, cellStyles: s.cellStyles, hidden: false, layout: nil)
      fields.append(("hidden", .bool(drawn.hidden)))
      if !drawn.hidden {
        fields.append(("drawn.component_type", .string(drawn.componentType)))
        fields.append(("drawn.cell_styles", .array(drawn.cellStyles.map(JSON.string))))
      }
    }
    if let layout = s.layout(on: device) {
      flatten(layout.json, prefix: "", into: &fields)
    } else if let absent = s.layoutAbsent {
      fields.append(("layout_absent", .string(absent.word)))
    }
    if let shown = s.itemsShown.first(where: { $0.device == device }) { fields.append(("items_shown", .int(shown.count))) }
    return fields
  }

  /// An object's leaves under dotted keys; arrays and other values are leaves.
  static func flatten(_ value: JSON, prefix: String, into fields: inout [(String, JSON)]) {
    guard case .object(let members) = value else {
      fields.append((prefix, value))
      return
    }
    for (key, member) in members { flatten(member, prefix: prefix.isEmpty ? key : prefix + "." + key, into: &fields) }
  }
}

/// An id and how many items before have it: the n-th item of an id is the n-th of the other side.
/// Ids are keyed by their exact characters, as clients compare them (`é` written as one scalar or
/// as `e` and an accent are two ids).
struct Occurrence: Hashable {
  var id: ExactString
  var n: Int
}

/// Each item's id and occurrence (nil for an item without an id).
func occurrences<Item>(_ items: [Item], id: (Item) -> String?) -> [Occurrence?] {
  var seen: [ExactString: Int] = [:]
  return items.map { item in
    guard let key = id(item).map(ExactString.init) else { return nil }
    defer { seen[key, default: 0] += 1 }
    return Occurrence(id: key, n: seen[key] ?? 0)
  }
}

/// Id and occurrence → index.
func occurrenceIndex<Item>(_ items: [Item], id: (Item) -> String?) -> [Occurrence: Int] {
  var index: [Occurrence: Int] = [:]
  for (i, key) in occurrences(items, id: id).enumerated() { if let key { index[key] = i } }
  return index
}

/// The ids that several of `items` have, by their exact characters.
func repeatedIDs<Item>(_ items: [Item], id: (Item) -> String?) -> Set<ExactString> {
  var seen: Set<ExactString> = []
  var repeated: Set<ExactString> = []
  for item in items { if let key = id(item).map(ExactString.init), !seen.insert(key).inserted { repeated.insert(key) } }
  return repeated
}
