import Foundation
import XCTest

/// The Kotlin `zlc generate` writes, compiled by kotlinc (slow: each run compiles as much as it can).
final class GenerateKotlinTests: XCTestCase {
  /// The demo's Kotlin (forced to Android) with the example client in one kotlinc run, the
  /// fixtures' (two platforms; a minimal app, as Amazon's) in another; the example without one
  /// renderer does not compile, and kotlinc names the member. Every file is byte-identical run to
  /// run and names every screen and component type. The example client runs: the registry it
  /// prints, and the bundles it decodes.
  func testKotlinCompilesIsDeterministicAndNamesEverything() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests")
    var sources: [URL] = []
    // The minimal app as Amazon's: another package, so that it compiles with the fixture.
    for (project, platform, file) in [
      (demo, "android", "android/ZappClient.kt"), (twoPlatforms, nil, "android/ZappClient.kt"), (minimal, "amazon", "amazon/ZappClient.kt"),
    ] {
      let first = try generate("kotlin", project, platform: platform)
      let again = try generate("kotlin", project, platform: platform, inside: true)
      XCTAssertEqual(first.files, again.files, "\(project.lastPathComponent): not byte-identical run to run")
      XCTAssertEqual(first.files.keys.sorted(), [".zlc-output", file])
      let source = String(decoding: first.files[file] ?? Data(), as: UTF8.self)
      let names = try namesOf(project)
      assertNames(names.screens + names.componentTypes, in: source) { Literal.utf16($0, kotlin: true) }
      sources.append(first.folder.appendingPathComponent(file))
    }
    let client = try exampleClient("kotlin")
    let example = client.appendingPathComponent("DemoRenderers.kt")
    var r = try compile(["kotlinc", "-Werror", example.path, sources[0].path, "-include-runtime", "-d", "client.jar"], cwd: client)
    XCTAssertEqual(r.status, 0, "demo and example: " + r.err)
    // The client runs: its registry lists what the demo needs, and its decoder reads bundles.
    let registry = try run(["kotlin", "client.jar", "registry", "20.3.0"], cwd: client)
    XCTAssertEqual(registry.status, 0, registry.err)
    let lists = try JSONSerialization.jsonObject(with: Data(registry.out.utf8)) as? [String: Any] ?? [:]
    XCTAssertEqual(lists["platform"] as? String, "android")
    for (key, names) in try requiredRenderers(demo) { XCTAssertEqual((lists[key] as? [String])?.sorted(), names, key) }
    XCTAssertNil(lists["applies_fallbacks"])
    let applying = try run(["kotlin", "client.jar", "registry", "20.3.0", "--applies-fallbacks"], cwd: client)
    XCTAssertEqual(applying.out.replacingOccurrences(of: ",\n  \"applies_fallbacks\": true", with: ""), registry.out, applying.err)
    XCTAssertTrue(applying.out.contains(",\n  \"applies_fallbacks\": true"), applying.out)
    try assertDecodesBundles(["kotlin", "client.jar"], platform: "android", cwd: client)
    r = try compile(["kotlinc", "-Werror", sources[1].path, sources[2].path, "-d", "out-fixtures"], cwd: client)
    XCTAssertEqual(r.status, 0, "two-platform and minimal fixtures: " + r.err)
    try removeLines(containing: "heroComponent", from: example)
    r = try compile(["kotlinc", example.path, sources[0].path, "-d", "out-broken"], cwd: client)
    XCTAssertNotEqual(r.status, 0, "compiled without heroComponent")
    XCTAssertTrue(r.err.contains("does not implement abstract member public abstract val heroComponent"), r.err)
  }

  /// A plugin section of more fields than a JVM constructor takes (450, most of them lists of
  /// options, the largest to decode) is a class of properties: it compiles, loads, runs and
  /// decodes. As a data class, kotlinc compiled it and loading it failed (`ClassFormatError: Too
  /// many arguments in method signature`); decoded in parts of 1,000 fields, a part was more than
  /// a JVM method holds (`Method too large`).
  func testASectionOfManyFieldsLoads() throws {
    let many = (0..<450).map { n -> [String: Any] in
      [0, 299].contains(n)
        ? ["key": "field_\(n)", "type": "text_input", "label": "Field \(n)"]
        : ["key": "field_\(n)", "type": "multi_select", "label": "Field \(n)", "options": ["new", "hot"]]
    }
    let project = try projectWithPromoStyles("many", adding: many)
    let generated = try generate("kotlin", project)
    let source = String(decoding: generated.files["android/ZappClient.kt"] ?? Data(), as: UTF8.self)
    XCTAssertTrue(source.contains("class PromoBannerStyles {\n"), String(source.prefix(300)))
    let main = """
      import zapp.android.PromoBannerStyles

      fun main() {
          val styles = PromoBannerStyles()
          styles.field299 = "last"
          styles.tone = PromoBannerStyles.ToneOption.of("a b")
          val decoded = PromoBannerStyles.decode(mapOf("field_299" to "read", "field_449" to listOf("hot")))
          println("${styles.field0} ${styles.field299} ${styles.tone} ${decoded.field299} ${decoded.field449}")
      }

      """
    XCTAssertEqual(try kotlinOutput(main, client: generated.folder, in: project), "null last a b read [hot]\n")
  }

  /// A project of 6,000 screens, each opened by a screen type of its own, compiles: which screen a
  /// screen type opens is said in objects of their own, each of 1,000 screen types. In
  /// `ZappScreenType`, beside its objects, it made a class of more constants than a JVM class
  /// holds, and kotlinc stopped ("Class too large").
  func testSixThousandScreenTypesCompile() throws {
    let count = 6000
    let project = temporary().appendingPathComponent("types")
    try FileManager.default.createDirectory(at: project.appendingPathComponent("screens"), withIntermediateDirectories: true)
    let component =
      #"{"component_type": "list", "data": {"source": "f", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["LIST_1"]}}"#
    let screens = (0..<count).map {
      #"{"id": "s\#($0)", "type": "general_content", "home": \#($0 == 0), "styles": {"family": "FAMILY_1"}, "ui_components": [\#(component)]}"#
    }
    let types = (0..<count).map { #""t\#($0)": "s\#($0)""# }
    try ("[" + screens.joined(separator: ",\n") + "]").write(
      to: project.appendingPathComponent("screens/all.json"), atomically: true, encoding: .utf8)
    try (#"{"screen_types": {"# + types.joined(separator: ",\n") + "}}").write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)
    try #"{"app": "Many", "platforms": {"android": {"min_zapp_sdk": "20.0.0"}}}"#.write(
      to: project.appendingPathComponent("zlc.json"), atomically: true, encoding: .utf8)
    let generated = try generate("kotlin", project)
    let source = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let r = try compile(["kotlinc", "-J-Xmx3g", "-Werror", source.path, "-d", "out"], cwd: project)
    XCTAssertEqual(r.status, 0, String(r.err.suffix(2000)))
    for n in 0..<(count / 1000) {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: project.appendingPathComponent("out/zapp/android/ZappScreenTypeScreens\(n).class").path),
        "ZappScreenTypeScreens\(n)")
    }
  }

  /// A plugin section of as many fields as a data class takes (240, options among them) compiles
  /// and decodes: its decoder reads each field into a local, not inside the constructor's
  /// arguments, where kotlinc's code grew with the square of the fields ("Method too large" from
  /// about 170).
  func testADataClassOfTheMostFieldsCompiles() throws {
    let existing = try promoStyles(twoPlatforms).count
    let many = (0..<(240 - existing)).map { n -> [String: Any] in
      n % 3 == 0
        ? ["key": "field_\(n)", "type": "select", "label": "Field \(n)", "options": ["new", "hot"]]
        : ["key": "field_\(n)", "type": "text_input", "label": "Field \(n)"]
    }
    let project = try projectWithPromoStyles("wide", adding: many)
    let generated = try generate("kotlin", project)
    let source = String(decoding: generated.files["android/ZappClient.kt"] ?? Data(), as: UTF8.self)
    XCTAssertTrue(source.contains("data class PromoBannerStyles(\n"), String(source.prefix(300)))
    let last = many.count - 1
    let main = """
      import zapp.android.PromoBannerStyles

      fun main() {
          val decoded = PromoBannerStyles.decode(mapOf("field_0" to "hot", "field_\(last)" to "read"))
          println("${decoded.field0} ${decoded.field\(last)} ${decoded.field1}")
      }

      """
    XCTAssertEqual(try kotlinOutput(main, client: generated.folder, in: project), "hot read null\n")
  }

  /// The Android promo banner manifest's `styles` fields in `project`.
  private func promoStyles(_ project: URL) throws -> [Any] {
    let manifest = project.appendingPathComponent("components/promo_banner/android.json")
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
    return (object["styles"] as? [String: Any])?["fields"] as? [Any] ?? []
  }

  /// A copy of the two-platform fixture named `name`, its Android promo banner's `styles` given
  /// `fields` after its own.
  private func projectWithPromoStyles(_ name: String, adding fields: [[String: Any]]) throws -> URL {
    let project = temporary().appendingPathComponent(name)
    try FileManager.default.copyItem(at: twoPlatforms, to: project)
    let manifest = project.appendingPathComponent("components/promo_banner/android.json")
    var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
    var styles = try XCTUnwrap(object["styles"] as? [String: Any])
    styles["fields"] = (styles["fields"] as? [Any] ?? []) + fields
    object["styles"] = styles
    try JSONSerialization.data(withJSONObject: object).write(to: manifest)
    return project
  }

  /// What `main` (a `Main.kt`) prints, compiled with the Android client generated in `client`
  /// (`kotlinc -Werror`) and run in `project`; a compile or a run that fails fails the test.
  private func kotlinOutput(_ main: String, client: URL, in project: URL) throws -> String {
    let source = project.appendingPathComponent("Main.kt")
    try main.write(to: source, atomically: true, encoding: .utf8)
    let kotlin = client.appendingPathComponent("android/ZappClient.kt")
    var r = try compile(["kotlinc", "-Werror", kotlin.path, source.path, "-include-runtime", "-d", "main.jar"], cwd: project)
    XCTAssertEqual(r.status, 0, r.err)
    r = try run(["kotlin", "main.jar"], cwd: project)
    XCTAssertEqual(r.status, 0, r.err)
    return r.out
  }
}
