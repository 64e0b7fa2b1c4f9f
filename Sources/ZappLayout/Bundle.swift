import Foundation

// The bundle contract: every key of `bundle.json`, `rivers.json` and `screens/<name>.json` as a
// typed, documented property. Each type's keys are listed once, in its field table
// (BundleFields.swift, BundleFields+Geometry.swift), from which it is written (`write(to:)`), read
// (`init(json:)`), described (`BundleSchema`) and documented (docs/bundle.md).

// MARK: bundle.json

/// `bundle.json`: the index of a resolved screen bundle.
public struct BundleIndex: Hashable, Sendable {
  /// The format version zlc writes (the compact form); `ScreenBundle.load` reads every version of
  /// `readableFormatVersions`.
  public static let currentFormatVersion = BundleForm.compact.formatVersion
  /// The format versions this library reads: 1 (the expanded form) and 2 (the compact form).
  public static let readableFormatVersions = BundleForm.expanded.formatVersion...BundleForm.compact.formatVersion

  /// The format version read (writing gives the version of the form written).
  public var formatVersion: Int
  /// `app` of zlc.json.
  public var app: String?
  /// The platform the bundle is for, when the app targets several (one bundle per platform).
  public var platform: String?
  /// The version of zlc that wrote the bundle.
  public var zlcVersion: String
  /// The devices the geometry was computed for.
  public var devices: [Device]
  /// Every screen in project order.
  public var screens: [Entry]
  /// The size classes of the project (zlc.json's `size_classes`, else `SizeClass.defaults`).
  public var sizeClasses: [SizeClass] = SizeClass.defaults
  /// `screen_type` value → screen id, in the order of screen_types.json.
  public var screenTypes: [Mapping]
  /// Feed entry type (`type.value`) → screen id, in the order of screen_types.json.
  public var contentTypes: [Mapping]
  /// `ui_tag` → screen id: the screens a feed item carrying that tag opens.
  public var uiTags: [Mapping] = []
  /// Feed entry type → the screen an item of that type opens when nothing else maps it: `video` →
  /// the first screen whose plugin type is `player` (its `plugin_type`, else its plugin manifest's
  /// `type` on the bundle's platform), `link` → the first whose `type` is `webview_screen_qb`.
  public var fallbackScreens: [Mapping] = []
  /// Per target platform, the renderers the bundle's screens need (empty: the project names no
  /// platform; the key is then left out). See `missingRenderers(for:available:)`.
  public var requiredRenderers: [PlatformRenderers] = []
  /// Per registered client, the sections it draws with their fallbacks (`fallbacks`).
  public var fallbacks: [ClientFallbacks] = []
  /// The compact form's shared layouts and geometry, sorted by id (`layout_ref` names them).
  public var layouts: [LayoutEntry] = []

  /// One screen of the bundle and its file.
  public struct Entry: Hashable, Sendable {
    public var id: String
    public var name: String?
    /// The screen's file, relative to the bundle folder.
    public var file: String
    /// The hex SHA-256 of that file's bytes.
    public var sha256: String

    public init(id: String, name: String?, file: String, sha256: String) {
      self.id = id
      self.name = name
      self.file = file
      self.sha256 = sha256
    }
  }

  /// A mapping of a key (a screen type or a content type) to a screen id.
  public struct Mapping: Hashable, Sendable {
    public var key: String
    public var screen: String

    public init(key: String, screen: String) {
      self.key = key
      self.screen = screen
    }
  }

  public init(
    formatVersion: Int = BundleIndex.currentFormatVersion, app: String?, zlcVersion: String, devices: [Device], screens: [Entry],
    screenTypes: [Mapping], contentTypes: [Mapping]
  ) {
    self.formatVersion = formatVersion
    self.app = app
    self.zlcVersion = zlcVersion
    self.devices = devices
    self.screens = screens
    self.screenTypes = screenTypes
    self.contentTypes = contentTypes
  }

