import ZappDiagnostics
import ZappLayout

/// A platform the app targets (`zlc.json` → `platforms`), with the oldest client SDK it supports.
public struct PlatformTarget: Sendable {
  /// The platform id as manifests write it: `ios`, `android_for_quickbrick`, `samsung_tv`, …
  public let id: Located<String>
  /// `min_zapp_sdk`: the oldest client SDK version the app supports there, when given.
  public let minZappSDK: Located<String>?
}

/// The platform ids real manifests use (zappifest offers the first five; QuickBrick adds the
/// `_for_quickbrick` variants and the TV and web platforms).
public enum Platforms {
  public static let known = [
    "ios", "android", "tvos", "android_tv", "amazon", "roku", "samsung_tv", "lg_tv", "web", "ios_for_quickbrick",
    "android_for_quickbrick", "tvos_for_quickbrick", "android_tv_for_quickbrick", "amazon_for_quickbrick",
    "amazon_fire_tv_for_quickbrick",
  ]

  /// The platforms whose only client is Quick Brick's web app, though their ids do not say so:
  /// Samsung Tizen TVs, LG webOS TVs and browsers.
  public static let webQuickBrick: Set<String> = ["samsung_tv", "lg_tv", "web"]

  /// Whether `platform`'s client is Quick Brick's: a `_for_quickbrick` id, or one of `webQuickBrick`.
  public static func isQuickBrick(_ platform: String?) -> Bool {
    guard let platform else { return false }
    return platform.hasSuffix("_for_quickbrick") || webQuickBrick.contains(platform)
  }

  /// The Quick Brick counterpart zlc knows of a platform (`ios` → `ios_for_quickbrick`), if any.
  public static func quickBrickCounterpart(of platform: String) -> String? {
    let counterpart = platform + "_for_quickbrick"
    return known.contains(counterpart) ? counterpart : nil
  }

  /// The client platforms a manifest of `platform` with `ui_frameworks` serves: its `platform`,
  /// and, when it lists `quickbrick` and the platform has a Quick Brick counterpart, that
  /// counterpart too (`ios` → `ios`, `ios_for_quickbrick`): Quick Brick apps of both ids take it
  /// (`ManifestDecl.fit(on:)` ranks it below a manifest written for the one platform); none for a
  /// manifest that names no platform.
  public static func served(by platform: String?, uiFrameworks: [String]) -> [String] {
    guard let platform else { return [] }
    guard uiFrameworks.contains("quickbrick"), let counterpart = quickBrickCounterpart(of: platform) else { return [platform] }
    return [platform, counterpart]
  }

  /// The devices a platform's clients are, as a manifest's `targets` name them: `mobile` for
  /// `ios` and its Quick Brick variant, `tv` for the TV platforms and theirs; nil for `android`
  /// (phones, and TVs: Android TV apps ship on it too), `web` and platforms zlc does not know.
  public static func device(of platform: String) -> String? {
    let base = platform.hasSuffix("_for_quickbrick") ? String(platform.dropLast("_for_quickbrick".count)) : platform
    switch base {
    case "ios": return "mobile"
    case "tvos", "android_tv", "amazon", "amazon_fire_tv", "roku", "samsung_tv", "lg_tv": return "tv"
    default: return nil
    }
  }

  /// Whether `ui_frameworks` names Quick Brick alone (no `native`).
  public static func isQuickBrickOnly(_ uiFrameworks: [String]) -> Bool {
    uiFrameworks.contains("quickbrick") && !uiFrameworks.contains("native")
  }

  /// Compares two SDK versions number by number (`20.1` < `20.10.0`); a missing part is 0, and with
  /// the same numbers a pre-release (`-beta.2`) is older than its release, by SemVer precedence:
  /// the runtime's `ZappSDKVersion.compare`, so that a client checking a bundle's `min_zapp_sdk`
  /// compares as zlc does.
  public static func compare(_ a: String, _ b: String) -> Int { ZappSDKVersion.compare(a, b) }
}

