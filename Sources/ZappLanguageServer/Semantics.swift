import ZappLayoutCompiler
import ZappModel

/// What the nodes of a leniently read input are in the compiler's terms: their shapes, and for
/// screens files the screen and component each belongs to.
struct Semantics {
  let kind: EditorKnowledge.InputKind?
  let root: LooseNode
  /// The platform of the project's bundle (`Project.clientPlatform`), whose client picks a
  /// component's family.
  var platform: String? = nil
  /// Whether the app's bundles draw a component of two families in two ways
  /// (`Project.mixesFamilyReadings`): `ios` beside another platform.
  var mixesReadings = false

  /// The objects of a screens file that are screens: the elements of a rivers array, the root
  /// screen, or the values of a map keyed by screen id.
  var screenNodes: [LooseNode] {
    guard kind == .screens else { return [] }
    var container = root
    if root.kind == .object, let rivers = root["rivers"] { container = rivers }
    switch container.kind {
    case .array: return container.elements.filter { $0.kind == .object }
    case .object:
      if container["id"] != nil || container["type"] != nil || container["ui_components"] != nil { return [container] }
      return container.members.compactMap { $0.key.text == "$schema" ? nil : $0.value }.filter { $0.kind == .object }
    default: return []
    }
  }

  /// The shape of a node's value, when the shapes describe it.
  func shape(of node: LooseNode) -> Shape? {
    switch kind {
    case .screens?:
      if node.kind == .object, screenNodes.contains(where: { $0 === node }) { return .object(Shapes.screen) }
    case .settings?:
      if node === root { return .object(Shapes.settings) }
    case .screenTypes?:
      if node === root { return .object(Shapes.screenTypes) }
    case .registry?:
      if node === root { return .object(Shapes.registry) }
    case .manifest?:
      if node === root, node.kind == .object { return .object(Shapes.manifest) }
      if node.parent === root, root.kind == .array, node.kind == .object, node["plugin"] == nil { return .object(Shapes.manifest) }
      if node.keyInParent == "plugin", node.parent?.parent === root { return .object(Shapes.manifest) }
    case .family?, nil:
      return nil
    }
    guard let parent = node.parent, let parentShape = shape(of: parent).map(Self.resolved) else { return nil }
    switch (parentShape, parent.kind) {
    case (.object(let object), .object):
      guard let key = node.keyInParent else { return nil }
      return object.shape(of: key)
    case (.map(let element), .object): return element
    case (.array(let element), .array): return element
    default: return nil
    }
  }

  /// A custom shape replaced by the object it stands for.
  static func resolved(_ shape: Shape) -> Shape {
    if case .custom(let name) = shape, let object = EditorKnowledge.customShape(name) { return .object(object) }
    return shape
  }

  /// The object shape of a node, when it is an object the shapes describe.
  func objectShape(of node: LooseNode) -> ObjectShape? {
    if case .object(let object)? = shape(of: node).map(Self.resolved) { return object }
    return nil
  }

  /// The component object a node is in (nearest first), in a screens file.
  func component(containing node: LooseNode) -> LooseNode? {
    var current: LooseNode? = node
    while let n = current {
      if n.kind == .object, n.parent?.kind == .array, n.parent?.keyInParent == "ui_components" { return n }
      current = n.parent
    }
    return nil
  }

  /// The screen object a node is in, in a screens file.
  func screen(containing node: LooseNode) -> LooseNode? {
    let screens = screenNodes
    var current: LooseNode? = node
    while let n = current {
      if screens.contains(where: { $0 === n }) { return n }
      current = n.parent
    }
    return nil
  }

  /// The family a component is drawn with (`Project.drawnFamily`): its own styles.family or its
  /// screen's, as the project's platform reads them.
  func family(of component: LooseNode) -> String? {
    func nonEmpty(_ name: String?) -> String? { name?.isEmpty == false ? name : nil }
    let own = nonEmpty(component["styles"]?.string("family"))
    let screen = nonEmpty(screen(containing: component)?["styles"]?.string("family"))
    return Project.drawnFamily(own: own, screen: screen, platform: platform)
  }

  /// The family the app's bundles of the other reading draw a component with, when it differs
  /// from `family(of:)` (`Project.otherReadingFamily`): its screen's, beside its own.
  func otherReadingFamily(of component: LooseNode) -> String? {
    guard mixesReadings, let own = component["styles"]?.string("family"), !own.isEmpty,
      let screen = screen(containing: component)?["styles"]?.string("family"), !screen.isEmpty, own != screen
    else { return nil }
    return screen
  }
}

/// What a string value at a place of an input refers to.
enum Reference {
  case componentType(String)
  case family(String)
  case cellStyle(String, family: String?, componentType: String?)
  case layout(String, family: String?, componentType: String?)
  case headerStyle(String, family: String?)
  /// A screen by its id or its unique name, as a `screen_types.json` mapping names it.
  case screen(String)
  /// A screen by its id alone, as a target, a parent, a hook or a screen selector names it.
  case openedScreen(String)
  /// A screen's own `id`.
  case screenID(String)
  /// A `data.type`, with the plugin whose component it sits in (nil: a built-in or a screen).
  case dataType(String, plugin: String?)
  case screenType(String)

  /// The reference a string at `key` of an object of shape `shapeName` (or an element of the
  /// array at `key`) makes, with the component it sits in for what depends on it, the type of its
  /// screen for a screen's own data, and the object that holds it (a replacement's cell style is
  /// of the replacement's type).
  static func at(
    key: String?, shapeName: String?, value: String, component: LooseNode?, screenType: String? = nil, holder: LooseNode? = nil,
    semantics: Semantics
  ) -> Reference? {
    let family = component.flatMap { semantics.family(of: $0) }
    let componentType = component?.string("component_type")
    switch (shapeName, key) {
    case ("component", "component_type"?), ("component styles", "cell_body_component_type"?), ("replacement", "component_type"?):
      return .componentType(value)
    case ("replacement", "cell_style"?): return .cellStyle(value, family: family, componentType: holder?.string("component_type"))
    case ("component styles", "family"?), ("screen styles", "family"?): return .family(value)
    case ("component styles", "cell_styles"?): return .cellStyle(value, family: family, componentType: componentType)
    case ("component styles", "cell_body_styles"?):
      return .cellStyle(value, family: family, componentType: component?["styles"]?.string("cell_body_component_type"))
    case ("component styles", "layout"?): return .layout(value, family: family, componentType: componentType)
    case ("header", "style"?): return .headerStyle(value, family: family)
    case ("data", "target"?), ("screen data", "target"?), ("screen data", "parent"?), ("header", "target"?),
      ("hook plugin", "screen_id"?):
      return .openedScreen(value)
    case ("data", "type"?): return .dataType(value, plugin: componentType)
    case ("screen data", "type"?): return .dataType(value, plugin: screenType)
    case ("screen", "id"?): return .screenID(value)
    case ("screen", "type"?): return .screenType(value)
    case ("screen_types.json", "screen_types"?), ("screen_types.json", "content_types"?), ("content type target", "screen_id"?):
      return .screen(value)
    default: return nil
    }
  }
}
