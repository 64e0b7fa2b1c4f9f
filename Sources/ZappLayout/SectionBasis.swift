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

  /// The keys of a section that may be derived, in table order.
  public static let keys = [
    "section", "component", "component_type", "component_id", "family", "cell_styles", "data", "item_limit", "target", "styles",
  ]

  /// The basis of the section at `index` whose component is at `path`, `previous` the path of the
  /// section before it (nil for the first), in a screen whose `ui_components` is `components`.
  public init(index: Int, path: [Int], previous: [Int]?, screenFamily: String?, components: JSON?) {
    self.init(
      index: index, path: path, nextPath: Self.successor(of: previous, in: components), screenFamily: screenFamily, components: components)
  }

  /// The basis when the path after the previous section's is already worked out.
  init(index: Int, path: [Int], nextPath: [Int], screenFamily: String?, components: JSON?) {
    self.index = index
    self.screenFamily = screenFamily
    self.nextPath = nextPath
    component = Self.component(at: path, in: components)
  }

  /// The value derived for a key, nil for none (the key is then absent or written as null).
  public func value(forKey key: String) -> JSON? {
    switch key {
    case "section": return .number(String(index))
    case "component": return .array(nextPath.map { .number(String($0)) })
    case "family": return screenFamily.map(JSON.string) ?? .null
    default: break
    }
    guard let component else { return nil }
    var styles: JSON? { component["styles"].flatMap { $0.objectValue == nil ? nil : $0 } }
    var data: JSON? { component["data"].flatMap { $0.objectValue == nil ? nil : $0 } }
    switch key {
    case "component_type": return nonEmpty(component["component_type"])
    case "component_id":
      switch component["id"] {
      case nil, .null?: return nil
      case .string(let s)?: return .string(s)
      case .number(let text)?: return .string(text)
      default: return .string("")
      }
    case "cell_styles":
      let names = styles?["cell_styles"]?.arrayValue ?? []
      return .array(names.filter { nonEmpty($0) != nil })
    case "styles": return styles ?? .object([])
    case "target": return nonEmpty(data?["target"])
    case "data":
      return .object([
        ("binding", .string("own")), ("source", nonEmpty(data?["source"]) ?? .null), ("type", nonEmpty(data?["type"]) ?? .null),
      ])
    case "item_limit": return itemLimit(component["rules"])
    default: return nil
    }
  }

  private func nonEmpty(_ value: JSON?) -> JSON? {
    guard let s = value?.stringValue, !s.isEmpty else { return nil }
    return .string(s)
  }

  /// `rules.item_limit` (else `data_source_limit`, `datasource_limit`) as a whole number from 1,
  /// else null.
  private func itemLimit(_ rules: JSON?) -> JSON {
    guard let rules, rules.objectValue != nil, let value = rules["item_limit"] ?? rules["data_source_limit"] ?? rules["datasource_limit"]
    else { return .null }
    let n: Int?
    switch value {
    case .number(let text): n = Double(text).flatMap { $0 == $0.rounded() && $0 >= 1 && $0 < 1e9 ? Int($0) : nil }
    case .string(let s): n = Int(s).flatMap { $0 >= 1 && String($0) == s ? $0 : nil }
    default: n = nil
    }
    return n.map { .number(String($0)) } ?? .null
  }

  /// The component at an index path: `[i]` in `ui_components`, `[i, j]` in that one's `ui_components`.
  static func component(at path: [Int], in components: JSON?) -> JSON? {
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
    var path: [Int]
    if var previous, let last = previous.popLast() {
      path = previous + [last &+ 1]
      while path.count > 1, component(at: path, in: components) == nil {
        path.removeLast()
        path[path.count - 1] &+= 1
      }
    } else {
      path = [0]
    }
    if let children = component(at: path, in: components)?["ui_components"]?.arrayValue, !children.isEmpty { path.append(0) }
    return path
  }

  /// A screen's JSON with every key its sections leave out filled back, for reading a compact screen.
  static func filled(_ screen: JSON) -> JSON {
    guard case .object(var members) = screen, let r = members.firstIndex(where: { $0.0 == "resolved" }),
      case .object(var resolved) = members[r].1, let s = resolved.firstIndex(where: { $0.0 == "sections" }),
      case .array(let sections) = resolved[s].1
    else { return screen }
    let components = screen["ui_components"]
    let family = members[r].1["family"]?.stringValue
    var previous: [Int]?
    let full = sections.enumerated().map { index, section -> JSON in
      guard case .object(var keys) = section else { return section }
      let (missing, given) = Self.missingKeys(of: keys)
      // A section that holds every key (the expanded form) derives nothing.
      if missing.isEmpty, let given {
        previous = given
        return section
      }
      let nextPath = successor(of: previous, in: components)
      let path = given ?? nextPath
      let basis = SectionBasis(index: index, path: path, nextPath: nextPath, screenFamily: family, components: components)
      previous = path
      for key in missing {
        if let value = basis.value(forKey: key) { keys.append((key, value)) }
      }
      return .object(keys)
    }
    resolved[s].1 = .array(full)
    members[r].1 = .object(resolved)
    return .object(members)
  }

  /// The lengths of `keys`, in the same order.
  private static let keyLengths = keys.map(\.utf8.count)

  /// The derivable keys a section's members leave out, in table order, and the section's
  /// `component` path when it has one: one pass over the members, each compared only with the keys
  /// of its length (every key is lowercase ASCII, which no text of another length equals).
  private static func missingKeys(of members: [(String, JSON)]) -> (missing: [String], given: [Int]?) {
    var present = [Bool](repeating: false, count: keys.count)
    var given: [Int]?
    for (name, value) in members {
      let length = name.utf8.count
      for k in keys.indices where !present[k] && keyLengths[k] == length && keys[k] == name {
        present[k] = true
        if keys[k] == "component" { given = value.arrayValue?.compactMap(\.intValue) }
        break
      }
    }
    return (keys.indices.filter { !present[$0] }.map { keys[$0] }, given)
  }
}
