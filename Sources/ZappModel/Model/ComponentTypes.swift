import ZappDiagnostics
import ZappLayout

extension Project {
  /// The component types the project knows: the built-in ones and its ui_component manifests', in
  /// that order (a manifest with a built-in type's identifier adds none: ZL0619).
  package var knownComponentTypes: [String] {
    Self.once(Project.builtinComponentTypes + pluginManifests.filter(\.isUIComponent).compactMap { $0.identifier?.value })
  }

  /// Screen types: general_content, favorites and the project's screen plugins.
  package var knownScreenTypes: [String] {
    Self.once(ResolvedScreen.zappTypes + manifests.filter(\.isScreen).compactMap { $0.identifier?.value })
  }

  /// `names` in order, each once: a plugin of several platforms has a manifest for each.
  private static func once(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }

  public static let builtinComponentTypes =
    [
      "list", "grid", "hero", "carousel", "horizontal_list", "html_ticker", "tab_bar", "group", "web_view",
    ] + quickBrickComponentTypes

  /// `builtinComponentTypes` for lookups.
  public static let builtinComponentTypeSet = Set(builtinComponentTypes)

  /// QuickBrick's built-in component types (zapp-react-native-utils componentsUtils).
  public static let quickBrickComponentTypes = [
    "group-qb", "group-info-qb", "group-info", "empty_group_component", "gallery-qb", "screen-picker-qb-tv", "horizontal_list_qb",
  ]

  /// `quickBrickComponentTypes` as a set.
  public static let quickBrickComponentTypeSet = Set(quickBrickComponentTypes)

  /// The built-in group types: native `group` and QuickBrick's `group-qb`.
  public static let builtinGroupTypes: Set<String> = ["group", "group-qb"]
}

extension ManifestDecl {
  /// Whether the manifest is a ui_component's whose identifier is a built-in component type
  /// (`hero`): a client looks a component's type up among its built-in components before its
  /// plugins, so such a plugin is never drawn, and zlc builds the type as the built-in, leaving the
  /// manifest out of every lookup of a plugin by identifier (ZL0619). A Quick Brick type
  /// (`gallery-qb`) is built into Quick Brick alone: a manifest for a native platform's client
  /// (not for Quick Brick alone) is that client's plugin.
  package var hasBuiltinComponentIdentifier: Bool {
    guard isUIComponent, let identifier, Project.builtinComponentTypeSet.contains(identifier.value) else { return false }
    guard Project.quickBrickComponentTypeSet.contains(identifier.value) else { return true }
    return !servesANativeClient
  }

  /// Whether the manifest is a ui_component's whose identifier is a Quick Brick type
  /// (`gallery-qb`), which Quick Brick's clients draw as their own whatever the manifest.
  package var hasQuickBrickComponentIdentifier: Bool {
    isUIComponent && identifier.map { Project.quickBrickComponentTypeSet.contains($0.value) } ?? false
  }

  /// Whether a native client takes the manifest: it names no platform (it serves them all) or one
  /// that is not Quick Brick's, and its `ui_frameworks` are not Quick Brick's alone.
  package var servesANativeClient: Bool {
    (servedPlatforms.isEmpty || servedPlatforms.contains { !Platforms.isQuickBrick($0) })
      && !Platforms.isQuickBrickOnly(uiFrameworks.compactMap(\.string))
  }
}

/// The item limits a component may set (`rules.item_limit`, each of `item_limit_by_size_class`).
package let itemLimitRange = 1...999_999_999

/// A whole number of `itemLimitRange` (1 to 999,999,999) from a number or a string holding one as
/// JSON writes it (`"6"`, not `" 6"`, `"+6"` or `"06"`).
public func parseItemLimit(_ value: JSONValue) -> Int? {
  if let n = value.number, n == n.rounded(), n >= 1, n <= Double(itemLimitRange.upperBound) { return Int(n) }
  if let s = value.string, let n = canonicalWholeNumber(s), itemLimitRange.contains(n) { return n }
  return nil
}

extension Project {
  /// Whether the project is read for Quick Brick's clients alone: `--platform` (or the bundle
  /// being built) names a Quick Brick platform, or every target platform is one.
  static func readsQuickBrickOnly(_ settings: ProjectSettings, _ manifests: [ManifestDecl]) -> Bool {
    if let only = settings.onlyPlatform { return Platforms.isQuickBrick(only) }
    let targets = targetPlatforms(settings, manifests)
    return !targets.isEmpty && targets.allSatisfy { Platforms.isQuickBrick($0) }
  }

  /// The manifests that name a plugin: all but those whose identifier is a built-in type's, which
  /// clients draw instead (ZL0619); a Quick Brick type's too where the clients are Quick Brick's.
  static func pluginManifests(_ manifests: [ManifestDecl], _ settings: ProjectSettings) -> [ManifestDecl] {
    let quickBrickOnly = readsQuickBrickOnly(settings, manifests)
    return manifests.filter { !$0.hasBuiltinComponentIdentifier && !(quickBrickOnly && $0.hasQuickBrickComponentIdentifier) }
  }

  /// The platforms the app targets (`targetPlatforms`), whatever `--platform` narrows the check to.
  package var appPlatforms: [String] {
    var app = settings
    app.onlyPlatform = nil
    return Self.targetPlatforms(app, manifests)
  }

  /// The platforms checked for that draw `type` as Quick Brick's own component although a
  /// manifest makes it a native client's plugin (a `horizontal_list_qb` plugin of an app with iOS
  /// and web): there, a component of the type is the built-in, laid out by its family. Empty for
  /// any other type, and for a check narrowed to one platform (whose manifest lookup says it).
  package func quickBrickBuiltinPlatforms(of type: String) -> [String] {
    guard Self.quickBrickComponentTypeSet.contains(type), manifest(for: type) != nil else { return [] }
    return targetPlatforms.filter(Platforms.isQuickBrick)
  }

  /// Whether the app's clients draw a built-in type in place of the manifest's plugin (ZL0619):
  /// a Quick Brick type's where every platform the app targets is Quick Brick's, whatever
  /// `--platform` narrows the check to.
  package func drawsBuiltin(insteadOf manifest: ManifestDecl) -> Bool {
    guard !manifest.hasBuiltinComponentIdentifier else { return true }
    guard manifest.hasQuickBrickComponentIdentifier else { return false }
    var app = settings
    app.onlyPlatform = nil
    return Self.readsQuickBrickOnly(app, manifests)
  }
}
