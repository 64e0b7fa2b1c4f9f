import ZappDiagnostics
import ZappLayout

/// A value read from an input, with where it was written.
public struct Located<Value> {
  public let value: Value
  public let spot: SourceSpot

  public init(_ value: Value, _ spot: SourceSpot) {
    self.value = value
    self.spot = spot
  }
}

extension Located: Sendable where Value: Sendable {}

/// A string the loader read, and the value it read it off.
package struct StringValue {
  package let text: String
  package let value: JSONValue

  /// The value's string, when it is one (empty ones too).
  package init?(_ value: JSONValue?) {
    guard let value, let text = value.string else { return nil }
    self.text = text
    self.value = value
  }

  /// The value's string, when it is one and not empty.
  package init?(nonEmpty value: JSONValue?) {
    guard let text = StringValue(value), !text.text.isEmpty else { return nil }
    self = text
  }
}

/// One component of a screen, with its nested components (groups).
///
/// Only what every rule needs is stored; the rest is read off the JSON when asked for, which keeps
/// a project of 10,000 screens (50,000 components) small in memory.
public final class ComponentDecl: Sendable {
  // The 32-bit fields come last, side by side: 88 bytes with the object's header (a 96-byte
  // block), where fields declared between the others would be padded. The component's object is
  // kept as its document and its tape index (`value`), 4 bytes less than a `JSONValue`.
  private let document: JSONDocument
  /// The path of the component's parent, one array shared by its siblings (the empty one at the
  /// top), and the component's index there (`position`): a component holds no array of its own.
  private let parentPath: [Int]
  /// The component's `type`, stored with its tape index alone (`typeIndex`; see `type`).
  private let typeText: String
  public let children: [ComponentDecl]
  private let valueIndex: Int32
  private let position: Int32
  private let typeIndex: Int32

  /// Where `styles`, `data` and `rules` are on the tape (-1 when absent): found when the component
  /// is read, so that the rules' reads of `styles.family`, `data.target`, … look up one key, not two.
  private let stylesIndex: Int32
  private let dataIndex: Int32
  private let rulesIndex: Int32
  /// Where `size_class_mapping` and `fallback` are (-1 when absent), which several rules read of
  /// every component.
  private let sizeClassMappingIndex: Int32
  private let fallbackIndex: Int32

  package init(
    value: JSONValue, parentPath: [Int], position: Int, type: StringValue, children: [ComponentDecl],
    styles: JSONValue?, data: JSONValue?, rules: JSONValue?, sizeClassMapping: JSONValue?, fallback: JSONValue?
  ) {
    document = value.document
    valueIndex = Int32(value.index)
    self.parentPath = parentPath
    self.position = Int32(position)
    precondition(type.value.document === value.document, "a component's type is read off its own file")
    typeText = type.text
    typeIndex = Int32(type.value.index)
    self.children = children
    stylesIndex = styles.map { Int32($0.index) } ?? -1
    dataIndex = data.map { Int32($0.index) } ?? -1
    rulesIndex = rules.map { Int32($0.index) } ?? -1
    sizeClassMappingIndex = sizeClassMapping.map { Int32($0.index) } ?? -1
    fallbackIndex = fallback.map { Int32($0.index) } ?? -1
  }

  /// The component's object.
  public var value: JSONValue { JSONValue(document: document, index: Int(valueIndex)) }
  /// The component's type, where it is written.
  public var type: Located<String> { Located(typeText, SourceSpot(document: document, index: Int(typeIndex))) }
  /// `type.value`, without making the spot: what the rules' hot paths compare and look up.
  public var typeName: String { typeText }

  /// Index path of the component in its screen (`[2, 0]`: first child of the third component).
  public var path: [Int] {
    var path = parentPath
    path.append(Int(position))
    return path
  }

  private var styles: JSONValue? { member(at: stylesIndex) }
  private var data: JSONValue? { member(at: dataIndex) }
  private var rules: JSONValue? { member(at: rulesIndex) }

  private func member(at index: Int32) -> JSONValue? { index < 0 ? nil : JSONValue(document: document, index: Int(index)) }

