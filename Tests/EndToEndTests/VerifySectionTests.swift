import Foundation
import XCTest
import ZappLayout

/// `zlc verify` refuses a section a client would draw nothing for (without `layout_absent`, it has
/// a `geometry`, and a layout for each device of the bundle that the geometry draws it on), and one
/// a client of its format version cannot read.
final class VerifySectionTests: XCTestCase, BundleEditing {
  func screen(_ file: URL) throws -> JSON { try JSON.parse(try Data(contentsOf: file)) }

  /// The line and column of the section at `index` of a pretty screen file (its `{`).
  func sectionPosition(_ index: Int, in file: URL) throws -> (line: Int, column: Int) {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let start = try XCTUnwrap(lines.firstIndex { $0.contains("\"sections\": [") })
    let indent = lines[start].prefix { $0 == " " }.count + 2
    let opening = lines.indices.filter { $0 > start && lines[$0] == String(repeating: " ", count: indent) + "{" }
    return (opening[index] + 1, indent + 1)
  }

  /// The line and column of the value that ends `prefix` (an object's `{`) at its first place.
  func position(of prefix: String, in file: URL) throws -> (line: Int, column: Int) {
    let after = try position(after: prefix, in: file)
    let value = prefix[(prefix.lastIndex(of: " ").map { prefix.index(after: $0) } ?? prefix.startIndex)...]
    return (after.line, after.column - value.utf16.count)
  }

