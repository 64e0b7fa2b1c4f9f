import ZappDiagnostics
import ZappModel

/// What of the files around the screens changed from one project to the other, as the screens'
/// resolution reads them: `zlc diff` (`ScreenSelection.byInputs`) passes over a pair of screens
/// written alike only when nothing its resolution reads changed (`touches(_:)`).
///
/// A screen's resolution (`Resolver`) reads, besides the screen itself:
/// - the families it and its components name (each read whole from its one file; families do not
///   build on one another);
/// - the manifests of its type, of its components' types (a cell body's too, and the types a
///   component is drawn as in its place: its size classes' replacements, its own or its family's,
///   and its `fallback`, whose `styles` its manifest fills) and of its navigations' plugins (a
///   navigation's `navigation_type`, a nav item's `type`), every one of each type on every
///   platform: which one a bundle takes, whether the type is a group or takes data, and a
///   navigation's `plugin_values`, depend on them all;
/// - what every screen reads: the settings (devices, size classes, platforms) and the platforms
///   the app targets, which manifests may name.
///
/// It reads no other screen (a target is written as the screen file writes it, not looked up), no
/// `screen_types.json` and no renderer registry: those reach the bundle index, compared apart.
struct SurroundingChanges {
  /// Whether what every screen reads changed: the settings, a file of no other role, a screens
  /// file without a screen, or the platforms the app targets. Every pair is resolved then.
  let global: Bool
  /// The names of the families defined otherwise, or on one side only.
  let families: Set<String>
  /// The identifiers whose manifests changed: one of their files differs, or they are in other
  /// files, or on one side only.
  let types: Set<String>

  init(_ base: Project, _ head: Project) {
    global = !Self.same(Self.globalFiles(base), Self.globalFiles(head)) || base.targetPlatforms != head.targetPlatforms
    families = Set(base.families.keys).union(head.families.keys).filter { name in
      !Self.sameFamily(base.families[name], in: base, head.families[name], in: head)
    }
    let (old, new) = (Self.manifestFiles(base), Self.manifestFiles(head))
    types = Set(old.keys).union(new.keys).filter { !Self.same(old[$0] ?? [], new[$0] ?? []) }
  }

  /// Whether the resolution of `screen` (of `project`) reads anything that changed.
  func touches(_ screen: ScreenDecl, in project: Project) -> Bool {
    if global { return true }
    guard !families.isEmpty || !types.isEmpty else { return false }
    if types.contains(screen.type.value) || screen.family.map({ families.contains($0.value) }) == true { return true }
    var touched = false
    Project.forEachNavigation(of: screen.value) { object, isItem in
      guard !touched, let type = Project.navigationPlugin(of: object, isItem: isItem) else { return }
      touched = types.contains(type.value)
    }
    screen.forEachComponent { c in
      guard !touched else { return }
      touched =
        types.contains(c.typeName) || c.cellBodyType.map { types.contains($0.value) } == true
        || c.familyName.map(families.contains) == true || c.family.map { families.contains($0.value) } == true
        || Self.replacementTypes(of: c, on: screen, in: project).contains(where: types.contains)
    }
    return touched
  }

  /// The component types `c` may be drawn as in its place: those of its `size_class_mapping` (or
  /// of its family's for its type, the component's family or its screen's) and of its `fallback`.
  static func replacementTypes(of c: ComponentDecl, on screen: ScreenDecl, in project: Project) -> [String] {
    var mappings = c.sizeClassMappingValue.map { [$0] } ?? []
    for name in Set([c.familyName, screen.family?.value].compactMap { $0 }) {
      if let mapping = project.families[name]?.sizeClassMappings[c.typeName] { mappings.append(mapping) }
    }
    var replacements = c.fallbackValue.map { [$0] } ?? []
    for mapping in mappings where mapping.kind == .object {
      mapping.forEachMember { _, replacement in replacements.append(replacement) }
    }
    return replacements.compactMap { $0.kind == .object ? $0["component_type"]?.string : nil }
  }

  /// A project's files, each with its path in the project folder.
  typealias Files = [(path: String, file: SourceFile)]

  /// Whether two lists hold the same paths, in order, each of the same bytes.
  static func same(_ a: Files, _ b: Files) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.path == $1.path && ScreenSelection.sameBytes($0.file.bytes, $1.file.bytes) }
  }

  /// The files every screen's resolution may read: all but the families, manifests, registries,
  /// `screen_types.json` and the screens files that hold screens.
  static func globalFiles(_ project: Project) -> Files {
    let screensFiles = Set(project.screenObjects.map(\.file.path))
    let apart: Set<ProjectLoader.Role> = [.family, .manifest, .registry, .screenTypes]
    return project.files.compactMap { file in
      let path = ScreenSelection.relative(file.path, in: project.directory)
      guard !screensFiles.contains(file.path), !(ProjectLoader.role(of: path).map(apart.contains) ?? false) else { return nil }
      return (path, file)
    }
  }

  /// Whether two definitions of a family are the same: both none, or both built in or both from
  /// a file of the same path and bytes.
  static func sameFamily(_ a: FamilyDecl?, in base: Project, _ b: FamilyDecl?, in head: Project) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.isBuiltin == b.isBuiltin
      && same(
        [(ScreenSelection.relative(a.file.path, in: base.directory), a.file)],
        [(ScreenSelection.relative(b.file.path, in: head.directory), b.file)])
  }

  /// The files of each identifier's manifests, in the project's order of its manifests.
  static func manifestFiles(_ project: Project) -> [String: Files] {
    var files: [String: Files] = [:]
    for manifest in project.manifests {
      guard let identifier = manifest.identifier?.value else { continue }
      let file = manifest.value.file
      files[identifier, default: []].append((ScreenSelection.relative(file.path, in: project.directory), file))
    }
    return files
  }
}
