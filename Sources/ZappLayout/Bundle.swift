import Foundation

// The bundle contract: every key of `bundle.json`, `rivers.json` and `screens/<name>.json` as a
// typed, documented property. The compiler builds these values and writes them with `JSON`'s one
// encoder; clients read them back with `init(json:)`; `BundleSchema` describes the same keys.
// docs/bundle.md documents every key.

/// Why a bundle file does not hold what the contract says, with the path of the value at fault
/// (`sections[2].layout.phone.item.width`).
public struct BundleDecodingError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reads the members of one object of a bundle file, with errors that name the value's path.
struct ObjectReader {
  let members: [(String, JSON)]
  let path: String

  init(_ json: JSON, path: String) throws {
    guard case .object(let members) = json else { throw BundleDecodingError(path: path, message: "expected an object") }
    self.members = members
    self.path = path
  }

  func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// The value of `key`; nil when absent or null.
  func optional(_ key: String) -> JSON? {
    guard let value = members.first(where: { $0.0 == key })?.1, !value.isNull else { return nil }
    return value
  }

  func required(_ key: String) throws -> JSON {
    guard let value = optional(key) else { throw BundleDecodingError(path: at(key), message: "missing") }
    return value
  }

  func string(_ key: String) throws -> String {
    guard let s = try required(key).stringValue else { throw BundleDecodingError(path: at(key), message: "expected a string") }
    return s
  }

  func optionalString(_ key: String) throws -> String? {
    guard let value = optional(key) else { return nil }
    guard let s = value.stringValue else { throw BundleDecodingError(path: at(key), message: "expected a string") }
    return s
  }

  func int(_ key: String) throws -> Int {
    guard let i = try required(key).intValue else { throw BundleDecodingError(path: at(key), message: "expected a whole number") }
    return i
  }

  func optionalInt(_ key: String) throws -> Int? {
    guard let value = optional(key) else { return nil }
    guard let i = value.intValue else { throw BundleDecodingError(path: at(key), message: "expected a whole number") }
    return i
  }

  func double(_ key: String) throws -> Double {
    guard let d = try required(key).doubleValue else { throw BundleDecodingError(path: at(key), message: "expected a number") }
    return d
  }

  func optionalDouble(_ key: String) throws -> Double? {
    guard let value = optional(key) else { return nil }
    guard let d = value.doubleValue else { throw BundleDecodingError(path: at(key), message: "expected a number") }
    return d
  }

  func bool(_ key: String) throws -> Bool {
    guard let b = try required(key).boolValue else { throw BundleDecodingError(path: at(key), message: "expected true or false") }
    return b
  }

  func optionalBool(_ key: String) throws -> Bool? {
    guard let value = optional(key) else { return nil }
    guard let b = value.boolValue else { throw BundleDecodingError(path: at(key), message: "expected true or false") }
    return b
  }

  func strings(_ key: String) throws -> [String] {
    guard let value = optional(key) else { return [] }
    guard let items = value.arrayValue else { throw BundleDecodingError(path: at(key), message: "expected an array") }
    return try items.enumerated().map { i, item in
      guard let s = item.stringValue else { throw BundleDecodingError(path: at(key) + "[\(i)]", message: "expected a string") }
      return s
    }
  }

  func ints(_ key: String) throws -> [Int] {
    guard let items = try required(key).arrayValue else { throw BundleDecodingError(path: at(key), message: "expected an array") }
    return try items.enumerated().map { i, item in
      guard let n = item.intValue else { throw BundleDecodingError(path: at(key) + "[\(i)]", message: "expected a whole number") }
      return n
    }
  }

  /// An object's members as ordered pairs.
  func object(_ key: String) throws -> [(String, JSON)] {
    guard let value = optional(key) else { return [] }
    guard let members = value.objectValue else { throw BundleDecodingError(path: at(key), message: "expected an object") }
    return members
  }

