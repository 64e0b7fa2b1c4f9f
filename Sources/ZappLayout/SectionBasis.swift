// The keys a compact section leaves out because the runtime derives them (docs/bundle.md,
// "Derived keys"): from the section's index, the screen's family, the previous section's component
// and the section's own component as the screen writes it in `ui_components`. A key is left out only
// when its bytes are those of the derived value, so filling the derived value back gives the very
// value the expanded form holds.

/// What a section's derived keys come from.
public struct SectionBasis: Sendable {
  /// The section's index in the screen.
  public let index: Int
  /// The screen's resolved family.
  public let screenFamily: String?
  /// The component path that follows the previous section's (`[0]` for the first section).
  public let nextPath: [Int]
  /// The section's component as the screen writes it, nil when its path names none.
  public let component: JSON?

  /// The members of a component that the derived values are read from: every read of the
  /// component goes through `member(_:)`, so a basis built from these members alone derives the
  /// same values as one built from the whole component.
  public static let componentKeys: Set<String> = Set(ComponentMember.allCases.map(\.rawValue))

  /// A member of the component that a derived value is read from.
  enum ComponentMember: String, CaseIterable {
    case componentType = "component_type"
    case id, styles, data, rules
  }

  /// The keys of a section that may be derived, in table order.
  public static let keys = Key.allCases.map(\.name)

  /// The basis of the section at `index` whose component is at `path`, `previous` the path of the
  /// section before it (nil for the first), in a screen whose `ui_components` is `components`.
  public init(index: Int, path: [Int], previous: [Int]?, screenFamily: String?, components: JSON?) {
    self.init(
      index: index, path: path, nextPath: Self.successor(of: previous, in: components), screenFamily: screenFamily, components: components)
  }

  /// The basis when the path after the previous section's is already worked out.
  init(index: Int, path: [Int], nextPath: [Int], screenFamily: String?, components: JSON?) {
    self.init(index: index, nextPath: nextPath, screenFamily: screenFamily, component: Self.component(at: path, in: components))
  }

  /// The basis of the section at `index` whose component is `component` (nil when its path names
  /// none), `nextPath` the path that follows the previous section's (`successor(of:childCount:)`).
  public init(index: Int, nextPath: [Int], screenFamily: String?, component: JSON?) {
    self.index = index
    self.screenFamily = screenFamily
    self.nextPath = nextPath
    self.component = component
  }

  /// The value derived for a key, nil for none (the key is then absent or written as null).
  public func value(forKey key: String) -> JSON? {
    Key(named: key).flatMap(value(of:))
  }

  /// The derivable keys, in table order (the order of `keys`).
  enum Key: Int, CaseIterable {
    case section, component, componentType, componentID, family, cellStyles, data, itemLimit, target, styles

    /// The key of `name`, nil for a key that is not derived.
    init?(named name: String) {
      guard let k = SectionBasis.keys.firstIndex(of: name) else { return nil }
      self.init(rawValue: k)
    }

    var name: String {
      switch self {
      case .section: return "section"
      case .component: return "component"
      case .componentType: return "component_type"
      case .componentID: return "component_id"
      case .family: return "family"
      case .cellStyles: return "cell_styles"
      case .data: return "data"
      case .itemLimit: return "item_limit"
      case .target: return "target"
      case .styles: return "styles"
      }
    }
  }

  /// The value derived for `key`, as `value(forKey:)`: the typed value below, as JSON.
  func value(of key: Key) -> JSON? {
    switch key {
    case .section: return .number(String(index))
    case .component: return .array(nextPath.map { .number(String($0)) })
    case .family: return screenFamily.map(JSON.string) ?? .null
    default: break
    }
    guard component != nil else { return nil }
    switch key {
    case .section, .component, .family: return nil
    case .componentType: return componentType.map(JSON.string)
    case .componentID: return componentID.map(JSON.string)
    case .cellStyles: return .array(cellStyles.map(JSON.string))
    case .styles: return .object(styles)
    case .target: return target.map(JSON.string)
    case .data:
      let data = data
      return .object([
        ("binding", .string("own")), ("source", data.source.map(JSON.string) ?? .null), ("type", data.type.map(JSON.string) ?? .null),
      ])
    case .itemLimit: return itemLimit.map { .number(String($0)) } ?? .null
    }
  }

  // The values derived from the component, typed as a section holds them (a reader sets them as
  // they are; a writer compares their JSON with the section's). Each is read only with a component.

  /// The component's member `name`, nil without a component or without that member.
  private func member(_ name: ComponentMember) -> JSON? { component?[name.rawValue] }

  private var componentStyles: [(String, JSON)]? { member(.styles)?.objectValue }
  private var componentData: JSON? { member(.data).flatMap { $0.objectValue == nil ? nil : $0 } }

  var componentType: String? { nonEmpty(member(.componentType)) }

