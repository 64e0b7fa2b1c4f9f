import Foundation
import ZappDiagnostics
import ZappLayout

/// The schema pass: every JSON input checked against its shape (`Model/Shapes.swift`, the schema
/// `zlc schema` prints). One walk of each value reports the five shape rules at once — ZL0201
/// missing keys, ZL0202 wrong types, ZL0203 values outside a set, ZL0204 unknown keys and ZL0206
/// misspelled ones — so it runs once, as `MissingKeyRule`'s check. A plugin's manifest widens the
/// shapes of its screens and components by the keys its fields declare.
package enum SchemaPass {
  package static func check(_ context: RuleContext) {
    checkInputsButScreens(context)
    // Screens in parallel, in chunks, as the screen rules run.
    let screens = context.project.screenObjects
    let shapes = PlatformShapes(context.project)
    let chunk = 64
    DispatchQueue.concurrentPerform(iterations: (screens.count + chunk - 1) / chunk) { k in
      var found: [Diagnostic] = []
      for screen in screens[(k * chunk)..<min(screens.count, (k + 1) * chunk)] { found += check(screen: screen, context.project, shapes) }
      context.bag.add(contentsOf: found)
    }
  }

  /// `zlc.json`, `screen_types.json` and the manifests against their shapes.
  package static func checkInputsButScreens(_ context: RuleContext) {
    let project = context.project
    var diagnostics: [Diagnostic] = []
    if let root = project.settings.root {
      var checker = ShapeChecker()
      checker.check(root, .object(Shapes.settings), what: "zlc.json")
      diagnostics += checker.diagnostics
    }
    if let root = project.screenTypes?.root {
      // content_types values are a screen's id or name, or QuickBrick's `{ "screen_id": … }`.
      var checker = ShapeChecker { name, v in
        name == "contentTypeTarget" ? (v.kind == .object ? .object(Shapes.contentTypeTarget) : .string) : .any
      }
      checker.check(root, .object(Shapes.screenTypes), what: "screen_types.json")
      diagnostics += checker.diagnostics
    }
    for registry in project.registries {
      var checker = ShapeChecker()
      checker.check(registry.value, .object(Shapes.registry), what: "registry")
      diagnostics += checker.diagnostics
    }
    for manifest in project.manifests {
      var checker = ShapeChecker { name, value in
        switch name {
        case "field": return .object(Shapes.manifestField)
        case "option", "optionValue": return optionShape(name, value)
        default: return .any
        }
      }
      checker.check(manifest.value, .object(Shapes.manifest), what: "manifest")
      // `custom_configuration_fields` holds fields too: a list, or one field in some real manifests.
      if let custom = manifest.value["custom_configuration_fields"] {
        for field in custom.kind == .array ? custom.elements : [custom] where field.kind == .object {
          checker.checkObject(field, Shapes.manifestField, what: "field")
        }
      }
      diagnostics += checker.diagnostics + ManifestFieldTypes.check(manifest.value)
    }
    context.bag.add(contentsOf: diagnostics)
  }

  /// The shape of a select's option or of an option's `value`, decided by the value itself: an
  /// object of text and value (an option written in full), else a string, number or boolean.
  static func optionShape(_ name: String, _ value: JSONValue) -> Shape {
    if name == "option", value.kind == .object { return .object(Shapes.manifestOption) }
    return .scalar
  }

  /// A screen object against the screen shape, widened by its plugin's and components' manifests:
  /// once, or once per target platform when their manifests differ (`PlatformShapes`). A finding
  /// of some platforms only says which, and its fix-it is a hint: the manifests disagree, and
  /// either side may hold the misspelling.
  ///
  /// While a file cannot be read (a manifest, the `components/` folder), the keys its manifests
  /// would declare are not known: an unknown or misspelled key is not reported then.
  package static func check(screen value: JSONValue, _ project: Project, _ shapes: PlatformShapes) -> [Diagnostic] {
    let found = checkEveryPlatform(screen: value, project, shapes)
    guard project.manifestsUnread else { return found }
    return found.filter { $0.rule != .unknownKey && $0.rule != .misspelledKey }
  }

  /// `check(screen:_:_:)` for every file read.
  private static func checkEveryPlatform(screen value: JSONValue, _ project: Project, _ shapes: PlatformShapes) -> [Diagnostic] {
    guard !shapes.variants.isEmpty else { return check(screen: value, project, shapes.shapes) }
    var order: [String] = []
    var found: [String: (diagnostic: Diagnostic, platforms: [String])] = [:]
    for (platform, variant) in shapes.variants {
      for d in check(screen: value, project, variant) {
        // The fix is part of what is the same: platforms that suggest different keys disagree.
        let key = findingKey(d)
        if found[key] == nil {
          order.append(key)
          found[key] = (d, [])
        }
        found[key]!.platforms.append(platform)
      }
    }
    let all = shapes.variants.map(\.platform)
    return order.compactMap { key in
      var (d, platforms) = found[key]!
      guard platforms.count < all.count else { return d }
      let others = all.filter { !platforms.contains($0) }
      let declared = others.map { ($0, shapes.declaredKeys[$0] ?? []) }
      if let variant = platformVariant(d, in: value, declared: declared) {
        // Each platform's key written: nothing lost. Else those platforms take the default.
        guard let unwritten = variant.unwritten else { return nil }
        let message =
          "key '\(variant.key)' is read on \(variant.declaring.joined(separator: ", ")) only: the manifests of "
          + "\(platforms.joined(separator: ", ")) number this field '\(unwritten)', which is not written here"
        return Diagnostic(UnknownKeyRule.rule, message, at: d.spot)
      }
      d.message +=
        " (on \(platforms.joined(separator: ", ")) only: the manifests of \(others.joined(separator: ", ")) declare it otherwise)"
      d.fixIt?.range = nil
      return d
    }
  }

  /// What makes two platforms' findings one: the code, place, message and fix (platforms that
  /// suggest different keys disagree).
  private static func findingKey(_ d: Diagnostic) -> String {
    "\(d.code)\u{0}\(d.spot?.offset ?? -1)\u{0}\(d.message)\u{0}\(d.fixIt?.replacement ?? "")"
  }

  /// A screen object against the screen shape, widened by its plugin's and components' manifests.
  package static func check(screen value: JSONValue, _ project: Project, _ shapes: WidenedShapes) -> [Diagnostic] {
    let pluginID = value["type"]?.string.flatMap { ResolvedScreen.zappTypes.contains($0) ? nil : $0 }
    let screenFamily = value["styles"]?["family"]?.string
    var checker = ShapeChecker { name, v in
      switch name {
      case "component": return .object(shapes.component(for: v, screenFamily: screenFamily))
      case "navItem": return .object(shapes.navItem(for: v))
      case "screenStyles": return .object(pluginID.flatMap { shapes.screenStyles[$0] } ?? Shapes.screenStyles)
      case "screenRules": return .object(pluginID.flatMap { shapes.screenRules[$0] } ?? Shapes.screenRules)
      case "replacement": return v.kind == .object ? .object(Shapes.replacement) : .any
      default: return .any
      }
    }
    checker.checkObject(value, pluginID.flatMap { shapes.screens[$0] } ?? Shapes.screen, what: "screen")
    // A screen plugin's `general` holds the values its manifest's general fields declare.
    if let id = pluginID, let general = shapes.screenGeneral[id], let values = value["general"], values.kind == .object {
      checker.checkObject(values, general, what: "general")
    }
    var found = checker.diagnostics
    if let navigations = value["navigations"], navigations.kind == .array {
      if !shapes.navigationData.isEmpty { found += checkNavigationData(navigations, shapes) }
      checkOwnKeys(navigations, shapes, &found)
      if !shapes.navigationSections.isEmpty { checkNavigationPlugins(navigations, shapes, &found) }
    }
    return found
  }

  /// The `data` of each navigation drawn by a navigation plugin whose manifest declares data
  /// fields: known whole, as a nav item plugin's is (a near miss of a declared key is ZL0206's).
  /// A navigation's own key written there (`nav_items`) is `checkOwnKeys`'s to report.
  private static func checkNavigationData(_ navigations: JSONValue, _ shapes: WidenedShapes) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for navigation in navigations.elements where navigation.kind == .object {
      guard let id = Project.navigationPlugin(of: navigation, isItem: false)?.value, let shape = shapes.navigationData[id],
        let data = navigation["data"], data.kind == .object
      else { continue }
      let own = Set(data.members.filter { MisspelledKeyRule.navigationOwnKeys.keys.contains($0.key.string ?? "") }.map(\.key.spot.offset))
      var checker = ShapeChecker()
      checker.checkObject(data, shape, what: "data")
      found += checker.diagnostics.filter { !own.contains($0.spot?.offset ?? -1) }
    }
    return found
  }

  /// A navigation's own key (`nav_items`, `navigation_type`, `category`) written in one of its
  /// plugin's objects (`styles`, …), and a nav item's (`data`, `nav_items`) in its own, where its
  /// plugin's manifest does not declare it: read by nothing there (ZL0206).
  private static func checkOwnKeys(_ navigations: JSONValue, _ shapes: WidenedShapes, _ found: inout [Diagnostic]) {
    func check(_ object: JSONValue, item: Bool) {
      let own = item ? MisspelledKeyRule.navItemOwnKeys : MisspelledKeyRule.navigationOwnKeys
      let plugin = Project.navigationPlugin(of: object, isItem: item).flatMap { shapes.manifests[$0.value] }
      for section in own.sections {
        guard let values = object[section], values.kind == .object else { continue }
        let declared = Set(plugin?.fields(in: section).map(\.key) ?? [])
        values.forEachMember { key, _ in
          guard let name = key.string, own.keys.contains(name), !declared.contains(name) else { return }
          let holder = item ? "navigation item" : "navigation"
          found.append(MisspelledKeyRule.Message.holdersKey(name, in: "\(holder) \(section)", of: holder).diagnostic(at: key.spot))
        }
      }
      if let items = object["nav_items"], items.kind == .array {
        for element in items.elements where element.kind == .object { check(element, item: true) }
      }
    }
    for navigation in navigations.elements where navigation.kind == .object { check(navigation, item: false) }
  }

  /// The sections of each navigation drawn by a navigation plugin (`navigation_type`) and of each
  /// item drawn by a nav_item plugin (`type`): a key its manifest declares or one the section has
  /// of its own (`NavigationPluginKeys`) is read; another is unknown (ZL0204), with the declared
  /// key it nearly is as its fix. Apps write these sections for built-in keys too, so a near miss
  /// is a warning, but for one a single edit from a declared key (case aside): a misspelling,
  /// ZL0206.
  private static func checkNavigationPlugins(_ navigations: JSONValue, _ shapes: WidenedShapes, _ found: inout [Diagnostic]) {
    func check(_ object: JSONValue, item: Bool) {
      guard let id = Project.navigationPlugin(of: object, isItem: item)?.value, let plugin = shapes.navigationSections[id],
        (plugin.type == "nav_item") == item
      else { return }
      let bar = !item && (plugin.type == "nav_bar" || object["category"]?.string == "nav_bar")
      for (section, declared) in plugin.sections where item || section != "general" {
        guard let values = object[section], values.kind == .object else { continue }
        let what = "\(section) of " + (item ? "navigation item plugin" : "navigation plugin") + " '\(id)'"
        var unknown: [(key: JSONValue, name: String, builtIn: NavigationPluginKeys.BuiltIn?, suggestion: Suggestion?)] = []
        values.forEachMember { key, _ in
          guard let name = key.string, !declared.contains(name) else { return }
          let builtIn = NavigationPluginKeys.builtIn(name, in: section, item: item, bar: bar)
          if builtIn == .named { return }
          unknown.append(
            (key, name, builtIn, suggestedKey(for: name, declared: declared, builtIn: builtIn, in: section, item: item, bar: bar)))
        }
        var renames: [String: Int] = [:]
        // A shaped key's suggestion is a hint, which renames nothing.
        for entry in unknown where entry.builtIn == nil {
          if let text = entry.suggestion?.text { renames[text, default: 0] += 1 }
        }
        for (key, name, builtIn, suggestion) in unknown {
          // A rename into a key the section already holds, or that another key would be renamed to
          // too, would write a duplicate key: no fix.
          let taken = suggestion.map { values[$0.text] != nil || renames[$0.text, default: 0] > 1 } ?? true
          var fix = FixIt.didYouMean(taken ? nil : suggestion, at: key.spot)
          var message = UnknownKeyRule.Message.unknownKey(name, in: what)
          switch builtIn {
          case .named: continue
          case .shaped:
            // A bar's own colour or title size (`title_color` beside a declared `subtitle_color`)
            // is reported only one edit from a declared key the section lacks, and as a hint:
            // it may be the bar's own key after all.
            guard let suggestion, !taken, editDistance(name, suggestion.text) == 1 else { continue }
            fix?.range = nil
            message = .ownKeyNearDeclared(name, declared: suggestion.text, in: what)
          case nil:
            // One edit from a declared key, case aside, and none of the section's own: a
            // misspelling, which leaves the plugin with the field's default (ZL0206). Numbered
            // siblings (`image_2` beside `image_1`) may be two fields: a hint, not a fix.
            if let suggestion, !suggestion.isTied, declared.contains(suggestion.text), isOneEdit(name, from: suggestion.text) {
              let named = FixIt.didYouMean(taken ? nil : suggestion.forName(name), at: key.spot)
              found.append(MisspelledKeyRule.Message.misspelledKey(name, in: what).diagnostic(at: key.spot, fixIt: named))
              continue
            }
          }
          found.append(message.diagnostic(at: key.spot, fixIt: fix))
        }
      }
    }
    func checkItems(_ items: JSONValue?) {
      guard let items, items.kind == .array else { return }
      for item in items.elements where item.kind == .object {
        check(item, item: true)
        checkItems(item["nav_items"])
      }
    }
    for navigation in navigations.elements where navigation.kind == .object {
      check(navigation, item: false)
      checkItems(navigation["nav_items"])
    }
  }

  /// Whether `name` is at most one edit from `key`, case aside (clients compare keys by their exact
  /// characters, so a key in another case is lost as a misspelled one is).
  static func isOneEdit(_ name: String, from key: String) -> Bool { editDistance(name.lowercased(), key.lowercased()) <= 1 }

  /// The key an unknown `name` of a navigation plugin's section nearly is: a shaped key is told
  /// apart from the declared keys alone; another is the nearest of the declared and the built-in
  /// names, a built-in one only a single edit away (`app_logoo`: `app_logo`), so that another
  /// platform's key (`tvos_font_family`) is never renamed into a built-in one it resembles.
  private static func suggestedKey(
    for name: String, declared: some Collection<String>, builtIn: NavigationPluginKeys.BuiltIn?, in section: String, item: Bool,
    bar: Bool
  ) -> Suggestion? {
    let fromDeclared = nearest(to: name, in: declared)
    guard builtIn == nil else { return fromDeclared }
    let named = NavigationPluginKeys.namedKeys(in: section, item: item, bar: bar)
    guard let nearest = nearest(to: name, in: Array(declared) + named) else { return nil }
    return declared.contains(nearest.text) || editDistance(name, nearest.text) == 1 ? nearest : fromDeclared
  }

  /// The sections of a navigation or navigation item whose keys its plugin's manifest declares (a
  /// navigation has no `general`: only its items do).
  static let navigationSections = ["general", "styles", "rules", "assets"]

  /// The screen shape of a screen plugin: its `data` and `advertising` holding the keys its
  /// manifest declares in them as well, its `assets` those it declares there, and its
  /// `localizations` (per language) when it declares fields there. Its `advertising` may hold keys
  /// of the plugin's own (the AdMob plugin's `banner_ad_unit`), so a near miss of a usual key there
  /// is a warning (ZL0204), not a misspelling.
  package static func screenShape(for manifest: ManifestDecl) -> ObjectShape {
    let data = manifest.fields(in: "data").map(\.key)
    let advertising = manifest.fields(in: "advertising").map(\.key)
    let declared = Self.declaredSections.filter { !manifest.fields(in: $0).isEmpty }
    var shape = Shapes.screen
    shape.fields = shape.fields.map { field in
      switch (field.key, field.shape) {
      case ("data", _): return (field.key, .object(Shapes.screenData.adding(data)), field.summary)
      case ("advertising", .object(let ads)):
        var own = ads.adding(advertising)
        own.name = "screen plugin advertising"
        return (field.key, .object(own), field.summary)
      default: return field
      }
    }
    return adding(declared, of: manifest, to: shape)
  }

  /// A plugin's `localizations`: an object of one object per language (`en`, `he`), each holding
  /// the texts of that language, by the keys the manifest declares.
  static let localizations = Shape.map(.object(ObjectShape("localizations language", open: true, [])))

  /// The sections a plugin's values may hold that the screen and component shapes lack: known
  /// when its manifest declares fields there.
  static let declaredSections = ["general", "assets", "localizations"]

  /// The name of a nav bar's or menu's `data` when its plugin's manifest declares fields there,
  /// known whole (ZL0206 for a near miss).
  static let navigationData = "navigation plugin data"

  /// The name of a plugin's `assets` when its manifest declares fields there, known whole: only
  /// a declared asset is drawn (ZL0206 for a near miss).
  static let pluginAssets = "plugin assets"

  /// The name of a plugin component's `advertising` when its manifest declares fields there,
  /// known whole (ZL0206 for a near miss).
  static let pluginAdvertising = "component plugin advertising"

  /// `shape` with each of `sections` (that it lacks) an object of the keys `manifest` declares
  /// there; `localizations`, whose keys are languages (`en`, `he`), each holding the declared
  /// texts, an open object.
  static func adding(_ sections: [String], of manifest: ManifestDecl, to shape: ObjectShape) -> ObjectShape {
    var shape = shape
    for section in sections where shape.shape(of: section) == nil {
      let keys = manifest.fields(in: section).map(\.key)
      guard !keys.isEmpty else { continue }
      let name = section == "assets" ? pluginAssets : section
      let known: Shape = section == "localizations" ? localizations : .object(ObjectShape(name, []).adding(keys))
      shape.fields.append((section, known, "the values the plugin's manifest declares"))
    }
    return shape
  }

  /// The component shape, with the keys a plugin component's manifest declares (its `general` and
  /// `assets` too, and `localizations` per language, when it declares fields there).
  package static func componentShape(for manifest: ManifestDecl) -> ObjectShape { componentShape(for: [manifest]) }

  /// The component shape with the keys each of `manifests` declares: a component's own and those
  /// of the plugins drawn in its place (its size classes' replacements, its fallback), which read
  /// the component's values too.
  package static func componentShape(for manifests: [ManifestDecl]) -> ObjectShape {
    func keys(_ section: String) -> [String] { manifests.flatMap { $0.fields(in: section).map(\.key) } }
    var shape = Shapes.component
    shape.fields = shape.fields.map { field in
      switch field.key {
      case "styles": return (field.key, .object(Shapes.componentStyles.adding(keys("styles"))), field.summary)
      case "rules": return (field.key, .object(Shapes.componentRules.adding(keys("rules"))), field.summary)
      case "data": return (field.key, .object(Shapes.dataSource.adding(keys("data"))), field.summary)
      // Known whole when the manifest declares fields there: a near miss loses the ad unit (ZL0206).
      case "advertising" where !keys("advertising").isEmpty:
        return (field.key, .object(ObjectShape(pluginAdvertising, []).adding(keys("advertising"))), field.summary)
      default: return field
      }
    }
    for section in declaredSections where shape.shape(of: section) == nil {
      let declared = keys(section)
      guard !declared.isEmpty else { continue }
      let known: Shape
      switch section {
      case "localizations": known = localizations
      // Known whole, as a screen plugin's: a near miss loses the value (ZL0206).
      case "general": known = .object(ObjectShape("component plugin general", []).adding(declared))
      case "assets": known = .object(ObjectShape(pluginAssets, []).adding(declared))
      default: known = .object(ObjectShape(section, []).adding(declared))
      }
      shape.fields.append((section, known, "the values the plugin's manifest declares"))
    }
    return shape
  }

  /// The nav item shape of a nav item plugin whose manifest declares `data` fields: its `data`
  /// holding them too, as a plugin component's does. Nil when it declares none.
  static func navItemShape(for manifest: ManifestDecl) -> ObjectShape? {
    let data = manifest.fields(in: "data").map(\.key)
    guard !data.isEmpty else { return nil }
    var shape = Shapes.navItem
    shape.fields = shape.fields.map { field in
      field.key == "data" ? (field.key, .object(Shapes.dataSource.adding(data)), field.summary) : field
    }
    return shape
  }
}

