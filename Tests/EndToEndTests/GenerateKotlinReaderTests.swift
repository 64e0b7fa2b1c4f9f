import Foundation
import XCTest

/// The generated Kotlin's own JSON reader (Kotlin's standard library has none), run by one kotlinc
/// compile: it reads `bundle.json` by RFC 8259's grammar, as `JSONSerialization` (Swift) and
/// `JSON.parse` (TypeScript) do, so that a corrupt bundle fails on every platform alike.
final class GenerateKotlinReaderTests: XCTestCase {
  /// A `bundle.json` of one screen, with `version` as its format version and `name` as the text
  /// inside the screen name's quotes.
  private func bundle(version: String = "2", name: String = "Home") -> String {
    #"{"format_version": \#(version), "screens": [{"id": "home", "file": "screens/home.json", "sha256": "", "name": "\#(name)"}], "screen_types": {}, "content_types": {},"#
      + #" "zlc_version": "1", "devices": []}"#
  }

  /// Malformed bundles: what the reader says, where `⟦⟧` stands (an offset in UTF-16 units).
  private var malformed: [(text: String, why: String)] {
    [
      (bundle(version: "0⟦⟧2"), "leading zero"),
      (bundle(version: "-0⟦⟧2"), "leading zero"),
      (bundle(version: "⟦⟧+2"), "unexpected character"),
      (bundle(version: "2.⟦⟧"), "expected a digit after the decimal point"),
      (bundle(version: "⟦⟧.5"), "unexpected character"),
      (bundle(version: "2e⟦⟧"), "expected a digit in the exponent"),
      (bundle(version: "2E+⟦⟧"), "expected a digit in the exponent"),
      (bundle(version: "-⟦⟧"), "expected a digit"),
      (bundle(version: "⟦⟧Infinity"), "unexpected character"),
      (bundle(version: "-⟦⟧Infinity"), "expected a digit"),
      (bundle(version: "⟦⟧NaN"), "unexpected character"),
      (bundle(version: "0⟦⟧x10"), "expected , or }"),
      (bundle(version: "2.5⟦⟧.1"), "expected , or }"),
      (bundle(version: "2⟦⟧d"), "expected , or }"),
      (bundle(name: #"\u⟦⟧+041"#), #"expected 4 hex digits after \u"#),
      (bundle(name: #"\u00⟦⟧"#), #"expected 4 hex digits after \u"#),
      (bundle(name: #"\u00⟦⟧G9"#), #"expected 4 hex digits after \u"#),
      (bundle(name: #"\⟦⟧q"#), "unknown escape"),
      (bundle(name: #"\⟦⟧x41"#), "unknown escape"),
      (bundle(name: #"\⟦⟧'"#), "unknown escape"),
      (bundle(name: "a⟦⟧\tb"), "control character in a string"),
      (bundle(name: "a⟦⟧\nb"), "control character in a string"),
      (bundle(name: "a⟦⟧\u{0}b"), "control character in a string"),
      (bundle(name: "a⟦⟧\u{1F}b"), "control character in a string"),
    ]
  }

  /// Well-formed bundles: the format version and screen name they decode to.
  private var wellFormed: [(text: String, version: Int, name: String)] {
    [
      (bundle(version: "2"), 2, "Home"),
      (bundle(version: "1e0"), 1, "Home"),
      (bundle(version: "2.0"), 2, "Home"),
      (bundle(version: "20E-1"), 2, "Home"),
      (bundle(version: "0.2e+1"), 2, "Home"),
      (bundle(version: " \t\r\n200e-2 \t\r\n"), 2, "Home"),
      (bundle(name: #"\/\b\f\n\r\t\"\\"#), 2, "/\u{8}\u{C}\n\r\t\"\\"),
      (bundle(name: #"\u00e9\u00C9\u0000"#), 2, "éÉ\u{0}"),
      (bundle(name: #"\uD83D\uDE00"#), 2, "😀"),
      (bundle(name: "é😀\u{7F}"), 2, "é😀\u{7F}"),
    ]
  }

  /// Each malformed bundle throws `ZappBundleException` naming what is wrong and where; each
  /// well-formed one decodes. Both tables hold what JSONSerialization and Node's JSON.parse do.
  func testTheKotlinReaderFollowsTheJSONGrammar() throws {
    let folder = temporary()
    var files: [String] = []
    var expected: [String] = []
    for (marked, why) in malformed {
      let parts = marked.components(separatedBy: "⟦⟧")
      XCTAssertEqual(parts.count, 2, marked)
      let text = parts.joined()
      XCTAssertNil(try? JSONSerialization.jsonObject(with: Data(text.utf8)), "JSONSerialization reads \(text)")
      files.append(try write(text, in: folder, number: files.count))
      expected.append("refused bundle.json: \(why) at offset \(parts[0].utf16.count)")
    }
    for (text, version, name) in wellFormed {
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      XCTAssertEqual((object?["format_version"] as? NSNumber)?.intValue, version, text)
      XCTAssertEqual(((object?["screens"] as? [[String: Any]])?.first?["name"] as? String), name, text)
      files.append(try write(text, in: folder, number: files.count))
      expected.append("ok \(version) " + name.utf16.map { String($0, radix: 16) }.joined(separator: " "))
    }
    let node = try compile(["node", "-e", Self.nodeReader] + files, cwd: folder)
    XCTAssertEqual(node.status, 0, node.err)
    XCTAssertEqual(node.out.split(separator: "\n").map(String.init), expected.map { $0.hasPrefix("ok") ? "ok" : "refused" })

    let generated = try generate("kotlin", minimal, platform: "android")
    let main = folder.appendingPathComponent("Main.kt")
    try Self.kotlinMain.write(to: main, atomically: true, encoding: .utf8)
    let kotlin = generated.folder.appendingPathComponent("android/ZappClient.kt")
    var r = try compile(["kotlinc", "-Werror", kotlin.path, main.path, "-d", "reader"], cwd: folder)
    XCTAssertEqual(r.status, 0, r.err)
    r = try run(["kotlin", "-cp", "reader", "MainKt"] + files, cwd: folder)
    XCTAssertEqual(r.status, 0, r.err)
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.count, expected.count + 1, r.out)
    for (index, line) in expected.enumerated() where index < lines.count {
      let source = String(decoding: try Data(contentsOf: URL(fileURLWithPath: files[index])), as: UTF8.self)
      XCTAssertEqual(lines[index], line, source)
    }
  }

  private func write(_ text: String, in folder: URL, number: Int) throws -> String {
    let file = folder.appendingPathComponent("case-\(number).json")
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// Prints `ok` or `refused` for each file JSON.parse reads or refuses.
  private static let nodeReader = """
    const fs = require("fs");
    for (const file of process.argv.slice(1)) {
      try { JSON.parse(fs.readFileSync(file, "utf8")); console.log("ok"); } catch (e) { console.log("refused"); }
    }
    """

  /// Prints, for each file, `ok VERSION` and the screen name's UTF-16 units in hex, or `refused`
  /// and the exception's message.
  private static let kotlinMain = #"""
    import java.io.File
    import zapp.android.ZappBundleException
    import zapp.android.ZappBundleIndex

    fun main(args: Array<String>) {
        for (path in args) {
            try {
                val index = ZappBundleIndex.decode(File(path).readText())
                val name = index.screens.firstOrNull()?.name ?: ""
                println("ok " + index.formatVersion + " " + name.map { Integer.toHexString(it - '\u0000') }.joinToString(" "))
            } catch (e: ZappBundleException) {
                println("refused " + e.message)
            }
        }
    }

    """#
}