  /// The screen a `screen_type` opens: the mapped screen, else the screen with that id. Keys and
  /// ids are compared by their bytes, as every client compares them: a word in another Unicode
  /// form (`é` composed or not) opens nothing.
  public func screenID(forScreenType screenType: String) -> String? {
    if let mapping = screenTypes.first(where: { ScreenPositions.same($0.key, screenType) }) { return mapping.screen }
    return screens.first { ScreenPositions.same($0.id, screenType) }?.id
  }

  /// The screen that opens a feed entry of a type (`content_types`), its key compared by bytes.
  public func screenID(forContentType type: String) -> String? { contentTypes.first { ScreenPositions.same($0.key, type) }?.screen }

  /// The screen a feed item carrying a `ui_tag` opens (`ui_tags`), its key compared by bytes.
  public func screenID(forUITag tag: String) -> String? { uiTags.first { ScreenPositions.same($0.key, tag) }?.screen }

  /// The screen an item of a feed entry type opens when its `screen_type`, `ui_tag`, component
  /// target and `content_types` open none (`fallback_screens`), its key compared by bytes.
  public func fallbackScreenID(forContentType type: String) -> String? {
    fallbackScreens.first { ScreenPositions.same($0.key, type) }?.screen
  }

  /// The `layouts` entries by id, for reading the bundle's screens.
  public var layoutTable: LayoutTable { LayoutTable(layouts) }

  /// Reads `bundle.json`'s object; throws `BundleDecodingError` naming the first key that is not
  /// the contract's.
  public init(json: JSON) throws { self = try Self.decodeTrackingOnFailure(json, path: "", layouts: .empty) }
}

/// One entry of `bundle.json`'s `layouts`: the keys a section (or a size class replacement) holds
/// in place in the expanded form, as one object, under an id derived from its bytes.
public struct LayoutEntry: Hashable, Sendable {
  public var id: String
  /// The object of the entry's keys (`renderer`, `cell_attributes`, `display_rules`, `layout` and
  /// `geometry` for a section).
  public var value: JSON

  public init(id: String, value: JSON) {
    self.id = id
    self.value = value
  }
}

// MARK: Screens

/// A resolved screen: the rivers screen as the project wrote it, every key in its order, plus
/// `resolved`.
public struct ResolvedScreen: Hashable, Sendable {
  /// The screen's own keys as written (with `home` as a boolean), without `resolved`.
  public var members: [(String, JSON)]
  public var resolved: Resolution

  public init(members: [(String, JSON)], resolved: Resolution) {
    self.members = members.filter { $0.0 != Self.resolvedField.key }
    self.resolved = resolved
  }

  /// Equal when their expanded encodings are: what they draw, whether a section holds its layout
  /// or names a `layouts` entry that holds it.
  public static func == (lhs: ResolvedScreen, rhs: ResolvedScreen) -> Bool {
    lhs.encoded(pretty: false, form: .expanded) == rhs.encoded(pretty: false, form: .expanded)
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(encoded(pretty: false, form: .expanded)) }

  /// One of the screen's own keys.
  public subscript(key: String) -> JSON? { members.first { $0.0 == key }?.1 }

  /// The screen types Zapp draws itself; every other `type` is a screen plugin's identifier.
  public static let zappTypes: [String] = ["general_content", "favorites"]

  public var id: String { self[Self.idField.key]?.stringValue ?? "" }
  public var name: String? { self[Self.nameField.key]?.stringValue }
  /// `general_content`, `favorites` (`zappTypes`), or a screen plugin's identifier.
  public var type: String { self[Self.typeField.key]?.stringValue ?? "" }
  public var home: Bool? { self[Self.homeField.key]?.boolValue }

  /// Reads a screen file; a compact one's `layout_ref`s are resolved in `layouts` (its bundle's
  /// `layoutTable`), and the keys its sections leave out are derived again.
  public init(json: JSON, path: String = "", layouts: LayoutTable = .empty) throws {
    self = try Self.decodeTrackingOnFailure(json, path: path, layouts: layouts)
  }

  /// Parses and reads a screen file's bytes, as `init(json:path:layouts:)` reads its JSON.
  public init(data: Data, layouts: LayoutTable = .empty) throws { try self.init(json: try JSON.parse(data), layouts: layouts) }
}