  public var family: Located<String>? { styles?["family"]?.nonEmptyString }
  /// Whether the component holds a near miss of `styles`, `cell_styles` beside its `styles`, or its
  /// `styles` a near miss of `cell_styles` (ZL0206's findings): the likely reason it names no cell
  /// style.
  package var misspellsCellStyles: Bool {
    func nearMiss(_ object: JSONValue?, of key: String) -> Bool {
      var found = false
      object?.forEachMember { member, _ in
        if let name = member.string, name != key, closestMatch(to: name, in: [key]) != nil { found = true }
      }
      return found
    }
    return nearMiss(value, of: "styles") || value["cell_styles"] != nil || nearMiss(styles, of: "cell_styles")
  }
  /// Whether the component's cell body styles may stand under another key: a near miss of `styles`
  /// or `cell_body_styles`, or `cell_body_styles` outside `styles`.
  package var misspellsCellBodyStyles: Bool {
    var found = value["cell_body_styles"] != nil
    for (object, key) in [(value, "styles"), (styles, "cell_body_styles")] {
      object?.forEachMember { member, _ in
        if let name = member.string, name != key, closestMatch(to: name, in: [key]) != nil { found = true }
      }
    }
    return found
  }
  public var cellStyles: [Located<String>] { styles?["cell_styles"]?.nonEmptyStrings ?? [] }
  /// `family`'s value, without its spot: what rules that look a family up for every component read.
  public var familyName: String? { styles?["family"]?.string.flatMap { $0.isEmpty ? nil : $0 } }
  /// `cellStyles`' values, without their spots.
  public var cellStyleNames: [String] {
    var names: [String] = []
    styles?["cell_styles"]?.forEachElement { if let name = $0.string, !name.isEmpty { names.append(name) } }
    return names
  }
  public var layout: Located<String>? { styles?["layout"]?.nonEmptyString }
  /// The header's and footer's styles, unless none or hidden (`visible: false`); `written…`, hidden or not.
  public var header: Located<String>? { styles?["header"]?.headerStyle(hidden: false) }
  public var footer: Located<String>? { styles?["footer"]?.headerStyle(hidden: false) }
  public var writtenHeader: Located<String>? { styles?["header"]?.headerStyle(hidden: true) }
  public var writtenFooter: Located<String>? { styles?["footer"]?.headerStyle(hidden: true) }
  public var cellBodyType: Located<String>? { styles?["cell_body_component_type"]?.nonEmptyString }
  public var cellBodyStyles: [Located<String>] { styles?["cell_body_styles"]?.nonEmptyStrings ?? [] }
  public var source: Located<String>? { data?["source"]?.nonEmptyString }
  /// `data.source` as written (any JSON value), read without making a string of it.
  package var sourceValue: JSONValue? { data?["source"] }
  public var dataType: Located<String>? { data?["type"]?.nonEmptyString }
  public var target: Located<String>? { data?["target"]?.nonEmptyString }
  /// The screen the component's header opens (`styles.header.data.target` or `.target`).
  public var headerTarget: Located<String>? { linkTarget(of: "header") }
  /// The screen the component's footer opens (`styles.footer.data.target` or `.target`).
  public var footerTarget: Located<String>? { linkTarget(of: "footer") }

  private func linkTarget(of key: String) -> Located<String>? {
    guard let link = styles?[key] else { return nil }
    return (link["data"]?["target"] ?? link["target"])?.nonEmptyString
  }
  /// Where `data`, `data.source`, `data.type` and `ui_components` are written, when they are.
  public var dataSpot: SourceSpot? { data?.spot }
  public var sourceSpot: SourceSpot? { data?["source"]?.spot }
  public var dataTypeSpot: SourceSpot? { data?["type"]?.spot }
  public var childrenSpot: SourceSpot? { value["ui_components"]?.spot }
  /// `rules.item_limit`, or the older `data_source_limit` / `datasource_limit`.
  public var itemLimit: JSONValue? { itemLimitEntry?.value }