/// The shapes screens are checked with: the project's, or, for an app of several platforms whose
/// manifests of one identifier declare different fields (`button_text` in one, `button_txt` in
/// another), each platform's, so that a screen is checked against every manifest a bundle of it
/// is built with.
package struct PlatformShapes: Sendable {
  /// The shapes when every platform's are the same.
  package let shapes: WidenedShapes
  /// Each target platform's, when they differ; empty otherwise.
  package let variants: [(platform: String, shapes: WidenedShapes)]
  /// The fields each target platform's manifests declare (`declaredKey`), when the shapes differ.
  package let declaredKeys: [String: Set<String>]

  package init(_ project: Project) {
    shapes = WidenedShapes(project)
    let platforms = project.bundlePlatforms
    guard platforms.count > 1, Self.fieldsDiffer(project) else {
      variants = []
      declaredKeys = [:]
      return
    }
    let narrowed = platforms.map { ($0, project.narrowed(to: $0)) }
    variants = narrowed.map { ($0, WidenedShapes($1)) }
    declaredKeys = Dictionary(uniqueKeysWithValues: narrowed.map { ($0, Self.declaredKeys($1)) })
  }

  /// A field as `declaredKeys` holds it: the plugin's identifier, the section and the key.
  static func declaredKey(_ identifier: String, _ section: String, _ key: String) -> String {
    identifier + "\u{0}" + section + "\u{0}" + key
  }

  /// The fields of the manifest `project` takes for each identifier.
  private static func declaredKeys(_ project: Project) -> Set<String> {
    var keys: Set<String> = []
    for id in Set(project.manifests.compactMap { $0.identifier?.value }) {
      for field in project.manifest(for: id)?.fields ?? [] { keys.insert(declaredKey(id, field.section, field.key)) }
    }
    return keys
  }

  /// Whether two manifests of one identifier declare different fields, or are of different types
  /// (a nav item on one platform and a component on another widen different objects).
  private static func fieldsDiffer(_ project: Project) -> Bool {
    var fieldsByID: [String: Set<String>] = [:]
    for manifest in project.manifests {
      guard let id = manifest.identifier?.value else { continue }
      let fields = Set(manifest.fields.map { $0.section + "/" + $0.key } + ["\u{0}type/" + (manifest.type ?? "")])
      if let seen = fieldsByID[id], seen != fields { return true }
      fieldsByID[id] = fields
    }
    return false
  }
}

