import Foundation
import XCTest
import ZappLayout

/// `zlc verify`: a bundle is loaded as a client loads it, and each file that does not load is named.
final class VerifyTests: XCTestCase, BundleEditing {
  func testTheDemoBundleLoads() throws {
    let out = try builtDemo()
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(result.err, "\(out.path): ok, 10 screens load\n")
    XCTAssertEqual(result.out, "")
  }

  func testTheGoldenBundlesLoad() throws {
    for golden in ["demo-bundle", "demo-bundle-expanded"] {
      let result = try zlc(["verify", "Tests/Golden/" + golden])
      XCTAssertEqual(result.status, 0, result.err)
      XCTAssertEqual(result.err, "Tests/Golden/\(golden): ok, 10 screens load\n")
    }
    let compact = try builtDemo([])
    XCTAssertEqual(try zlc(["verify", compact.path]).status, 0)
  }

  /// A project nested exactly as deep as inputs may be builds a bundle that verifies and loads,
  /// though the bundle holds a screen plugin's styles deeper than the screens file did (at
  /// `resolved.plugin_values.styles`, and once more in `rivers.json`).
  func testABundleOfInputNestedToTheLimitLoads() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    // The screens array, the screen and its styles hold the value: 3 + 509 = 512 levels.
    let deep = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
    try edit(project.appendingPathComponent("screens/plugins.json"), #""single_instance" \}"#, #""single_instance", "deep": \#(deep) }"#)
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(build.status, 0, build.err)
    let verify = try zlc(["verify", out.path])
    XCTAssertEqual(verify.status, 0, verify.err)
    XCTAssertEqual(verify.err, "\(out.path): ok, 10 screens load\n")
    XCTAssertNoThrow(try ScreenBundle.load(from: out))
  }

  /// A family's XML display rules nested as deep as they may be (256 elements, which the bundle
  /// writes as 512 levels of JSON) build a bundle that verifies and loads, compact or expanded
  /// (where a section's layout entry is read back on its own); one element more is refused at it.
  func testFamilyDisplayRulesNestedToTheLimitLoad() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let family = project.appendingPathComponent("families/FAMILY_1.xml")
    try FileManager.default.createDirectory(at: family.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("families/FAMILY_1.xml"), encoding: .utf8)
    let view = #"<View name="nativeShareButton" visibility="VISIBLE"/>"#
    let line = try XCTUnwrap(text.components(separatedBy: "\n").firstIndex { $0.contains(view) }) + 1
    // <DisplayRules>, <DisplayRule> and <View> are 3 elements deep.
    func nested(_ count: Int) -> String {
      String(view.dropLast(2)) + ">" + String(repeating: #"<X a="1">"#, count: count) + String(repeating: "</X>", count: count) + "</View>"
    }
    try text.replacingOccurrences(of: view, with: nested(245)).write(to: family, atomically: true, encoding: .utf8)
    for form in [["--expanded"], []] {
      let out = dir.appendingPathComponent("out" + form.joined())
      let build = try zlc(["build", project.path, "-o", out.path] + form)
      XCTAssertEqual(build.status, 0, build.err)
      let verify = try zlc(["verify", out.path])
      XCTAssertEqual(verify.err, "\(out.path): ok, 10 screens load\n", form.joined())
      XCTAssertNoThrow(try ScreenBundle.load(from: out), form.joined())
      // Every file within the depth every client's JSON reader takes (JSONSerialization's too).
      for file in try FileManager.default.subpathsOfDirectory(atPath: out.path) where file.hasSuffix(".json") {
        let bytes = try Data(contentsOf: out.appendingPathComponent(file))
        XCTAssertLessThanOrEqual(Self.nestingDepth(bytes), JSON.maxInputDepth, "\(form.joined()) \(file)")
      }
    }
    try text.replacingOccurrences(of: view, with: nested(246)).write(to: family, atomically: true, encoding: .utf8)
    let lineText = try String(contentsOf: family, encoding: .utf8).components(separatedBy: "\n")[line - 1]
    let column = try XCTUnwrap(lineText.range(of: String(repeating: #"<X a="1">"#, count: 246))).upperBound.utf16Offset(in: lineText) - 8
    let check = try zlc(["check", project.path, "--color", "never"])
    XCTAssertEqual(check.status, 1)
    XCTAssertTrue(
      check.err.contains(
        "\(family.path):\(line):\(column): error: display rules are nested more than 248 elements deep; "
          + "the bundle writes each element as 2 levels of JSON [ZL0115]\n"),
      check.err)
    // A cell's second <DisplayRules> is dropped (ZL0204), so however deep it nests it is no error.
    let second = "</DisplayRules><DisplayRules>" + String(repeating: "<X>", count: 300) + String(repeating: "</X>", count: 300)
    try text.replacingOccurrences(of: "</DisplayRules>", with: second + "</DisplayRules>").write(
      to: family, atomically: true, encoding: .utf8)
    let dropped = try zlc(["check", project.path, "--color", "never"])
    XCTAssertFalse(dropped.err.contains("[ZL0115]"), dropped.err)
    XCTAssertTrue(dropped.err.contains("[ZL0204]"), dropped.err)
  }

  /// The deepest nesting of objects and arrays in a JSON text.
  static func nestingDepth(_ bytes: Data) -> Int {
    var (depth, deepest, inString, escaped) = (0, 0, false, false)
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  /// A `layout_ref` that names no entry of `layouts` is an error at the reference.
  func testADanglingLayoutReferenceIsLocated() throws {
    let out = try builtDemo(["--pretty"])
    let show = out.appendingPathComponent("screens/show.json")
    let lines = try String(contentsOf: show, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains("\"layout_ref\": ") }) + 1
    let column = try XCTUnwrap(lines[line - 1].range(of: "\"layout_ref\": ")).upperBound.utf16Offset(in: lines[line - 1]) + 1
    try edit(show, "\"layout_ref\": \"[0-9a-f]+\"", "\"layout_ref\": \"nowhere\"")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.err.contains(
        "\(show.path):\(line):\(column): error: resolved.sections[0].layout_ref: no entry 'nowhere' in bundle.json's layouts\n"),
      result.err)
    XCTAssertTrue(result.err.contains("\(show.path): error: its SHA-256 is "), result.err)
  }

  func testAnInfiniteHeightIsLocatedInItsScreenFile() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    // The first item height of the file, on its own line: find where it is before the edit.
    let text = try String(contentsOf: home, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains("\"height\": ") }) + 1
    let column = try XCTUnwrap(lines[line - 1].range(of: "\"height\": ")).upperBound.utf16Offset(in: lines[line - 1]) + 1
    try edit(home, "\"height\": [0-9.]+", "\"height\": inf")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    let lineOut = result.err.split(separator: "\n").map(String.init)
    XCTAssertTrue(lineOut.contains { $0.hasPrefix("\(home.path): error: its SHA-256 is ") }, result.err)
    XCTAssertTrue(
      lineOut.contains("\(home.path):\(line):\(column): error: not JSON: unexpected character (expected a value, found 'i')"), result.err)
    XCTAssertFalse(result.err.contains(": ok"))
  }

