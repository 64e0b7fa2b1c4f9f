import ZappDiagnostics
import ZappLayout

extension JSONSchema {
  /// The project's own names for a key of a shape, for `zlc schema --project`: families, cell
  /// styles (of every family: a schema cannot follow the family a component uses), component types,
  /// screen ids (and, in `screen_types.json`, unique names).
  package static func projectValues(_ project: Project, shape: String, key: String) -> [String]? {
    // Once each by their bytes, as the bundle names them: two ids Unicode counts as one (`café`
    // with `é`, and with `e` and a combining accent) are two screens, and each is a valid value.
    // Sorted by the strings, then by their bytes, as `required_renderers` sorts names.
    func sortedUnique(_ names: [String]) -> [String] {
      let sorted = names.sorted { a, b in a < b || (!(b < a) && a.utf8.lexicographicallyPrecedes(b.utf8)) }
      var unique: [String] = []
      for name in sorted where !(unique.last.map { $0 == name && $0.utf8.elementsEqual(name.utf8) } ?? false) { unique.append(name) }
      return unique
    }
    switch (shape, key) {
    case ("component", "component_type"), ("component styles", "cell_body_component_type"):
      return sortedUnique(project.knownComponentTypes)
    case ("component styles", "family"), ("screen styles", "family"):
      return project.families.keys.sorted()
    case ("component styles", "cell_styles"), ("component styles", "cell_body_styles"):
      var names = project.families.values.flatMap { decl in decl.family.components.flatMap { $0.cells.map(\.name) } }
      for manifest in project.manifests { names += manifest.cellStyleOptions(family: nil) ?? [] }
      for manifest in project.manifests {
        for family in project.families.keys { names += manifest.cellStyleOptions(family: family) ?? [] }
      }
      return sortedUnique(names)
    case ("data", "target"), ("screen data", "target"), ("screen data", "parent"), ("header", "target"):
      return sortedUnique(project.screens.map(\.id.value))
    case ("screen", "type"):
      return sortedUnique(project.knownScreenTypes)
    case ("screen_types.json", "screen_types"), ("screen_types.json", "content_types"):
      let names = project.screens.compactMap(\.name?.value).filter { project.screens(named: $0).count == 1 }
      return sortedUnique(project.screens.map(\.id.value) + names)
    default:
      return nil
    }
  }

  /// A property whose strings are one of `names` (and `""` and null, which mean absent, unless it is `required`).
  package static func enumerated(_ names: [String], _ shape: Shape, required: Bool = false) -> JSONOut {
    let values = JSONOut.object([("enum", .array(names.map { .string($0) } + (required ? [] : [.string(""), .null])))])
    // A list's element, a map's value and a screen_id name one: "" or null there names none. A
    // map's value may be null, which maps nothing, as zlc reads it ("" names no screen: ZL0307).
    let named = JSONOut.object([("enum", .array(names.map { .string($0) }))])
    let mapped = JSONOut.object([("enum", .array(names.map { .string($0) } + [.null]))])
    switch shape {
    case .array:
      // Or "", which means no list, as a builder writes it.
      return .object([("type", .array([.string("array"), .string("null"), .string("string")])), ("maxLength", .int(0)), ("items", named)])
    case .map(.custom("contentTypeTarget")):
      // A content type opens a screen named as a string, or as `{"screen_id": …}` (Quick Brick).
      let target = JSONOut.object([
        ("type", .string("object")), ("required", .array([.string("screen_id")])),
        ("properties", .object([("screen_id", named)])),
      ])
      return .object([
        ("type", .array([.string("object"), .string("null")])),
        ("additionalProperties", .object([("anyOf", .array([mapped, target]))])),
      ])
    case .map:
      return .object([("type", .array([.string("object"), .string("null")])), ("additionalProperties", mapped)])
    default:
      return values
    }
  }
}