  func array(_ key: String) throws -> [JSON] {
    guard let items = try required(key).arrayValue else { throw BundleDecodingError(path: at(key), message: "expected an array") }
    return items
  }

  func vocabulary<V: Vocabulary>(_ key: String, as: V.Type) throws -> V { V(word: try string(key)) }
}

// MARK: bundle.json

/// `bundle.json`: the index of a resolved screen bundle.
public struct BundleIndex: Hashable, Sendable {
  /// The format version this library reads.
  public static let currentFormatVersion = 1

  public var formatVersion: Int
  /// `app` of zlc.json.
  public var app: String?
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
  /// Per target platform, the renderers the bundle's screens need (empty: the project names no
  /// platform; the key is then left out). See `missingRenderers(for:available:)`.
  public var requiredRenderers: [PlatformRenderers] = []

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

  /// The screen a `screen_type` opens: the mapped screen, else the screen with that id.
  public func screenID(forScreenType screenType: String) -> String? {
    if let mapping = screenTypes.first(where: { $0.key == screenType }) { return mapping.screen }
    return screens.first { $0.id == screenType }?.id
  }

  /// The screen that opens a feed entry of a type (`content_types`).
  public func screenID(forContentType type: String) -> String? { contentTypes.first { $0.key == type }?.screen }

  public var json: JSON {
    .object(
      [
        ("format_version", .int(formatVersion)),
        ("app", .optional(app)),
        ("zlc_version", .string(zlcVersion)),
        ("devices", .array(devices.map(\.json))),
        ("size_classes", .array(sizeClasses.map(\.json))),
        (
          "screens",
          .array(
            screens.map {
              .object([("id", .string($0.id)), ("name", .optional($0.name)), ("file", .string($0.file)), ("sha256", .string($0.sha256))])
            })
        ),
        ("screen_types", .object(screenTypes.map { ($0.key, .string($0.screen)) })),
        ("content_types", .object(contentTypes.map { ($0.key, .string($0.screen)) })),
      ] + (requiredRenderers.isEmpty ? [] : [("required_renderers", .array(requiredRenderers.map(\.json)))]))
  }

  public init(json: JSON) throws {
    let r = try ObjectReader(json, path: "")
    formatVersion = try r.int("format_version")
    app = try r.optionalString("app")
    zlcVersion = try r.string("zlc_version")
    devices = try r.array("devices").enumerated().map { try Device(json: $1, path: "devices[\($0)]") }
    if r.optional("size_classes") != nil {
      sizeClasses = try r.array("size_classes").enumerated().map { try SizeClass(json: $1, path: "size_classes[\($0)]") }
    }
    screens = try r.array("screens").enumerated().map { i, item in
      let e = try ObjectReader(item, path: "screens[\(i)]")
      return Entry(id: try e.string("id"), name: try e.optionalString("name"), file: try e.string("file"), sha256: try e.string("sha256"))
    }
    func mappings(_ key: String) throws -> [Mapping] {
      try r.object(key).map { k, v in
        guard let screen = v.stringValue else { throw BundleDecodingError(path: r.at(key) + ".\(k)", message: "expected a screen id") }
        return Mapping(key: k, screen: screen)
      }
    }
    screenTypes = try mappings("screen_types")
    contentTypes = try mappings("content_types")
    requiredRenderers = try (r.optional("required_renderers") == nil ? [] : r.array("required_renderers")).enumerated().map {
      try PlatformRenderers(json: $1, path: "required_renderers[\($0)]")
    }
  }
}

