import Foundation
import XCTest
import ZappLayout

/// The generated `supportsClient` (`zappSupportsClient` in TypeScript), compiled by each language's
/// compiler and run: on a bundle whose platform entry has `min_zapp_sdk` 20.0.0, on one that also
/// has `unsupported_since_zapp_sdk` 21, on one without either key, and on ones whose range has
/// pre-release tags (SemVer's and another script's), it answers as the runtime's
/// `BundleIndex.supportsClient(on:zappSDK:)`, version by version.
final class GenerateSDKTests: XCTestCase {
  /// The versions asked: older, the same written three ways, newer, and `ZappSDKVersion.compare`'s
  /// rules (pre-release tags, empty and non-numeric parts, another script's digit, a number too big).
  let versions = [
    "19.9", "20.0.0", "20.0", "21", "20.0.0-beta1", "19.9+20", "-20", "20..1", "v21", "2\u{663}", "20.x",
    "99999999999999999999", "9223372036854775807",
    // Tags ordered by code point, against the bundle whose oldest is `20.0.0-\u{E000}`.
    "20.0.0-\u{1F600}", "20.0.0-\u{E001}", "20.0.0-\u{D7FF}",
    // SemVer pre-releases, against the bundle whose range is `20.0.0-beta.2..<20.0.0-rc.1`.
    "20.0.0-beta", "20.0.0-beta.2", "20.0.0-beta.02", "20.0.0-beta.10", "20.0.0-beta.x", "20.0.0-Dev", "20.0.0-rc",
    "20.0.0-rc.1+7", "20.0.0-", "20.0.0-beta.99999999999999999999", "20.0.0-beta..1", "-20.0.0-rc",
  ]