  /// Family values finer than the bundle's 0.01 (an inset of 16.125, a header 44.444 high): the
  /// layouts written are rounded, the ones the geometry draws are not, and the two agree as a
  /// client reads them; both forms verify.
  func testFineFamilyValuesVerify() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let family = project.appendingPathComponent("families/STARTER.json")
    try edit(family, #""insetTop": 16"#, #""insetTop": 16.125"#)
    try edit(family, #""insetLeft": 16"#, #""insetLeft": 12.345"#)
    for flags in [[], ["--expanded"]] {
      let out = dir.appendingPathComponent("out\(flags.count)")
      let build = try zlc(["build", project.path, "-o", out.path] + flags)
      XCTAssertEqual(build.status, 0, build.err)
      let verified = try zlc(["verify", out.path])
      XCTAssertEqual(verified.status, 0, "\(flags): \(verified.err)")
    }
  }

  /// A `sha256` written in capitals names the same hash, as the runtime library compares it.
  func testAHashInCapitalsVerifies() throws {
    let out = try builtDemo([])
    let index = out.appendingPathComponent("bundle.json")
    let text = try String(contentsOf: index, encoding: .utf8)
    let hash = try XCTUnwrap(text.range(of: "(?<=\"sha256\":\")[0-9a-f]{64}", options: .regularExpression))
    try text.replacingCharacters(in: hash, with: text[hash].uppercased()).write(to: index, atomically: true, encoding: .utf8)
    XCTAssertTrue(try String(contentsOf: index, encoding: .utf8).contains(text[hash].uppercased()))
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 0, result.err)
  }

