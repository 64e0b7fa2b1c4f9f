import XCTest
import ZappLayout

@testable import ZappWriters

/// The preview fades a sideways row that reaches past the screen: by count when its items share one
/// size, by their widths when its cell styles size them apart.
final class PreviewRowOverflowTests: XCTestCase {
  /// A 375 pt row of insets 10 and spacing 10: SMALL of 4 columns (81.25 wide), then WIDE of 1 (355).
  static func row(_ styles: [(String, Int, Double)]) -> SectionLayout {
    let cells = styles.map { CellLayout(style: $0.0, columns: $0.1, item: ItemSize(width: $0.2, height: 50)) }
    return SectionLayout(
      kind: .horizontal, columns: styles[0].1, item: cells[0].item, insets: Insets(top: 0, left: 10, bottom: 0, right: 10),
      interItemSpacing: 10, lineSpacing: 10, cells: cells.count > 1 ? cells : nil)
  }

  func testARowOverflowsWhenItsItemsAreWiderTogetherThanTheScreen() {
    let mixed = Self.row([("SMALL", 4, 81.25), ("WIDE", 1, 355)])
    XCTAssertFalse(PreviewRenderer.rowOverflows(1, mixed))
    XCTAssertTrue(PreviewRenderer.rowOverflows(2, mixed), "81.25 + 10 + 355 is past 355")
    let narrow = Self.row([("SMALL", 4, 81.25), ("SMALLER", 5, 63)])
    XCTAssertFalse(PreviewRenderer.rowOverflows(4, narrow), "81.25 + 3 × (10 + 63) fits")
    XCTAssertTrue(PreviewRenderer.rowOverflows(5, narrow))
    let one = Self.row([("SMALL", 4, 81.25)])
    XCTAssertFalse(PreviewRenderer.rowOverflows(4, one))
    XCTAssertTrue(PreviewRenderer.rowOverflows(5, one))
  }
}
