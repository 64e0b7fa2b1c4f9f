import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappRules

/// Turns a checked project into resolved screens: family, presentation, one section per leaf
/// component with its binding, cell styles, renderer, limits, styles and per-device layout.
public struct Resolver: Sendable {
  package let project: Project
  /// The geometries worked out so far, shared by the copies of this resolver.
  package let geometries = GeometryMemo()
  /// The sections' layouts on the devices so far, by what the sections are made from.
  package let drawings = DrawingMemo()
  /// Whether sections get their `styles` and `plugin_values` (the component's own over its
  /// manifest's `initial_value`s). A reader that never looks at them (the preview) turns it off; a
  /// writer never does.
  package let resolvesStyles: Bool

  public init(project: Project) { self.init(project: project, resolvesStyles: true) }

  package init(project: Project, resolvesStyles: Bool) {
    self.project = project
    self.resolvesStyles = resolvesStyles
  }

  /// The screen's original keys, in their order, with `resolved`. `home`, which builders also
  /// write as `"true"`, is written as the boolean the checker read; `navigations` with their
  /// plugins' values (`navigations(_:)`).
  public func resolvedScreen(_ screen: ScreenDecl) -> ResolvedScreen { resolvedScreen(screen) { _ in true } }

  /// The resolved screen with only the own keys `keeps` takes, for reading: a reader of the
  /// described keys alone (the preview) does not copy the rest, `ui_components` above all. Not
  /// for writing: the compact form of a screen reads its `ui_components`.
  package func resolvedScreen(_ screen: ScreenDecl, keeping keeps: (String) -> Bool) -> ResolvedScreen {
    var members = Self.ownMembers(screen, home: project.opensFirst(screen), keeping: keeps)
    if let navigations = navigations(screen), let i = members.firstIndex(where: { $0.0 == "navigations" }) {
      members[i].1 = navigations
    }
    return ResolvedScreen(members: members, resolved: resolution(screen))
  }

  /// The screen's own keys that `keeps` takes, as `resolvedScreen(_:)` has them, without resolving it.
  /// `home` is whether a client opens the screen first (`Project.opensFirst(_:)`): the one screen of
  /// a project of one gets `"home": true` where it writes no flag, null or false.
  package static func ownMembers(_ screen: ScreenDecl, home: Bool, keeping keeps: (String) -> Bool) -> [(String, JSON)] {
    let homeKey = ResolvedScreen.homeField.key
    var members = screen.value.members.compactMap { member -> (String, JSON)? in
      let key = member.key.string ?? ""
      guard keeps(key) else { return nil }
      if key == homeKey, !member.value.isNull || home { return (key, .bool(home)) }
      return key == ResolvedScreen.resolvedField.key ? nil : (key, JSON(member.value))
    }
    if home, screen.value[homeKey] == nil, keeps(homeKey) { members.append((homeKey, .bool(true))) }
    return members
  }

  package func familyName(_ screen: ScreenDecl) -> String? {
    if let f = screen.family?.value { return f }
    let names = Set(screen.allComponents.compactMap { $0.family?.value })
    return names.count == 1 ? names.first : nil
  }

