import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution
import ZappRules

/// What generated client code declares for one platform (or, for an app that names no platform,
/// for all its screens), independent of the language: the names with their identifiers.
package struct ClientAPI: Sendable {
  /// The platform id, or nil for an app that names no platform.
  package var platform: String?
  /// The SHA-256 of the project's input files (`ClientAPI.contentHash(of:)`).
  package var contentHash: String
  /// The screen ids, in project order.
  package var screens: [ClientName]
  /// The screen types (`screen_types.json`), each with the screen it opens.
  package var screenTypes: [(name: ClientName, screen: ClientName?)]
  /// What the screens need drawn, sorted: the bundle's `required_renderers` for the platform.
  package var componentTypes: [ClientName]
  package var cellLayouts: [ClientName]
  package var layoutKinds: [ClientName]
  package var screenPlugins: [ClientName]
  package var navigationPlugins: [ClientName] = []
  /// The renderer registry's members: each need's identifier with its kind's suffix.
  package var componentMembers: [ClientName]
  package var cellMembers: [ClientName]
  package var layoutMembers: [ClientName]
  package var screenMembers: [ClientName]
  /// The plugins with a manifest for the platform, by identifier.
  package var plugins: [Plugin]

  /// A plugin's typed fields: one model per section that has fields (`modelSections(of:)`).
  package struct Plugin: Sendable {
    /// The plugin's identifier.
    package var name: ClientName
    /// Where its manifest writes the identifier.
    package var spot: SourceSpot?
    /// One model per manifest section with fields.
    package var models: [Model]
    /// The platform the manifest the models come from names (nil: it serves every platform).
    package var manifestPlatform: String?

    /// Which manifest the models come from, for the generated code's comments.
    package var manifestDescription: String {
      manifestPlatform.map { "its manifest for \($0)" } ?? "its manifest for every platform"
    }
  }

  /// The fields of one section of a plugin's manifest.
  package struct Model: Sendable {
    /// `styles`, `data` or (a screen plugin's or a nav item plugin's) `general`.
    package var section: String
    /// The type's name: the plugin's identifier and the section (`PromoBannerStyles`).
    package var typeName: String
    package var fields: [Field]
  }

  /// One field of a manifest: its key, its property and its value's type.
  package struct Field: Sendable {
    /// The field's key and its property.
    package var name: ClientName
    /// The property's type.
    package var kind: FieldKind
    /// The options' enum (upper camel case) and its cases, for `select` fields with options.
    package var options: (typeName: String, cases: [ClientName])?
    /// Whether the value is a list (`tag_select`, `multi_select`).
    package var isList: Bool
    /// Where the manifest writes the key.
    package var spot: SourceSpot? = nil
    /// Where the manifest writes each option's value (the first of a value), in option order.
    package var optionSpots: [(value: String, spot: SourceSpot)] = []

    /// Where the manifest writes the option `value`, else the field's key.
    package func spot(ofOption value: String) -> SourceSpot? {
      optionSpots.first { $0.value.utf8.elementsEqual(value.utf8) }?.spot ?? spot
    }
  }

  /// The language type of a manifest field.
  package enum FieldKind: Sendable {
    /// Booleans, numbers, text, and one option of the field's enum.
    case bool, number, text, option
  }
}

extension ClientAPI {
  /// The manifest sections whose fields get a model: a plugin's `styles` and `data`, and a screen
  /// plugin's and a nav item plugin's `general` (its screens' and its nav items' `plugin_values`
  /// carry all three; a navigation's carry its plugin's `styles` and `data`, not `general`).
  package static func modelSections(of manifest: ManifestDecl) -> [String] {
    manifest.isScreen || manifest.isNavItem ? ["styles", "data", "general"] : ["styles", "data"]
  }

  /// The API for `platform` (nil: every screen of an app that names no platform).
  package init(project: Project, platform: String?) {
    self.platform = platform
    contentHash = Self.contentHash(of: project)
    screens = ClientIdentifiers.names(project.screens.map(\.id.value))
    // Names are keyed by their exact characters: `café` written with a combining accent is
    // another screen id, which a `String` key would take for the same.
    let byID = Dictionary(screens.map { (ExactString($0.wire), $0) }, uniquingKeysWith: { a, _ in a })
    let mappings = Resolver(project: project).mappings().screenTypes
    let typeNames = ClientIdentifiers.names(mappings.map(\.key))
    let screenOf = Dictionary(mappings.map { (ExactString($0.key), $0.screen) }, uniquingKeysWith: { a, _ in a })
    screenTypes = typeNames.map { ($0, screenOf[ExactString($0.wire)].flatMap { byID[ExactString($0)] }) }
    // The bundle's computation: the project as the platform sees it (`zlc build` writes each
    // platform's bundle from it), and its `required_renderers` for the platform: for one the
    // project does not target, what its client would need, drawing with the family it reads.
    let needs = platform.map { project.narrowed(to: $0).requiredRenderers(on: $0) } ?? project.requiredRendererSet
    componentTypes = ClientIdentifiers.names(needs.componentTypes)
    cellLayouts = ClientIdentifiers.names(needs.cellLayouts)
    layoutKinds = ClientIdentifiers.names(needs.layoutKinds)
    screenPlugins = ClientIdentifiers.names(needs.screenPlugins)
    navigationPlugins = ClientIdentifiers.names(needs.navigationPlugins ?? [])
    componentMembers = ClientIdentifiers.names(needs.componentTypes, suffix: "Component")
    cellMembers = ClientIdentifiers.names(needs.cellLayouts, suffix: "Cell")
    layoutMembers = ClientIdentifiers.names(needs.layoutKinds, suffix: "Layout")
    screenMembers = ClientIdentifiers.names(needs.screenPlugins, suffix: "Screen")
    plugins = Self.plugins(of: project, platform: platform)
  }

