import Foundation
import XCTest
import ZappLayout

/// The generated decoders of `bundle.json` read `size_classes` and `layouts` and check each screen's
/// `file` as the runtime (`ScreenBundle.load`) does: the default size classes when the key is
/// absent or null, a value not of its type refused, a `layouts` entry that is no object (or any in
/// a bundle of format version 1) refused, and a `file` that leaves the bundle folder refused. Each
/// is compiled and run on the minimal project's bundle edited one way per case.
final class GenerateBundleLayoutsTests: XCTestCase {
  /// The edits of one case (each the text replaced and its replacement), what every decoder prints
  /// for it (`ok SIZE-CLASSES LAYOUTS FILE` or `refused WHY`), and whether the runtime takes it.
  private struct Edit {
    var replacements: [(old: String, new: String)]
    var expected: String

    init(_ old: String, _ new: String, _ expected: String) { self.init([(old, new)], expected) }

    init(_ replacements: [(old: String, new: String)], _ expected: String) {
      self.replacements = replacements
      self.expected = expected
    }
  }

  /// The minimal project's size classes (the defaults) as the decoders print them
  /// (`NAME/CLASS/MIN-WIDTH/MAX-WIDTH`).
  private static let defaults = "S/phone/0/600+L/tablet/600/1200+XL/tablet/1200/nil"
  /// The minimal project's size classes as written.
  private static let written =
    #""size_classes":[{"name":"S","min_width":0,"max_width":600,"class":"phone"},{"name":"L","min_width":600,"max_width":1200,"class":"tablet"},{"name":"XL","min_width":1200,"class":"tablet"}]"#
  /// The minimal project's bundle as the decoders print it: its size classes, 3 layouts, its file.
  private static let minimal = "ok \(defaults) 3 screens/home.json"

