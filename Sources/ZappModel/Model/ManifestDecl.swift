import ZappDiagnostics
import ZappLayout

/// A configuration field of a manifest (group fields flattened).
public struct FieldDecl: Sendable {
  public let section: String
  public let key: String
  public let type: Located<String>?
  public let initialValue: JSONValue?
  public let value: JSONValue

  /// The `key` of each of its `conditional_fields` (`section/key`), where written.
  public var conditionKeys: [Located<String>] {
    (value["conditional_fields"]?.elements ?? []).compactMap { condition in
      condition["key"].flatMap { key in key.string.map { Located($0, key.spot) } }
    }
  }
}

/// The top-level keys `zappifest publish` requires of a manifest and those it permits beside them
/// (ZL0601, ZL0602, and `zlc schema manifest`).
package enum ManifestKeys {
  /// The keys zappifest requires of every manifest.
  package static let mandatory = [
    "author_name", "author_email", "manifest_version", "name", "description", "identifier", "type",
    "min_zapp_sdk", "ui_builder_support",
  ]

  /// The keys zappifest permits besides the mandatory ones.
  package static let optional = [
    "$schema", "whitelisted_account_ids", "api", "platform", "dependency_name", "dependency_version",
    "dependency_repository_url", "deprecated_since_zapp_sdk", "unsupported_since_zapp_sdk",
    "custom_configuration_fields", "react_native", "extra_dependencies", "project_dependencies",
    "npm_dependencies", "scheme", "data_types", "zapp_pipes", "react_bundle_url", "thumbnail",
    "screenshots", "preview", "about", "general", "assets", "styles", "rules", "data", "advertising",
    "screen", "supported_nav_items", "max_nav_items", "max_items_per_type", "zapp_configuration",
    "summary", "cover_image", "guide", "core_plugin", "configuration_panel_disabled", "export", "import",
    "hooks", "preload", "postload", "supports_offline", "targets", "localizations", "ui_frameworks",
    "characteristics",
  ]
}

/// A plugin manifest (zappifest format), read whole.
public final class ManifestDecl: Sendable {
  public let value: JSONValue
  public let identifier: Located<String>?
  public let type: String?
  public let isScreen: Bool
  /// Whether it is of type `nav_item`: the plugin that draws a nav item whose `type` names it.
  public var isNavItem: Bool { type == "nav_item" }
  /// Whether the manifest was read from the build pipeline's `plugin_configurations` shape
  /// (`{"plugin": manifest, "configuration_json": …}`): one Zapp published already, delivered with
  /// the keys the pipeline keeps, so not held to `zappifest publish`'s keys.
  public let isDelivered: Bool
  public let canHaveComponents: Bool
  public let isGroup: Bool
  public let appearance: [String]
  public let dataTypes: [String]?
  public let takesData: Bool
  public let fields: [FieldDecl]
  /// The fields of type `screen_selector`: their values are screen ids.
  public let screenSelectorFields: [FieldDecl]
  /// The manifest's keys as written, and those with a value other than null.
  public let keys: [Located<String>]
  public let keysWithValues: Set<String>
  /// `manifest_version` and `type` when they are strings, where written.
  public let version: Located<String>?
  public let typeName: Located<String>?
  /// The elements of `targets` and `ui_frameworks` (any JSON, as zappifest reports them).
  public let targets: [JSONValue]
  public let uiFrameworks: [JSONValue]
  /// The client platforms the manifest serves (`Platforms.served`); empty when it names no
  /// platform (it serves every platform that has no manifest of its own).
  public let servedPlatforms: [String]
  /// Each field's place in `fields` by section and key (the first, when several share them).
  private let fieldIndex: [FieldKey: Int]

  private struct FieldKey: Hashable, Sendable {
    let section: String
    let key: String
  }

  /// What the loader reads off a manifest object.
  package struct Fields {
    package var identifier: Located<String>?
    package var type: String?
    package var isScreen = false
    package var isDelivered = false
    package var canHaveComponents = false
    package var isGroup = false
    package var appearance = ["group", "screen"]
    package var dataTypes: [String]?
    package var fields: [FieldDecl] = []
  }

  package init(value: JSONValue, _ f: Fields) {
    self.value = value
    identifier = f.identifier
    type = f.type
    isScreen = f.isScreen
    isDelivered = f.isDelivered
    canHaveComponents = f.canHaveComponents
    isGroup = f.isGroup
    appearance = f.appearance
    dataTypes = f.dataTypes
    fields = f.fields
    screenSelectorFields = f.fields.filter { $0.type?.value == "screen_selector" }
    takesData = f.fields.contains { $0.section == "data" }
    keys = value.members.compactMap { key, _ in key.string.map { Located($0, key.spot) } }
    keysWithValues = Set(value.members.compactMap { key, member in member.isNull ? nil : key.string })
    func string(_ key: String) -> Located<String>? { value[key].flatMap { v in v.string.map { Located($0, v.spot) } } }
    version = string("manifest_version")
    typeName = string("type")
    targets = value["targets"]?.elements ?? []
    uiFrameworks = value["ui_frameworks"]?.elements ?? []
    servedPlatforms = Platforms.served(by: value["platform"]?.nonEmptyString?.value, uiFrameworks: uiFrameworks.compactMap(\.string))
    var fieldIndex: [FieldKey: Int] = [:]
    for (i, field) in f.fields.enumerated() where fieldIndex[FieldKey(section: field.section, key: field.key)] == nil {
      fieldIndex[FieldKey(section: field.section, key: field.key)] = i
    }
    self.fieldIndex = fieldIndex
  }

