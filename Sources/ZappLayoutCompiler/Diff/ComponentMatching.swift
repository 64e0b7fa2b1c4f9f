import ZappLayout

extension ComponentKeyComparison.Written {
  /// What the component writes but its id and the components it holds: equal for a component
  /// that did not change.
  var content: [(String, JSON)] { members.filter { $0.0 != "id" && $0.0 != "ui_components" } }

  /// What an edit of a component rarely changes: its type, cell styles and data source and type,
  /// which pair components that no id pairs.
  var signature: JSON { signature(anyOrder: false) }

  /// The `signature` with its cell styles in one order (`anyOrder`) or as listed: styles listed
  /// in another order are the same component's when nothing of the order they were listed in
  /// pairs it.
  func signature(anyOrder: Bool) -> JSON {
    let member = { (object: JSON?, key: String) in object?.objectValue?.first { $0.0 == key }?.1 ?? .null }
    let object = JSON.object(members)
    let data = member(object, "data")
    var styles = member(member(object, "styles"), "cell_styles")
    if anyOrder, let names = styles.arrayValue?.compactMap(\.stringValue), names.count == styles.arrayValue?.count {
      styles = .array(names.sorted().map(JSON.string))
    }
    return .array([.string(type), styles, member(data, "source"), member(data, "type")])
  }
}

extension ComponentKeyComparison {
  /// Pairs of one id's components (base indices, head indices, in screen order): those written
  /// alike first, in order (a copy added beside the original is the one added, whichever comes
  /// first), then the others by occurrence.
  static func pairsOfOneID(_ base: [Written], _ head: [Written], _ bs: [Int], _ hs: [Int]) -> [(Int, Int)] {
    let writtenAlike = alike(base, head, bs, hs)
    var pairs = pairedAlike(bs, hs, keys: contentKeys(base, head)) { b, h in base[b].isGroup == head[h].isGroup && writtenAlike(b, h) }
    let (usedBase, usedHead) = (Set(pairs.map(\.0)), Set(pairs.map(\.1)))
    let rest = zip(bs.filter { !usedBase.contains($0) }, hs.filter { !usedHead.contains($0) })
    pairs += rest.filter { base[$0.0].isGroup == head[$0.1].isGroup }
    return pairs
  }

  /// Pairs of the leaves no id paired, in screen order: those written alike first, then those of
  /// the same `signature`, each a longest common subsequence, so that components without an id
  /// that change places are moved, not changed. Two different ids are two components.
  static func leavesByContent(_ base: [Written], _ head: [Written], _ bs: [Int], _ hs: [Int]) -> [(Int, Int)] {
    let idsAgree = { (b: Int, h: Int) in base[b].id == nil || head[h].id == nil || base[b].exactID == head[h].exactID }
    let writtenAlike = alike(base, head, bs, hs)
    var pairs = pairedAlike(bs, hs, keys: contentKeys(base, head)) { b, h in idsAgree(b, h) && writtenAlike(b, h) }
    // The same signature with the cell styles as listed first, then in any order among those left
    // (a component that lists its styles in another order), so that two listing the same styles
    // in two orders are not told apart by the order-free one alone.
    for anyOrder in [false, true] {
      pairs += signaturePairs(base, head, bs, hs, paired: pairs, anyOrder: anyOrder, idsAgree: idsAgree)
    }
    return pairs
  }

  /// Pairs of the components of `bs` and `hs` not in `paired` whose signature (`anyOrder`) no
  /// other left on its side has and the other side's has, in screen order. A signature several
  /// components of a side have does not tell them apart: those are left to their index path.
  static func signaturePairs(
    _ base: [Written], _ head: [Written], _ bs: [Int], _ hs: [Int], paired: [(Int, Int)], anyOrder: Bool,
    idsAgree: (Int, Int) -> Bool
  ) -> [(Int, Int)] {
    let (usedBase, usedHead) = (Set(paired.map(\.0)), Set(paired.map(\.1)))
    let (restBase, restHead) = (bs.filter { !usedBase.contains($0) }, hs.filter { !usedHead.contains($0) })
    let signatures = { (side: [Written], indices: [Int]) in
      Dictionary(uniqueKeysWithValues: indices.map { ($0, side[$0].signature(anyOrder: anyOrder)) })
    }
    let (baseAll, headAll) = (signatures(base, restBase), signatures(head, restHead))
    let unique = { (all: [Int: JSON]) in
      var count: [JSON: Int] = [:]
      for signature in all.values { count[signature, default: 0] += 1 }
      return all.filter { count[$0.value] == 1 }
    }
    let (baseSignatures, headSignatures) = (unique(baseAll), unique(headAll))
    let keys = (base: { (i: Int) in baseAll[i]?.hashValue }, head: { (i: Int) in headAll[i]?.hashValue })
    return pairedAlike(restBase, restHead, keys: keys) { b, h in
      guard let s = baseSignatures[b], s == headSignatures[h] else { return false }
      return idsAgree(b, h)
    }
  }