  func testAnEmptyLayoutOrNoGeometryWithoutLayoutAbsentIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let emptied = try editingSection(try screen(home), 0) { section in
      section = section.map { $0.0 == "layout" ? ($0.0, .object([])) : $0 }
    }
    try rewrite(home, emptied, in: out)
    let at = try position(of: "\"layout\": {}", in: home)
    var result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(at.line):\(at.column): error: resolved.sections[0].layout: screen 'home', section 0 ('hero'), device 'phone': its geometry draws the section there, but its layout has no entry for the device; a client would draw nothing\n"
    )

    try rewrite(home, try editingSection(emptied, 0) { $0.removeAll { $0.0 == "geometry" } }, in: out)
    let section = try sectionPosition(0, in: home)
    result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(section.line):\(section.column): error: resolved.sections[0]: screen 'home', section 0 ('hero'): holds no geometry, and the section has no layout_absent to say why; a client could not lay it out\n"
    )
  }

  /// Builds the demo, changes the `layout` of home's first section by `change` (its entries by
  /// device), and checks that `zlc verify` refuses it with the one error `message` at that layout.
  func assertFirstLayoutRefused(
    _ message: String, line: UInt = #line, change: @escaping ([(String, JSON)]) -> [(String, JSON)]
  ) throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    try rewrite(
      home,
      try editingSection(try screen(home), 0) { section in
        section = section.map { key, value in (key, key == "layout" ? .object(change(value.objectValue ?? [])) : value) }
      }, in: out)
    try mirrorInRivers(home, in: out)
    let at = try position(of: "\"layout\": {", in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err, line: line)
    XCTAssertEqual(
      result.err, "\(home.path):\(at.line):\(at.column): error: resolved.sections[0].layout: screen 'home', section 0 ('hero')\(message)\n",
      line: line)
  }

  /// A device left out of one section's layout is named at that layout.
  func testADeviceMissingFromALayoutIsRefused() throws {
    try assertFirstLayoutRefused(
      ", device 'tablet-landscape': its geometry draws the section there, but its layout has no entry for the device; a client would draw nothing"
    ) { entries in entries.filter { $0.0 != "tablet-landscape" } }
  }

  /// A layout entry for a device the bundle does not list is named at that layout.
  func testALayoutForADeviceTheBundleDoesNotListIsRefused() throws {
    try assertFirstLayoutRefused(": its layout has an entry for device 'watch', which the bundle does not list") { entries in
      entries + entries.prefix(1).map { ("watch", $0.1) }
    }
  }

  /// A device renamed in `bundle.json` has a layout in no section: each section drawn there says so.
  func testADeviceRenamedInTheIndexIsRefusedInEachSection() throws {
    let out = try builtDemo()
    let drawn = try ScreenBundle.load(from: out).screens.flatMap { screen in
      screen.resolved.sections.filter { $0.layout(on: "tablet-portrait") != nil }.map { (screen.id, $0) }
    }
    XCTAssertGreaterThan(drawn.count, 10)
    try edit(out.appendingPathComponent("bundle.json"), "\"name\": \"tablet-portrait\"", "\"name\": \"tablet\"")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    let lines = result.err.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, drawn.count, result.err)
    for (id, section) in drawn {
      let message =
        "resolved.sections[\(section.section)].layout: screen '\(id)', section \(section.section) ('\(section.componentType)'), device 'tablet': its geometry draws the section there, but its layout has no entry for the device; a client would draw nothing"
      XCTAssertEqual(lines.filter { $0.hasSuffix(": error: " + message) }.count, 1, message)
    }
  }

  /// A section with `layout_absent` holds its keys in place: a `layout_ref` beside it is never read.
  func testALayoutReferenceWithLayoutAbsentIsRefused() throws {
    let out = try builtDemo(["--pretty"])
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try screen(home)
    let absent = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue?.firstIndex { $0["layout_absent"] != nil })
    let reference = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue?.compactMap { $0["layout_ref"]?.stringValue }.first)
    // The compact form leaves the type out: the runtime derives it.
    let type = try XCTUnwrap(try ScreenBundle.load(from: out).screen(id: "home")?.resolved.sections[absent].componentType)
    try rewrite(home, try editingSection(tree, absent) { $0.insert(("layout_ref", .string(reference)), at: 0) }, in: out)
    // The key inserted first in the section, on the line after its `{`.
    let section = try sectionPosition(absent, in: home)
    let at = (line: section.line + 1, column: section.column + 2 + "\"layout_ref\": ".utf16.count)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(at.line):\(at.column): error: resolved.sections[\(absent)].layout_ref: screen 'home', section \(absent) ('\(type)'): layout_ref '\(reference)' with layout_absent: a section with layout_absent holds its keys in place, so a client never reads the entry\n"
    )
  }

  /// A `layouts` entry without geometry is named at the reference of each section that uses it.
  func testALayoutsEntryWithoutGeometryIsRefusedAtTheReference() throws {
    let out = try builtDemo(["--pretty"])
    let index = out.appendingPathComponent("bundle.json")
    let home = out.appendingPathComponent("screens/home.json")
    let reference = try XCTUnwrap(try screen(home)["resolved"]?["sections"]?.arrayValue?.first?["layout_ref"]?.stringValue)
    let tree = try screen(index)
    let layouts = try XCTUnwrap(tree["layouts"])
    let entry = try XCTUnwrap(layouts[reference]?.objectValue).filter { $0.0 != "geometry" }
    try Data(tree.replacing("layouts", with: layouts.replacing(reference, with: .object(entry))).encoded(pretty: true)).write(to: index)
    let at = try position(after: "\"layout_ref\": ", in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertTrue(
      result.err.contains(
        "\(home.path):\(at.line):\(at.column): error: resolved.sections[0].layout_ref: screen 'home', section 0 ('hero'): layouts entry '\(reference)' holds no geometry, and the section has no layout_absent to say why; a client could not lay it out\n"
      ), result.err)
  }

  /// A format_version 1 section must hold what only the compact form leaves out: a reader of that
  /// version derives nothing. The same section left out of a compact bundle verifies.
  func testAnExpandedSectionLeavingOutDerivedKeysIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try screen(home)
    let section = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue?[2])
    XCTAssertNotNil(section["target"], "the section has a target, which the runtime would derive")
    let derived = ["section", "component", "component_type", "data", "styles", "target"]
    try rewrite(home, try editingSection(tree, 2) { $0.removeAll { derived.contains($0.0) } }, in: out)
    let at = try sectionPosition(2, in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(at.line):\(at.column): error: resolved.sections[2]: screen 'home', section 2 ('horizontal_list'): format_version 1, but the section leaves out 'section', 'component', 'component_type', 'data', 'target' and 'styles', which only the compact form (format_version 2) may leave out; a reader of format_version 1 derives no key\n"
    )
    let loaded = try XCTUnwrap(try ScreenBundle.load(from: out).screen(id: "home"))
    XCTAssertEqual(loaded.resolved.sections[2].componentType, "horizontal_list", "the runtime derives them")

    // A key that is null is written: a reader of format_version 1 reads none.
    let restored = derived.map { key in (key, key == "target" ? JSON.null : section[key] ?? .null) }
    let nulled = try editingSection(try screen(home), 2) { $0.insert(contentsOf: restored, at: 0) }
    try rewrite(home, nulled, in: out)
    try mirrorInRivers(home, in: out)
    let fixed = try zlc(["verify", out.path])
    XCTAssertEqual(fixed.status, 0, fixed.err)
  }

  /// rivers.json of a format_version 1 bundle holds what its screen files hold, derived keys
  /// too, whichever release wrote it: a section leaving them out there alone is refused there, once.
  func testAnExpandedSectionLeavingOutDerivedKeysInRiversIsRefused() throws {
    for version in ["0.0.9", nil] {
      let out = try builtDemo()
      if let version { try edit(out.appendingPathComponent("bundle.json"), #""zlc_version": "[^"]*""#, "\"zlc_version\": \"\(version)\"") }
      let rivers = out.appendingPathComponent("rivers.json")
      var screens = try XCTUnwrap(try screen(rivers).arrayValue)
      let home = try XCTUnwrap(screens.firstIndex { $0["id"]?.stringValue == "home" })
      screens[home] = try editingSection(screens[home], 2) { $0.removeAll { ["section", "component_type"].contains($0.0) } }
      try Data(JSON.array(screens).encoded(pretty: true)).write(to: rivers)
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, result.err)
      let lines = result.err.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.count, 1, result.err)
      let message =
        ": error: [\(home)].resolved.sections[2]: screen 'home', section 2 ('horizontal_list'): format_version 1, but the section leaves out 'section' and 'component_type', which only the compact form (format_version 2) may leave out; a reader of format_version 1 derives no key"
      XCTAssertTrue(lines[0].hasPrefix(rivers.path + ":") && lines[0].hasSuffix(message), result.err)
      // At the section's `{`, inside the home screen.
      let place = lines[0].dropFirst(rivers.path.count + 1).split(separator: ":").prefix(2).compactMap { Int($0) }
      let text = try String(contentsOf: rivers, encoding: .utf8).components(separatedBy: "\n")
      guard place.count == 2 else {
        XCTFail("no line and column in \(result.err)")
        continue
      }
      let homeLine = try XCTUnwrap(text.firstIndex { $0.contains(#""id": "home""#) })
      XCTAssertGreaterThan(place[0] - 1, homeLine)
      XCTAssertEqual(Array(text[place[0] - 1].utf16).dropFirst(place[1] - 1).first, UInt16(UInt8(ascii: "{")))
    }
  }

  /// A section's `target` names a screen of the bundle: at the section's own key, or, where the
  /// compact form derives it, at its component's `data.target`.
  func testATargetNamingNoScreenIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try screen(home)
    let index = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue?.firstIndex { $0["target"]?.stringValue != nil })
    try rewrite(home, try editingSection(tree, index) { $0 = $0.map { $0.0 == "target" ? ($0.0, .string("nowhere")) : $0 } }, in: out)
    let at = try position(after: "\"target\": \"nowhere", in: home)
    let section = try XCTUnwrap(try ScreenBundle.load(from: out).screen(id: "home")?.resolved.sections[index])
    let message =
      "screen 'home', section \(index) ('\(section.componentType)'): target 'nowhere' is not a screen of the bundle; a tap on an item would open nothing"
    var result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(home.path):\(at.line):\(at.column - 8): error: resolved.sections[\(index)].target: \(message)\n")

    let compact = try builtDemo(["--pretty"])
    let compactHome = compact.appendingPathComponent("screens/home.json")
    let component = try XCTUnwrap(section.component.first)
    XCTAssertEqual(section.component.count, 1)
    let components = try XCTUnwrap(try screen(compactHome)["ui_components"]?.arrayValue)
    let data = try XCTUnwrap(components[component]["data"])
    let edited = components.enumerated().map { i, c in
      i == component ? c.replacing("data", with: data.replacing("target", with: .string("nowhere"))) : c
    }
    try rewrite(compactHome, try screen(compactHome).replacing("ui_components", with: .array(edited)), in: compact)
    let lines = try String(contentsOf: compactHome, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains("\"target\": \"nowhere\"") })
    let column = try XCTUnwrap(lines[line].range(of: "\"target\": ")).upperBound.utf16Offset(in: lines[line]) + 1
    result = try zlc(["verify", compact.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err, "\(compactHome.path):\(line + 1):\(column): error: ui_components[\(component)].data.target: \(message)\n")
  }

  /// A layout value the geometry does not give is named as written, however large (1e308 was
  /// written back as null).
  func testAHugeLayoutValueIsNamedAsWritten() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try screen(home)
    let section = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue?.first)
    let layout = try XCTUnwrap(section["layout"])
    let phone = try XCTUnwrap(layout["phone"])
    let item = try XCTUnwrap(phone["item"])
    let width = try XCTUnwrap(item["width"]?.encodedString(pretty: false))
    let huge = layout.replacing("phone", with: phone.replacing("item", with: item.replacing("width", with: .number("1e308"))))
    try rewrite(home, try editingSection(tree, 0) { $0 = $0.map { $0.0 == "layout" ? ($0.0, huge) : $0 } }, in: out)
    let at = try position(of: "\"geometry\": {", in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(at.line):\(at.column): error: resolved.sections[0].geometry: screen 'home', section 0 ('hero'), device 'phone': its geometry gives item.width \(width) there, but its layout holds 1e+308\n"
    )
  }

  /// A card's corner radius below zero, which docs/bundle.md rules out and zlc never writes, is
  /// refused at its value.
  func testANegativeCornerRadiusIsRefused() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("p")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    try edit(
      project.appendingPathComponent("screens/home.json"), #""cell_styles": \["HERO_WIDE"\] \}"#,
      #""cell_styles": ["HERO_WIDE"], "cornerRadius": 4 }"#)
    let out = dir.appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path, "--expanded"]).status, 0)
    let home = out.appendingPathComponent("screens/home.json")
    let tree = try screen(home)
    try rewrite(
      home,
      try editingSection(tree, 0) { section in
        section = section.map { key, value in
          (key, key == "card_style" ? value.replacing("corner_radius", with: .number("-4")) : value)
        }
      }, in: out)
    let at = try position(after: "\"corner_radius\": ", in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(at.line):\(at.column): error: resolved.sections[0].card_style.corner_radius: expected a number from 0 to 10000\n")
  }

  /// The version of zlc that wrote the bundle at `out` (this one's, for a bundle built here).
  func writer(of out: URL) throws -> String {
    try XCTUnwrap(try screen(out.appendingPathComponent("bundle.json"))["zlc_version"]?.stringValue)
  }

  /// A word of a vocabulary misspelled in a section, which the runtime reads as an unknown word of
  /// a newer release, is refused at its value in a bundle this release wrote.
  func testAMisspelledWordInASectionIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    try rewrite(
      home, try editingSection(try screen(home), 1) { $0 = $0.map { ($0.0, $0.0 == "layout_absent" ? .string("not_in_famliy") : $0.1) } },
      in: out)
    let at = try position(after: "\"layout_absent\": ", in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(home.path):\(at.line):\(at.column): error: resolved.sections[1].layout_absent: \"not_in_famliy\" is not a layout_absent (expected one of: no_family, not_in_family); the nearest is \"not_in_family\"\n"
    )
  }

  /// The demo, built, with a key no section has put first in section 0 of the home screen, and one
  /// bundle.json lacks put before its `devices`: the home screen file and bundle.json.
  func unknownKeysInDemo() throws -> (out: URL, home: URL, index: URL) {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    try rewrite(home, try editingSection(try screen(home), 0) { $0.insert(("colums", .int(3)), at: 0) }, in: out)
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, #"\n  "devices": \["#, "\n  \"devics\": [],\n  \"devices\": [")
    return (out, home, index)
  }

  /// An unknown key of a section and one of bundle.json are refused at the key, bundle.json's first.
  func testAnUnknownKeyIsRefusedAtTheKey() throws {
    let (out, home, index) = try unknownKeysInDemo()
    let version = try writer(of: out)
    // The key inserted first in the section, on the line after its `{`.
    let section = try sectionPosition(0, in: home)
    let key = try position(after: "\"devics", in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(key.line):\(key.column - "\"devics".utf16.count): error: unknown key \"devics\" in bundle.json (not in the bundle format of zlc \(version))\n"
        + "\(home.path):\(section.line + 1):\(section.column + 2): error: resolved.sections[0]: unknown key \"colums\" in a section (not in the bundle format of zlc \(version))\n"
    )
  }

  /// An unknown key in rivers.json alone, its screen file whole, is refused there: a screen of
  /// rivers.json whose tree is not its file's is held to the schema on its own.
  func testAnUnknownKeyOfRiversAloneIsRefusedThere() throws {
    let out = try builtDemo()
    let version = try writer(of: out)
    let rivers = out.appendingPathComponent("rivers.json")
    var screens = try XCTUnwrap(try JSON.parse(try Data(contentsOf: rivers)).arrayValue)
    let at = try XCTUnwrap(screens.firstIndex { $0["id"] == .string("home") })
    screens[at] = try editingSection(screens[at], 0) { $0.insert(("colums", .int(3)), at: 0) }
    try Data(JSON.array(screens).encoded(pretty: true)).write(to: rivers)
    let key = try position(after: "\"colums", in: rivers)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(rivers.path):\(key.line):\(key.column - "\"colums".utf16.count): error: [\(at)].resolved.sections[0]: unknown key \"colums\" in a section (not in the bundle format of zlc \(version))\n"
    )
  }

  /// A section whose `component_id`, bound source or styles contradict its component's, where a
  /// build never lets them differ, is refused at the key, in the screen file.
  func testASectionContradictingItsComponentIsRefused() throws {
    let edits: [(key: String, value: JSON, message: String)] = [
      (
        "component_id", .string("home-trending"),
        "screen 'home', section 0 ('hero'): component_id 'home-trending' is not its component's id (ui_components[0] has 'home-hero'); a client would take the section for another component"
      ),
      (
        "data", .object([("binding", .string("own")), ("source", .string("9999")), ("type", .string("APPLICASTER_COLLECTION"))]),
        "screen 'home', section 0 ('hero'): binds source '9999', but its component, ui_components[0], writes '3119'; a client would load other data than the screen names"
      ),
      (
        "styles", .object([("layout", .string("HERO_1")), ("cell_styles", .array([.string("HERO_CELL_1")]))]),
        "screen 'home', section 0 ('hero'): its styles lack 'header' of its component's (ui_components[0]); a section's styles hold each of its component's, or a client would draw it without them"
      ),
    ]
    for (key, value, message) in edits {
      let out = try builtDemo()
      let home = out.appendingPathComponent("screens/home.json")
      try rewrite(
        home, try editingSection(try screen(home), 0) { members in members = members.map { ($0.0, $0.0 == key ? value : $0.1) } },
        in: out)
      try mirrorInRivers(home, in: out)
      // The key's value in the section (after the section's first line).
      let start = try sectionPosition(0, in: home).line
      let lines = try String(contentsOf: home, encoding: .utf8).components(separatedBy: "\n")
      let line = try XCTUnwrap(lines.indices.first { $0 >= start && lines[$0].contains("\"\(key)\": ") })
      let column = try XCTUnwrap(lines[line].range(of: "\"\(key)\": ")).upperBound.utf16Offset(in: lines[line]) + 1
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, result.err)
      XCTAssertEqual(result.err, "\(home.path):\(line + 1):\(column): error: resolved.sections[0].\(key): \(message)\n", key)
    }
  }

  /// A bundle another release wrote is not held to this release's schema: a newer release's keys
  /// and words are what its clients read, and an older client reads past them.
  func testTheKeysAndWordsOfAnotherReleaseAreNotRefused() throws {
    let (out, home, index) = try unknownKeysInDemo()
    try rewrite(
      home, try editingSection(try screen(home), 1) { $0 = $0.map { ($0.0, $0.0 == "layout_absent" ? .string("not_in_famliy") : $0.1) } },
      in: out)
    try mirrorInRivers(home, in: out)
    try edit(index, #""zlc_version": "[^"]*""#, #""zlc_version": "99.0.0""#)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(result.err, "\(out.path): ok, 10 screens load\n")
  }

  /// Past 20 problems of the bundle's schema in one file, one line counts the rest.
  func testSchemaProblemsOfAFileAreCapped() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let version = try writer(of: out)
    try rewrite(
      home, try editingSection(try screen(home), 0) { $0.insert(contentsOf: (0..<25).map { ("extra_\($0)", .int($0)) }, at: 0) }, in: out)
    let section = try sectionPosition(0, in: home)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    let lines = result.err.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 21, result.err)
    for (i, line) in lines.prefix(20).enumerated() {
      XCTAssertEqual(
        line,
        "\(home.path):\(section.line + 1 + i):\(section.column + 2): error: resolved.sections[0]: unknown key \"extra_\(i)\" in a section (not in the bundle format of zlc \(version))"
      )
    }
    XCTAssertEqual(lines.last, "\(home.path): error: and 5 more values that are not of the bundle format of zlc \(version)")
  }

  /// The demo's compact bundle as a newer release would write it with a layout kind this release
  /// does not know: its hero's `paged` kind renamed, in the `layouts` table and `required_renderers`.
  func demoWithANewerKind() throws -> (out: URL, index: URL) {
    let out = try builtDemo([])
    let index = out.appendingPathComponent("bundle.json")
    let text = try String(contentsOf: index, encoding: .utf8)
    XCTAssertTrue(text.contains("\"paged\""))
    try text.replacingOccurrences(of: "\"paged\"", with: "\"carousel_3d\"").write(to: index, atomically: true, encoding: .utf8)
    try edit(index, #""zlc_version":"[^"]*""#, #""zlc_version":"99.0.0""#)
    return (out, index)
  }

  /// A layout of a kind a newer release wrote is drawn as written: only that release has its
  /// arithmetic, so this release does not compute it again from the geometry.
  func testALayoutOfANewerKindIsTakenAsWritten() throws {
    let (out, _) = try demoWithANewerKind()
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    XCTAssertEqual(result.err, "\(out.path): ok, 10 screens load\n")
  }

  /// A layout of a newer kind still needs every size above zero, which a client draws with: refused
  /// in the `layouts` table and at the section of the first screen that draws it (the show's hero).
  func testALayoutOfANewerKindWithASizeAtZeroIsRefused() throws {
    let (out, index) = try demoWithANewerKind()
    try edit(index, #""kind":"carousel_3d","columns":1,"item":\{"width":343,"#, #""kind":"carousel_3d","columns":1,"item":{"width":0,"#)
    let show = out.appendingPathComponent("screens/show.json")
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    let reference = try position(after: #""layout_ref":"#, in: show)
    let lines = result.err.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, result.err)
    XCTAssertTrue(lines[0].hasPrefix("\(index.path):1:"), result.err)
    XCTAssertTrue(
      lines[0].hasSuffix(": error: layouts entry '44dabe1491d2', device 'phone': item.width is 0.0; a size must be above zero"), result.err)
    XCTAssertEqual(
      lines.last,
      "\(show.path):\(reference.line):\(reference.column): error: resolved.sections[0].layout_ref: screen 'show', section 0 ('hero'), device 'phone': its layout, of kind 'carousel_3d' (a newer release's), gives item.width 0.0 there; a size must be above zero"
    )
  }
}
