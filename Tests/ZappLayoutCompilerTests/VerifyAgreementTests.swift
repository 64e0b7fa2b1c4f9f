import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappResolution
@testable import ZappWriters

/// `zlc verify` holds what a section says it draws to what draws it: `drawn` to the size class
/// mapping (the mapper reads `drawn` as written), a mapping entry's geometry to its cell style, a
/// `cell_body` to its component's `styles`, and a connected screen's `data.child` and
/// `data.group_child` to the mapper's numbering, which clients may read without running it.
final class VerifyAgreementTests: XCTestCase, GoldenBundleEditing {
  /// A connected screen `other` of a tab bar with a body, a grid drawn as a list of LIST_1 on the
  /// size class of the pad, a group of two grids and a grid: children 0, 1, 2 (the group's
  /// children 0 and 1) and 3.
  static let other = #"""
    [{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "data": {"connected": true}, "ui_components": [
      {"component_type": "tab_bar", "styles": {"layout": "TABS_1", "cell_styles": ["TABS_CELL_1"], "cell_body_component_type": "list", "cell_body_styles": ["LIST_2"]}},
      {"component_type": "grid", "size_class_mapping": {"L": {"component_type": "list", "cell_style": "LIST_1"}}, "styles": {"cell_styles": ["GRID_1"]}},
      {"component_type": "group", "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}, {"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]},
      {"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}]
    """#

  /// The compact bundle of the project, built into a folder removed after the test.
  func built() throws -> URL {
    let dir = try makeProject([
      "zlc.json":
        #"{"devices": [{"name": "phone", "width": 375}, {"name": "pad", "width": 1024}], "size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#,
      "screens/home.json": Example.homeOpeningByItems, "screens/o.json": Self.other,
    ])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let result = Driver.build(dir, output: dir + "/out")
    XCTAssertEqual(result.status, .success, "\(result.diagnostics)")
    return URL(fileURLWithPath: dir + "/out")
  }

  /// Replaces the one `old` in `other`'s screen file and in `rivers.json` with `new`, gives
  /// `bundle.json` the file's new hash, and returns what `zlc verify` reports then, with the
  /// column where `new` starts in the screen file and the file's text.
  func verified(
    tampering old: String, with new: String, line: UInt = #line
  ) throws -> (problems: [String], column: Int, text: String) {
    let out = try built()
    XCTAssertEqual(verified(out), [], "the bundle as built", line: line)
    let screen = out.appendingPathComponent("screens/other.json")
    let before = try Data(contentsOf: screen)
    let original = String(decoding: before, as: UTF8.self)
    let column = try XCTUnwrap(original.range(of: old)).lowerBound.utf16Offset(in: original) + 1
    for file in ["screens/other.json", "rivers.json"] {
      let url = out.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      XCTAssertEqual(text.components(separatedBy: old).count, 2, "one \(old) in \(file)", line: line)
      try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
    let index = out.appendingPathComponent("bundle.json")
    let hashes = (Digest.sha256Hex(Array(before)), Digest.sha256Hex(Array(try Data(contentsOf: screen))))
    let text = try String(contentsOf: index, encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: hashes.0).count, 2, line: line)
    try text.replacingOccurrences(of: hashes.0, with: hashes.1).write(to: index, atomically: true, encoding: .utf8)
    return (verified(out), column, try String(contentsOf: screen, encoding: .utf8))
  }

  /// The error `zlc verify` gives at `path` of the screen file, `offset` columns into `new`.
  func assertRefused(
    _ old: String, _ new: String, offset: Int, _ path: String, _ message: String, line: UInt = #line
  ) throws {
    let (problems, column, _) = try verified(tampering: old, with: new, line: line)
    XCTAssertEqual(problems, ["screens/other.json:1:\(column + offset): error: \(path): \(message)"], line: line)
  }

  func testADrawnEntryOfAnotherComponentTypeIsRefused() throws {
    let new = #""pad":{"size_class":"L","component_type":"grid""#
    try assertRefused(
      #""pad":{"size_class":"L","component_type":"list""#, new, offset: 6, "resolved.sections[1].drawn.pad",
      #"screen 'other', section 1 ('grid'), device 'pad': drawn gives component_type "grid", but on size class "L" its size_class_mapping draws a "list"; a client draws what drawn says"#
    )
  }

  func testADrawnEntryThatHidesOrChangesStylesOrSizeClassIsRefused() throws {
    let phone = #""phone":{"size_class":"S","component_type":"grid","cell_styles":["GRID_1"]}"#
    try assertRefused(
      phone, #""phone":{"size_class":"S","hidden":true}"#, offset: 8, "resolved.sections[1].drawn.phone",
      #"screen 'other', section 1 ('grid'), device 'phone': drawn hides the section, but on size class "S" its size_class_mapping draws it; a client draws what drawn says"#
    )
    try assertRefused(
      phone, #""phone":{"size_class":"S","component_type":"grid","cell_styles":["GRID_2"]}"#, offset: 8,
      "resolved.sections[1].drawn.phone",
      #"screen 'other', section 1 ('grid'), device 'phone': drawn gives cell_styles ["GRID_2"], but on size class "S" its size_class_mapping draws ["GRID_1"]; a client draws what drawn says"#
    )
    try assertRefused(
      phone, #""phone":{"size_class":"L","component_type":"grid","cell_styles":["GRID_1"]}"#, offset: 8,
      "resolved.sections[1].drawn.phone",
      #"screen 'other', section 1 ('grid'), device 'phone': drawn gives size_class "L", but the device's size class is "S"; a client draws what drawn says"#
    )
  }

  func testADrawnEntryMissingForADeviceIsRefused() throws {
    let phone = #""phone":{"size_class":"S","component_type":"grid","cell_styles":["GRID_1"]},"#
    try assertRefused(
      #""drawn":{"# + phone, #""drawn":{"#, offset: 8, "resolved.sections[1].drawn",
      "screen 'other', section 1 ('grid'), device 'phone': drawn has no entry for the device, though the section has a size_class_mapping; a client would not know what to draw there"
    )
  }

  func testAMappingEntryWhoseGeometryLaysOutAnotherStyleIsRefused() throws {
    let (problems, column, text) = try verified(
      tampering: #""cell_style":"LIST_1","layout_id""#, with: #""cell_style":"LIST_2","layout_id""#)
    let reference = try XCTUnwrap(text.range(of: #""layout_ref":"#, range: text.index(text.startIndex, offsetBy: column)..<text.endIndex))
    XCTAssertEqual(problems.count, 1)
    let at = reference.upperBound.utf16Offset(in: text) + 1
    let entry = try XCTUnwrap(text[reference.upperBound...].split(separator: "\"").first)
    XCTAssertEqual(
      problems.first,
      #"screens/other.json:1:\#(at): error: resolved.sections[1].size_class_mapping[0].layout_ref: screen 'other', section 1 ('grid'), size_class_mapping for 'L': the geometry of layouts entry '\#(entry)' lays out the styles ["LIST_1"], but the entry's cell_style is ["LIST_2"]; a client would size the replacement's cells with another style"#
    )
  }

  func testACellBodyOfAnotherTypeOrStylesThanItsComponentsIsRefused() throws {
    try assertRefused(
      #""cell_body":{"component_type":"list""#, #""cell_body":{"component_type":"grid""#, offset: 30,
      "resolved.sections[0].cell_body.component_type",
      "screen 'other', section 0 ('tab_bar'): cell_body has component_type 'grid', but its component's styles.cell_body_component_type is 'list'; a client would draw its cells with another component"
    )
    try assertRefused(
      #""cell_styles":["LIST_2"],"layout_ref""#, #""cell_styles":["LIST_1"],"layout_ref""#, offset: 14,
      "resolved.sections[0].cell_body.cell_styles",
      #"screen 'other', section 0 ('tab_bar'): cell_body has cell_styles ["LIST_1"], but its component's styles.cell_body_styles are ["LIST_2"]; a client would draw the body's items with styles the screen does not name"#
    )
  }

  func testAChildOutOfTheMappersNumberingIsRefused() throws {
    try assertRefused(
      #""child":3}"#, #""child":2}"#, offset: 8, "resolved.sections[4].data.child",
      "screen 'other', section 4 ('grid'): data.child is 2, but the mapper hands each top-level component that takes data, and each group, the next of the sender's children in screen order, and this section's is child 3; a client reading data.child would show another child"
    )
    try assertRefused(
      #""child":2,"group_child":1}"#, #""child":2,"group_child":0}"#, offset: 24, "resolved.sections[3].data.group_child",
      "screen 'other', section 3 ('grid'): data.group_child is 0, but a group's components that take data take its child's children in order, and this section's is 1; a client reading data.group_child would show another item"
    )
    try assertRefused(
      #""child":3}"#, #""child":3,"group_child":0}"#, offset: 24, "resolved.sections[4].data.group_child",
      "screen 'other', section 4 ('grid'): data.group_child is 0, but the section is in no group; only a group's components take a child's children"
    )
  }
}
