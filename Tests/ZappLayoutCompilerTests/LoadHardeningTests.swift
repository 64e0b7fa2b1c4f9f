import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappResolution
@testable import ZappWriters

/// What a client's load refuses in a bundle the compiler would never write, and what `zlc verify`
/// reports of it: each test edits a copy of the golden bundle (fixing the edited screen files'
/// hashes) and asserts the exact error.
final class LoadHardeningTests: XCTestCase, GoldenBundleEditing {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Replaces the first `old` in a file of `dir` with `new`, then sets every screen's hash in
  /// bundle.json to its file's.
  func edit(_ dir: URL, _ file: String, _ old: String, _ new: String, line: UInt = #line) throws {
    let url = dir.appendingPathComponent(file)
    let text = try String(contentsOf: url, encoding: .utf8)
    let range = try XCTUnwrap(text.range(of: old), "no \(old) in \(file)", line: line)
    try text.replacingCharacters(in: range, with: new).write(to: url, atomically: true, encoding: .utf8)
    try fixHashes(dir)
  }

  func fixHashes(_ dir: URL) throws {
    let url = dir.appendingPathComponent("bundle.json")
    var text = try String(contentsOf: url, encoding: .utf8)
    for entry in try JSON.parse(Array(text.utf8))["screens"]?.arrayValue ?? [] {
      guard let file = entry["file"]?.stringValue, !file.contains("\u{0}"), let hash = entry["sha256"]?.stringValue,
        let bytes = FileManager.default.contents(atPath: dir.appendingPathComponent(file).path)
      else { continue }
      text = text.replacingOccurrences(of: hash, with: Digest.sha256Hex(Array(bytes)))
    }
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// The error opening a screen of the bundle at `dir` throws (its load included).
  func openingError(_ dir: URL, _ id: String, line: UInt = #line) -> String? {
    do {
      _ = try ScreenBundle.load(from: dir).screen(id: id)
      XCTFail("\(id) opens", line: line)
      return nil
    } catch {
      return "\(error)"
    }
  }

  // MARK: Geometry

  /// The first layouts entry (`0671dfdbdce5`, section 2 of `movie`): its phone metrics.
  static let phoneMetrics =
    #""metrics":{"inset_top":12,"inset_left":12,"inset_bottom":12,"inset_right":12,"inter_item_spacing":12,"line_spacing":12,"aspect_cell_ratio":0.6667"#

  /// A size at zero in a `layouts` entry is located at its value in bundle.json (the sections
  /// naming the entry hold only the reference), once, named by the entry and the device.
  func testASizeAtZeroInALayoutsEntryIsLocatedInTheIndex() throws {
    let dir = try copy()
    let old = #""layout":{"phone":{"kind":"flow","columns":2,"item":{"width":169.5"#
    try edit(dir, "bundle.json", old, old.replacingOccurrences(of: "169.5", with: "0"))
    let at = try column(after: old.replacingOccurrences(of: "169.5", with: ""), in: dir, "bundle.json")
    let problems = verified(dir)
    XCTAssertEqual(
      problems.filter { $0.hasPrefix("bundle.json:") },
      ["bundle.json:1:\(at): error: layouts entry '0671dfdbdce5', device 'phone': item.width is 0.0; a size must be above zero"])
    XCTAssertFalse(problems.contains { $0.contains("item.width is 0.0") && !$0.hasPrefix("bundle.json:") }, "\(problems)")
    // Opened, a screen naming the entry says so through its reference.
    let bundle = try ScreenBundle.load(from: dir)
    let errors = bundle.screenIDs.compactMap { id -> String? in
      do {
        _ = try bundle.screen(id: id)
        return nil
      } catch {
        return "\(error)"
      }
    }
    XCTAssertFalse(errors.isEmpty)
    for error in errors {
      XCTAssertNotNil(
        error.range(
          of: #"^screens/[a-z_]+\.json: resolved\.sections\[\d+\]\.layout_ref\.layout\.phone\.item\.width: 0\.0 "#,
          options: .regularExpression),
        error)
    }
  }

  func testGeometryValuesTheCompilerNeverWritesAreRefused() throws {
    let metrics = "resolved.sections[2].layout_ref.geometry.styles[0].classes.phone.metrics"
    let header = "resolved.sections[2].layout_ref.geometry.header_height.phone"
    for (screen, old, new, error) in [
      (
        "movie", #""aspect_cell_ratio":0.6667"#, #""aspect_cell_ratio":0.6667,"cell_height":-9"#,
        "\(metrics).cell_height: expected a number from 0.01 to 10000"
      ),
      (
        "movie", #""aspect_cell_ratio":0.6667"#, #""aspect_cell_ratio":1e-320"#,
        "\(metrics).aspect_cell_ratio: expected a number from 0.01 to 100"
      ),
      (
        "home", #""inset_top":12,"inset_left":12"#, #""inset_top":12,"inset_left":1e308"#,
        "\(metrics).inset_left: expected a number from 0 to 10000"
      ),
      (
        "home", #""inset_top":12,"inset_left":12"#, #""inset_top":12,"inset_left":-5"#,
        "\(metrics).inset_left: expected a number from 0 to 10000"
      ),
      (
        "home", #""header_height":{"phone":44,"tablet":52}"#, #""header_height":{"phone":-44,"tablet":52}"#,
        "\(header): expected a number from 0.01 to 10000"
      ),
    ] {
      let dir = try copy()
      try edit(dir, "bundle.json", old, new)
      // The value stands in the `layouts` entry the section names: the runtime says it is bundle.json's.
      let reference = "resolved.sections[2].layout_ref"
      let opening = openingError(dir, screen) ?? ""
      XCTAssertTrue(opening.hasPrefix("bundle.json: layouts."), opening)
      XCTAssertTrue(
        opening.hasSuffix(error.dropFirst(reference.count) + "; the entry screens/\(screen).json names at \(reference)"), opening)
      let problems = verified(dir)
      XCTAssertTrue(problems.contains { $0.hasPrefix("screens/\(screen).json:1:") && $0.hasSuffix("error: " + error) }, "\(problems)")
    }
  }

  /// Values within the ranges that draw another layout than the one written, or no item at all:
  /// `zlc verify` reports them at the section's reference, per device.
  func testVerifyDrawsEachDeviceWithTheGeometry() throws {
    let dir = try ownCopy()
    try edit(
      dir, "bundle.json", Self.phoneMetrics, Self.phoneMetrics.replacingOccurrences(of: #""inset_left":12"#, with: #""inset_left":12.5"#))
    let movie = try String(contentsOf: dir.appendingPathComponent("screens/movie.json"), encoding: .utf8)
    let third =
      try XCTUnwrap(movie.range(of: #""layout_ref":"0671dfdbdce5""#)).lowerBound.utf16Offset(in: movie) + #""layout_ref":"#.count + 1
    XCTAssertEqual(
      verified(dir),
      [
        "screens/movie.json:1:\(third): error: resolved.sections[2].layout_ref: screen 'movie', section 2 ('grid'), device 'phone': the geometry of layouts entry '0671dfdbdce5' gives item.width 169.25 there, but its layout holds 169.5"
      ])
    let wide = try ownCopy()
    try edit(
      wide, "bundle.json", Self.phoneMetrics, Self.phoneMetrics.replacingOccurrences(of: #""inset_left":12"#, with: #""inset_left":5000"#))
    XCTAssertEqual(
      verified(wide),
      [
        "screens/movie.json:1:\(third): error: resolved.sections[2].layout_ref: screen 'movie', section 2 ('grid'), device 'phone': the geometry of layouts entry '0671dfdbdce5' gives item.width -2324.5 there; a size must be above zero"
      ])
    // The expanded form holds the geometry in place: located there.
    let expanded = try ownCopy("demo-bundle-expanded")
    try edit(expanded, "screens/movie.json", #""inset_left": 12,"#, #""inset_left": 14,"#)
    XCTAssertEqual(verified(expanded).count, 1)
    XCTAssertTrue(
      verified(expanded)[0].contains(
        "error: resolved.sections[0].geometry: screen 'movie', section 0 ('hero'), device 'phone': its geometry gives item.width 349 there, but its layout holds 351"
      ), verified(expanded)[0])
  }

  /// A written layout whose list differs in length is named by what it holds, not printed whole.
  func testVerifyNamesALongDifferingListByItsCount() throws {
    let dir = try ownCopy()
    let cell = #"{"style":"GRID_2","columns":2,"item":{"width":169.5,"height":95.34}}"#
    try edit(dir, "bundle.json", cell + "]", cell + String(repeating: "," + cell, count: 300) + "]")
    let problems = verified(dir)
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems.first?.hasSuffix(
        "device 'phone': the geometry of layouts entry '9ba8f1f4a669' gives cells [{\"style\":\"GRID_1\",\"columns\":2,\"item\":{\"width\":169.5,\"height\":254.24}},"
          + #"{"style":"GRID_2","columns":2,"item":{"width":169.5,"height":95.34}}] there, but its layout holds an array of 302 values"#)
        ?? false,
      "\(problems)")
  }

  // MARK: Screen files

  func testAScreenFileHoldingAnotherScreenIsRefused() throws {
    let dir = try copy()
    try edit(dir, "bundle.json", #""file":"screens/home.json""#, #""file":"screens/show.json""#)
    XCTAssertEqual(openingError(dir, "home"), "screens/show.json: id: holds screen 'show', but bundle.json lists it for 'home'")
    XCTAssertEqual(try ScreenBundle.load(from: dir).screen(id: "show")?.id, "show")
  }

  func testLinksLeavingTheBundleAreRefused() throws {
    let outside = try copy()
    // The screen file, its folder, and a platform's folder, each a link to a copy outside.
    let file = try copy()
    let home = file.appendingPathComponent("screens/home.json")
    try FileManager.default.removeItem(at: home)
    try FileManager.default.createSymbolicLink(at: home, withDestinationURL: outside.appendingPathComponent("screens/home.json"))
    XCTAssertEqual(
      openingError(file, "home"),
      "'screens/home.json' is outside the bundle folder: a link takes it there; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
    )
    XCTAssertNoThrow(try ScreenBundle.load(from: file).screen(id: "show"), "a file inside opens")
    let homeColumn = try column(after: #""id":"home","name":"Home","file":"#, in: file, "bundle.json")
    XCTAssertEqual(
      verified(file),
      [
        "bundle.json:1:\(homeColumn): error: screen 'home' has file 'screens/home.json', which a link takes outside the bundle; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
      ])

    let folder = try copy()
    try FileManager.default.removeItem(at: folder.appendingPathComponent("screens"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("screens"), withDestinationURL: outside.appendingPathComponent("screens"))
    XCTAssertEqual(
      openingError(folder, "show"),
      "'screens/show.json' is outside the bundle folder: a link takes it there; a client reads only the folder's own files: copy the bundle with its links resolved (cp -RL)"
    )
    XCTAssertEqual(verified(folder).count, 10)

    // A link inside the bundle stays inside.
    let inner = try copy()
    try FileManager.default.moveItem(at: inner.appendingPathComponent("screens"), to: inner.appendingPathComponent("real"))
    try FileManager.default.createSymbolicLink(atPath: inner.appendingPathComponent("screens").path, withDestinationPath: "real")
    XCTAssertNoThrow(try ScreenBundle.load(from: inner).screens)

    let output = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-hardening-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: output) }
    try #"{"format_version":2,"platforms":[{"platform":"ios","folder":"ios"}]}"#.write(
      to: output.appendingPathComponent("platforms.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("ios"), withDestinationURL: outside)
    XCTAssertThrowsError(try ScreenBundle.load(from: output, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("ios"))
    }
    XCTAssertEqual(
      BundleVerifier.verify(output.path).problems.map(\.message),
      [
        "platform 'ios' has folder 'ios', which a link takes outside the output; a client reads only the output's own folders: copy the output with its links resolved (cp -RL)"
      ]
    )
  }

  /// A `platforms.json` naming one platform 30,000 times gives 30,000 located problems, each
  /// found without walking the list again: the processor time stays far below what a walk per
  /// problem takes (about a minute for this list).
  func testThousandsOfProblemsInOneListAreLocatedWithoutAWalkEach() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-hardening-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: output) }
    try FileManager.default.copyItem(at: Self.golden.appendingPathComponent("demo-bundle"), to: output.appendingPathComponent("ios"))
    let twice = 30_000
    let entries = Array(repeating: #"{"platform":"ios","folder":"ios"}"#, count: twice + 1)
    try (#"{"format_version":2,"platforms":["# + "\n" + entries.joined(separator: ",\n") + "]}").write(
      to: output.appendingPathComponent("platforms.json"), atomically: true, encoding: .utf8)
    func processorSeconds() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let start = processorSeconds()
    let problems = BundleVerifier.verifyPlatforms(output.path).problems
    let seconds = processorSeconds() - start
    XCTAssertEqual(problems.count, twice)
    for (line, problem) in [(3, problems.first), (twice + 2, problems.last)] {
      XCTAssertEqual(problem?.text, "\(output.path)/platforms.json:\(line):13: error: names platform 'ios' twice")
    }
    XCTAssertLessThan(seconds, 5, "the list is walked once per problem")
  }

  func testANULInAScreenFileIsRefused() throws {
    XCTAssertFalse(ScreenBundle.isInside("screens/home.json\u{0}garbage"))
    XCTAssertFalse(ScreenBundle.isInside("\u{0}"))
    let dir = try copy()
    try edit(dir, "bundle.json", #""file":"screens/home.json""#, #""file":"screens/home.json\u0000garbage""#)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("screens/home.json\u{0}garbage"))
    }
    let column = try column(after: #""id":"home","name":"Home","file":"#, in: dir, "bundle.json")
    XCTAssertEqual(
      verified(dir),
      [
        #"bundle.json:1:\#(column): error: screen 'home' has file 'screens/home.json\u0000garbage', which holds a NUL, where the system would end the path"#
      ])
  }

  /// A screen file that is the bundle folder itself (`.`) is a folder, as `screens` is, not a path
  /// out of the bundle; a NUL in a refused path is written escaped.
  func testAScreenFileThatIsTheFolderIsNoRegularFile() throws {
    for file in [".", "screens"] {
      let dir = try copy()
      try edit(dir, "bundle.json", #""file":"screens/home.json""#, #""file":"\#(file)""#)
      XCTAssertThrowsError(try ScreenBundle.load(from: dir).screen(id: "home"), file) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile(file, "cannot be read: not a regular file"))
      }
    }
    XCTAssertEqual(
      ScreenBundle.LoadError.fileOutsideBundle("screens/home.json\u{0}x").description,
      #"'screens/home.json\u0000x' is outside the bundle folder"#)
  }

  func testAScreensTypeAndNameAreWhatTheContractSays() throws {
    for (new, error) in [
      (#""name":"Home""#, "type: missing"), (#""name":"Home","type":5"#, "type: expected a string"),
      (#""name":5,"type":"general_content""#, "name: expected a string"),
    ] {
      let dir = try copy()
      try edit(dir, "screens/home.json", #""name":"Home","type":"general_content""#, new)
      XCTAssertEqual(openingError(dir, "home"), "screens/home.json: " + error)
      let problems = verified(dir)
      XCTAssertTrue(problems.contains { $0.hasPrefix("screens/home.json:1:") && $0.hasSuffix("error: " + error) }, "\(problems)")
    }
  }

  func testAScreenIDListedTwiceIsRefused() throws {
    let dir = try copy()
    try edit(dir, "bundle.json", #"{"id":"movie","name":"Movie""#, #"{"id":"home","name":"Movie""#)
    let error = "screens[5].id: screen id 'home' listed twice (first at screens[4])"
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { XCTAssertEqual("\($0)", "bundle.json: " + error) }
    let column = try column(after: #"{"id":"home","name":"Movie""#, in: dir, "bundle.json") - #""home","name":"Movie""#.count
    XCTAssertEqual(verified(dir), ["bundle.json:1:\(column): error: " + error])
    // Ids that differ only in Unicode form are two screens, as zlc writes them: the index loads.
    let forms = try copy()
    try edit(forms, "bundle.json", #"{"id":"movie","name":"Movie""#, "{\"id\":\"e\u{301}\",\"name\":\"Movie\"")
    try edit(forms, "bundle.json", #"{"id":"show","name":"Show""#, "{\"id\":\"\u{e9}\",\"name\":\"Show\"")
    let loaded = try ScreenBundle.load(from: forms)
    XCTAssertEqual(loaded.index.screens.filter { $0.id == "\u{e9}" }.map { Array($0.id.utf8) }, [[0x65, 0xCC, 0x81], [0xC3, 0xA9]])
  }

  // MARK: Sections

  func testAComponentPathPastTheLargestIndexOrNamingNoComponentIsRefused() throws {
    let dir = try copy("demo-bundle-expanded")
    let home = "screens/home.json"
    var text = try String(contentsOf: dir.appendingPathComponent(home), encoding: .utf8)
    // The first section's path at the largest index, the second's left to be derived from it.
    text = text.replacingOccurrences(of: "\"component\": [\n          0\n        ]", with: "\"component\": [9223372036854775807]")
    text = text.replacingOccurrences(of: "\"component\": [\n          1\n        ],\n", with: "")
    try text.write(to: dir.appendingPathComponent(home), atomically: true, encoding: .utf8)
    try fixHashes(dir)
    XCTAssertEqual(
      openingError(dir, "home"),
      "screens/home.json: resolved.sections[1].component: missing, and the path after the previous section's is past the largest index (9223372036854775807)"
    )
    let nowhere = try copy("demo-bundle-expanded")
    try edit(nowhere, home, "\"component\": [\n          0\n        ]", "\"component\": [40]")
    let problems = verified(nowhere)
    XCTAssertEqual(problems.count, 1, "\(problems)")
    XCTAssertTrue(
      problems[0].hasSuffix(
        "error: resolved.sections[0].component: screen 'home', section 0 ('hero'): component [40] names no component of the screen's ui_components"
      ), problems[0])
  }

  func testSectionNumbersAreWhatTheCompilerWrites() throws {
    for (old, new, error) in [
      ("\"section\": 0,", "\"section\": 7,", "resolved.sections[0].section: 7 is not the section's position, 0"),
      ("\"section\": 0,", "\"section\": 1e18,", "resolved.sections[0].section: expected a whole number, 0 or more"),
      ("\"item_limit\": 5", "\"item_limit\": -5", "resolved.sections[0].item_limit: expected a whole number, 1 or more"),
      ("\"phone\": 5,", "\"phone\": -5,", "resolved.sections[0].items_shown.phone: expected a whole number, 1 or more"),
    ] {
      let dir = try copy("demo-bundle-expanded")
      try edit(dir, "screens/home.json", old, new)
      XCTAssertEqual(openingError(dir, "home"), "screens/home.json: " + error)
      XCTAssertTrue(verified(dir).contains { $0.hasPrefix("screens/home.json:") && $0.hasSuffix("error: " + error) }, "\(verified(dir))")
    }
  }

  // MARK: The index

  func testAReferenceThatIsNoStringIsNamed() throws {
    for value in ["12", "null"] {
      let dir = try copy()
      try edit(dir, "screens/movie.json", #""layout_ref":"9922ef5af2bd""#, #""layout_ref":"# + value)
      XCTAssertEqual(openingError(dir, "movie"), "screens/movie.json: resolved.sections[0].layout_ref: expected a string")
    }
  }

  func testIndexValuesTheCompilerNeverWritesAreRefused() throws {
    let old = try copy()
    try edit(old, "bundle.json", #"{"format_version":2"#, #"{"format_version":1"#)
    XCTAssertThrowsError(try ScreenBundle.load(from: old)) { error in
      XCTAssertEqual("\(error)", "bundle.json: layouts: format_version 1 holds none (the compact form's, format_version 2)")
    }
    let narrow = try copy()
    try edit(narrow, "bundle.json", #""width":375"#, #""width":0"#)
    XCTAssertThrowsError(try ScreenBundle.load(from: narrow)) { error in
      XCTAssertEqual("\(error)", "bundle.json: devices[0].width: expected a number from 1 to 10000")
    }
    let empty = try copy()
    try edit(empty, "bundle.json", #""max_width":600,"class":"phone""#, #""max_width":-1,"class":"phone""#)
    let column = try column(after: #""max_width":"#, in: empty, "bundle.json")
    XCTAssertEqual(verified(empty), ["bundle.json:1:\(column): error: size class 'S' is empty: max_width -1 is not above min_width 0"])
  }

  /// Every size-class fault the runtime refuses is reported by `zlc verify` at its value.
  func testSizeClassFaultsAreReportedAtTheirValue() throws {
    for (old, new, at, message) in [
      (#""name":"XL""#, #""name":"L""#, #""name":"L","min_width":1200"#, "size class 'L' is defined twice (first at [1])"),
      (#""name":"XL""#, #""name":"""#, #""name":"","min_width":1200"#, "a size class has an empty name"),
      (
        #""min_width":600,"max_width":1200"#, #""min_width":500,"max_width":1200"#, #""min_width":500"#,
        "size class 'L' overlaps size class 'S'"
      ),
      (#""min_width":1200,"class""#, #""min_width":1300,"class""#, #""min_width":1300"#, "no size class holds widths from 1200 to 1300"),
    ] {
      let dir = try copy()
      try edit(dir, "bundle.json", old, new)
      let text = try String(contentsOf: dir.appendingPathComponent("bundle.json"), encoding: .utf8)
      let value = try XCTUnwrap(text.range(of: at)).lowerBound
      let key = try XCTUnwrap(text.range(of: at.hasPrefix(#""name""#) ? #""name":"# : #""min_width":"#, range: value..<text.endIndex))
      let column = key.upperBound.utf16Offset(in: text) + 1
      XCTAssertEqual(verified(dir), ["bundle.json:1:\(column): error: \(message)"], message)
    }
  }

  /// A bundle without a size class (zlc writes S, L and XL when zlc.json gives none) is refused by
  /// `zlc verify`; the runtime's load takes it, as the generated decoders do (a window then has
  /// no size class).
  func testAnEmptyListOfSizeClassesIsRefusedByVerifyAndLoadedByTheRuntime() throws {
    let none = try copy()
    let written = try String(contentsOf: none.appendingPathComponent("bundle.json"), encoding: .utf8)
    let start = try XCTUnwrap(written.range(of: #""size_classes":["#)).upperBound
    let end = try XCTUnwrap(written.range(of: "}]", range: start..<written.endIndex)).upperBound
    try edit(none, "bundle.json", String(written[written.index(before: start)..<end]), "[]")
    let column = try column(after: #""size_classes":"#, in: none, "bundle.json")
    XCTAssertEqual(
      verified(none), ["bundle.json:1:\(column): error: no size class: a window of any width would have none"])
    XCTAssertEqual(try ScreenBundle.load(from: none).index.sizeClasses, [])
  }

  // MARK: The bundle's schema

  /// Every keyword of the bundle's schema is one `zlc verify`'s validator implements, or an
  /// annotation it reads past: a keyword the schema gains fails here until the validator
  /// implements it, rather than being passed over unsaid.
  func testTheValidatorImplementsEveryKeywordOfTheBundleSchema() {
    var used: Set<String> = []
    func walk(_ schema: JSON) {
      guard case .object(let members) = schema else { return }
      for (keyword, value) in members {
        used.insert(keyword)
        switch keyword {
        case "properties", "definitions": for (_, member) in value.objectValue ?? [] { walk(member) }
        // Values, not schemas.
        case "enum", "const", "required", "type", "description", "title", "$schema", "$ref": break
        default: if let schemas = value.arrayValue { schemas.forEach(walk) } else { walk(value) }
        }
      }
    }
    walk(BundleSchema.json)
    // The walk reaches every level: the definitions, and the schemas inside `anyOf` and `if`.
    XCTAssertTrue(
      used.isSuperset(of: ["additionalProperties", "anyOf", "if", "then", "not", "exclusiveMinimum", "exclusiveMaximum"]), "\(used)")
    let known = BundleSchemaValidator.validationKeywords.union(BundleSchemaValidator.annotationKeywords)
    XCTAssertEqual(used.subtracting(known), [])
    XCTAssertEqual(BundleSchemaValidator.bundle.unsupported, [])
    // A keyword the validator does not implement is listed, not passed over.
    let other = BundleSchemaValidator(.object([("type", .string("string")), ("pattern", .string("^a"))]))
    XCTAssertEqual(other.unsupported, ["pattern"])
  }

  /// An element's `width_ratio` is above 0 and at most 1 in the schema, as the runtime reads it: 0
  /// is refused at its value, 1 and a small share are not.
  func testTheSchemaRefusesAnElementWidthRatioOfZero() {
    func problems(_ ratio: String) -> [String] {
      let text = #"{"display": "inline", "width_ratio": \#(ratio)}"#
      return BundleVerifier.schemaProblems(Array(text.utf8), at: "e.json", definition: ElementStyle.schemaName).map {
        "\($0.line ?? 0):\($0.column ?? 0) \($0.message)"
      }
    }
    XCTAssertEqual(problems("0"), ["1:38 width_ratio: 0 is not above 0, which the bundle format requires"])
    XCTAssertEqual(problems("-0.5"), ["1:38 width_ratio: -0.5 is not above 0, which the bundle format requires"])
    XCTAssertEqual(problems("1"), [])
    XCTAssertEqual(problems("0.001"), [])
    XCTAssertEqual(problems("1.5").count, 1)
  }

  /// The golden bundles, given this release's version (they hold `<version>`), hold to the
  /// bundle's schema in either form; an unknown key in one is refused at the key.
  func testTheGoldenBundlesHoldToTheSchemaOfThisRelease() throws {
    for name in ["demo-bundle", "demo-bundle-expanded"] {
      let dir = try copy(name)
      try edit(dir, "bundle.json", "<version>", zlcVersion)
      XCTAssertEqual(verified(dir), [], name)
    }
    let dir = try copy()
    try edit(dir, "bundle.json", "<version>", zlcVersion)
    try edit(dir, "bundle.json", #""devices":"#, #""devics":[],"devices":"#)
    let column = try column(after: #""devics""#, in: dir, "bundle.json") - #""devics""#.utf16.count
    XCTAssertEqual(
      verified(dir),
      ["bundle.json:1:\(column): error: unknown key \"devics\" in bundle.json (not in the bundle format of zlc \(zlcVersion))"])
  }

  /// A string longer than a project's reader takes (16 MiB) does not keep a client's reader from
  /// the file, nor the schema pass: an unknown key beside it is still refused.
  func testASchemaProblemBesideAVeryLongStringIsRefused() throws {
    let dir = try copy()
    try edit(dir, "bundle.json", "<version>", zlcVersion)
    try edit(dir, "bundle.json", #""app":"Riverflix","#, #""app":"\#(String(repeating: "a", count: 17 << 20))","devics":[],"#)
    let column = try column(after: #""devics""#, in: dir, "bundle.json") - #""devics""#.utf16.count
    XCTAssertEqual(
      verified(dir),
      ["bundle.json:1:\(column): error: unknown key \"devics\" in bundle.json (not in the bundle format of zlc \(zlcVersion))"])
  }
}
