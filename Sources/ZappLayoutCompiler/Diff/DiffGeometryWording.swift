import ZappDiagnostics
import ZappLayout
import ZappWriters

extension DiffWording {
  /// A geometry change as text: every field that changed, grouped by where it holds (a device
  /// class, a window of a size class or state, a cell style's), `scope: field old → new`:
  /// `phone: columns 2 → 3, aspect_cell_ratio 1.5 → 1.8; tablet XL: columns none → 6`.
  static func geometryFields(_ change: DiffChange) -> String {
    let (old, new) = (geometryLeaves(change.old), geometryLeaves(change.new))
    // A window one side lacks has there what its device class has.
    let value = { (leaves: [GeometryLeaf], leaf: GeometryLeaf) -> JSON? in
      let values = Dictionary(leaves.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      if let found = values[leaf.key] { return found }
      let inWindow = leaves.contains { $0.scope == leaf.scope }
      return inWindow ? nil : leaf.fallback.flatMap { values[GeometryLeaf(scope: $0, field: leaf.field, value: .null).key] }
    }
    var scopes: [(scope: String, fields: [String])] = []
    var seen: Set<String> = []
    for leaf in new + old where seen.insert(leaf.key).inserted {
      let (before, after) = (value(old, leaf), value(new, leaf))
      if let before, let after, before.isSameData(as: after) { continue }
      let text = "\(TerminalText.visible(leaf.field)) \(arrow(before, after))"
      if let at = scopes.firstIndex(where: { $0.scope == leaf.scope }) {
        scopes[at].fields.append(text)
      } else {
        scopes.append((leaf.scope, [text]))
      }
    }
    return scopes.map { ($0.scope.isEmpty ? "" : TerminalText.visible($0.scope) + ": ") + $0.fields.joined(separator: ", ") }
      .joined(separator: "; ")
  }

  /// A field of a geometry: where it holds (`tablet`, `tablet XL`, `GRID_POSTER phone`; empty for
  /// the whole section), its name there, and its value.
  struct GeometryLeaf {
    var scope: String
    var field: String
    var value: JSON
    /// For a window of a size class or state, the scope of its device class.
    var fallback: String?
    var key: String { scope + "\u{0}" + field }
  }

  /// The fields of a geometry (as the bundle writes it), in order.
  static func geometryLeaves(_ geometry: JSON?) -> [GeometryLeaf] {
    var leaves: [GeometryLeaf] = []
    func add(_ scope: String, _ field: String, _ value: JSON, fallback: String? = nil) {
      if case .object(let members) = value {
        for (key, member) in members { add(scope, field.isEmpty ? key : field + "." + key, member, fallback: fallback) }
      } else {
        leaves.append(GeometryLeaf(scope: scope, field: field, value: value, fallback: fallback))
      }
    }
    let window = { (entry: JSON) in
      ["class", "size_class", "state"].compactMap { entry[$0]?.stringValue }.joined(separator: " ")
    }
    let within = { (outer: String, inner: String) in outer.isEmpty ? inner : outer + " " + inner }
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
                let deviceClass = within(name, variant["class"]?.stringValue ?? "")
                add(within(name, window(variant)), "", variant["metrics"] ?? .null, fallback: deviceClass)
                if let sets = variant["sets_columns"] { add(within(name, window(variant)), "sets_columns", sets, fallback: deviceClass) }
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
          add(window(variant), field, variant["height"] ?? .null, fallback: variant["class"]?.stringValue)
        }
      default: add("", key, value)
      }
    }
    return leaves
  }
}
