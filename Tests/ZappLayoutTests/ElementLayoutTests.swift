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

  /// A family element holding its keys beside a `style` of other keys (a font size) keeps them:
  /// the style's keys go over the entry's, key by key, as a feed item's go over the family's.
  func testAFamilyElementReadsItsOwnKeysUnderItsStyle() throws {
    let entry = try JSON.parse(
      Data(#"{"display": "inline", "width_ratio": 0.5, "width_height_ratio": 2, "style": {"font_size": 12, "width_ratio": 0.25}}"#.utf8))
    let style = ElementStyle(familyElement: entry)
    XCTAssertEqual(style, ElementStyle(display: .inline, widthRatio: 0.25, widthHeightRatio: 2))
    XCTAssertEqual(ElementLayout.frames(for: [style], width: 320)[0].box, f(0, 0, 80, 40))
  }
}
