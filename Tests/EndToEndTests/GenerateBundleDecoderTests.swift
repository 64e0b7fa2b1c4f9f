import Foundation
import XCTest
import ZappLayout

/// The generated decoders of `bundle.json`, compiled and run on bundles made from a real one by one
/// edit each, take and refuse what the runtime (`ScreenBundle.load`) takes and refuses: a
/// `format_version` that is no whole number (or none) or one the runtime does not read, and a key
/// written twice in one object are refused, and so is text outside JSON's grammar (a trailing comma,
/// a byte order mark); `screen_types` keeps the text's order, integer-like names too.
final class GenerateBundleDecoderTests: XCTestCase {
  /// The message of a `format_version` that is no whole number, in every language.
  private static let notWhole = "format_version is missing or not a whole number"

  /// Edits of the minimal project's `bundle.json` (the text replaced, its replacement) and what a
  /// decoder prints for each: `ok VERSION SCREEN-TYPES` or `refused WHY`.
  private static let edits: [(old: String, new: String, expected: String)] = [
    (#""screen_types":{}"#, #""screen_types":{"show":"home","0":"home","self":"home","1":"home"}"#, "ok 2 show,0,self,1"),
    (#""screen_types":{}"#, #""screen_types":{"q\"{:":"home","__proto__":"home","toString":"[\\"}"#, #"ok 2 q"{:,__proto__,toString"#),
    (#""format_version":2"#, #""format_version":2.0"#, "ok 2 "),
    (#""format_version":2"#, #""format_version":20E-1"#, "ok 2 "),
    (#""format_version":2"#, #""format_version":1.5"#, "refused " + notWhole),
    (#""format_version":2,"#, "", "refused " + notWhole),
    (#""format_version":2"#, #""format_version":"2""#, "refused " + notWhole),
    (#""format_version":2"#, #""format_version":true"#, "refused " + notWhole),
    (#""format_version":2"#, #""format_version":4294967298"#, "refused " + notWhole),
    (#""format_version":2"#, #""format_version":0"#, "refused " + unread(0)),
    (#""format_version":2"#, #""format_version":-1"#, "refused " + unread(-1)),
    (#""format_version":2"#, #""format_version":3"#, "refused " + unread(3)),
    (#""format_version":2"#, #""format_version":2,"format_version":2"#, "refused bundle.json: duplicate key 'format_version'"),
    (#""file":"screens/home.json""#, #""file":"a.json","file":"screens/home.json""#, "refused bundle.json: duplicate key 'file'"),
    (#""columns":1,"#, #""columns":1,"columns":1,"#, "refused bundle.json: duplicate key 'columns'"),
    (#""screen_types":{}"#, #""screen_types":{"a":"home","\u0061":"home"}"#, "refused bundle.json: duplicate key 'a'"),
    // A value of a key the decoders read that is not of its type is refused, never dropped: a
    // renderer list read as empty would take a bundle this build cannot draw.
    (#""component_types":["grid","#, #""component_types":[7,"grid","#, "refused required_renderers[0]." + notStrings("component_types")),
    (
      #""component_types":["grid","hero","promo_banner"]"#, #""component_types":"grid""#,
      "refused required_renderers[0]." + notStrings("component_types")
    ),
    (#""layout_kinds":["#, #""layout_kinds":[null,"#, "refused required_renderers[0]." + notStrings("layout_kinds")),
    (#""screen_plugins":[]"#, #""screen_plugins":{}"#, "refused required_renderers[0]." + notStrings("screen_plugins")),
    (#""screen_plugins":[]"#, #""screen_plugins":null"#, "ok 2 "),
    (#""screen_plugins":[]"#, #""screen_plugins":[],"navigation_plugins":["side_menu"]"#, "ok 2 "),
    (
      #""screen_plugins":[]"#, #""screen_plugins":[],"navigation_plugins":{}"#,
      "refused required_renderers[0]." + notStrings("navigation_plugins")
    ),
    (
      #""screen_plugins":[]"#, #""screen_plugins":[],"navigation_plugins":["side_menu",7]"#,
      "refused required_renderers[0]." + notStrings("navigation_plugins")
    ),
    (#""min_zapp_sdk":"20.0.0""#, #""min_zapp_sdk":20"#, "refused required_renderers[0].min_zapp_sdk is not a string"),
    (
      #""min_zapp_sdk":"20.0.0""#, #""min_zapp_sdk":null,"unsupported_since_zapp_sdk":[21]"#,
      "refused required_renderers[0].unsupported_since_zapp_sdk is not a string"
    ),
    (#""min_zapp_sdk":"20.0.0""#, #""min_zapp_sdk":null"#, "ok 2 "),
    (#""required_renderers":["#, #""required_renderers":{},"other":["#, "refused required_renderers is not a list"),
    (#""screens":["#, #""screenz":["#, "refused screens is missing or not a list"),
    (
      #""screens":["#, #""screens":[{"id":"home","name":null,"file":"a.json","sha256":""},"#, "refused screens[1].id 'home' is listed twice"
    ),
    (#""screens":["#, #""screens":[{"id":"__proto__","name":null,"file":"a.json","sha256":""},"#, "ok 2 "),
    (#""name":"Home""#, #""name":false"#, "refused screens[0].name is not a string"),
    (#""name":"Home""#, #""name":null"#, "ok 2 "),
    (#""sha256":"#, #""sha":"#, "refused screens[0].sha256 is missing or not a string"),
    (#""screen_types":{},"#, "", "refused screen_types is missing or not an object"),
    (#""screen_types":{}"#, #""screen_types":{"show":["home"]}"#, "refused screen_types.show is not a string"),
    // Text outside JSON's grammar, which JSONSerialization lets pass (a comma before `}` or `]`, a
    // byte order mark) or refuses, is refused (each language words its reader's error).
    (#""screen_types":{}"#, #""screen_types":{"show":"home",}"#, "refused"),
    (#""screen_plugins":[]"#, #""screen_plugins":["hero",]"#, "refused"),
    (#"{"format_version""#, "\u{FEFF}" + #"{"format_version""#, "refused"),
    (#"{"format_version":2,"#, #"{"format_version":2,"x":{}} x {"format_version":2,"#, "refused"),
    (#""format_version":2"#, #""format_version":02"#, "refused"),
    (#""format_version":2"#, #""format_version":NaN"#, "refused"),
    (#""name":"Home""#, "\"name\":\"Ho\tme\"", "refused"),
    (#""format_version":2,"#, #""format_version":2,/* a comment */"#, "refused"),
    // A number no 64-bit float holds, which JSON.parse and Double read as infinity.
    (#""format_version":2,"#, #""format_version":2,"x":-1e400,"#, "refused"),
    // Nested deeper than zlc reads (and than JSON.parse's reviver walks on Node's stack): refused
    // for its depth (Swift's decoders read 512 levels, JSONSerialization's, the others more).
    (
      #""format_version":2,"#,
      #""format_version":2,"x":"# + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + ",",
      "refused bundle.json: nested more than "
    ),
  ]

  /// The message of a whole `format_version` the runtime does not read, in every language.
  private static func unread(_ version: Int) -> String {
    let readable = BundleIndex.readableFormatVersions
    return "format_version \(version) is not one this client reads (\(readable.lowerBound) to \(readable.upperBound))"
  }

  /// The message of a renderer list that is no list of strings.
  private static func notStrings(_ key: String) -> String { key + " is not a list of strings" }

  /// Writes each edited bundle in a folder of its own, checks that the runtime takes or refuses it
  /// as `expected` says (with the same version and screen types; it takes a byte order mark, which
  /// `zlc verify` refuses), and returns their paths.
  private func bundles() throws -> [String] {
    let out = temporary()
    let r = try zlc(["build", minimal.path, "-o", out.appendingPathComponent("built").path])
    XCTAssertEqual(r.status, 0, r.err)
    let real = try String(contentsOf: out.appendingPathComponent("built/bundle.json"), encoding: .utf8)
    var paths: [String] = []
    for (number, edit) in Self.edits.enumerated() {
      let at = try XCTUnwrap(real.range(of: edit.old), edit.old)
      let folder = out.appendingPathComponent("case-\(number)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(real.replacingCharacters(in: at, with: edit.new).utf8).write(to: folder.appendingPathComponent("bundle.json"))
      paths.append(folder.appendingPathComponent("bundle.json").path)
      let runtime = (try? ScreenBundle.load(from: folder)).map {
        "ok \($0.index.formatVersion) " + $0.index.screenTypes.map(\.key).joined(separator: ",")
      }
      // The runtime reads past a byte order mark, which `zlc verify` refuses, and so do the decoders.
      let taken = edit.new.hasPrefix("\u{FEFF}") ? "ok 2 " : edit.expected
      XCTAssertEqual(runtime ?? "refused", taken.hasPrefix("ok") ? taken : "refused", edit.new)
    }
    return paths
  }

  /// Compares a client's lines with the expected ones; a refusal's message may go on (Kotlin's
  /// reader adds the offset).
  @discardableResult
  private func assertPrints(_ out: String, sorted: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.count, Self.edits.count + 1, out, file: file, line: line)
    for (edit, printed) in zip(Self.edits, lines) {
      var expected = edit.expected
      if sorted, expected.hasPrefix("ok ") {
        let parts = expected.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        expected = "ok \(parts[1]) " + parts[2].split(separator: ",").sorted().joined(separator: ",")
      }
      XCTAssertTrue(printed == expected || (expected.hasPrefix("refused") && printed.hasPrefix(expected)), printed, file: file, line: line)
    }
    return lines
  }

  /// Swift's `screenTypes` is a dictionary: its names are compared sorted.
  func testTheSwiftDecoderTakesAndRefusesWhatTheRuntimeDoes() throws {
    let paths = try bundles()
    let swift = try generate("swift", minimal)
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    let main = #"""
      import Foundation
      for path in CommandLine.arguments.dropFirst() {
        do {
          let index = try ZappBundleIndex(json: Data(contentsOf: URL(fileURLWithPath: path)))
          print("ok \(index.formatVersion) " + index.screenTypes.keys.map(\.wireName).sorted().joined(separator: ","))
        } catch ZappBundleError.malformed(let why) {
          print("refused " + why)
        } catch {
          print("failed \(error)")
        }
      }
      """#
    let lines = assertPrints(try swiftMainOutput(main, client: source, in: swift.folder, arguments: paths), sorted: true)
    // A text of JSON's grammar that JSONSerialization refuses says why, not "not a JSON object".
    let infinite = try XCTUnwrap(Self.edits.firstIndex { $0.new.contains("-1e400") })
    XCTAssertEqual(
      lines[infinite], "refused bundle.json: invalid UTF-8, an escape of half a surrogate pair or a number beyond a 64-bit float")
  }

  func testTheTypeScriptDecoderTakesAndRefusesWhatTheRuntimeDoes() throws {
    let paths = try bundles()
    let script = """
      const fs = require("fs");
      for (const path of process.argv.slice(1)) {
        try {
          const index = m.zappDecodeBundleIndex(fs.readFileSync(path, "utf8"));
          console.log("ok " + index.formatVersion + " " + index.screenTypes.map((t) => m.zappWireName(t.screenType)).join(","));
        } catch (e) {
          console.log("refused " + e.message);
        }
      }
      """
    assertPrints(try typeScriptMainOutput(script, project: minimal, arguments: paths))
  }

  func testTheKotlinDecoderTakesAndRefusesWhatTheRuntimeDoes() throws {
    let paths = try bundles()
    let generated = try generate("kotlin", minimal, platform: "android")
    let main = #"""
      import java.io.File
      import zapp.android.ZappBundleException
      import zapp.android.ZappBundleIndex

      fun main(args: Array<String>) {
          for (path in args) {
              try {
                  val index = ZappBundleIndex.decode(File(path).readText())
                  println("ok " + index.formatVersion + " " + index.screenTypes.keys.joinToString(",") { it.wireName })
              } catch (e: ZappBundleException) {
                  println("refused " + e.message)
              }
          }
      }

      """#
    let client = generated.folder.appendingPathComponent("android/ZappClient.kt")
    assertPrints(try kotlinMainOutput(main, client: client, arguments: paths))
  }
}
