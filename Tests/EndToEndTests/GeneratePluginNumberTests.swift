import Foundation
import XCTest
import ZappLayout

/// Numbers in plugin values, compiled and run in each language: a select's option written as a
/// number (`1.0`, `1e2`) is read from the bundle's number as that option, as zlc matched it (a
/// parsed number has lost its text), and a whole number a reader may have rounded (2^53 or more)
/// leaves a text or option field unset rather than read as other digits.
final class GeneratePluginNumberTests: XCTestCase {
  /// A section's `styles` as the bundle may hold them, and what every client prints for them.
  private static let cases: [(json: String, expected: String)] = [
    (#"{"level":1.0,"levels":[1.0,2,3],"account":12}"#, "level=1.0 levels=1.0,2,?3 account=12"),
    (#"{"level":1,"levels":2.0,"account":0.25}"#, "level=1.0 levels=2 account=0.25"),
    (#"{"level":100,"levels":[],"account":1e15}"#, "level=1e2 levels= account=1000000000000000"),
    (#"{"level":"1e2","account":9007199254740991}"#, "level=1e2 levels=nil account=9007199254740991"),
    (#"{"level":"1","account":9007199254740993}"#, "level=?1 levels=nil account=nil"),
    (#"{"level":0.5,"levels":[9007199254740993,2],"account":-9007199254740993}"#, "level=0.5 levels=2 account=nil"),
    (#"{"level":3,"account":"9007199254740993"}"#, "level=?3 levels=nil account=9007199254740993"),
    (#"{"level":true,"account":true}"#, "level=?true levels=nil account=true"),
    // A long mantissa, as 0.1 + 0.2 gives: Swift's reader rounded it to 0.3000000000000001.
    (#"{"level":0.5,"account":0.30000000000000004}"#, "level=0.5 levels=nil account=0.30000000000000004"),
  ]

  /// The plugin-values app with a select of numeric options, a multi-select of two, a text field
  /// and a screen that sets the select to `1.0`, which zlc takes as the option `1.0`.
  private func project() throws -> URL {
    let project = temporary().appendingPathComponent("app")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Fixtures/generate/plugin-values"), to: project)
    let fields = #"""
      { "key": "level", "type": "select", "options": [1.0, 2, "1e2", { "text": "Half", "value": 0.5 }] },
      { "key": "levels", "type": "multi_select", "options": [1.0, 2] },
      { "key": "account", "type": "text_input" },
      { "key": "banner_text"
      """#
    try edit(project.appendingPathComponent("components/promo_banner.json"), #"{ "key": "banner_text""#, fields)
    try edit(project.appendingPathComponent("screens/home.json"), #""tone": "a b","#, #""tone": "a b", "level": 1.0,"#)
    let out = temporary().appendingPathComponent("bundle")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.out + built.err)
    let home = try String(contentsOf: out.appendingPathComponent("screens/home.json"), encoding: .utf8)
    XCTAssertTrue(home.contains(#""level":1.0"#), "the bundle keeps the screen's number as written")
    return project
  }

  private func edit(_ file: URL, _ old: String, _ new: String) throws {
    let text = try String(contentsOf: file, encoding: .utf8)
    XCTAssertTrue(text.contains(old), old)
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
  }

  /// The cases' files, in a fresh folder.
  private func files() throws -> [String] {
    let folder = temporary()
    return try Self.cases.enumerated().map { i, c in
      let file = folder.appendingPathComponent("styles-\(i).json")
      try Data(c.json.utf8).write(to: file)
      return file.path
    }
  }

  private func assertPrints(_ r: (status: Int32, out: String, err: String), line: UInt = #line) {
    XCTAssertEqual(r.status, 0, r.err, line: line)
    XCTAssertEqual(r.out, Self.cases.map { $0.expected + "\n" }.joined(), line: line)
  }

  func testSwift() throws {
    let folder = try generate("swift", try project()).folder.appendingPathComponent("ios")
    try #"""
    import Foundation
    func show(_ o: PromoBannerStyles.LevelOption) -> String {
      if case .unknown(let name) = o { return "?" + name }
      return o.wireName
    }
    for path in CommandLine.arguments.dropFirst() {
      let s = try PromoBannerStyles(json: Data(contentsOf: URL(fileURLWithPath: path)))
      let levels =
        s.levels.map { list in
          list.map { o in
            if case .unknown(let name) = o { return "?" + name }
            return o.wireName
          }.joined(separator: ",")
        } ?? "nil"
      print("level=" + (s.level.map(show) ?? "nil") + " levels=" + levels + " account=" + (s.account ?? "nil"))
    }
    """#.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let built = try compile(
      ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client", "ZappClient.swift", "main.swift"], cwd: folder)
    XCTAssertEqual(built.status, 0, built.err)
    assertPrints(try runClient([folder.appendingPathComponent("client").path] + files(), cwd: folder))
  }

  func testTypeScript() throws {
    let script = """
      const fs = require("fs");
      const show = (value) => (value === undefined ? "nil" : typeof value === "object" ? "?" + value.unknown : String(value));
      for (const path of process.argv.slice(1)) {
        const s = m.decodePromoBannerStyles(JSON.parse(fs.readFileSync(path, "utf8")));
        const levels = s.levels === undefined ? "nil" : s.levels.map(show).join(",");
        console.log("level=" + show(s.level) + " levels=" + levels + " account=" + show(s.account));
      }
      """
    let out = try typeScriptMainOutput(script, project: try project(), arguments: try files())
    XCTAssertEqual(out, Self.cases.map { $0.expected + "\n" }.joined())
  }

  func testKotlin() throws {
    let generated = try generate("kotlin", try project(), platform: "android")
    let main = generated.folder.appendingPathComponent("Main.kt")
    try """
    import java.io.File
    import zapp.android.PromoBannerStyles

    fun show(o: PromoBannerStyles.LevelOption): String =
        if (o is PromoBannerStyles.LevelOption.Unknown) "?" + o.wireName else o.wireName

    fun main(args: Array<String>) {
        for (path in args) {
            val s = PromoBannerStyles.decode(File(path).readText())
            val levels = s.levels?.joinToString(",") {
                if (it is PromoBannerStyles.LevelsOption.Unknown) "?" + it.wireName else it.wireName
            } ?: "nil"
            println("level=" + (s.level?.let { show(it) } ?: "nil") + " levels=" + levels + " account=" + (s.account ?: "nil"))
        }
    }

    """.write(to: main, atomically: true, encoding: .utf8)
    let source = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let built = try compile(["kotlinc", "-Werror", source.path, main.path, "-include-runtime", "-d", "numbers.jar"], cwd: generated.folder)
    XCTAssertEqual(built.status, 0, built.err)
    assertPrints(try runClient(["kotlin", "numbers.jar"] + files(), cwd: generated.folder))
  }
}