  /// The first field of a section with a key, looked up by hash: every member of every
  /// component's sections is asked for.
  public func field(section: String, key: String) -> FieldDecl? {
    fieldIndex[FieldKey(section: section, key: key)].map { fields[$0] }
  }

  /// Whether the manifest has a section (`general`, `styles`, …), fields or not.
  public func hasSection(_ name: String) -> Bool { keys.contains { $0.value == name } }

  public var spot: SourceSpot { value.spot }
  public var isUIComponent: Bool { type == "ui_component" }

  /// `platform` (`ios`, `android_for_quickbrick`, …) as written, when the manifest names one. The
  /// platforms it serves are `servedPlatforms`.
  public var platform: Located<String>? { value["platform"]?.nonEmptyString }

  /// The platform the manifest is written for, `platform` (the first of `servedPlatforms`); nil
  /// when it names none. An app that names no platforms targets these.
  public var primaryPlatform: String? { servedPlatforms.first }

  /// Whether the manifest serves a client platform.
  public func serves(_ platform: String) -> Bool { servedPlatforms.contains(platform) }

  /// How well the manifest fits a client platform, the highest first: 3 it is written for the
  /// platform (`ios` for `ios`, `ios_for_quickbrick` for `ios_for_quickbrick`); 2 it serves it
  /// through `ui_frameworks` (`ios` with `quickbrick` for `ios_for_quickbrick`), or names it but
  /// lists Quick Brick alone, so that a native manifest of that platform comes first; 1 it names
  /// no platform; 0 it does not serve it.
  public func fit(on platform: String) -> Int {
    guard serves(platform) else { return self.platform == nil ? 1 : 0 }
    guard self.platform?.value == platform else { return 2 }
    let quickBrickOnly = Platforms.isQuickBrickOnly(uiFrameworks.compactMap(\.string))
    return quickBrickOnly && Platforms.quickBrickCounterpart(of: platform) != nil ? 2 : 3
  }

  /// Whether the manifest serves `platform` only through its `ui_frameworks`: its `min_zapp_sdk`
  /// and the like are versions of its own platform's SDK, not of that one's.
  public func servesThroughFrameworks(_ platform: String) -> Bool {
    serves(platform) && self.platform.map { $0.value != platform } ?? false
  }

  /// The platforms it serves, for messages: `'ios'`, or `'ios_for_quickbrick' (platform 'ios' with
  /// ui_frameworks quickbrick)` when `ui_frameworks` makes them differ from `platform`; `quote`
  /// (`'` or nothing) around each id.
  public func servedDescription(quote: String = "'") -> String {
    let served = servedPlatforms.map { quote + $0 + quote }.joined(separator: ", ")
    guard let written = platform?.value, servedPlatforms != [written] else { return served }
    let frameworks = Platforms.isQuickBrickOnly(uiFrameworks.compactMap(\.string)) ? "quickbrick" : "native and quickbrick"
    return "\(served) (platform \(quote)\(written)\(quote) with ui_frameworks \(frameworks))"
  }
  /// `min_zapp_sdk`, `deprecated_since_zapp_sdk` and `unsupported_since_zapp_sdk`, when written.
  public var minZappSDK: Located<String>? { value["min_zapp_sdk"]?.nonEmptyString }
  public var deprecatedSinceZappSDK: Located<String>? { value["deprecated_since_zapp_sdk"]?.nonEmptyString }
  public var unsupportedSinceZappSDK: Located<String>? { value["unsupported_since_zapp_sdk"]?.nonEmptyString }

  public func fields(in section: String) -> [FieldDecl] { fields.filter { $0.section == section } }

  /// The `initial_value` a builder fills in for a key of a section (`styles`, `general`, `rules`,
  /// `data`) that a component or screen leaves out: that of the first field of the key that has
  /// one, as the resolved `styles` take it; nil when none has one.
  public func initialValue(section: String, key: String) -> JSONValue? {
    fields.first { $0.section == section && $0.key == key && $0.initialValue != nil }?.initialValue
  }

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

  package static func optionValues(_ options: JSONValue?) -> [String] {
    (options?.elements ?? []).compactMap { option in
      if let s = option.string { return s }
      return option["value"]?.string
    }
  }
}

extension ComponentDecl {
  /// A key of one of the component's sections (`styles`, `general`, `rules`, `data`) as a Zapp
  /// client reads it: the screen's value when it writes the key (null included), else its
  /// manifest's `initial_value` for the key.
  public func setting(_ key: String, in section: String, manifest: ManifestDecl?) -> JSONValue? {
    if let written = value[section]?[key] { return written }
    return manifest?.initialValue(section: section, key: key)
  }
}
