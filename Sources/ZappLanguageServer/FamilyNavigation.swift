import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel

/// Go to definition and find references from a family file (XML or JSON): the name of a cell
/// style, a layout or a header style to the components that pick it, and a display rule's `copyOf`
/// to the rule it copies; and from a screen's cell style, layout or header style to its definition
/// and every component that picks it.
extension DocumentQuery {
  /// The family the project read from this document, when it is the one its name stands for.
  private var familyDecl: FamilyDecl? {
    guard kind == .family, let project else { return nil }
    return project.familyDefinitions.first { $0.file.path == document.path && project.families[$0.family.name] === $0 }
  }

  /// Whether the cursor is on `name`, a value read from this document: from its start (its
  /// opening quote in JSON) to its end.
  private func isOn(_ name: Located<String>) -> Bool {
    let spot = name.spot
    guard spot.file.path == document.path, spot.offset >= 0, spot.offset <= document.bytes.count else { return false }
    let quoted = spot.offset < document.bytes.count && document.bytes[spot.offset] == UInt8(ascii: "\"")
    let end = quoted ? document.lines.tokenEnd(at: spot.offset) : spot.offset + name.value.utf8.count
    return spot.offset <= offset && offset <= end
  }

  /// The display rule a `copyOf` under the cursor copies: the last rule of its `<DisplayRules>`
  /// with that `type`, the one clients keep.
  func familyDefinition() -> Any? {
    guard let decl = familyDecl else { return nil }
    if let replaced = replacementStyle(in: decl) {
      return decl.cellSpots[replaced.type]?[replaced.name].flatMap { location($0) }
    }
    for rules in decl.displayRules {
      guard let copyOf = rules.lazy.compactMap(\.copyOf).first(where: isOn) else { continue }
      return rules.last { $0.type?.value == copyOf.value }?.type.flatMap { location($0.spot) }
    }
    return nil
  }

  /// The cell style under the cursor in one of the family's own size class replacements
  /// (`sizeClassMapping`), with the replacement's component type (lowercased, as the family's
  /// types are).
  private func replacementStyle(in decl: FamilyDecl) -> (name: String, type: String)? {
    for (_, entries) in SizeClassMappingEntry.mappings(of: decl) {
      for entry in entries {
        guard let style = entry.cellStyle, let type = entry.componentType, isOn(style) else { continue }
        return (style.value, type.value.lowercased())
      }
    }
    return nil
  }

  /// On the name of a cell style, a named layout or a header style: where it is defined (with
  /// `includeDeclaration`) and every component that picks it. On a display rule's `type`: the rule
  /// clients keep for it (with `includeDeclaration`) and every `copyOf` of its `<DisplayRules>`
  /// naming it.
  func familyReferences(includeDeclaration: Bool) -> [JSONObject] {
    guard let decl = familyDecl, let project else { return [] }
    let style: (name: String, kind: StyleKind)? =
      decl.cellDefinitions.first { isOn($0.name) }.map { ($0.name.value, .cell(type: $0.type)) }
      ?? decl.layoutDefinitions.first { isOn($0.name) }.map { ($0.name.value, .layout(type: $0.type)) }
      ?? decl.headerDefinitions.first(where: isOn).map { ($0.value, .header) }
      ?? replacementStyle(in: decl).map { ($0.name, .cell(type: $0.type)) }
    if let style {
      return styleReferences(style.name, of: style.kind, families: [decl], in: project, includeDeclaration: includeDeclaration)
    }
    for rules in decl.displayRules {
      guard let type = rules.lazy.compactMap(\.type).first(where: isOn) else { continue }
      let kept = includeDeclaration ? rules.last { $0.type?.value == type.value }?.type.map { [$0.spot] } ?? [] : []
      return locations(of: kept + rules.compactMap(\.copyOf).filter { $0.value == type.value }.map(\.spot))
    }
    return []
  }

  /// What a name of a family's styles names: a cell style or a named layout of a component type,
  /// or a header (footer) style.
  enum StyleKind {
    case cell(type: String)
    case layout(type: String)
    case header
  }

  /// Where style `name` is defined in `families` (with `includeDeclaration`), then every component
  /// drawn with one of them that picks it, in the project's order: a cell style in its
  /// `cell_styles` (or in `cell_body_styles` when its body is of the type, or in a size class
  /// replacement of that type, its own or its family's), a layout in its
  /// `layout`, a header style in its header's or footer's `style` (hidden or not).
  func styleReferences(_ name: String, of kind: StyleKind, families: [FamilyDecl], in project: Project, includeDeclaration: Bool)
    -> [JSONObject]
  {
    var spots: [SourceSpot] = []
    if includeDeclaration {
      spots = families.compactMap { decl in
        switch kind {
        case .cell(let type): decl.cellSpots[type]?[name]
        case .layout(let type): decl.layoutSpots[type]?[name]
        case .header: decl.headerSpots[name]
        }
      }
    }
    let names = Set(families.map(\.family.name))
    for screen in project.screens {
      screen.forEachComponent { component in
        let drawn = [project.drawnFamilyName(of: component, in: screen), project.otherReadingFamily(of: component, in: screen)?.value]
        guard drawn.contains(where: { $0.map(names.contains) ?? false }) else { return }
        let picked: [Located<String>]
        switch kind {
        case .cell(let type):
          picked =
            (component.typeName == type ? component.cellStyles : [])
            + (component.cellBodyType?.value == type ? component.cellBodyStyles : [])
            + Self.replacementStyles(SizeClassMappingEntry.replacements(of: component), of: type)
        case .layout(let type): picked = component.typeName == type ? [component.layout].compactMap { $0 } : []
        case .header: picked = [component.writtenHeader, component.writtenFooter].compactMap { $0 }
        }
        spots += picked.filter { $0.value == name }.map(\.spot)
      }
    }
    // A JSON family's replacements of its component types, by size class.
    if case .cell(let type) = kind {
      for decl in families {
        for (_, entries) in SizeClassMappingEntry.mappings(of: decl) {
          spots += Self.replacementStyles(entries, of: type).filter { $0.value == name }.map(\.spot)
        }
      }
    }
    return locations(of: spots)
  }

  /// The cell styles `entries` (replacements) pick for a replacement of type `type`.
  static func replacementStyles(_ entries: [SizeClassMappingEntry], of type: String) -> [Located<String>] {
    entries.compactMap { entry in entry.componentType?.value == type ? entry.cellStyle : nil }
  }
}
