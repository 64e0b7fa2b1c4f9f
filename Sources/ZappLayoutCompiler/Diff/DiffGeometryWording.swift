import ZappDiagnostics
import ZappLayout
import ZappWriters

extension DiffWording {
  /// A geometry change as text: every field that changed, grouped by where it holds (a device
  /// class, a window of a size class or state, a cell style's), `scope: field old → new`:
  /// `phone: columns 2 → 3, aspect_cell_ratio 1.5 → 1.8; tablet XL: columns none → 6`.
  static func geometryFields(_ change: DiffChange) -> String {
    geometryChanges(change).map { scope in
      (scope.scope.isEmpty ? "" : shown(scope.scope) + ": ")
        + scope.fields.map { "\(shown($0.field)) \(arrow($0.old, $0.new))" }.joined(separator: ", ")
    }.joined(separator: "; ")
  }

  /// A geometry change as the Old and New cells of a table: each changed field's value on that
  /// side, grouped as `geometryFields` groups them (`tablet XL: columns 4`).
  static func geometrySides(_ change: DiffChange) -> (String, String) {
    let scopes = geometryChanges(change)
    let text = { (pick: ((field: String, old: JSON?, new: JSON?)) -> JSON?) in
      scopes.map { scope in
        (scope.scope.isEmpty ? "" : shown(scope.scope) + ": ")
          + scope.fields.map { "\(shown($0.field)) \(value(pick($0)))" }.joined(separator: ", ")
      }.joined(separator: "; ")
    }
    return (text { $0.old }, text { $0.new })
  }

  /// The fields of a geometry change that differ, by scope in the order they come (the head's,
  /// then those only the base has). A window one side lacks has there what the window reads there
  /// (`ScreenKey.lookup`): its device class's entry with its state alone, else with its size class
  /// alone, else its device class's.
  static func geometryChanges(_ change: DiffChange) -> [(scope: String, fields: [(field: String, old: JSON?, new: JSON?)])] {
    let (old, new) = (geometryLeaves(change.old), geometryLeaves(change.new))
    let values = { (leaves: [GeometryLeaf]) in Dictionary(leaves.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) }
    let (oldValues, newValues) = (values(old), values(new))
    let (oldScopes, newScopes) = (Set(old.map(\.scope)), Set(new.map(\.scope)))
    let value = { (values: [String: JSON], scopes: Set<String>, leaf: GeometryLeaf) -> JSON? in
      if let found = values[leaf.key] { return found }
      guard !scopes.contains(leaf.scope) else { return nil }
      return leaf.fallbacks.lazy.compactMap { values[GeometryLeaf(scope: $0, field: leaf.field, value: .null).key] }.first
    }
    var scopes: [(scope: String, fields: [(field: String, old: JSON?, new: JSON?)])] = []
    var seen: Set<String> = []
    for leaf in new + old where seen.insert(leaf.key).inserted {
      let (before, after) = (value(oldValues, oldScopes, leaf), value(newValues, newScopes, leaf))
      if let before, let after, before.isSameData(as: after) { continue }
      if let at = scopes.firstIndex(where: { $0.scope == leaf.scope }) {
        scopes[at].fields.append((leaf.field, before, after))
      } else {
        scopes.append((leaf.scope, [(leaf.field, before, after)]))
      }
    }
    return scopes
  }

  /// A field of a geometry: where it holds (`tablet`, `tablet XL`, `GRID_POSTER phone`; empty for
  /// the whole section), its name there, and its value.
  struct GeometryLeaf {
    var scope: String
    var field: String
    var value: JSON
    /// For a window of a size class or state, the scopes it reads where it has no entry of its
    /// own, in order, its device class's last.
    var fallbacks: [String] = []
    var key: String { scope + "\u{0}" + field }
  }

  /// The fields of a geometry (as the bundle writes it), in order.
  static func geometryLeaves(_ geometry: JSON?) -> [GeometryLeaf] {
    var leaves: [GeometryLeaf] = []
    func add(_ scope: String, _ field: String, _ value: JSON, fallbacks: [String] = []) {
      if case .object(let members) = value {
        for (key, member) in members { add(scope, field.isEmpty ? key : field + "." + key, member, fallbacks: fallbacks) }
      } else {
        leaves.append(GeometryLeaf(scope: scope, field: field, value: value, fallbacks: fallbacks))
      }
    }
    let window = { (entry: JSON) in
      ["class", "size_class", "state"].compactMap { entry[$0]?.stringValue }.joined(separator: " ")
    }
    let within = { (outer: String, inner: String) in outer.isEmpty ? inner : outer + " " + inner }
    // What a window of both a size class and a state reads without its entry: its state's, its
    // size class's, its device class's; a window of one of them, its device class's.
    let fallbacks = { (name: String, entry: JSON) -> [String] in
      let deviceClass = entry["class"]?.stringValue ?? ""
      let own = within(name, deviceClass)
      guard let sizeClass = entry["size_class"]?.stringValue, let state = entry["state"]?.stringValue else { return [own] }
      return [within(own, state), within(own, sizeClass), own]
    }
    let styles = geometry?["styles"]?.arrayValue ?? []
    for (key, value) in geometry?.objectValue ?? [] {
      switch key {
      case "styles":
        for (i, style) in styles.enumerated() {
          let name = styles.count > 1 ? style["style"]?.stringValue ?? "style \(i + 1)" : ""
          for (styleKey, member) in style.objectValue ?? [] where styleKey != "style" || styles.count == 1 {
            switch styleKey {
            case "classes":
              for (deviceClass, metrics) in member.objectValue ?? [] { add(within(name, deviceClass), "", metrics["metrics"] ?? .null) }
              for (deviceClass, metrics) in member.objectValue ?? [] {
                if let sets = metrics["sets_columns"] { add(within(name, deviceClass), "sets_columns", sets) }
              }
            case "variants":
              for variant in member.arrayValue ?? [] {
                let reads = fallbacks(name, variant)
                add(within(name, window(variant)), "", variant["metrics"] ?? .null, fallbacks: reads)
                if let sets = variant["sets_columns"] { add(within(name, window(variant)), "sets_columns", sets, fallbacks: reads) }
              }
            default: leaves.append(GeometryLeaf(scope: name, field: styleKey, value: member))
            }
          }
        }
      case "header_height", "footer_height":
        for (deviceClass, height) in value.objectValue ?? [] { add(deviceClass, key, height) }
      case "header_height_variants", "footer_height_variants":
        let field = String(key.dropLast("_variants".count))
        for variant in value.arrayValue ?? [] {
          add(window(variant), field, variant["height"] ?? .null, fallbacks: fallbacks("", variant))
        }
      default: add("", key, value)
      }
    }
    return leaves
  }
}
