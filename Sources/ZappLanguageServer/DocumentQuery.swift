import Foundation
import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappRules
import ZappWriters

/// A request about one place of an open document, answered from the document's text (read
/// leniently, so a half-typed buffer still gets answers) and the project's last check.
struct DocumentQuery {
  let document: OpenDocument
  let session: ProjectSession
  /// The byte offset of the request's position.
  let offset: Int
  let semantics: Semantics?
  /// The kind of input the document is, by where it is in its project.
  let kind: EditorKnowledge.InputKind?

  init(document: OpenDocument, session: ProjectSession, offset: Int) {
    self.document = document
    self.session = session
    self.offset = offset
    let relative = FileURI.relativePath(document.path, in: session.root) ?? document.path
    let kind = EditorKnowledge.inputKind(relativePath: relative)
    self.kind = kind
    let project = session.project
    // A family's XML is no JSON: it is read by `FamilyXMLCursor`, not as a tree.
    let isXML = kind == .family && document.path.lowercased().hasSuffix(".xml")
    semantics =
      isXML
      ? nil
      : document.tree.map {
        Semantics(kind: kind, root: $0, platform: project?.clientPlatform, mixesReadings: project?.mixesFamilyReadings ?? false)
      }
  }

  var project: Project? { session.project }

  /// The key and the object shape's name a string value stands under: the member's key, the key
  /// of the array it is an element of, or the key of the map it is a value of.
  func placeOf(_ value: LooseNode) -> (key: String?, shapeName: String?) {
    guard let semantics, let parent = value.parent else { return (nil, nil) }
    if parent.kind == .array {
      return (parent.keyInParent, parent.parent.flatMap { semantics.objectShape(of: $0)?.name })
    }
    if let object = semantics.objectShape(of: parent) { return (value.keyInParent, object.name) }
    if case .map? = semantics.shape(of: parent) {
      return (parent.keyInParent, parent.parent.flatMap { semantics.objectShape(of: $0)?.name })
    }
    return (value.keyInParent, nil)
  }

  /// The reference a string value makes, if any.
  func reference(of value: LooseNode) -> Reference? {
    guard let semantics, value.kind == .string, !value.isKey else { return nil }
    let place = placeOf(value)
    let component = semantics.component(containing: value)
    if let reference = Reference.at(
      key: place.key, shapeName: place.shapeName, value: value.text, component: component,
      screenType: semantics.screen(containing: value)?.string("type"), holder: value.parent, semantics: semantics)
    {
      return reference
    }
    return selectedScreen(value, component: component, semantics: semantics)
  }

  /// The screen a plugin's `screen_selector` value names: a member of a section of a plugin
  /// component or of a screen plugin's screen that its manifest declares a screen selector. Not
  /// one of `localizations` (`Project.filledScreenSelectorSections`): no bundle holds its values
  /// as screen ids, so the checker and the references leave them out too.
  private func selectedScreen(_ value: LooseNode, component: LooseNode?, semantics: Semantics) -> Reference? {
    guard let project, let key = value.keyInParent, let section = value.parent, let sectionKey = section.keyInParent,
      Project.filledScreenSelectorSections.contains(sectionKey), let owner = section.parent
    else { return nil }
    let plugin: String?
    let isComponent = component != nil && component === owner
    if let component, isComponent {
      plugin = component.string("component_type")
    } else if let screen = semantics.screen(containing: value), screen === owner {
      plugin = screen.string("type")
    } else {
      plugin = nil
    }
    guard let plugin, project.screenSelectorFields(of: plugin, isComponent: isComponent).contains(where: { $0 == (sectionKey, key) }) else {
      return nil
    }
    return .openedScreen(value.text)
  }

  /// An LSP location of a spot in a project file (nil for the built-in families, which have no file).
  func location(_ spot: SourceSpot) -> JSONObject? {
    var indexes: [String: LineIndex] = [:]
    return location(spot, indexes: &indexes)
  }

  /// The LSP locations of `spots`, in their order (but those in no file): each file's lines are
  /// indexed once, however many of the spots it holds.
  func locations(of spots: [SourceSpot]) -> [JSONObject] {
    var indexed = 0
    return locations(of: spots, indexed: &indexed)
  }

  /// `locations(of:)`, adding to `indexed` how many files' lines it indexed.
  func locations(of spots: [SourceSpot], indexed: inout Int) -> [JSONObject] {
    var indexes: [String: LineIndex] = [:]
    defer { indexed += indexes.count }
    return spots.compactMap { location($0, indexes: &indexes) }
  }