  func testSwift() throws {
    let generated = try generate("swift", minimal)
    let folder = generated.folder.appendingPathComponent("ios")
    try """
    import Foundation
    let versions = [\(versions.map(Literal.swift).joined(separator: ", "))]
    for path in CommandLine.arguments.dropFirst() {
      let index = try ZappBundleIndex(json: Data(contentsOf: URL(fileURLWithPath: path)))
      let answers = versions.map { index.supportsClient(zappSDK: $0) } + [index.supportsClient(zappSDK: "21", for: "tvos")]
      print(answers.map { $0.map { $0 ? "true" : "false" } ?? "nil" }.joined(separator: " "))
    }
    """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let r = try compile(
      ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-o", "client", "ZappClient.swift", "main.swift"], cwd: folder)
    XCTAssertEqual(r.status, 0, r.err)
    try assertAnswers([folder.appendingPathComponent("client").path], platform: "ios", cwd: folder)
  }

  func testTypeScript() throws {
    let script = """
      const fs = require("fs");
      const versions = [\(versions.map { Literal.utf16($0, kotlin: false) }.joined(separator: ", "))];
      for (const path of process.argv.slice(1)) {
        const index = m.zappDecodeBundleIndex(fs.readFileSync(path, "utf8"));
        const answers = versions.map((v) => m.zappSupportsClient(index, v)).concat([m.zappSupportsClient(index, "21", "tvos")]);
        console.log(answers.map((a) => (a === null ? "nil" : String(a))).join(" "));
      }
      """
    let bundles = try answeredBundles(platform: "web")
    XCTAssertEqual(try typeScriptMainOutput(script, project: minimal, arguments: bundles.files), bundles.expected)
  }

  func testKotlin() throws {
    let generated = try generate("kotlin", minimal, platform: "android")
    let main = generated.folder.appendingPathComponent("Main.kt")
    try """
    import java.io.File
    import zapp.android.ZappBundleIndex

    fun main(args: Array<String>) {
        val versions = listOf(\(versions.map { Literal.utf16($0, kotlin: true) }.joined(separator: ", ")))
        for (path in args) {
            val index = ZappBundleIndex.decode(File(path).readText())
            val answers = versions.map { index.supportsClient(it) } + index.supportsClient("21", "tvos")
            println(answers.joinToString(" ") { it?.toString() ?: "nil" })
        }
    }

    """.write(to: main, atomically: true, encoding: .utf8)
    let source = generated.folder.appendingPathComponent("android/ZappClient.kt")
    let r = try compile(
      ["kotlinc", "-Werror", source.path, main.path, "-include-runtime", "-d", "sdk.jar"], cwd: generated.folder)
    XCTAssertEqual(r.status, 0, r.err)
    try assertAnswers(["kotlin", "sdk.jar"], platform: "android", cwd: generated.folder)
  }

  /// Runs `command` on the bundles of `answeredBundles` and checks it prints what the runtime answers.
  private func assertAnswers(_ command: [String], platform: String, cwd: URL, line: UInt = #line) throws {
    let bundles = try answeredBundles(platform: platform, line: line)
    let r = try runClient(command + bundles.files, cwd: cwd)
    XCTAssertEqual(r.status, 0, r.err, line: line)
    XCTAssertEqual(r.out, bundles.expected, line: line)
  }

  /// The minimal app's bundle for `platform` (its `min_zapp_sdk` 20.0.0), the same with
  /// `unsupported_since_zapp_sdk` 21 and the same without either key, and what a client prints for
  /// them as the runtime answers: one line each, an answer per version then `nil` for a platform
  /// the bundle does not list.
  private func answeredBundles(platform: String, line: UInt = #line) throws -> (files: [String], expected: String) {
    var index = try bundleIndex(minimal)
    var required = try XCTUnwrap(index["required_renderers"] as? [[String: Any]])
    XCTAssertEqual(required[0]["min_zapp_sdk"] as? String, "20.0.0")
    required[0]["platform"] = platform
    index["required_renderers"] = required
    let folder = temporary()
    let oldest = folder.appendingPathComponent("oldest.json")
    try JSONSerialization.data(withJSONObject: index).write(to: oldest)
    required[0]["unsupported_since_zapp_sdk"] = "21"
    index["required_renderers"] = required
    let range = folder.appendingPathComponent("range.json")
    try JSONSerialization.data(withJSONObject: index).write(to: range)
    required[0]["unsupported_since_zapp_sdk"] = nil
    required[0]["min_zapp_sdk"] = nil
    index["required_renderers"] = required
    let any = folder.appendingPathComponent("any.json")
    try JSONSerialization.data(withJSONObject: index).write(to: any)
    required[0]["min_zapp_sdk"] = "20.0.0-beta.2"
    required[0]["unsupported_since_zapp_sdk"] = "20.0.0-rc.1"
    index["required_renderers"] = required
    let pre = folder.appendingPathComponent("pre.json")
    try JSONSerialization.data(withJSONObject: index).write(to: pre)
    required[0]["min_zapp_sdk"] = "20.0.0-\u{E000}"
    required[0]["unsupported_since_zapp_sdk"] = nil
    index["required_renderers"] = required
    let unicode = folder.appendingPathComponent("unicode.json")
    try JSONSerialization.data(withJSONObject: index).write(to: unicode)

    var expected = ""
    for file in [oldest, range, any, pre, unicode] {
      let runtime = try BundleIndex(json: try JSON.parse(try Data(contentsOf: file)))
      let answers = versions.map { runtime.supportsClient(on: platform, zappSDK: $0) }
      XCTAssertNil(runtime.supportsClient(on: "tvos", zappSDK: "21"), "a platform the bundle does not list", line: line)
      let tagged = Array(answers.suffix(12))
      if file == oldest {
        XCTAssertEqual(Array(answers.prefix(4)), [false, true, true, true], "19.9, 20.0.0, 20.0, 21", line: line)
        XCTAssertEqual(
          tagged, [false, false, false, false, false, false, false, false, true, false, false, false],
          "a pre-release of 20.0.0 is older than 20.0.0; `20.0.0-` tags nothing", line: line)
      } else if file == pre {
        XCTAssertEqual(Array(answers.prefix(4)), [false, false, false, false], "19.9, 20.0.0, 20.0, 21", line: line)
        XCTAssertEqual(
          tagged, [false, true, true, true, true, false, true, false, false, true, true, true],
          "beta, beta.2, beta.02, beta.10, beta.x, Dev, rc, rc.1+7, `-`, a long number, an empty identifier, a leading `-`",
          line: line)
      } else if file == unicode {
        let byCodePoint = Array(answers[13..<16])
        XCTAssertEqual(byCodePoint, [true, true, false], "U+1F600 and U+E001 are after U+E000, U+D7FF before", line: line)
      } else if file == range {
        XCTAssertEqual(Array(answers.prefix(4)), [false, true, true, false], "19.9, 20.0.0, 20.0, 21", line: line)
      } else {
        XCTAssertTrue(answers.allSatisfy { $0 == true }, "no min_zapp_sdk: every client", line: line)
      }
      let answered = answers + [runtime.supportsClient(on: "tvos", zappSDK: "21")]
      expected += answered.map { $0.map { $0 ? "true" : "false" } ?? "nil" }.joined(separator: " ") + "\n"
    }
    return ([oldest.path, range.path, any.path, pre.path, unicode.path], expected)
  }
}
