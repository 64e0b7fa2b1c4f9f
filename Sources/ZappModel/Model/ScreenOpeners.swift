import ZappDiagnostics
import ZappLayout

/// What one screen names to open another: the one list every check of "what opens a screen"
/// reads (the screen graph, ZL0307 and ZL0322, ZL0408's notes, the editor's references).
extension Project {
  /// The sections of a plugin's configuration whose values its manifest's fields describe (all
  /// but `hooks`, whose fields select plugins).
  package static let pluginSections = ["general", "styles", "rules", "data", "assets", "advertising", "localizations"]

  /// A value of a plugin's `screen_selector` field: the field (`general.post_login_screen`) and
  /// the screen id it holds, where written.
  public struct ScreenSelection: Sendable {
    public let field: String
    public let screen: Located<String>
    /// The built platforms whose bundles hold it as a screen id, when fewer than all do (its field
    /// is a `screen_selector` in some of the manifests they are built with alone); else empty.
    public var platforms: [String] = []
  }

  /// The built platforms of `uses` (a plugin's manifests, `pluginSelectorFields(of:isComponent:)`)
  /// whose bundles hold `(section, key)` as a screen id, when fewer than all the plugin's bundles
  /// do; else empty.
  package func selectorPlatforms(
    _ uses: [PluginSelectorFields], plugin: String, section: String, key: String
  ) -> [String] {
    let platforms = uses.holding(section, key).flatMap(\.platforms)
    return platforms.count < bundleManifests(for: plugin).flatMap(\.platforms).count ? platforms : []
  }

  /// The `(section, key)` of each field of type `screen_selector` of a plugin (a component's when
  /// `isComponent`, the default, else a screen plugin's): a field is one when the manifest of any
  /// platform whose bundle is built declares it so (`pluginSelectorFields(of:isComponent:)`).
  public func screenSelectorFields(of plugin: String, isComponent: Bool = true) -> [(section: String, key: String)] {
    pluginSelectorFields(of: plugin, isComponent: isComponent).fields
  }

  /// Of the manifests the bundles are built with for a plugin component's (`isComponent`) or a
  /// screen plugin's plugin (`bundleManifests(for:)`), each that declares a `screen_selector`
  /// field, with its platforms and those fields: a platform's bundle holds a value of the field as
  /// a screen id only when its manifest declares it so, and fills one left out with that manifest's
  /// `initial_value`. Of a component, not `data.target`, its target, a reference of its own
  /// (ZL0307) whatever its type; a screen plugin's `data.target` is one of its values like any other.
  package func pluginSelectorFields(of plugin: String, isComponent: Bool) -> [PluginSelectorFields] {
    guard let all = selectorFieldTable[plugin] else { return [] }
    guard isComponent else { return all }
    return pluginSelectorFields(of: plugin) { _, field in field != ("data", "target") }
  }

  /// A manifest a plugin's bundles are built with, and those of its `screen_selector` fields whose
  /// values the bundles hold: the one account of what a plugin component, a screen plugin, a
  /// navigation or a nav item opens by its plugin's values, and on which platforms.
  package struct PluginSelectorFields: Sendable {
    /// The manifest, whose `initial_value` fills a field the values leave out.
    package let manifest: ManifestDecl
    /// The built platforms whose bundles it fills; empty when every bundle uses it
    /// (`bundleManifests(for:)`).
    package let platforms: [String]
    /// Its `screen_selector` fields the values hold, as `(section, key)`.
    package let fields: [(section: String, key: String)]
  }

  /// Of the manifests the bundles are built with for `plugin` (`bundleManifests(for:)`), those
  /// with a `screen_selector` field that `holds` keeps (the bundle holds the values of that
  /// manifest's field), each with its platforms and those fields.
  package func pluginSelectorFields(
    of plugin: String, holding holds: (ManifestDecl, (section: String, key: String)) -> Bool
  ) -> [PluginSelectorFields] {
    // Most plugins have no such field: the table, made once, says so.
    guard let all = selectorFieldTable[plugin] else { return [] }
    return all.compactMap { uses in
      let fields = uses.fields.filter { holds(uses.manifest, $0) }
      return fields.isEmpty ? nil : PluginSelectorFields(manifest: uses.manifest, platforms: uses.platforms, fields: fields)
    }
  }