  var componentID: String? {
    switch member(.id) {
    case nil, .null?: return nil
    case .string(let s)?: return s
    case .number(let text)?: return text
    default: return ""
    }
  }

  var cellStyles: [String] { (member(.styles)?["cell_styles"]?.arrayValue ?? []).compactMap { nonEmpty($0) } }

  var styles: [(String, JSON)] { componentStyles ?? [] }

  var target: String? { nonEmpty(componentData?["target"]) }

  var data: DataBinding {
    let data = componentData
    return DataBinding(binding: .own, source: nonEmpty(data?["source"]), type: nonEmpty(data?["type"]))
  }

  /// `rules.item_limit` (else `data_source_limit`, `datasource_limit`) as a whole number from 1,
  /// else nil.
  var itemLimit: Int? {
    guard let value = limitSource else { return nil }
    switch value {
    case .number(let text): return Double(text).flatMap { $0 == $0.rounded() && $0 >= 1 && $0 < 1e9 ? Int($0) : nil }
    case .string(let s): return Int(s).flatMap { $0 >= 1 && String($0) == s ? $0 : nil }
    default: return nil
    }
  }

  /// Whether a writer keeps `key` in place though a value is derived for it: a limit written with a
  /// fraction or an exponent (`3.0`, `3e0`), which a reader deriving it from plain digits alone
  /// would take for no limit. Readers still derive it, as bundles written before did leave it out.
  func isKeptInPlace(_ key: String) -> Bool {
    guard key == Key.itemLimit.name, case .number(let text)? = limitSource else { return false }
    return !text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The value the limit is read from: `rules.item_limit`, else `data_source_limit`, else
  /// `datasource_limit`.
  private var limitSource: JSON? {
    guard let rules = member(.rules), rules.objectValue != nil else { return nil }
    return rules["item_limit"] ?? rules["data_source_limit"] ?? rules["datasource_limit"]
  }

  private func nonEmpty(_ value: JSON?) -> String? {
    guard let s = value?.stringValue, !s.isEmpty else { return nil }
    return s
  }

  /// The component at an index path: `[i]` in `ui_components`, `[i, j]` in that one's `ui_components`.
  package static func component(at path: [Int], in components: JSON?) -> JSON? {
    var list = components
    var found: JSON?
    for i in path {
      guard let items = list?.arrayValue, items.indices.contains(i) else { return nil }
      found = items[i]
      list = items[i]["ui_components"]
    }
    return found
  }

  /// The path after `previous`: the next sibling, else the next one a level up; a component with
  /// components of its own gives way to its first. Indices wrap rather than trap: a path of a
  /// hostile bundle past `Int.max` names no component, and only a key that is written can hold it.
  static func successor(of previous: [Int]?, in components: JSON?) -> [Int] {
    successor(of: previous) { path in component(at: path, in: components).map { $0["ui_components"]?.arrayValue?.count ?? 0 } }
  }

  /// `successor(of:in:)` in a tree of components that `childCount` describes: nil when no
  /// component is at a path, else how many components its `ui_components` array holds (0 for none).
  public static func successor(of previous: [Int]?, childCount: ([Int]) -> Int?) -> [Int] {
    var path: [Int]
    if var previous, let last = previous.popLast() {
      path = previous + [last &+ 1]
      while path.count > 1, childCount(path) == nil {
        path.removeLast()
        path[path.count - 1] &+= 1
      }
    } else {
      path = [0]
    }
    if let children = childCount(path), children > 0 { path.append(0) }
    return path
  }

  /// The lengths of `keys`, in the same order.
  private static let keyLengths = keys.map(\.utf8.count)

  /// The derivable keys a section's members leave out (bit k for `keys[k]`), and the section's
  /// `component` path when it has one: one pass over the members, each compared only with the keys
  /// of its length (every key is lowercase ASCII, which no text of another length equals).
  static func missingKeys(of members: [(String, JSON)]) -> (missing: UInt32, given: [Int]?) {
    let (keys, lengths) = (Self.keys, keyLengths)
    var missing: UInt32 = (1 << keys.count) - 1
    var given: [Int]?
    for i in members.indices {
      let length = members[i].0.utf8.count
      for k in keys.indices where missing & (1 << k) != 0 && lengths[k] == length && keys[k] == members[i].0 {
        missing &= ~(1 << k)
        if k == Key.component.rawValue { given = members[i].1.arrayValue?.compactMap { $0.intValue } }
        break
      }
    }
    return (missing, given)
  }
}

/// The keys the sections of a compact screen leave out, derived again one section after another
/// while the sections are read (each section's basis hangs on the sections before it).
struct SectionDerivation {
  /// The screen's `ui_components`.
  let components: JSON?
  /// The screen's resolved family.
  let family: String?
  private var previous: [Int]?
  private var index = 0

  init(components: JSON?, family: String?) {
    self.components = components
    self.family = family
  }