  /// Writes what `resolvedScreen(_:)` makes, byte for byte, straight from the input: the screen's
  /// own keys from the reader's tape and its sections one at a time, neither held as values. With
  /// an `interner`, each section names its `layouts` entry (`layout_ref`), which the compact form
  /// writes in place of its layout and geometry. Returns how many sections it wrote.
  @discardableResult
  package func writeResolvedScreen(_ screen: ScreenDecl, to writer: inout JSONWriter, interner: LayoutInterner?) -> Int {
    var count = 0
    let navigations = navigations(screen)
    let home = project.opensFirst(screen)
    let homeKey = ResolvedScreen.homeField.key
    ResolvedScreen.write(to: &writer) { w in
      screen.value.forEachMember { key, value in
        let name = key.string ?? ""
        guard name != ResolvedScreen.resolvedField.key else { return }
        w.key(name)
        if name == homeKey, !value.isNull || home {
          w.bool(home)
        } else if name == "navigations", let navigations {
          w.value(navigations)
        } else {
          w.value(value)
        }
      }
      if home, screen.value[homeKey] == nil {
        w.key(homeKey)
        w.bool(true)
      }
    } resolved: { w in
      let family = familyName(screen)
      Resolution.write(
        to: &w, family: family, connected: screen.connected, presentation: presentation(screen),
        launchMode: launchMode(screen), viewOptions: screen.viewOptions.isEmpty ? nil : screen.viewOptions,
        showBottomPadding: showBottomPadding(family), pluginValues: pluginValues(screen)
      ) { w in
        // The compact form leaves out of a section what its screen's `ui_components` give.
        let listed = screen.value["ui_components"]
        var components = w.bundleForm == .compact && listed != nil ? ComponentLookup(listed) : nil
        var previous: [Int]?
        var index = 0
        forEachSection(of: screen) { section, key in
          count += 1
          guard interner != nil || components != nil else { return section.write(to: &w) }
          var named = section
          interner?.reference(&named, key: key)
          if components != nil {
            let nextPath = SectionBasis.successor(of: previous) { components?.childCount(at: $0) }
            let component = components?.basisComponent(at: section.component)
            named.basis = SectionBasis(index: index, nextPath: nextPath, screenFamily: family, component: component)
            previous = section.component
            index += 1
          }
          named.write(to: &w)
        }
      }
    }
    return count
  }

  /// Writes what `resolvedScreen(_:)` makes, byte for byte, straight from the input.
  public func writeResolvedScreen(_ screen: ScreenDecl, to writer: inout JSONWriter) {
    writeResolvedScreen(screen, to: &writer, interner: nil)
  }

  public func resolution(_ screen: ScreenDecl) -> Resolution {
    var sections: [ResolvedSection] = []
    forEachSection(of: screen) { section, _ in sections.append(section) }
    let family = familyName(screen)
    return Resolution(
      family: family, connected: screen.connected, presentation: presentation(screen),
      launchMode: launchMode(screen), viewOptions: screen.viewOptions.isEmpty ? nil : screen.viewOptions,
      showBottomPadding: showBottomPadding(family), pluginValues: pluginValues(screen), sections: sections)
  }

  /// How the screen is shown: its `styles.presentation` (or `stack_mode`), else, for a screen
  /// plugin, its manifest's `initial_value` for `styles.presentation`, which the builder writes
  /// into the screen's styles, else `push`.
  package func presentation(_ screen: ScreenDecl) -> Presentation {
    Presentation(word: manifestStyle(screen, keys: ["presentation", "stack_mode"], among: Shapes.presentations) ?? screen.presentation)
  }

  /// How the screen is launched: its `styles.launch_mode`, else a screen plugin's manifest's
  /// `initial_value` for it, else `standard`.
  package func launchMode(_ screen: ScreenDecl) -> LaunchMode {
    LaunchMode(word: manifestStyle(screen, keys: ["launch_mode"], among: Shapes.launchModes) ?? screen.launchMode)
  }

  /// A screen plugin's manifest's `initial_value` for the first of `keys` in `styles` that is one
  /// of `words`, when the screen's styles hold none of `keys` (as its `plugin_values` are filled);
  /// nil otherwise.
  func manifestStyle(_ screen: ScreenDecl, keys: [String], among words: [String]) -> String? {
    guard screen.isPluginScreen, let manifest = project.manifest(for: screen.type.value) else { return nil }
    if let styles = screen.value["styles"], styles.kind == .object, keys.contains(where: { styles[$0] != nil }) { return nil }
    return keys.lazy.compactMap { manifest.initialValue(section: "styles", key: $0)?.string }.first { words.contains($0) }
  }

