import ZappDiagnostics
import ZappLayout

/// One entry of a component's `size_class_mapping` as the responsive rules read it: the size class
/// key and the replacement's `component_type` and `cell_style`, each with where it is written.
package struct SizeClassMappingEntry {
  package let key: Located<String>
  package let value: JSONValue
  /// Whether this is a component's `fallback` (keyed by the word `fallback`), not a size class's entry.
  package var isFallback = false
  /// Whether the entry's keys are checked where it is written (a near miss of `component_type` or
  /// `cell_style` is ZL0206): by the schema pass in a screen, by the family reader in a family.
  package var keysChecked = false
  /// How messages name the entry: `size class 'L'`, or `the fallback`.
  package var label: String { isFallback ? "the fallback" : "size class '\(key.value)'" }
  /// `"hide"`.
  package var hides: Bool { value.string == "hide" }
  package var componentType: Located<String>? { value["component_type"].flatMap { v in v.string.map { Located($0, v.spot) } } }
  package var cellStyle: Located<String>? { value["cell_style"].flatMap { v in v.string.map { Located($0, v.spot) } } }

  /// The entries a component is drawn with: its own mapping, which (even empty) stands in for
  /// its family's, else its family's for its type.
  package static func entries(drawing component: ComponentDecl, in family: FamilyDecl) -> [SizeClassMappingEntry] {
    component.sizeClassMappingValue != nil ? entries(of: component) : entries(of: family.sizeClassMappings[component.typeName])
  }

  /// The entries of a component's mapping, when it is an object.
  package static func entries(of component: ComponentDecl) -> [SizeClassMappingEntry] {
    entries(of: component.sizeClassMappingValue).map { entry in
      var checked = entry
      checked.keysChecked = true
      return checked
    }
  }

  /// A component's `fallback`, when it has one.
  package static func fallback(of component: ComponentDecl) -> SizeClassMappingEntry? {
    component.fallbackValue.map { SizeClassMappingEntry(key: Located("fallback", $0.spot), value: $0, isFallback: true, keysChecked: true) }
  }

  /// A component's size class entries and its fallback, as the replacement rules check them.
  package static func replacements(of component: ComponentDecl) -> [SizeClassMappingEntry] {
    entries(of: component) + (fallback(of: component).map { [$0] } ?? [])
  }

  /// Whether the entry, an object, holds a near miss of `key` (`component_typ`), which the schema
  /// pass reports with its fix when it checks the entry's keys (`keysChecked`).
  package func misspells(_ key: String) -> Bool {
    keysChecked && value.members.contains { name, _ in name.string.map { $0 != key && closestMatch(to: $0, in: [key]) != nil } ?? false }
  }

  /// The entries of a mapping, when it is an object.
  package static func entries(of mapping: JSONValue?) -> [SizeClassMappingEntry] {
    guard let mapping, mapping.kind == .object else { return [] }
    return mapping.members.compactMap { key, value in key.string.map { SizeClassMappingEntry(key: Located($0, key.spot), value: value) } }
  }

  /// Every JSON family's mapping of the project (its own families, not the built-in ones), with
  /// its family and component type, sorted by family and type.
  package static func familyMappings(_ project: Project) -> [(family: FamilyDecl, type: String, entries: [SizeClassMappingEntry])] {
    project.families.values.filter { !$0.isBuiltin }.sorted { $0.family.name < $1.family.name }.flatMap { decl in
      mappings(of: decl).map { (decl, $0.type, $0.entries) }
    }
  }

  /// A JSON family's mapping of each component type it maps, sorted by type; the family reader
  /// checks each replacement's keys (`FamilyReader.checkReplacements`).
  package static func mappings(of decl: FamilyDecl) -> [(type: String, entries: [SizeClassMappingEntry])] {
    decl.sizeClassMappings.keys.sorted().map { type in
      (
        type,
        entries(of: decl.sizeClassMappings[type]).map { entry in
          var checked = entry
          checked.keysChecked = true
          return checked
        }
      )
    }
  }
}
