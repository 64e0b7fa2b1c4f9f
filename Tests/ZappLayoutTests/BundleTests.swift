import Foundation
import XCTest

@testable import ZappLayout

/// Loading a bundle with the runtime's one call.
final class BundleTests: XCTestCase {
  static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden/demo-bundle")
  /// The same bundle as `zlc build --expanded` writes it (format version 1's shape).
  static let goldenExpanded = golden.deletingLastPathComponent().appendingPathComponent("demo-bundle-expanded")

  func copyOfGolden(_ golden: URL = BundleTests.golden) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-bundle-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: golden, to: dir)
    return dir
  }

  func bytes(_ folder: URL, _ file: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appendingPathComponent(file))) }

  /// `rivers.json` as the writer makes it from the screens: one array.
  func rivers(_ screens: [ResolvedScreen], pretty: Bool, form: BundleForm) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.bundleForm = form
    writer.beginArray()
    for screen in screens { screen.write(to: &writer) }
    writer.endArray()
    writer.finish()
    return writer.bytes
  }

  func rewriteIndex(_ dir: URL, _ change: (inout [String: Any]) -> Void) throws {
    let url = dir.appendingPathComponent("bundle.json")
    var index = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    change(&index)
    try JSONSerialization.data(withJSONObject: index).write(to: url)
  }

  func testLoadsTheDemoBundle() throws {
    let bundle = try ScreenBundle.load(from: Self.golden)
    XCTAssertEqual(try bundle.screens.count, bundle.index.screens.count)
    XCTAssertEqual(try bundle.screens.filter { $0.home == true }.map(\.id), ["home"])
    let show = try XCTUnwrap(bundle.screen(id: "show"))
    XCTAssertTrue(show.resolved.connected)
    XCTAssertEqual(show.resolved.sections.first?.data.binding, .senderChild)
    // The compact bundle's references are resolved at load: the sections hold their layouts.
    XCTAssertEqual(bundle.index.formatVersion, 2)
    XCTAssertFalse(bundle.index.layouts.isEmpty)
    XCTAssertNotNil(show.resolved.sections.first?.layoutRef)
    XCTAssertEqual(show.resolved.sections.first?.layout(on: "phone")?.item.width, 343)
    XCTAssertNotNil(show.resolved.sections.first?.geometry)
  }

  /// Both forms load to the same sections: only the references differ.
  func testTheCompactAndTheExpandedBundleLoadAlike() throws {
    let compact = try ScreenBundle.load(from: Self.golden)
    let expanded = try ScreenBundle.load(from: Self.goldenExpanded)
    XCTAssertEqual(expanded.index.formatVersion, 1)
    XCTAssertTrue(expanded.index.layouts.isEmpty)
    XCTAssertEqual(try compact.screens.count, try expanded.screens.count)
    for (a, b) in zip(try compact.screens, try expanded.screens) {
      XCTAssertEqual(a.encoded(form: .expanded), b.encoded(form: .expanded), a.id)
      if a.resolved.sections.contains(where: { $0.layoutReference != nil }) {
        XCTAssertNotEqual(a.encoded(form: .compact), b.encoded(form: .compact), "\(a.id): the compact form writes references")
      }
    }
  }

  func testRefusesAnotherFormatVersion() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    try rewriteIndex(dir) { $0["format_version"] = 3 }
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .unsupportedFormatVersion(3))
    }
    // A version beyond `Int` is one this library does not read either, not a malformed file.
    for (written, counted) in [("99999999999999999999", Int.max), ("-1e30", Int.min)] {
      let index = dir.appendingPathComponent("bundle.json")
      let text = try String(contentsOf: index, encoding: .utf8)
      let version = try XCTUnwrap(text.range(of: #""format_version":\s*[-0-9e]+"#, options: .regularExpression))
      try text.replacingCharacters(in: version, with: #""format_version":"# + written).write(to: index, atomically: true, encoding: .utf8)
      XCTAssertThrowsError(try ScreenBundle.load(from: dir), written) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .unsupportedFormatVersion(counted))
      }
    }
  }

  /// A `layout_ref` that names no entry of `layouts` is an error at its path.
  func testADanglingReferenceNamesItsPath() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("screens/show.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    let reference = try XCTUnwrap(text.range(of: #""layout_ref":"[0-9a-f]+""#, options: .regularExpression))
    try text.replacingCharacters(in: reference, with: #""layout_ref":"0ddba11""#).write(to: file, atomically: true, encoding: .utf8)
    // The index loads; the screen fails when it is opened.
    let bundle = try ScreenBundle.load(from: dir)
    XCTAssertThrowsError(try bundle.screen(id: "show")) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError,
        .invalidFile("screens/show.json", "resolved.sections[0].layout_ref: no entry '0ddba11' in bundle.json's layouts"))
    }
  }

  /// A bad value in a `layouts` entry is `bundle.json`'s, at its path in the entry, with the
  /// place in the screen file that names the entry: the screen file holds no geometry to mend.
  func testABadLayoutsEntryIsBundleJSONs() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    let text = try String(contentsOf: dir.appendingPathComponent("screens/show.json"), encoding: .utf8)
    let reference = try XCTUnwrap(text.range(of: #""layout_ref":"[0-9a-f]+""#, options: .regularExpression))
    let entry = String(text[reference].dropFirst(#""layout_ref":""#.count).dropLast())
    try rewriteIndex(dir) { index in
      var layouts = index["layouts"] as? [String: Any] ?? [:]
      var held = layouts[entry] as? [String: Any] ?? [:]
      held["geometry"] = "wide"
      layouts[entry] = held
      index["layouts"] = layouts
    }
    let bundle = try ScreenBundle.load(from: dir)
    XCTAssertThrowsError(try bundle.screen(id: "show")) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError,
        .invalidFile(
          "bundle.json",
          "layouts.\(entry).geometry: expected an object; the entry screens/show.json names at resolved.sections[0].layout_ref"))
    }
  }

  /// A section's component path at `Int.max` is read without trapping: the next section's derived
  /// path names no component, and a client gets the screen or an error, never a crash.
  func testAComponentPathAtTheLargestIndexDoesNotTrap() throws {
    let screen = try JSON.parse(
      Array(
        #"{"id": "s", "ui_components": [], "resolved": {"sections": [{"component": [9223372036854775807]}, {}, {"component": [1, 9223372036854775807]}, {}]}}"#
          .utf8))
    do {
      let read = try ResolvedScreen(json: screen)
      XCTAssertEqual(read.resolved.sections.count, 4)
      XCTAssertEqual(read.resolved.sections.first?.component, [Int.max])
    } catch {
      XCTAssertTrue(error is BundleDecodingError, "\(error)")
    }
  }

  func testRefusesScreenFilesOutsideTheBundle() throws {
    for path in ["../outside.json", "/etc/passwd", "screens//x.json"] {
      let dir = try copyOfGolden()
      defer { try? FileManager.default.removeItem(at: dir) }
      try rewriteIndex(dir) { index in
        var screens = index["screens"] as! [[String: Any]]
        screens[0]["file"] = path
        index["screens"] = screens
      }
      XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle(path))
        // The path itself leaves the folder: no link to resolve, so no copying is suggested.
        XCTAssertEqual("\(error)", "'\(path)' is outside the bundle folder")
      }
    }
  }

  /// An entry whose file is empty is named: an empty path names no file, inside or outside.
  func testAScreenEntryWithAnEmptyFileIsNamed() throws {
    let dir = try copyOfGolden()
    defer { try? FileManager.default.removeItem(at: dir) }
    try rewriteIndex(dir) { index in
      var screens = index["screens"] as! [[String: Any]]
      screens[1]["file"] = ""
      index["screens"] = screens
    }
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("bundle.json", "screens[1].file: names no file"))
      XCTAssertEqual("\(error)", "bundle.json: screens[1].file: names no file")
    }
  }

  /// The runtime decodes every key of every file of both golden bundles: decoding and encoding
  /// again in the same form gives the same bytes, so no key is dropped or changed.
  func testEveryFileDecodesAndEncodesToTheSameBytes() throws {
    for (golden, form, pretty) in [(Self.golden, BundleForm.compact, false), (Self.goldenExpanded, .expanded, true)] {
      let bundle = try ScreenBundle.load(from: golden)
      XCTAssertEqual(bundle.index.encoded(pretty: pretty, form: form), try bytes(golden, "bundle.json"), "\(form)")
      XCTAssertEqual(try BundleIndex(json: JSON.parse(try bytes(golden, "bundle.json"))), bundle.index)
      for (entry, screen) in zip(bundle.index.screens, try bundle.screens) {
        let file = try bytes(golden, entry.file)
        XCTAssertEqual(screen.encoded(pretty: pretty, form: form), file, "\(form) \(entry.file)")
        XCTAssertEqual(try ResolvedScreen(json: try JSON.parse(file), layouts: bundle.index.layoutTable), screen)
      }
      XCTAssertEqual(rivers(try bundle.screens, pretty: pretty, form: form), try bytes(golden, "rivers.json"), "\(form)")
    }
    // Typed values, not only kept text.
    let home = try XCTUnwrap(try ScreenBundle.load(from: Self.golden).screen(id: "home"))
    let promo = try XCTUnwrap(home.resolved.sections.first { $0.componentType == "promo_banner" })
    XCTAssertEqual(promo.layoutAbsent, .notInFamily)
    XCTAssertTrue(promo.layout.isEmpty)
    XCTAssertNil(promo.layoutRef, "a section without a layout holds no reference")
    XCTAssertFalse(promo.styles.isEmpty)
    XCTAssertEqual(home.resolved.presentation, .push)
  }

  /// Expanding every reference of the compact golden bundle gives the expanded golden bundle, byte
  /// for byte: each file, and the index without `layouts`, with format version 1 and the hashes of
  /// the expanded files (which `zlc verify` checks against them).
  func testExpandingTheCompactBundleGivesTheExpandedOne() throws {
    let bundle = try ScreenBundle.load(from: Self.golden)
    let expanded = Self.goldenExpanded
    for (entry, screen) in zip(bundle.index.screens, try bundle.screens) {
      XCTAssertEqual(screen.encoded(pretty: true, form: .expanded), try bytes(expanded, entry.file), entry.file)
    }
    XCTAssertEqual(rivers(try bundle.screens, pretty: true, form: .expanded), try bytes(expanded, "rivers.json"))
    var index = bundle.index
    let hashes = try BundleIndex(json: JSON.parse(try bytes(expanded, "bundle.json"))).screens.map(\.sha256)
    XCTAssertEqual(hashes.count, index.screens.count)
    for i in index.screens.indices { index.screens[i].sha256 = hashes[i] }
    XCTAssertEqual(
      String(decoding: index.encoded(pretty: true, form: .expanded), as: UTF8.self),
      String(decoding: try bytes(expanded, "bundle.json"), as: UTF8.self))
  }

  /// Words a newer compiler may write load as `unknown`, so an older client still loads the bundle.
  func testUnknownVocabularyStillLoads() throws {
    let dir = try copyOfGolden(Self.goldenExpanded)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("screens/home.json")
    var text = try String(contentsOf: file, encoding: .utf8)
    text = text.replacingOccurrences(of: #""kind": "paged""#, with: #""kind": "carousel_3d""#)
    text = text.replacingOccurrences(of: #""binding": "own""#, with: #""binding": "sender_grandchild""#)
    text = text.replacingOccurrences(of: #""presentation": "push""#, with: #""presentation": "sheet""#)
    try text.write(to: file, atomically: true, encoding: .utf8)
    let home = try XCTUnwrap(try ScreenBundle.load(from: dir).screen(id: "home"))
    XCTAssertEqual(home.resolved.sections[0].layout.first?.layout.kind, .unknown("carousel_3d"))
    XCTAssertEqual(home.resolved.sections[0].data.binding, .unknown("sender_grandchild"))
    XCTAssertEqual(home.resolved.presentation, .unknown("sheet"))
    XCTAssertEqual(home.encoded(form: .expanded), Array(text.utf8), "and writes them back as they were")
  }

  func testAFileThatIsNotTheContractNamesTheValue() throws {
    let dir = try copyOfGolden(Self.goldenExpanded)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("screens/home.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    try text.replacingOccurrences(of: #""columns": 1,"#, with: #""columns": "one","#).write(to: file, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir).screen(id: "home")) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError,
        .invalidFile("screens/home.json", "resolved.sections[0].layout.phone.columns: expected a whole number, 1 or more"))
    }
    try "{\"id\": \"home\",".write(to: file, atomically: true, encoding: .utf8)
    XCTAssertThrowsError(try ScreenBundle.load(from: dir).screens) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("screens/home.json", "1:15: expected a key"))
    }
  }

  /// A family count in a section's geometry beyond what zlc writes (1 to 1,000) is refused with its
  /// path, so that a client never lays out `Int.max` small items (which trapped); 1,000 loads.
  func testAFamilyCountOutOfRangeIsRefusedWithItsPath() throws {
    let dir = try copyOfGolden(Self.goldenExpanded)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("screens/shows.json")
    let text = try String(contentsOf: file, encoding: .utf8)
    let first = try XCTUnwrap(text.range(of: #""small_items": 2,"#))
    for (count, loads) in [("9223372036854775807", false), ("0", false), ("1001", false), ("1000", true)] {
      try text.replacingCharacters(in: first, with: #""small_items": \#(count),"#).write(to: file, atomically: true, encoding: .utf8)
      let opened = Result { try ScreenBundle.load(from: dir).screen(id: "shows") }
      if loads {
        XCTAssertNotNil(try opened.get())
        continue
      }
      XCTAssertThrowsError(try opened.get(), count) { error in
        guard case .invalidFile(let path, let message) = error as? ScreenBundle.LoadError else { return XCTFail("\(error)") }
        XCTAssertEqual(path, "screens/shows.json")
        XCTAssertTrue(message.hasSuffix(".small_items: expected a whole number from 1 to 1000"), message)
      }
    }
  }

  /// A property's key comes from its field table, for code that reads bundles in another language.
  func testAKeyIsLookedUpByItsProperty() {
    XCTAssertEqual(BundleIndex.key(\.formatVersion), "format_version")
    XCTAssertEqual(BundleIndex.key(\.requiredRenderers), "required_renderers")
    XCTAssertEqual(BundleIndex.Entry.key(\.sha256), "sha256")
    XCTAssertEqual(PlatformRenderers.key(\.renderers.screenPlugins), "screen_plugins")
    XCTAssertEqual(PlatformRenderers.key(\.renderers.cellLayouts), "cell_layouts")
  }

  /// Each key of the contract is spelled once in the code that writes, reads and serves bundles:
  /// in its type's field table. A key spelled again (an encoder or a reader of its own) fails.
  func testEveryKeyIsSpelledOnlyInItsFieldTable() throws {
    let sources = Self.golden.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let runtime = try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("ZappLayout").path)
      .filter { ($0.hasPrefix("Bundle") && !$0.hasPrefix("BundleSchema")) || ["JSONWriter.swift", "Renderers.swift"].contains($0) }
      .map { "ZappLayout/" + $0 }
    let files =
      runtime + [
        "ZappWriters/Writers/BundleWriter.swift", "ZappResolution/LayoutInterner.swift",
        "ZappWriters/Verify/Verify.swift", "ZappLayoutServer/ServedBuild.swift",
        "ZappWriters/Generate/SwiftClientWriter+Models.swift",
      ]
    XCTAssertGreaterThan(runtime.count, 5)
    // Schema names (`schemaName = "section"`) name types, and a map's key label (`name: "device"`)
    // names what its keys are: neither is a key.
    let text = try files.map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
      .split(separator: "\n").filter { !$0.contains("schemaName = ") }.joined(separator: "\n")
      .replacingOccurrences(of: #"name: "[^"]*""#, with: "", options: .regularExpression)
    let tables = Dictionary(BundleSchema.keys.map { ($0, 1) }, uniquingKeysWith: +)
    XCTAssertGreaterThan(tables.count, 80)
    for (key, count) in tables.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(text.components(separatedBy: "\"\(key)\"").count - 1, count, "\"\(key)\" outside its field tables")
    }
  }

  /// Every key of the contract is lowercase ASCII letters, digits and `_`: a decoder passes over a
  /// member whose length differs from the key it looks for, which is exact only for such keys (no
  /// other text is canonically equivalent to them).
  func testContractKeysAreLowercaseASCII() {
    XCTAssertGreaterThan(BundleSchema.keys.count, 80)
    for key in BundleSchema.keys {
      XCTAssertFalse(key.isEmpty)
      XCTAssertTrue(key.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }, key)
    }
  }

  func testJSONParserAndEncoderAgree() throws {
    let text = #"{"b": [1, -0.5e3, true, null, "\u00e9\n\u2028"], "a": {}, "c": []}"#
    let value = try JSON.parse(Array(text.utf8))
    XCTAssertEqual(value.encodedString(pretty: false), #"{"b":[1,-0.5e3,true,null,"é\n\u2028"],"a":{},"c":[]}"#)
    for bad in [#"{"a": 1,}"#, #"[01]"#, #"{"a": 1, "a": 2}"#, #"[1e400]"#, #""\ud800""#, "[", #"{"a" 1}"#] {
      XCTAssertThrowsError(try JSON.parse(Array(bad.utf8)), bad)
    }
  }

  /// Every `$ref` of `zlc schema bundle` names a definition: a contract type left out of the
  /// schema's list would leave a dangling reference that no validator reports.
  func testEverySchemaReferenceNamesADefinition() throws {
    let schema = BundleSchema.json
    let names = Set(schema.objectValue?.first { $0.0 == "definitions" }?.1.objectValue?.map(\.0) ?? [])
    XCTAssertGreaterThan(names.count, 30)
    var references: [String] = []
    func collect(_ value: JSON) {
      if let members = value.objectValue {
        for (key, member) in members {
          if key == "$ref", let target = member.stringValue { references.append(target) } else { collect(member) }
        }
      } else if let items = value.arrayValue {
        items.forEach(collect)
      }
    }
    collect(schema)
    XCTAssertGreaterThan(references.count, 30)
    let dangling = references.filter { !$0.hasPrefix("#/definitions/") || !names.contains(String($0.dropFirst("#/definitions/".count))) }
    XCTAssertEqual(dangling, [])
  }
}