  /// `size_classes` holding one size class of `members`.
  private static func sizeClass(_ members: String) -> String { #""size_classes":[{"# + members + "}]" }
  private static let file = #""file":"screens/home.json""#
  /// The screen's `file` as `path` (JSON text).
  private static func file(_ path: String) -> String { #""file":""# + path + #"""# }
  private static let outside = "refused screens[0].file is not a path inside the bundle folder"
  private static let layouts = #""layouts":{"#
  private static let gap = "size_classes[1].min_width: no size class holds the widths between size class 'S' and size class 'L'"
  private static let overlap = "size_classes[2].min_width: size class 'XL' overlaps size class 'L'"
  private static let emptyS = "size class 'S' is empty: its max_width is not above its min_width"

  private static let edits: [Edit] = [
    Edit(written, written, minimal),
    Edit(written + ",", "", minimal),
    Edit(written, #""size_classes":null"#, minimal),
    Edit(written, #""size_classes":[]"#, "ok - 3 screens/home.json"),
    Edit(
      written, sizeClass(#""name":"compact","min_width":-5.5,"max_width":null,"class":"tablet","more":1"#),
      "ok compact/tablet/-5.5/nil 3 screens/home.json"),
    Edit(
      written, sizeClass(#""name":"w","min_width":1e2,"max_width":250.25,"class":"phone""#), "ok w/phone/100/250.25 3 screens/home.json"),
    Edit(written, #""size_classes":{}"#, "refused size_classes is not a list"),
    Edit(written, #""size_classes":"S""#, "refused size_classes is not a list"),
    Edit(written, #""size_classes":[7]"#, "refused size_classes[0] is not an object"),
    Edit(written, #""size_classes":[null]"#, "refused size_classes[0] is not an object"),
    Edit(written, sizeClass(#""min_width":0,"class":"phone""#), "refused size_classes[0].name is missing or not a string"),
    Edit(written, sizeClass(#""name":7,"min_width":0,"class":"phone""#), "refused size_classes[0].name is missing or not a string"),
    Edit(written, sizeClass(#""name":"S","class":"phone""#), "refused size_classes[0].min_width is missing or not a number"),
    Edit(
      written, sizeClass(#""name":"S","min_width":"0","class":"phone""#), "refused size_classes[0].min_width is missing or not a number"),
    Edit(
      written, sizeClass(#""name":"S","min_width":true,"class":"phone""#), "refused size_classes[0].min_width is missing or not a number"),
    Edit(
      written, sizeClass(#""name":"S","min_width":0,"max_width":"600","class":"phone""#),
      "refused size_classes[0].max_width is not a number"),
    Edit(
      written, sizeClass(#""name":"S","min_width":0,"max_width":false,"class":"phone""#),
      "refused size_classes[0].max_width is not a number"),
    Edit(written, sizeClass(#""name":"S","min_width":0,"class":"tv""#), "refused size_classes[0].class is missing or not phone or tablet"),
    Edit(written, sizeClass(#""name":"S","min_width":0"#), "refused size_classes[0].class is missing or not phone or tablet"),
    Edit(written, sizeClass(#""name":"S","min_width":0,"class":null"#), "refused size_classes[0].class is missing or not phone or tablet"),
    // A list the runtime refuses (`SizeClass.firstFault`), in the same words in every language.
    Edit(#""name":"L","min_width":600"#, #""name":"L","min_width":700"#, "refused \(gap)"),
    Edit(#""min_width":600,"max_width":1200"#, #""min_width":600,"max_width":null"#, "refused \(overlap)"),
    Edit(#""name":"XL""#, #""name":"S""#, "refused size_classes[2].name: size class 'S' is defined twice (first at [0])"),
    Edit(#""name":"XL""#, #""name":"""#, "refused size_classes[2].name: empty"),
    Edit(#""max_width":600"#, #""max_width":-5"#, "refused size_classes[0].max_width: \(emptyS)"),
    // layouts.
    Edit(layouts, #""layouts":null,"old":{"#, "ok \(defaults) 0 screens/home.json"),
    Edit(layouts, #""layouts":{},"old":{"#, "ok \(defaults) 0 screens/home.json"),
    Edit(layouts, layouts + #""zz":{},"#, "ok \(defaults) 4 screens/home.json"),
    Edit(layouts, #""layouts":[],"old":{"#, "refused layouts is not an object"),
    Edit(layouts, #""layouts":"x","old":{"#, "refused layouts is not an object"),
    Edit(layouts, layouts + #""zz":7,"#, "refused layouts.zz is not an object"),
    Edit(layouts, layouts + #""zz":null,"#, "refused layouts.zz is not an object"),
    Edit(layouts, layouts + #""zz":[],"#, "refused layouts.zz is not an object"),
    Edit(#""format_version":2"#, #""format_version":1"#, "refused layouts: format_version 1 holds none"),
    Edit(
      [(#""format_version":2"#, #""format_version":1"#), (layouts, #""layouts":{},"old":{"#)], "ok \(defaults) 0 screens/home.json"),
    Edit(
      [(#""format_version":2"#, #""format_version":1"#), (layouts, #""layouts":null,"old":{"#)], "ok \(defaults) 0 screens/home.json"),
    // A screen's file.
    Edit(file, file("a/./b.json"), "ok \(defaults) 3 a/./b.json"),
    Edit(file, file("..."), "ok \(defaults) 3 ..."),
    Edit(file, file("..json"), "ok \(defaults) 3 ..json"),
    Edit(file, file(#"..\\x.json"#), #"ok \#(defaults) 3 ..\x.json"#),
    Edit(file, file("/etc/home.json"), outside),
    Edit(file, file("../home.json"), outside),
    Edit(file, file("screens/../../home.json"), outside),
    Edit(file, file("screens/.."), outside),
    Edit(file, file("screens//home.json"), outside),
    Edit(file, file("screens/"), outside),
    Edit(file, file(""), outside),
    Edit(file, file(#"screens/home.json\u0000.txt"#), outside),
  ]

  /// A width as the decoders print it: a whole one without a fraction.
  private static func width(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }

  /// Writes each edited bundle in a folder of its own, checks that the runtime takes or refuses it
  /// as the edit says (with the same size classes, layouts and file), and returns their paths.
  private func bundles() throws -> [String] {
    let out = temporary()
    let r = try zlc(["build", minimal.path, "-o", out.appendingPathComponent("built").path])
    XCTAssertEqual(r.status, 0, r.err)
    let real = try String(contentsOf: out.appendingPathComponent("built/bundle.json"), encoding: .utf8)
    var paths: [String] = []
    for (number, edit) in Self.edits.enumerated() {
      var text = real
      for replacement in edit.replacements {
        let at = try XCTUnwrap(text.range(of: replacement.old), replacement.old)
        text.replaceSubrange(at, with: replacement.new)
      }
      let folder = out.appendingPathComponent("case-\(number)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("bundle.json"))
      paths.append(folder.appendingPathComponent("bundle.json").path)
      let runtime = (try? ScreenBundle.load(from: folder)).map { bundle in
        let index = bundle.index
        let classes = index.sizeClasses.map { s in
          [s.name, s.deviceClass.rawValue, Self.width(s.minWidth), s.maxWidth.map(Self.width) ?? "nil"].joined(separator: "/")
        }
        return ["ok", classes.isEmpty ? "-" : classes.joined(separator: "+"), String(index.layouts.count), index.screens[0].file]
          .joined(separator: " ")
      }
      XCTAssertEqual(runtime ?? "refused", edit.expected.hasPrefix("ok") ? edit.expected : "refused", text)
    }
    return paths
  }

  /// Compares a client's lines with the expected ones; a refusal's message may go on (Kotlin's
  /// reader adds the offset).
  private func assertPrints(_ out: String, file: StaticString = #filePath, line: UInt = #line) {
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.count, Self.edits.count + 1, out, file: file, line: line)
    for (edit, printed) in zip(Self.edits, lines) {
      let expected = edit.expected
      XCTAssertTrue(
        printed == expected || (expected.hasPrefix("refused") && printed.hasPrefix(expected)), "\(printed) (expected \(expected))",
        file: file, line: line)
    }
  }

  func testTheSwiftDecoderReadsSizeClassesLayoutsAndFilesAsTheRuntimeDoes() throws {
    let paths = try bundles()
    let swift = try generate("swift", minimal)
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    let main = #"""
      import Foundation
      func width(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
      for path in CommandLine.arguments.dropFirst() {
        do {
          let i = try ZappBundleIndex(json: Data(contentsOf: URL(fileURLWithPath: path)))
          let classes = i.sizeClasses.map { s in
            [s.name, s.deviceClass, width(s.minWidth), s.maxWidth.map(width) ?? "nil"].joined(separator: "/")
          }
          let all = classes.isEmpty ? "-" : classes.joined(separator: "+")
          print(["ok", all, String(i.layoutIDs.count), i.screens[0].file].joined(separator: " "))
        } catch ZappBundleError.malformed(let why) {
          print("refused " + why)
        } catch {
          print("failed \(error)")
        }
      }
      """#
    assertPrints(try swiftMainOutput(main, client: source, in: swift.folder, arguments: paths))
  }

  func testTheTypeScriptDecoderReadsSizeClassesLayoutsAndFilesAsTheRuntimeDoes() throws {
    let paths = try bundles()
    let script = """
      const fs = require("fs");
      const nil = (v) => (v === null ? "nil" : String(v));
      for (const path of process.argv.slice(1)) {
        try {
          const i = m.zappDecodeBundleIndex(fs.readFileSync(path, "utf8"));
          const classes = i.sizeClasses.map((s) => [s.name, s.deviceClass, String(s.minWidth), nil(s.maxWidth)].join("/"));
          const all = classes.length === 0 ? "-" : classes.join("+");
          console.log(["ok", all, String(i.layoutIds.length), i.screens[0].file].join(" "));
        } catch (e) {
          console.log("refused " + e.message);
        }
      }
      """
    assertPrints(try typeScriptMainOutput(script, project: minimal, arguments: paths))
  }

  func testTheKotlinDecoderReadsSizeClassesLayoutsAndFilesAsTheRuntimeDoes() throws {
    let paths = try bundles()
    let generated = try generate("kotlin", minimal, platform: "android")
    let main = #"""
      import java.io.File
      import zapp.android.ZappBundleException
      import zapp.android.ZappBundleIndex

      fun width(d: Double): String = if (d == Math.rint(d)) d.toLong().toString() else d.toString()

      fun main(args: Array<String>) {
          for (path in args) {
              try {
                  val i = ZappBundleIndex.decode(File(path).readText())
                  val classes = i.sizeClasses.map { s ->
                      listOf(s.name, s.deviceClass, width(s.minWidth), s.maxWidth?.let { width(it) } ?: "nil").joinToString("/")
                  }
                  val all = if (classes.isEmpty()) "-" else classes.joinToString("+")
                  println(listOf("ok", all, i.layoutIds.size.toString(), i.screens[0].file).joinToString(" "))
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
