import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappModel
@testable import ZappReaders

/// The compiler's feed reader (which locates problems) and the runtime's decoder (which a device
/// runs) read a feed into the same entries.
final class FeedReadingTests: XCTestCase {
  /// Numeric ids read as the runtime reads them (`1e2` is "100", `-0` is "0"), and a source URL's
  /// fragment is no part of its `type=` parameter. Both read `content.type`, and a `type` that is
  /// not a string leaves the content's `src`.
  func testTheCompilersReaderAndTheRuntimesDecoderAgree() throws {
    let json = #"""
      {"id": "s", "entry": [{"id": 1e2, "type": {"value": "video"}}, {"id": -0}, {"id": 12345678901234567890123}, {"id": 9007199254740993},
        {"id": 4.0}, {"id": 1e18},
        {"id": 7, "content": {"src": "x://y?a=1&type=APPLICASTER_COLLECTION#top", "type": "video/hls"}}, {"id": 8, "link": {"href": "x://z#type=A"}},
        {"id": 9, "content": {"src": "x://w", "type": 3}}]}
      """#
    let runtime = try FeedEntry.decode(Data(json.utf8))
    let compiler = try XCTUnwrap(FeedReader.read(SourceFile(path: "f.json", text: json)).feed)
    XCTAssertEqual(compiler, runtime)
    XCTAssertEqual(
      runtime.entries?.map(\.id), ["100", "0", "1.2345678901234568e+22", "9007199254740993", "4", "1000000000000000000", "7", "8", "9"])
    XCTAssertEqual(runtime.entries?[6].dataType, "APPLICASTER_COLLECTION")
    XCTAssertNil(runtime.entries?[7].dataType)
    XCTAssertEqual(runtime.entries?.map(\.contentType), [nil, nil, nil, nil, nil, nil, "video/hls", nil, nil])
    XCTAssertEqual(runtime.entries?[8].contentSource, "x://w")
    let encoded = try FeedEntry.decode(JSONEncoder().encode(runtime))
    XCTAssertEqual(encoded, runtime, "content.type survives encoding")
  }

  /// A number id is its digits when its value is a whole number `Int` holds, however it is
  /// written (`9007199254740993.0`, `12345678901234567890e-1`), and else the `Double` it is, as a
  /// `Double` prints past 2^53 (`123456789012345678.9`, 2^63 + 1 below zero): never a fraction's
  /// digits cut off, never a wrapped number. Both read every literal alike, random ones too.
  func testNumberIdsAreReadAlikeAndExactly() throws {
    let written: [(literal: String, id: String?)] = [
      ("9007199254740993.0", "9007199254740993"), ("-9223372036854775809", "-9.223372036854776e+18"),
      ("123456789012345678.9", "1.2345678901234568e+17"), ("12345678901234567890e-1", "1234567890123456789"),
      ("123456789012345678e1", "1234567890123456780"), ("9007199254740993.5", "9.007199254740994e+15"),
      ("-9223372036854775808.0", "-9223372036854775808"), ("9223372036854775808", "9.223372036854776e+18"),
      ("100.0000000000000000001", "100"), ("1.5", "1.5"), ("0.1e1", "1"), ("-0.0", "0"), ("1E+2", "100"),
      ("1e-200", "1e-200"), ("0e-999999", "0"), ("9007199254740993.0000000000000000000000001", "9007199254740993"),
      ("4000000000000000000.00000000000000000001", "4000000000000000000"),
      ("3000000000000000000.00000000000000000001", "3e+18"),
      // Past what a `Decimal` reads (its exponent out of range as it reads the digits): a `Double`.
      ("0." + String(repeating: "0", count: 128) + "1e146", "1e+17"), ("1" + String(repeating: "0", count: 166) + "e-149", "1e+17"),
      ("0." + String(repeating: "0", count: 127) + "1e145", "100000000000000000"),
      // Too small for a `Double` (not zero, but read as zero): no id, as no `Double` holds it.
      ("1e-400", nil), ("2e-324", nil), ("0e-400", "0"),
      // Zeros Foundation reads no `Double` from, but a `Decimal`.
      ("0e9", "0"), ("0.00e5", "0"),
    ]
    // Random literals from a fixed seed, the same in every run.
    var random = ResponsiveTests.SplitMix(state: 0x5EED_F00D)
    var literals = written.map(\.literal)
    for _ in 0..<2_000 {
      let digits = { (n: Int) in String((0..<n).map { _ in "0123456789".randomElement(using: &random)! }) }
      let leading = Int.random(in: 0...9, using: &random)
      let integer = leading == 0 ? "0" : "\(leading)" + digits(Int.random(in: 0...21, using: &random))
      var literal = (Bool.random(using: &random) ? "-" : "") + integer
      if Bool.random(using: &random) { literal += "." + digits(Int.random(in: 1...24, using: &random)) }
      if Bool.random(using: &random) { literal += "e" + String(Int.random(in: -30...30, using: &random)) }
      literals.append(literal)
    }
    let json = "{\"id\": \"s\", \"entry\": [" + literals.map { "{\"id\": \($0)}" }.joined(separator: ", ") + "]}"
    let runtime = try FeedEntry.decode(Data(json.utf8))
    let compiler = try XCTUnwrap(FeedReader.read(SourceFile(path: "f.json", text: json)).feed)
    for (index, literal) in literals.enumerated() {
      XCTAssertEqual(compiler.entries?[index].id, runtime.entries?[index].id, literal)
    }
    XCTAssertEqual(runtime.entries?.prefix(written.count).map(\.id), written.map(\.id))
  }

  /// A `media_group` holding a value of another type (a number for a `src`, a `type` or `key` that
  /// is no string, an item or group that is no object) gives the same image to both: the value
  /// is passed over, not the whole group (a group whose `type` is no string is one of no type,
  /// which holds images).
  func testAnOddMediaGroupGivesBothTheSameImage() throws {
    let json = #"""
      {"id": "s", "entry": [
        {"id": "a", "media_group": [{"type": "image", "media_item": [{"key": "thumb", "src": 5}, {"key": "image_base", "src": "https://x/a.jpg"}]}]},
        {"id": "b", "media_group": [7, {"type": 1, "media_item": [{"key": 2, "src": "https://x/b.jpg"}, "c"]}]},
        {"id": "c", "media_group": [{"type": "image", "media_item": {"key": "image_base", "src": "https://x/c.jpg"}}]},
        {"id": "d", "media_group": [{"type": "video", "media_item": [{"key": "image_base", "src": "https://x/d.mp4"}]}]}]}
      """#
    let runtime = try FeedEntry.decode(Data(json.utf8))
    let compiler = try XCTUnwrap(FeedReader.read(SourceFile(path: "f.json", text: json)).feed)
    XCTAssertEqual(compiler, runtime)
    XCTAssertEqual(runtime.entries?.map(\.imageURL), ["https://x/a.jpg", "https://x/b.jpg", nil, nil])
  }

  /// A server's text may hold any control character JSON escapes (`\f`, `\b`, `\u0000`), as the
  /// device reads it; and a link's `rel` and `type`, which no reader reads, may be of any type.
  /// The project's own files still refuse such an escape as a typo.
  func testAFeedReadsWhatTheDeviceReadsInTextAndLinks() throws {
    let json = #"""
      {"id": "s", "title": "T\f\u0007", "entry": [{"id": "a", "title": "A\b\u0000", "summary": "x\f y\u001b",
        "link": {"href": "x://a", "rel": ["self"], "type": 1}}]}
      """#
    let read = FeedReader.read(SourceFile(path: "f.json", text: json))
    XCTAssertEqual(read.diagnostics.map(\.message), [])
    let runtime = try FeedEntry.decode(Data(json.utf8))
    XCTAssertEqual(read.feed, runtime)
    XCTAssertEqual(runtime.entries?.first?.title, "A\u{8}\u{0}")
    XCTAssertEqual(runtime.entries?.first?.linkHref, "x://a")
    let screen = JSONReader.read(SourceFile(path: "screens/s.json", text: #"{"id": "s", "name": "T\f"}"#))
    XCTAssertEqual(
      screen.diagnostics.map(\.message), ["escaped control character U+000C in a string; only \\t, \\n and \\r are allowed in text"])
  }

  /// A near miss of a key the mapper reads, at any depth, is a warning with the key as its fix;
  /// a key near none of them, which real feeds carry by the dozen, is not; nor is one that the
  /// entry already holds the fix of, which gets a hint.
  func testANearMissOfAKeyTheMapperReadsIsAWarning() throws {
    let marked = Marked(
      #"""
      {"id": "s", "summary": "a", "author": {"name": "n"}, "published": "p", "updated": "u", "extensions": {"free": 1}, "uid": "1", "entry": [
        {"id": "a", ⟦ZL0204⟧"contnet": {"src": "x", "type": "video/hls"}, "content": {}},
        {"id": "b", "content": {⟦ZL0204⟧"scr": "y", "content": "<p>"}, ⟦ZL0204⟧"screen_typ": "movie", "link": {⟦ZL0204⟧"hre": "z", "rel": "self"}},
        {"id": "c", ⟦ZL0204⟧"children": [{"id": "d"}], "type": {⟦ZL0204⟧"valeu": "feed"}, ⟦ZL0204⟧"mediagroup": []},
        {"id": "g", "content": {"src": "w", ⟦ZL0204⟧"tyep": "video/hls"}},
        {"id": "e", "entry": [], "children": [{"id": "f"}], "items": {}, "media_group": [{"type": "image", "media_item": []}]},
        {"id": "h", "entry": null, ⟦ZL0204⟧"items": [{"id": "i"}]}
      ]}
      """#)
    let read = FeedReader.read(SourceFile(path: "f.json", text: marked.text))
    let expected: [(String, String?)] = [
      ("unknown key 'contnet' in feed entry", nil), ("unknown key 'scr' in feed entry content", "src"),
      ("unknown key 'screen_typ' in feed entry", "screen_type"), ("unknown key 'hre' in feed entry link", "href"),
      ("unknown key 'children' in feed entry", "entry"), ("unknown key 'valeu' in feed entry type", "value"),
      ("unknown key 'mediagroup' in feed entry", "media_group"), ("unknown key 'tyep' in feed entry content", "type"),
      // A null `entry` is none: the children under `items` are lost (renamed, the key would be twice).
      ("unknown key 'items' in feed entry", nil),
    ]
    let specs = zip(marked.markers, expected).map { marker, wanted in
      DiagnosticSpec(
        code: "ZL0204", file: "f.json", line: marker.line, column: marker.column, message: wanted.0, fixIt: wanted.1.map { "\"\($0)\"" })
    }
    assertDiagnostics(read.diagnostics, in: "", specs)
    XCTAssertEqual(read.diagnostics.map(\.severity), Array(repeating: .warning, count: 9))
  }

  /// A feed nested more than `FeedEntry.maxDepth` levels, which a device refuses, is refused where
  /// its 101st level opens; one at the limit reads.
  func testAFeedNestedDeeperThanADeviceReadsIsRefused() throws {
    let feed = { (levels: Int) in
      #"{"id": "x", "entry": "# + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}"
    }
    XCTAssertFalse(FeedReader.read(SourceFile(path: "f.json", text: feed(100))).diagnostics.map(\.code).contains("ZL0115"))
    let read = FeedReader.read(SourceFile(path: "f.json", text: feed(101)))
    assertDiagnostics(
      read.diagnostics, in: "",
      [
        DiagnosticSpec(
          code: "ZL0115", file: "f.json", line: 1, column: 121, message: "values are nested more than 100 levels deep")
      ])
  }

  /// An entry's id is a string or a number (the feed schema's `Id`); any other type is an error
  /// at the value, as a wrong type of another field is, and `null` is an absent id.
  func testAnIDThatIsNeitherAStringNorANumberIsAnError() throws {
    let marked = Marked(
      #"""
      {"id": ⟦ZL0202⟧[1], "entry": [{"id": ⟦ZL0202⟧true, "title": "A"}, {"id": ⟦ZL0202⟧{"x": 1}},
        {"id": "c"}, {"id": 4}, {"id": null}, {"entry": [{"id": ⟦ZL0202⟧false}]}]}
      """#)
    let read = FeedReader.read(SourceFile(path: "f.json", text: marked.text))
    let found = ["an array", "a boolean", "an object", "a boolean"]
    let specs = zip(marked.markers, found).map { marker, kind in
      DiagnosticSpec(
        code: "ZL0202", file: "f.json", line: marker.line, column: marker.column,
        message: "'id' must be a string or a number, found \(kind)")
    }
    assertDiagnostics(read.diagnostics, in: "", specs)
    XCTAssertEqual(read.diagnostics.map(\.severity), Array(repeating: .error, count: 4))
  }

  /// Quick Brick reads an entry's screen from `screen_type` or `screenType`: both readers take
  /// `screenType` where `screen_type` is absent or empty, `screen_type` where both are given, and
  /// the compiler's reports no unknown key for it.
  func testScreenTypeIsReadAsQuickBricksSpellingOfScreenType() throws {
    let json = #"""
      {"id": "s", "entry": [{"id": "a", "screenType": "movie"}, {"id": "b", "screen_type": "season", "screenType": "movie"},
        {"id": "c", "screen_type": "", "screenType": "movie"}, {"id": "d", "screen_type": "season"}, {"id": "e"}]}
      """#
    let runtime = try FeedEntry.decode(Data(json.utf8))
    let read = FeedReader.read(SourceFile(path: "f.json", text: json))
    XCTAssertEqual(read.feed, runtime)
    XCTAssertEqual(runtime.entries?.map(\.screenType), ["movie", "season", "movie", "season", nil])
    XCTAssertEqual(read.diagnostics.map(\.message), [])
  }

  /// A feed read lazily (as `zlc map` reads a sender) gives each child, read when asked for, as
  /// the whole feed read at once gives it, for entries of every field shape; the sender itself is
  /// the same without its `entries`, and so are the diagnostics.
  func testChildrenReadOneByOneAreTheEntriesOfTheWholeFeed() throws {
    let json = #"""
      {"id": "s", "title": "S", "type": {"value": "feed"}, "entry": [
        {"id": 1e2, "title": "A", "type": {"value": "video"}, "content": {"src": "x://v?type=B#t", "type": "video/hls"}},
        3, "x", null,
        {"id": "b", "link": {"href": "x://l"}, "screen_type": "", "screenType": "movie", "ui_tag": "t", "style": {"margin": [1, 2]},
          "media_group": [{"type": "thumb", "media_item": [{"src": "t.png"}]}, {"media_item": [{"key": "k", "src": ""}, {"key": "image_base", "src": "i.png"}]}]},
        {"id": true, "title": 5, "content": {"src": "y", "type": 3}, "style": "no", "entry": [{"id": "c", "entry": [{"id": "d"}, 7]}, {}]},
        {}
      ]}
      """#
    let file = SourceFile(path: "f.json", text: json)
    let whole = FeedReader.read(file)
    let lazy = FeedReader.read(file, lazily: true)
    let children = try XCTUnwrap(lazy.children)
    let entries = try XCTUnwrap(whole.feed?.entries)
    XCTAssertEqual(children.count, 4)
    XCTAssertEqual(children.indices.map { children[$0] }, entries)
    // A child's title, read alone, is the one its entry is named by.
    XCTAssertEqual(children.indices.map { children.title(at: $0) }, entries.map { $0.title ?? $0.id ?? "" })
    XCTAssertEqual(children.indices.map { children.title(at: $0) }, ["A", "b", "", ""])
    var sender = try XCTUnwrap(whole.feed)
    sender.entries = nil
    XCTAssertEqual(lazy.feed, sender)
    XCTAssertEqual(lazy.diagnostics.map(\.message), whole.diagnostics.map(\.message))
    XCTAssertEqual(lazy.diagnostics.map { $0.spot?.offset }, whole.diagnostics.map { $0.spot?.offset })
    XCTAssertFalse(lazy.diagnostics.isEmpty)
    XCTAssertEqual(FeedReader.read(SourceFile(path: "f.json", text: #"{"id": "s"}"#), lazily: true).children?.count, 0)
  }
}
