import Foundation
import XCTest
import ZappLayout

/// A card's shadow and background image in `zlc schema bundle`: the ranges docs/bundle.md gives
/// are held by the schema and the runtime alike.
extension BundleSchemaTests {
  func testACardsShadowAndImageAreHeldAsTheDocsSay() throws {
    let shadows = [
      ##"{"color": "#000", "radius": 0, "offset": {"x": 0, "y": 0}}"##,
      ##"{"color": "#000", "radius": -1, "offset": {"x": 0, "y": 0}}"##,
      ##"{"color": "#000", "radius": 4, "offset": {"x": -10000, "y": 10000}}"##,
      ##"{"color": "#000", "radius": 4, "offset": {"x": 0, "y": 10001}}"##,
      ##"{"color": "#000", "radius": 4}"##,
      ##"{"radius": 4, "offset": {"x": 0, "y": 0}}"##,
    ]
    try assertSchemaAgrees(
      shadows.map { #"{"background_image": "https://example.com/a.png", "shadow": \#($0)}"# },
      accepted: [true, false, true, false, false, true], definition: "card_style"
    ) {
      _ = try CardStyle.decode($0, path: "", layouts: .empty)
    }
  }
}