  /// A screen plugin's values as it reads them (`Resolution.pluginValues`): those of each of its
  /// configuration sections but `hooks` (`Project.filledScreenSelectorSections`), as
  /// `pluginValues(of:manifest:sections:)` fills them. Nil for a screen that is not a plugin.
  package func pluginValues(_ screen: ScreenDecl) -> JSON? {
    guard screen.isPluginScreen, let manifest = project.manifest(for: screen.type.value) else { return nil }
    return Self.pluginValues(of: screen.value, manifest: manifest, sections: Project.filledScreenSelectorSections)
  }

  /// The sections of a plugin component its section's `plugin_values` holds, in configuration
  /// order: all but `styles` (the section's own) and `localizations` (texts per language).
  package static let componentValueSections = ["general", "rules", "data", "assets", "advertising"]

  /// A plugin component's sections other than `styles` as it reads them
  /// (`ResolvedSection.pluginValues`), as `pluginValues(of:manifest:sections:leavingOut:)` fills
  /// them: of `data`, the plugin's own fields alone (`Project.resolvedDataKeys`).
  package static func pluginValues(_ c: ComponentDecl, manifest: ManifestDecl?) -> JSON? {
    manifest.flatMap {
      pluginValues(of: c.value, manifest: $0, sections: componentValueSections, leavingOut: ["data": Project.resolvedDataKeys])
    }
  }

  /// Each of `sections` of `object` (a screen plugin's screen, or a plugin component) as the
  /// plugin reads it: the object's own values, then each of its manifest's fields' `initial_value`
  /// for a key the object does not set (a key once: the first field of it with one), as a plugin
  /// component's styles are filled; but a section's keys in `leavingOut`. A section is there when
  /// it has a value. Nil when the manifest has no other field in any of `sections`, or no section
  /// has a value. `declaredOnly`: of the object's own values, those of keys the manifest declares
  /// alone (a replacement's, whose component was written for another type).
  package static func pluginValues(
    of object: JSONValue, manifest: ManifestDecl, sections names: [String], leavingOut: [String: Set<String>] = [:],
    declaredOnly: Bool = false
  ) -> JSON? {
    func kept(_ section: String, _ key: String) -> Bool { !(leavingOut[section]?.contains(key) ?? false) }
    guard manifest.fields.contains(where: { names.contains($0.section) && kept($0.section, $0.key) }) else { return nil }
    var sections: [(String, JSON)] = []
    for name in names {
      var members: [(String, JSON)] = []
      if let own = object[name], own.kind == .object {
        members = own.members.compactMap { key, value in
          let key = key.string ?? ""
          let field = manifest.field(section: name, key: key)
          guard kept(name, key), !declaredOnly || field != nil else { return nil }
          return (key, screenValue(value, field: field))
        }
      }
      var keys = Set(members.map(\.0))
      for field in manifest.fields(in: name) where !keys.contains(field.key) && kept(name, field.key) {
        if let initial = filledValue(field) {
          members.append((field.key, initial))
          keys.insert(field.key)
        }
      }
      if !members.isEmpty { sections.append((name, .object(members))) }
    }
    return sections.isEmpty ? nil : .object(sections)
  }

  /// A field's `initial_value` as the bundle fills it in: a `switch` or `checkbox` field's
  /// `"true"`, `"false"`, `"1"`, `"0"`, `1` or `0` as true or false, since the builder's switch
  /// writes a boolean and clients test it as one (a string "false" would read as on); any other
  /// value as written (ZL0615 reports those). Nil without one.
  package static func filledValue(_ field: FieldDecl) -> JSON? {
    field.initialValue.map { screenValue($0, field: field) }
  }

  /// A value a screen writes for a manifest field, as the bundle holds it: for a `switch` or
  /// `checkbox` field, `"true"`, `"false"`, `"1"`, `"0"`, `1` or `0` as true or false (a client
  /// tests the string "false" as on), as its `initial_value` is filled in; any other value, and any
  /// value of another field or of none, as written (ZL0614 reports a switch's other values).
  package static func screenValue(_ value: JSONValue, field: FieldDecl?) -> JSON {
    guard let type = field?.type?.value, type == "switch" || type == "checkbox" else { return JSON(value) }
    switch value.kind == .number ? value.numberText : value.kind == .string ? value.string : nil {
    case "true", "1": return .bool(true)
    case "false", "0": return .bool(false)
    default: return JSON(value)
    }
  }

