import ZappLayout
import ZappModel

/// The changes between a screen's `navigations` in two projects, navigation by navigation and nav
/// item by nav item, each changed field its own change, so that no change hides another. Navigations
/// and nav items are paired by `id` (its exact characters, the n-th of an id with the n-th), else by
/// position among those without an id.
struct NavigationComparison {
  let base: JSON?
  let head: JSON?
  let screen: String

  /// The changes; nil when either side's `navigations` is not a list of objects, which is then
  /// compared as a whole.
  func changes() -> [DiffChange]? {
    guard let old = Self.objects(base), let new = Self.objects(head) else { return nil }
    let (oldLabels, newLabels) = (Self.labels(old, kind: "navigation"), Self.labels(new, kind: "navigation"))
    var changes: [DiffChange] = []
    let pairs = Self.pairs(old, new)
    for (b, h) in pairs {
      let label = newLabels[h]
      let own = { (members: [(String, JSON)]) in Self.flat(members.filter { $0.0 != "nav_items" }) }
      for (field, before, after) in changedMembers(own(old[b]), own(new[h])) {
        changes.append(change(label, field: field, old: before, new: after))
      }
      let items = (Self.member(old[b], "nav_items"), Self.member(new[h], "nav_items"))
      guard let oldItems = Self.objects(items.0), let newItems = Self.objects(items.1) else {
        if let change = itemsAsAWhole(label, items.0, items.1) { changes.append(change) }
        continue
      }
      changes += itemChanges(label, oldItems, newItems)
    }
    changes += removedAndAdded(old, new, pairs: pairs, labels: (oldLabels, newLabels), item: nil)
    if let order = order(pairs, labels: (oldLabels, newLabels)) { changes.append(change(nil, field: "order", old: order.0, new: order.1)) }
    return changes
  }

  /// The changes of the nav items of one navigation (`navigation`, as changes name it).
  func itemChanges(_ navigation: String, _ old: [[(String, JSON)]], _ new: [[(String, JSON)]]) -> [DiffChange] {
    let (oldLabels, newLabels) = (Self.labels(old, kind: "nav_item"), Self.labels(new, kind: "nav_item"))
    let pairs = Self.pairs(old, new)
    var changes: [DiffChange] = []
    for (b, h) in pairs {
      for (field, before, after) in changedMembers(Self.flat(old[b]), Self.flat(new[h])) {
        changes.append(change(navigation, item: newLabels[h], field: field, old: before, new: after))
      }
    }
    changes += removedAndAdded(old, new, pairs: pairs, labels: (oldLabels, newLabels), item: navigation)
    if let order = order(pairs, labels: (oldLabels, newLabels)) {
      changes.append(change(navigation, field: "nav_items.order", old: order.0, new: order.1))
    }
    return changes
  }

  /// `nav_items` that is not a list of objects on one side, compared as a whole.
  func itemsAsAWhole(_ navigation: String, _ old: JSON?, _ new: JSON?) -> DiffChange? {
    if let old, let new, old.isSameData(as: new) { return nil }
    if old == nil, new == nil { return nil }
    return change(navigation, field: "nav_items", old: old, new: new)
  }

  /// Navigations (`item` nil) or nav items of the navigation `item` that only one side has: the
  /// whole object as `old` or `new`, no field.
  func removedAndAdded(
    _ old: [[(String, JSON)]], _ new: [[(String, JSON)]], pairs: [(Int, Int)], labels: ([String], [String]), item navigation: String?
  ) -> [DiffChange] {
    let (pairedBase, pairedHead) = (Set(pairs.map(\.0)), Set(pairs.map(\.1)))
    var changes: [DiffChange] = []
    for b in old.indices where !pairedBase.contains(b) {
      let label = labels.0[b]
      changes.append(
        navigation.map { change($0, item: label, field: nil, old: .object(old[b]), new: nil) }
          ?? change(label, field: nil, old: .object(old[b]), new: nil))
    }
    for h in new.indices where !pairedHead.contains(h) {
      let label = labels.1[h]
      changes.append(
        navigation.map { change($0, item: label, field: nil, old: nil, new: .object(new[h])) }
          ?? change(label, field: nil, old: nil, new: .object(new[h])))
    }
    return changes
  }

  /// The labels of the paired items in each side's order, when these differ.
  func order(_ pairs: [(Int, Int)], labels: ([String], [String])) -> (JSON, JSON)? {
    let byBase = pairs.sorted { $0.0 < $1.0 }
    let byHead = pairs.sorted { $0.1 < $1.1 }
    guard byBase.map(\.1) != byHead.map(\.1) else { return nil }
    return (.array(byBase.map { .string(labels.0[$0.0]) }), .array(byHead.map { .string(labels.1[$0.1]) }))
  }

  /// A change of navigation `navigation` (nil: of the screen's navigations), of its nav item
  /// `item` when there is one.
  func change(_ navigation: String?, item: String? = nil, field: String?, old: JSON?, new: JSON?) -> DiffChange {
    DiffChange(
      kind: .navigationChanged, screens: [screen], component: navigation, field: field, key: item, old: old, new: new)
  }

  /// The objects of a list; nil when it is not a list of objects (an absent list is empty).
  static func objects(_ value: JSON?) -> [[(String, JSON)]]? {
    guard let value, !value.isNull else { return [] }
    guard let items = value.arrayValue else { return nil }
    var objects: [[(String, JSON)]] = []
    for item in items {
      guard let members = item.objectValue else { return nil }
      objects.append(members)
    }
    return objects
  }

  static func member(_ members: [(String, JSON)], _ key: String) -> JSON? { members.first { $0.0 == key }?.1 }

  static func id(_ members: [(String, JSON)]) -> String? { member(members, "id")?.stringValue }

  /// Each object as changes name it: its `id`, an id several have as `id@index`, else `kind@index`.
  static func labels(_ objects: [[(String, JSON)]], kind: String) -> [String] {
    let repeated = repeatedIDs(objects, id: id)
    return objects.enumerated().map { i, members in
      guard let id = id(members) else { return "\(kind)@\(i)" }
      return repeated.contains(ExactString(id)) ? "\(id)@\(i)" : id
    }
  }

  /// Pairs of (base index, head index): by id and occurrence, then those without an id on both
  /// sides by their order among them.
  static func pairs(_ base: [[(String, JSON)]], _ head: [[(String, JSON)]]) -> [(Int, Int)] {
    let baseIDs = occurrenceIndex(base, id: id)
    var pairs: [(Int, Int)] = []
    for (h, key) in occurrences(head, id: id).enumerated() {
      if let key, let b = baseIDs[key] { pairs.append((b, h)) }
    }
    let withoutID = { (side: [[(String, JSON)]]) in side.indices.filter { id(side[$0]) == nil } }
    pairs += zip(withoutID(base), withoutID(head)).map { ($0, $1) }
    return pairs.sorted { $0.1 < $1.1 }
  }

  /// An object's members as flat fields: an object's leaves under dotted keys (`data.target`);
  /// arrays and other values are leaves, and an empty object has none.
  static func flat(_ members: [(String, JSON)]) -> [(String, JSON)] {
    var fields: [(String, JSON)] = []
    func visit(_ value: JSON, _ prefix: String) {
      guard case .object(let inner) = value else {
        fields.append((prefix, value))
        return
      }
      for (key, member) in inner { visit(member, prefix + "." + key) }
    }
    for (key, value) in members { visit(value, key) }
    return fields
  }
}