/// The `resolved` object zlc adds to each screen.
public struct Resolution: Hashable, Sendable {
  /// The screen's family: its own, else the one family its components share.
  public var family: String?
  /// A connected screen takes the data of the item that opened it.
  public var connected: Bool
  public var presentation: Presentation
  public var launchMode: LaunchMode
  /// The screen's view options (bars, orientations, transitions); nil when it sets none.
  public var viewOptions: ViewOptions?
  /// The family's `showBottomPadding`: whether the client adds padding below the last section;
  /// nil when the screen has no family or the family does not say.
  public var showBottomPadding: Bool?
  /// A screen plugin's values as it reads them: section name (`general`, `styles`, `rules`,
  /// `data`, ...) → the screen's own values and then its manifest's `initial_value`s; nil for
  /// another screen.
  public var pluginValues: JSON?
  /// One per data-bound component, in screen order.
  public var sections: [ResolvedSection]

  public init(
    family: String?, connected: Bool, presentation: Presentation, launchMode: LaunchMode, viewOptions: ViewOptions? = nil,
    showBottomPadding: Bool? = nil, pluginValues: JSON? = nil, sections: [ResolvedSection]
  ) {
    self.family = family
    self.connected = connected
    self.presentation = presentation
    self.launchMode = launchMode
    self.viewOptions = viewOptions
    self.showBottomPadding = showBottomPadding
    self.pluginValues = pluginValues
    self.sections = sections
  }

  /// Reads a screen's `resolved` object at `path` (for error messages), resolving its sections'
  /// `layout_ref`s in `layouts`.
  public init(json: JSON, path: String, layouts: LayoutTable = .empty) throws {
    self = try Self.decodeTrackingOnFailure(json, path: path, layouts: layouts)
  }
}

/// How a section gets its data.
public struct DataBinding: Hashable, Sendable {
  public var binding: Binding
  /// `own`: the data source and its type.
  public var source: String?
  public var type: String?
  /// `sender_child`: the index of the sender's child bound to this section (or to its group).
  public var child: Int?
  /// `sender_child` inside a group: the index among the group child's own children.
  public var groupChild: Int?

  public init(binding: Binding, source: String? = nil, type: String? = nil, child: Int? = nil, groupChild: Int? = nil) {
    self.binding = binding
    self.source = source
    self.type = type
    self.child = child
    self.groupChild = groupChild
  }
}

/// One section of a resolved screen: one leaf component, its cell styles, binding and layout.
public struct ResolvedSection: Hashable, Sendable {
  public var section: Int
  /// Index path of the component in the screen.
  public var component: [Int]
  public var componentType: String
  /// The component's `id`, when it has one.
  public var componentID: String?
  public var family: String?
  public var cellStyles: [String]
  /// The client renderer for the first cell style: its layout id in the family (`cells` gives
  /// every style's).
  public var renderer: Renderer
  public var data: DataBinding
  public var itemLimit: Int?
  /// Trim the bound entries to whole rows (connected screens).
  public var fillRows: Bool
  /// Data types the component accepts (from its manifest), when it restricts them.
  public var accepts: [String]
  /// The screen a tap on an item opens (`data.target`).
  public var target: String?
  /// The component's styles: the screen's values over the manifest's `initial_value`s.
  public var styles: [(String, JSON)]
  /// A plugin component's other sections as it reads them: section name (`general`, `rules`,
  /// ...) → the component's own values, then its manifest's `initial_value`s; nil when none.
  public var pluginValues: JSON?
  /// The family cell's own attributes, passed through to renderers (sorted by name): strings, or
  /// the JSON values a JSON family wrote.
  public var cellAttributes: [(String, JSON)]
  /// The family cell's display rules, passed through as written.
  public var displayRules: JSON?
  /// Every cell style with its renderer, in order, when the component lists more than one
  /// (`cellStyleDetails` gives them in either case).
  public var cells: [SectionCell] = []
  /// How the first cell style's cards are drawn: the family cell's `style`, each key the
  /// component's `styles` sets in its place (`cells` gives every style's).
  public var cardStyle: CardStyle?
  /// The `layouts` entry holding the family cell's keys, `layout` and `geometry` in the compact form
  /// (nil: held in place).
  public var layoutRef: String?
  /// What the compact form derives left-out keys from while the section is written (set by the
  /// writer of its screen).
  public var basis: SectionBasis?
  /// Per device name, in the order of the bundle's devices.
  public var layout: [(device: String, layout: SectionLayout)]
  /// Why `layout` is empty, when it is.
  public var layoutAbsent: LayoutAbsence?
  /// What the runtime needs to lay the section out at any width (`drawn(forWidth:sizeClasses:)`).
  public var geometry: SectionGeometry?
  /// The component's replacements per size class, in the project's order of size classes.
  public var sizeClassMapping: [MappedSizeClass] = []
  /// What a client lacking one of the section's renderers draws instead (`fallback`).
  public var fallback: SectionFallback?
  /// Per device, the section as drawn there, when `sizeClassMapping` is not empty.
  public var drawn: [(device: String, drawn: DrawnSection)] = []
  /// `rules.item_limit_by_size_class`: a limit per size class, over `itemLimit`.
  public var itemLimitBySizeClass: [(sizeClass: String, limit: Int)] = []
  /// Per device, how many entries a client shows when a limit applies there (`itemsShown`).
  public var itemsShown: [(device: String, count: Int)] = []
  /// `rules.filter_by_size_class`: per size class, the items a client leaves out there.
  public var filterBySizeClass: [(sizeClass: String, filter: ItemFilter)] = []
  /// `rules.merge_next_by_size_class`: the size classes on which this section also shows the next
  /// section's items (and the next section is not drawn).
  public var mergeNextBySizeClass: [String] = []
  /// `rules.pad_rows`: fill the last row to full with placeholder items.
  public var padRows = false
  /// The component each of the section's cells holds (`styles.cell_body_component_type`: a tab
  /// bar's body), when it has one.
  public var cellBody: CellBody?