  /// For each plugin identifier whose manifests the bundles are built with (`bundleManifests(for:)`,
  /// from `index` and `byPlatform`) declare a `screen_selector` field: those manifests, each with
  /// its platforms and all its such fields (each `(section, key)` once).
  static func selectorFieldTable(
    _ index: [String: ManifestDecl], byPlatform: [String: ManifestUses]
  ) -> [String: [PluginSelectorFields]] {
    var table: [String: [PluginSelectorFields]] = [:]
    for (identifier, chosen) in index {
      let found: [PluginSelectorFields] = (byPlatform[identifier] ?? [(chosen, [])]).compactMap { manifest, platforms in
        var fields: [(section: String, key: String)] = []
        for field in manifest.screenSelectorFields where !fields.contains(where: { $0 == (field.section, field.key) }) {
          fields.append((field.section, field.key))
        }
        return fields.isEmpty ? nil : PluginSelectorFields(manifest: manifest, platforms: platforms, fields: fields)
      }
      if !found.isEmpty { table[identifier] = found }
    }
    return table
  }

  /// The values of a plugin's `screen_selector` fields in `object` (a plugin component when
  /// `isComponent`, the default, else a screen plugin's screen), in the order written: each is a
  /// screen id (the builder writes the screen's id, or null once the screen is deleted). Not
  /// `localizations`: no bundle holds its values as a plugin's values (they are texts per language).
  public func screenSelections(in object: JSONValue, plugin: String, isComponent: Bool = true) -> [ScreenSelection] {
    // Most projects have no such field: no component is looked up in the manifests for one.
    guard declaresScreenSelectors else { return [] }
    let uses = pluginSelectorFields(of: plugin, isComponent: isComponent)
    let fields = uses.fields
    guard !fields.isEmpty else { return [] }
    var selections: [ScreenSelection] = []
    for section in Self.filledScreenSelectorSections {
      guard let members = object[section], members.kind == .object else { continue }
      members.forEachMember { key, value in
        guard let name = key.string, fields.contains(where: { $0 == (section, name) }), let selected = value.nonEmptyString else { return }
        selections.append(
          ScreenSelection(
            field: "\(section).\(name)", screen: selected,
            platforms: selectorPlatforms(uses, plugin: plugin, section: section, key: name)))
      }
    }
    return selections
  }

  /// The sections of a plugin component, other than `styles` and `data`, whose values its bundle
  /// fills from its manifest (the resolved section's `plugin_values`). Not `localizations`: its
  /// values are per language, not the manifest's fields' keys.
  public static let componentPluginValueSections = ["general", "rules", "assets", "advertising"]
  /// The keys of a plugin component's `data` that its section resolves itself (`source` and
  /// `type`, its binding; `target`) or that say what its screen is (`connected`): the section's
  /// `plugin_values` holds the component's other `data` keys, the plugin's own fields.
  public static let resolvedDataKeys: Set<String> = ["source", "type", "target", "connected"]
  /// The sections of a plugin component whose `screen_selector` values its bundle takes from its
  /// manifest when the component leaves them out (the resolved section's `styles` and `plugin_values`).
  public static let filledComponentSelectorSections = ["styles"] + componentPluginValueSections
  /// Those of a screen plugin (its `plugin_values`): every configuration section but `hooks` and
  /// `localizations`.
  public static let filledScreenSelectorSections = pluginSections.filter { $0 != "localizations" }

  /// The screens a plugin (`plugin`: a component's type when `isComponent`, the default, else a
  /// screen plugin's) opens by the `screen_selector` fields of `sections` that `object` leaves
  /// out: its manifests' `initial_value` for each, as its bundles fill them in (that of each
  /// manifest a bundle is built with that declares the field a `screen_selector`, each screen
  /// once), at `spot`.
  /// `except`: keys of those sections left out.
  public func filledSelections(
    in object: JSONValue, plugin: String, isComponent: Bool = true, sections: [String], except: Set<String> = [], at spot: SourceSpot
  ) -> [Located<String>] {
    let uses = pluginSelectorFields(of: plugin, isComponent: isComponent)
    var screens: [Located<String>] = []
    for (section, key) in uses.fields where sections.contains(section) && !except.contains(key) && object[section]?[key] == nil {
      for (manifest, _) in uses.holding(section, key) {
        guard let screen = manifest.initialValue(section: section, key: key)?.nonEmptyString,
          !screens.contains(where: { $0.value == screen.value })
        else { continue }
        screens.append(Located(screen.value, spot))
      }
    }
    return screens
  }