  /// What the next section of the screen leaves out, and the basis its values are derived from;
  /// nil when it leaves out nothing (the expanded form).
  mutating func derived(for section: JSON) -> (basis: SectionBasis, missing: UInt32)? {
    defer { index += 1 }
    guard case .object(let members) = section else { return nil }
    let (missing, given) = SectionBasis.missingKeys(of: members)
    // A section that holds every key (the expanded form) derives nothing.
    if missing == 0, let given {
      previous = given
      return nil
    }
    let nextPath = SectionBasis.successor(of: previous, in: components)
    let path = given ?? nextPath
    let basis = SectionBasis(index: index, path: path, nextPath: nextPath, screenFamily: family, components: components)
    previous = path
    return (basis, missing)
  }
}

extension SectionBasis {
  /// Sets each of the `missing` keys' properties of `section` to the value derived for it, as
  /// reading `value(of:)` would; a key with no value derived is left to be read (as absent). Gives
  /// the fields set (bit i for `ResolvedSection.fields[i]`), which are then not read.
  func fill(_ section: inout ResolvedSection, missing: UInt32) -> UInt64 {
    var set: UInt64 = 0
    for key in Key.allCases where missing & (1 << key.rawValue) != 0 && fill(key, of: &section) {
      set |= 1 << UInt64(ResolvedSection.derivedFieldIndices[key.rawValue])
    }
    return set
  }

  /// Sets the property of `key`; false when no value is derived for it.
  private func fill(_ key: Key, of section: inout ResolvedSection) -> Bool {
    switch key {
    case .section: section.section = index
    case .component: section.component = nextPath
    case .family: section.family = screenFamily
    default:
      guard component != nil else { return false }
      switch key {
      case .section, .component, .family: return false
      case .componentType:
        guard let type = componentType else { return false }
        section.componentType = type
      case .componentID:
        guard let id = componentID else { return false }
        section.componentID = id
      case .cellStyles: section.cellStyles = cellStyles
      case .styles: section.styles = styles
      case .target:
        guard let target else { return false }
        section.target = target
      case .data: section.data = data
      case .itemLimit: section.itemLimit = itemLimit
      }
    }
    return true
  }
}

extension ResolvedSection {
  /// The index in `fields` of each derivable key's field, by `SectionBasis.Key`.
  static let derivedFieldIndices: [Int] = SectionBasis.Key.allCases.map { key in
    guard let i = fields.firstIndex(where: { $0.key == key.name }), i < 64 else {
      preconditionFailure("the section's field table has no key '\(key.name)' among its first 64")
    }
    return i
  }
}

extension ResolvedSection {
  /// Whether the section holds for `key` the value `basis` derives, as typed: the two would be
  /// written with the same bytes (strings compared by their bytes, numbers and paths by value),
  /// so the compact form leaves the key out without writing either. False when that is not
  /// certain: the writer then compares the two as written.
  func holdsDerived(_ key: SectionBasis.Key, from basis: SectionBasis) -> Bool {
    switch key {
    case .section: return section == basis.index
    case .component: return component == basis.nextPath
    // `null` for none on both sides.
    case .family: return Self.sameBytes(family, basis.screenFamily)
    default: break
    }
    // Without a component, nothing else is derived.
    guard basis.component != nil else { return false }
    switch key {
    case .componentType: return basis.componentType.map { Self.sameBytes($0, componentType) } ?? false
    // Absent for none on both sides.
    case .componentID: return Self.sameBytes(componentID, basis.componentID)
    case .target: return Self.sameBytes(target, basis.target)
    case .cellStyles:
      let derived = basis.cellStyles
      return derived.count == cellStyles.count && zip(derived, cellStyles).allSatisfy { $0.hasSameUTF8(as: $1) }
    case .itemLimit: return !basis.isKeptInPlace(SectionBasis.Key.itemLimit.name) && itemLimit == basis.itemLimit
    // The binding writes `binding`, then `source` and `type` (null for none), then a child when it has one.
    case .data:
      let derived = basis.data
      return data.binding == .own && data.child == nil && data.groupChild == nil && Self.sameBytes(data.source, derived.source)
        && Self.sameBytes(data.type, derived.type)
    case .styles: return Self.sameBytes(styles, basis.styles)
    case .section, .component, .family: return false
    }
  }

  /// Whether two objects' members are written with the same bytes: keys, strings and numbers'
  /// text compared by their bytes, in order.
  private static func sameBytes(_ a: [(String, JSON)], _ b: [(String, JSON)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0.hasSameUTF8(as: $1.0) && sameBytes($0.1, $1.1) }
  }

  private static func sameBytes(_ a: JSON, _ b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)), (.string(let x), .string(let y)): return x.hasSameUTF8(as: y)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameBytes($0, $1) }
    case (.object(let x), .object(let y)): return sameBytes(x, y)
    default: return false
    }
  }

  private static func sameBytes(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.hasSameUTF8(as: b)
    default: return false
    }
  }
}