  /// What draws the section's cells: the id of the family layout its cell style names, if any.
  public struct Renderer: Hashable, Sendable {
    /// The cell style's `layout` id in the family (nil when it names none).
    public var layoutID: String?
    public init(layoutID: String?) { self.layoutID = layoutID }
  }

  public init(
    section: Int, component: [Int], componentType: String, componentID: String? = nil, family: String?, cellStyles: [String],
    renderer: Renderer, data: DataBinding, itemLimit: Int? = nil, fillRows: Bool = false, accepts: [String] = [],
    target: String? = nil, styles: [(String, JSON)] = [], pluginValues: JSON? = nil, cellAttributes: [(String, JSON)] = [],
    displayRules: JSON? = nil, layout: [(device: String, layout: SectionLayout)], layoutAbsent: LayoutAbsence? = nil
  ) {
    self.section = section
    self.component = component
    self.componentType = componentType
    self.componentID = componentID
    self.family = family
    self.cellStyles = cellStyles
    self.renderer = renderer
    self.data = data
    self.itemLimit = itemLimit
    self.fillRows = fillRows
    self.accepts = accepts
    self.target = target
    self.styles = styles
    self.pluginValues = pluginValues
    self.cellAttributes = cellAttributes
    self.displayRules = displayRules
    self.layout = layout
    self.layoutAbsent = layoutAbsent
  }

  /// Equal when their expanded encodings are: what they draw, whether a section holds its layout
  /// or names a `layouts` entry that holds it.
  public static func == (lhs: ResolvedSection, rhs: ResolvedSection) -> Bool {
    lhs.encoded(pretty: false, form: .expanded) == rhs.encoded(pretty: false, form: .expanded)
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(encoded(pretty: false, form: .expanded)) }

  /// The layout on a device, by name. A scan by index: an entry is compared, not copied.
  public func layout(on device: String) -> SectionLayout? {
    for i in layout.indices where layout[i].device == device { return layout[i].layout }
    return nil
  }

  /// The `drawn` entry of a device, by name: how the section is drawn there when it has a
  /// `size_class_mapping` (`drawn(on:)` works it out for any device instead).
  public func drawnEntry(on device: String) -> DrawnSection? {
    for i in drawn.indices where drawn[i].device == device { return drawn[i].drawn }
    return nil
  }