  /// The `showBottomPadding` of the family named `family`, when it says.
  package func showBottomPadding(_ family: String?) -> Bool? {
    family.flatMap { project.families[$0]?.family.showBottomPadding }
  }

  /// Resolves the screen's sections one at a time, in order, and hands each to `body` with what
  /// its `layouts` entries are made from (nil for a section without a layout).
  package func forEachSection(of screen: ScreenDecl, _ body: (ResolvedSection, EntryKey?) -> Void) {
    var count = 0
    var nextChild = 0
    for component in screen.components {
      let type = component.typeName
      if project.isGroup(type) {
        let childIndex = screen.connected ? nextChild : nil
        if screen.connected { nextChild += 1 }
        var nextGrandchild = 0
        for nested in component.children {
          var binding: (Int, Int)?
          if let c = childIndex, project.takesData(nested.typeName) {
            binding = (c, nextGrandchild)
            nextGrandchild += 1
          }
          let (section, key) = keyedSection(nested, screen: screen, index: count, child: binding?.0, groupChild: binding?.1)
          body(section, key)
          count += 1
        }
      } else {
        var child: Int?
        if screen.connected, project.takesData(type) {
          child = nextChild
          nextChild += 1
        }
        let (section, key) = keyedSection(component, screen: screen, index: count, child: child, groupChild: nil)
        body(section, key)
        count += 1
      }
    }
  }

  /// The components that get a section, in section order: groups give way to their children.
  public func leafComponents(_ screen: ScreenDecl) -> [ComponentDecl] {
    screen.components.flatMap { project.isGroup($0.type.value) ? $0.children : [$0] }
  }

  /// The section, and what its `layouts` entries are made from when it has a layout.
  package func keyedSection(
    _ c: ComponentDecl, screen: ScreenDecl, index: Int, child: Int?, groupChild: Int?
  ) -> (section: ResolvedSection, key: EntryKey?) {
    let type = c.typeName
    let familyName = project.drawnFamilyName(of: c, in: screen)
    let family = familyName.flatMap { project.families[$0]?.family }
    let manifest = project.manifest(for: type)
    let cellStyles = c.cellStyles.map(\.value)
    let card = c.stylesValue.map(Self.cardStyle) ?? CardStyle()
    let cells = cellStyles.map { name in sectionCell(name, family?.component(type)?.cell(named: name), card: card) }
    let binding: DataBinding
    if screen.connected {
      binding = child.map { DataBinding(binding: .senderChild, child: $0, groupChild: groupChild) } ?? DataBinding(binding: .none)
    } else if project.takesData(type) {
      let data = { (key: String) in c.setting(key, in: "data", manifest: manifest)?.nonEmptyString?.value }
      binding = DataBinding(binding: .own, source: data("source"), type: data("type"))
    } else {
      binding = DataBinding(binding: .none)
    }
    var absent: LayoutAbsence?
    let inputs = familyName.map { geometryKey(familyName: $0, type: type, cellStyles: cellStyles, component: c) }
    let geometry = inputs.flatMap { key in family.flatMap { sectionGeometry($0, key: key) } }
    if geometry == nil { absent = family == nil ? .noFamily : .notInFamily }
    let mapping = sizeClassMapping(c, familyName: familyName)
    let key = geometry == nil ? nil : inputs.map { EntryKey(geometry: $0, mapping: mapping) }
    let alike = key.flatMap(drawings.drawing)
    let id = c.value["id"].flatMap { $0.isNull ? nil : ($0.string ?? $0.numberText ?? "") }
    var section = ResolvedSection(
      section: index, component: c.path, componentType: type, componentID: id, family: familyName, cellStyles: cellStyles,
      renderer: ResolvedSection.Renderer(layoutID: cells.first?.layoutID), data: binding,
      itemLimit: itemLimit(c, manifest: manifest).flatMap(parseItemLimit),
      fillRows: flexBool(c.setting("fill_rows", in: "rules", manifest: manifest)) ?? false, accepts: manifest?.dataTypes ?? [],
      target: c.setting("target", in: "data", manifest: manifest)?.nonEmptyString?.value,
      styles: resolvesStyles ? styles(c, manifest: manifest) : [],
      pluginValues: resolvesStyles ? Self.pluginValues(c, manifest: manifest) : nil,
      cellAttributes: cells.first?.cellAttributes ?? [], displayRules: cells.first?.displayRules, layout: [], layoutAbsent: absent)
    // Completed in place: a section is large, and each copy retains every member.
    section.setCells(cells, cardStyle: cells.first?.cardStyle ?? (card.isEmpty ? nil : card))
    section.drawOnDevices(
      geometry: geometry, mapping: mapping, limits: itemLimits(c, manifest: manifest), devices: project.settings.devices, alike: alike)
    section.applyDataRules(of: c, manifest: manifest)
    section.fallback = fallback(c, familyName: familyName)
    section.setCellBody(cellBody(c, familyName: familyName), devices: project.settings.devices)
    if let key, alike == nil { drawings.keep((section.layout, section.drawn), for: key) }
    #if DEBUG
      if alike != nil { assertDrawnAlike(section) }
    #endif
    return (section, key)
  }

