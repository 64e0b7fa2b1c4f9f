import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders

/// Generated Kotlin for one platform: `ZappClient.kt` in the package `zapp.<platform>` (`zapp` for
/// an app that names no platform), standard library only (Kotlin 1.3 and later).
package struct KotlinClientWriter {
  package let api: ClientAPI

  package init(api: ClientAPI) { self.api = api }

  package static let fileName = "ZappClient.kt"

  /// The package of a platform's code.
  package static func package(_ platform: String?) -> String { platform.map { "zapp." + $0 } ?? "zapp" }

  package func source() -> String {
    var c = CodeText(indent: "    ")
    for line in CodeLiteral.header(api, language: .kotlin, comment: "//") { c.line(line) }
    c.line()
    c.line("package " + Self.package(api.platform))
    c.line()
    c.doc("The platform this code was generated for (null: every platform of an app that names none).", style: .block)
    c.line("val ZAPP_PLATFORM: String? = " + (api.platform.map(CodeLiteral.kotlin) ?? "null"))
    c.doc("The SHA-256 of the project's input files this code was generated from.", style: .block)
    c.line("const val ZAPP_CONTENT_HASH = " + CodeLiteral.kotlin(api.contentHash))
    c.line()
    sealed(&c, "ZappScreenId", doc: "A screen of the project, by id.", cases: api.screens, noun: "The screen")
    let screenOf = Dictionary(api.screenTypes.map { ($0.name.wire, $0.screen) }, uniquingKeysWith: { a, _ in a })
    sealed(&c, "ZappScreenType", doc: "A screen type (`screen_types.json`).", cases: api.screenTypes.map(\.name), noun: "The screen type") {
      c in
      c.line()
      c.doc("The screen this screen type opens (null for one this build does not know).", style: .block)
      c.line("val screen: ZappScreenId?")
      // A `when` of `else` alone is a warning.
      c.line(api.screenTypes.isEmpty ? "    get() = null" : "    get() = \(Self.screenTypeScreens)0.of(wireName)")
    }
    screenTypeScreens(&c, screenOf: screenOf)
    sealed(&c, "ZappComponentType", doc: "A component type the screens use.", cases: api.componentTypes, noun: "Components of type")
    sealed(&c, "ZappCellLayout", doc: "A cell layout (`layout_id`) the screens use.", cases: api.cellLayouts, noun: "The cell layout")
    sealed(&c, "ZappLayoutKind", doc: "A layout kind the screens use.", cases: api.layoutKinds, noun: "The layout kind")
    sealed(&c, "ZappScreenPlugin", doc: "A screen plugin the screens use.", cases: api.screenPlugins, noun: "The screen plugin")
    sealed(
      &c, "ZappNavigationPlugin", doc: "A navigation plugin the screens' navigations use.", cases: api.navigationPlugins,
      noun: "The navigation plugin")
    renderers(&c)
    bundleIndex(&c)
    jsonReader(&c)
    if !api.plugins.isEmpty { valueReaders(&c) }
    for plugin in api.plugins {
      for model in plugin.models { self.model(&c, model, plugin: plugin) }
    }
    return c.text
  }

  /// A sealed class of names: an object per name and `Unknown`, compared by name, with `known` and `of`.
  package func sealed(
    _ c: inout CodeText, _ type: String, doc: String, cases: [ClientName], noun: String, extra: (inout CodeText) -> Void = { _ in }
  ) {
    c.doc(doc, style: .block)
    c.block("sealed class \(type)(val wireName: String) {") { c in
      for name in cases {
        c.doc("\(noun) \(CodeLiteral.commentName(name.wire)).", style: .block)
        c.line("object \(name.upper) : \(type)(\(CodeLiteral.kotlin(name.wire)))")
      }
      c.doc("A name this build does not know.", style: .block)
      c.line("class Unknown(wireName: String) : \(type)(wireName)")
      c.line()
      c.line("override fun equals(other: Any?): Boolean = other is \(type) && other.wireName == wireName")
      c.line()
      c.line("override fun hashCode(): Int = wireName.hashCode()")
      c.line()
      c.line("override fun toString(): String = wireName")
      extra(&c)
      c.line()
      c.block("companion object {") { c in
        c.doc("Every name the project has.", style: .block)
        let parts = chunked(cases)
        if parts.count <= 1 {
          c.line("val known: List<\(type)>")
          c.list(
            "    get() = listOf<\(type)>(", cases.map { "    " + $0.upper }, close: "    )", trailingComma: false,
            empty: "    get() = listOf<\(type)>()")
        } else {
          // In parts, each a method of its own: a JVM method holds 64 KiB of code.
          c.line("val known: List<\(type)> by lazy { " + parts.indices.map { "knownPart\($0)()" }.joined(separator: " + ") + " }")
          for (n, part) in parts.enumerated() {
            c.line()
            c.list("private fun knownPart\(n)() = listOf<\(type)>(", part.map(\.upper), close: ")", trailingComma: false)
          }
        }
        c.line()
        c.line("private val byWireName: Map<String, \(type)> by lazy { known.associateBy { it.wireName } }")
        c.line()
        c.doc("The case of a name as the bundle writes it; `Unknown` for one this build does not know.", style: .block)
        c.line("fun of(wireName: String): \(type) = byWireName[wireName] ?: Unknown(wireName)")
      }
    }
    c.line()
  }

  /// The object of each part of the screen types that says which screen each opens.
  package static let screenTypeScreens = "ZappScreenTypeScreens"

  /// `ZappScreenTypeScreens0`, `…1`, …: which screen each screen type opens, a `when` on the name
  /// (which kotlinc looks up by its hash) of at most `casesPerMethod` screen types in an object of
  /// its own, each passing the others to the next. A JVM method holds 64 KiB of code and a class
  /// 65,535 constants: in `ZappScreenType` beside its objects, the `when` of 6,000 screen types
  /// made a class kotlinc could not write ("Class too large").
  private func screenTypeScreens(_ c: inout CodeText, screenOf: [String: ClientName?]) {
    let parts = chunked(api.screenTypes.map(\.name))
    for (n, part) in parts.enumerated() {
      let which = part.count == 1 ? "the screen type" : "each of \(part.count) screen types"
      c.doc("Which screen \(which) opens (`ZappScreenType.screen`).", style: .block)
      c.block("private object \(Self.screenTypeScreens)\(n) {") { c in
        c.block("fun of(wireName: String): ZappScreenId? = when (wireName) {", close: "}") { c in
          for name in part {
            c.line("\(CodeLiteral.kotlin(name.wire)) -> " + ((screenOf[name.wire] ?? nil).map { "ZappScreenId.\($0.upper)" } ?? "null"))
          }
          c.line("else -> " + (n + 1 < parts.count ? "\(Self.screenTypeScreens)\(n + 1).of(wireName)" : "null"))
        }
      }
      c.line()
    }
  }

  /// Cases in parts small enough for one JVM method each.
  private func chunked(_ cases: [ClientName]) -> [ArraySlice<ClientName>] {
    stride(from: 0, to: cases.count, by: Self.casesPerMethod).map { cases[$0..<min(cases.count, $0 + Self.casesPerMethod)] }
  }

  /// Cases a generated method lists or compares: some 20 bytes of code each, far below 64 KiB.
  package static let casesPerMethod = 1000

  private var kinds: [(key: String, type: String, generic: String, members: [ClientName], wires: [ClientName], noun: String)] {
    [
      ("component_types", "ZappComponentType", "Component", api.componentMembers, api.componentTypes, "components of type"),
      ("cell_layouts", "ZappCellLayout", "Cell", api.cellMembers, api.cellLayouts, "cells of layout"),
      ("layout_kinds", "ZappLayoutKind", "Layout", api.layoutMembers, api.layoutKinds, "sections of layout kind"),
      ("screen_plugins", "ZappScreenPlugin", "Screen", api.screenMembers, api.screenPlugins, "screens of plugin"),
    ]
  }

  private func renderers(_ c: inout CodeText) {
    c.line("/**")
    c.line(" * The renderers a client needs to draw every screen: one member per component type, cell layout,")
    c.line(" * layout kind and screen plugin the screens use, so a client whose registry implements it does")
    c.line(" * not compile without a renderer for each. What a renderer is, is the client's choice: the type")
    c.line(" * parameters.")
    c.line(" */")
    c.block("interface ZappRenderers<out Component, out Cell, out Layout, out Screen> {") { c in
      for kind in kinds {
        for (member, wire) in zip(kind.members, kind.wires) {
          c.doc("Draws \(kind.noun) \(CodeLiteral.commentName(wire.wire)).", style: .block)
          c.line("val \(member.lower): \(kind.generic)")
        }
      }
    }
    c.line()
    let stars = ["*", "*", "*", "*"]
    for (i, kind) in kinds.enumerated() {
      var parameters = stars
      parameters[i] = "R"
      c.doc("The renderers of \(kind.noun.split(separator: " ").first ?? ""), by name.", style: .block)
      let property = kind.generic.lowercasedFirst + "Renderers"
      c.line("val <R> ZappRenderers<\(parameters.joined(separator: ", "))>.\(property): Map<\(kind.type), R>")
      let pairs = zip(kind.members, kind.wires).map { "\(kind.type).\($1.upper) to \($0.lower)" }
      c.list(
        "    get() = mapOf<\(kind.type), R>(", pairs.map { "    " + $0 }, close: "    )", trailingComma: false,
        empty: "    get() = mapOf<\(kind.type), R>()")
      c.line()
    }
    c.doc(
      "The renderer registry (a `registries/` file) of a client build with these renderers; `appliesFallbacks` when the build draws a component's fallback where it lacks a renderer.",
      style: .block)
    let platformParameter = api.platform.map { "platform: String = \(CodeLiteral.kotlin($0))" } ?? "platform: String"
    c.block(
      "fun ZappRenderers<*, *, *, *>.registryJson(clientVersion: String, \(platformParameter), appliesFallbacks: Boolean = false): String {"
    ) { c in
      c.line("val lists = listOf(")
      let entries = kinds.map { "    \(CodeLiteral.kotlin($0.key)) to \($0.generic.lowercasedFirst)Renderers.keys.map { it.wireName }" }
      for (i, entry) in entries.enumerated() { c.line(entry + (i == entries.count - 1 ? "" : ",")) }
      c.line(")")
      c.line("val out = StringBuilder(\"{\\n  \\\"platform\\\": \").append(zappJsonString(platform))")
      c.line("out.append(\",\\n  \\\"client_version\\\": \").append(zappJsonString(clientVersion))")
      c.line("if (appliesFallbacks) out.append(\",\\n  \\\"applies_fallbacks\\\": true\")")
      c.block("for ((key, names) in lists) {") { c in
        c.line("out.append(\",\\n  \").append(zappJsonString(key)).append(\": [\")")
        c.line("out.append(names.sorted().joinToString(\", \") { zappJsonString(it) }).append(\"]\")")
      }
      c.line("return out.append(\"\\n}\\n\").toString()")
    }
    c.line()
    c.doc("A JSON string literal.", style: .block)
    c.block("fun zappJsonString(text: String): String {") { c in
      c.line("val out = StringBuilder(\"\\\"\")")
      c.block("for (ch in text) {") { c in
        c.block("when {") { c in
          c.line("ch == '\"' -> out.append(\"\\\\\\\"\")")
          c.line("ch == '\\\\' -> out.append(\"\\\\\\\\\")")
          c.line("ch < ' ' -> out.append(\"\\\\u\").append((ch - '\\u0000').toString(16).padStart(4, '0'))")
          c.line("else -> out.append(ch)")
        }
      }
      c.line("return out.append('\"').toString()")
    }
    c.line()
  }
}
