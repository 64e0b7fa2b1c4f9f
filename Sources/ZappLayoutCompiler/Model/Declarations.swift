import ZappLayout

/// A value read from an input, with where it was written.
public struct Located<Value>: @unchecked Sendable {
  public var value: Value
  public var spot: SourceSpot

  public init(_ value: Value, _ spot: SourceSpot) {
    self.value = value
    self.spot = spot
  }
}

/// One component of a screen, with its nested components (groups).
///
/// Only what every rule needs is stored; the rest is read off the JSON when asked for, which keeps
/// a project of 10,000 screens (50,000 components) small in memory.
public final class ComponentDecl: @unchecked Sendable {
  public let value: JSONValue
  /// Index path of the component in its screen (`[2, 0]`: first child of the third component).
  public let path: [Int]
  public let type: Located<String>
  public var children: [ComponentDecl] = []

  init(value: JSONValue, path: [Int], type: Located<String>) {
    self.value = value
    self.path = path
    self.type = type
  }

  private var styles: JSONValue? { value["styles"] }
  private var data: JSONValue? { value["data"] }
  private var rules: JSONValue? { value["rules"] }

  public var family: Located<String>? { styles?["family"]?.nonEmptyString }
  public var cellStyles: [Located<String>] { styles?["cell_styles"]?.nonEmptyStrings ?? [] }
  public var layout: Located<String>? { styles?["layout"]?.nonEmptyString }
  public var header: Located<String>? { styles?["header"]?.headerStyle }
  public var footer: Located<String>? { styles?["footer"]?.headerStyle }
  public var cellBodyType: Located<String>? { styles?["cell_body_component_type"]?.nonEmptyString }
  public var cellBodyStyles: [Located<String>] { styles?["cell_body_styles"]?.nonEmptyStrings ?? [] }
  public var source: Located<String>? { data?["source"]?.nonEmptyString }
  public var dataType: Located<String>? { data?["type"]?.nonEmptyString }
  public var target: Located<String>? { data?["target"]?.nonEmptyString }
  /// `rules.item_limit`, or the older `data_source_limit` / `datasource_limit`.
  public var itemLimit: JSONValue? {
    guard let rules else { return nil }
    return rules["item_limit"] ?? rules["data_source_limit"] ?? rules["datasource_limit"]
  }
  public var fillRows: Bool { flexBool(rules?["fill_rows"]) ?? false }

  public var spot: SourceSpot { value.spot }

  /// This component and every nested one, depth first.
  public var flattened: [ComponentDecl] { [self] + children.flatMap(\.flattened) }
}

extension JSONValue {
  /// The value with where it is written, when it is a non-empty string.
  var nonEmptyString: Located<String>? {
    guard let s = string, !s.isEmpty else { return nil }
    return Located(s, spot)
  }

  /// The non-empty strings of an array.
  var nonEmptyStrings: [Located<String>] { elements.compactMap(\.nonEmptyString) }

  /// A header or footer's `style`, unless empty or "No Header".
  var headerStyle: Located<String>? {
    guard let style = self["style"]?.nonEmptyString, style.value != "No Header" else { return nil }
    return style
  }
}

/// A navigation item that may open a screen.
public struct NavItemDecl: Sendable {
  public var title: String?
  public var target: Located<String>?
}

/// One screen of the rivers format.
public final class ScreenDecl: @unchecked Sendable {
  public let value: JSONValue
  public var id: Located<String>
  public var name: Located<String>?
  public var type: Located<String>
  public var isHome = false
  public var homeSpot: SourceSpot?
  public var connected = false
  public var parent: Located<String>?
  public var family: Located<String>?
  public var presentation = "push"
  public var launchMode = "standard"
  public var components: [ComponentDecl] = []
  public var navItems: [NavItemDecl] = []
  public var componentsSpot: SourceSpot?

  init(value: JSONValue, id: Located<String>, type: Located<String>) {
    self.value = value
    self.id = id
    self.type = type
  }

  public var spot: SourceSpot { value.spot }
  public var file: SourceFile { value.file }
  public var isPluginScreen: Bool { type.value != "general_content" && type.value != "favorites" }
  public var allComponents: [ComponentDecl] { components.flatMap(\.flattened) }
}

/// A configuration field of a manifest (group fields flattened).
public struct FieldDecl: @unchecked Sendable {
  public var section: String
  public var key: String
  public var type: Located<String>?
  public var initialValue: JSONValue?
  public var value: JSONValue
}

/// A plugin manifest (zappifest format).
public final class ManifestDecl: @unchecked Sendable {
  public let value: JSONValue
  public var identifier: Located<String>?
  public var type: String?
  public var isScreen = false
  public var canHaveComponents = false
  public var isGroup = false
  public var appearance: [String] = ["group", "screen"]
  public var dataTypes: [String]?
  public var takesData = false
  public var fields: [FieldDecl] = []

  init(value: JSONValue) {
    self.value = value
  }

  public var spot: SourceSpot { value.spot }
  public var isUIComponent: Bool { type == "ui_component" }

  public func fields(in section: String) -> [FieldDecl] { fields.filter { $0.section == section } }