/// The shapes a project's manifests widen, made once per check and keyed by manifest identifier
/// (rebuilding them per component was quadratic in a manifest's fields).
package struct WidenedShapes: Sendable {
  package var components: [String: ObjectShape] = [:]
  /// The manifest of each plugin identifier, for a component that draws plugins in its place.
  package var manifests: [String: ManifestDecl] = [:]
  package var screenStyles: [String: ObjectShape] = [:]
  package var screenRules: [String: ObjectShape] = [:]
  /// A screen plugin's `general`, when its manifest declares general fields.
  package var screenGeneral: [String: ObjectShape] = [:]
  /// A screen plugin's screen, widened by its manifest's fields (`SchemaPass.screenShape(for:)`).
  package var screens: [String: ObjectShape] = [:]
  /// A navigation plugin's (or nav_item plugin's) manifest type and, for each section it declares
  /// fields in, the keys it declares there.
  package var navigationSections: [String: (type: String, sections: [(String, Set<String>)])] = [:]
  /// A nav item plugin's item, its `data` holding the keys its manifest declares there too (the
  /// bundle writes them into the item's `plugin_values`), when it declares some.
  package var navItems: [String: ObjectShape] = [:]
  /// A navigation plugin's (a nav bar's or menu's) `data`: a data source's keys and those its
  /// manifest declares there, when it declares some (the bundle writes them into the
  /// navigation's `plugin_values`).
  package var navigationData: [String: ObjectShape] = [:]
  /// For a family and a component type, the plugins the family's `sizeClassMapping` draws in its
  /// place (a component that names none of its own reads its family's).
  package var familyReplacements: [String: [String: [String]]] = [:]

  package init(_ project: Project) {
    for declared in project.manifests {
      // The manifest the project uses for the identifier (the platform's, when one is chosen).
      guard let id = declared.identifier?.value, components[id] == nil, let manifest = project.manifest(for: id) else { continue }
      components[id] = SchemaPass.componentShape(for: manifest)
      manifests[id] = manifest
      screenStyles[id] = Shapes.screenStyles.adding(manifest.fields(in: "styles").map(\.key))
      screenRules[id] = Shapes.screenRules.adding(manifest.fields(in: "rules").map(\.key))
      let general = manifest.fields(in: "general").map(\.key)
      if !general.isEmpty { screenGeneral[id] = ObjectShape("screen plugin general", []).adding(general) }
      screens[id] = SchemaPass.screenShape(for: manifest)
      if let type = manifest.type, Shapes.navigationPluginTypes.contains(type) {
        let sections = SchemaPass.navigationSections.compactMap { section -> (String, Set<String>)? in
          let keys = Set(manifest.fields(in: section).map(\.key))
          return keys.isEmpty ? nil : (section, keys)
        }
        if !sections.isEmpty { navigationSections[id] = (type, sections) }
      }
      if manifest.isNavItem, let shape = SchemaPass.navItemShape(for: manifest) { navItems[id] = shape }
      if let type = manifest.type, type != "nav_item", Shapes.navigationPluginTypes.contains(type) {
        let data = manifest.fields(in: "data").map(\.key)
        if !data.isEmpty {
          var shape = Shapes.dataSource.adding(data)
          shape.name = SchemaPass.navigationData
          navigationData[id] = shape
        }
      }
    }
    for mapping in SizeClassMappingEntry.familyMappings(project) {
      let plugins = mapping.entries.compactMap(\.componentType?.value).filter { manifests[$0] != nil }
      if !plugins.isEmpty { familyReplacements[mapping.family.family.name, default: [:]][mapping.type] = plugins }
    }
  }

  /// The shape of a nav item value: its nav item plugin's widened shape, else the built-in one.
  package func navItem(for value: JSONValue) -> ObjectShape {
    guard let type = value["type"]?.string, let shape = navItems[type] else { return Shapes.navItem }
    return shape
  }

  /// The shape of a component value: its manifest's widened shape, else the built-in one; widened
  /// by the manifests of the plugins drawn in its place as well, which read its values: those its
  /// own mapping and fallback name, and those its family's mapping does (its own `styles.family`
  /// or its screen's `screenFamily`, whichever a platform draws it with).
  package func component(for value: JSONValue, screenFamily: String? = nil) -> ObjectShape {
    let type = value["component_type"]?.string
    // A mapping of its own, even an empty one, stands in for the families'.
    var familys: [String] = []
    if value["size_class_mapping"] == nil, let type {
      for family in [value["styles"]?["family"]?.string, screenFamily].compactMap({ $0 }) {
        familys += familyReplacements[family]?[type] ?? []
      }
    }
    var named: Set<String> = []
    let replacing = (Self.replacementTypes(of: value) + familys).filter { $0 != type && manifests[$0] != nil && named.insert($0).inserted }
    guard replacing.isEmpty else {
      return SchemaPass.componentShape(for: ([type].compactMap { $0 } + replacing).compactMap { manifests[$0] })
    }
    guard let type, let shape = components[type] else { return Shapes.component }
    return shape
  }

  /// The component types a component's `size_class_mapping` entries and its `fallback` name.
  static func replacementTypes(of value: JSONValue) -> [String] {
    var types: [String] = []
    if let mapping = value["size_class_mapping"], mapping.kind == .object {
      types += mapping.members.compactMap { $0.value["component_type"]?.string }
    }
    if let type = value["fallback"]?["component_type"]?.string { types.append(type) }
    return types
  }
}
