import XCTest
import ZappLayout

/// The card-and-element seed (../shared/seeds/000_*): its first card, elements as the seed writes
/// their `style` (margins as strings, in its order top, left, bottom, right), laid out at 320 and
/// 375 pt with the arithmetic written out.
final class ElementLayoutTests: XCTestCase {
  static let card = #"""
    [
      {"display": "inline", "margin": ["0", "0", "0.75", "0.75"], "width_ratio": 0.5, "width_height_ratio": 2},
      {"display": "inline", "margin": ["0", "0.75", "0.75", "0"], "width_ratio": 0.5, "width_height_ratio": 2},
      {"display": "inline", "margin": ["0.75", "0", "0", "0.75"], "width_ratio": 0.5, "width_height_ratio": 2},
      {"display": "inline", "margin": ["0.75", "0.75", "0", "0"], "width_ratio": 0.5, "width_height_ratio": 2},
      {"display": "block", "margin": ["0.75", "0", "0", "0"], "width_height_ratio": 4.57},
      {"display": "inline", "margin": ["0.75", "0", "0", "0.75"], "width_ratio": 0.7, "width_height_ratio": 1.6},
      {"display": "inline", "margin": {"top": 0.75, "left": 0.75}, "width_ratio": 0.3, "width_height_ratio": 0.685}
    ]
    """#

  func frames(width: Double) throws -> [ElementFrame] {
    let styles = try XCTUnwrap(try JSON.parse(Data(Self.card.utf8)).arrayValue).map(ElementStyle.init(json:))
    return ElementLayout.frames(for: styles, width: width)
  }

  func f(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }

  func testTheSeedsCardAt320() throws {
    let e = try frames(width: 320)
    // Four banners of ratio 0.5, shape 2: boxes 320 × 0.5 = 160 wide, 160 / 2 = 80 high, two per
    // line. The margins on the inner sides leave a 0.75 + 0.75 = 1.5 pt gutter: each image is
    // 160 − 0.75 = 159.25 wide and 80 − 0.75 = 79.25 high.
    XCTAssertEqual(e[0].box, f(0, 0, 160, 80))
    XCTAssertEqual(e[0].content, f(0, 0, 159.25, 79.25))
    XCTAssertEqual(e[1].content, f(160.75, 0, 159.25, 79.25))
    XCTAssertEqual(e[2].content, f(0, 80.75, 159.25, 79.25))
    XCTAssertEqual(e[3].content, f(160.75, 80.75, 159.25, 79.25))
    // The block banner takes the whole width below them: 320 / 4.57 = 70.0219 high at y 160; its
    // image starts 0.75 lower: 69.27 high.
    XCTAssertEqual(e[4].box, f(0, 160, 320, 70.02))
    XCTAssertEqual(e[4].content, f(0, 160.75, 320, 69.27))
    // The 0.7 / 0.3 pair shares the next line (y 160 + 70.0219 = 230.02): 320 × 0.7 = 224 wide,
    // 224 / 1.6 = 140 high; 320 × 0.3 = 96 wide at x 224, 96 / 0.685 = 140.146 high.
    XCTAssertEqual(e[5].box, f(0, 230.02, 224, 140))
    XCTAssertEqual(e[5].content, f(0, 230.77, 223.25, 139.25))
    XCTAssertEqual(e[6].box, f(224, 230.02, 96, 140.15))
    XCTAssertEqual(e[6].content, f(224.75, 230.77, 95.25, 139.4))
  }

  func testTheSeedsCardAt375() throws {
    let e = try frames(width: 375)
    // Banners: 375 × 0.5 = 187.5 wide, 187.5 / 2 = 93.75 high; images 186.75 × 93.
    XCTAssertEqual(e[0].box, f(0, 0, 187.5, 93.75))
    XCTAssertEqual(e[1].content, f(188.25, 0, 186.75, 93))
    XCTAssertEqual(e[3].content, f(188.25, 94.5, 186.75, 93))
    // Block: 375 / 4.57 = 82.0569 high at y 187.5.
    XCTAssertEqual(e[4].box, f(0, 187.5, 375, 82.06))
    // Pair at y 187.5 + 82.0569 = 269.5569: 375 × 0.7 = 262.5 wide, 262.5 / 1.6 = 164.0625 high;
    // 375 × 0.3 = 112.5 wide at x 262.5, 112.5 / 0.685 = 164.2336 high.
    XCTAssertEqual(e[5].box, f(0, 269.56, 262.5, 164.06))
    XCTAssertEqual(e[6].box, f(262.5, 269.56, 112.5, 164.23))
    XCTAssertEqual(e[6].content, f(263.25, 270.31, 111.75, 163.48))
  }

  func testAnInlineElementThatDoesNotFitStartsANewLine() {
    let wide = ElementStyle(widthRatio: 0.6, widthHeightRatio: 1)
    let e = ElementLayout.frames(for: [wide, wide], width: 100)
    XCTAssertEqual(e[1].box, f(0, 60, 60, 60))
  }

  /// The card's elements of `width_ratio` and `width_height_ratio` pairs (nil: none).
  func elements(_ pairs: [(Double?, Double)]) -> [ElementStyle] {
    pairs.map { ElementStyle(widthRatio: $0.0, widthHeightRatio: $0.1) }
  }

  func testLinearStacksFullWidthLines() {
    // Ratios and display are not read: each box is 320 wide, 320 / 2 = 160 then 320 / 4 = 80 high.
    var styles = elements([(0.5, 2), (nil, 4)])
    styles[0].margin = Insets(top: 1, left: 2, bottom: 3, right: 4)
    let e = ElementLayout.frames(for: styles, width: 320, kind: .linear)
    XCTAssertEqual(e.map(\.box), [f(0, 0, 320, 160), f(0, 160, 320, 80)])
    XCTAssertEqual(e[0].content, f(2, 1, 314, 156))
  }

  /// Margins that take more than the box leave an empty content inside it, at its far edges,
  /// not beyond the box (and the card).
  func testMarginsWiderThanTheBoxLeaveAnEmptyContentInIt() {
    var styles = elements([(0.5, 1), (0.5, 1)])
    styles[1].margin = Insets(top: 300, left: 500, bottom: 0, right: 500)
    let e = ElementLayout.frames(for: styles, width: 320, kind: .flow)
    XCTAssertEqual(e[1].box, f(160, 0, 160, 160))
    XCTAssertEqual(e[1].content, f(320, 160, 0, 0))
  }

  func testOneAndNPutsTheFirstOnTheLeftAndStacksTheOthersOnItsRight() {
    // The first: 320 × 0.5 = 160 wide, 160 / 1 = 160 high. The others 160 wide, 160 / 2 = 80 high,
    // one below the other at x 160.
    let e = ElementLayout.frames(for: elements([(0.5, 1), (0.5, 2), (0.5, 2)]), width: 320, kind: .oneAndN)
    XCTAssertEqual(e.map(\.box), [f(0, 0, 160, 160), f(160, 0, 160, 80), f(160, 80, 160, 80)])
    // Without a ratio, an element on the right takes the width left: 320 − 128 = 192, 192 / 2 = 96
    // high; with one, its own share: 320 × 0.3 = 96 wide, 96 / 2 = 48 high.
    let rest = ElementLayout.frames(for: elements([(0.4, 1), (nil, 2), (0.3, 2)]), width: 320, kind: .oneAndN)
    XCTAssertEqual(rest.map(\.box), [f(0, 0, 128, 128), f(128, 0, 192, 96), f(128, 96, 96, 48)])
  }

  func testOneAndNGivesAFirstElementWithoutARatioHalfTheWidth() {
    // As a one_and_n section's large item: 320 × 0.5 = 160 wide, 160 / 1 = 160 high on the left;
    // the others take the width left, 160, and are 160 / 2 = 80 high, one below the other.
    let e = ElementLayout.frames(for: elements([(nil, 1), (nil, 2), (nil, 2)]), width: 320, kind: .oneAndN)
    XCTAssertEqual(e.map(\.box), [f(0, 0, 160, 160), f(160, 0, 160, 80), f(160, 80, 160, 80)])
  }

  func testWaterfallPutsEachElementInTheShortestColumn() {
    // 1 / 0.5 = 2 columns of 160: the square (160 high) on the left, the first banner (80 high) on
    // the right, the second under it (the right column is shorter), then the tall one on the left
    // (both 160 high: the leftmost), 160 / 0.5 = 320 high.
    let e = ElementLayout.frames(for: elements([(0.5, 1), (0.5, 2), (0.5, 2), (0.5, 0.5)]), width: 320, kind: .waterfall)
    XCTAssertEqual(e.map(\.box), [f(0, 0, 160, 160), f(160, 0, 160, 80), f(160, 80, 160, 80), f(0, 160, 160, 320)])
    // 1 / 0.3 = 3.33: 3 columns of 100; without a ratio, 2 columns.
    XCTAssertEqual(
      ElementLayout.frames(for: elements([(0.3, 1), (nil, 1), (nil, 1), (nil, 1)]), width: 300, kind: .waterfall).map(\.box),
      [f(0, 0, 100, 100), f(100, 0, 100, 100), f(200, 0, 100, 100), f(0, 100, 100, 100)])
    XCTAssertEqual(
      ElementLayout.frames(for: elements([(nil, 1), (nil, 2), (nil, 2)]), width: 300, kind: .waterfall).map(\.box),
      [f(0, 0, 150, 150), f(150, 0, 150, 75), f(150, 75, 150, 75)])
  }

  func testFlowIsTheDefaultAndAnUnknownKindFlows() throws {
    let styles = try XCTUnwrap(try JSON.parse(Data(Self.card.utf8)).arrayValue).map(ElementStyle.init(json:))
    let flow = ElementLayout.frames(for: styles, width: 320)
    XCTAssertEqual(ElementLayout.frames(for: styles, width: 320, kind: .flow), flow)
    XCTAssertEqual(ElementLayout.frames(for: styles, width: 320, kind: ElementLayoutKind(word: "grid")), flow)
  }

  func testACardsLayoutIsReadByCodeOrWord() {
    let read = ["1", "2", " 3 ", "4", "3.0", "flow", "linear", "one_and_n", "waterfall"].map { ElementLayoutKind(cardLayout: $0) }
    XCTAssertEqual(read, [.flow, .linear, .oneAndN, .waterfall, .oneAndN, .flow, .linear, .oneAndN, .waterfall])
    for other in ["0", "5", "2.5", "grid", "oneAndN", "", "[]", "true"] {
      XCTAssertNil(ElementLayoutKind(cardLayout: other), other)
    }
  }

  /// A family element holding its keys beside a `style` of other keys (a font size) keeps them:
  /// the style's keys go over the entry's, key by key, as a feed item's go over the family's; the
  /// style's other key is the client's, in `attributes`.
  func testAFamilyElementReadsItsOwnKeysUnderItsStyle() throws {
    let entry = try JSON.parse(
      Data(#"{"display": "inline", "width_ratio": 0.5, "width_height_ratio": 2, "style": {"font_size": 12, "width_ratio": 0.25}}"#.utf8))
    let style = ElementStyle(familyElement: entry)
    XCTAssertEqual(
      style, ElementStyle(display: .inline, widthRatio: 0.25, widthHeightRatio: 2, attributes: [("font_size", .number("12"))]))
    XCTAssertEqual(ElementLayout.frames(for: [style], width: 320)[0].box, f(0, 0, 80, 40))
  }
}
