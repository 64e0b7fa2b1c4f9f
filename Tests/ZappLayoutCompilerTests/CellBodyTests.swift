import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayout
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// A section's `cell_body`: the component each of its cells holds (a `tab_bar` whose tabs each
/// hold a `list` of `LIST_2`), resolved into the bundle as a section is.
final class CellBodyTests: XCTestCase {
  static let tabBar =
    #"{"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"layout": "TABS_1", "cell_styles": ["TABS_CELL_1"], "cell_body_component_type": "list", "cell_body_styles": ["LIST_2"]}}"#
  /// A section of the body's own type and cell styles, to draw the body against.
  static let list =
    #"{"component_type": "list", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["LIST_2"]}}"#

  /// A project of two devices on two size classes, whose screen `other` holds the tab bar (`tabBar`)
  /// and a list like its body; built compact into `c` and expanded into `e`.
  func built(tabBar: String = CellBodyTests.tabBar, settings: String = "") throws -> String {
    var files = Example.baseProject
    files["zlc.json"] =
      #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]"#
      + settings + "}"
    files["screens/o.json"] = Example.screen([tabBar, Self.list].joined(separator: ", "))
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let compact = Driver.build(dir, output: dir + "/c")
    XCTAssertEqual(compact.status, .success, "\(compact.diagnostics)")
    XCTAssertEqual(Driver.build(dir, output: dir + "/e", bundle: BundleWriter.Options(form: .expanded, pretty: true)).status, .success)
    return dir
  }

  /// The tab bar's section holds its body: the list's type and cell styles, the renderer of
  /// `LIST_2`, and on each device the layout a list of `LIST_2` is drawn with there, with the
  /// geometry that draws it at any width.
  func testATabBarsBodyIsResolvedPerDevice() throws {
    let dir = try built()
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    let other = try XCTUnwrap(try bundle.screen(id: "other"))
    let (tabs, list) = (other.resolved.sections[0], other.resolved.sections[1])
    let body = try XCTUnwrap(tabs.cellBody)
    XCTAssertNil(list.cellBody)
    XCTAssertEqual(body.componentType, "list")
    XCTAssertEqual(body.cellStyles, ["LIST_2"])
    XCTAssertNil(body.layoutAbsent)
    XCTAssertNotNil(body.renderer.layoutID)
    XCTAssertEqual(body.renderer, list.renderer)
    XCTAssertEqual(body.cellAttributes.map(\.0), list.cellAttributes.map(\.0))
    XCTAssertEqual(body.geometry, list.geometry)
    XCTAssertNotEqual(body.geometry, tabs.geometry)
    XCTAssertEqual(body.layout.map(\.device), ["phone", "pad"])
    for device in bundle.index.devices {
      let layout = try XCTUnwrap(body.layout(on: device.name), device.name)
      XCTAssertEqual(layout, list.layout(on: device.name), device.name)
      XCTAssertEqual(layout, body.layout(forWidth: device.width, sizeClasses: bundle.index.sizeClasses), device.name)
    }
    XCTAssertNotEqual(body.layout(on: "phone"), body.layout(on: "pad"))
    // The body's entry holds the same keys as a section's: the list's, named once.
    XCTAssertEqual(body.layoutRef, list.layoutRef)
    XCTAssertNotEqual(body.layoutRef, tabs.layoutRef)
  }

  /// Where the section's `size_class_mapping` has any entry for the device's size class (one that
  /// hides it, replaces it with a list, or keeps its type with a cell style), the body has no
  /// layout; both forms still verify.
  func testABodyIsLaidOutOnlyOnSizeClassesTheSectionHasNoMappingFor() throws {
    for replacement in Self.mappings {
      let dir = try built(tabBar: Self.tabBar(mapping: replacement))
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
      let tabs = try XCTUnwrap(try bundle.screen(id: "other")).resolved.sections[0]
      let body = try XCTUnwrap(tabs.cellBody)
      XCTAssertEqual(body.layout.map(\.device), ["phone"], replacement)
      XCTAssertEqual(bundle.index.devices.map { tabs.drawsCellBody(on: $0) }, [true, false], replacement)
      XCTAssertNotNil(body.geometry)
      for form in ["c", "e"] { XCTAssertEqual(BundleVerifier.verify(dir + "/" + form).problems, [], form) }
    }
  }