/// A client renderer registry (`registries/*.json`): what one client build, or a range of builds,
/// on one platform can render. The client team generates it from the client's component registry.
public struct ClientRegistry: Sendable {
  public let value: JSONValue
  public let platform: Located<String>?
  /// The client version or range (`20.1.0`, `20.0.0..<21.0.0`), as written.
  public let client: Located<String>?
  public let componentTypes: [Located<String>]
  public let cellLayouts: [Located<String>]
  public let layoutKinds: [Located<String>]
  public let screenPlugins: [Located<String>]
  /// `navigation_plugins`: the navigation plugins the client has; nil when the registry leaves
  /// the list out (or writes no list, ZL0202's), and so says nothing of them (they are not checked).
  public let navigationPlugins: [Located<String>]?
  /// `installs`: the share (0 to 1) of the platform's active installs this client build has.
  public let installs: Located<Double>?
  /// `applies_fallbacks`: whether the client draws a component's `fallback` when it lacks one of
  /// its renderers (false unless the registry says so: an older client shows a hole instead).
  public let appliesFallbacks: Bool
  /// The list keys the registry misspells (`component_type`, ZL0206's error) and leaves out.
  let misspelledLists: Set<String>

  package init(_ value: JSONValue) {
    self.value = value
    platform = value["platform"]?.nonEmptyString
    client = value["client_version"]?.nonEmptyString
    componentTypes = value["component_types"]?.nonEmptyStrings ?? []
    cellLayouts = value["cell_layouts"]?.nonEmptyStrings ?? []
    layoutKinds = value["layout_kinds"]?.nonEmptyStrings ?? []
    screenPlugins = value["screen_plugins"]?.nonEmptyStrings ?? []
    navigationPlugins = value["navigation_plugins"].flatMap { $0.kind == .array ? $0.nonEmptyStrings : nil }
    installs = value["installs"].flatMap { v in flexNumber(v).map { Located($0, v.spot) } }
    appliesFallbacks = flexBool(value["applies_fallbacks"]) ?? false
    misspelledLists = Self.misspelledLists(value)
  }

  /// The share of installs, when given and from 0 to 1 (ZL0203 reports others).
  public var share: Double? { installs.flatMap { (0...1).contains($0.value) ? $0.value : nil } }

  /// `19.0.0..<20.0.0 (12% of installs)`, or the version alone when the share is not given.
  public var clientDescription: String {
    guard let share else { return clientName }
    return "\(clientName) (\(Self.percent(share)) of installs)"
  }

  /// A share as a percentage, to 0.1: `12%`, `12.5%`; a share that is not none or all never reads
  /// as one (`<0.1%`, `>99.9%`).
  package static func percent(_ share: Double) -> String {
    let tenths = (share * 1000).rounded()
    // A sum of shares is a little off (0.7 + 0.2 + 0.1 < 1): only a share clearly not none or
    // all is told apart from them.
    if tenths == 0, share > 1e-9 { return "<0.1%" }
    if tenths == 1000, share < 1 - 1e-9 { return ">99.9%" }
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))%" : "\(tenths / 10)%"
  }

  public var file: SourceFile { value.file }
  public var clientName: String { client?.value ?? "(any version)" }

  /// The list a kind of renderer is looked up in (by exact characters, as a client compares
  /// names), and where that list is written.
  package func entries(_ kind: RendererNeed.Kind) -> (names: Set<ExactString>, spot: SourceSpot) {
    (Set(names(kind).map { ExactString($0.value) }), spot(of: kind))
  }

  /// The names the registry lists of `kind`, each where it is written.
  package func names(_ kind: RendererNeed.Kind) -> [Located<String>] {
    switch kind {
    case .componentType: return componentTypes
    case .cellLayout: return cellLayouts
    case .layoutKind: return layoutKinds
    case .screenPlugin: return screenPlugins
    case .navigationPlugin: return navigationPlugins ?? []
    }
  }

  /// Whether the registry says what it has of `kind`: every kind but navigation plugins, whose
  /// list a registry may leave out, a list whose key it misspells (ZL0206's error) and a list that
  /// is no list (ZL0202's), each unread: one error, not one per component it would lack. A list
  /// written `null` or `""` is one left out, as a value may be absent so anywhere: empty.
  package func lists(_ kind: RendererNeed.Kind) -> Bool {
    (kind != .navigationPlugin || navigationPlugins != nil) && !misspelledLists.contains(kind.key)
      && value[kind.key].map { $0.kind == .array || $0.isNull || $0.string == "" } ?? true
  }

  /// Where the registry lists renderers of `kind` (the registry itself when it has no such list).
  package func spot(of kind: RendererNeed.Kind) -> SourceSpot { value[kind.key]?.spot ?? value.spot }
}

