import Foundation
import XCTest

@testable import ZappLayout

/// Values zlc never writes, in a screen file or `bundle.json`: refused when read, naming the file
/// and the value's path, while every value zlc writes still loads.
final class OutOfRangeBundleTests: XCTestCase {
  /// A copy of a golden bundle in a fresh folder, removed after the test.
  func copy(_ golden: URL) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("out-of-range-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: golden, to: dir)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// Replaces the first `old` after the first `after` in `file` of `dir` with `new`.
  func edit(_ dir: URL, _ file: String, after: String = "", _ old: String, _ new: String) throws {
    let url = dir.appendingPathComponent(file)
    var text = try String(contentsOf: url, encoding: .utf8)
    let start = after.isEmpty ? text.startIndex : try XCTUnwrap(text.range(of: after)).upperBound
    let range = try XCTUnwrap(text.range(of: old, range: start..<text.endIndex), "\(old) in \(file)")
    text.replaceSubrange(range, with: new)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// Why opening `home` of the bundle in `dir` fails, or nil when it opens.
  func openingHomeFails(_ dir: URL) throws -> String? {
    let bundle = try ScreenBundle.load(from: dir)
    do {
      _ = try bundle.screen(id: "home")
      return nil
    } catch ScreenBundle.LoadError.invalidFile(let file, let why) {
      return "\(file): \(why)"
    }
  }

  // MARK: A device's layout

  /// A negative inset, a spacing past 10,000 and an item at zero or below in a section's `layout`
  /// throw when the screen opens; the same values at the bounds zlc writes open.
  func testALayoutValueZlcNeverWritesThrowsWhenItsScreenOpens() throws {
    let insets = #""insets": {"#
    for (after, old, new, error) in [
      (insets, #""left": 12"#, #""left": -100"#, "insets.left: expected a number from 0 to 10000"),
      ("", #""inter_item_spacing": 12"#, #""inter_item_spacing": 1e300"#, "inter_item_spacing: expected a number from 0 to 10000"),
      ("", #""line_spacing": 12"#, #""line_spacing": -0.5"#, "line_spacing: expected a number from 0 to 10000"),
      ("", #""width": 351"#, #""width": -5"#, "layout.phone.item.width: -5.0 is no size zlc writes; a size must be above zero"),
      ("", #""height": 197.44"#, #""height": 0"#, "layout.phone.item.height: 0.0 is no size zlc writes; a size must be above zero"),
    ] {
      let dir = try copy(BundleTests.goldenExpanded)
      try edit(dir, "screens/home.json", after: after, old, new)
      let why = try XCTUnwrap(try openingHomeFails(dir), new)
      XCTAssertTrue(why.hasPrefix("screens/home.json: resolved.sections["), why)
      XCTAssertTrue(why.hasSuffix(error), why)
    }
    for (after, old, new) in [
      (insets, #""left": 12"#, #""left": 10000"#), (insets, #""left": 12"#, #""left": 0"#),
      ("", #""inter_item_spacing": 12"#, #""inter_item_spacing": 0"#), ("", #""width": 351"#, #""width": 0.01"#),
    ] {
      let dir = try copy(BundleTests.goldenExpanded)
      try edit(dir, "screens/home.json", after: after, old, new)
      XCTAssertNil(try openingHomeFails(dir), new)
    }
    XCTAssertNil(try openingHomeFails(try copy(BundleTests.goldenExpanded)), "the golden bundle opens")
  }

  // MARK: A geometry's elements

  func element(_ text: String) throws -> ElementStyle {
    try ElementStyle.decode(try JSON.parse(Array(text.utf8)), path: "elements[0]", layouts: .empty)
  }

  /// An element's `display` other than `inline` or `block`, a `width_ratio` outside 0 (excluded)
  /// to 1, a `width_height_ratio` outside 0.01 to 100 and a negative margin are refused: the family
  /// reader leaves each out, so zlc never writes one.
  func testAnElementValueTheFamilyReaderLeavesOutIsRefused() throws {
    for (text, error) in [
      (#"{"display": "flex"}"#, "elements[0].display: expected `inline` or `block`"),
      (#"{"display": "inline", "width_ratio": -1}"#, "elements[0].width_ratio: expected a number above 0 up to 1"),
      (#"{"display": "inline", "width_ratio": 0}"#, "elements[0].width_ratio: expected a number above 0 up to 1"),
      (#"{"display": "inline", "width_ratio": 1e300}"#, "elements[0].width_ratio: expected a number above 0 up to 1"),
      (#"{"display": "block", "width_height_ratio": 0.001}"#, "elements[0].width_height_ratio: expected a number from 0.01 to 100"),
      (#"{"display": "block", "width_height_ratio": 1e300}"#, "elements[0].width_height_ratio: expected a number from 0.01 to 100"),
      (
        #"{"display": "block", "margin": {"top": -3, "left": 0, "bottom": 0, "right": 0}}"#,
        "elements[0].margin.top: expected a number from 0 to 10000"
      ),
    ] {
      XCTAssertThrowsError(try element(text), text) { XCTAssertEqual("\($0)", error, text) }
    }
    let widest = try element(
      #"{"display": "block", "width_ratio": 1, "width_height_ratio": 100, "margin": {"top": 0, "left": 10000, "bottom": 0, "right": 0}}"#)
    XCTAssertEqual(
      widest, ElementStyle(display: .block, widthRatio: 1, widthHeightRatio: 100, margin: Insets(top: 0, left: 10000, bottom: 0, right: 0)))
    // Whatever the family reader keeps, the bundle's reader reads back.
    for family in [#"{"width_ratio": 1e-9, "width_height_ratio": 0.01}"#, #"{"display": "block", "margin": [1, 2, 3, 4]}"#] {
      let kept = ElementStyle(familyElement: try JSON.parse(Array(family.utf8)))
      XCTAssertEqual(try ElementStyle.decode(try JSON.parse(kept.encoded(pretty: false)), path: "", layouts: .empty), kept, family)
    }
  }

  // MARK: Size classes

  /// Why loading the golden bundle with `sizeClasses` as its `size_classes` fails, or nil.
  func loadingFails(sizeClasses: String) throws -> String? {
    let dir = try copy(BundleTests.golden)
    let written =
      #""size_classes":[{"name":"S","min_width":0,"max_width":600,"class":"phone"},{"name":"L","min_width":600,"max_width":1200,"class":"tablet"},{"name":"XL","min_width":1200,"class":"tablet"}]"#
    try edit(dir, "bundle.json", written, #""size_classes":"# + sizeClasses)
    do {
      _ = try ScreenBundle.load(from: dir)
      return nil
    } catch ScreenBundle.LoadError.invalidFile(let file, let why) {
      return "\(file): \(why)"
    }
  }

  /// Size classes zlc never writes (ZL0508 refuses them in zlc.json) are refused at load; those it
  /// writes, however odd their widths, load.
  func testSizeClassesZlcNeverWritesAreRefusedAtLoad() throws {
    let s = #"{"name": "S", "min_width": 0, "max_width": 600, "class": "phone"}"#
    for (classes, error) in [
      (#"[{"name": "", "min_width": 0, "class": "phone"}]"#, "size_classes[0].name: empty"),
      (
        #"[{"name": "S", "min_width": 1000, "max_width": 0, "class": "phone"}]"#,
        "size_classes[0].max_width: size class 'S' is empty: 0 is not above min_width 1000"
      ),
      (
        "[\(s), " + #"{"name": "S", "min_width": 600, "class": "tablet"}]"#,
        "size_classes[1].name: size class 'S' is defined twice (first at [0])"
      ),
      (
        "[\(s), " + #"{"name": "L", "min_width": 500, "class": "tablet"}]"#,
        "size_classes[1].min_width: size class 'L' overlaps size class 'S'"
      ),
      (
        #"[{"name": "L", "min_width": 500, "class": "tablet"}, "# + "\(s)]",
        "size_classes[0].min_width: size class 'L' overlaps size class 'S'"
      ),
      (
        "[\(s), " + #"{"name": "L", "min_width": 1e308, "class": "tablet"}]"#,
        "size_classes[1].min_width: no size class holds widths from 600 to 1e+308"
      ),
    ] {
      XCTAssertEqual(try loadingFails(sizeClasses: classes), "bundle.json: " + error, classes)
    }
    for classes in [
      "[]",
      #"[{"name": "S", "min_width": -50, "max_width": 600, "class": "phone"}, {"name": "L", "min_width": 600, "class": "tablet"}]"#,
      #"[{"name": "S", "min_width": 0, "max_width": 1e308, "class": "phone"}, {"name": "L", "min_width": 1e308, "class": "tablet"}]"#,
      #"[{"name": "S", "min_width": 100, "max_width": 2000, "class": "phone"}]"#,
      #"[{"name": "XL", "min_width": 1200, "class": "tablet"}, {"name": "S", "min_width": 0, "max_width": 600, "class": "phone"}, {"name": "L", "min_width": 600, "max_width": 1200, "class": "tablet"}]"#,
      // Names compared by their bytes, as every client compares them: two forms of café are two names.
      #"[{"name": "caf\u00e9", "min_width": 0, "max_width": 600, "class": "phone"}, {"name": "cafe\u0301", "min_width": 600, "class": "tablet"}]"#,
    ] {
      XCTAssertNil(try loadingFails(sizeClasses: classes), classes)
    }
  }

  // MARK: Very wide windows

  /// A window 1e308 points wide is laid out as one 10,000 wide in its own size class: every
  /// length stays finite and above zero. Rounding keeps the largest numbers finite too.
  func testAWindowOf1e308PointsKeepsEveryLengthFinite() throws {
    XCTAssertEqual(Geometry.round2(1e308), 1e308)
    XCTAssertEqual(Geometry.round2(-.greatestFiniteMagnitude), -.greatestFiniteMagnitude)
    XCTAssertEqual(Geometry.round2(12.345_6), 12.35)
    let bundle = try ScreenBundle.load(from: BundleTests.golden)
    var checked = 0
    for screen in try bundle.screens {
      let huge = screen.sections(forWidth: 1e308, sizeClasses: bundle.index.sizeClasses)
      let widest = screen.sections(forWidth: Metrics.maxLength, sizeClasses: bundle.index.sizeClasses)
      for (drawn, same) in zip(huge, widest) {
        XCTAssertEqual(drawn.sizeClass, "XL")
        guard let layout = drawn.layout else { continue }
        XCTAssertNil(layout.firstNonPositiveSize, screen.id)
        XCTAssertTrue(layout.sizes.allSatisfy { $0.value.isFinite }, "\(screen.id): \(layout.sizes)")
        XCTAssertEqual(layout, same.layout, "laid out as the widest window")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 10)
    let device = Device(forWidth: .infinity, sizeClasses: SizeClass.defaults)
    XCTAssertEqual(device.width, Metrics.maxLength)
    XCTAssertEqual(device.sizeClass, "XL")
    XCTAssertEqual(Device(forWidth: 375, sizeClasses: SizeClass.defaults).width, 375, "a width up to the bound is its own")
  }

  // MARK: Windows without room

  /// A window of no width, a negative one or NaN is laid out as one 0 wide (in the size class of
  /// 0); a window narrower than the insets and spacing leaves items of no size, never a negative
  /// one: every length is finite and at least 0.
  func testNarrowNegativeAndNaNWidthsGiveFiniteLengthsOfAtLeastZero() throws {
    let bundle = try ScreenBundle.load(from: BundleTests.golden)
    let classes = bundle.index.sizeClasses
    var checked = 0
    for screen in try bundle.screens {
      let zero = screen.sections(forWidth: 0, sizeClasses: classes)
      for width in [Double.nan, -Double.infinity, -1, -0.0, 0, 1e-9, 1, 10] {
        for (i, drawn) in screen.sections(forWidth: width, sizeClasses: classes).enumerated() {
          XCTAssertEqual(drawn.sizeClass, "S", "\(screen.id) at \(width)")
          guard let layout = drawn.layout else { continue }
          let lengths = Self.lengths(layout)
          XCTAssertTrue(lengths.allSatisfy { $0.isFinite && $0 >= 0 }, "\(screen.id) at \(width): \(lengths)")
          if !(width > 0) { XCTAssertEqual(layout, zero[i].layout, "\(width) is laid out as 0") }
          let geometry = screen.resolved.sections[i].geometry
          if let geometry, !drawn.hidden, drawn.componentType == screen.resolved.sections[i].componentType {
            XCTAssertEqual(geometry.layout(forWidth: width, sizeClasses: classes), layout, "\(screen.id) at \(width)")
          }
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 100)
    let device = Device(forWidth: .nan, sizeClasses: SizeClass.defaults)
    XCTAssertEqual(device.width, 0)
    XCTAssertEqual(device.sizeClass, "S")
    XCTAssertEqual(Device(forWidth: -Double.infinity, sizeClasses: SizeClass.defaults).width, 0)
    // A grid of the golden bundle at 1 point: no room for its columns, so items of no size.
    let grid = try XCTUnwrap(
      try bundle.screens.lazy.flatMap { $0.resolved.sections }.first { $0.geometry?.kind == .flow }?.geometry)
    let tiny = grid.layout(forWidth: 1, sizeClasses: classes)
    XCTAssertEqual(tiny.item.width, 0)
    XCTAssertEqual(tiny.item.height ?? 0, 0)
    XCTAssertLessThan(grid.layout(on: Device(name: "", deviceClass: .phone, width: 1, sizeClass: "S")).item.width, 0)
  }

  /// Every length of a layout: sizes, insets, spacings, frames and their origins, elements' boxes.
  static func lengths(_ layout: SectionLayout) -> [Double] {
    let insets = [layout.insets.top, layout.insets.left, layout.insets.bottom, layout.insets.right]
    let frames =
      [layout.large].compactMap { $0 } + (layout.small ?? [])
      + (layout.cells ?? []).flatMap { ($0.elements ?? []).flatMap { [$0.box, $0.content] } }
    return layout.sizes.map(\.value) + insets + [layout.interItemSpacing, layout.lineSpacing]
      + frames.flatMap { [$0.x, $0.y, $0.width, $0.height] }
  }
}
