import Foundation
import XCTest
import ZappLayout

/// A screen plugin's `general` fields get a model, as its `styles` do: compiled by swiftc and
/// run on the `plugin_values.general` of a screen of the bundle zlc built, where the screen's own
/// values stand over the manifest's `initial_value`s. A component plugin's `general` gets none:
/// its values reach no client.
final class GenerateScreenPluginTests: XCTestCase {
  /// The plugin-values app with a parental lock screen plugin (`general` and `styles` fields) and
  /// a screen of it, and a `general` field added to its promo banner component plugin.
  func project() throws -> URL {
    let project = temporary().appendingPathComponent("app")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/plugin-values"), to: project)
    let manifest = """
      {
        "author_name": "Your team", "author_email": "apps@example.com", "manifest_version": "1.0.0",
        "name": "Parent Lock", "description": "Asks a grown-up first.", "identifier": "parent_lock",
        "type": "general", "screen": true, "min_zapp_sdk": "20.0.0", "ui_builder_support": true,
        "targets": ["mobile"], "ui_frameworks": ["native"],
        "general": {
          "fields": [
            { "key": "instructions_text", "type": "text_input", "label": "Text", "initial_value": "Ask a parent" },
            { "key": "max_attempts", "type": "number_input", "label": "Attempts" },
            { "key": "mode", "type": "select", "label": "Mode", "options": ["pin", "math"] },
            { "key": "remember", "type": "switch", "label": "Remember" }
          ]
        },
        "styles": { "fields": [{ "key": "background_color", "type": "color_picker", "label": "Background" }] }
      }
      """
    try manifest.write(to: project.appendingPathComponent("components/parent_lock.json"), atomically: true, encoding: .utf8)
    let screens = project.appendingPathComponent("screens/home.json")
    var text = try String(contentsOf: screens, encoding: .utf8)
    let lock = #"{ "id": "lock", "name": "Lock", "type": "parent_lock", "general": { "max_attempts": "3", "mode": "math" } }"#
    let end = try XCTUnwrap(text.range(of: "]", options: .backwards))
    text.replaceSubrange(end, with: ", " + lock + "]")
    try text.write(to: screens, atomically: true, encoding: .utf8)
    let registry = project.appendingPathComponent("registries/ios.json")
    let registered = try String(contentsOf: registry, encoding: .utf8)
      .replacingOccurrences(of: #""screen_plugins": []"#, with: #""screen_plugins": ["parent_lock"]"#)
    try registered.write(to: registry, atomically: true, encoding: .utf8)
    let banner = project.appendingPathComponent("components/promo_banner.json")
    let withGeneral = try String(contentsOf: banner, encoding: .utf8)
      .replacingOccurrences(
        of: #""data": {"#, with: #""general": { "fields": [{ "key": "note", "type": "text_input", "label": "Note" }] }, "data": {"#)
    try withGeneral.write(to: banner, atomically: true, encoding: .utf8)
    return project
  }

  func testAScreenPluginsGeneralFieldsDecodeFromTheBundle() throws {
    let app = try project()
    let out = app.deletingLastPathComponent().appendingPathComponent("bundle")
    let built = try zlc(["build", app.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    let screen = try XCTUnwrap(try ScreenBundle.load(from: out).screen(id: "lock"))
    let general = try XCTUnwrap(screen.resolved.pluginValues?["general"])
    let file = app.deletingLastPathComponent().appendingPathComponent("general.json")
    try Data(general.encoded(pretty: false)).write(to: file)

    let generated = try generate("swift", app)
    let folder = generated.folder.appendingPathComponent("ios")
    let code = try String(contentsOf: folder.appendingPathComponent("ZappClient.swift"), encoding: .utf8)
    XCTAssertTrue(code.contains("public struct ParentLockGeneral: Hashable, Sendable {"), code)
    XCTAssertTrue(code.contains("public struct ParentLockStyles: Hashable, Sendable {"), code)
    XCTAssertFalse(code.contains("PromoBannerGeneral"), "a component plugin's general reaches no client")
    try """
    import Foundation

    let general = try ParentLockGeneral(json: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
    print(general.instructionsText ?? "nil")
    print(general.maxAttempts.map { String(Int($0)) } ?? "nil")
    print(general.mode.map { $0 == .math ? "math" : $0.wireName } ?? "nil")
    print(general.remember.map { $0 ? "true" : "false" } ?? "nil")
    """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let compiled = try compile(
      ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client", "ZappClient.swift", "main.swift"], cwd: folder)
    XCTAssertEqual(compiled.status, 0, compiled.err)
    let r = try runClient([folder.appendingPathComponent("client").path, file.path], cwd: folder)
    XCTAssertEqual(r.status, 0, r.err)
    XCTAssertEqual(r.out, "Ask a parent\n3\nmath\nnil\n")
  }
}