/// One renderer a screen needs, with where the need is written.
public struct RendererNeed: Sendable {
  public enum Kind: Sendable, CaseIterable {
    case componentType, cellLayout, layoutKind, screenPlugin, navigationPlugin

    /// The registry and bundle key of the kind.
    public var key: String {
      switch self {
      case .componentType: return "component_types"
      case .cellLayout: return "cell_layouts"
      case .layoutKind: return "layout_kinds"
      case .screenPlugin: return "screen_plugins"
      case .navigationPlugin: return "navigation_plugins"
      }
    }

    package var noun: String {
      switch self {
      case .componentType: return "component type"
      case .cellLayout: return "cell layout"
      case .layoutKind: return "layout kind"
      case .screenPlugin: return "screen plugin"
      case .navigationPlugin: return "navigation plugin"
      }
    }
  }

  public let kind: Kind
  public let name: String
  public let spot: SourceSpot
  /// The component that needs it (nil for a screen plugin or a navigation plugin).
  public let component: ComponentDecl?
  /// The size class whose replacement of the component needs it (nil for the component itself).
  public var sizeClass: String? = nil
}

extension Project {
  /// The platforms checked: `zlc.json`'s, else the union of the manifests' `primaryPlatform`s
  /// (but those that misspell a known id),
  /// narrowed to `settings.onlyPlatform` when `--platform` names one of them (another is
  /// reported by the driver). Empty: no platform checks.
  public var targetPlatforms: [String] { caches.targetPlatforms.value { Self.targetPlatforms(settings, manifests) } }

  /// `targetPlatforms` of a project's settings and manifests.
  static func targetPlatforms(_ settings: ProjectSettings, _ manifests: [ManifestDecl]) -> [String] {
    var ids = settings.platforms.map(\.id.value)
    if ids.isEmpty { ids = platforms(ofManifests: manifests) }
    if let only = settings.onlyPlatform, ids.contains(only) { return [only] }
    return ids
  }

  /// The one platform whose manifests the project is read with (`manifest(for:)`): `--platform`'s,
  /// else the app's only target platform; nil when it targets several or none.
  static func manifestPlatform(_ settings: ProjectSettings, _ manifests: [ManifestDecl]) -> String? {
    if let only = settings.onlyPlatform { return only }
    let targets = targetPlatforms(settings, manifests)
    return targets.count == 1 ? targets[0] : nil
  }

  /// Of one plugin's manifests, in file order, the one a platform's bundle is built with: the
  /// first that fits it best (`ManifestDecl.fit(on:)`: the one naming the platform, else one
  /// serving it through `ui_frameworks`, else the platform-free one), else the first.
  static func manifest(among all: [ManifestDecl], on platform: String) -> ManifestDecl? {
    bestFit(among: all, on: platform) ?? all.first
  }

  /// The first of the manifests that fits a platform best, when one serves it or names no platform.
  public static func bestFit(among all: [ManifestDecl], on platform: String) -> ManifestDecl? {
    var best: (manifest: ManifestDecl, fit: Int)?
    for manifest in all {
      let fit = manifest.fit(on: platform)
      if fit > best?.fit ?? 0 { best = (manifest, fit) }
    }
    return best?.manifest
  }