extension Device {
  public var json: JSON {
    .object(
      [("name", .string(name)), ("class", .string(deviceClass.rawValue)), ("width", .number(width))]
        + (sizeClass.map { [("size_class", JSON.string($0))] } ?? []))
  }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    let word = try r.string("class")
    guard let deviceClass = DeviceClass(rawValue: word) else {
      throw BundleDecodingError(path: r.at("class"), message: "unknown device class '\(word)'")
    }
    self.init(
      name: try r.string("name"), deviceClass: deviceClass, width: try r.double("width"), sizeClass: try r.optionalString("size_class"))
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
    self.members = members.filter { $0.0 != "resolved" }
    self.resolved = resolved
  }

  public static func == (lhs: ResolvedScreen, rhs: ResolvedScreen) -> Bool { lhs.json == rhs.json }
  public func hash(into hasher: inout Hasher) { hasher.combine(json) }

  /// One of the screen's own keys.
  public subscript(key: String) -> JSON? { members.first { $0.0 == key }?.1 }

  public var id: String { self["id"]?.stringValue ?? "" }
  public var name: String? { self["name"]?.stringValue }
  /// `general_content`, `favorites`, or a screen plugin's identifier.
  public var type: String { self["type"]?.stringValue ?? "" }
  public var home: Bool? { self["home"]?.boolValue }

  public var json: JSON { .object(members + [("resolved", resolved.json)]) }

  public init(json: JSON, path: String = "") throws {
    let r = try ObjectReader(json, path: path)
    guard r.optional("id")?.stringValue != nil else { throw BundleDecodingError(path: r.at("id"), message: "expected a string") }
    if let home = r.optional("home"), home.boolValue == nil {
      throw BundleDecodingError(path: r.at("home"), message: "expected true or false")
    }
    members = r.members.filter { $0.0 != "resolved" }
    resolved = try Resolution(json: try r.required("resolved"), path: r.at("resolved"))
  }

  public init(data: Data) throws { try self.init(json: try JSON.parse(data)) }
}

/// The `resolved` object zlc adds to each screen.
public struct Resolution: Hashable, Sendable {
  /// The screen's family: its own, else the one family its components share.
  public var family: String?
  /// A connected screen takes the data of the item that opened it.
  public var connected: Bool
  public var presentation: Presentation
  public var launchMode: LaunchMode
  /// One per data-bound component, in screen order.
  public var sections: [ResolvedSection]

  public init(family: String?, connected: Bool, presentation: Presentation, launchMode: LaunchMode, sections: [ResolvedSection]) {
    self.family = family
    self.connected = connected
    self.presentation = presentation
    self.launchMode = launchMode
    self.sections = sections
  }

  public var json: JSON {
    .object([
      ("family", .optional(family)),
      ("connected", .bool(connected)),
      ("presentation", .string(presentation.word)),
      ("launch_mode", .string(launchMode.word)),
      ("sections", .array(sections.map(\.json))),
    ])
  }

  public init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    family = try r.optionalString("family")
    connected = try r.bool("connected")
    presentation = try r.vocabulary("presentation", as: Presentation.self)
    launchMode = try r.vocabulary("launch_mode", as: LaunchMode.self)
    sections = try r.array("sections").enumerated().map { try ResolvedSection(json: $1, path: r.at("sections") + "[\($0)]") }
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

  public var json: JSON {
    var m: [(String, JSON)] = [("binding", .string(binding.word))]
    switch binding {
    case .own:
      m += [("source", .optional(source)), ("type", .optional(type))]
    default:
      if let source { m.append(("source", .string(source))) }
      if let type { m.append(("type", .string(type))) }
    }
    if let child { m.append(("child", .int(child))) }
    if let groupChild { m.append(("group_child", .int(groupChild))) }
    return .object(m)
  }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    binding = try r.vocabulary("binding", as: Binding.self)
    source = try r.optionalString("source")
    type = try r.optionalString("type")
    child = try r.optionalInt("child")
    groupChild = try r.optionalInt("group_child")
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
  /// The client renderer for the first cell style: its layout id in the family.
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
  /// The family cell's own attributes, passed through to renderers (sorted by name): strings, or
  /// the JSON values a JSON family wrote.
  public var cellAttributes: [(String, JSON)]
  /// The family cell's display rules, passed through as written.
  public var displayRules: JSON?
  /// Per device name, in the order of the bundle's devices.
  public var layout: [(device: String, layout: SectionLayout)]
  /// Why `layout` is empty, when it is.
  public var layoutAbsent: LayoutAbsence?
  /// What the runtime needs to lay the section out at any width (`drawn(forWidth:sizeClasses:)`).
  public var geometry: SectionGeometry?
  /// The component's replacements per size class, in the order written.
  public var sizeClassMapping: [MappedSizeClass] = []
  /// Per device, the section as drawn there, when `sizeClassMapping` is not empty.
  public var drawn: [(device: String, drawn: DrawnSection)] = []
  /// `rules.item_limit_by_size_class`: a limit per size class, over `itemLimit`.
  public var itemLimitBySizeClass: [(sizeClass: String, limit: Int)] = []
  /// Per device, how many entries a client shows when a limit applies there (`itemsShown`).
  public var itemsShown: [(device: String, count: Int)] = []

