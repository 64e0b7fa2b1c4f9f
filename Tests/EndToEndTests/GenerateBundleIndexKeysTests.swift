import Foundation
import XCTest
import ZappLayout

/// The generated decoders of `bundle.json` read `app`, `platform`, `zlc_version`, `devices`,
/// `content_types`, `ui_tags`, `fallback_screens` and `fallbacks` as typed values and refuse a value of another type, as the
/// runtime (`ScreenBundle.load`) does; each is compiled and run on the minimal project's bundle
/// edited one way per case. A section index of 9e15 or more is refused in every language (the
/// runtime holds it exactly; JavaScript's numbers and the Kotlin reader's doubles cannot).
final class GenerateBundleIndexKeysTests: XCTestCase {
  /// One edit of the bundle's text, what every decoder prints for it (`ok PLATFORM CONTENT-TYPES
  /// UI-TAGS FALLBACK-SCREENS FALLBACKS APP ZLC-VERSION DEVICES` or `refused WHY`; an `ok` of the
  /// first six alone goes on with the minimal project's `app`, `zlc_version` and `devices`), and
  /// whether the runtime takes it.
  private struct Edit {
    var old: String
    var new: String
    var expected: String
    var runtimeTakes: Bool

    init(_ old: String, _ new: String, _ expected: String, runtimeTakes: Bool? = nil) {
      self.old = old
      self.new = new
      let fields = expected.split(separator: " ").count
      self.expected = expected.hasPrefix("ok") && fields == 6 ? expected + " min 1.0 " + GenerateBundleIndexKeysTests.devices : expected
      self.runtimeTakes = runtimeTakes ?? expected.hasPrefix("ok")
    }
  }

  private static let types = #""content_types":{}"#
  /// The minimal project's devices as the decoders print them (`NAME/CLASS/WIDTH/SIZE-CLASS/STATE`).
  private static let devices = "phone/phone/375/S/nil+tablet/tablet/1024/L/nil"
  /// The minimal project's first device, and what follows it as printed.
  private static let phone = #"{"name":"phone","class":"phone","width":375,"size_class":"S"}"#
  private static let tablet = "+tablet/tablet/1024/L/nil"
  private static let width = "is missing or not a number from 1 to 10000"