  /// The oldest client SDK the app supports on a platform, when `zlc.json` says.
  public func minZappSDK(on platform: String) -> Located<String>? {
    settings.platforms.first { $0.id.value == platform }?.minZappSDK
  }

  /// The manifests of a plugin identifier that the bundles are built with, each with the
  /// platforms whose bundle uses it (as `narrowed(to:)` picks): one entry, with no platform, when
  /// one bundle is built or every platform's uses the same manifest. Under a `--platform` the
  /// project does not name (`zlc generate`'s code for a client to come), the manifest is that
  /// platform's, and that platform alone reads it: not the project's platforms.
  public func bundleManifests(for identifier: String) -> [(manifest: ManifestDecl, platforms: [String])] {
    guard let chosen = manifest(for: identifier) else { return [] }
    if let only = settings.onlyPlatform, !targetPlatforms.contains(only) { return [(chosen, [only])] }
    return manifestsByPlatform[identifier] ?? [(chosen, [])]
  }

  /// `bundleManifests(for:)` with the platforms whose manifests list the same `data_types` (in any
  /// order) together: what the data-type rules tell apart.
  public func bundleManifestsByDataTypes(for identifier: String) -> [(manifest: ManifestDecl, platforms: [String])] {
    var grouped: [(manifest: ManifestDecl, platforms: [String])] = []
    for (manifest, platforms) in bundleManifests(for: identifier) {
      if let at = grouped.firstIndex(where: { Set($0.manifest.dataTypes ?? []) == Set(manifest.dataTypes ?? []) }) {
        grouped[at].platforms += platforms
      } else {
        grouped.append((manifest, platforms))
      }
    }
    return grouped
  }

  /// A plugin's manifests, each with the platforms whose bundles are built with it.
  public typealias ManifestUses = [(manifest: ManifestDecl, platforms: [String])]

  /// `bundleManifests(for:)` of every identifier whose platforms' bundles use different manifests.
  static func bundleManifestTable(_ manifests: [ManifestDecl], platforms: [String]) -> [String: ManifestUses] {
    guard platforms.count > 1 else { return [:] }
    let byID = Dictionary(grouping: manifests.filter { $0.identifier != nil }, by: { $0.identifier?.value ?? "" })
    var result: [String: ManifestUses] = [:]
    for (identifier, all) in byID where all.count > 1 {
      var uses: ManifestUses = []
      for platform in platforms {
        guard let manifest = manifest(among: all, on: platform) else { continue }
        if let at = uses.firstIndex(where: { $0.manifest === manifest }) {
          uses[at].platforms.append(platform)
        } else {
          uses.append((manifest, [platform]))
        }
      }
      if uses.count > 1 { result[identifier] = uses }
    }
    return result
  }

  /// Each plugin the screens use, on each target platform that names its oldest client: the
  /// manifest that serves that platform (else the one that names no platform), for the version rules.
  public typealias PluginOnPlatform = (
    identifier: String, use: SourceSpot, platform: String, oldest: Located<String>, manifest: ManifestDecl
  )

  public var pluginsAgainstOldestClients: [PluginOnPlatform] {
    caches.pluginsAgainstOldestClients.value(makePluginsAgainstOldestClients)
  }

  private func makePluginsAgainstOldestClients() -> [PluginOnPlatform] {
    pluginManifestsOnTargetPlatforms.compactMap { identifier, use, platform, manifest in
      minZappSDK(on: platform).map { (identifier, use, platform, $0, manifest) }
    }
  }

  /// The plugins the screens use (screen types, component types, the types of size class
  /// replacements, fallbacks and cell bodies, data source providers, hooks' plugins, navigations'
  /// plugins and nav item plugins, with a manifest), each with the first place it is used, in
  /// project order.
  public var usedPlugins: [(identifier: String, firstUse: SourceSpot)] { caches.usedPlugins.value(makeUsedPlugins).list }