  /// `location(_:)`, with the line indexes of files other than the document's kept in `indexes`.
  private func location(_ spot: SourceSpot, indexes: inout [String: LineIndex]) -> JSONObject? {
    let path = spot.file.path
    guard !path.hasPrefix("<built-in>") else { return nil }
    let index: LineIndex
    if path == document.path {
      index = document.lines
    } else if let indexed = indexes[path] {
      index = indexed
    } else {
      index = LineIndex(spot.file.bytes, markIsText: session.fileSystem.hasBuffer(atPath: path))
      indexes[path] = index
    }
    return ["uri": FileURI.uri(path), "range": index.range(spot.offset, index.tokenEnd(at: spot.offset))]
  }

  // MARK: Definition and references

  /// Where the name under the cursor is defined: a location, or for a component's cell style,
  /// layout or header style in an app of both family readings, the location in each family that
  /// defines it (the one its bundles draw it with first).
  func definition() -> Any? {
    if kind == .family { return familyDefinition() }
    guard let semantics, let project, let node = semantics.root.innermost(at: offset, touching: false), let reference = reference(of: node)
    else { return nil }
    switch reference {
    case .componentType(let type), .screenType(let type):
      guard let manifest = project.manifest(for: type) else { return nil }
      return location(manifest.identifier?.spot ?? manifest.spot)
    case .family(let name):
      return project.families[name].flatMap { location($0.spot) }
    case .cellStyle(let style, let family, let type):
      guard let type else { return nil }
      return locations(in: families(family, of: node)) { $0.cellSpots[type]?[style] }
    case .layout(let layout, let family, let type):
      guard let type else { return nil }
      return locations(in: families(family, of: node)) { $0.layoutSpots[type]?[layout] }
    case .headerStyle(let style, let family):
      return locations(in: families(family, of: node)) { $0.headerSpots[style] }
    case .screen(let reference):
      return project.screen(named: reference).flatMap { location($0.id.spot) }
    case .screenID(let id), .openedScreen(let id):
      return project.screen(id: id).flatMap { location($0.id.spot) }
    case .dataType:
      return nil
    }
  }

  /// The families a name of a component's styles is looked up in: `family` and, in an app of both
  /// readings, the family the other reading draws the component with.
  private func families(_ family: String?, of node: LooseNode) -> [FamilyDecl] {
    guard let semantics, let project, let family, let decl = project.families[family] else { return [] }
    let other = semantics.component(containing: node).flatMap(semantics.otherReadingFamily(of:)).flatMap { project.families[$0] }
    return [decl] + (other.map { [$0] } ?? [])
  }

  /// The location of the spot `spot` finds in each family, one alone as it is (nil: none).
  private func locations(in families: [FamilyDecl], _ spot: (FamilyDecl) -> SourceSpot?) -> Any? {
    let found = locations(of: families.compactMap(spot))
    return found.count > 1 ? found : found.first
  }

  /// Every place that opens the screen under the cursor (its id, or a reference to it); on a cell
  /// style, a layout or a header style, its definition and every component that picks it
  /// (`styleReferences`); in a family file, `familyReferences`.
  func references(includeDeclaration: Bool) -> [JSONObject] {
    if kind == .family { return familyReferences(includeDeclaration: includeDeclaration) }
    guard let semantics, let project, let node = semantics.root.innermost(at: offset, touching: false) else { return [] }
    let screen: ScreenDecl?
    switch reference(of: node) {
    case .screenID(let id)?, .openedScreen(let id)?: screen = project.screen(id: id)
    case .screen(let name)?: screen = project.screen(named: name)
    case .cellStyle(let style, let family, let type?)?:
      return styleReferences(
        style, of: .cell(type: type), families: families(family, of: node), in: project, includeDeclaration: includeDeclaration)
    case .layout(let layout, let family, let type?)?:
      return styleReferences(
        layout, of: .layout(type: type), families: families(family, of: node), in: project, includeDeclaration: includeDeclaration)
    case .headerStyle(let style, let family)?:
      return styleReferences(style, of: .header, families: families(family, of: node), in: project, includeDeclaration: includeDeclaration)
    default: screen = nil
    }
    guard let screen else { return [] }
    var spots: [SourceSpot] = includeDeclaration ? [screen.id.spot] : []
    spots += Self.openers(of: screen, in: project)
    return locations(of: spots)
  }

  /// The places that open a screen: parent links, what `Project.openers(in:)` lists (component,
  /// header and footer targets, navigation items, hooks' `screen_id`s, plugins' `screen_selector`
  /// values), each by the screen's id, and `screen_types.json` mappings, by its id or unique name.
  static func openers(of screen: ScreenDecl, in project: Project) -> [SourceSpot] {
    let id = screen.id.value
    var spots: [SourceSpot] = []
    for other in project.screens {
      if let parent = other.parent, parent.value == id { spots.append(parent.spot) }
      for opener in project.openers(in: other) where opener.value == id { spots.append(opener.spot) }
    }
    if let mappings = project.screenTypes {
      for target in mappings.targets where project.screen(named: target.value) === screen { spots.append(target.spot) }
    }
    return spots
  }
}
