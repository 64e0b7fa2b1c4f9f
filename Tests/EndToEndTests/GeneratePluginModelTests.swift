import Foundation
import XCTest
import ZappLayout

/// The plugin models' decoders, compiled by each language's compiler and run on what a client
/// reads from a bundle zlc built: the promo banner section's `styles` (as the runtime resolves the
/// compact bundle: the screen's values over the manifest's `initial_value`s) and the component's
/// `data`. The screen writes a switch as `"false"`, a number as `"12"` and a single option where the
/// field takes a list; the bundle is a newer project's, with a layer (`sparkle`) the code was
/// generated without.
final class GeneratePluginModelTests: XCTestCase {
  /// An app whose promo banner manifest (for every platform) has a field of each type.
  var pluginValues: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/plugin-values") }

  /// What each client prints: a field a line (snake_case keys into camelCase properties), then a
  /// model decoded from the language's own object (`max_items` 7, `show_button` "1", `tone` 5,
  /// `autoplay` "maybe", which no switch takes).
  let expected = """
    bannerText=New this week
    buttonText=Play
    showButton=false
    autoplay=true
    maxItems=12
    spacing=4.5
    tone=a b
    badges=hot
    layers=top,?sparkle
    campaign=spring
    priority=3
    source=promos
    inline=7,true,?5,nil

    """