  /// The target platforms whose bundles use `plugin`: all of them, but for a plugin that only one
  /// family reading brings in (`otherReadingFamily`), the platforms of that reading.
  public func targetPlatforms(drawing plugin: String) -> [String] {
    guard let reading = caches.usedPlugins.value(makeUsedPlugins).onlyReading[plugin] else { return targetPlatforms }
    return targetPlatforms.filter { Self.readsScreenFamily(on: $0) == reading }
  }

  /// `usedPlugins`, and the plugins only one family reading uses: whether it is the screen family's.
  package typealias PluginUses = (
    list: [(identifier: String, firstUse: SourceSpot)], onlyReading: [String: Bool], fallbackOnly: Set<String>
  )

  /// The plugins the screens use only as components' fallbacks (`usedPlugins` lists them too): no
  /// client draws them as written, so they bound no platform's Zapp SDK range (`zappSDKBounds`).
  package var pluginsUsedOnlyAsFallbacks: Set<String> { caches.usedPlugins.value(makeUsedPlugins).fallbackOnly }

  /// Each of a screen's navigations (`isItem` false), then each of its items, nested items
  /// included (`isItem` true), in document order: what names the plugins a client draws them with
  /// (a navigation's `navigation_type`, an item's `type`) and the data an item opens.
  package static func forEachNavigation(of screen: JSONValue, _ body: (_ object: JSONValue, _ isItem: Bool) -> Void) {
    for navigation in screen["navigations"]?.elements ?? [] where navigation.kind == .object {
      body(navigation, false)
      // Items from a stack of those still to visit, so that the call stack does not grow with
      // their nesting: an item, then its own items, then its next sibling.
      var pending = Array((navigation["nav_items"]?.elements ?? []).reversed())
      while let item = pending.popLast() {
        guard item.kind == .object else { continue }
        body(item, true)
        pending += (item["nav_items"]?.elements ?? []).reversed()
      }
    }
  }

  /// The renderers a screen needs on `platform`'s client: its plugin type, its navigations'
  /// plugins (`navigationPluginNeeds`), and per component its
  /// type, the layout ids of its cell styles and its layout kind (from the family it is drawn
  /// with there), and the same of its size class replacements and of its cells' body.
  public func rendererNeeds(_ screen: ScreenDecl, platform: String?) -> [RendererNeed] {
    var needs: [RendererNeed] = []
    forEachRendererNeed(screen, platform: platform) { needs.append($0) }
    return needs
  }

  /// The renderers a screen needs in the project's bundle (`clientPlatform`).
  @available(*, deprecated, message: "use rendererNeeds(_:platform:), which names the client's platform")
  public func rendererNeeds(_ screen: ScreenDecl) -> [RendererNeed] { rendererNeeds(screen, platform: clientPlatform) }

  /// `rendererNeeds(_:)` one at a time.
  @available(*, deprecated, message: "use forEachRendererNeed(_:platform:_:), which names the client's platform")
  public func forEachRendererNeed(_ screen: ScreenDecl, _ body: (RendererNeed) -> Void) {
    forEachRendererNeed(screen, platform: clientPlatform, body)
  }

  /// `rendererNeeds(_:platform:)` one at a time, without the array (a screen of 10⁵ components
  /// needs 3 × 10⁵).
  public func forEachRendererNeed(_ screen: ScreenDecl, platform: String?, _ body: (RendererNeed) -> Void) {
    if screen.isPluginScreen {
      body(RendererNeed(kind: .screenPlugin, name: screen.type.value, spot: screen.type.spot, component: nil))
    }
    forEachNavigationPluginNeed(screen, body)
    screen.forEachComponent { c in
      // A plugin that is a group on some platforms only is drawn on the others.
      guard !isGroup(c.typeName, on: platform) else { return }
      body(RendererNeed(kind: .componentType, name: c.typeName, spot: c.type.spot, component: c))
      let familyName = Self.drawnFamily(of: c, in: screen, platform: platform)?.value
      forEachReplacementNeed(c, familyName: familyName, body)
      forEachCellBodyNeed(c, familyName: familyName, body)
      guard let style = familyName.flatMap({ families[$0]?.family.component(c.typeName) }) else { return }
      for cellStyle in c.cellStyles {
        if let id = style.cell(named: cellStyle.value)?.layoutID {
          body(RendererNeed(kind: .cellLayout, name: id, spot: cellStyle.spot, component: c))
        }
      }
      let kind = Geometry.kind(of: style, layoutName: c.layout?.value)
      body(RendererNeed(kind: .layoutKind, name: kind.word, spot: (c.layout ?? c.type).spot, component: c))
    }
  }