  func testATruncatedScreenFileIsNamed() throws {
    let out = try builtDemo()
    let show = out.appendingPathComponent("screens/show.json")
    let bytes = try Data(contentsOf: show)
    try bytes.prefix(bytes.count / 2).write(to: show)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.err.contains("\(show.path): error: its SHA-256 is "), result.err)
    XCTAssertTrue(result.err.contains("\(show.path):"), result.err)
    XCTAssertTrue(result.err.range(of: "\(show.path):[0-9]+:[0-9]+: error: not JSON: ", options: .regularExpression) != nil, result.err)
    // Where zlc's reader says what the runtime says, and more, its words are said once.
    let index = out.appendingPathComponent("bundle.json")
    try Data("{".utf8).write(to: index)
    let cut = try zlc(["verify", out.path])
    XCTAssertEqual(cut.status, 1)
    XCTAssertTrue(cut.err.contains("\(index.path):1:2: error: not JSON: expected a key, found the end of the file\n"), cut.err)
  }

  /// A byte order mark before bundle.json's text, which the runtime library reads past and the
  /// generated decoders refuse, is an error at its place; before another file's, which a client's
  /// own JSON reader may refuse (JavaScript's `JSON.parse`), too.
  func testAByteOrderMarkBeforeAFilesTextIsRefused() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try Data([0xEF, 0xBB, 0xBF] + (try Data(contentsOf: index))).write(to: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "\(index.path):1:1: error: starts with a UTF-8 byte order mark, which the decoders zlc generates (Swift, Kotlin, TypeScript) refuse; zlc writes none\n"
    )
    for file in ["rivers.json", "screens/show.json"] {
      let other = try builtDemo()
      let url = other.appendingPathComponent(file)
      let old = try XCTUnwrap(sha256Hex(url))
      try Data([0xEF, 0xBB, 0xBF] + (try Data(contentsOf: url))).write(to: url)
      // A screen file's hash is kept right, so that only the mark is at fault (rivers.json has none).
      if file != "rivers.json" { try edit(other.appendingPathComponent("bundle.json"), old, try XCTUnwrap(sha256Hex(url))) }
      let read = try zlc(["verify", other.path])
      XCTAssertEqual(read.status, 1, file)
      XCTAssertEqual(
        read.err,
        "\(url.path):1:1: error: starts with a UTF-8 byte order mark, which JSON readers such as JavaScript's JSON.parse refuse; zlc writes none\n"
      )
    }
    let clean = try builtDemo()
    XCTAssertEqual(try zlc(["verify", clean.path]).status, 0)
  }

  func testAValueOfTheWrongTypeIsLocatedByItsPointer() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"format_version\": 1", "\"format_version\": \"1\"")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "\(index.path):2:21: error: format_version: expected a whole number\n")
  }

  /// A map key written like an index (`"[-1]"`) is located as the key it is, and a negative child
  /// index, which would make a client's mapper trap, is refused at its value.
  func testKeysLikeIndicesAndNegativeIndicesAreLocated() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"screen_types\": \\{", "\"screen_types\": {\"[-1]\": 5, ")
    let (line, column) = try position(after: "\"[-1]\": ", in: index)
    let keyed = try zlc(["verify", out.path])
    XCTAssertEqual(keyed.status, 1, keyed.err)
    XCTAssertTrue(keyed.err.hasPrefix("\(index.path):\(line):\(column): error: screen_types.[-1]"), keyed.err)
    let fresh = try builtDemo()
    let show = fresh.appendingPathComponent("screens/show.json")
    try edit(show, "\"child\": 0", "\"child\": -1")
    let (childLine, childColumn) = try position(after: "\"child\": ", in: show)
    let negative = try zlc(["verify", fresh.path])
    XCTAssertEqual(negative.status, 1, negative.err)
    XCTAssertTrue(
      negative.err.contains(
        "\(show.path):\(childLine):\(childColumn): error: resolved.sections[0].data.child: expected a whole number, 0 or more"),
      negative.err)
  }

  /// A row of no items (`columns` 0) is refused at its value, in a screen file's layout and in a
  /// compact bundle's `layouts` entry alike (whose error names the section that uses it).
  func testARowOfNoColumnsIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    try edit(home, "\"columns\": [0-9]+", "\"columns\": 0")
    let (line, column) = try position(after: "\"columns\": ", in: home)
    let expanded = try zlc(["verify", out.path])
    XCTAssertEqual(expanded.status, 1, expanded.err)
    XCTAssertTrue(expanded.err.contains("\(home.path):\(line):\(column): error: resolved.sections["), expanded.err)
    XCTAssertTrue(expanded.err.contains("columns: expected a whole number, 1 or more"), expanded.err)
    let compact = try builtDemo([])
    try edit(compact.appendingPathComponent("bundle.json"), "\"columns\":[0-9]+", "\"columns\":-1")
    let refused = try zlc(["verify", compact.path])
    XCTAssertEqual(refused.status, 1, refused.err)
    XCTAssertTrue(refused.err.contains(".layout_ref.layout."), refused.err)
    XCTAssertTrue(refused.err.contains("columns: expected a whole number, 1 or more"), refused.err)
  }

  /// A bundle that says format_version 1 but holds the compact form's `layouts` is refused at
  /// them: a reader of format_version 1 would find no layout in its sections.
  func testFormatVersionOneHoldsNoLayouts() throws {
    let out = try builtDemo([])
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"format_version\":2", "\"format_version\":1")
    let (line, column) = try position(after: "\"layouts\":", in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertTrue(
      result.err.hasPrefix(
        "\(index.path):\(line):\(column): error: format_version 1 holds no 'layouts' (the compact form's, format_version 2)"),
      result.err)
  }

  func testANestedValueOfTheWrongTypeIsLocatedByItsPath() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let lines = try String(contentsOf: home, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains("\"columns\": ") }) + 1
    let column = try XCTUnwrap(lines[line - 1].range(of: "\"columns\": ")).upperBound.utf16Offset(in: lines[line - 1]) + 1
    try edit(home, "\"columns\": ([0-9]+)", "\"columns\": \"3\"")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    let located = result.err.split(separator: "\n").filter { $0.hasPrefix("\(home.path):\(line):\(column): error: resolved.sections[") }
    XCTAssertEqual(located.count, 1, result.err)
    XCTAssertTrue(located.first?.hasSuffix(".columns: expected a whole number, 1 or more") ?? false, result.err)
  }

  /// A bundle holding a size at zero or below loads, but a client would draw nothing: `verify`
  /// rejects it, at the value, naming the screen, the section and the device.
  func testANegativeSizeIsLocatedAndNamed() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let lines = try String(contentsOf: home, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains("\"height\": ") }) + 1
    let column = try XCTUnwrap(lines[line - 1].range(of: "\"height\": ")).upperBound.utf16Offset(in: lines[line - 1]) + 1
    try edit(home, "\"height\": [0-9.]+", "\"height\": -3.5")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    let located = result.err.split(separator: "\n").filter { $0.hasPrefix("\(home.path):\(line):\(column): error: resolved.sections[") }
    XCTAssertEqual(located.count, 1, result.err)
    let pattern =
      #": screen 'home', section [0-9]+ \('[a-z_]+'\), device '[a-z-]+': [a-z_.\[\]0-9]*height is -3.5; a size must be above zero$"#
    XCTAssertNotNil(located.first?.range(of: pattern, options: .regularExpression), result.err)
    XCTAssertFalse(result.err.contains(": ok"))
  }

  func testAMissingKeyAndAMissingFileAreNamed() throws {
    let out = try builtDemo()
    try edit(out.appendingPathComponent("screens/movie.json"), "\"resolved\"", "\"unresolved\"")
    try FileManager.default.removeItem(at: out.appendingPathComponent("rivers.json"))
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    let movie = out.appendingPathComponent("screens/movie.json").path
    XCTAssertTrue(result.err.contains("\(movie):1:1: error: resolved: missing\n"), result.err)
    XCTAssertTrue(result.err.contains("\(out.path)/rivers.json: error: cannot read: "), result.err)
  }

  /// A mapping to a screen the bundle lacks is located at the mapping's value.
  func testAMappingToAScreenOutsideTheBundleIsAnError() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"screen_types\": \\{", "\"screen_types\": {\n    \"ghost\": \"nowhere\",")
    let at = try position(after: "\"ghost\": ", in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column): error: screen_types maps 'ghost' to 'nowhere', which is not a screen of the bundle\n")
  }

  /// A `ui_tags` mapping to a screen the bundle lacks is an error too, at the mapping's value.
  func testAUITagToAScreenOutsideTheBundleIsAnError() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"screen_types\": \\{", "\"ui_tags\": {\n    \"epg\": \"nowhere\"\n  },\n  \"screen_types\": {")
    let at = try position(after: "\"epg\": ", in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err, "\(index.path):\(at.line):\(at.column): error: ui_tags maps 'epg' to 'nowhere', which is not a screen of the bundle\n")
  }

  /// A `fallback_screens` entry naming a screen the bundle lacks is an error too, at its value.
  func testAFallbackScreenOutsideTheBundleIsAnError() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    // The demo's player is its videos' fallback: point it at a screen the bundle lacks.
    try edit(index, "\"fallback_screens\": \\{\n    \"video\": \"player\"", "\"fallback_screens\": {\n    \"video\": \"nowhere\"")
    let at = try position(after: "\"video\": \"nowhere", in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column - 8): error: fallback_screens maps 'video' to 'nowhere', which is not a screen of the bundle\n")
  }

  /// A screen file outside the bundle folder, or a folder of the bundle (`.`, `screens`), is
  /// refused before it is read, at the entry's `file`.
  func testAScreenFileOutsideTheBundleIsNamed() throws {
    let cases = [
      ("screens/../../shows.json", "which '..' takes outside the bundle"),
      ("screens/../screens/shows.json", "which holds '..'; the runtime reads a path of named parts alone"),
      ("screens//../../shows.json", "which '..' takes outside the bundle"),
      ("screens//shows.json", "which holds an empty part ('//'); the runtime reads a path of named parts alone"),
      ("/screens/shows.json", "an absolute path; a screen file is relative to the bundle folder"),
      ("screens/", "which ends in '/', naming a folder, not a file"),
      ("", "which is empty; a screen file is a path inside the bundle folder"),
      (".", "which is a folder, not a file"),
      ("screens", "which is a folder, not a file"),
    ]
    for (file, why) in cases {
      let out = try builtDemo()
      let index = out.appendingPathComponent("bundle.json")
      try edit(index, "\"file\": \"screens/shows.json\"", "\"file\": \"\(file)\"")
      let at = try position(after: "\"file\": \"\(file)", in: index)
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, file)
      XCTAssertTrue(
        result.err.contains(
          "\(index.path):\(at.line):\(at.column - file.utf16.count - 1): error: screen 'shows' has file '\(file)', \(why)\n"),
        result.err)
    }
  }

  /// A device's `size_class` is the one its width falls in: one the bundle lacks, or another, would
  /// apply another size class's mappings there.
  func testADeviceSizeClassIsTheOneItsWidthFallsIn() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"width\": 375,\n      \"size_class\": \"S\"", "\"width\": 375,\n      \"size_class\": \"L\"")
    try edit(index, "\"width\": 768,\n      \"size_class\": \"L\"", "\"width\": 768,\n      \"size_class\": \"Q\"")
    let phone = try position(after: "\"size_class\": ", in: index)
    let tablet = try position(after: "\"size_class\": \"Q", in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    let lines = result.err.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      Array(lines.prefix(2)),
      [
        "\(index.path):\(phone.line):\(phone.column): error: device 'phone' has size_class 'L', but its width 375 falls in size class 'S'",
        "\(index.path):\(tablet.line):\(tablet.column - 2): error: device 'tablet-portrait' has size_class 'Q', which is not a size class of the bundle",
      ], result.err)
  }

  /// A format version this runtime does not read, a screen file holding another screen and a
  /// `rivers.json` out of step with the index are each located at the value in their file.
  func testInconsistentValuesAreLocatedInTheirFiles() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    let kids = out.appendingPathComponent("screens/kids.json")
    let rivers = out.appendingPathComponent("rivers.json")
    try edit(kids, "\"id\": \"kids\"", "\"id\": \"kidz\"")
    try edit(rivers, "\"id\": \"shows\"", "\"id\": \"showz\"")
    let kidsAt = try position(after: "\"id\": ", in: kids)
    let riversAt = try position(after: "\"id\": ", in: rivers)
    var result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.err.contains(
        "\(kids.path):\(kidsAt.line):\(kidsAt.column): error: holds screen 'kidz', but bundle.json lists it for 'kids'\n"),
      result.err)
    XCTAssertTrue(
      result.err.contains(
        "\(rivers.path):\(riversAt.line):\(riversAt.column): error: holds 10 screens that are not the 10 of bundle.json in the same order\n"
      ), result.err)

    try edit(index, "\"format_version\": 1", "\"format_version\": 7")
    let versionAt = try position(after: "\"format_version\": ", in: index)
    result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.err, "\(index.path):\(versionAt.line):\(versionAt.column): error: format_version 7; this runtime reads 1 to 2\n")
  }

  /// A device name listed twice is an error at the second, as a screen id listed twice is.
  func testADeviceListedTwiceIsAnError() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    let tree = try JSON.parse(try Data(contentsOf: index))
    let devices = try XCTUnwrap(tree["devices"]?.arrayValue)
    try Data(tree.replacing("devices", with: .array(devices + [devices[0]])).encoded(pretty: true)).write(to: index)
    let lines = try String(contentsOf: index, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.indices.filter { lines[$0].contains(#""name": "phone""#) }.dropFirst().first)
    let column = try XCTUnwrap(lines[line].range(of: #""name": "#)).upperBound.utf16Offset(in: lines[line]) + 1
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(index.path):\(line + 1):\(column): error: device 'phone' listed twice (first at devices[0])\n")
  }

  /// In a one-line file, zlc's explanation of a runtime's parse error is the one of that problem,
  /// not of another on the line (a `\u0000` escape before it, which a client reads).
  func testAParseErrorIsExplainedByItsOwnProblem() throws {
    let out = try builtDemo([])
    let home = out.appendingPathComponent("screens/home.json")
    try edit(home, #"\}$"#, #","z":"\u0000","n":1e400}"#)
    let bytes = try Data(contentsOf: home)
    XCTAssertFalse(bytes.contains(0x0A))
    let column = try XCTUnwrap(bytes.range(of: Data(#""n":"#.utf8))).upperBound + 1
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertTrue(
      result.err.contains(
        "\(home.path):1:\(column): error: not JSON: number beyond a 64-bit float (number 1e400 is beyond the range of a 64-bit float)\n"),
      result.err)
    XCTAssertFalse(result.err.contains("U+0000"), result.err)
  }

  func testAFolderThatIsNotThereIsAnIOFailure() throws {
    let result = try zlc(["verify", "/nonexistent/bundle"])
    XCTAssertEqual(result.status, 74)
    XCTAssertEqual(result.err, "/nonexistent/bundle: error: cannot read the bundle folder: no such file or folder\n")
  }

  /// Runs `zlc verify` and fails if it has not finished within 30 s (killing it): it must never block.
  func verifyWithin(_ path: String) throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = ["verify", path]
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
    let result = try outputs(of: process)
    watchdog.cancel()
    XCTAssertEqual(process.terminationReason, .exit, "zlc verify \(path) blocked and was stopped")
    return (result.status, result.err)
  }

  func testAFIFOOrADeviceInTheBundleIsNotARegularFile() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try FileManager.default.removeItem(at: index)
    XCTAssertEqual(mkfifo(index.path, 0o600), 0)
    var result = try verifyWithin(out.path)
    XCTAssertEqual(result.status, 74)
    XCTAssertEqual(result.err, "\(index.path): error: it is a FIFO, not a regular file; zlc reads only regular files\n")
    XCTAssertFalse(result.err.contains("permission"), result.err)

    // A screen file that links to /dev/zero: outside the bundle, so never read.
    let fresh = try builtDemo()
    let home = fresh.appendingPathComponent("screens/home.json")
    try FileManager.default.removeItem(at: home)
    try FileManager.default.createSymbolicLink(atPath: home.path, withDestinationPath: "/dev/zero")
    result = try verifyWithin(fresh.path)
    XCTAssertEqual(result.status, 1)
    let value = "\"screens/home.json\""
    let (line, end) = try position(after: "\"file\": " + value, in: fresh.appendingPathComponent("bundle.json"))
    let column = end - value.utf16.count
    XCTAssertEqual(
      result.err,
      "\(fresh.path)/bundle.json:\(line):\(column): error: screen 'home' has file 'screens/home.json', which a link takes outside the bundle; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)\n"
    )

    // The bundle folder itself a FIFO.
    let fifo = fresh.deletingLastPathComponent().appendingPathComponent("fifo")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    result = try verifyWithin(fifo.path)
    XCTAssertEqual(result.status, 74)
    XCTAssertEqual(result.err, "\(fifo.path): error: it is a FIFO, not a bundle folder\n")
  }

  func testAProjectIsNotABundle() throws {
    let result = try zlc(["verify", "manifests/"])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.err,
      "manifests/: error: holds no bundle (no bundle.json); it looks like a layout project: "
        + "build it first (zlc build manifests/ -o OUT) and verify OUT\n")
    let empty = temporary()
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: empty) }
    let other = try zlc(["verify", empty.path])
    XCTAssertEqual(other.status, 1)
    XCTAssertEqual(
      other.err,
      "\(empty.path): error: holds no bundle (no bundle.json); zlc verify reads the folder zlc build writes (zlc build PROJECT -o OUT)\n")
  }
}