  #if DEBUG
    /// Asserts that a section which took an earlier one's drawing is drawn as it would draw
    /// itself, byte for byte as the bundle writes it (`==` on values would take canonically
    /// equivalent strings, or 0 and -0, as the same).
    func assertDrawnAlike(_ section: ResolvedSection) {
      var fresh = section
      (fresh.layout, fresh.drawn) = ([], [])
      fresh.drawOnDevices(
        geometry: section.geometry, mapping: section.sizeClassMapping, limits: section.itemLimitBySizeClass,
        devices: project.settings.devices)
      var (taken, own) = (JSONWriter(pretty: false), JSONWriter(pretty: false))
      section.writeInterned(to: &taken)
      fresh.writeInterned(to: &own)
      let drawnBytes = { (s: ResolvedSection) in s.drawn.map { $0.drawn.encoded(pretty: false, form: .expanded) } }
      assert(taken.bytes == own.bytes && drawnBytes(section) == drawnBytes(fresh), "sections of one EntryKey must be drawn alike")
    }
  #endif

  /// The card style a component's `styles` sets: its card keys alone turned into JSON, not the
  /// whole object (a key written twice counts once, the first, as everywhere).
  package static func cardStyle(_ styles: JSONValue) -> CardStyle {
    CardStyle(json: .object(CardStyle.keys.compactMap { key in styles[key].map { (key, JSON($0)) } }))
  }

  /// A cell style of a section with its renderer in the family (a style the family lacks has no
  /// layout id): its layout id, its own attributes sorted by name (a JSON family's with their JSON
  /// types) and its display rules.
  /// Its card style is the cell's `style` with each key the component's `styles` sets (`card`) in
  /// its place (a shadow's radius and offset kept without a colour, as a feed item may give one).
  package func sectionCell(_ name: String, _ cell: CellStyle?, card: CardStyle = CardStyle()) -> SectionCell {
    let cardStyle = (cell?.cardStyle ?? CardStyle()).overridden(by: card)
    return SectionCell(
      cellStyle: name, layoutID: cell?.layoutID,
      cellAttributes: (cell?.attributes ?? [:]).sorted { $0.key < $1.key }.map { key, text in
        (key, cell?.typedAttributes[key].map(passThrough) ?? .string(text))
      },
      displayRules: cell?.displayRules.map(passThrough), cardStyle: cardStyle.isEmpty ? nil : cardStyle)
  }

