import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappRules

/// What an editor needs from the compiler's own tables: which kind of input a file is, and the
/// shapes (keys, their types and descriptions) of the objects inside it.
public enum EditorKnowledge {
  /// The kinds of input a project holds, decided by where a file is (as `zlc check` decides).
  public enum InputKind: Sendable {
    case settings, screenTypes, screens, manifest, family, registry
  }

  /// The kind of a file from its path relative to the project folder, or nil when zlc does not read it.
  public static func inputKind(relativePath: String) -> InputKind? {
    switch ProjectLoader.role(of: relativePath) {
    case .settings: return .settings
    case .screenTypes: return .screenTypes
    case .screens: return .screens
    case .manifest: return .manifest
    case .family: return .family
    case .registry: return .registry
    case nil: return nil
    }
  }

  /// The shape of the root object of an input (a screen, for screens files).
  public static func rootShape(of kind: InputKind) -> ObjectShape? {
    switch kind {
    case .settings: return Shapes.settings
    case .screenTypes: return Shapes.screenTypes
    case .screens: return Shapes.screen
    case .manifest: return Shapes.manifest
    case .registry: return Shapes.registry
    case .family: return nil
    }
  }

  /// The object shape a `.custom` shape stands for, before a manifest adds its keys.
  public static func customShape(_ name: String) -> ObjectShape? {
    switch name {
    case "component": return Shapes.component
    case "navItem": return Shapes.navItem
    case "screenStyles": return Shapes.screenStyles
    case "screenRules": return Shapes.screenRules
    case "field": return Shapes.manifestField
    case "feedEntry": return Shapes.feedEntry
    case "contentTypeTarget": return Shapes.contentTypeTarget
    case "replacement": return Shapes.replacement
    default: return nil
    }
  }

  /// The component types a component may take (what ZL0313 and ZL0426 accept): those the project
  /// knows (the built-in ones and its ui_component manifests') that every registered client of
  /// the app's platforms draws (a group there, or a type its registry lists), and a Quick Brick
  /// type only where no native platform of the app would refuse it.
  public static func componentTypes(in project: Project) -> [String] {
    // The registries ZL0313 reads: of a target platform, not retired, with a list of component types.
    let registries = project.targetRegistries.filter { $0.lists(.componentType) }
    return project.knownComponentTypes.filter { type in
      QuickBrickTypeRule.nativePlatformsRefusing(type, in: project).isEmpty
        && registries.allSatisfy { registry in
          project.isGroup(type, on: registry.platform?.value) || registry.componentTypes.contains { $0.value == type }
        }
    }
  }

  /// The data types a `data.type` may name (what ZL0402 accepts on every platform): those a
  /// plugin's manifests list in `data_types`, where they list some (of a plugin that takes data,
  /// those every list holds: each platform's bundle takes its own manifest's); else the built-in
  /// ones, zlc.json's and the identifiers of the project's data source providers.
  public static func dataTypes(in project: Project, plugin: String? = nil) -> [String] {
    if let plugin, case let own = project.dataTypes(acceptedBy: plugin), !own.isEmpty {
      guard project.takesData(plugin) else { return own }
      let lists = project.bundleManifests(for: plugin).compactMap { $0.manifest.dataTypes }.filter { !$0.isEmpty }
      return own.filter { type in lists.allSatisfy { $0.contains(type) } }
    }
    var seen: Set<String> = []
    return (UnknownDataTypeRule.knownDataTypes + project.settings.dataTypes + project.dataSourceProviders.map(\.identifier.value))
      .filter { seen.insert($0).inserted }
  }

  /// Screen types: general_content, favorites and the project's screen plugins.
  public static func screenTypes(in project: Project) -> [String] {
    project.knownScreenTypes
  }

  /// Cell styles valid for a component type in a family: the family's cells for the type and the
  /// options the type's manifest offers for that family (what rule ZL0304 accepts): on every
  /// platform, when the platforms' bundles are built with different manifests of the type.
  public static func cellStyles(family: FamilyDecl, componentType: String, in project: Project) -> [String] {
    cellStyles(families: [family], componentType: componentType, in: project)
  }

  /// Cell styles valid for a component type in each of `families`: those of the first that every
  /// other accepts too. The families a component is drawn with under the app's readings
  /// (`Project.otherReadingFamily`), which rule ZL0304 checks it against alike.
  public static func cellStyles(families: [FamilyDecl], componentType: String, in project: Project) -> [String] {
    guard let first = families.first else { return [] }
    let candidates = CellStyleCandidates()
    let others = families.dropFirst().map { candidates.stylesOnEveryPlatform($0, type: componentType, project: project).members }
    var seen: Set<String> = []
    return candidates.stylesOnEveryPlatform(first, type: componentType, project: project).names.filter { name in
      others.allSatisfy { $0.contains(name) } && seen.insert(name).inserted
    }
  }
}