  /// `itemLimit` with the key it is written under: `item_limit`, else `data_source_limit`, else
  /// `datasource_limit`.
  public var itemLimitEntry: (key: String, value: JSONValue)? {
    guard let rules else { return nil }
    for key in ["item_limit", "data_source_limit", "datasource_limit"] { if let value = rules[key] { return (key, value) } }
    return nil
  }
  public var fillRows: Bool { flexBool(rules?["fill_rows"]) ?? false }
  /// The component's `styles` as written (card style keys: `CardStyle.keys`).
  public var stylesValue: JSONValue? { styles.flatMap { $0.kind == .object ? $0 : nil } }
  /// One of the component's `rules` as written; nil when absent or null.
  public func ruleValue(_ key: String) -> JSONValue? { rules?[key].flatMap { $0.isNull ? nil : $0 } }
  /// `rules.item_limit_by_size_class` as written.
  public var itemLimitBySizeClassValue: JSONValue? { rules?["item_limit_by_size_class"] }
  /// `size_class_mapping` as written.
  public var sizeClassMappingValue: JSONValue? { member(at: sizeClassMappingIndex).flatMap { $0.isNull ? nil : $0 } }
  /// `fallback` as written: what clients lacking one of its renderers draw instead.
  public var fallbackValue: JSONValue? { member(at: fallbackIndex).flatMap { $0.isNull ? nil : $0 } }

  public var spot: SourceSpot { value.spot }

  /// Calls `body` with this component and every nested one, depth first, without an array.
  public func forEachNested(_ body: (ComponentDecl) -> Void) {
    body(self)
    for child in children { child.forEachNested(body) }
  }
}

extension JSONValue {
  /// The value with where it is written, when it is a non-empty string.
  package var nonEmptyString: Located<String>? {
    guard let s = string, !s.isEmpty else { return nil }
    return Located(s, spot)
  }

  /// The non-empty strings of an array.
  package var nonEmptyStrings: [Located<String>] {
    var strings: [Located<String>] = []
    forEachElement { if let s = $0.nonEmptyString { strings.append(s) } }
    return strings
  }

  /// A header or footer's `style`, unless empty or "No Header", or hidden (`visible: false`) and not `hidden`.
  package func headerStyle(hidden: Bool) -> Located<String>? {
    guard let style = self["style"]?.nonEmptyString, style.value != "No Header", hidden || flexBool(self["visible"]) != false
    else { return nil }
    return style
  }
}

/// A navigation item that may open a screen.
public struct NavItemDecl: Sendable {
  public let title: String?
  public let target: Located<String>?
}

/// One screen of the rivers format, read whole: nothing changes it after the loader made it.
///
/// A project holds one per screen, so it is kept small: a string read off the screen's own file is
/// stored with its tape index alone (the screen's `value` holds the document), the strings the
/// rules read of a screen once or twice (parent, family, `ui_tag`) are read again off the tape when
/// asked for, the presentation and launch mode are kept as their place among the known ones, and
/// the view options are boxed, since most screens set none.
public final class ScreenDecl: Sendable {
  public let value: JSONValue
  private let idText: String
  private let typeText: String
  private let nameText: String?
  public let components: [ComponentDecl]
  public let navItems: [NavItemDecl]
  private let options: ViewOptionsBox?
  /// Where the strings above, `home` and `ui_components` are on the tape (-1 when absent).
  private let idIndex, typeIndex, nameIndex, parentIndex, familyIndex, uiTagIndex, homeIndex, componentsIndex: Int32
  public let isHome: Bool
  public let connected: Bool
  /// `presentation` and `launchMode`, by their places in `Shapes.presentations` and `Shapes.launchModes`.
  private let presentationCode, launchModeCode: UInt8

  /// The view options of a screen that sets any.
  private final class ViewOptionsBox: Sendable {
    let options: ViewOptions
    init(_ options: ViewOptions) { self.options = options }
  }

  /// What the loader reads off a screen object, field by field.
  package struct Fields {
    package var name: StringValue?
    package var isHome = false
    package var home: JSONValue?
    package var connected = false
    package var parent: StringValue?
    package var family: StringValue?
    package var presentation = "push"
    package var launchMode = "standard"
    package var viewOptions = ViewOptions()
    package var uiTag: StringValue?
    package var components: [ComponentDecl] = []
    package var navItems: [NavItemDecl] = []
    package var componentsValue: JSONValue?
  }