  /// `rules.item_limit` (else `data_source_limit`, `datasource_limit`) as written, else the first
  /// of them the manifest gives an `initial_value`. A Quick Brick client reads `item_limit` alone.
  package func itemLimit(_ c: ComponentDecl, manifest: ManifestDecl?) -> JSONValue? {
    if Platforms.isQuickBrick(project.clientPlatform) { return c.setting("item_limit", in: "rules", manifest: manifest) }
    return c.itemLimit ?? Self.itemLimitKeys.lazy.compactMap { manifest?.initialValue(section: "rules", key: $0) }.first
  }

  static let itemLimitKeys = ["item_limit", "data_source_limit", "datasource_limit"]

  /// The `styles` keys a manifest's `initial_value` does not fill: the family and cell styles a
  /// component is drawn with are its own or its screen's, never a plugin's default.
  package static let unfilledStyleKeys: Set<String> = ["cell_styles", "family"]

  /// Screen values over the manifest's `initial_value`s. A key is written once: when a manifest
  /// lists two fields of the same key, the first with an `initial_value` gives it.
  package func styles(_ c: ComponentDecl, manifest: ManifestDecl?) -> [(String, JSON)] {
    var members: [(String, JSON)] = []
    if let s = c.value["styles"], s.kind == .object {
      members = s.members.map { key, value in
        let key = key.string ?? ""
        return (key, Self.screenValue(value, field: key == "cell_styles" ? nil : manifest?.field(section: "styles", key: key)))
      }
    }
    var keys = Set(members.map(\.0))
    for field in manifest?.fields(in: "styles") ?? [] where !Self.unfilledStyleKeys.contains(field.key) && !keys.contains(field.key) {
      if let initial = Self.filledValue(field) {
        members.append((field.key, initial))
        keys.insert(field.key)
      }
    }
    return members
  }

  package func passThrough(_ p: PassThrough) -> JSON {
    switch p {
    case .string(let s): return .string(s)
    case .number(let text): return .number(text)
    case .bool(let b): return .bool(b)
    case .null: return .null
    case .array(let a): return .array(a.map(passThrough))
    case .object(let m): return .object(m.map { ($0.key, passThrough($0.value)) })
    }
  }

  /// The resolved `screen_types` and `content_types`: names turned into ids.
  public func mappings() -> (screenTypes: [BundleIndex.Mapping], contentTypes: [BundleIndex.Mapping]) {
    guard let decl = project.screenTypes else { return ([], []) }
    func resolve(_ list: [ScreenTypesDecl.Mapping]) -> [BundleIndex.Mapping] {
      list.compactMap { entry in project.screen(named: entry.target.value).map { BundleIndex.Mapping(key: entry.key, screen: $0.id.value) }
      }
    }
    return (resolve(decl.screenTypes), resolve(decl.contentTypes))
  }

  /// The bundle's index: the project's devices and mappings, and one entry per screen with its
  /// file and hash (empty for an index that is not written, as `zlc map` makes).
  public func bundleIndex(files: [String]? = nil, hashes: [String]? = nil) -> BundleIndex {
    let (screenTypes, contentTypes) = mappings()
    let entries = project.screens.indices.map { i in
      BundleIndex.Entry(
        id: project.screens[i].id.value, name: project.screens[i].name?.value, file: files?[i] ?? "", sha256: hashes?[i] ?? "")
    }
    var index = BundleIndex(
      app: project.settings.app, zlcVersion: zlcVersion, devices: project.settings.devices, screens: entries,
      screenTypes: screenTypes, contentTypes: contentTypes)
    index.requiredRenderers = project.requiredRenderers
    index.fallbacks = clientFallbacks()
    var tagged: Set<String> = []
    index.uiTags = project.screens.compactMap { screen in
      guard let tag = screen.uiTag?.value, tagged.insert(tag).inserted else { return nil }
      return BundleIndex.Mapping(key: tag, screen: screen.id.value)
    }
    index.fallbackScreens = project.fallbackScreens().map { BundleIndex.Mapping(key: $0.entryType, screen: $0.screen.id.value) }
    index.platform = project.clientPlatform
    index.sizeClasses = project.settings.sizeClasses
    return index
  }
}