  /// The index of each device's entry in `layout` (the first, for a name written twice), for a
  /// caller that looks up every device of a section; nil for a section of a few devices, where a
  /// scan costs less than a table.
  package var layoutIndexByDevice: [String: Int]? { layout.count > Self.scannedDevices ? layout.firstIndices { $0.device } : nil }

  /// The index of each device's entry in `drawn`, as `layoutIndexByDevice`.
  package var drawnIndexByDevice: [String: Int]? { drawn.count > Self.scannedDevices ? drawn.firstIndices { $0.device } : nil }

  /// Up to this many devices, a device's entry is found by a scan.
  static let scannedDevices = 8

  /// `layout(on:)` through `table` (`layoutIndexByDevice`) when there is one.
  package func layout(on device: String, through table: [String: Int]?) -> SectionLayout? {
    guard let table else { return layout(on: device) }
    return table[device].map { layout[$0].layout }
  }

  /// `drawnEntry(on:)` through `table` (`drawnIndexByDevice`) when there is one.
  package func drawnEntry(on device: String, through table: [String: Int]?) -> DrawnSection? {
    guard let table else { return drawnEntry(on: device) }
    return table[device].map { drawn[$0].drawn }
  }

  /// Reads a section at `path` (for error messages), resolving its `layout_ref` in `layouts`.
  /// Keys a compact section leaves out are derived by the screen's decoder, not here.
  public init(json: JSON, path: String, layouts: LayoutTable = .empty) throws {
    self = try Self.decodeTrackingOnFailure(json, path: path, layouts: layouts)
  }
}

// MARK: Loading a bundle

/// A whole bundle as a client app loads it: the index at once, each screen when first opened.
public struct ScreenBundle: Sendable {
  /// The bundle's `bundle.json`. Read-only: opening a screen goes by the entries it was loaded
  /// with, so an index changed afterwards would name other screens than those opened.
  public let index: BundleIndex
  let store: ScreenStore

  /// Why a bundle could not be loaded, or one of its screens opened.
  public enum LoadError: Error, Equatable, CustomStringConvertible {
    /// The bundle was written in a format this library does not read.
    case unsupportedFormatVersion(Int)
    /// A file of the bundle is outside its folder: a screen file `bundle.json` lists through `..`,
    /// a NUL or a link, or `bundle.json`, `platforms.json` or a platform's folder through a link.
    case fileOutsideBundle(String)
    /// A file cannot be read (with the system's reason, or its size over the bound `load` was
    /// given), is not JSON (with the line and column), or is not what the contract says.
    case invalidFile(String, String)
    /// The output holds no bundle for the platform asked for (with the platforms it has).
    case platformMissing(String, available: [String])
    /// A screen file's bytes do not hash to its entry's `sha256` (a truncated or stale file), as
    /// the `verifyingWith` function of `load` computes it, or its entry's `sha256` is empty: the
    /// screen id, the file, the hash `bundle.json` gives (perhaps empty) and the one computed.
    case hashMismatch(screen: String, file: String, expected: String, actual: String)

    public var description: String {
      switch self {
      case .unsupportedFormatVersion(let v):
        let readable = BundleIndex.readableFormatVersions
        return "format version \(v) is not one this library reads (\(readable.lowerBound) to \(readable.upperBound))"
      case .fileOutsideBundle(let file):
        // A path that stays inside by its spelling left the folder through a link.
        guard ScreenBundle.isInside(file), !file.split(separator: "/").contains(".") else {
          return "'\(FileBytes.shown(file))' is outside the bundle folder"
        }
        return "'\(FileBytes.shown(file))' is outside the bundle folder: a link takes it there; \(ScreenBundle.ownFilesOnly)"
      case .invalidFile(let file, let why): return "\(FileBytes.shown(file)): \(why)"
      case .platformMissing(let platform, let available):
        return "no bundle for platform '\(platform)' (the output has \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
      case .hashMismatch(let screen, let file, let expected, let actual):
        let given = expected.isEmpty ? "no hash to check it against" : expected
        return "\(file): the file of screen '\(screen)' has SHA-256 \(actual), but bundle.json gives \(given)"
      }
    }
  }