  /// A screen read off `value`; every field was read off a value of the same file.
  package init(value: JSONValue, id: StringValue, type: StringValue, _ fields: Fields) {
    func index(_ member: JSONValue?) -> Int32 {
      guard let member else { return -1 }
      precondition(member.document === value.document, "a screen's fields are read off its own file")
      return Int32(member.index)
    }
    self.value = value
    idText = id.text
    idIndex = index(id.value)
    typeText = type.text
    typeIndex = index(type.value)
    nameText = fields.name?.text
    nameIndex = index(fields.name?.value)
    parentIndex = index(fields.parent?.value)
    familyIndex = index(fields.family?.value)
    uiTagIndex = index(fields.uiTag?.value)
    isHome = fields.isHome
    homeIndex = index(fields.home)
    connected = fields.connected
    guard let presentation = Shapes.presentations.firstIndex(of: fields.presentation),
      let launchMode = Shapes.launchModes.firstIndex(of: fields.launchMode)
    else { preconditionFailure("a screen's presentation and launch mode are among the known ones") }
    presentationCode = UInt8(presentation)
    launchModeCode = UInt8(launchMode)
    options = fields.viewOptions.isEmpty ? nil : ViewOptionsBox(fields.viewOptions)
    components = fields.components
    navItems = fields.navItems
    componentsIndex = index(fields.componentsValue)
  }

  /// The spot of the value at a tape index of the screen's document.
  private func spot(at index: Int32) -> SourceSpot? {
    index < 0 ? nil : SourceSpot(document: value.document, index: Int(index))
  }

  private func located(_ text: String?, at index: Int32) -> Located<String>? {
    guard let text, let spot = spot(at: index) else { return nil }
    return Located(text, spot)
  }

  /// `id.value` and `name?.value`, without making their spots (the lookups by id and name).
  package var idString: String { idText }
  package var nameString: String? { nameText }
  /// The screen's id, where it is written.
  public var id: Located<String> { Located(idText, SourceSpot(document: value.document, index: Int(idIndex))) }
  /// The screen's name (empty ones too), where it is written.
  public var name: Located<String>? { located(nameText, at: nameIndex) }
  /// The screen's type (`general_content`, `favorites` or a screen plugin), where it is written.
  public var type: Located<String> { Located(typeText, SourceSpot(document: value.document, index: Int(typeIndex))) }
  /// Where `home` is written, when it makes the screen the home screen.
  public var homeSpot: SourceSpot? { spot(at: homeIndex) }
  /// The string at a tape index of the screen's document, read again (-1: none).
  private func text(at index: Int32) -> String? {
    index < 0 ? nil : JSONValue(document: value.document, index: Int(index)).string
  }

  /// `data.parent`, where it is written.
  public var parent: Located<String>? { located(text(at: parentIndex), at: parentIndex) }
  /// `styles.family`, where it is written.
  public var family: Located<String>? { located(text(at: familyIndex), at: familyIndex) }
  /// How the screen is shown: one of `Shapes.presentations` (`push` unless its styles say).
  public var presentation: String { Shapes.presentations[Int(presentationCode)] }
  /// How the screen is launched: one of `Shapes.launchModes` (`standard` unless its styles say).
  public var launchMode: String { Shapes.launchModes[Int(launchModeCode)] }
  /// The view options its styles set (bars, orientations, transitions).
  public var viewOptions: ViewOptions { options?.options ?? ViewOptions() }
  /// The screen's `ui_tag`: items carrying it open the screen.
  public var uiTag: Located<String>? { located(text(at: uiTagIndex), at: uiTagIndex) }
  public var componentsSpot: SourceSpot? { spot(at: componentsIndex) }

  public var spot: SourceSpot { value.spot }
  public var file: SourceFile { value.file }
  public var isPluginScreen: Bool { !ResolvedScreen.zappTypes.contains(typeText) }

  /// Whether the screen is the one the app opens when it starts offline (`home_offline`).
  public var isOfflineHome: Bool { flexBool(value["home_offline"]) == true }
  /// Where `home_offline` is written (the screen, when it is not).
  public var offlineHomeSpot: SourceSpot? { value["home_offline"]?.spot ?? spot }

  /// The screens the screen's hooks open: `hooks.preload_plugins[].screen_id` (and postload's).
  public var hookTargets: [Located<String>] {
    guard let hooks = value["hooks"] else { return [] }
    return ["preload_plugins", "postload_plugins"].flatMap { key in
      (hooks[key]?.elements ?? []).compactMap { $0["screen_id"]?.nonEmptyString }
    }
  }
  /// Every component of the screen, nested ones included, depth first.
  public var allComponents: [ComponentDecl] {
    var all: [ComponentDecl] = []
    forEachComponent { all.append($0) }
    return all
  }