  public struct Renderer: Hashable, Sendable {
    public var layoutID: String?
    public init(layoutID: String?) { self.layoutID = layoutID }
  }

  public init(
    section: Int, component: [Int], componentType: String, componentID: String? = nil, family: String?, cellStyles: [String],
    renderer: Renderer, data: DataBinding, itemLimit: Int? = nil, fillRows: Bool = false, accepts: [String] = [],
    target: String? = nil, styles: [(String, JSON)] = [], cellAttributes: [(String, JSON)] = [], displayRules: JSON? = nil,
    layout: [(device: String, layout: SectionLayout)], layoutAbsent: LayoutAbsence? = nil
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
    self.cellAttributes = cellAttributes
    self.displayRules = displayRules
    self.layout = layout
    self.layoutAbsent = layoutAbsent
  }

  public static func == (lhs: ResolvedSection, rhs: ResolvedSection) -> Bool { lhs.json == rhs.json }
  public func hash(into hasher: inout Hasher) { hasher.combine(json) }

  /// The layout on a device, by name.
  public func layout(on device: String) -> SectionLayout? { layout.first { $0.device == device }?.layout }

  public var json: JSON {
    var m: [(String, JSON)] = [
      ("section", .int(section)), ("component", .array(component.map(JSON.int))), ("component_type", .string(componentType)),
    ]
    if let componentID { m.append(("component_id", .string(componentID))) }
    m.append(("family", .optional(family)))
    m.append(("cell_styles", .array(cellStyles.map(JSON.string))))
    m.append(("renderer", .object([("layout_id", .optional(renderer.layoutID))])))
    m.append(("data", data.json))
    m.append(("item_limit", itemLimit.map(JSON.int) ?? .null))
    if fillRows { m.append(("fill_rows", .bool(true))) }
    if !accepts.isEmpty { m.append(("accepts", .array(accepts.map(JSON.string)))) }
    if let target { m.append(("target", .string(target))) }
    m.append(("styles", .object(styles)))
    if !cellAttributes.isEmpty { m.append(("cell_attributes", .object(cellAttributes))) }
    if let displayRules { m.append(("display_rules", displayRules)) }
    m.append(("layout", .object(layout.map { ($0.device, $0.layout.json) })))
    if let layoutAbsent { m.append(("layout_absent", .string(layoutAbsent.word))) }
    if let geometry { m.append(("geometry", geometry.json)) }
    if !sizeClassMapping.isEmpty { m.append(("size_class_mapping", .array(sizeClassMapping.map(\.json)))) }
    if !drawn.isEmpty { m.append(("drawn", .object(drawn.map { ($0.device, $0.drawn.json) }))) }
    if !itemLimitBySizeClass.isEmpty {
      m.append(("item_limit_by_size_class", .object(itemLimitBySizeClass.map { ($0.sizeClass, JSON.int($0.limit)) })))
    }
    if !itemsShown.isEmpty { m.append(("items_shown", .object(itemsShown.map { ($0.device, JSON.int($0.count)) }))) }
    return .object(m)
  }