  /// Whether a component of `bs` and one of `hs` write the same `content`, their contents and
  /// signatures (which components written alike share) worked out once.
  static func alike(_ base: [Written], _ head: [Written], _ bs: [Int], _ hs: [Int]) -> (Int, Int) -> Bool {
    let forms = { (side: [Written], indices: [Int]) in
      Dictionary(indices.map { ($0, (side[$0].signature, JSON.object(side[$0].content))) }, uniquingKeysWith: { first, _ in first })
    }
    let (baseForms, headForms) = (forms(base, bs), forms(head, hs))
    return { b, h in
      guard let old = baseForms[b], let new = headForms[h], old.0 == new.0 else { return false }
      return old.1.isSameData(as: new.1)
    }
  }

  /// Keys of the components of each side that two written alike (`alike`) share: their
  /// signatures and contents hashed as `isSameData` compares them; nil for one whose content has
  /// a key twice in an object, which any component may be written alike with.
  static func contentKeys(_ base: [Written], _ head: [Written]) -> (base: (Int) -> Int?, head: (Int) -> Int?) {
    let key = { (side: [Written]) in
      { (i: Int) -> Int? in
        var hasher = Hasher()
        hasher.combine(side[i].signature)
        guard JSON.object(side[i].content).combineData(into: &hasher) else { return nil }
        return hasher.finalize()
      }
    }
    return (key(base), key(head))
  }

  /// The items of `a` and `b` that are the same under `same`, paired: a longest common
  /// subsequence, which keeps the most in order, then each item it leaves (moved across it) in
  /// order with the first of `b` left that is the same. `keys` (of `a`'s items, of `b`'s), equal
  /// for two items that are the same (nil: any may be), find that one among the few of its key.
  static func pairedAlike(
    _ a: [Int], _ b: [Int], keys: (base: (Int) -> Int?, head: (Int) -> Int?) = ({ _ in nil }, { _ in nil }),
    same: (Int, Int) -> Bool
  ) -> [(Int, Int)] {
    var pairs = commonSubsequence(a, b, same: same)
    var used = Set(pairs.map(\.1))
    let paired = Set(pairs.map(\.0))
    var left: Leftovers? = nil  // made for the first item left, when there is one
    for i in a where !paired.contains(i) {
      if left == nil { left = Leftovers(b, key: keys.head) }
      guard let j = left?.first(key: keys.base(i), used: used, where: { same(i, $0) }) else { continue }
      used.insert(j)
      pairs.append((i, j))
    }
    return pairs
  }

  /// The items of one list by key, each in the list's order, for the first not yet used that
  /// is the same as an item of the other list: among those of its key and those of none (all of
  /// them for an item of no key). Those used are passed once, so that pairing is linear in the
  /// items but for those of one key that are not the same.
  struct Leftovers {
    /// An item's place in the list.
    var order: [Int: Int] = [:]
    /// Key → its items, in order (`nil`: the items of no key), each with how many of its first are used.
    var lists: [Int?: (items: [Int], passed: Int)] = [:]
    /// The whole list, with how many of its first items are used.
    var all: (items: [Int], passed: Int)

    init(_ items: [Int], key: (Int) -> Int?) {
      all = (items, 0)
      for (n, item) in items.enumerated() {
        order[item] = n
        lists[key(item), default: ([], 0)].items.append(item)
      }
    }

    /// The first item of the list not `used` for which `same` holds, that an item of `key` can be.
    mutating func first(key: Int?, used: Set<Int>, where same: (Int) -> Bool) -> Int? {
      guard let key else { return Self.first(in: &all, used: used, where: same) }
      var found: [Int] = []
      for slot in [key, nil] where lists[slot] != nil {
        if let item = Self.first(in: &lists[slot, default: ([], 0)], used: used, where: same) { found.append(item) }
      }
      return found.min { (order[$0] ?? 0) < (order[$1] ?? 0) }
    }

    /// The first item of `list` not `used` for which `same` holds, the used ones at its start passed.
    static func first(in list: inout (items: [Int], passed: Int), used: Set<Int>, where same: (Int) -> Bool) -> Int? {
      while list.passed < list.items.count, used.contains(list.items[list.passed]) { list.passed += 1 }
      return list.items[list.passed...].first { !used.contains($0) && same($0) }
    }
  }

  /// A longest common subsequence of `a` and `b` under `same`, as pairs in order; of several, the
  /// one pairing the earliest items. Lists too long to compare pairwise have none.
  static func commonSubsequence(_ a: [Int], _ b: [Int], same: (Int, Int) -> Bool) -> [(Int, Int)] {
    guard !a.isEmpty, !b.isEmpty, a.count * b.count <= 1 << 20 else { return [] }
    let width = b.count + 1
    var matches = [Bool](repeating: false, count: a.count * b.count)
    var length = [Int](repeating: 0, count: (a.count + 1) * width)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        matches[i * b.count + j] = same(a[i], b[j])
        length[i * width + j] =
          matches[i * b.count + j]
          ? length[(i + 1) * width + j + 1] + 1 : max(length[(i + 1) * width + j], length[i * width + j + 1])
      }
    }
    var pairs: [(Int, Int)] = []
    var (i, j) = (0, 0)
    while i < a.count, j < b.count {
      if matches[i * b.count + j], length[i * width + j] == length[(i + 1) * width + j + 1] + 1 {
        pairs.append((a[i], b[j]))
        (i, j) = (i + 1, j + 1)
      } else if length[(i + 1) * width + j] >= length[i * width + j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return pairs
  }
}