  /// Each plugin's manifest that serves the platform (`ManifestDecl.fit(on:)`, else its manifest
  /// that names no platform; without a platform, its first that names one), by identifier; none
  /// for a built-in component type's, which is never drawn (ZL0619), nor on a Quick Brick platform
  /// for a Quick Brick type's (a native client's plugin), which it draws as its own.
  package static func plugins(of project: Project, platform: String?) -> [Plugin] {
    var chosen: [ExactString: (manifest: ManifestDecl, fit: Int)] = [:]
    let quickBrick = platform.map(Platforms.isQuickBrick) ?? false
    for manifest in project.pluginManifests where !(quickBrick && manifest.hasQuickBrickComponentIdentifier) {
      guard let id = manifest.identifier?.value else { continue }
      let fit = platform.map { manifest.fit(on: $0) } ?? (manifest.platform == nil ? 1 : 2)
      guard fit > chosen[ExactString(id)]?.fit ?? 0 else { continue }
      chosen[ExactString(id)] = (manifest, fit)
    }
    let names = ClientIdentifiers.names(chosen.keys.map(\.value).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    return names.compactMap { name in
      guard let manifest = chosen[ExactString(name.wire)]?.manifest else { return nil }
      let models = modelSections(of: manifest).compactMap { section -> Model? in
        let fields = manifest.fields(in: section)
        guard !fields.isEmpty else { return nil }
        let typeName = name.upper + section.prefix(1).uppercased() + section.dropFirst()
        let properties = ClientIdentifiers.names(fields.map(\.key))
        let optionTypes = ClientIdentifiers.names(fields.map(\.key), suffix: "Option")
        var byKey: [ExactString: FieldDecl] = [:]
        for f in fields where byKey[ExactString(f.key)] == nil { byKey[ExactString(f.key)] = f }
        let built = zip(properties, optionTypes).compactMap { property, optionType -> Field? in
          guard let decl = byKey[ExactString(property.wire)] else { return nil }
          var built = field(decl, name: property, optionType: optionType.upper)
          built.spot = decl.value["key"]?.spot
          return built
        }
        return Model(section: section, typeName: typeName, fields: built)
      }
      guard !models.isEmpty else { return nil }
      return Plugin(name: name, spot: manifest.identifier?.spot, models: models, manifestPlatform: manifest.platform?.value)
    }
  }

  /// A field's type: `switch` and `checkbox` are booleans, `number_input` a number, `select` and
  /// `react_select` with options an option (a list of them for `tag_select` and `multi_select`),
  /// anything else text.
  package static func field(_ decl: FieldDecl, name: ClientName, optionType: String) -> Field {
    let type = decl.type?.value ?? ""
    let isList = type == "tag_select" || type == "multi_select"
    switch type {
    case "switch", "checkbox": return Field(name: name, kind: .bool, options: nil, isList: false)
    case "number_input": return Field(name: name, kind: .number, options: nil, isList: false)
    case "select", "react_select", "tag_select", "multi_select":
      let options = writtenOptions(decl.value)
      guard !options.isEmpty else { return Field(name: name, kind: .text, options: nil, isList: isList) }
      // An option named as its type would be a member that hides the type (Kotlin's nested object).
      let cases = ClientIdentifiers.names(options.map(\.value), reserved: [optionType.lowercasedFirst])
      return Field(name: name, kind: .option, options: (optionType, cases), isList: isList, optionSpots: options)
    default: return Field(name: name, kind: .text, options: nil, isList: false)
    }
  }

  /// A select field's option values, `options` first, then those of its `conditional_fields`.
  package static func optionValues(_ field: JSONValue) -> [String] { writtenOptions(field).map(\.value) }

  /// `optionValues` with where each is written (its first time).
  static func writtenOptions(_ field: JSONValue) -> [(value: String, spot: SourceSpot)] {
    var lists = [field["options"]]
    lists += (field["conditional_fields"]?.elements ?? []).map { $0["options"] }
    var options: [(value: String, spot: SourceSpot)] = []
    var seen: Set<[UInt8]> = []
    for list in lists {
      for option in list?.elements ?? [] {
        guard let value = option.kind == .object ? option["value"] : option, let text = PluginValueForm.text(value),
          seen.insert(Array(text.utf8)).inserted
        else { continue }
        options.append((text, value.spot))
      }
    }
    return options
  }

  /// The SHA-256 of the project's input files: each file's path relative to the project, a zero
  /// byte, its length and its bytes, in path order. The built-in families are left out (they are
  /// the zlc version's). The project must have been read with its files as written (not folded).
  package static func contentHash(of project: Project) -> String {
    var stream = Digest.SHA256Stream()
    let root = project.directory.hasSuffix("/") ? project.directory : project.directory + "/"
    let files = project.files.compactMap { file -> (String, SourceFile)? in
      file.path.hasPrefix(root) ? (String(file.path.dropFirst(root.count)), file) : nil
    }
    for (path, file) in files.sorted(by: { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }) {
      stream.update(Array(path.utf8) + [0] + Array("\(file.bytes.count)".utf8) + [0])
      stream.update(file.bytes)
    }
    return stream.finalizedHex()
  }
}
