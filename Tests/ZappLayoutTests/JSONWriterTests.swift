import Foundation
import XCTest

@testable import ZappLayout

/// `JSONWriter`, and the contract types' `write(to:)` and decoder, made from the same field tables.
final class JSONWriterTests: XCTestCase {
  func written(_ json: JSON, pretty: Bool) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.value(json)
    writer.finish()
    return writer.bytes
  }

  /// Written in each form, pretty and compact, the value reads back to one that writes the same
  /// bytes: every key the encoder writes, the decoder reads.
  func assertRoundTrips<T: BundleObject>(_ value: T, layouts: LayoutTable = .empty, _ message: String = "", line: UInt = #line) {
    for pretty in [true, false] {
      for form in [BundleForm.compact, .expanded] {
        let bytes = value.encoded(pretty: pretty, form: form)
        XCTAssertEqual(try JSON.parse(bytes).encoded(pretty: pretty), bytes, "the tree's encoder agrees", line: line)
        let decoded = try? T.decode(JSON.parse(bytes), path: "", layouts: layouts)
        XCTAssertEqual(
          decoded.map { String(decoding: $0.encoded(pretty: pretty, form: form), as: UTF8.self) }, String(decoding: bytes, as: UTF8.self),
          "\(message) \(form)", line: line)
      }
    }
  }

  /// Every file of the golden bundle, and each of its sections alone.
  func testEveryFileOfTheGoldenBundle() throws {
    let bundle = try ScreenBundle.load(from: BundleTests.golden)
    let layouts = bundle.index.layoutTable
    assertRoundTrips(bundle.index)
    for screen in try bundle.screens {
      assertRoundTrips(screen, layouts: layouts, screen.id)
      for section in screen.resolved.sections { assertRoundTrips(section, layouts: layouts, screen.id) }
    }
  }

  /// Quotes, backslashes, control characters, U+007F, U+2028, U+2029 and U+FEFF are escaped; everything
  /// else (other Unicode included) is written as UTF-8, in keys as in values.
  func testStringsAreEscaped() {
    let cases: [(String, String)] = [
      ("", #""""#),
      ("plain /", #""plain /""#),
      ("quote \" backslash \\", #""quote \" backslash \\""#),
      ("\u{0}\u{8}\t\n\u{B}\u{C}\r\u{1F}", #""\u0000\b\t\n\u000b\f\r\u001f""#),
      ("\u{7F}del", #""\u007fdel""#),
      ("line\u{2028}para\u{2029}end", #""line\u2028para\u2029end""#),
      ("\u{FEFF}promo\u{FEFF}", #""\ufeffpromo\ufeff""#),
      ("\u{FEFE}\u{FFBF}\u{EFBF}", "\"\u{FEFE}\u{FFBF}\u{EFBF}\""),
      ("\u{2027}\u{202A}€—… é 日本語 🎬👨‍👩‍👧", "\"\u{2027}\u{202A}€—… é 日本語 🎬👨‍👩‍👧\""),
    ]
    for (text, escaped) in cases {
      XCTAssertEqual(String(decoding: written(.string(text), pretty: false), as: UTF8.self), escaped, text)
      XCTAssertEqual(String(decoding: written(.object([(text, .null)]), pretty: false), as: UTF8.self), "{\(escaped):null}", text)
    }
  }

  func testNumbersAreWrittenAsTheEncoderWritesThem() {
    let values: [Double] = [
      0, -0.0, 1, -1, 42, 0.5, -0.5, 0.125, 197.444, 197.445, 1.005, 0.001, -0.004, 1e15, -1e15, 1e15 - 1, 999_999_999_999_999.5,
      1e16, 1.5e20, 1e300, -1e300, 2.5e-7, .pi, .nan, .infinity, -.infinity, Double(Int.max), 9_007_199_254_740_992,
    ]
    for value in values {
      var writer = JSONWriter()
      writer.beginArray()
      writer.number(value)
      writer.exact(value)
      writer.int(Int(exactly: value.rounded()) ?? 7)
      writer.endArray()
      writer.finish()
      let json = JSON.array([.number(value), .exact(value), .int(Int(exactly: value.rounded()) ?? 7)])
      XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), json.encodedString(), "\(value)")
    }
    for n in [0, 1, -1, 9, 10, -10, 1_234_567_890, Int.max, Int.min] {
      XCTAssertEqual(written(.int(n), pretty: true), JSON.int(n).encoded())
    }
  }

  /// Empty containers stay on one line; members and elements get a line each, two spaces deeper
  /// per level, `": "` after keys; compact output has no space at all; pretty documents end in a
  /// newline.
  func testContainersEmptyNestedAndAtTheTop() {
    let json = JSON.object([
      ("a", .object([])), ("b", .array([])), ("c", .array([.null, .object([("d", .bool(false))])])), ("e", .number("-0")),
    ])
    XCTAssertEqual(
      String(decoding: written(json, pretty: true), as: UTF8.self),
      """
      {
        "a": {},
        "b": [],
        "c": [
          null,
          {
            "d": false
          }
        ],
        "e": -0
      }

      """)
    XCTAssertEqual(String(decoding: written(json, pretty: false), as: UTF8.self), #"{"a":{},"b":[],"c":[null,{"d":false}],"e":-0}"#)
    XCTAssertEqual(String(decoding: written(.string("top"), pretty: true), as: UTF8.self), "\"top\"\n")
    XCTAssertEqual(String(decoding: written(.array([]), pretty: false), as: UTF8.self), "[]")
  }

  /// A section with every optional key absent, and one with every key present.
  func testSectionsWithOptionalKeysAbsentAndPresent() throws {
    var bare = ResolvedSection(
      section: 0, component: [], componentType: "grid", family: nil, cellStyles: [], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .none), layout: [])
    assertRoundTrips(bare)
    bare.data = DataBinding(binding: .own)
    assertRoundTrips(bare)

    let layout = SectionLayout(
      kind: .flow, columns: 2, item: ItemSize(width: 187.5, height: nil),
      insets: Insets(top: 0, left: 1.25, bottom: -0.0, right: 10_000), interItemSpacing: 8, lineSpacing: 0.333)
    var full = layout
    full.scrollDirection = .horizontal
    full.large = Frame(x: 0, y: 0, width: 375, height: 211.0 / 3)
    full.small = [Frame(x: 1, y: 2, width: 3, height: 4)]
    full.columnWidth = 100.5
    full.pinned = false
    full.cells = [CellLayout(style: "G", columns: 3, item: ItemSize(width: 1, height: 2))]
    full.headerHeight = 44
    full.footerHeight = 30.5
    var metrics = Metrics()
    metrics.insetTop = 0.1 + 0.2
    metrics.cellWidth = 120
    metrics.columns = 3
    metrics.responsive = true
    let geometry = SectionGeometry(
      kind: .flow, responsive: ResponsiveRule(standardWidth: 375, scale: 1.0 / 3),
      styles: [
        StyleGeometry(
          style: "G", phoneColumns: 2,
          classes: [
            .init(deviceClass: .phone, metrics: metrics, setsColumns: true),
            .init(deviceClass: .tablet, metrics: Metrics(), setsColumns: false),
          ])
      ], headerHeights: [(.phone, 44), (.tablet, 60.5)], footerHeights: [(.phone, 30), (.tablet, 36)],
      footerVariants: [.init(screen: ScreenKey(deviceClass: .tablet, sizeClass: "XL", state: nil), height: 40)])
    var section = ResolvedSection(
      section: 3, component: [1, 0], componentType: "grid", componentID: "id \"quoted\"", family: "F", cellStyles: ["G", "H"],
      renderer: .init(layoutID: "g1"), data: DataBinding(binding: .senderChild, source: "s", type: "t", child: 1, groupChild: 0),
      itemLimit: 10, fillRows: true, accepts: ["video"], target: "show",
      styles: [("family", .string("F")), ("n", .number("1.50")), ("o", .object([]))], cellAttributes: [("a", .string("é"))],
      displayRules: .object([("x", .array([.null]))]), layout: [("phone", layout), ("tablet", full)], layoutAbsent: .notInFamily)
    section.geometry = geometry
    section.sizeClassMapping = [
      MappedSizeClass(sizeClass: "compact", replacement: .hide, geometry: nil),
      MappedSizeClass(sizeClass: "regular", replacement: .use(componentType: "list", cellStyle: "L"), geometry: geometry),
      MappedSizeClass(sizeClass: "wide", replacement: .use(componentType: "list", cellStyle: nil), geometry: nil),
    ]
    section.drawn = [
      ("phone", DrawnSection(sizeClass: nil, componentType: "grid", cellStyles: ["G"], hidden: false, layout: nil)),
      ("tablet", DrawnSection(sizeClass: "compact", componentType: "grid", cellStyles: [], hidden: true, layout: nil)),
    ]
    section.itemLimitBySizeClass = [("compact", 4)]
    section.itemsShown = [("phone", 4), ("tablet", 10)]
    assertRoundTrips(section)

    // In a screen, a section's `section` is its position.
    var second = section
    second.section = 1
    let resolution = Resolution(family: nil, connected: true, presentation: .push, launchMode: .standard, sections: [bare, second])
    let screen = ResolvedScreen(
      members: [("id", .string("s")), ("type", .string("general_content")), ("home", .bool(false))], resolved: resolution)
    assertRoundTrips(screen)
    XCTAssertThrowsError(
      try ResolvedScreen(
        json: JSON.parse(
          ResolvedScreen(
            members: [], resolved: Resolution(family: "F", connected: false, presentation: .push, launchMode: .standard, sections: [])
          ).encoded())), "a screen without an id is not one")
    // A reference: the compact form writes it in place of the layout and geometry, which the
    // table holds; the expanded form writes them in place.
    var referenced = section
    referenced.layoutAbsent = nil
    referenced.layoutRef = "ab12"
    referenced.sizeClassMapping[1].layoutRef = "cd34"
    var entry = JSONWriter(pretty: false)
    referenced.writeInterned(to: &entry)
    var replacement = JSONWriter(pretty: false)
    referenced.sizeClassMapping[1].writeInterned(to: &replacement)
    let table = LayoutTable([
      LayoutEntry(id: "ab12", value: try JSON.parse(entry.bytes)), LayoutEntry(id: "cd34", value: try JSON.parse(replacement.bytes)),
    ])
    assertRoundTrips(referenced, layouts: table)
    let compact = String(decoding: referenced.encoded(pretty: false, form: .compact), as: UTF8.self)
    XCTAssertTrue(compact.contains(#""o":{}},"layout_ref":"ab12","size_class_mapping""#), compact)
    XCTAssertFalse(compact.contains(#""display_rules""#), "held by the entry: \(compact)")
    XCTAssertTrue(compact.contains(#""cell_style":"L","layout_ref":"cd34"}"#), compact)
    XCTAssertFalse(compact.contains(#""geometry""#), compact)
    let expanded = String(decoding: referenced.encoded(pretty: false, form: .expanded), as: UTF8.self)
    XCTAssertFalse(expanded.contains("layout_ref"), expanded)
    XCTAssertEqual(
      expanded,
      String(decoding: section.encoded(pretty: false, form: .expanded), as: UTF8.self).replacingOccurrences(
        of: #","layout_absent":"not_in_family""#, with: ""))
  }

  func testAnIndexWithAndWithoutOptionalKeys() {
    var index = BundleIndex(
      app: nil, zlcVersion: "1", devices: [Device(name: "p", deviceClass: .phone, width: 375.333, sizeClass: nil)], screens: [],
      screenTypes: [], contentTypes: [])
    index.sizeClasses = []
    assertRoundTrips(index)
    index.app = "App"
    index.devices.append(Device(name: "t", deviceClass: .tablet, width: 1024, sizeClass: "regular"))
    index.screens = [.init(id: "a", name: nil, file: "screens/a.json", sha256: "00"), .init(id: "b", name: "B", file: "f", sha256: "")]
    index.screenTypes = [.init(key: "k", screen: "a")]
    index.contentTypes = [.init(key: "video", screen: "b"), .init(key: "", screen: "a")]
    index.sizeClasses = [
      SizeClass(name: "compact", minWidth: 0, maxWidth: 599.5, deviceClass: .phone),
      SizeClass(name: "r", minWidth: 600, maxWidth: nil, deviceClass: .tablet),
    ]
    index.requiredRenderers = [PlatformRenderers(platform: "ios", renderers: RendererSet(componentTypes: ["grid"], cellLayouts: ["g"]))]
    index.platform = "ios"
    index.layouts = [LayoutEntry(id: "ab12", value: .object([("layout", .object([]))]))]
    assertRoundTrips(index)
    XCTAssertTrue(
      String(decoding: index.encoded(pretty: false, form: .compact), as: UTF8.self).hasPrefix(
        #"{"format_version":2,"app":"App","platform":"ios","#))
    let expanded = String(decoding: index.encoded(pretty: false, form: .expanded), as: UTF8.self)
    XCTAssertTrue(expanded.hasPrefix(#"{"format_version":1,"#), expanded)
    XCTAssertFalse(expanded.contains(#""layouts""#), expanded)
  }

  /// With a sink, the bytes come in pieces whose concatenation is the whole document.
  func testASinkReceivesTheDocumentInPieces() {
    let json = JSON.array((0..<500).map { i in .object([("i", .int(i)), ("s", .string(String(repeating: "x", count: i % 7)))]) })
    final class Pieces { var all: [[UInt8]] = [] }
    let pieces = Pieces()
    var writer = JSONWriter(pretty: true, flushThreshold: 1000) { pieces.all.append($0) }
    writer.value(json)
    writer.finish()
    XCTAssertTrue(writer.bytes.isEmpty)
    XCTAssertGreaterThan(pieces.all.count, 10)
    XCTAssertTrue(pieces.all.dropLast().allSatisfy { $0.count >= 1000 && $0.count < 1100 })
    XCTAssertEqual(Array(pieces.all.joined()), json.encoded())
  }

  /// A member written on trial is taken back when the other writes the same bytes, kept when they
  /// differ, and either way the next member is separated as if only what stayed was written.
  func testAMemberOnTrialIsTakenBackOnlyWhenTheOtherWritesTheSameBytes() {
    for pretty in [false, true] {
      var writer = JSONWriter(pretty: pretty)
      writer.beginObject()
      let first = writer.write(
        {
          $0.key("a")
          $0.int(1)
        },
        unlessSameAs: {
          $0.key("a")
          $0.int(1)
        })
      let second = writer.write(
        {
          $0.key("b")
          $0.int(2)
        },
        unlessSameAs: {
          $0.key("b")
          $0.int(3)
        })
      let third = writer.write(
        {
          $0.key("c")
          $0.string("x")
        },
        unlessSameAs: {
          $0.key("c")
          $0.string("x")
        })
      let fourth = writer.write(
        { _ in },
        unlessSameAs: {
          $0.key("d")
          $0.null()
        })
      let fifth = writer.write({ _ in }, unlessSameAs: { _ in })
      writer.key("e")
      writer.bool(true)
      writer.endObject()
      XCTAssertEqual(first, .takenBack)
      XCTAssertEqual(second, .kept)
      XCTAssertEqual(third, .takenBack)
      XCTAssertEqual(fourth, .keptEmpty)
      XCTAssertEqual(fifth, .takenBack)
      XCTAssertEqual(
        writer.bytes, JSON.object([("b", .int(2)), ("e", .bool(true))]).encoded(pretty: pretty).dropLast(pretty ? 1 : 0).map { $0 })
    }
  }

  /// A writer with a sink hands nothing over while a member is on trial (the members on trial
  /// here are longer than its threshold), so a member taken back never reached the sink.
  func testASinkReceivesNothingOfAMemberTakenBack() {
    final class Pieces { var all: [[UInt8]] = [] }
    let pieces = Pieces()
    var writer = JSONWriter(pretty: false, flushThreshold: 8) { pieces.all.append($0) }
    writer.beginObject()
    for i in 0..<50 {
      _ = writer.write(
        {
          $0.key("k\(i)")
          $0.object([("x", .int(i)), ("y", .int(i))])
        },
        unlessSameAs: {
          $0.key("k\(i)")
          $0.object([("x", .int(i)), ("y", .int(i))])
        })
      writer.key("m\(i)")
      writer.int(i)
    }
    writer.endObject()
    writer.finish()
    XCTAssertGreaterThan(pieces.all.count, 10)
    let expected = JSON.object((0..<50).map { ("m\($0)", .int($0)) }).encoded(pretty: false)
    XCTAssertEqual(String(decoding: Array(pieces.all.joined()), as: UTF8.self), String(decoding: expected, as: UTF8.self))
  }

  /// A trial inside a trial, and members of nested containers, are compared and kept or taken
  /// back as whole members; a writer with a sink hands over what was kept, in order.
  func testNestedTrialsKeepOrTakeBackWholeMembers() {
    for pretty in [false, true] {
      final class Pieces { var all: [[UInt8]] = [] }
      let pieces = Pieces()
      var writer = JSONWriter(pretty: pretty, flushThreshold: 4) { pieces.all.append($0) }
      writer.beginObject()
      let outer = writer.write(
        { w in
          w.key("a")
          w.beginObject()
          let inner = w.write(
            {
              $0.key("x")
              $0.int(1)
            },
            unlessSameAs: {
              $0.key("x")
              $0.int(1)
            })
          XCTAssertEqual(inner, .takenBack)
          w.key("y")
          w.beginArray()
          w.int(2)
          w.endArray()
          w.endObject()
        },
        unlessSameAs: {
          $0.key("a")
          $0.object([("y", .array([.int(3)]))])
        })
      writer.key("b")
      writer.null()
      writer.endObject()
      writer.finish()
      XCTAssertEqual(outer, .kept)
      let expected = JSON.object([("a", .object([("y", .array([.int(2)]))])), ("b", .null)]).encoded(pretty: pretty)
      XCTAssertEqual(String(decoding: Array(pieces.all.joined()), as: UTF8.self), String(decoding: expected, as: UTF8.self))
    }
  }
}