  /// The screens a plugin component that leaves out `data.target` opens: its manifests'
  /// `initial_value` for it, as a builder fills it in (that of each manifest a bundle is built
  /// with, each screen once), at the component.
  public func filledTargets(of component: ComponentDecl) -> [Located<String>] {
    guard manifest(for: component.typeName) != nil, component.value["data"]?["target"] == nil else { return [] }
    var targets: [Located<String>] = []
    for (manifest, _) in bundleManifests(for: component.typeName) {
      guard let target = manifest.initialValue(section: "data", key: "target")?.nonEmptyString,
        !targets.contains(where: { $0.value == target.value })
      else { continue }
      targets.append(Located(target.value, component.spot))
    }
    return targets
  }

  /// Every reference by which `screen` opens another screen, in the order written: its
  /// navigation items' targets, its hooks' screens (`screen_id`), the `screen_selector` values of
  /// its navigations' and items' plugins (`navigationSelections(in:takingFilled:)`) and of the
  /// screen plugin it is, and its components' (nested ones too) targets, header and footer
  /// targets and `screen_selector` values. A target or `screen_selector` value a plugin leaves out
  /// and its bundle takes from its manifest is one too, at the navigation, item, component or
  /// screen (`filledTargets(of:)`, `filledSelections(in:plugin:isComponent:sections:except:at:)`),
  /// unless `takingFilled` is false.
  public func openers(in screen: ScreenDecl, takingFilled: Bool = true) -> [Located<String>] {
    var openers = screen.navItems.compactMap(\.target) + screen.hookTargets
    openers += navigationSelections(in: screen, takingFilled: takingFilled)
    if screen.isPluginScreen {
      let plugin = screen.type.value
      openers += screenSelections(in: screen.value, plugin: plugin, isComponent: false).map(\.screen)
      if takingFilled {
        openers += filledSelections(
          in: screen.value, plugin: plugin, isComponent: false, sections: Self.filledScreenSelectorSections, at: screen.spot)
      }
    }
    let selects = declaresScreenSelectors
    screen.forEachComponent { component in
      if let target = component.target {
        openers.append(target)
      } else if takingFilled {
        openers += filledTargets(of: component)
      }
      if let target = component.headerTarget { openers.append(target) }
      if let target = component.footerTarget { openers.append(target) }
      if selects {
        let plugin = component.type.value
        openers += screenSelections(in: component.value, plugin: plugin, isComponent: true).map(\.screen)
        if takingFilled {
          openers += filledSelections(
            in: component.value, plugin: plugin, isComponent: true, sections: Self.filledComponentSelectorSections, at: component.spot)
          // The plugin's own `data` fields, which its section's `plugin_values` holds (`target`
          // is `filledTargets(of:)`'s).
          openers += filledSelections(
            in: component.value, plugin: plugin, isComponent: true, sections: ["data"], except: Self.resolvedDataKeys, at: component.spot)
        }
      }
    }
    // In the order written: the notes of the rules that list them follow the file (they mostly are).
    // The offsets are read once, and the positions sorted rather than the references.
    let offsets = openers.map(\.spot.offset)
    guard zip(offsets, offsets.dropFirst()).contains(where: { $0 > $1 }) else { return openers }
    return offsets.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }.map { openers[$0] }
  }
}

extension [Project.PluginSelectorFields] {
  /// The fields of them all, each once, in order.
  package var fields: [(section: String, key: String)] {
    var all: [(section: String, key: String)] = []
    for uses in self {
      for field in uses.fields where !all.contains(where: { $0 == field }) { all.append(field) }
    }
    return all
  }

  /// Those that hold `(section, key)`, each manifest with its platforms: the manifests whose
  /// bundles hold a value of it as a screen id, and fill it in from their `initial_value`.
  package func holding(_ section: String, _ key: String) -> Project.ManifestUses {
    filter { $0.fields.contains { $0 == (section, key) } }.map { ($0.manifest, $0.platforms) }
  }
}