  /// A bundle of screens already decoded.
  public init(index: BundleIndex, screens: [ResolvedScreen]) {
    self.index = index
    self.store = ScreenStore(.values(screens))
  }

  init(index: BundleIndex, store: ScreenStore) {
    self.index = index
    self.store = store
  }

  /// Every screen in the order of `bundle.json`, each `layout_ref` resolved: opens each screen
  /// not opened yet, and throws the error of the first that fails to read or decode.
  public var screens: [ResolvedScreen] {
    get throws { try (0..<store.count).map { try store.screen(at: $0) } }
  }

  /// The ids of the screens, in the order of `bundle.json`, without opening any.
  public var screenIDs: [String] { store.ids }

  /// The screen `bundle.json` lists under `id` (nil when it lists none), read and decoded on the
  /// first call and kept for the next; throws when its file cannot be read or decoded. Ids are
  /// compared by their bytes: `"caf\u{E9}"` and `"cafe\u{301}"` are two screens, as zlc builds them.
  public func screen(id: String) throws -> ResolvedScreen? {
    guard let position = store.position(of: id) else { return nil }
    return try store.screen(at: position)
  }

  /// The screen at a position of `screenIDs`, opened as `screen(id:)` opens it. As an array's
  /// subscript, a position outside `screenIDs.indices` is a programming error (it traps); what
  /// throws is a screen file that cannot be opened.
  public func screen(at position: Int) throws -> ResolvedScreen { try store.screen(at: position) }

  /// The largest file the loader reads, in bytes (256 MiB, the largest zlc reads or `zlc verify`
  /// passes): a larger `bundle.json`, `platforms.json` or screen file, by its size or by what it
  /// gives while read, throws `LoadError.invalidFile` without being read, nor its size allocated.
  /// The default of `load`'s `maxFileBytes`, which an app may set lower.
  public static let maxFileBytes = 256 << 20

  /// The lowercase hex SHA-256 of a file's bytes, as a client computes it (the library has none).
  public typealias FileDigest = @Sendable (Data) -> String

  /// Loads `bundle.json`: the index, the shared layouts and where each screen's file is. A screen
  /// file is read and decoded when its screen is first opened (`screen(id:)`, `screens`). With
  /// `sha256`, each screen file's bytes are hashed with it as they are read, and a file whose hash
  /// is not its entry's `sha256` (compared ignoring case), or whose entry's `sha256` is empty,
  /// throws `LoadError.hashMismatch`. `maxFileBytes` bounds every file the bundle reads, now and
  /// when a screen is opened: a larger one throws `LoadError.invalidFile` naming it, its size and
  /// the bound (a bound above `ScreenBundle.maxFileBytes` reads no more than that; 0 or less throws).
  /// An output of a bundle per platform (`platforms.json`, no `bundle.json`) throws
  /// `LoadError.invalidFile` naming its platforms: load one with `load(from:platform:)`.
  public static func load(
    from folder: URL, maxFileBytes: Int = ScreenBundle.maxFileBytes, verifyingWith sha256: FileDigest? = nil
  ) throws -> ScreenBundle {
    try refuseBundlesOfPlatforms(in: folder, maxFileBytes: maxFileBytes)
    return try loadBundle(from: folder, maxFileBytes: maxFileBytes, verifyingWith: sha256)
  }

