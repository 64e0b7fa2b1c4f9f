import Foundation
import ZappLayout
import ZappModel
import ZappReaders

/// Generated TypeScript for one platform: `zapp-client.ts` (ES5 library, `tsc --strict`).
package struct TypeScriptClientWriter {
  package let api: ClientAPI

  package init(api: ClientAPI) { self.api = api }

  package static let fileName = "zapp-client.ts"

  package func source() -> String {
    var c = CodeText(indent: "  ")
    for line in CodeLiteral.header(api, language: .typescript, comment: "//") { c.line(line) }
    c.line()
    c.doc("The platform this code was generated for (null: every platform of an app that names none).", style: .block)
    c.line("export const zappPlatform: string | null = " + (api.platform.map(CodeLiteral.typescript) ?? "null") + ";")
    c.doc("The SHA-256 of the project's input files this code was generated from.", style: .block)
    c.line("export const zappContentHash = " + CodeLiteral.typescript(api.contentHash) + ";")
    c.line()
    c.doc("A name this build does not know, as the bundle writes it.", style: .block)
    c.block("export interface ZappUnknown {") { c in c.line("readonly unknown: string;") }
    c.line()
    c.doc("The case of a name among `known`, or a `ZappUnknown`.", style: .block)
    c.block("export function zappDecode<E extends string>(known: readonly E[], wireName: string): E | ZappUnknown {") { c in
      c.block("for (const value of known) {") { c in
        c.block("if (value === wireName) {") { c in c.line("return value;") }
      }
      c.line("return { unknown: wireName };")
    }
    c.line()
    // An object without a prototype, filled by assignment: `__proto__` is a name like any other.
    c.doc("`known` by name, for `zappDecode`'s lookups in one step: made once per list of names.", style: .block)
    c.block("export function zappIndex<E extends string>(known: readonly E[]): { readonly [wireName: string]: E | undefined } {") {
      c in
      c.line("const index: { [wireName: string]: E | undefined } = Object.create(null);")
      c.block("for (const value of known) {") { c in c.line("index[value] = value;") }
      c.line("return index;")
    }
    c.line()
    c.doc("The case of a name in an index of `zappIndex`, or a `ZappUnknown`.", style: .block)
    c.block(
      "export function zappDecodeIndexed<E extends string>(index: { readonly [wireName: string]: E | undefined }, wireName: string): E | ZappUnknown {"
    ) { c in
      c.line("const value = index[wireName];")
      c.line("return value !== undefined ? value : { unknown: wireName };")
    }
    c.line()
    c.doc("The name a decoded value stands for, as the bundle writes it.", style: .block)
    c.block("export function zappWireName(value: string | ZappUnknown): string {") { c in
      c.line(#"return typeof value === "string" ? value : value.unknown;"#)
    }
    c.line()
    wireEnum(&c, "ZappScreenId", doc: "A screen of the project, by id.", cases: api.screens, noun: "The screen")
    wireEnum(&c, "ZappScreenType", doc: "A screen type (`screen_types.json`).", cases: api.screenTypes.map(\.name), noun: "The screen type")
    // An object without a prototype, filled by assignment: a type named `__proto__` is a key like
    // any other, and `toString` or `constructor` opens nothing (ES5, as the rest of the file).
    c.doc("The screen each screen type opens.", style: .block)
    c.line("export const zappScreenOfType: { readonly [screenType: string]: ZappScreenId | undefined } = (() => {")
    c.block("  const map: { [screenType: string]: ZappScreenId | undefined } = Object.create(null);", close: "})();") { c in
      for (name, screen) in api.screenTypes {
        if let screen { c.line("map[\(CodeLiteral.typescript(name.wire))] = ZappScreenId.\(screen.upper);") }
      }
      c.line("return map;")
    }
    c.line()
    wireEnum(&c, "ZappComponentType", doc: "A component type the screens use.", cases: api.componentTypes, noun: "Components of type")
    wireEnum(&c, "ZappCellLayout", doc: "A cell layout (`layout_id`) the screens use.", cases: api.cellLayouts, noun: "The cell layout")
    wireEnum(&c, "ZappLayoutKind", doc: "A layout kind the screens use.", cases: api.layoutKinds, noun: "The layout kind")
    wireEnum(&c, "ZappScreenPlugin", doc: "A screen plugin the screens use.", cases: api.screenPlugins, noun: "The screen plugin")
    wireEnum(
      &c, "ZappNavigationPlugin", doc: "A navigation plugin the screens' navigations use.", cases: api.navigationPlugins,
      noun: "The navigation plugin")
    renderers(&c)
    bundleIndex(&c)
    bundleNames(&c)
    valueReaders(&c)
    for plugin in api.plugins {
      for model in plugin.models { self.model(&c, model, plugin: plugin) }
    }
    return c.text
  }

  /// A string enum, the list of its cases and its decoder (`zappScreenId("home")`).
  private func wireEnum(_ c: inout CodeText, _ type: String, doc: String, cases: [ClientName], noun: String) {
    c.doc(doc, style: .block)
    if cases.isEmpty {
      // An enum without members would be a numeric one: no name, no value.
      c.line("export type \(type) = never;")
    } else {
      c.block("export enum \(type) {") { c in
        for name in cases {
          c.doc("\(noun) \(CodeLiteral.commentName(name.wire)).", style: .block)
          c.line("\(name.upper) = \(CodeLiteral.typescript(name.wire)),")
        }
      }
    }
    let function = type.lowercasedFirst
    c.doc("Every name of `\(type)`.", style: .block)
    // An empty list is written typed: without `strictNullChecks`, `[]` is an `undefined[]`,
    // which `never[]` does not take.
    c.list(
      "export const \(function)s: readonly \(type)[] = [", cases.map { "\(type).\($0.upper)" }, close: "];", trailingComma: true,
      empty: "export const \(function)s: readonly \(type)[] = new Array<\(type)>();")
    // Looked up by name, not by a scan of every name: a bundle of thousands of screens decodes
    // each of them.
    // Typed: an empty list's `never` would be inferred as `string`.
    c.line("const \(function)Index = zappIndex<\(type)>(\(function)s);")
    c.doc("The `\(type)` of a name, or a `ZappUnknown` for one this build does not know.", style: .block)
    c.block("export function \(function)(wireName: string): \(type) | ZappUnknown {") { c in
      c.line("return zappDecodeIndexed<\(type)>(\(function)Index, wireName);")
    }
    c.line()
  }

  private var kinds: [(key: String, type: String, members: [ClientName], wires: [ClientName], noun: String)] {
    [
      ("component_types", "Component", api.componentMembers, api.componentTypes, "components of type"),
      ("cell_layouts", "Cell", api.cellMembers, api.cellLayouts, "cells of layout"),
      ("layout_kinds", "Layout", api.layoutMembers, api.layoutKinds, "sections of layout kind"),
      ("screen_plugins", "Screen", api.screenMembers, api.screenPlugins, "screens of plugin"),
    ]
  }

  private func renderers(_ c: inout CodeText) {
    c.line("/**")
    c.line(" * The renderers a client needs to draw every screen: one member per component type, cell layout,")
    c.line(" * layout kind and screen plugin the screens use, so a client whose registry implements it does")
    c.line(" * not compile without a renderer for each. What a renderer is, is the client's choice: the type")
    c.line(" * parameters.")
    c.line(" */")
    // A kind the screens do not use leaves its type parameter unread: named in an `extends` of no
    // members, so that `noUnusedParameters` holds and the parameters stay the same for every app.
    let unused = kinds.filter(\.members.isEmpty).map(\.type)
    let heritage = unused.isEmpty ? "" : " extends Record<never, \(unused.joined(separator: " | "))>"
    c.block("export interface ZappRenderers<Component, Cell, Layout, Screen>\(heritage) {") { c in
      for kind in kinds {
        for (member, wire) in zip(kind.members, kind.wires) {
          c.doc("Draws \(kind.noun) \(CodeLiteral.commentName(wire.wire)).", style: .block)
          c.line("readonly \(member.lower): \(kind.type);")
        }
      }
    }
    c.line()
    c.doc("The member of `ZappRenderers` for each name, list by list.", style: .block)
    c.block("const zappRendererMembers: { readonly [list: string]: { readonly [member: string]: string } } = {") { c in
      for kind in kinds {
        c.block("\(kind.key): {", close: "},") { c in
          for (member, wire) in zip(kind.members, kind.wires) { c.line("\(member.lower): \(CodeLiteral.typescript(wire.wire)),") }
        }
      }
    }
    c.line()
    c.doc(
      "The renderer registry (a `registries/` file) of a client build with these renderers; `appliesFallbacks` when the build draws a component's fallback where it lacks a renderer.",
      style: .block)
    c.line("export function zappRegistryJson<Component, Cell, Layout, Screen>(")
    c.line("  renderers: ZappRenderers<Component, Cell, Layout, Screen>,")
    c.line("  clientVersion: string,")
    c.line("  platform: string" + (api.platform.map { " = " + CodeLiteral.typescript($0) } ?? "") + ",")
    c.line("  appliesFallbacks: boolean = false,")
    c.block("): string {") { c in
      c.line(
        "const registry: { [key: string]: string | string[] | boolean } = { platform: platform, client_version: clientVersion };")
      c.line("if (appliesFallbacks) registry[\"applies_fallbacks\"] = true;")
      c.line("const present = renderers as unknown as { readonly [member: string]: unknown };")
      c.block("for (const list in zappRendererMembers) {") { c in
        c.line("const members = zappRendererMembers[list];")
        c.line("const names: string[] = [];")
        c.block("for (const member in members) {") { c in
          // Checked, as `noUncheckedIndexedAccess` asks: each read of an index may be undefined.
          c.line("const name = members[member];")
          c.block("if (present[member] !== undefined && name !== undefined) {") { c in c.line("names.push(name);") }
        }
        c.line("registry[list] = names.sort();")
      }
      c.line(#"return JSON.stringify(registry, null, 2) + "\n";"#)
    }
    c.line()
  }

  private func bundleIndex(_ c: inout CodeText) {
    c.doc("One screen of the bundle and its file.", style: .block)
    c.block("export interface ZappBundleScreen {") { c in
      c.line("readonly id: ZappScreenId | ZappUnknown;")
      c.line("readonly name: string | null;")
      c.line("readonly file: string;")
      c.line("readonly sha256: string;")
    }
    c.line()
    c.doc("What the screens need drawn on one platform.", style: .block)
    c.block("export interface ZappRequiredRenderers {") { c in
      c.line("readonly platform: string;")
      c.line("readonly componentTypes: readonly (ZappComponentType | ZappUnknown)[];")
      c.line("readonly cellLayouts: readonly (ZappCellLayout | ZappUnknown)[];")
      c.line("readonly layoutKinds: readonly (ZappLayoutKind | ZappUnknown)[];")
      c.line("readonly screenPlugins: readonly (ZappScreenPlugin | ZappUnknown)[];")
      c.doc("The plugins the screens' navigations are drawn with.", style: .block)
      c.line("readonly navigationPlugins: readonly (ZappNavigationPlugin | ZappUnknown)[];")
      c.doc("The oldest Zapp SDK a client of the platform must have; null when the bundle gives none.", style: .block)
      c.line("readonly minZappSdk: string | null;")
      c.doc("The first Zapp SDK that can no longer draw the screens; null when the bundle gives none.", style: .block)
      c.line("readonly unsupportedSinceZappSdk: string | null;")
    }
    c.line()
    c.doc("A key of one of the bundle's maps (a content type, a `ui_tag`) and the screen it opens.", style: .block)
    c.block("export interface ZappMapping {") { c in
      c.line("readonly key: string;")
      c.line("readonly screen: ZappScreenId | ZappUnknown;")
    }
    c.line()
    c.doc("The sections one registered client build draws with their fallbacks.", style: .block)
    c.block("export interface ZappClientFallbacks {") { c in
      c.line("readonly platform: string;")
      c.line("readonly clientVersion: string;")
      c.doc("The share of the platform's active installs the build has (0 to 1), when its registry says.", style: .block)
      c.line("readonly installs: number | null;")
      c.line("readonly sections: readonly { readonly screen: ZappScreenId | ZappUnknown; readonly section: number }[];")
    }
    c.line()
    c.doc("A device the bundle's geometry was computed for.", style: .block)
    c.block("export interface ZappDevice {") { c in
      c.line("readonly name: string;")
      c.doc("Its device class: \(SwiftClientWriter.deviceClasses).", style: .block)
      c.line("readonly deviceClass: string;")
      c.doc("Its width in points.", style: .block)
      c.line("readonly width: number;")
      c.doc("The size class its width falls in, when the bundle says.", style: .block)
      c.line("readonly sizeClass: string | null;")
      c.doc("The window's state (`portrait`, `split_view`, …), when the bundle names one.", style: .block)
      c.line("readonly state: string | null;")
    }
    c.line()
    c.doc("A size class: a range of window widths and the device class a window of that width reads.", style: .block)
    c.block("export interface ZappSizeClass {") { c in
      c.line("readonly name: string;")
      c.doc("Its device class: \(SwiftClientWriter.deviceClasses).", style: .block)
      c.line("readonly deviceClass: string;")
      c.doc("The smallest width of the class, inclusive.", style: .block)
      c.line("readonly minWidth: number;")
      c.doc("The first width past the class (exclusive); null for no upper bound.", style: .block)
      c.line("readonly maxWidth: number | null;")
    }
    c.line()
    c.doc("The parts of `bundle.json` a client reads first, typed with the project's names.", style: .block)
    c.block("export interface ZappBundleIndex {") { c in
      c.line("readonly formatVersion: number;")
      c.doc("`app` of `zlc.json`; null when it names none.", style: .block)
      c.line("readonly app: string | null;")
      c.doc("The version of zlc that wrote the bundle.", style: .block)
      c.line("readonly zlcVersion: string;")
      c.doc("The devices the geometry was computed for, in the bundle's order.", style: .block)
      c.line("readonly devices: readonly ZappDevice[];")
      c.doc("The size classes, in the bundle's order (\(SwiftClientWriter.defaultSizeClassesText) when it gives none).", style: .block)
      c.line("readonly sizeClasses: readonly ZappSizeClass[];")
      c.doc("The platform the bundle is for; null when the app names none.", style: .block)
      c.line("readonly platform: string | null;")
      c.line("readonly screens: readonly ZappBundleScreen[];")
      c.line(
        "readonly screenTypes: readonly { readonly screenType: ZappScreenType | ZappUnknown; readonly screen: ZappScreenId | ZappUnknown }[];"
      )
      c.doc("Feed entry type → the screen it opens, in the bundle's order.", style: .block)
      c.line("readonly contentTypes: readonly ZappMapping[];")
      c.doc("`ui_tag` → the screen a feed item carrying it opens, in the bundle's order.", style: .block)
      c.line("readonly uiTags: readonly ZappMapping[];")
      c.doc("Feed entry type → the screen it opens when nothing else maps it, in the bundle's order.", style: .block)
      c.line("readonly fallbackScreens: readonly ZappMapping[];")
      c.line("readonly requiredRenderers: readonly ZappRequiredRenderers[];")
      c.doc("Per registered client build, the sections it draws with their fallbacks.", style: .block)
      c.line("readonly fallbacks: readonly ZappClientFallbacks[];")
      c.doc("The ids of the compact form's shared layouts (`layouts`), sorted; none in the expanded form.", style: .block)
      c.line("readonly layoutIds: readonly string[];")
    }
    c.line()
    c.block("function zappIsObject(value: unknown): value is { readonly [key: string]: unknown } {") { c in
      c.line(#"return typeof value === "object" && value !== null && !Array.isArray(value);"#)
    }
    c.line()
    c.doc("The texts of the list `value`: none when absent or null; anything but a list of strings throws.", style: .block)
    c.block("function zappStrings(value: unknown, path: string): string[] {") { c in
      c.block("if (value === undefined || value === null) {") { c in c.line("return [];") }
      c.block(#"if (!Array.isArray(value) || !value.every((v): v is string => typeof v === "string")) {"#) { c in
        c.line(#"throw new Error(path + " is not a list of strings");"#)
      }
      c.line("return value;")
    }
    c.line()
    c.doc("The text of `value`: null when absent or null; a value of another type throws.", style: .block)
    c.block("function zappString(value: unknown, path: string): string | null {") { c in
      c.block("if (value === undefined || value === null) {") { c in c.line("return null;") }
      c.block(#"if (typeof value !== "string") {"#) { c in c.line(#"throw new Error(path + " is not a string");"#) }
      c.line("return value;")
    }
    c.line()
    c.doc("The names a client without renderers beyond this project's cannot draw: the unknown ones.", style: .block)
    c.block("export function zappUnknownNames(renderers: ZappRequiredRenderers): string[] {") { c in
      c.line("const all: (string | ZappUnknown)[] = [];")
      c.line("const lists = [")
      c.line(
        "  renderers.componentTypes, renderers.cellLayouts, renderers.layoutKinds, renderers.screenPlugins, renderers.navigationPlugins,")
      c.line("];")
      c.block("for (const list of lists) {") { c in
        c.block("for (const value of list) {") { c in all(&c) }
      }
      c.line(#"return all.filter((v): v is ZappUnknown => typeof v !== "string").map((v) => v.unknown);"#)
    }
    c.line()
    c.line("/**")
    c.line(" * The names the bundle needs drawn on `platform` that this build has no renderer for (empty: it")
    c.line(" * draws every screen), or null when the bundle lists no renderers for it (a bundle of another")
    c.line(" * platform, or of an app that names none): then nothing can be verified.")
    c.line(" */")
    c.line("export function zappMissingRenderers(")
    c.line("  index: ZappBundleIndex,")
    c.line("  platform: string | null = zappPlatform,")
    c.block("): string[] | null {") { c in
      c.block("for (const renderers of index.requiredRenderers) {") { c in
        c.block("if (renderers.platform === platform) {") { c in c.line("return zappUnknownNames(renderers);") }
      }
      c.line("return null;")
    }
    c.line()
    supportsClient(&c)
    c.line()
    mappingsAndFallbacks(&c)
    ClientSizeClassCheck.typescript(&c)
    c.line()
    c.doc("Decodes the text of `bundle.json`; a name this build does not know decodes as a `ZappUnknown`.", style: .block)
    c.block("export function zappDecodeBundleIndex(json: string): ZappBundleIndex {") { c in
      c.line("let root: unknown;")
      c.line("try {")
      c.line("  root = JSON.parse(json, zappFiniteNumbers);")
      c.line("} catch (e) {")
      // The reviver walks the value recursively: a text nested past the stack is refused as zlc
      // refuses it (zappMapNames throws at the first level too deep), not as a RangeError.
      c.line("  if (e instanceof RangeError) zappMapNames(json, []);")
      c.line("  throw e;")
      c.line("}")
      c.block("if (!zappIsObject(root)) {") { c in c.line(#"throw new Error("bundle.json is not a JSON object");"#) }
      c.line(#"const names = zappMapNames(json, ["screen_types", "content_types", "ui_tags", "fallback_screens"]);"#)
      c.line("// The version first: a newer format may change any other key. A whole number of 32 bits.")
      c.line(#"const version = root["format_version"];"#)
      c.block(#"if (typeof version !== "number" || (version | 0) !== version) {"#) { c in
        c.line(#"throw new Error("format_version is missing or not a whole number");"#)
      }
      // Only the formats the runtime reads: another may say anything else in the same keys.
      let (oldest, newest) = (BundleIndex.readableFormatVersions.lowerBound, BundleIndex.readableFormatVersions.upperBound)
      c.block("if (version < \(oldest) || version > \(newest)) {") { c in
        c.line(#"throw new Error("format_version " + version + " is not one this client reads (\#(oldest) to \#(newest))");"#)
      }
      c.line(#"const app = zappString(root["app"], "app");"#)
      c.line(#"const platform = zappString(root["platform"], "platform");"#)
      c.line(#"const zlcVersion = root["zlc_version"];"#)
      c.block(#"if (typeof zlcVersion !== "string") {"#) { c in c.line(#"throw new Error("zlc_version is missing or not a string");"#) }
      c.line(#"const devices = zappDevices(root["devices"]);"#)
      c.line(#"const sizeClasses = zappSizeClasses(root["size_classes"]);"#)
      c.line(#"const entries = root["screens"];"#)
      c.block("if (!Array.isArray(entries)) {") { c in c.line(#"throw new Error("screens is missing or not a list");"#) }
      c.line("const screens: ZappBundleScreen[] = [];")
      c.line(#"const ids: { [id: string]: boolean } = {}; // "$" before each id, so that "__proto__" is an id like any other"#)
      c.block("entries.forEach((entry: unknown, i: number) => {", close: "});") { c in
        c.line(#"const at = "screens[" + i + "]";"#)
        c.line(#"const id = zappIsObject(entry) ? entry["id"] : undefined;"#)
        c.line(#"const file = zappIsObject(entry) ? entry["file"] : undefined;"#)
        c.block(#"if (!zappIsObject(entry) || typeof id !== "string" || typeof file !== "string") {"#) { c in
          c.line(#"throw new Error(at + " has no id or file");"#)
        }
        c.block(#"if (ids["$" + id]) {"#) { c in c.line(#"throw new Error(at + ".id '" + id + "' is listed twice");"#) }
        c.line(#"ids["$" + id] = true;"#)
        c.line(#"const sha256 = entry["sha256"];"#)
        c.block(#"if (typeof sha256 !== "string") {"#) { c in c.line(#"throw new Error(at + ".sha256 is missing or not a string");"#) }
        c.line(#"const name = zappString(entry["name"], at + ".name");"#)
        c.block("if (!zappIsInside(file)) {") { c in c.line(#"throw new Error(at + ".file \#(SwiftClientWriter.fileOutside)");"#) }
        c.line("screens.push({ id: zappScreenId(id), name: name, file: file, sha256: sha256 });")
      }
      c.line("const screenTypes: { screenType: ZappScreenType | ZappUnknown; screen: ZappScreenId | ZappUnknown }[] = [];")
      c.line(#"const mappings = root["screen_types"];"#)
      c.block("if (!zappIsObject(mappings)) {") { c in c.line(#"throw new Error("screen_types is missing or not an object");"#) }
      c.block("for (const key of names[0] ?? []) {") { c in
        c.line("const id = mappings[key];")
        c.block(#"if (typeof id !== "string") {"#) { c in c.line(#"throw new Error("screen_types." + key + " is not a string");"#) }
        c.line("screenTypes.push({ screenType: zappScreenType(key), screen: zappScreenId(id) });")
      }
      c.line("const requiredRenderers: ZappRequiredRenderers[] = [];")
      c.line(#"const required = root["required_renderers"] ?? [];"#)
      c.block("if (!Array.isArray(required)) {") { c in c.line(#"throw new Error("required_renderers is not a list");"#) }
      c.block("required.forEach((entry: unknown, i: number) => {", close: "});") { c in
        c.line(#"const at = "required_renderers[" + i + "]";"#)
        c.line(#"const platform = zappIsObject(entry) ? entry["platform"] : undefined;"#)
        c.block(#"if (!zappIsObject(entry) || typeof platform !== "string") {"#) { c in
          c.line(#"throw new Error(at + " has no platform");"#)
        }
        c.block("requiredRenderers.push({", close: "});") { c in
          c.line("platform: platform,")
          c.line(#"componentTypes: zappStrings(entry["component_types"], at + ".component_types").map(zappComponentType),"#)
          c.line(#"cellLayouts: zappStrings(entry["cell_layouts"], at + ".cell_layouts").map(zappCellLayout),"#)
          c.line(#"layoutKinds: zappStrings(entry["layout_kinds"], at + ".layout_kinds").map(zappLayoutKind),"#)
          c.line(#"screenPlugins: zappStrings(entry["screen_plugins"], at + ".screen_plugins").map(zappScreenPlugin),"#)
          c.line(
            #"navigationPlugins: zappStrings(entry["navigation_plugins"], at + ".navigation_plugins").map(zappNavigationPlugin),"#)
          c.line(#"minZappSdk: zappString(entry["min_zapp_sdk"], at + ".min_zapp_sdk"),"#)
          c.line(#"unsupportedSinceZappSdk: zappString(entry["unsupported_since_zapp_sdk"], at + ".unsupported_since_zapp_sdk"),"#)
        }
      }
      c.block("return {", close: "};") { c in
        c.line("formatVersion: version,")
        c.line("app: app,")
        c.line("platform: platform,")
        c.line("zlcVersion: zlcVersion,")
        c.line("devices: devices,")
        c.line("sizeClasses: sizeClasses,")
        c.line("screens: screens,")
        c.line("screenTypes: screenTypes,")
        c.line(#"contentTypes: zappMappings(root, "content_types", names[1] ?? [], true),"#)
        c.line(#"uiTags: zappMappings(root, "ui_tags", names[2] ?? [], false),"#)
        c.line(#"fallbackScreens: zappMappings(root, "fallback_screens", names[3] ?? [], false),"#)
        c.line("requiredRenderers: requiredRenderers,")
        c.line(#"fallbacks: zappFallbacks(root["fallbacks"]),"#)
        c.line(#"layoutIds: zappLayoutIds(root["layouts"], version),"#)
      }
    }
    c.line()
  }

  /// `zappSupportsClient` and the version comparison it uses: `ZappSDKVersion.compare`'s rules, on
  /// UTF-16 code units (their ASCII is the same), each number as its digits (exact past 2^53).
  private func supportsClient(_ c: inout CodeText) {
    c.line("/**")
    c.line(" * Whether a client whose Zapp SDK is `zappSdk` may take the bundle on `platform`: its SDK is at")
    c.line(" * least the platform's `minZappSdk` and older than its `unsupportedSinceZappSdk` (a bound left")
    c.line(" * out holds for every client), or null when the bundle lists no renderers for it. A client it")
    c.line(" * does not support keeps its previous bundle.")
    c.line(" */")
    c.line("export function zappSupportsClient(")
    c.line("  index: ZappBundleIndex,")
    c.line("  zappSdk: string,")
    c.line("  platform: string | null = zappPlatform,")
    c.block("): boolean | null {") { c in
      c.block("for (const renderers of index.requiredRenderers) {") { c in
        c.block("if (renderers.platform === platform) {") { c in
          c.line("const oldest = renderers.minZappSdk;")
          c.line("const until = renderers.unsupportedSinceZappSdk;")
          c.line(
            "return (oldest === null || zappCompareSdk(zappSdk, oldest) >= 0) && (until === null || zappCompareSdk(zappSdk, until) < 0);")
        }
      }
      c.line("return null;")
    }
    c.line()
    c.doc("A version's numbers as digits without leading zeros (`\"\"` is 0), as `zappCompareSdk` reads them.", style: .block)
    c.block("function zappSdkParts(version: string): string[] {") { c in
      c.line("let core = version;")
      c.block("for (const piece of version.split(/[-+]/)) {") { c in
        c.block(#"if (piece !== "") {"#) { c in
          c.line("core = piece;")
          c.line("break;")
        }
      }
      c.line("const parts: string[] = [];")
      c.block("for (const part of core.split(\".\")) {") { c in
        c.line("let end = 0;")
        c.block("while (end < part.length && part.charCodeAt(end) >= 48 && part.charCodeAt(end) <= 57) {") { c in
          c.line("end += 1;")
        }
        c.line(#"const digits = part.slice(0, end).replace(/^0+/, "");"#)
        c.block(#"if (part !== "") {"#) { c in
          c.line(#"parts.push(digits.length > 19 || (digits.length === 19 && digits > "9223372036854775807") ? "" : digits);"#)
        }
      }
      c.line("return parts;")
    }
    c.line()
    c.doc("A version's pre-release identifiers (after the `-` that ends its numbers, before a `+`), or null for a release.", style: .block)
    c.block("function zappSdkTag(version: string): string[] | null {") { c in
      c.line("let i = 0;")
      c.block(#"while (i < version.length && (version[i] === "-" || version[i] === "+")) {"#) { c in
        c.line("i += 1;")
      }
      c.block(#"while (i < version.length && version[i] !== "-" && version[i] !== "+") {"#) { c in
        c.line("i += 1;")
      }
      c.block(#"if (i >= version.length || version[i] !== "-") {"#) { c in
        c.line("return null;")
      }
      c.line(#"const plus = version.indexOf("+", i + 1);"#)
      c.line("const text = version.slice(i + 1, plus < 0 ? version.length : plus);")
      c.line(#"return text === "" ? null : text.split(".");"#)
    }
    c.line()
    c.doc(
      "-1, 0 or 1 as `a` is before, equal to or after `b` by code point, as UTF-8 bytes order (UTF-16 puts U+E000 to U+FFFF after a surrogate pair).",
      style: .block)
    c.block("function zappCodePointOrder(a: string, b: string): number {") { c in
      c.block("for (let i = 0; i < Math.min(a.length, b.length); i += 1) {") { c in
        c.line("const x = a.charCodeAt(i);")
        c.line("const y = b.charCodeAt(i);")
        c.block("if (x !== y) {") { c in
          c.block("if (x < 0xd800 || y < 0xd800) {") { c in
            c.line("return x < y ? -1 : 1;")
          }
          c.line("return (x >= 0xe000 ? x - 0x800 : x + 0x2000) < (y >= 0xe000 ? y - 0x800 : y + 0x2000) ? -1 : 1;")
        }
      }
      c.line("return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;")
    }
    c.line()
    c.doc("-1, 0 or 1 as pre-release identifier `a` comes before, with or after `b` (SemVer precedence).", style: .block)
    c.block("function zappSdkOrder(a: string, b: string): number {") { c in
      c.line("const an = /^[0-9]+$/.test(a);")
      c.line("const bn = /^[0-9]+$/.test(b);")
      c.block("if (an !== bn) {") { c in
        c.line("return an ? -1 : 1;")
      }
      c.line(#"const l = an ? a.replace(/^0+/, "") : a;"#)
      c.line(#"const r = bn ? b.replace(/^0+/, "") : b;"#)
      c.block("if (an && l.length !== r.length) {") { c in
        c.line("return l.length < r.length ? -1 : 1;")
      }
      c.line("return zappCodePointOrder(l, r);")
    }
    c.line()
    c.line("/**")
    c.line(" * -1, 0 or 1 as SDK version `a` is older than, the same as or newer than `b`, number by number:")
    c.line(" * a missing part is 0, a part's leading ASCII digits are its number (0 when none, or too big),")
    c.line(" * empty parts are skipped. With the same numbers, a pre-release (`-beta.2`) is older than the")
    c.line(" * release, and two compare by SemVer precedence; a build tag (`+7`) is ignored.")
    c.line(" */")
    c.block("export function zappCompareSdk(a: string, b: string): number {") { c in
      c.line("const x = zappSdkParts(a);")
      c.line("const y = zappSdkParts(b);")
      c.block("for (let i = 0; i < Math.max(x.length, y.length); i += 1) {") { c in
        c.line(#"const l = x[i] ?? "";"#)
        c.line(#"const r = y[i] ?? "";"#)
        c.block("if (l !== r) {") { c in
          c.line("return l.length < r.length || (l.length === r.length && l < r) ? -1 : 1;")
        }
      }
      c.line("const p = zappSdkTag(a);")
      c.line("const q = zappSdkTag(b);")
      c.block("if (p === null || q === null) {") { c in
        c.line("return p === null ? (q === null ? 0 : 1) : -1;")
      }
      c.block("for (let i = 0; i < Math.min(p.length, q.length); i += 1) {") { c in
        c.line(#"const o = zappSdkOrder(p[i] ?? "", q[i] ?? "");"#)
        c.block("if (o !== 0) {") { c in
          c.line("return o;")
        }
      }
      c.line("return p.length === q.length ? 0 : p.length < q.length ? -1 : 1;")
    }
  }

  private func all(_ c: inout CodeText) { c.line("all.push(value);") }
}