  /// The first device with `rest` as its members after `name`.
  private static func phone(_ rest: String) -> String { #"{"name":"phone","# + rest + "}" }
  private static let index = "is missing or not a whole number from 0 to 8999999999999999"

  /// `fallbacks` with one client and `rest` as its members after `platform`.
  private static func fallbacks(_ rest: String) -> String { #""content_types":{},"fallbacks":[{"platform":"ios","# + rest + "}]" }

  /// `fallbacks` with one client whose one section is `section`.
  private static func section(_ section: String) -> String { fallbacks(#""client_version":"1","sections":[\#(section)]"#) }

  private static let edits: [Edit] = [
    Edit(types, types, "ok ios - - - -"),
    Edit(#""platform":"ios""#, #""platform":null"#, "ok nil - - - -"),
    Edit(#""platform":"ios","#, "", "ok nil - - - -"),
    Edit(#""platform":"ios""#, #""platform":7"#, "refused platform is not a string"),
    Edit(types, #""content_types":{"video":"home","1":"home","__proto__":"home"}"#, "ok ios video=home,1=home,__proto__=home - - -"),
    Edit(types + ",", "", "refused content_types is missing or not an object"),
    Edit(types, #""content_types":null"#, "refused content_types is missing or not an object"),
    Edit(types, #""content_types":[]"#, "refused content_types is missing or not an object"),
    Edit(types, #""content_types":{"video":7}"#, "refused content_types.video is not a string"),
    Edit(types, #""content_types":{"a":"home","a":"home"}"#, "refused bundle.json: duplicate key 'a'"),
    Edit(types, types + #","ui_tags":{"promo":"home"},"fallback_screens":{"video":"home"}"#, "ok ios - promo=home video=home -"),
    Edit(types, types + #","ui_tags":null,"fallback_screens":null,"fallbacks":null"#, "ok ios - - - -"),
    Edit(types, types + #","ui_tags":[]"#, "refused ui_tags is not an object"),
    Edit(types, types + #","fallback_screens":{"link":false}"#, "refused fallback_screens.link is not a string"),
    Edit(
      types,
      fallbacks(#""client_version":"19","installs":0.5,"sections":[{"screen_id":"home","section":1},{"screen_id":"x","section":2.0}]"#)
        + #","fallbacks_more":[]"#,
      "ok ios - - - ios/19/50/home:1+x:2"),
    Edit(types, fallbacks(#""client_version":"19","installs":null,"sections":[]"#), "ok ios - - - ios/19/nil/"),
    Edit(types, types + #","fallbacks":{}"#, "refused fallbacks is not a list"),
    Edit(types, types + #","fallbacks":[7]"#, "refused fallbacks[0] is not an object"),
    Edit(
      types, types + #","fallbacks":[{"client_version":"1","sections":[]}]"#, "refused fallbacks[0].platform is missing or not a string"),
    Edit(types, fallbacks(#""client_version":19,"sections":[]"#), "refused fallbacks[0].client_version is missing or not a string"),
    Edit(
      types, fallbacks(#""client_version":"1","installs":"0.5","sections":[]"#), "refused fallbacks[0].installs is not a number from 0 to 1"
    ),
    Edit(
      types, fallbacks(#""client_version":"1","installs":1.5,"sections":[]"#), "refused fallbacks[0].installs is not a number from 0 to 1"),
    Edit(
      types, fallbacks(#""client_version":"1","installs":true,"sections":[]"#), "refused fallbacks[0].installs is not a number from 0 to 1"),
    Edit(types, fallbacks(#""client_version":"1""#), "refused fallbacks[0].sections is missing or not a list"),
    Edit(types, section("[]"), "refused fallbacks[0].sections[0] is not an object"),
    Edit(types, section(#"{"section":1}"#), "refused fallbacks[0].sections[0].screen_id is missing or not a string"),
    Edit(types, section(#"{"screen_id":"home","section":"1"}"#), "refused fallbacks[0].sections[0].section " + index),
    Edit(types, section(#"{"screen_id":"home","section":1.5}"#), "refused fallbacks[0].sections[0].section " + index),
    Edit(types, section(#"{"screen_id":"home","section":-1}"#), "refused fallbacks[0].sections[0].section " + index),
    Edit(types, section(#"{"screen_id":"home","section":true}"#), "refused fallbacks[0].sections[0].section " + index),
    Edit(types, section(#"{"screen_id":"home"}"#), "refused fallbacks[0].sections[0].section " + index),
    Edit(types, section(#"{"screen_id":"home","section":1e3}"#), "ok ios - - - ios/1/nil/home:1000"),
    Edit(types, section(#"{"screen_id":"home","section":8999999999999999}"#), "ok ios - - - ios/1/nil/home:8999999999999999"),
    // Beyond what every language holds exactly: refused, never rounded (the runtime holds them).
    Edit(
      types, section(#"{"screen_id":"home","section":9000000000000000}"#), "refused fallbacks[0].sections[0].section " + index,
      runtimeTakes: true),
    Edit(
      types, section(#"{"screen_id":"home","section":9007199254740993}"#), "refused fallbacks[0].sections[0].section " + index,
      runtimeTakes: true),
    Edit(types, section(#"{"screen_id":"home","section":9000000000000000.0}"#), "refused fallbacks[0].sections[0].section " + index),
    // app, zlc_version and devices.
    Edit(#""app":"min""#, #""app":null"#, "ok ios - - - - nil 1.0 " + devices),
    Edit(#""app":"min","#, "", "ok ios - - - - nil 1.0 " + devices),
    Edit(#""app":"min""#, #""app":7"#, "refused app is not a string"),
    Edit(#""zlc_version":"1.0","#, "", "refused zlc_version is missing or not a string"),
    Edit(#""zlc_version":"1.0""#, #""zlc_version":null"#, "refused zlc_version is missing or not a string"),
    Edit(#""zlc_version":"1.0""#, #""zlc_version":1"#, "refused zlc_version is missing or not a string"),
    Edit(#""zlc_version":"1.0""#, #""zlc_version":"2.3.4-beta""#, "ok ios - - - - min 2.3.4-beta " + devices),
    Edit(#""devices":["#, #""devices_old":["#, "refused devices is missing or not a list"),
    Edit(#""devices":["#, #""devices":null,"old":["#, "refused devices is missing or not a list"),
    Edit(#""devices":["#, #""devices":{},"old":["#, "refused devices is missing or not a list"),
    Edit(#""devices":["#, #""devices":[],"old":["#, "ok ios - - - - min 1.0 -"),
    Edit(phone, "7", "refused devices[0] is not an object"),
    Edit(phone, #"{"class":"phone","width":375}"#, "refused devices[0].name is missing or not a string"),
    Edit(phone, phone(#""class":"tv","width":375"#), "refused devices[0].class is missing or not phone or tablet"),
    Edit(phone, phone(#""class":"Phone","width":375"#), "refused devices[0].class is missing or not phone or tablet"),
    Edit(phone, phone(#""width":375"#), "refused devices[0].class is missing or not phone or tablet"),
    Edit(phone, phone(#""class":"phone","width":"375""#), "refused devices[0].width " + width),
    Edit(phone, phone(#""class":"phone","width":true"#), "refused devices[0].width " + width),
    Edit(phone, phone(#""class":"phone","width":0.5"#), "refused devices[0].width " + width),
    Edit(phone, phone(#""class":"phone","width":10000.5"#), "refused devices[0].width " + width),
    Edit(phone, phone(#""class":"phone""#), "refused devices[0].width " + width),
    Edit(phone, phone(#""class":"tablet","width":1.5,"size_class":null"#), "ok ios - - - - min 1.0 phone/tablet/1.5/nil/nil" + tablet),
    Edit(
      phone, phone(#""class":"phone","width":10000,"state":"split_view""#),
      "ok ios - - - - min 1.0 phone/phone/10000/nil/split_view" + tablet),
    Edit(phone, phone(#""class":"phone","width":375,"size_class":7"#), "refused devices[0].size_class is not a string"),
    Edit(phone, phone(#""class":"phone","width":375,"state":false"#), "refused devices[0].state is not a string"),
    // Nesting under a key no decoder reads: 512 levels taken by every client (the Swift one reads no
    // more, as JSONSerialization; docs/limits.md), more than zlc reads refused (each says its limit).
    Edit(types, types + #","deep":"# + nested(511), "ok ios - - - -"),
    Edit(types, types + #","deep":"# + nested(JSON.maxDepth), "refused bundle.json: nested more than "),
  ]

  /// `depth` arrays, each in the one before.
  private static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

  /// Writes each edited bundle in a folder of its own, checks that the runtime takes or refuses it
  /// as the edit says, and returns their paths.
  private func bundles() throws -> [String] {
    let out = temporary()
    let r = try zlc(["build", minimal.path, "-o", out.appendingPathComponent("built").path])
    XCTAssertEqual(r.status, 0, r.err)
    var real = try String(contentsOf: out.appendingPathComponent("built/bundle.json"), encoding: .utf8)
    // A version of its own, that the expected lines hold whatever version wrote the bundle.
    let version = try XCTUnwrap(real.range(of: #""zlc_version":"[^"]*""#, options: .regularExpression))
    real.replaceSubrange(version, with: #""zlc_version":"1.0""#)
    var paths: [String] = []
    for (number, edit) in Self.edits.enumerated() {
      let at = try XCTUnwrap(real.range(of: edit.old), edit.old)
      let folder = out.appendingPathComponent("case-\(number)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(real.replacingCharacters(in: at, with: edit.new).utf8).write(to: folder.appendingPathComponent("bundle.json"))
      paths.append(folder.appendingPathComponent("bundle.json").path)
      let index = try? ScreenBundle.load(from: folder).index
      XCTAssertEqual(index != nil, edit.runtimeTakes, edit.new)
      if let index, edit.expected.hasPrefix("ok") {
        let fields = edit.expected.split(separator: " ").map(String.init)
        let devices = index.devices.map { d in
          let width = d.width == d.width.rounded() ? String(Int(d.width)) : String(d.width)
          return [d.name, d.deviceClass.rawValue, width, d.sizeClass ?? "nil", d.state?.word ?? "nil"].joined(separator: "/")
        }
        let runtime = [
          index.platform ?? "nil", index.app ?? "nil", index.zlcVersion, devices.isEmpty ? "-" : devices.joined(separator: "+"),
        ]
        XCTAssertEqual([fields[1]] + fields[6...], runtime, edit.new)
      }
    }
    return paths
  }

  /// Compares a client's lines with the expected ones; a refusal's message may go on (Kotlin's
  /// reader adds the offset).
  private func assertPrints(_ out: String, file: StaticString = #filePath, line: UInt = #line) {
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.count, Self.edits.count + 1, out, file: file, line: line)
    for (edit, printed) in zip(Self.edits, lines) {
      let expected = edit.expected
      XCTAssertTrue(printed == expected || (expected.hasPrefix("refused") && printed.hasPrefix(expected)), printed, file: file, line: line)
    }
  }

  func testTheSwiftDecoderReadsTheKeysAsTheRuntimeDoes() throws {
    let paths = try bundles()
    let swift = try generate("swift", minimal)
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    let main = #"""
      import Foundation
      func map(_ list: [ZappBundleIndex.Mapping]) -> String {
        list.isEmpty ? "-" : list.map { $0.key + "=" + $0.screen.wireName }.joined(separator: ",")
      }
      func devices(_ list: [ZappBundleIndex.Device]) -> String {
        let all = list.map { d in
          let width = d.width == d.width.rounded() ? String(Int(d.width)) : String(d.width)
          return [d.name, d.deviceClass, width, d.sizeClass ?? "nil", d.state ?? "nil"].joined(separator: "/")
        }
        return all.isEmpty ? "-" : all.joined(separator: "+")
      }
      for path in CommandLine.arguments.dropFirst() {
        do {
          let i = try ZappBundleIndex(json: Data(contentsOf: URL(fileURLWithPath: path)))
          let fallbacks = i.fallbacks.map { f in
            let installs = f.installs.map { String(Int(($0 * 100).rounded())) } ?? "nil"
            let sections = f.sections.map { $0.screen.wireName + ":" + String($0.section) }.joined(separator: "+")
            return [f.platform, f.clientVersion, installs, sections].joined(separator: "/")
          }
          let all = fallbacks.isEmpty ? "-" : fallbacks.joined(separator: ";")
          let rest = [i.app ?? "nil", i.zlcVersion, devices(i.devices)]
          print((["ok", i.platform ?? "nil", map(i.contentTypes), map(i.uiTags), map(i.fallbackScreens), all] + rest).joined(separator: " "))
        } catch ZappBundleError.malformed(let why) {
          print("refused " + why)
        } catch {
          print("failed \(error)")
        }
      }
      """#
    let printed = try swiftMainOutput(main, client: source, in: swift.folder, arguments: paths)
    assertPrints(printed)
    // Past JSONSerialization's depth, the Swift decoder names its own limit.
    XCTAssertTrue(printed.contains("refused bundle.json: nested more than 512 levels at byte "), printed)
  }

  func testTheTypeScriptDecoderReadsTheKeysAsTheRuntimeDoes() throws {
    let paths = try bundles()
    let script = """
      const fs = require("fs");
      const map = (list) => (list.length === 0 ? "-" : list.map((e) => e.key + "=" + m.zappWireName(e.screen)).join(","));
      const nil = (v) => (v === null ? "nil" : v);
      const device = (d) => [d.name, d.deviceClass, String(d.width), nil(d.sizeClass), nil(d.state)].join("/");
      const devices = (list) => (list.length === 0 ? "-" : list.map(device).join("+"));
      for (const path of process.argv.slice(1)) {
        try {
          const i = m.zappDecodeBundleIndex(fs.readFileSync(path, "utf8"));
          const fallbacks = i.fallbacks.map((f) => {
            const installs = f.installs === null ? "nil" : String(Math.round(f.installs * 100));
            const sections = f.sections.map((s) => m.zappWireName(s.screen) + ":" + String(s.section)).join("+");
            return [f.platform, f.clientVersion, installs, sections].join("/");
          });
          const all = fallbacks.length === 0 ? "-" : fallbacks.join(";");
          const platform = i.platform === null ? "nil" : i.platform;
          const rest = [nil(i.app), i.zlcVersion, devices(i.devices)];
          console.log(["ok", platform, map(i.contentTypes), map(i.uiTags), map(i.fallbackScreens), all].concat(rest).join(" "));
        } catch (e) {
          console.log("refused " + e.message);
        }
      }
      """
    let printed = try typeScriptMainOutput(script, project: minimal, arguments: paths)
    assertPrints(printed)
    XCTAssertTrue(printed.contains("refused bundle.json: nested more than \(JSON.maxDepth) levels at offset "), printed)
  }

  func testTheKotlinDecoderReadsTheKeysAsTheRuntimeDoes() throws {
    let paths = try bundles()
    let generated = try generate("kotlin", minimal, platform: "android")
    let main = #"""
      import java.io.File
      import zapp.android.ZappBundleException
      import zapp.android.ZappBundleIndex
      import zapp.android.ZappScreenId

      fun map(map: Map<String, ZappScreenId>): String =
          if (map.isEmpty()) "-" else map.entries.joinToString(",") { it.key + "=" + it.value.wireName }

      fun devices(list: List<ZappBundleIndex.Device>): String =
          if (list.isEmpty()) "-" else list.joinToString("+") { d ->
              val width = if (d.width == Math.rint(d.width)) d.width.toLong().toString() else d.width.toString()
              listOf(d.name, d.deviceClass, width, d.sizeClass ?: "nil", d.state ?: "nil").joinToString("/")
          }

      fun main(args: Array<String>) {
          for (path in args) {
              try {
                  val i = ZappBundleIndex.decode(File(path).readText())
                  val fallbacks = i.fallbacks.map { f ->
                      val installs = f.installs?.let { Math.round(it * 100).toString() } ?: "nil"
                      val sections = f.sections.joinToString("+") { it.screen.wireName + ":" + it.section }
                      listOf(f.platform, f.clientVersion, installs, sections).joinToString("/")
                  }
                  val all = if (fallbacks.isEmpty()) "-" else fallbacks.joinToString(";")
                  val rest = listOf(i.app ?: "nil", i.zlcVersion, devices(i.devices))
                  val first = listOf("ok", i.platform ?: "nil", map(i.contentTypes), map(i.uiTags), map(i.fallbackScreens), all)
                  println((first + rest).joinToString(" "))
              } catch (e: ZappBundleException) {
                  println("refused " + e.message)
              }
          }
      }

      """#
    let client = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let printed = try kotlinMainOutput(main, client: client, arguments: paths)
    assertPrints(printed)
    XCTAssertTrue(printed.contains("refused bundle.json: nested more than \(JSON.maxDepth) levels at offset "), printed)
  }
}