  /// `allComponents` one at a time, without the array.
  public func forEachComponent(_ body: (ComponentDecl) -> Void) {
    for component in components { component.forEachNested(body) }
  }
}

/// `screen_types.json`.
public struct ScreenTypesDecl: Sendable {
  public var file: SourceFile
  /// The file's JSON, which the schema rules check.
  public var root: JSONValue
  /// A key of a map, where the key is written, and the screen it names.
  public typealias Mapping = (key: String, keySpot: SourceSpot, target: Located<String>)

  public var screenTypes: [Mapping] = []
  public var contentTypes: [Mapping] = []

  /// The targets of both maps, screen types first, without joining them into one array.
  public var targets: some Sequence<Located<String>> { [screenTypes, contentTypes].lazy.joined().map(\.target) }
}

/// Everything read from a layout project.
public final class Project: Sendable {
  public let directory: String
  /// The input files read, sorted by path.
  public let files: [SourceFile]
  public let screens: [ScreenDecl]
  /// Every screen object of the screens files, in order, also those without an id or a type (the
  /// schema rules check them all).
  public let screenObjects: [JSONValue]
  /// The screens files whose list of screens is empty (`[]`, `{"rivers": []}`): each file's value
  /// by its path.
  package let emptyScreensFiles: [String: JSONValue]
  /// Whether a screens file holds a value that is no screen object where a screen was meant (`42`,
  /// `{}`, a number in its list): a screen, maybe the home, is lost to its shape (ZL0202).
  package let losesScreenObjects: Bool
  public let manifests: [ManifestDecl]
  /// The manifests that name a plugin: all but a ui_component's with a built-in type's identifier,
  /// which is never drawn (ZL0619).
  package let pluginManifests: [ManifestDecl]
  /// The families by name: the project's first of each name, else the built-in one.
  public let families: [String: FamilyDecl]
  /// Every family the project's files define, in file order, including repeated names.
  public let familyDefinitions: [FamilyDecl]
  /// The built-in families by name, whether or not the project replaces them.
  public let builtinFamilies: [String: FamilyDecl]
  public let screenTypes: ScreenTypesDecl?
  public let settings: ProjectSettings
  /// The client renderer registries (`registries/*.json`), by path.
  public let registries: [ClientRegistry]
  /// True when a file could not be read to the end: cross-file rules are then skipped.
  public let hasUnreadableFiles: Bool
  /// Whether a plugin manifest, or a folder that may hold one, could not be read (or reading
  /// stopped): the keys the manifests declare are not all known.
  public let manifestsUnread: Bool
  /// What is kept with each screens file's screens, by its document, where documents are read
  /// again unchanged (an editor's): `fromScreensFile` keeps values there.
  package let fileFacts: [ObjectIdentifier: FileFacts]
  /// Family files that could not be read or name no family: every other rule still runs, but references to
  /// families are not checked (Driver.skipFamilyReferences).
  public let unreadableFamilyFiles: [String]
  /// The platform of the project's one bundle: its only target platform; nil with several or none.
  public let clientPlatform: String?
  /// Whether the app's bundles draw a component of two families in two ways: it targets `ios`,
  /// whose client reads the screen's family, and a platform whose client reads the component's
  /// (`Project.readsScreenFamily`). `clientPlatform` is nil then, and `drawnFamily` the component's.
  public let mixesFamilyReadings: Bool
  /// Whether a bundle of the app may be drawn with the screen's family: it targets `ios`, or its
  /// platforms are not known (ZL0302).
  public let mayReadScreenFamily: Bool

  /// What the loader gathers before it makes the project.
  package struct Contents {
    package var files: [SourceFile] = []
    package var screens: [ScreenDecl] = []
    package var screenObjects: [JSONValue] = []
    package var emptyScreensFiles: [String: JSONValue] = [:]
    package var losesScreenObjects = false
    package var manifests: [ManifestDecl] = []
    package var families: [String: FamilyDecl] = [:]
    package var familyDefinitions: [FamilyDecl] = []
    package var builtinFamilies: [String: FamilyDecl] = [:]
    package var screenTypes: ScreenTypesDecl?
    package var settings = ProjectSettings()
    package var registries: [ClientRegistry] = []
    package var hasUnreadableFiles = false
    package var manifestsUnread = false
    package var unreadableFamilyFiles: [String] = []
    /// The index of `screens` when a project of the same screens has it (`narrowed(to:)`).
    var screenIndex: ScreenIndex?
    package var fileFacts: [ObjectIdentifier: FileFacts] = [:]
  }