  func testSwift() throws {
    let generated = try generate("swift", pluginValues)
    let folder = generated.folder.appendingPathComponent("ios")
    // The models' comments name the manifest they come from: one for every platform.
    let code = try String(contentsOf: folder.appendingPathComponent("ZappClient.swift"), encoding: .utf8)
    XCTAssertTrue(code.contains("(its manifest for every platform)"), code)
    XCTAssertFalse(code.contains("its manifest for ios"), code)
    try """
    import Foundation

    func show(_ value: String?) -> String { value ?? "nil" }
    func show(_ value: Bool?) -> String { value.map { $0 ? "true" : "false" } ?? "nil" }
    func show(_ value: Double?) -> String { value.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "nil" }
    func show(_ o: PromoBannerStyles.ToneOption) -> String {
      if case .unknown(let name) = o { return "?" + name }
      return o.wireName
    }
    func show(_ o: PromoBannerStyles.BadgesOption) -> String {
      if case .unknown(let name) = o { return "?" + name }
      return o.wireName
    }
    func show(_ o: PromoBannerStyles.LayersOption) -> String {
      if case .unknown(let name) = o { return "?" + name }
      return o.wireName
    }
    let arguments = CommandLine.arguments
    let styles = try PromoBannerStyles(json: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: arguments[2])))
    let data = PromoBannerData(bundleValue: object as? [String: Any] ?? [:])
    print("bannerText=" + show(styles.bannerText))
    print("buttonText=" + show(styles.buttonText))
    print("showButton=" + show(styles.showButton))
    print("autoplay=" + show(styles.autoplay))
    print("maxItems=" + show(styles.maxItems))
    print("spacing=" + show(styles.spacing))
    print("tone=" + (styles.tone.map(show) ?? "nil"))
    print("badges=" + (styles.badges.map { $0.map(show).joined(separator: ",") } ?? "nil"))
    print("layers=" + (styles.layers.map { $0.map(show).joined(separator: ",") } ?? "nil"))
    print("campaign=" + show(data.campaign))
    print("priority=" + show(data.priority))
    print("source=" + show(data.source))
    let inline = PromoBannerStyles(bundleValue: ["max_items": 7, "show_button": "1", "tone": 5, "autoplay": "maybe"])
    print("inline=" + [show(inline.maxItems), show(inline.showButton), inline.tone.map(show) ?? "nil", show(inline.autoplay)].joined(separator: ","))
    """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let r = try compile(
      ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client", "ZappClient.swift", "main.swift"], cwd: folder)
    XCTAssertEqual(r.status, 0, r.err)
    try assertDecodes([folder.appendingPathComponent("client").path], cwd: folder)
  }

  /// A model's `init(json:)` refuses text outside JSON's grammar that JSONSerialization lets pass (a
  /// comma before `}` or `]`, a byte order mark) or refuses, as the runtime and the Kotlin and
  /// TypeScript decoders do, and still takes any JSON value (one that is no object sets no field).
  func testSwiftRefusesTextOutsideJSONsGrammar() throws {
    let folder = try generate("swift", pluginValues).folder.appendingPathComponent("ios")
    try #"""
    import Foundation

    for text in [#"{"banner_text":"a",}"#, #"{"banner_text":["a",]}"#, "\u{FEFF}{}", "{} x", "{}{}", "[01]", "[NaN]", "{/**/}", "[\"\t\"]"] {
      do {
        _ = try PromoBannerStyles(json: Data(text.utf8))
        print("took " + text)
      } catch ZappBundleError.malformed(let why) {
        precondition(why.hasPrefix("PromoBannerStyles: "), why)
      }
    }
    for text in [#" {"banner_text" : "a" , "spacing":-1.5e+2} "#, "[]", "7", #""\u00e9\n""#] {
      precondition((try? PromoBannerStyles(json: Data(text.utf8))) != nil, "refused " + text)
    }
    let styles = try PromoBannerStyles(json: Data(#"{"banner_text":"a"}"#.utf8))
    precondition(styles.bannerText == "a", "the field is not read")
    print("ok")
    """#.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    try assertSwiftClientPrintsOK(["ZappClient.swift", "main.swift"], in: folder)
  }

  /// Also under the stricter checks client projects turn on (`exactOptionalPropertyTypes`: the
  /// decoder leaves a field out rather than setting it to undefined).
  /// A field whose key Swift's strings take as equal to another text (`campaña` with `ñ`, and with
  /// `n` and a combining tilde) reads only the key of its own bytes in the Swift client.
  func testSwiftReadsAFieldByItsKeysBytes() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    try FileManager.default.copyItem(at: pluginValues, to: project)
    for (file, old, new) in [
      ("components/promo_banner.json", #""key": "campaign""#, #""key": "campa\u00f1a""#),
      ("screens/home.json", #""campaign": "spring""#, #""campa\u00f1a": "spring""#),
    ] {
      let url = project.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      XCTAssertTrue(text.contains(old), file)
      try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
    let folder = try generate("swift", project).folder.appendingPathComponent("ios")
    try #"""
    let nfc = PromoBannerData(bundleValue: ["campa\u{F1}a": "spring"])
    let nfd = PromoBannerData(bundleValue: ["campan\u{303}a": "spring"])
    precondition(nfc.campaUF1A == "spring", "the field is not read")
    precondition(nfd.campaUF1A == nil, "another key is read as the field")
    print("ok")
    """#.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    try assertSwiftClientPrintsOK(["ZappClient.swift", "main.swift"], in: folder)
  }

  func testTypeScript() throws {
    let generated = try generate("typescript", pluginValues, platform: "web").folder
    let strict = try compile(
      [
        "tsc", "--strict", "--noEmit", "--noUncheckedIndexedAccess", "--noPropertyAccessFromIndexSignature", "--noUnusedLocals",
        "--noUnusedParameters", "--exactOptionalPropertyTypes", "--noImplicitReturns",
        generated.appendingPathComponent("web/zapp-client.ts").path,
      ], cwd: repositoryRoot)
    XCTAssertEqual(strict.status, 0, strict.out + strict.err)
    let script = """
      const fs = require("fs");
      const show = (value) => (value === undefined ? "nil" : typeof value === "object" ? "?" + value.unknown : String(value));
      const list = (value) => (value === undefined ? "nil" : value.map(show).join(","));
      const styles = m.decodePromoBannerStyles(JSON.parse(fs.readFileSync(process.argv[1], "utf8")));
      const data = m.decodePromoBannerData(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
      for (const key of ["bannerText", "buttonText", "showButton", "autoplay", "maxItems", "spacing", "tone"]) {
        console.log(key + "=" + show(styles[key]));
      }
      console.log("badges=" + list(styles.badges));
      console.log("layers=" + list(styles.layers));
      for (const key of ["campaign", "priority", "source"]) {
        console.log(key + "=" + show(data[key]));
      }
      const inline = m.decodePromoBannerStyles({ max_items: 7, show_button: "1", tone: 5, autoplay: "maybe" });
      console.log("inline=" + [inline.maxItems, inline.showButton, inline.tone, inline.autoplay].map(show).join(","));
      """
    let values = try newerBundleValues()
    XCTAssertEqual(try typeScriptMainOutput(script, project: pluginValues, arguments: [values.styles.path, values.data.path]), expected)
  }

  func testKotlin() throws {
    let generated = try generate("kotlin", pluginValues, platform: "android")
    let main = generated.folder.appendingPathComponent("Main.kt")
    try """
    import java.io.File
    import zapp.android.PromoBannerData
    import zapp.android.PromoBannerStyles

    fun show(value: Any?): String = when (value) {
        null -> "nil"
        is Double -> if (value == Math.floor(value)) value.toLong().toString() else value.toString()
        is PromoBannerStyles.ToneOption.Unknown -> "?" + value.wireName
        is PromoBannerStyles.BadgesOption.Unknown -> "?" + value.wireName
        is PromoBannerStyles.LayersOption.Unknown -> "?" + value.wireName
        is List<*> -> value.joinToString(",") { show(it) }
        else -> value.toString()
    }

    fun main(args: Array<String>) {
        val styles = PromoBannerStyles.decode(File(args[0]).readText())
        val data = PromoBannerData.decode(File(args[1]).readText())
        println("bannerText=" + show(styles.bannerText))
        println("buttonText=" + show(styles.buttonText))
        println("showButton=" + show(styles.showButton))
        println("autoplay=" + show(styles.autoplay))
        println("maxItems=" + show(styles.maxItems))
        println("spacing=" + show(styles.spacing))
        println("tone=" + show(styles.tone))
        println("badges=" + show(styles.badges))
        println("layers=" + show(styles.layers))
        println("campaign=" + show(data.campaign))
        println("priority=" + show(data.priority))
        println("source=" + show(data.source))
        val inline = PromoBannerStyles.decode(mapOf("max_items" to 7, "show_button" to "1", "tone" to 5, "autoplay" to "maybe"))
        println("inline=" + listOf(inline.maxItems, inline.showButton, inline.tone, inline.autoplay).joinToString(",") { show(it) })
    }

    """.write(to: main, atomically: true, encoding: .utf8)
    let source = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let r = try compile(["kotlinc", "-Werror", source.path, main.path, "-include-runtime", "-d", "models.jar"], cwd: generated.folder)
    XCTAssertEqual(r.status, 0, r.err)
    try assertDecodes(["kotlin", "models.jar"], cwd: generated.folder)
  }

  /// Runs `command` with the files of the promo banner's `styles` and `data` (from the newer
  /// bundle) and compares what it prints with `expected`.
  private func assertDecodes(_ command: [String], cwd: URL, line: UInt = #line) throws {
    let values = try newerBundleValues()
    let arguments = command + [values.styles.path, values.data.path]
    let r = try runClient(arguments, cwd: cwd)
    XCTAssertEqual(r.status, 0, r.err, line: line)
    XCTAssertEqual(r.out, expected, line: line)
  }

  /// The promo banner section's `styles` as `ScreenBundle` resolves them, and its component's
  /// `data`, each in a file, from the bundle of the fixture with the layer `sparkle` added to its
  /// manifest and set by the screen. The values are as the screen writes them, but a switch's,
  /// written as the boolean it spells.
  private func newerBundleValues() throws -> (styles: URL, data: URL) {
    let folder = temporary()
    let project = folder.appendingPathComponent("newer")
    try FileManager.default.copyItem(at: pluginValues, to: project)
    let manifest = "components/promo_banner.json"
    try replace(#""options": ["top", "bottom"]"#, with: #""options": ["top", "bottom", "sparkle"]"#, in: manifest, of: project)
    try replace(#""layers": ["top", "bottom"]"#, with: #""layers": ["top", "sparkle"]"#, in: "screens/home.json", of: project)
    let out = folder.appendingPathComponent("bundle")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    let screen = try XCTUnwrap(try ScreenBundle.load(from: out).screen(id: "home"))
    let section = try XCTUnwrap(screen.resolved.sections.first { $0.componentType == "promo_banner" })
    let styles = JSON.object(section.styles)
    XCTAssertEqual(styles["show_button"], .bool(false), "the screen's switch (\"false\"), as the boolean it spells")
    XCTAssertEqual(styles["max_items"], .string("12"), "the screen's number, as written")
    XCTAssertEqual(styles["banner_text"], .string("New this week"), "the manifest's initial_value")
    let component = try XCTUnwrap(screen["ui_components"]?.arrayValue?[section.component[0]])
    let data = try XCTUnwrap(component["data"])
    let files = (styles: folder.appendingPathComponent("styles.json"), data: folder.appendingPathComponent("data.json"))
    try Data(styles.encoded(pretty: false)).write(to: files.styles)
    try Data(data.encoded(pretty: false)).write(to: files.data)
    return files
  }

  private func replace(_ text: String, with replacement: String, in file: String, of project: URL) throws {
    let url = project.appendingPathComponent(file)
    let before = try String(contentsOf: url, encoding: .utf8)
    let after = before.replacingOccurrences(of: text, with: replacement)
    XCTAssertNotEqual(after, before, "\(file) has no \(text)")
    try after.write(to: url, atomically: true, encoding: .utf8)
  }
}