  /// Size class entries of the tab bar for `L`: hidden, replaced by a list, kept a tab bar.
  static let mappings = [
    #""hide""#, #"{"component_type": "list", "cell_style": "LIST_1"}"#, #"{"component_type": "tab_bar", "cell_style": "TABS_CELL_1"}"#,
  ]

  /// The tab bar with `mapping` as its `size_class_mapping` entry for `L`.
  static func tabBar(mapping: String) -> String {
    tabBar.replacingOccurrences(of: #""styles": {"#, with: #""size_class_mapping": {"L": \#(mapping)}, "styles": {"#)
  }

  /// At a width, the runtime lays the body out as a list of its style is laid out there
  /// (`cellBodyLayout(forWidth:state:sizeClasses:)`), in `S` (below 600) alone: nil from 600 on,
  /// where `L` hides or replaces the tab bar, though the body's own geometry still gives a layout.
  func testABodyIsLaidOutAtAWidthOnlyBelowTheSizeClassThatMapsTheSection() throws {
    for replacement in Self.mappings.prefix(2) {
      let dir = try built(tabBar: Self.tabBar(mapping: replacement))
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/e"))
      let classes = bundle.index.sizeClasses
      let other = try XCTUnwrap(try bundle.screen(id: "other")).resolved
      let (tabs, list) = (other.sections[0], other.sections[1])
      let (body, geometry) = (try XCTUnwrap(tabs.cellBody), try XCTUnwrap(list.geometry))
      for width in [320.0, 599.99] {
        XCTAssertEqual(
          tabs.cellBodyLayout(forWidth: width, sizeClasses: classes), geometry.layout(forWidth: width, sizeClasses: classes), replacement)
      }
      let landscape = tabs.cellBodyLayout(forWidth: 599.99, state: .landscape, sizeClasses: classes)
      XCTAssertEqual(landscape, geometry.layout(forWidth: 599.99, state: .landscape, sizeClasses: classes), replacement)
      for width in [600.0, 1024] {
        XCTAssertNil(tabs.cellBodyLayout(forWidth: width, sizeClasses: classes), "\(width) \(replacement)")
        XCTAssertNil(tabs.cellBodyLayout(forWidth: width, state: .landscape, sizeClasses: classes), "\(width) \(replacement)")
        XCTAssertNotNil(body.layout(forWidth: width, sizeClasses: classes), "\(width) \(replacement)")
      }
    }
  }

  /// In a window state the family gives values for (a body list of 1 column, 3 in landscape), the
  /// body at a width in that state is what the compiler writes for a device of that width and state.
  func testABodyIsLaidOutAtAWidthInAState() throws {
    let dir = try makeProject([
      "zlc.json": #"""
      {"app": "T", "devices": [{"name": "phone", "width": 375}, {"name": "turned", "width": 375, "state": "landscape"}],
       "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}
      """#,
      "families/w.json": #"""
      {"name": "W", "components": [{"type": "tab_bar", "cells": [{"name": "T", "layoutId": "t", "cellHeight": 48}]},
        {"type": "list", "cells": [{"name": "R", "layoutId": "r", "cellHeight": 80, "screens": [{"type": "landscape", "columns": 3}]}]}]}
      """#,
      "screens/home.json": #"""
      [{"id": "home", "type": "general_content", "home": true, "styles": {"family": "W"}, "ui_components": [
        {"component_type": "tab_bar", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "size_class_mapping": {"L": "hide"},
         "styles": {"cell_styles": ["T"], "cell_body_component_type": "list", "cell_body_styles": ["R"]}}]}]
      """#,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.build(dir, output: dir + "/out")
    XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics)")
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"))
    let classes = bundle.index.sizeClasses
    let tabs = try XCTUnwrap(try bundle.screen(id: "home")).resolved.sections[0]
    let body = try XCTUnwrap(tabs.cellBody)
    let turned = try XCTUnwrap(tabs.cellBodyLayout(forWidth: 375, state: .landscape, sizeClasses: classes))
    XCTAssertEqual(turned, body.layout(on: "turned"))
    XCTAssertEqual(turned.columns, 3)
    XCTAssertEqual(tabs.cellBodyLayout(forWidth: 375, sizeClasses: classes)?.columns, 1)
    XCTAssertNil(tabs.cellBodyLayout(forWidth: 600, state: .landscape, sizeClasses: classes))
  }

  /// The compact screen file names the body's `layouts` entry in place of its layout, the
  /// expanded one holds it in place; each decodes and encodes to its own bytes again, and the
  /// compact one expands to the expanded file byte for byte.
  func testTheCompactAndExpandedBodiesAgree() throws {
    let dir = try built()
    let compact = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    let expanded = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/e"))
    let entry = try XCTUnwrap(compact.index.screens.first { $0.id == "other" })
    let compactBytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/c/" + entry.file))
    let expandedBytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/e/" + entry.file))
    let section = { (bytes: Data) in try XCTUnwrap(try JSON.parse(bytes)["resolved"]?["sections"]?.arrayValue?.first) }
    let (small, whole) = (try section(compactBytes)["cell_body"], try section(expandedBytes)["cell_body"])
    XCTAssertEqual(small?.objectValue?.map(\.0), ["component_type", "cell_styles", "layout_ref"])
    let id = try XCTUnwrap(small?["layout_ref"]?.stringValue)
    let held = try XCTUnwrap(compact.index.layouts.first { $0.id == id }?.value)
    // The built-in LIST_2 has no attributes of its own: no `cell_attributes`.
    XCTAssertEqual(held.objectValue?.map(\.0), ["renderer", "layout", "geometry"])
    XCTAssertEqual(whole?.objectValue?.map(\.0), ["component_type", "cell_styles", "renderer", "layout", "geometry"])
    XCTAssertEqual(whole?["renderer"], held["renderer"])
    XCTAssertNil(whole?["layout_ref"])
    XCTAssertEqual(whole?["layout"], held["layout"])
    XCTAssertEqual(whole?["geometry"], held["geometry"])

    let fromCompact = try XCTUnwrap(try compact.screen(id: "other"))
    let fromExpanded = try XCTUnwrap(try expanded.screen(id: "other"))
    XCTAssertEqual(fromCompact.resolved.sections[0].cellBody, fromExpanded.resolved.sections[0].cellBody)
    XCTAssertEqual(fromCompact.encoded(pretty: true, form: .expanded), Array(expandedBytes))
    XCTAssertEqual(fromExpanded.encoded(pretty: true, form: .expanded), Array(expandedBytes))
    XCTAssertEqual(fromCompact.encoded(pretty: false, form: .compact), Array(compactBytes))
  }

  /// A client lacking the body's renderers cannot draw the tab bar: the runtime says what it
  /// lacks, as `required_renderers` lists it.
  func testAClientLackingTheBodysRenderersCannotDrawTheSection() throws {
    let dir = try built()
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/c"))
    let tabs = try XCTUnwrap(try bundle.screen(id: "other")).resolved.sections[0]
    let body = try XCTUnwrap(tabs.cellBody)
    let kinds = [tabs.geometry, body.geometry].compactMap { $0?.kind.word }
    let own = RendererSet(componentTypes: [tabs.componentType], cellLayouts: [tabs.renderer.layoutID ?? ""], layoutKinds: kinds)
    XCTAssertEqual(
      tabs.rendering(with: own), .missing(RendererSet(componentTypes: ["list"], cellLayouts: [body.renderer.layoutID ?? ""])))
    let all = Driver.check(dir).project.requiredRendererSet
    XCTAssertEqual(tabs.rendering(with: all), .asWritten)
    XCTAssertTrue(all.componentTypes.contains("list"))
  }

  /// Both forms verify clean, and `zlc schema bundle` describes the body.
  func testBothFormsVerifyAndTheSchemaDescribesTheBody() throws {
    let dir = try built()
    for form in ["c", "e"] { XCTAssertEqual(BundleVerifier.verify(dir + "/" + form).problems, [], form) }
    let definitions = BundleSchema.json["definitions"]
    XCTAssertEqual(definitions?["section"]?["properties"]?["cell_body"]?["$ref"], .string("#/definitions/cell_body"))
    XCTAssertEqual(
      definitions?["cell_body"]?["properties"]?.objectValue?.map(\.0),
      [
        "component_type", "cell_styles", "renderer", "cell_attributes", "display_rules", "card_style", "cells", "layout_ref",
        "layout", "layout_absent", "geometry",
      ])
    // A `layouts` entry may hold a body's keys: every key a body interns is one the entry allows.
    let entry = BundleSchema.layoutEntry["properties"]?.objectValue?.map(\.0) ?? []
    for field in CellBody.fields where field.role == .interned { XCTAssertTrue(entry.contains(field.key), field.key) }
  }

  /// A body whose layout on a device is not the one its geometry draws there is refused at its
  /// geometry, naming the screen, section, body and device.
  func testVerifyRefusesABodyLayoutItsGeometryDoesNotDraw() throws {
    let out = try built() + "/e"
    let body = try XCTUnwrap(try ScreenBundle.load(from: URL(fileURLWithPath: out)).screen(id: "other")?.resolved.sections[0].cellBody)
    let spacing = try XCTUnwrap(body.layout(on: "pad")).json["inter_item_spacing"]
    let edited = try editingBody(in: out) { layouts in
      layouts.map { device, layout in (device, device == "pad" ? layout.replacing("inter_item_spacing", with: .int(7777)) : layout) }
    }

    try assertVerifyRefuses(
      out, at: "geometry", in: edited,
      "resolved.sections[0].cell_body.geometry: screen 'other', section 0 ('tab_bar'), cell_body ('list'), device 'pad': its geometry gives inter_item_spacing \(spacing.map { String(decoding: $0.encoded(pretty: false), as: UTF8.self) } ?? "") there, but its layout holds 7777"
    )
  }

  /// A body layout with an item of no width is refused when its screen is opened, as a section's
  /// layout is (it opened, and only `zlc verify` refused it).
  func testOpeningAScreenRefusesABodyLayoutOfNoSize() throws {
    let out = try built() + "/e"
    _ = try editingBody(in: out) { layouts in
      layouts.map { device, layout in
        guard device == "phone", let item = layout["item"] else { return (device, layout) }
        return (device, layout.replacing("item", with: item.replacing("width", with: .int(0))))
      }
    }
    XCTAssertThrowsError(try ScreenBundle.load(from: URL(fileURLWithPath: out)).screen(id: "other")) { error in
      XCTAssertEqual(
        "\(error)",
        "screens/other.json: resolved.sections[0].cell_body.layout.phone.item.width: 0.0 is no size zlc writes; a size must be above zero")
    }
  }

  /// In a window narrower than its insets, a section and its body have items of no size at any
  /// width, with or without a state named: never a negative length.
  func testAWindowNarrowerThanTheInsetsDrawsNoNegativeLength() throws {
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: try built() + "/c"))
    let section = try XCTUnwrap(try bundle.screen(id: "other")?.resolved.sections[0])
    let classes = bundle.index.sizeClasses
    for layout in [
      section.drawn(forWidth: 10, sizeClasses: classes).layout, section.drawn(forWidth: 10, state: nil, sizeClasses: classes).layout,
    ] {
      let item = try XCTUnwrap(layout?.item)
      XCTAssertEqual(item.width, 0)
      XCTAssertEqual(item.height, 48, "the tabs' own height")
    }
    XCTAssertEqual(section.drawn(forWidth: 10, sizeClasses: classes), section.drawn(forWidth: 10, state: nil, sizeClasses: classes))
  }

  /// A body layout for a device where the section is hidden is refused at the body's layout.
  func testVerifyRefusesABodyLayoutWhereTheSectionIsHidden() throws {
    let hidden = Self.tabBar.replacingOccurrences(of: #""styles": {"#, with: #""size_class_mapping": {"L": "hide"}, "styles": {"#)
    let out = try built(tabBar: hidden) + "/e"
    let edited = try editingBody(in: out) { layouts in
      layouts + [("pad", try XCTUnwrap(layouts.first?.1))]
    }
    try assertVerifyRefuses(
      out, at: "layout", in: edited,
      "resolved.sections[0].cell_body.layout: screen 'other', section 0 ('tab_bar'), cell_body ('list'), device 'pad': its layout has an entry for the device, where the section is not drawn as its type"
    )
  }

  /// A platform's `required_renderers` must hold what the body needs: the first use of the list
  /// is the tab bar's body, before the list section after it.
  func testVerifyRefusesRequiredRenderersWithoutTheBodysType() throws {
    let out = try built(settings: #", "platforms": {"ios": {}}"#) + "/c"
    let index = out + "/bundle.json"
    let text = try String(contentsOfFile: index, encoding: .utf8)
    let listed = #""component_types":["grid","list","tab_bar"]"#
    XCTAssertTrue(text.contains(listed), text)
    let edited = text.replacingOccurrences(of: listed, with: #""component_types":["grid","tab_bar"]"#)
    try edited.write(toFile: index, atomically: true, encoding: .utf8)
    let key = try XCTUnwrap(edited.range(of: #""component_types":"#))
    let column = edited.utf16.distance(from: edited.startIndex, to: key.upperBound) + 1
    XCTAssertEqual(
      BundleVerifier.verify(out).problems,
      [
        BundleProblem(
          file: index, line: 1, column: column,
          message:
            "required_renderers of platform 'ios' leave out component type 'list', which screen 'other', section 0 draws: a client without it would take the bundle and draw nothing there"
        )
      ])
  }

  /// Asserts that verifying the bundle `out` finds one problem, `message`, at the object `key`
  /// opens in the first `cell_body` of the pretty-printed screen file `edited`.
  func assertVerifyRefuses(
    _ out: String, at key: String, in edited: (file: String, bytes: [UInt8]), _ message: String, line: UInt = #line
  ) throws {
    let lines = String(decoding: edited.bytes, as: UTF8.self).components(separatedBy: "\n")
    let bodyLine = try XCTUnwrap(lines.firstIndex { $0.contains("\"cell_body\": {") }, line: line)
    let at = try XCTUnwrap(lines.indices.first { $0 > bodyLine && lines[$0].contains("\"\(key)\": {") }, line: line)
    let column = try XCTUnwrap(lines[at].firstIndex(of: "{"), line: line).utf16Offset(in: lines[at]) + 1
    XCTAssertEqual(
      BundleVerifier.verify(out).problems, [BundleProblem(file: edited.file, line: at + 1, column: column, message: message)],
      line: line)
  }

  /// Writes the expanded bundle `out`'s screen `other` with its first section's body layouts
  /// changed by `change`, and its SHA-256 to `bundle.json`; gives the file's path and bytes.
  func editingBody(
    in out: String, _ change: ([(String, JSON)]) throws -> [(String, JSON)]
  ) throws -> (file: String, bytes: [UInt8]) {
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: out))
    let entry = try XCTUnwrap(bundle.index.screens.first { $0.id == "other" })
    let file = out + "/" + entry.file
    let tree = try JSON.parse(try Data(contentsOf: URL(fileURLWithPath: file)))
    var sections = try XCTUnwrap(tree["resolved"]?["sections"]?.arrayValue)
    let body = try XCTUnwrap(sections[0]["cell_body"])
    let layouts = try change(try XCTUnwrap(body["layout"]?.objectValue))
    sections[0] = sections[0].replacing("cell_body", with: body.replacing("layout", with: .object(layouts)))
    let bytes = tree.replacing("resolved", with: try XCTUnwrap(tree["resolved"]).replacing("sections", with: .array(sections)))
      .encoded(pretty: true)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let index = out + "/bundle.json"
    let text = try String(contentsOfFile: index, encoding: .utf8)
    try text.replacingOccurrences(of: entry.sha256, with: Digest.sha256Hex(bytes)).write(toFile: index, atomically: true, encoding: .utf8)
    return (file, bytes)
  }
}

extension JSON {
  /// This object with the value of `key` made `value`, in its place.
  fileprivate func replacing(_ key: String, with value: JSON) -> JSON {
    guard case .object(let members) = self else { return self }
    return .object(members.map { $0.0 == key ? ($0.0, value) : $0 })
  }
}