  package init(directory: String, _ contents: Contents = Contents()) {
    self.directory = directory
    files = contents.files
    screens = contents.screens
    screenObjects = contents.screenObjects
    emptyScreensFiles = contents.emptyScreensFiles
    losesScreenObjects = contents.losesScreenObjects
    manifests = contents.manifests
    pluginManifests = Self.pluginManifests(contents.manifests, contents.settings)
    families = contents.families
    familyDefinitions = contents.familyDefinitions
    builtinFamilies = contents.builtinFamilies
    screenTypes = contents.screenTypes
    settings = contents.settings.withDefaultDevices(manifests: contents.manifests)
    registries = contents.registries
    hasUnreadableFiles = contents.hasUnreadableFiles
    manifestsUnread = contents.manifestsUnread
    fileFacts = contents.fileFacts
    unreadableFamilyFiles = contents.unreadableFamilyFiles
    if let given = contents.screenIndex {
      // Its tables hold positions in the screens it was made of: others would get wrong screens.
      precondition(given.indexes(contents.screens), "a screen index is shared only with the screens it was made of")
      screenIndex = given
    } else {
      screenIndex = Self.index(contents.screens)
    }
    let (settings, manifests) = (contents.settings, contents.manifests)
    let targets = Self.targetPlatforms(settings, manifests)
    clientPlatform = targets.count == 1 ? targets[0] : nil
    mixesFamilyReadings = Self.mixReadings(targets)
    mayReadScreenFamily = targets.isEmpty || targets.contains(where: Self.readsScreenFamily(on:))
    // A ui_component manifest with a built-in type's identifier is never drawn (ZL0619): its type
    // is looked up as the built-in.
    // With several bundles, the first built platform's manifest: never an unbuilt platform's.
    let preferred = Self.manifestPlatform(settings, manifests) ?? Self.bundlePlatforms(settings, manifests).first
    manifestIndex = Self.index(pluginManifests, preferring: preferred)
    manifestsByPlatform = Self.bundleManifestTable(pluginManifests, platforms: Self.bundlePlatforms(settings, manifests))
    typeFacts = ComponentTypeFacts.table(manifests: manifestIndex, byPlatform: manifestsByPlatform)
    declaresScreenSelectors = manifests.contains { !$0.screenSelectorFields.isEmpty }
    selectorFieldTable = Self.selectorFieldTable(manifestIndex, byPlatform: manifestsByPlatform)
  }

  /// A plugin's manifest: the one that serves the platform the project is read for (`--platform`,
  /// the app's only platform, or the first of several it builds; `manifest(among:on:)`), else its
  /// platform-free one, else its first.
  /// A ui_component manifest with a built-in type's identifier is none (ZL0619).
  public func manifest(for identifier: String) -> ManifestDecl? { manifestIndex[identifier] }

  /// Whether a component type is a group: the built-in `group`, or a manifest that says so.
  public func isGroup(_ type: String) -> Bool { facts(ofType: type).isGroup }

  /// `isGroup` with the type's manifest already looked up.
  package static func isGroup(_ type: String, manifest: ManifestDecl?) -> Bool {
    Project.builtinGroupTypes.contains(type) || (manifest?.isGroup ?? false)
  }

  /// Whether a component type takes a data source: built-in types except groups; plugins that
  /// declare a `data` section (in the manifest of any platform whose bundle is built).
  public func takesData(_ type: String) -> Bool { facts(ofType: type).takesData }

  /// `takesData` with the type's manifest already looked up.
  package static func takesData(_ type: String, manifest: ManifestDecl?) -> Bool {
    if let m = manifest { return m.takesData && !m.isGroup }
    return !Project.builtinGroupTypes.contains(type)
  }

  // Lookups by id and name, made with the arrays (a project of 10,000 screens makes tens of
  // thousands of lookups). A name's first screen is kept alone, and the screens of a name several
  // share in a list of their own: a list per name would be an allocation per screen.
  let screenIndex: ScreenIndex

