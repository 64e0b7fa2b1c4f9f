import Foundation
import XCTest

/// What the `zlc generate` tests share: generating, reading what a project names, and running the
/// languages' compilers (which fail the test under CI when they are missing, never skip it).
extension XCTestCase {
  /// The two-platform fixture (iOS and Android, with names that need escaping).
  var twoPlatforms: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/two-platforms") }
  /// A one-screen app without screen types, screen plugins or connected screens (empty lists).
  var minimal: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/minimal") }

  /// Runs `zlc generate` into a fresh folder and returns it with the written files by path.
  /// `inside` runs zlc in the project folder and names it `.`, so that the output cannot depend
  /// on where the project lies.
  func generate(_ language: String, _ project: URL, platform: String? = nil, inside: Bool = false) throws -> (
    folder: URL, files: [String: Data]
  ) {
    let out = temporary().appendingPathComponent("generated")
    let arguments = ["generate", language, inside ? "." : project.path, "-o", out.path] + (platform.map { ["--platform", $0] } ?? [])
    let r = try zlc(arguments, cwd: inside ? project : repositoryRoot)
    XCTAssertEqual(r.status, 0, r.err)
    return (out, try snapshot(out))
  }

  /// The `bundle.json` of a project: the bundle's, or the first platform's when the project
  /// builds one bundle per platform (their screens and renderer needs are the same).
  func bundleIndex(_ project: URL) throws -> [String: Any] {
    let out = temporary().appendingPathComponent("bundle")
    let r = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(r.status, 0, r.err)
    var file = out.appendingPathComponent("bundle.json")
    if !FileManager.default.fileExists(atPath: file.path) {
      let listing = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("platforms.json"))) as? [String: Any]
      let folder = ((listing?["platforms"] as? [[String: Any]])?.first?["folder"] as? String) ?? ""
      file = out.appendingPathComponent(folder).appendingPathComponent("bundle.json")
    }
    return try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
  }

  /// The screen ids and component types of a project as its bundle lists them.
  func namesOf(_ project: URL) throws -> (screens: [String], componentTypes: [String]) {
    let index = try bundleIndex(project)
    let screens = (index["screens"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    let required = index["required_renderers"] as? [[String: Any]] ?? []
    return (screens, required.first?["component_types"] as? [String] ?? [])
  }

  /// The renderer lists of a project's bundle (the same for every platform): key → sorted names.
  func requiredRenderers(_ project: URL) throws -> [String: [String]] {
    let first = (try bundleIndex(project)["required_renderers"] as? [[String: Any]])?.first ?? [:]
    var lists: [String: [String]] = [:]
    for key in ["component_types", "cell_layouts", "layout_kinds", "screen_plugins"] { lists[key] = first[key] as? [String] ?? [] }
    return lists
  }

  /// The demo's `bundle.json` with its required renderers for `platform`, the same from a newer
  /// project (one more screen, and a component type no client knows: `brand_new_carousel`), and
  /// the demo's with its required renderers for another platform alone.
  func demoBundles(for platform: String) throws -> (current: URL, newer: URL, foreign: URL) {
    let out = temporary()
    let r = try zlc(["build", repositoryRoot.appendingPathComponent("manifests").path, "-o", out.appendingPathComponent("b").path])
    XCTAssertEqual(r.status, 0, r.err)
    var index =
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("b/bundle.json"))) as? [String: Any] ?? [:]
    var required = index["required_renderers"] as? [[String: Any]] ?? []
    required[0]["platform"] = platform + "_other"
    index["required_renderers"] = required
    let foreign = out.appendingPathComponent("foreign.json")
    try JSONSerialization.data(withJSONObject: index).write(to: foreign)
    required[0]["platform"] = platform
    index["required_renderers"] = required
    let current = out.appendingPathComponent("current.json")
    try JSONSerialization.data(withJSONObject: index).write(to: current)
    required[0]["component_types"] = (required[0]["component_types"] as? [String] ?? []) + ["brand_new_carousel"]
    index["required_renderers"] = required
    index["screens"] =
      (index["screens"] as? [[String: Any]] ?? []) + [["id": "new_screen", "file": "screens/new_screen.json", "sha256": ""]]
    let newer = out.appendingPathComponent("newer.json")
    try JSONSerialization.data(withJSONObject: index).write(to: newer)
    return (current, newer, foreign)
  }

  /// Runs an example client's `bundle` command on the demo's bundles: every renderer present for
  /// the current one; for the newer one, the screen counted and the unknown component type named;
  /// one that lists no renderers for the client's platform cannot be verified, and is refused.
  func assertDecodesBundles(_ command: [String], platform: String, cwd: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let bundles = try demoBundles(for: platform)
    var r = try runClient(command + ["bundle", bundles.current.path], cwd: cwd)
    XCTAssertEqual(r.status, 0, r.out + r.err, file: file, line: line)
    XCTAssertEqual(r.out.trimmingCharacters(in: .whitespacesAndNewlines), "10 screens; every renderer present", file: file, line: line)
    r = try runClient(command + ["bundle", bundles.newer.path], cwd: cwd)
    XCTAssertEqual(r.status, 1, r.out + r.err, file: file, line: line)
    XCTAssertEqual(r.out.trimmingCharacters(in: .whitespacesAndNewlines), "11 screens; missing: brand_new_carousel", file: file, line: line)
    r = try runClient(command + ["bundle", bundles.foreign.path], cwd: cwd)
    XCTAssertEqual(r.status, 1, r.out + r.err, file: file, line: line)
    XCTAssertEqual(
      r.out.trimmingCharacters(in: .whitespacesAndNewlines), "10 screens; cannot verify: no required renderers for \(platform)",
      file: file, line: line)
  }

  /// Asserts that `source` holds each name as a string literal of its language.
  func assertNames(_ names: [String], in source: String, literal: (String) -> String, file: StaticString = #filePath, line: UInt = #line) {
    for name in names {
      XCTAssertTrue(source.contains(literal(name)), "the generated code does not name \(literal(name))", file: file, line: line)
    }
  }

  /// Runs a client in `cwd`: one just built (its path absolute) as it is, else a tool on PATH
  /// (`node`, `kotlin`) as `run` does.
  func runClient(_ arguments: [String], cwd: URL) throws -> (status: Int32, out: String, err: String) {
    guard arguments[0].hasPrefix("/") else { return try run(arguments, cwd: cwd) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.currentDirectoryURL = cwd
    return try outputs(of: process)
  }

  /// Runs a compiler (or node) in `cwd`; a missing one fails the test under CI.
  func compile(_ arguments: [String], cwd: URL) throws -> (status: Int32, out: String, err: String) {
    try run(arguments, cwd: cwd)
  }

  /// Compiles `sources` (in `folder`, `main.swift` among them) with swiftc, warnings as errors,
  /// runs the program and checks it prints `ok` alone.
  func assertSwiftClientPrintsOK(_ sources: [String], in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let built = try compile(["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client"] + sources, cwd: folder)
    XCTAssertEqual(built.status, 0, built.err, file: file, line: line)
    let ran = try runClient([folder.appendingPathComponent("client").path], cwd: folder)
    XCTAssertEqual(ran.status, 0, ran.err, file: file, line: line)
    XCTAssertEqual(ran.out, "ok\n", file: file, line: line)
  }

  /// Compiles `main` (a Kotlin file's text, its `main` in `MainKt`) with the generated `client`,
  /// warnings as errors, runs it with `arguments`, and returns what it prints.
  func kotlinMainOutput(
    _ main: String, client: URL, arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let folder = temporary()
    let source = folder.appendingPathComponent("Main.kt")
    try main.write(to: source, atomically: true, encoding: .utf8)
    let built = try compile(["kotlinc", "-Werror", client.path, source.path, "-d", "decoder"], cwd: folder)
    XCTAssertEqual(built.status, 0, built.err, file: file, line: line)
    let ran = try run(["kotlin", "-cp", "decoder", "MainKt"] + arguments, cwd: folder)
    XCTAssertEqual(ran.status, 0, ran.err, file: file, line: line)
    return ran.out
  }

  /// Compiles `main` (a `main.swift`) with the generated Swift client `client` in `folder`
  /// (`swiftc -swift-version 6 -warnings-as-errors`), runs it with `arguments`, and returns what it
  /// printed; a compile or a run that fails fails the test.
  func swiftMainOutput(
    _ main: String, client: String, in folder: URL, arguments: [String], file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    try main.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let built = try compile(["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client", client, "main.swift"], cwd: folder)
    XCTAssertEqual(built.status, 0, built.err, file: file, line: line)
    let ran = try runClient([folder.appendingPathComponent("client").path] + arguments, cwd: folder)
    XCTAssertEqual(ran.status, 0, ran.err, file: file, line: line)
    return ran.out
  }

  /// Compiles the TypeScript `generate` wrote for `platform` (`tsc --strict`, CommonJS) into a
  /// fresh folder, and returns the Node statement that loads it as `m`.
  func compiledTypeScript(_ generated: URL, platform: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let js = temporary().appendingPathComponent("js")
    let r = try compile(
      [
        "tsc", "--strict", "--module", "commonjs", "--target", "es2019", "--outDir", js.path,
        generated.appendingPathComponent("\(platform)/zapp-client.ts").path,
      ], cwd: repositoryRoot)
    XCTAssertEqual(r.status, 0, r.out + r.err, file: file, line: line)
    return "const m = require(\(String(reflecting: js.appendingPathComponent("zapp-client.js").path)));"
  }

  /// Generates the TypeScript client of `project` for `platform`, compiles it (`compiledTypeScript`),
  /// runs `script` with Node after the statement that loads it as `m` (`process.argv.slice(1)` is
  /// `arguments`), and returns what it printed; a compile or a run that fails fails the test.
  func typeScriptMainOutput(
    _ script: String, project: URL, platform: String = "web", arguments: [String] = [], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    let generated = try generate("typescript", project, platform: platform).folder
    let load = try compiledTypeScript(generated, platform: platform, file: file, line: line)
    let ran = try run(["node", "-e", load + "\n" + script] + arguments, cwd: repositoryRoot)
    XCTAssertEqual(ran.status, 0, ran.err, file: file, line: line)
    return ran.out
  }

  /// A copy of an example client in a fresh folder.
  func exampleClient(_ language: String) throws -> URL {
    let dir = temporary().appendingPathComponent(language)
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("examples/clients/\(language)"), to: dir)
    return dir
  }

  /// Removes every line of `file` that holds `text` (a renderer the client then lacks).
  func removeLines(containing text: String, from file: URL) throws {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    try lines.filter { !$0.contains(text) }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
  }
}

/// String literals as the generated code writes them.
enum Literal {
  /// Swift: `\u{FC}` for anything but printable ASCII.
  static func swift(_ s: String) -> String {
    "\""
      + s.unicodeScalars.map { c -> String in
        if c == "\\" || c == "\"" { return "\\" + String(c) }
        return (0x20...0x7E).contains(c.value) ? String(c) : "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      }.joined() + "\""
  }

  /// Kotlin (`$` escaped too) and TypeScript: `\u00FC` for anything but printable ASCII.
  static func utf16(_ s: String, kotlin: Bool) -> String {
    "\""
      + s.unicodeScalars.map { c -> String in
        if c == "\\" || c == "\"" || (kotlin && c == "$") { return "\\" + String(c) }
        if (0x20...0x7E).contains(c.value) { return String(c) }
        return String(c).utf16.map { unit in
          let hex = String(unit, radix: 16, uppercase: true)
          return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
      }.joined() + "\""
  }
}
