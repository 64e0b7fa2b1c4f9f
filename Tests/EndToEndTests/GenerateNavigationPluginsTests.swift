import Foundation
import XCTest

/// The generated clients know a platform's `navigation_plugins`: the demo's navigation plugins are
/// cases of `ZappNavigationPlugin`, a bundle's list decodes into them, and a plugin the code does
/// not know is an unknown name the client lacks; a bundle without the list needs none. Each
/// language's code is generated for a platform of its own and reads the demo's iOS bundle.
final class GenerateNavigationPluginsTests: XCTestCase {
  /// The demo's `bundle.json`, with its navigation plugins as built, with one more the code does
  /// not know (`brand_menu`), and without the list.
  func bundles() throws -> [String] {
    let out = temporary()
    let r = try zlc(["build", repositoryRoot.appendingPathComponent("manifests").path, "-o", out.appendingPathComponent("b").path])
    XCTAssertEqual(r.status, 0, r.err)
    let built = try String(contentsOf: out.appendingPathComponent("b/bundle.json"), encoding: .utf8)
    let list = #""navigation_plugins":["TwoLevelRNMenu","navigation_bar"]"#
    XCTAssertTrue(built.contains(list), built)
    var paths: [String] = []
    for (name, text) in [
      ("built", built),
      ("newer", built.replacingOccurrences(of: list, with: #""navigation_plugins":["TwoLevelRNMenu","brand_menu","navigation_bar"]"#)),
      ("none", built.replacingOccurrences(of: "," + list, with: "")),
    ] {
      let file = out.appendingPathComponent("\(name).json")
      try Data(text.utf8).write(to: file)
      paths.append(file.path)
    }
    return paths
  }

  /// What each client prints per bundle: the entry's navigation plugins, then what it lacks.
  static let expected = """
    TwoLevelRNMenu,navigation_bar;
    TwoLevelRNMenu,brand_menu,navigation_bar;brand_menu
    ;

    """

  /// Two navigation plugins of one identifier (`navigation_bar`, `Navigation-Bar`) each carry
  /// their hash, and the warning stands at the first navigation that names the renamed one, with
  /// a note at the other (it stood at the project's folder).
  func testNavigationPluginsOfOneIdentifierAreReportedWhereTheyAreNamed() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let home = project.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: home, encoding: .utf8)
    let renamed = text.replacingOccurrences(of: #""navigation_type": "TwoLevelRNMenu""#, with: #""navigation_type": "Navigation-Bar""#)
    XCTAssertNotEqual(renamed, text)
    try renamed.write(to: home, atomically: true, encoding: .utf8)
    let r = try zlc(["generate", "swift", "manifests", "-o", "code"], cwd: dir)
    XCTAssertEqual(r.status, 0, r.err)
    let hashes = try ["Navigation-Bar", "navigation_bar"].map { String(try run(["sha256sum"], input: $0).out.prefix(8)) }
    let lines = r.err.split(separator: "\n").map(String.init)
    XCTAssertTrue(
      lines.contains(
        "manifests/screens/home.json:92:28: warning: navigation plugins 'Navigation-Bar' and 'navigation_bar' would both be the "
          + "identifier navigationBar in the generated code, so each carries its name's hash: 'Navigation-Bar' is "
          + "navigationBar_\(hashes[0]), 'navigation_bar' is navigationBar_\(hashes[1]) [ZL0121]"), r.err)
    XCTAssertTrue(
      lines.contains("manifests/screens/home.json:82:28: note: 'navigation_bar' is here (navigationBar_\(hashes[1]))"), r.err)
  }

  func testTheSwiftClientDecodesTheNavigationPlugins() throws {
    let swift = try generate("swift", repositoryRoot.appendingPathComponent("manifests"), platform: "ios")
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    let text = String(decoding: try XCTUnwrap(swift.files[source]), as: UTF8.self)
    XCTAssertTrue(text.contains("enum ZappNavigationPlugin"), "the type")
    XCTAssertTrue(text.contains(#""TwoLevelRNMenu""#), "a case of the demo's menu")
    let main = #"""
      import Foundation
      for path in CommandLine.arguments.dropFirst() {
        let index = try ZappBundleIndex(json: Data(contentsOf: URL(fileURLWithPath: path)))
        let entry = index.requiredRenderers[0]
        let lacking = index.missingRenderers(for: "ios") ?? ["?"]
        print(entry.navigationPlugins.map(\.wireName).joined(separator: ",") + ";" + lacking.joined(separator: ","))
      }
      """#
    XCTAssertEqual(try swiftMainOutput(main, client: source, in: swift.folder, arguments: try bundles()), Self.expected)
  }

  func testTheTypeScriptClientDecodesTheNavigationPlugins() throws {
    let script = """
      const fs = require("fs");
      for (const path of process.argv.slice(1)) {
        const index = m.zappDecodeBundleIndex(fs.readFileSync(path, "utf8"));
        const entry = index.requiredRenderers[0];
        const lacking = m.zappMissingRenderers(index, "ios") ?? ["?"];
        console.log(entry.navigationPlugins.map(m.zappWireName).join(",") + ";" + lacking.join(","));
      }
      """
    let printed = try typeScriptMainOutput(
      script, project: repositoryRoot.appendingPathComponent("manifests"), platform: "web", arguments: try bundles())
    XCTAssertEqual(printed, Self.expected)
  }

  func testTheKotlinClientDecodesTheNavigationPlugins() throws {
    let generated = try generate("kotlin", repositoryRoot.appendingPathComponent("manifests"), platform: "android")
    let client = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let source = try String(contentsOf: client, encoding: .utf8)
    let package = try XCTUnwrap(source.components(separatedBy: "\n").first { $0.hasPrefix("package ") }).dropFirst("package ".count)
    XCTAssertTrue(source.contains("sealed class ZappNavigationPlugin"), "the type")
    let main = """
      import java.io.File
      import \(package).ZappBundleIndex

      fun main(args: Array<String>) {
          for (path in args) {
              val index = ZappBundleIndex.decode(File(path).readText())
              val entry = index.requiredRenderers[0]
              val lacking = index.missingRenderers("ios") ?: listOf("?")
              println(entry.navigationPlugins.joinToString(",") { it.wireName } + ";" + lacking.joinToString(","))
          }
      }

      """
    XCTAssertEqual(try kotlinMainOutput(main, client: client, arguments: try bundles()), Self.expected)
  }
}