  private let manifestIndex: [String: ManifestDecl]
  /// `bundleManifests(for:)` of the plugins whose platforms' bundles use different manifests.
  let manifestsByPlatform: [String: ManifestUses]
  /// `ComponentTypeFacts` of the built-in types and the manifests'.
  let typeFacts: [String: ComponentTypeFacts]
  /// Whether a manifest declares a `screen_selector` field (`Project.screenSelections(in:plugin:isComponent:)`).
  let declaresScreenSelectors: Bool
  /// `pluginSelectorFields(of:holding:)` of each plugin with a `screen_selector` field, holding
  /// them all (`selectorFieldTable(_:byPlatform:)`): a plugin without one is not looked up again.
  let selectorFieldTable: [String: [PluginSelectorFields]]

  /// What several rules derive from the whole project, worked out once on first use.
  package struct Caches: Sendable {
    package let usedPlugins = Once<PluginUses>()
    package let pluginsAgainstOldestClients = Once<[PluginOnPlatform]>()
    package let targetCoverages = Once<[RegistryCoverage]>()
    package let dataSourceProviders = Once<[(identifier: Located<String>, manifest: ManifestDecl)]>()
    /// Screens by canonically equivalent id (hashing normalises every id): made only when a reference does not resolve.
    package let screensByCanonicalID = Once<[String: ScreenDecl]>()
    /// Screens by their name lowercased (`Project.screens(namedIgnoringCase:)`), made when a reference does not resolve.
    package let screensByLowercasedName = Once<[String: [ScreenDecl]]>()
    /// Ids with spaces at their ends by their trimmed text (`Project.screenIDs(trimmingTo:)`).
    package let spacedScreenIDs = Once<[ExactString: [String]]>()
    /// `Project.screenMapKeys`, made when a map key differs from its screen's id or a reference does not resolve.
    package let screenMapKeys = Once<ScreenMapKeys>()
    /// `Project.familyNamesInUse`.
    package let familyNamesInUse = Once<Set<String>>()
    /// `Project.targetPlatforms`: asked for each plugin a screen uses.
    package let targetPlatforms = Once<[String]>()
    /// Every manifest of each plugin identifier, in file order (`Project.manifests(for:)`).
    package let manifestsByIdentifier = Once<[String: [ManifestDecl]]>()
    /// `Project.familyNameIndex`.
    package let familyNameIndex = Once<SuggestionIndex>()
    /// `Project.pluginManifestsOnTargetPlatforms`, which the client-version rules each ask for.
    package let pluginManifestsOnTargetPlatforms = Once<[Project.PluginManifestOnPlatform]>()
    /// `Project.zappSDKBounds`, which the client-version rules ask for each plugin on each platform.
    package let zappSDKBounds = Once<[String: (min: Project.ZappSDKBound?, until: Project.ZappSDKBound?)]>()
  }
  package let caches = Caches()

  /// Every manifest of a plugin identifier, all platforms, in file order.
  public func manifests(for identifier: String) -> [ManifestDecl] {
    let byIdentifier = caches.manifestsByIdentifier.value {
      Dictionary(grouping: manifests.filter { $0.identifier != nil }) { $0.identifier!.value }
    }
    return byIdentifier[identifier] ?? []
  }

  /// The first manifest of each identifier; for a platform, the first that fits it best, else the
  /// first (`manifest(among:on:)`).
  package static func index(_ manifests: [ManifestDecl], preferring platform: String? = nil) -> [String: ManifestDecl] {
    var index: [String: ManifestDecl] = [:]
    // How well each chosen manifest fits the platform (`ManifestDecl.fit(on:)`).
    var fit: [String: Int] = [:]
    for manifest in manifests {
      guard let id = manifest.identifier?.value else { continue }
      let rank = platform.map { manifest.fit(on: $0) } ?? 0
      if index[id] == nil || rank > fit[id] ?? 0 {
        index[id] = manifest
        fit[id] = rank
      }
    }
    return index
  }

  /// The order in which files are listed, for sorting diagnostics.
  public var fileOrder: [String: Int] {
    var order: [String: Int] = [:]
    for (i, f) in files.enumerated() where order[f.path] == nil { order[f.path] = i }
    return order
  }
}