  /// Cell styles the manifest's `cell_styles` field offers for a family (nil: it declares none).
  public func cellStyleOptions(family: String?) -> [String]? {
    guard let field = fields.first(where: { $0.key == "cell_styles" && $0.section == "styles" }) else { return nil }
    var result: [String] = []
    result += Self.optionValues(field.value["options"])
    for condition in field.value["conditional_fields"]?.elements ?? [] where condition["key"]?.string == "styles/family" {
      let matches: Bool
      if let v = condition["condition_value"] {
        if v.kind == .array { matches = v.elements.contains { $0.string == family } } else { matches = v.string == family }
      } else {
        matches = false
      }
      if matches { result += Self.optionValues(condition["options"]) }
    }
    return result
  }

  static func optionValues(_ options: JSONValue?) -> [String] {
    (options?.elements ?? []).compactMap { option in
      if let s = option.string { return s }
      return option["value"]?.string
    }
  }
}

/// `screen_types.json`.
public struct ScreenTypesDecl: @unchecked Sendable {
  public var file: SourceFile
  public var screenTypes: [(key: String, target: Located<String>)] = []
  public var contentTypes: [(key: String, target: Located<String>)] = []
}

/// `zlc.json`.
public struct ProjectSettings: @unchecked Sendable {
  public var app: String?
  public var devices: [Device] = Device.defaults
  public var dataTypes: [String] = []
  public var file: SourceFile?
  /// Where each device of `devices` is named in zlc.json (none for the defaults).
  public var deviceSpots: [String: SourceSpot] = [:]
}

/// Everything read from a layout project.
public final class Project: @unchecked Sendable {
  public var directory: String
  public var files: [SourceFile] = []
  public var screens: [ScreenDecl] = [] { didSet { indexScreens() } }
  public var manifests: [ManifestDecl] = [] { didSet { indexManifests() } }
  public var families: [String: FamilyDecl] = [:]
  public var screenTypes: ScreenTypesDecl?
  public var settings = ProjectSettings()
  /// True when a file could not be read to the end: cross-file rules are then skipped.
  public var hasUnreadableFiles = false
  /// Family files that could not be read: every other rule still runs, but references to
  /// families are not checked (Driver.skipFamilyReferences).
  public var unreadableFamilyFiles: [String] = []

  init(directory: String) { self.directory = directory }

  /// The first manifest with an identifier.
  public func manifest(for identifier: String) -> ManifestDecl? { manifestIndex[identifier] }

  /// Whether a component type is a group: the built-in `group`, or a manifest that says so.
  public func isGroup(_ type: String) -> Bool { type == "group" || (manifest(for: type)?.isGroup ?? false) }

  /// Whether a component type takes a data source: built-in types except groups; plugins that
  /// declare a `data` section.
  public func takesData(_ type: String) -> Bool {
    if let m = manifest(for: type) { return m.takesData && !m.isGroup }
    return type != "group"
  }

  /// The first screen with an id, compared by its exact characters (see `ExactString`).
  public func screen(id: String) -> ScreenDecl? { screenIndex.byID[ExactString(id)] }

  /// A screen whose id is canonically equivalent to `id` but written differently (NFC against NFD):
  /// a client would not find it, so a reference to it is reported with a note.
  public func screen(differingOnlyInNormalisation id: String) -> ScreenDecl? {
    guard let candidate = screenIndex.byCanonicalID[id], ExactString(candidate.id.value) != ExactString(id) else { return nil }
    return candidate
  }

  /// Every screen with a name, in project order.
  public func screens(named name: String) -> [ScreenDecl] { screenIndex.byName[ExactString(name)] ?? [] }

  /// The screen with an id, else the one screen with that name.
  public func screen(named reference: String) -> ScreenDecl? {
    if let byID = screen(id: reference) { return byID }
    let byName = screens(named: reference)
    return byName.count == 1 ? byName[0] : nil
  }

  // Lookups by id and name, kept with the arrays (a project of 10,000 screens makes tens of
  // thousands of lookups), and only read while screens are checked in parallel.
  private var screenIndex: (byID: [ExactString: ScreenDecl], byName: [ExactString: [ScreenDecl]], byCanonicalID: [String: ScreenDecl]) =
    ([:], [:], [:])
  private var manifestIndex: [String: ManifestDecl] = [:]

  private func indexScreens() {
    var byID: [ExactString: ScreenDecl] = [:]
    var byName: [ExactString: [ScreenDecl]] = [:]
    var byCanonicalID: [String: ScreenDecl] = [:]
    for screen in screens {
      if byID[ExactString(screen.id.value)] == nil { byID[ExactString(screen.id.value)] = screen }
      if byCanonicalID[screen.id.value] == nil { byCanonicalID[screen.id.value] = screen }
      if let name = screen.name?.value { byName[ExactString(name), default: []].append(screen) }
    }
    screenIndex = (byID, byName, byCanonicalID)
  }

  private func indexManifests() {
    var index: [String: ManifestDecl] = [:]
    for manifest in manifests {
      if let id = manifest.identifier?.value, index[id] == nil { index[id] = manifest }
    }
    manifestIndex = index
  }

  /// The order in which files are listed, for sorting diagnostics.
  public var fileOrder: [String: Int] {
    var order: [String: Int] = [:]
    for (i, f) in files.enumerated() where order[f.path] == nil { order[f.path] = i }
    return order
  }
}
