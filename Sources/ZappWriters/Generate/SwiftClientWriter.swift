import Foundation
import ZappModel
import ZappReaders

/// Generated Swift for one platform: `ZappClient.swift` (Swift 6, Foundation only).
package struct SwiftClientWriter {
  package let api: ClientAPI

  package init(api: ClientAPI) { self.api = api }

  package static let fileName = "ZappClient.swift"

  package func source() -> String {
    var c = CodeText(indent: "  ")
    for line in CodeLiteral.header(api, language: .swift, comment: "//") { c.line(line) }
    c.line()
    // Public: the file's public API takes and gives Foundation's types (`Data`), which a module
    // that makes imports internal by default (`InternalImportsByDefault`) would otherwise refuse.
    c.line("public import Foundation")
    c.line()
    c.doc("The platform this code was generated for (nil: every platform of an app that names none).", style: .slashes)
    c.line("public let zappPlatform: String? = " + (api.platform.map(CodeLiteral.swift) ?? "nil"))
    c.doc("The SHA-256 of the project's input files this code was generated from.", style: .slashes)
    c.line("public let zappContentHash = " + CodeLiteral.swift(api.contentHash))
    c.line()
    nameFunctions(&c)
    wireEnum(&c, "ZappScreenID", doc: "A screen of the project, by id.", cases: api.screens, noun: "The screen")
    let screenOf = Dictionary(api.screenTypes.map { ($0.name.wire, $0.screen) }, uniquingKeysWith: { a, _ in a })
    wireEnum(&c, "ZappScreenType", doc: "A screen type (`screen_types.json`).", cases: api.screenTypes.map(\.name), noun: "The screen type")
    { c in
      c.line()
      c.doc("The screen this screen type opens (nil for one this build does not know).", style: .slashes)
      c.block("public var screen: ZappScreenID? {") { c in
        c.switchBlock("switch self {") { c in
          for name in api.screenTypes.map(\.name) {
            c.line("case .\(name.lower): return " + ((screenOf[name.wire] ?? nil).map { ".\($0.lower)" } ?? "nil"))
          }
          c.line("case .unknown: return nil")
        }
      }
    }
    wireEnum(&c, "ZappComponentType", doc: "A component type the screens use.", cases: api.componentTypes, noun: "Components of type")
    wireEnum(&c, "ZappCellLayout", doc: "A cell layout (`layout_id`) the screens use.", cases: api.cellLayouts, noun: "The cell layout")
    wireEnum(&c, "ZappLayoutKind", doc: "A layout kind the screens use.", cases: api.layoutKinds, noun: "The layout kind")
    wireEnum(&c, "ZappScreenPlugin", doc: "A screen plugin the screens use.", cases: api.screenPlugins, noun: "The screen plugin")
    wireEnum(
      &c, "ZappNavigationPlugin", doc: "A navigation plugin the screens' navigations use.", cases: api.navigationPlugins,
      noun: "The navigation plugin")
    renderers(&c)
    registryFunctions(&c)
    bundleIndex(&c)
    jsonGrammar(&c)
    if !api.plugins.isEmpty { valueReaders(&c) }
    for plugin in api.plugins {
      for model in plugin.models { self.model(&c, model, plugin: plugin) }
    }
    return c.text
  }

  /// An enum of names with an `unknown` case, `known`, `init(wireName:)` and `wireName`.
  private func wireEnum(
    _ c: inout CodeText, _ type: String, doc: String, cases: [ClientName], noun: String, extra: (inout CodeText) -> Void = { _ in }
  ) {
    c.doc(doc, style: .slashes)
    c.block("public enum \(type): Hashable, Sendable {") { c in
      for name in cases {
        c.doc("\(noun) \(CodeLiteral.commentName(name.wire)).", style: .slashes)
        c.line("case \(name.lower)")
      }
      c.doc("A name this build does not know.", style: .slashes)
      c.line("case unknown(String)")
      c.line()
      c.doc("Every name the project has.", style: .slashes)
      c.list("public static let known: [\(type)] = [", cases.map { ".\($0.lower)" }, close: "]", trailingComma: true)
      c.line()
      Self.wireNameMembers(
        &c, cases, decodes: "The case of a name as the bundle writes it; `unknown` for a name this build does not know.",
        wireName: "The name as the bundle writes it.")
      extra(&c)
    }
    c.line()
  }

  /// An enum's `init(wireName:)`, `wireName`, `==` and `hash(into:)`. Swift's strings compare
  /// canonically equivalent text as equal (`café` precomposed and with a combining accent), a
  /// dictionary's keys too: each case and each `unknown` name goes by its UTF-8 bytes instead.
  /// A name is found in a dictionary made once, not by a `switch` on strings, which swiftc takes
  /// minutes to compile for a few thousand cases and which tries every case in turn.
  static func wireNameMembers(_ c: inout CodeText, _ cases: [ClientName], decodes: String, wireName: String) {
    c.doc("The cases by their names as the bundle writes them (canonically equivalent names share an entry).", style: .slashes)
    c.block("private static let zappByWireName: [String: [Self]] = {", close: "}()") { c in
      c.list("let cases: [Self] = [", cases.map { ".\($0.lower)" }, close: "]", trailingComma: true)
      c.line("return Dictionary(grouping: cases, by: \\.wireName)")
    }
    c.line()
    c.doc(decodes, style: .slashes)
    c.block("public init(wireName: String) {") { c in
      c.line("self = Self.zappByWireName[wireName]?.first { zappSameName($0.wireName, wireName) } ?? .unknown(wireName)")
    }
    c.line()
    c.doc(wireName, style: .slashes)
    c.block("public var wireName: String {") { c in
      c.switchBlock("switch self {") { c in
        for name in cases { c.line("case .\(name.lower): return \(CodeLiteral.swift(name.wire))") }
        c.line("case .unknown(let name): return name")
      }
    }
    c.line()
    c.doc("Whether two values are the same case, and for `unknown` the same name by its UTF-8 bytes.", style: .slashes)
    c.block("public static func == (a: Self, b: Self) -> Bool {") { c in
      c.switchBlock("switch (a, b) {") { c in
        c.line("case (.unknown(let x), .unknown(let y)): return zappSameName(x, y)")
        guard !cases.isEmpty else { return }
        c.line("case (.unknown, _), (_, .unknown): return false")
        c.line("default: return zappSameName(a.wireName, b.wireName)")
      }
    }
    c.line()
    c.doc("Hashes the name's UTF-8 bytes.", style: .slashes)
    c.block("public func hash(into hasher: inout Hasher) {") { c in
      c.line("zappHashName(wireName, into: &hasher)")
    }
  }

  private var kinds: [(type: String, associated: String, members: [ClientName], wires: [ClientName], noun: String, key: String)] {
    [
      ("ZappComponentType", "ComponentRenderer", api.componentMembers, api.componentTypes, "components of type", "component_types"),
      ("ZappCellLayout", "CellRenderer", api.cellMembers, api.cellLayouts, "cells of layout", "cell_layouts"),
      ("ZappLayoutKind", "LayoutRenderer", api.layoutMembers, api.layoutKinds, "sections of layout kind", "layout_kinds"),
      ("ZappScreenPlugin", "ScreenRenderer", api.screenMembers, api.screenPlugins, "screens of plugin", "screen_plugins"),
    ]
  }

  private func renderers(_ c: inout CodeText) {
    c.doc("The renderers a client needs to draw every screen: one requirement per component type, cell", style: .slashes)
    c.doc("layout, layout kind and screen plugin the screens use, so a client whose registry conforms", style: .slashes)
    c.doc("does not compile without a renderer for each. What a renderer is (a view type, a factory) is", style: .slashes)
    c.doc("the client's choice: the associated types.", style: .slashes)
    c.block("public protocol ZappRenderers {") { c in
      for kind in kinds {
        c.doc("What draws \(kind.noun.split(separator: " ").first ?? "") (the client's type).", style: .slashes)
        c.line("associatedtype \(kind.associated)")
      }
      for kind in kinds {
        for (member, wire) in zip(kind.members, kind.wires) {
          c.line()
          c.doc("Draws \(kind.noun) \(CodeLiteral.commentName(wire.wire)).", style: .slashes)
          c.line("var \(member.lower): \(kind.associated) { get }")
        }
      }
    }
    c.line()
    c.block("extension ZappRenderers {") { c in
      for kind in kinds {
        let property = kind.associated.prefix(1).lowercased() + kind.associated.dropFirst() + "s"
        c.doc("The renderers of \(kind.noun.split(separator: " ").first ?? ""), by name.", style: .slashes)
        c.block("public var \(property): [\(kind.type): \(kind.associated)] {") { c in
          let pairs = zip(kind.members, kind.wires).map { ".\($1.lower): \($0.lower)" }
          c.list("[", pairs, close: "]", trailingComma: true, empty: "[:]")
        }
        c.line()
      }
      c.doc("The renderer registry (a `registries/` file) of a client build with these renderers;", style: .slashes)
      c.doc("`appliesFallbacks` when the build draws a component's fallback where it lacks a renderer.", style: .slashes)
      let platformParameter = api.platform.map { "platform: String = \(CodeLiteral.swift($0))" } ?? "platform: String"
      c.block("public func registryJSON(clientVersion: String, \(platformParameter), appliesFallbacks: Bool = false) -> String {") { c in
        c.line("zappRegistryJSON(")
        c.line("  platform: platform, clientVersion: clientVersion, appliesFallbacks: appliesFallbacks,")
        c.line("  lists: [")
        for kind in kinds {
          let property = kind.associated.prefix(1).lowercased() + kind.associated.dropFirst() + "s"
          c.line("    (\(CodeLiteral.swift(kind.key)), \(property).keys.map(\\.wireName)),")
        }
        c.line("  ])")
      }
    }
    c.line()
  }

  /// `zappSameName` and `zappHashName`: names compared and hashed by their UTF-8 bytes.
  private func nameFunctions(_ c: inout CodeText) {
    c.doc("Whether two names are the same name: the same UTF-8 bytes. Swift's `==` also takes canonically", style: .slashes)
    c.doc("equivalent text as equal (`café` with `é`, and with `e` and a combining accent), which the", style: .slashes)
    c.doc("bundle keeps as two names.", style: .slashes)
    c.block("func zappSameName(_ a: String, _ b: String) -> Bool {") { c in
      c.line("a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)")
    }
    c.line()
    c.doc("Hashes a name's UTF-8 bytes, as `zappSameName` compares them.", style: .slashes)
    c.block("func zappHashName(_ name: String, into hasher: inout Hasher) {") { c in
      c.line("var name = name")
      c.line("name.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }")
      c.line("hasher.combine(0xFF as UInt8)")
    }
    c.line()
  }

  private func registryFunctions(_ c: inout CodeText) {
    c.doc("A registry file's JSON: the platform, the client version, whether it applies fallbacks (only", style: .slashes)
    c.doc("when it does), then each list sorted.", style: .slashes)
    c.block(
      "func zappRegistryJSON(platform: String, clientVersion: String, appliesFallbacks: Bool, lists: [(String, [String])]) -> String {"
    ) { c in
      c.line(#"var out = "{\n  \"platform\": " + zappJSONString(platform)"#)
      c.line(#"out += ",\n  \"client_version\": " + zappJSONString(clientVersion)"#)
      c.line(#"if appliesFallbacks { out += ",\n  \"applies_fallbacks\": true" }"#)
      c.block("for (key, names) in lists {") { c in
        c.line(
          #"out += ",\n  " + zappJSONString(key) + ": [" + names.sorted(by: zappPrecedes).map(zappJSONString).joined(separator: ", ") + "]""#
        )
      }
      c.line(#"return out + "\n}\n""#)
    }
    c.line()
    c.doc("The registry's order, zlc's: the strings' order, then (for text Swift's strings take as", style: .slashes)
    c.doc("equal, `café` with `é` and with a combining accent) their UTF-8 bytes'.", style: .slashes)
    c.block("func zappPrecedes(_ a: String, _ b: String) -> Bool {") { c in
      c.line("a < b || (!(b < a) && a.utf8.lexicographicallyPrecedes(b.utf8))")
    }
    c.line()
    c.doc("A JSON string literal.", style: .slashes)
    c.block("func zappJSONString(_ text: String) -> String {") { c in
      c.line(#"var out = "\"""#)
      c.block("for scalar in text.unicodeScalars {") { c in
        c.switchBlock("switch scalar {") { c in
          c.line(#"case "\"": out += "\\\"""#)
          c.line(#"case "\\": out += "\\\\""#)
          c.line(#"case "\u{0}"..."\u{1F}":"#)
          c.line("  let hex = String(scalar.value, radix: 16)")
          c.line(#"  out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex"#)
          c.line("default: out.unicodeScalars.append(scalar)")
        }
      }
      c.line(#"return out + "\"""#)
    }
    c.line()
  }
}
