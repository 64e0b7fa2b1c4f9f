import Foundation
import XCTest

/// The example clients (examples/clients) against generated code: they compile, they do not
/// without one renderer and the compiler names it, and the registry they write is the one
/// `zlc check` reads and equals the renderers they have.
final class GenerateClientTests: XCTestCase {
  let demo = repositoryRoot.appendingPathComponent("manifests")

  /// The example's Swift client built with the demo's generated code, and the registry it prints.
  func testSwiftExampleCompilesAndFailsWithoutARenderer() throws {
    let client = try exampleClient("swift")
    _ = try zlc(["generate", "swift", demo.path, "-o", client.appendingPathComponent("generated").path])
    let sources = ["generated/ios/ZappClient.swift", "DemoRenderers.swift", "main.swift"]
    let built = try compile(["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client"] + sources, cwd: client)
    XCTAssertEqual(built.status, 0, built.err)
    try removeLines(containing: "heroComponent", from: client.appendingPathComponent("DemoRenderers.swift"))
    let broken = try compile(["swiftc", "-swift-version", "6", "-typecheck"] + sources, cwd: client)
    XCTAssertNotEqual(broken.status, 0, "compiled without heroComponent")
    XCTAssertTrue(broken.err.contains("heroComponent"), "the error does not name the missing renderer: \(broken.err)")
  }

  /// The TypeScript example: `tsc --strict`, then the same without one renderer.
  func testTypeScriptExampleCompilesAndFailsWithoutARenderer() throws {
    let client = try exampleClient("typescript")
    _ = try zlc(["generate", "typescript", demo.path, "--platform", "web", "-o", client.appendingPathComponent("generated").path])
    let built = try compile(["tsc", "--strict", "--noEmit", "main.ts"], cwd: client)
    XCTAssertEqual(built.status, 0, built.out + built.err)
    try removeLines(containing: "heroComponent", from: client.appendingPathComponent("demo-renderers.ts"))
    let broken = try compile(["tsc", "--strict", "--noEmit", "main.ts"], cwd: client)
    XCTAssertNotEqual(broken.status, 0, "compiled without heroComponent")
    XCTAssertTrue((broken.out + broken.err).contains("'heroComponent' is missing"), broken.out + broken.err)
  }

  /// The registry the Swift client prints (run) and the TypeScript one prints (tsc, node) are
  /// accepted by `zlc check` as the project's registries and list exactly what the bundle needs;
  /// without one renderer, `zlc check` names what the client lacks. The clients' bundle decoders
  /// read the demo's bundle, and name what a newer bundle needs that they cannot draw.
  func testRegistryRoundTrip() throws {
    let swiftClient = try exampleClient("swift")
    _ = try zlc(["generate", "swift", demo.path, "-o", swiftClient.appendingPathComponent("generated").path])
    let built = try compile(
      ["swiftc", "-swift-version", "6", "-o", "client", "generated/ios/ZappClient.swift", "DemoRenderers.swift", "main.swift"],
      cwd: swiftClient)
    XCTAssertEqual(built.status, 0, built.err)
    let swiftRegistry = try outputs(of: process(swiftClient.appendingPathComponent("client"), ["registry", "20.3.0"]))
    XCTAssertEqual(swiftRegistry.status, 0, swiftRegistry.err)
    try assertDecodesBundles([swiftClient.appendingPathComponent("client").path], platform: "ios", cwd: swiftClient)

    let tsClient = try exampleClient("typescript")
    _ = try zlc(["generate", "typescript", demo.path, "--platform", "web", "-o", tsClient.appendingPathComponent("generated").path])
    let transpiled = try compile(["tsc", "--strict", "--outDir", "out", "main.ts"], cwd: tsClient)
    XCTAssertEqual(transpiled.status, 0, transpiled.out + transpiled.err)
    let tsRegistry = try compile(["node", "out/main.js", "registry", "4.1.0"], cwd: tsClient)
    XCTAssertEqual(tsRegistry.status, 0, tsRegistry.err)
    try assertDecodesBundles(["node", "out/main.js"], platform: "web", cwd: tsClient)

    let needed = try requiredRenderers(demo)
    for (text, platform, version) in [(swiftRegistry.out, "ios", "20.3.0"), (tsRegistry.out, "web", "4.1.0")] {
      let registry = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
      XCTAssertEqual(registry["platform"] as? String, platform)
      XCTAssertEqual(registry["client_version"] as? String, version)
      for (key, names) in needed { XCTAssertEqual((registry[key] as? [String])?.sorted(), names, "\(platform) \(key)") }
    }

    let project = try copyDemo(to: temporary())
    let registries = project.appendingPathComponent("registries")
    try swiftRegistry.out.write(to: registries.appendingPathComponent("ios.json"), atomically: true, encoding: .utf8)
    try tsRegistry.out.write(to: registries.appendingPathComponent("web.json"), atomically: true, encoding: .utf8)
    var check = try zlc(["check", project.path, "--warnings-as-errors"])
    XCTAssertEqual(check.status, 0, check.err)

    // A client without the hero renderer: its registry lacks `hero`, and zlc check says so.
    let lacking = swiftRegistry.out.replacingOccurrences(of: #""hero", "#, with: "")
    try lacking.write(to: registries.appendingPathComponent("ios.json"), atomically: true, encoding: .utf8)
    check = try zlc(["check", project.path])
    XCTAssertEqual(check.status, 1, check.err)
    XCTAssertTrue(check.err.contains("needs component type 'hero'"), check.err)

    // The same client, built to draw fallbacks, says so: a hero hidden where it cannot be drawn is
    // a warning, not an error; the registry of a build that does not apply them says nothing.
    XCTAssertNil(try registryObject(swiftRegistry.out)["applies_fallbacks"])
    XCTAssertNil(try registryObject(tsRegistry.out)["applies_fallbacks"])
    let applying = try outputs(of: process(swiftClient.appendingPathComponent("client"), ["registry", "20.3.0", "--applies-fallbacks"]))
    XCTAssertEqual(applying.status, 0, applying.err)
    XCTAssertEqual(try registryObject(applying.out)["applies_fallbacks"] as? Bool, true)
    XCTAssertEqual(applying.out.replacingOccurrences(of: ",\n  \"applies_fallbacks\": true", with: ""), swiftRegistry.out)
    let tsApplying = try compile(["node", "out/main.js", "registry", "4.1.0", "--applies-fallbacks"], cwd: tsClient)
    XCTAssertEqual(try registryObject(tsApplying.out)["applies_fallbacks"] as? Bool, true, tsApplying.out + tsApplying.err)
    for screen in ["browse", "home", "movie", "show"] {
      let file = project.appendingPathComponent("screens/\(screen).json")
      let text = try String(contentsOf: file, encoding: .utf8)
        .replacingOccurrences(of: #""component_type": "hero","#, with: #""component_type": "hero", "fallback": "hide","#)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    check = try zlc(["check", project.path])
    XCTAssertEqual(check.status, 1, check.err)
    XCTAssertTrue(check.err.contains("ZL0313"), check.err)
    try applying.out.replacingOccurrences(of: #""hero", "#, with: "")
      .write(to: registries.appendingPathComponent("ios.json"), atomically: true, encoding: .utf8)
    check = try zlc(["check", project.path])
    XCTAssertEqual(check.status, 0, check.err)
    XCTAssertTrue(check.err.contains("ZL0318"), check.err)
    XCTAssertFalse(check.err.contains("ZL0313"), check.err)
  }

  /// A registry file's JSON object.
  private func registryObject(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
  }

  private func process(_ executable: URL, _ arguments: [String]) -> Process {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    return p
  }
}