  /// `loadBundle`, its errors naming files from the bundle's own folder.
  static func loadIndex(
    from folder: URL, maxFileBytes: Int, verifyingWith sha256: FileDigest?, subfolder: String?
  ) throws -> ScreenBundle {
    let limit = try fileLimit(maxFileBytes, reading: "bundle.json")
    let path = folder.path
    // Once: each screen file's real path is compared with it when its screen is opened.
    let root = FileBytes.realPath(path) ?? path
    guard resolves("bundle.json", inside: root, folder: path) else { throw LoadError.fileOutsideBundle("bundle.json") }
    let json = try parse(path, "bundle.json", root: root, maxBytes: limit)
    // The version first: a newer format may change any other key.
    if let version = BundleForm.unreadableVersion(json[BundleIndex.formatVersionField.key]) {
      throw LoadError.unsupportedFormatVersion(version)
    }
    let index: BundleIndex
    do {
      index = try BundleIndex(json: json)
    } catch let error as BundleDecodingError {
      throw LoadError.invalidFile("bundle.json", error.description)
    }
    if let fault = SizeClass.firstFault(in: index.sizeClasses) {
      throw LoadError.invalidFile("bundle.json", "\(BundleIndex.key(\.sizeClasses))[\(fault.index)].\(fault.key): \(fault.message)")
    }
    // format_version 1 has no `layouts`: a reader of that version would find no layout in a section.
    if index.formatVersion == BundleForm.expanded.formatVersion, !index.layouts.isEmpty {
      throw LoadError.invalidFile(
        "bundle.json", "\(BundleIndex.layoutsField.key): format_version 1 holds none (the compact form's, format_version 2)")
    }
    for (i, entry) in index.screens.enumerated() where !isInside(entry.file) {
      // An empty path is outside no folder: it names no file.
      if entry.file.isEmpty { throw LoadError.invalidFile("bundle.json", "\(BundleIndex.key(\.screens))[\(i)].file: names no file") }
      throw LoadError.fileOutsideBundle(entry.file)
    }
    let store = ScreenStore(
      .files(folder: path, root: root, entries: index.screens, layouts: index.layoutTable), digest: sha256, maxFileBytes: limit,
      subfolder: subfolder)
    return ScreenBundle(index: index, store: store)
  }

  /// Whether a relative path stays inside its folder: not absolute, no `..`, no empty part and no
  /// NUL, at which the system would end the path (the rule `zlc verify` holds a bundle's screen
  /// files to as well).
  package static func isInside(_ file: String) -> Bool {
    var file = file
    return file.withUTF8 { bytes in
      var part = 0  // the bytes of the current part
      var dots = 0  // the dots among them
      for byte in bytes {
        if byte == 0 { return false }
        if byte == UInt8(ascii: "/") {
          if part == 0 || (part == 2 && dots == 2) { return false }
          part = 0
          dots = 0
        } else {
          part += 1
          if byte == UInt8(ascii: ".") { dots += 1 }
        }
      }
      return part != 0 && !(part == 2 && dots == 2)
    }
  }

  /// What to do about a bundle file that a link takes outside the bundle folder.
  package static let ownFilesOnly = "a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"

  /// Whether `file` (a path `isInside` takes) of the bundle folder at `folder`, whose real path
  /// is `root`, is inside `root` once every link on its way is followed; true for a file that
  /// cannot be resolved (missing), which reading then refuses with the system's reason.
  package static func resolves(_ file: String, inside root: String, folder: String) -> Bool {
    guard let real = FileBytes.realPath(folder.hasSuffix("/") ? folder + file : folder + "/" + file) else { return true }
    return real == root || FileBytes.isPath(real, inside: root)
  }

  /// The tree of `file` (a path inside the bundle folder at `folder`, whose real path is `root`),
  /// of at most `maxBytes` bytes.
  static func parse(_ folder: String, _ file: String, root: String, maxBytes: Int) throws -> JSON {
    try parse(read(folder, file, root: root, maxBytes: maxBytes), file)
  }

  /// The bytes of `file` (a path inside the bundle folder at `folder`, whose real path is `root`),
  /// of at most `maxBytes` bytes; a file that a link swapped since `resolves` checked it takes
  /// outside `root` is not read.
  static func read(
    _ folder: String, _ file: String, root: String, maxBytes: Int = maxFileBytes, beforeOpen: () -> Void = {}
  ) throws -> [UInt8] {
    do {
      let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
      return try FileBytes.read(path, maxBytes: maxBytes, inside: root, beforeOpen: beforeOpen)
    } catch  where error.isOutside {
      throw LoadError.fileOutsideBundle(file)
    } catch {
      throw LoadError.invalidFile(file, "cannot be read: \(error.reason)")
    }
  }

  /// The tree of `bytes`, read from `file`.
  static func parse(_ bytes: [UInt8], _ file: String) throws -> JSON {
    do {
      return try JSON.parse(bytes)
    } catch let error as JSON.ParseError {
      throw LoadError.invalidFile(file, error.description)
    }
  }
}
