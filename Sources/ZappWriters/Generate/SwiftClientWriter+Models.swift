import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

extension SwiftClientWriter {
  /// `ZappBundleIndex`: the screens, screen types and required renderers of `bundle.json`, typed.
  package func bundleIndex(_ c: inout CodeText) {
    // Each key from its field table (`BundleObject.key`), as a Swift literal.
    func index(_ path: PartialKeyPath<BundleIndex>) -> String { CodeLiteral.swift(BundleIndex.key(path)) }
    func entry(_ path: PartialKeyPath<BundleIndex.Entry>) -> String { CodeLiteral.swift(BundleIndex.Entry.key(path)) }
    func renderers(_ path: PartialKeyPath<PlatformRenderers>) -> String { CodeLiteral.swift(PlatformRenderers.key(path)) }
    c.doc("A `bundle.json` that cannot be decoded.", style: .slashes)
    c.block("public enum ZappBundleError: Error, Sendable {") { c in
      c.doc("What is wrong, and where.", style: .slashes)
      c.line("case malformed(String)")
    }
    c.line()
    c.doc("The parts of `bundle.json` a client reads first, typed with the project's names: the screens,", style: .slashes)
    c.doc("the screen types and the required renderers. A name this build does not know decodes as `unknown`.", style: .slashes)
    c.block("public struct ZappBundleIndex: Sendable {") { c in
      c.doc("One screen of the bundle and its file.", style: .slashes)
      c.block("public struct Screen: Sendable {") { c in
        c.line("public var id: ZappScreenID")
        c.line("public var name: String?")
        c.line("public var file: String")
        c.line("public var sha256: String")
      }
      c.line()
      c.doc("What the screens need drawn on one platform.", style: .slashes)
      c.block("public struct Renderers: Sendable {") { c in
        c.line("public var platform: String")
        c.line("public var componentTypes: [ZappComponentType]")
        c.line("public var cellLayouts: [ZappCellLayout]")
        c.line("public var layoutKinds: [ZappLayoutKind]")
        c.line("public var screenPlugins: [ZappScreenPlugin]")
        c.doc("The plugins the screens' navigations are drawn with.", style: .slashes)
        c.line("public var navigationPlugins: [ZappNavigationPlugin]")
        c.doc("The oldest Zapp SDK a client of the platform must have; nil when the bundle gives none.", style: .slashes)
        c.line("public var minZappSDK: String?")
        c.doc("The first Zapp SDK that can no longer draw the screens; nil when the bundle gives none.", style: .slashes)
        c.line("public var unsupportedSinceZappSDK: String?")
        c.line()
        c.doc("The names this build has no renderer for: the unknown cases, list by list.", style: .slashes)
        c.block("public var unknownNames: [String] {") { c in
          c.line("var names: [String] = []")
          for list in ["componentTypes", "cellLayouts", "layoutKinds", "screenPlugins", "navigationPlugins"] {
            c.line("for case .unknown(let name) in \(list) { names.append(name) }")
          }
          c.line("return names")
        }
      }
      c.line()
      c.doc("A key of one of the bundle's maps (a content type, a `ui_tag`) and the screen it opens.", style: .slashes)
      c.block("public struct Mapping: Sendable {") { c in
        c.line("public var key: String")
        c.line("public var screen: ZappScreenID")
      }
      c.line()
      c.doc("A section of a screen: the screen and the section's index in it.", style: .slashes)
      c.block("public struct SectionReference: Sendable {") { c in
        c.line("public var screen: ZappScreenID")
        c.line("public var section: Int")
      }
      c.line()
      c.doc("The sections one registered client build draws with their fallbacks.", style: .slashes)
      c.block("public struct ClientFallbacks: Sendable {") { c in
        c.line("public var platform: String")
        c.line("public var clientVersion: String")
        c.doc("The share of the platform's active installs the build has (0 to 1), when its registry says.", style: .slashes)
        c.line("public var installs: Double?")
        c.line("public var sections: [SectionReference]")
      }
      c.line()
      c.doc("A device the bundle's geometry was computed for.", style: .slashes)
      c.block("public struct Device: Sendable {") { c in
        c.line("public var name: String")
        c.doc("Its device class: \(Self.deviceClasses).", style: .slashes)
        c.line("public var deviceClass: String")
        c.doc("Its width in points.", style: .slashes)
        c.line("public var width: Double")
        c.doc("The size class its width falls in, when the bundle says.", style: .slashes)
        c.line("public var sizeClass: String?")
        c.doc("The window's state (`portrait`, `split_view`, …), when the bundle names one.", style: .slashes)
        c.line("public var state: String?")
      }
      c.line()
      c.doc("A size class: a range of window widths and the device class a window of that width reads.", style: .slashes)
      c.block("public struct SizeClass: Sendable {") { c in
        c.line("public var name: String")
        c.doc("Its device class: \(Self.deviceClasses).", style: .slashes)
        c.line("public var deviceClass: String")
        c.doc("The smallest width of the class, inclusive.", style: .slashes)
        c.line("public var minWidth: Double")
        c.doc("The first width past the class (exclusive); nil for no upper bound.", style: .slashes)
        c.line("public var maxWidth: Double?")
      }
      c.line()
      c.line("public var formatVersion: Int")
      c.doc("`app` of `zlc.json`; nil when it names none.", style: .slashes)
      c.line("public var app: String?")
      c.doc("The version of zlc that wrote the bundle.", style: .slashes)
      c.line("public var zlcVersion: String")
      c.doc("The devices the geometry was computed for, in the bundle's order.", style: .slashes)
      c.line("public var devices: [Device]")
      c.doc("The size classes, in the bundle's order (\(Self.defaultSizeClassesText) when it gives none).", style: .slashes)
      c.line("public var sizeClasses: [SizeClass]")
      c.doc("The platform the bundle is for; nil when the app names none.", style: .slashes)
      c.line("public var platform: String?")
      c.line("public var screens: [Screen]")
      c.line("public var screenTypes: [ZappScreenType: ZappScreenID]")
      c.doc("Feed entry type → the screen it opens, in the bundle's order.", style: .slashes)
      c.line("public var contentTypes: [Mapping]")
      c.doc("`ui_tag` → the screen a feed item carrying it opens, in the bundle's order.", style: .slashes)
      c.line("public var uiTags: [Mapping]")
      c.doc("Feed entry type → the screen it opens when nothing else maps it, in the bundle's order.", style: .slashes)
      c.line("public var fallbackScreens: [Mapping]")
      c.line("public var requiredRenderers: [Renderers]")
      c.doc("Per registered client build, the sections it draws with their fallbacks.", style: .slashes)
      c.line("public var fallbacks: [ClientFallbacks]")
      c.doc("The ids of the compact form's shared layouts (`layouts`), sorted; none in the expanded form.", style: .slashes)
      c.line("public var layoutIDs: [String]")
      c.line()
      c.doc("The names the bundle needs drawn on `platform` that this build has no renderer for (empty: it", style: .slashes)
      c.doc("draws every screen), or nil when the bundle lists no renderers for it (a bundle of another", style: .slashes)
      c.doc("platform, or of an app that names none): then nothing can be verified.", style: .slashes)
      c.block("public func missingRenderers(for platform: String? = zappPlatform) -> [String]? {") { c in
        c.line("renderers(for: platform)?.unknownNames")
      }
      c.line()
      c.doc("The entry of `platform`, its name compared by its UTF-8 bytes.", style: .slashes)
      c.block("private func renderers(for platform: String?) -> Renderers? {") { c in
        c.line("guard let platform else { return nil }")
        c.line("return requiredRenderers.first { zappSameName($0.platform, platform) }")
      }
      c.line()
      supportsClient(&c)
      c.line()
      c.doc("Decodes the bytes of `bundle.json`.", style: .slashes)
      c.block("public init(json: Data) throws {") { c in
        c.line(#"try ZappJSONGrammar.check(json, "bundle.json")"#)
        // Past the grammar, JSONSerialization refuses only what no string or number can hold.
        c.line("let parsed: Any")
        c.block("do {", close: "} catch {") { c in c.line("parsed = try JSONSerialization.jsonObject(with: json)") }
        c.line(
          #"  throw ZappBundleError.malformed("bundle.json: invalid UTF-8, an escape of half a surrogate pair or a number beyond a 64-bit float")"#
        )
        c.line("}")
        c.block("guard let root = parsed as? [String: Any] else {") { c in
          c.line(#"throw ZappBundleError.malformed("bundle.json is not a JSON object")"#)
        }
        c.block("if let name = Self.duplicateKey(in: json) {") { c in
          c.line(#"throw ZappBundleError.malformed("bundle.json: duplicate key '\(name)'")"#)
        }
        c.line("// The version first: a newer format may change any other key. A whole number (of 32 bits, as")
        c.line("// on every platform); JSONSerialization reads `true` as a number of a class of its own.")
        c.line("guard let version = root[\(index(\.formatVersion))] as? NSNumber, type(of: version) != type(of: NSNumber(value: true)),")
        c.line("  let whole = Int32(exactly: version.doubleValue)")
        c.block("else {") { c in
          c.line("throw ZappBundleError.malformed(\"\(BundleIndex.key(\.formatVersion)) is missing or not a whole number\")")
        }
        // Only the formats the runtime reads: another may say anything else in the same keys.
        let (key, readable) = (BundleIndex.key(\.formatVersion), BundleIndex.readableFormatVersions)
        let (oldest, newest) = (readable.lowerBound, readable.upperBound)
        c.block("guard \(oldest)...\(newest) ~= whole else {") { c in
          c.line("throw ZappBundleError.malformed(\"\(key) \\(whole) is not one this client reads (\(oldest) to \(newest))\")")
        }
        c.line("formatVersion = Int(whole)")
        c.line("app = try Self.string(root[\(index(\.app))], \"\(BundleIndex.key(\.app))\")")
        c.line("platform = try Self.string(root[\(index(\.platform))], \"\(BundleIndex.key(\.platform))\")")
        c.block("guard let zlcVersion = root[\(index(\.zlcVersion))] as? String else {") { c in
          c.line("throw ZappBundleError.malformed(\"\(BundleIndex.key(\.zlcVersion)) is missing or not a string\")")
        }
        c.line("self.zlcVersion = zlcVersion")
        c.line("devices = try Self.devices(root[\(index(\.devices))])")
        c.line("sizeClasses = try Self.sizeClasses(root[\(index(\.sizeClasses))])")
        let screensKey = BundleIndex.key(\.screens)
        c.block("guard let list = root[\(index(\.screens))] as? [Any] else {") { c in
          c.line("throw ZappBundleError.malformed(\"\(screensKey) is missing or not a list\")")
        }
        c.line("var screens: [Screen] = []")
        c.line("var ids = Set<[UInt8]>()")
        c.block("for (i, entry) in list.enumerated() {") { c in
          c.line("let at = \"\(screensKey)[\\(i)]\"")
          c.block(
            "guard let e = entry as? [String: Any], let id = e[\(entry(\.id))] as? String, let file = e[\(entry(\.file))] as? String else {"
          ) { c in
            c.line("throw ZappBundleError.malformed(at + \" has no \(BundleIndex.Entry.key(\.id)) or \(BundleIndex.Entry.key(\.file))\")")
          }
          c.block("guard ids.insert(Array(id.utf8)).inserted else {") { c in
            c.line("throw ZappBundleError.malformed(at + \".\(BundleIndex.Entry.key(\.id)) '\\(id)' is listed twice\")")
          }
          c.block("guard let sha256 = e[\(entry(\.sha256))] as? String else {") { c in
            c.line("throw ZappBundleError.malformed(at + \".\(BundleIndex.Entry.key(\.sha256)) is missing or not a string\")")
          }
          c.line("let name = try Self.string(e[\(entry(\.name))], at + \".\(BundleIndex.Entry.key(\.name))\")")
          c.block("guard Self.isInside(file) else {") { c in
            c.line("throw ZappBundleError.malformed(at + \".\(BundleIndex.Entry.key(\.file)) \(Self.fileOutside)\")")
          }
          c.line("screens.append(Screen(id: ZappScreenID(wireName: id), name: name, file: file, sha256: sha256))")
        }
        c.line("self.screens = screens")
        let typesKey = BundleIndex.key(\.screenTypes)
        c.block("guard let types = root[\(index(\.screenTypes))] as? [String: Any] else {") { c in
          c.line("throw ZappBundleError.malformed(\"\(typesKey) is missing or not an object\")")
        }
        c.line("var screenTypes: [ZappScreenType: ZappScreenID] = [:]")
        c.line("let pairs = Self.members(of: \(index(\.screenTypes)), in: json)")
        c.block("for (key, value) in pairs ?? types.map({ ($0, $1) }) {") { c in
          c.block("guard let id = value as? String else {") { c in
            c.line("throw ZappBundleError.malformed(\"\(typesKey).\" + key + \" is not a string\")")
          }
          c.line("screenTypes[ZappScreenType(wireName: key)] = ZappScreenID(wireName: id)")
        }
        c.line("self.screenTypes = screenTypes")
        c.line("contentTypes = try Self.mappings(\(index(\.contentTypes)), in: root, json, required: true)")
        c.line("uiTags = try Self.mappings(\(index(\.uiTags)), in: root, json, required: false)")
        c.line("fallbackScreens = try Self.mappings(\(index(\.fallbackScreens)), in: root, json, required: false)")
        let requiredKey = BundleIndex.key(\.requiredRenderers)
        c.line("let requiredList = root[\(index(\.requiredRenderers))]")
        c.block("guard requiredList == nil || requiredList is NSNull || requiredList is [Any] else {") { c in
          c.line("throw ZappBundleError.malformed(\"\(requiredKey) is not a list\")")
        }
        c.line("var required: [Renderers] = []")
        c.block("for (i, entry) in (requiredList as? [Any] ?? []).enumerated() {") { c in
          c.line("let at = \"\(requiredKey)[\\(i)]\"")
          c.block("guard let e = entry as? [String: Any], let platform = e[\(renderers(\.platform))] as? String else {") { c in
            c.line("throw ZappBundleError.malformed(at + \" has no \(PlatformRenderers.key(\.platform))\")")
          }
          func read(_ reader: String, _ path: PartialKeyPath<PlatformRenderers>) -> String {
            "try Self.\(reader)(e[\(renderers(path))], at + \".\(PlatformRenderers.key(path))\")"
          }
          c.line("required.append(")
          c.line("  Renderers(")
          c.line("    platform: platform,")
          c.line("    componentTypes: \(read("names", \.renderers.componentTypes)).map(ZappComponentType.init(wireName:)),")
          c.line("    cellLayouts: \(read("names", \.renderers.cellLayouts)).map(ZappCellLayout.init(wireName:)),")
          c.line("    layoutKinds: \(read("names", \.renderers.layoutKinds)).map(ZappLayoutKind.init(wireName:)),")
          c.line("    screenPlugins: \(read("names", \.renderers.screenPlugins)).map(ZappScreenPlugin.init(wireName:)),")
          c.line(
            "    navigationPlugins: \(read("names", \.renderers.navigationPlugins)).map(ZappNavigationPlugin.init(wireName:)),")
          c.line("    minZappSDK: \(read("string", \.minZappSDK)),")
          c.line("    unsupportedSinceZappSDK: \(read("string", \.unsupportedSinceZappSDK))))")
        }
        c.line("requiredRenderers = required")
        c.line("fallbacks = try Self.fallbacks(root[\(index(\.fallbacks))])")
        c.line("layoutIDs = try Self.layoutIDs(root[\(CodeLiteral.swift(BundleIndex.layoutsField.key))], formatVersion: formatVersion)")
      }
      c.line()
      mappingsAndFallbacks(&c)
      c.line()
      sizeClassesAndLayouts(&c)
      c.line()
      devicesReader(&c)
      c.line()
      c.doc("The text of `value`: nil when absent or null; a value of another type throws.", style: .slashes)
      c.block("private static func string(_ value: Any?, _ path: String) throws -> String? {") { c in
        c.line("if value == nil || value is NSNull { return nil }")
        c.line("guard let text = value as? String else { throw ZappBundleError.malformed(path + \" is not a string\") }")
        c.line("return text")
      }
      c.line()
      c.doc("The texts of the list `value`: none when absent or null; anything but a list of strings throws.", style: .slashes)
      c.block("private static func names(_ value: Any?, _ path: String) throws -> [String] {") { c in
        c.line("if value == nil || value is NSNull { return [] }")
        c.block("guard let names = value as? [String] else {") { c in
          c.line("throw ZappBundleError.malformed(path + \" is not a list of strings\")")
        }
        c.line("return names")
      }
      c.line()
      objectMembers(&c)
    }
    c.line()
  }

  /// `supportsClient(zappSDK:for:)` and the version comparison it uses, `ZappSDKVersion.compare`'s.
  private func supportsClient(_ c: inout CodeText) {
    c.doc("Whether a client whose Zapp SDK is `zappSDK` may take the bundle on `platform`: its SDK is at", style: .slashes)
    c.doc("least the platform's `minZappSDK` and older than its `unsupportedSinceZappSDK` (a bound left", style: .slashes)
    c.doc("out holds for every client), or nil when the bundle lists no renderers for it. A client it", style: .slashes)
    c.doc("does not support keeps its previous bundle.", style: .slashes)
    c.block("public func supportsClient(zappSDK: String, for platform: String? = zappPlatform) -> Bool? {") { c in
      c.line("guard let entry = renderers(for: platform) else { return nil }")
      c.line("if let oldest = entry.minZappSDK, Self.compareZappSDK(zappSDK, oldest) < 0 { return false }")
      c.line("if let until = entry.unsupportedSinceZappSDK, Self.compareZappSDK(zappSDK, until) >= 0 { return false }")
      c.line("return true")
    }
    c.line()
    c.doc("-1, 0 or 1 as SDK version `a` is older than, the same as or newer than `b`, number by number:", style: .slashes)
    c.doc("a missing part is 0, a part's leading ASCII digits are its number (0 when none, or too big),", style: .slashes)
    c.doc("empty parts are skipped. With the same numbers, a pre-release (`-beta.2`) is older than the", style: .slashes)
    c.doc("release, and two compare by SemVer precedence; a build tag (`+7`) is ignored.", style: .slashes)
    c.block("static func compareZappSDK(_ a: String, _ b: String) -> Int {") { c in
      c.block("func parts(_ s: String) -> [Int] {") { c in
        c.line("let bytes = Array(s.utf8)")
        c.line("let core = bytes.split(whereSeparator: { $0 == 0x2D || $0 == 0x2B }).first.map(Array.init) ?? bytes")
        c.line("let digits = core.split(separator: 0x2E).map { $0.prefix { (0x30...0x39).contains($0) } }")
        c.line("return digits.map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 }")
      }
      c.block("func tag(_ s: String) -> [[UInt8]]? {") { c in
        c.line("let bytes = Array(s.utf8)")
        c.line("var i = 0")
        c.line("while i < bytes.count, bytes[i] == 0x2D || bytes[i] == 0x2B { i += 1 }")
        c.line("while i < bytes.count, bytes[i] != 0x2D, bytes[i] != 0x2B { i += 1 }")
        c.line("guard i < bytes.count, bytes[i] == 0x2D else { return nil }")
        c.line("let text = bytes[(i + 1)...].prefix { $0 != 0x2B }")
        c.line("return text.isEmpty ? nil : text.split(separator: 0x2E, omittingEmptySubsequences: false).map(Array.init)")
      }
      c.block("func order(_ a: [UInt8], _ b: [UInt8]) -> Int {") { c in
        c.line("let isNumber = { (s: [UInt8]) in !s.isEmpty && s.allSatisfy { (0x30...0x39).contains($0) } }")
        c.line("var l = a[...]")
        c.line("var r = b[...]")
        c.line("if isNumber(a) != isNumber(b) { return isNumber(a) ? -1 : 1 }")
        c.block("if isNumber(a) {") { c in
          c.line("l = l.drop { $0 == 0x30 }")
          c.line("r = r.drop { $0 == 0x30 }")
          c.line("if l.count != r.count { return l.count < r.count ? -1 : 1 }")
        }
        c.line("return l.elementsEqual(r) ? 0 : l.lexicographicallyPrecedes(r) ? -1 : 1")
      }
      c.line("let x = parts(a)")
      c.line("let y = parts(b)")
      c.block("for i in 0..<max(x.count, y.count) {") { c in
        c.line("let l = i < x.count ? x[i] : 0")
        c.line("let r = i < y.count ? y[i] : 0")
        c.line("if l != r { return l < r ? -1 : 1 }")
      }
      c.line("guard let p = tag(a), let q = tag(b) else { return tag(a) == nil ? (tag(b) == nil ? 0 : 1) : -1 }")
      c.block("for (l, r) in zip(p, q) where order(l, r) != 0 {") { c in
        c.line("return order(l, r)")
      }
      c.line("return p.count == q.count ? 0 : p.count < q.count ? -1 : 1")
    }
  }

  /// A plugin section's fields as a struct, with an enum per field with options, and its decoders.
  package func model(_ c: inout CodeText, _ model: ClientAPI.Model, plugin: ClientAPI.Plugin) {
    let scope = plugin.manifestDescription
    c.doc("The `\(model.section)` fields of the plugin \(CodeLiteral.commentName(plugin.name.wire)) (\(scope)).", style: .slashes)
    c.block("public struct \(model.typeName): Hashable, Sendable {") { c in
      for field in model.fields {
        guard let options = field.options else { continue }
        var enumText = CodeText(indent: "  ")
        wireEnumText(&enumText, options.typeName, field: field.name.wire, cases: options.cases)
        for line in enumText.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { c.line(String(line)) }
      }
      for field in model.fields {
        c.doc("The field \(CodeLiteral.commentName(field.name.wire)).", style: .slashes)
        c.line("public var \(field.name.lower): \(type(of: field))?")
      }
      c.line()
      c.doc("A value with the fields given (nil: unset).", style: .slashes)
      let parameters = model.fields.map { "\($0.name.lower): \(type(of: $0))? = nil" }.joined(separator: ", ")
      c.block("public init(\(parameters)) {") { c in
        for field in model.fields { c.line("self.\(field.name.lower) = \(field.name.lower)") }
      }
      c.line()
      decoders(&c, model)
    }
    c.line()
  }

  private func type(of field: ClientAPI.Field) -> String {
    let element: String
    switch field.kind {
    case .bool: element = "Bool"
    case .number: element = "Double"
    case .text: element = "String"
    case .option: element = field.options?.typeName ?? "String"
    }
    return field.isList ? "[\(element)]" : element
  }

  private func wireEnumText(_ c: inout CodeText, _ type: String, field: String, cases: [ClientName]) {
    c.doc("The options of the field \(CodeLiteral.commentName(field)).", style: .slashes)
    c.block("public enum \(type): Hashable, Sendable {") { c in
      for name in cases { c.line("case \(name.lower)") }
      c.doc("An option this build does not know.", style: .slashes)
      c.line("case unknown(String)")
      c.line()
      Self.wireNameMembers(
        &c, cases, decodes: "The case of an option's value; `unknown` for one this build does not know.",
        wireName: "The option's value as the screens write it.")
    }
    c.line()
  }
}