  /// What the body of a component's cells needs drawn (`cell_body_component_type` and
  /// `cell_body_styles`: each tab of a `tab_bar` holds, say, a `list` of `LIST_2`): its component
  /// type, its cell styles' layout ids and its layout kind, as a component of its own.
  package func forEachCellBodyNeed(_ c: ComponentDecl, familyName: String?, _ body: (RendererNeed) -> Void) {
    guard let type = c.cellBodyType else { return }
    body(RendererNeed(kind: .componentType, name: type.value, spot: type.spot, component: c))
    guard let style = familyName.flatMap({ families[$0]?.family.component(type.value) }) else { return }
    for cellStyle in c.cellBodyStyles {
      if let id = style.cell(named: cellStyle.value)?.layoutID {
        body(RendererNeed(kind: .cellLayout, name: id, spot: cellStyle.spot, component: c))
      }
    }
    let kind = Geometry.kind(of: style, layoutName: nil)
    body(RendererNeed(kind: .layoutKind, name: kind.word, spot: type.spot, component: c))
  }

  /// What a component's size class replacements need drawn: each replacement is a component of its
  /// own on its size class (its type, its cell style's layout id, its layout kind).
  package func forEachReplacementNeed(_ c: ComponentDecl, familyName: String?, _ body: (RendererNeed) -> Void) {
    let family = familyName.flatMap { families[$0] }
    var entries = SizeClassMappingEntry.entries(of: c)
    if c.sizeClassMappingValue == nil, let mapping = family?.sizeClassMappings[c.typeName] {
      entries = SizeClassMappingEntry.entries(of: mapping)
    }
    for entry in entries { forEachNeed(of: entry, component: c, family: family, body) }
  }

  /// What one replacement (a size class's, or the fallback) needs drawn: its type, its cell style's
  /// layout id and its layout kind; nothing for `hide`.
  package func forEachNeed(of entry: SizeClassMappingEntry, component c: ComponentDecl, family: FamilyDecl?, _ body: (RendererNeed) -> Void)
  {
    guard !entry.hides, let type = entry.componentType else { return }
    let sizeClass = entry.isFallback ? nil : entry.key.value
    body(RendererNeed(kind: .componentType, name: type.value, spot: type.spot, component: c, sizeClass: sizeClass))
    guard let style = family?.family.component(type.value) else { return }
    if let cellStyle = entry.cellStyle, let id = style.cell(named: cellStyle.value)?.layoutID {
      body(RendererNeed(kind: .cellLayout, name: id, spot: cellStyle.spot, component: c, sizeClass: sizeClass))
    }
    let kind = Geometry.kind(of: style, layoutName: nil)
    body(RendererNeed(kind: .layoutKind, name: kind.word, spot: type.spot, component: c, sizeClass: sizeClass))
  }

  /// What the project's screens need rendered, per target platform (the bundle's `required_renderers`):
  /// the names of each kind gathered in sets, need by need, with the platform's Zapp SDK range
  /// (`zappSDKRanges`).
  public var requiredRenderers: [PlatformRenderers] {
    // Clients that read families alike (`readsScreenFamily`) need the same.
    var sets: [Bool: RendererSet] = [:]
    let ranges = zappSDKRanges
    return targetPlatforms.map { platform in
      let reading = Self.readsScreenFamily(on: platform)
      let set = sets[reading] ?? rendererSet(on: [platform])
      sets[reading] = set
      let range = ranges[platform] ?? ZappSDKRange()
      return PlatformRenderers(
        platform: platform, renderers: set, minZappSDK: range.minZappSDK, unsupportedSinceZappSDK: range.unsupportedSinceZappSDK)
    }
  }