  public init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    section = try r.int("section")
    component = try r.ints("component")
    componentType = try r.string("component_type")
    componentID = try r.optionalString("component_id")
    family = try r.optionalString("family")
    cellStyles = try r.strings("cell_styles")
    renderer = Renderer(layoutID: try ObjectReader(try r.required("renderer"), path: r.at("renderer")).optionalString("layout_id"))
    data = try DataBinding(json: try r.required("data"), path: r.at("data"))
    itemLimit = try r.optionalInt("item_limit")
    fillRows = try r.optionalBool("fill_rows") ?? false
    accepts = try r.strings("accepts")
    target = try r.optionalString("target")
    styles = try r.object("styles")
    cellAttributes = try r.object("cell_attributes")
    displayRules = r.optional("display_rules")
    layout = try r.object("layout").map { device, value in (device, try SectionLayout(json: value, path: r.at("layout") + ".\(device)")) }
    layoutAbsent = try r.optionalString("layout_absent").map(LayoutAbsence.init(word:))
    geometry = try r.optional("geometry").map { try SectionGeometry(json: $0, path: r.at("geometry")) }
    if r.optional("size_class_mapping") != nil {
      sizeClassMapping = try r.array("size_class_mapping").enumerated().map {
        try MappedSizeClass(json: $1, path: r.at("size_class_mapping") + "[\($0)]")
      }
    }
    itemLimitBySizeClass = try r.object("item_limit_by_size_class").map { name, value in
      guard let limit = value.intValue else {
        throw BundleDecodingError(path: r.at("item_limit_by_size_class") + ".\(name)", message: "expected a whole number")
      }
      return (name, limit)
    }
    itemsShown = try r.object("items_shown").map { device, value in
      guard let count = value.intValue else {
        throw BundleDecodingError(path: r.at("items_shown") + ".\(device)", message: "expected a whole number")
      }
      return (device, count)
    }
    drawn = try r.object("drawn").map { device, value in
      let d = try ObjectReader(value, path: r.at("drawn") + ".\(device)")
      let hidden = try d.optionalBool("hidden") ?? false
      return (
        device,
        DrawnSection(
          sizeClass: try d.optionalString("size_class"), componentType: hidden ? componentType : try d.string("component_type"),
          cellStyles: hidden ? cellStyles : try d.strings("cell_styles"), hidden: hidden, layout: layout(on: device))
      )
    }
  }
}

// MARK: Geometry as the bundle writes it

extension SectionLayout {
  public var json: JSON {
    var m: [(String, JSON)] = [
      ("kind", .string(kind.word)), ("columns", .int(columns)), ("item", item.json),
      (
        "insets",
        .object([
          ("top", .number(insets.top)), ("left", .number(insets.left)), ("bottom", .number(insets.bottom)),
          ("right", .number(insets.right)),
        ])
      ),
      ("inter_item_spacing", .number(interItemSpacing)), ("line_spacing", .number(lineSpacing)),
    ]
    if let scrollDirection { m.append(("scroll_direction", .string(scrollDirection.word))) }
    if let large { m.append(("large", large.json)) }
    if let small { m.append(("small", .array(small.map(\.json)))) }
    if let columnWidth { m.append(("column_width", .number(columnWidth))) }
    if let pinned { m.append(("pinned", .bool(pinned))) }
    if let cells {
      m.append(
        ("cells", .array(cells.map { .object([("style", .string($0.style)), ("columns", .int($0.columns)), ("item", $0.item.json)]) })))
    }
    if let headerHeight { m.append(("header_height", .number(headerHeight))) }
    return .object(m)
  }