  /// What the project's screens need rendered on any of its platforms (every target platform's
  /// `required_renderers` in one, also when the project names no platform).
  public var requiredRendererSet: RendererSet { rendererSet(on: targetPlatforms.isEmpty ? [nil] : targetPlatforms) }

  /// What the screens need rendered on a client of `platform`, a target platform or not: its
  /// `required_renderers` entry, read the way that platform's client reads families.
  public func requiredRenderers(on platform: String) -> RendererSet {
    requiredRenderers.first { $0.platform == platform }?.renderers ?? rendererSet(on: [platform])
  }

  /// What the screens need rendered on the clients of `platforms`, gathered in one set.
  private func rendererSet(on platforms: [String?]) -> RendererSet {
    var names: [RendererNeed.Kind: Set<ExactString>] = [:]
    var readings: Set<Bool> = []
    for platform in platforms where readings.insert(Self.readsScreenFamily(on: platform)).inserted {
      for screen in screens {
        forEachRendererNeed(screen, platform: platform) { names[$0.kind, default: []].insert(ExactString($0.name)) }
      }
    }
    func list(_ kind: RendererNeed.Kind) -> [String] { (names[kind] ?? []).map(\.value) }
    return RendererSet(
      componentTypes: list(.componentType), cellLayouts: list(.cellLayout), layoutKinds: list(.layoutKind),
      screenPlugins: list(.screenPlugin), navigationPlugins: names[.navigationPlugin] == nil ? nil : list(.navigationPlugin))
  }
}

extension ProjectLoader {
  /// `platforms` of zlc.json: `{ "ios": { "min_zapp_sdk": "20.0.0" }, "android": {} }`.
  package func readPlatforms(_ root: JSONValue) -> [PlatformTarget] {
    guard let map = root["platforms"], map.kind == .object else { return [] }
    return map.members.compactMap { key, value in
      guard let id = key.string, !id.isEmpty else { return nil }
      return PlatformTarget(id: Located(id, key.spot), minZappSDK: value["min_zapp_sdk"]?.nonEmptyString)
    }
  }
}

extension Project {
  /// The project as one of its platforms sees it: that platform's manifests first (their fields,
  /// defaults and versions), its checks and renderer needs alone. The files and the screens'
  /// lookups by id and name are shared, not read or made again.
  public func narrowed(to platform: String) -> Project {
    var contents = Contents()
    contents.files = files
    contents.screens = screens
    contents.screenObjects = screenObjects
    contents.emptyScreensFiles = emptyScreensFiles
    contents.losesScreenObjects = losesScreenObjects
    contents.manifests = manifests
    contents.families = families
    contents.familyDefinitions = familyDefinitions
    contents.builtinFamilies = builtinFamilies
    contents.screenTypes = screenTypes
    contents.settings = settings
    contents.settings.onlyPlatform = platform
    contents.registries = registries
    contents.hasUnreadableFiles = hasUnreadableFiles
    contents.manifestsUnread = manifestsUnread
    contents.unreadableFamilyFiles = unreadableFamilyFiles
    // The same screens: their lookups are shared, not made again for each platform.
    contents.screenIndex = screenIndex
    return Project(directory: directory, contents)
  }

  /// The platforms that get a bundle of their own: every target platform when there are several
  /// and `--platform` named none; else none (one bundle, naming its platform when it has one).
  public var bundlePlatforms: [String] { Self.bundlePlatforms(settings, manifests) }

  /// `bundlePlatforms` of a project's settings and manifests.
  static func bundlePlatforms(_ settings: ProjectSettings, _ manifests: [ManifestDecl]) -> [String] {
    let targets = targetPlatforms(settings, manifests)
    return settings.onlyPlatform == nil && targets.count > 1 ? targets : []
  }
}