  public init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    let insets = try ObjectReader(try r.required("insets"), path: r.at("insets"))
    self.init(
      kind: try r.vocabulary("kind", as: LayoutKind.self), columns: try r.int("columns"),
      item: try ItemSize(json: try r.required("item"), path: r.at("item")),
      insets: Insets(
        top: try insets.double("top"), left: try insets.double("left"), bottom: try insets.double("bottom"),
        right: try insets.double("right")),
      interItemSpacing: try r.double("inter_item_spacing"), lineSpacing: try r.double("line_spacing"))
    scrollDirection = try r.optionalString("scroll_direction").map(ScrollDirection.init(word:))
    large = try r.optional("large").map { try Frame(json: $0, path: r.at("large")) }
    small = try r.optional("small").map { value in
      guard let items = value.arrayValue else { throw BundleDecodingError(path: r.at("small"), message: "expected an array") }
      return try items.enumerated().map { try Frame(json: $1, path: r.at("small") + "[\($0)]") }
    }
    columnWidth = try r.optionalDouble("column_width")
    pinned = try r.optionalBool("pinned")
    cells = try r.optional("cells").map { value in
      guard let items = value.arrayValue else { throw BundleDecodingError(path: r.at("cells"), message: "expected an array") }
      return try items.enumerated().map { i, item in
        let c = try ObjectReader(item, path: r.at("cells") + "[\(i)]")
        return CellLayout(
          style: try c.string("style"), columns: try c.int("columns"), item: try ItemSize(json: try c.required("item"), path: c.at("item")))
      }
    }
    headerHeight = try r.optionalDouble("header_height")
  }
}

extension ItemSize {
  public var json: JSON { .object([("width", .number(width))] + (height.map { [("height", JSON.number($0))] } ?? [])) }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    self.init(width: try r.double("width"), height: try r.optionalDouble("height"))
  }
}

extension Frame {
  public var json: JSON { .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))]) }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    self.init(x: try r.double("x"), y: try r.double("y"), width: try r.double("width"), height: try r.double("height"))
  }
}

// MARK: Loading a bundle

/// A whole bundle loaded from a folder, as a client app loads it.
public struct ScreenBundle: Sendable {
  public var index: BundleIndex
  public var screens: [ResolvedScreen]

  /// Why a bundle could not be loaded.
  public enum LoadError: Error, Equatable, CustomStringConvertible {
    /// The bundle was written in a format this library does not read.
    case unsupportedFormatVersion(Int)
    /// `bundle.json` lists a screen file outside the bundle folder.
    case fileOutsideBundle(String)
    /// A file is not JSON (with the line and column), or not what the contract says.
    case invalidFile(String, String)

    public var description: String {
      switch self {
      case .unsupportedFormatVersion(let v):
        return "format version \(v) is not one this library reads (\(BundleIndex.currentFormatVersion))"
      case .fileOutsideBundle(let file): return "'\(file)' is outside the bundle folder"
      case .invalidFile(let file, let why): return "\(file): \(why)"
      }
    }
  }

  public init(index: BundleIndex, screens: [ResolvedScreen]) {
    self.index = index
    self.screens = screens
  }

  /// Loads `bundle.json` and every screen file it lists.
  public static func load(from folder: URL) throws -> ScreenBundle {
    let index = try BundleIndex(json: try parse(folder, "bundle.json"))
    guard index.formatVersion == BundleIndex.currentFormatVersion else {
      throw LoadError.unsupportedFormatVersion(index.formatVersion)
    }
    let screens = try index.screens.map { entry in
      let parts = entry.file.split(separator: "/", omittingEmptySubsequences: false)
      guard !entry.file.hasPrefix("/"), !parts.contains(".."), !parts.contains("") else {
        throw LoadError.fileOutsideBundle(entry.file)
      }
      do {
        return try ResolvedScreen(json: try parse(folder, entry.file))
      } catch let error as BundleDecodingError {
        throw LoadError.invalidFile(entry.file, error.description)
      }
    }
    return ScreenBundle(index: index, screens: screens)
  }

  static func parse(_ folder: URL, _ file: String) throws -> JSON {
    let data = try Data(contentsOf: folder.appendingPathComponent(file))
    do {
      return try JSON.parse(data)
    } catch let error as JSON.ParseError {
      throw LoadError.invalidFile(file, error.description)
    }
  }

  public func screen(id: String) -> ResolvedScreen? { screens.first { $0.id == id } }
}
