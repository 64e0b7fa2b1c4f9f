import Foundation
import XCTest

@testable import ZappLayout

/// A card's background image and shadow at run time: read from card JSON, written to and read
/// from the bundle, and set by a feed item's own style.
extension ItemProcessingTests {
  /// A section whose CARD style has a white background and a shadow colour.
  func shadowedSection() -> ResolvedSection {
    var s = ResolvedSection(
      section: 0, component: [0], componentType: "grid", family: nil, cellStyles: ["CARD"], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .senderChild, child: 0), layout: [])
    s.cardStyle = CardStyle(backgroundColor: "#ffffff", shadow: CardShadow(color: "#33000000"))
    return s
  }

  /// An item's own image, radius and offset go over the family's; its own colour replaces the
  /// family's.
  func testAnItemsOwnShadowAndImageGoOverTheFamilys() {
    let item = entry(
      "card", "card",
      style: .object([
        ("backgroundImage", .string("https://example.com/i.png")), ("shadowRadius", .string("8")),
        ("shadowOffset", .object([("y", .int(3))])),
      ]))
    let shown = shadowedSection().shownEntries([(item, 0)], sizeClass: nil, layout: nil)
    XCTAssertEqual(
      shown.first?.cardStyle,
      CardStyle(
        backgroundColor: "#ffffff", backgroundImage: "https://example.com/i.png",
        shadow: CardShadow(color: "#33000000", radius: 8, offset: ShadowOffset(x: 0, y: 3))))
    let recoloured = entry("card", "card", style: .object([("shadowColor", .string("#f00"))]))
    XCTAssertEqual(
      shadowedSection().shownEntries([(recoloured, 0)], sizeClass: nil, layout: nil).first?.cardStyle?.shadow, CardShadow(color: "#f00"))
  }

  /// An item's image that is no absolute http or https URL, a colour that is none and a radius or
  /// offset out of range are left out; a radius on a card without a shadow colour draws nothing.
  func testAnItemsInvalidShadowAndImageAreLeftOut() {
    let odd = JSON.object([
      ("backgroundImage", .string("javascript:alert(1)")), ("shadowColor", .string("red")), ("shadowRadius", .int(-1)),
      ("shadowOffset", .array([.int(1), .int(2), .int(3)])),
    ])
    let shown = shadowedSection().shownEntries([(entry("card", "card", style: odd), 0)], sizeClass: nil, layout: nil)
    XCTAssertEqual(shown.first?.cardStyle, shadowedSection().cardStyle)
    var plain = shadowedSection()
    plain.cardStyle = CardStyle(backgroundColor: "#ffffff")
    let radius = entry("card", "card", style: .object([("shadowRadius", .int(4)), ("shadowOffset", .array([.int(1), .int(1)]))]))
    XCTAssertEqual(
      plain.shownEntries([(radius, 0)], sizeClass: nil, layout: nil).first?.cardStyle, CardStyle(backgroundColor: "#ffffff"),
      "no shadow without a colour")
  }

  /// Written as the bundle writes it and read back, a card style with an image and a shadow is the
  /// same; a radius without a colour is written without one, and drawn only once an item gives one.
  func testACardStyleWithAShadowRoundTripsThroughTheBundle() throws {
    let card = CardStyle(
      backgroundColor: "#fff", cornerRadius: 4, margin: Insets(top: 0, left: 0, bottom: 10, right: 0),
      backgroundImage: "https://example.com/c.png", shadow: CardShadow(color: "#80000000", radius: 2.5, offset: ShadowOffset(x: -1, y: 2)))
    let json = card.json
    XCTAssertEqual(json["shadow"]?["offset"]?["x"]?.doubleValue, -1)
    XCTAssertEqual(json["background_image"]?.stringValue, "https://example.com/c.png")
    XCTAssertEqual(try CardStyle.decode(json, path: "", layouts: .empty), card)
    var radiusAlone = CardStyle(backgroundColor: "#fff")
    radiusAlone.shadowRadius = 3
    XCTAssertEqual(radiusAlone.json["shadow"], .object([("radius", .int(3)), ("offset", .object([("x", .int(0)), ("y", .int(0))]))]))
    XCTAssertEqual(try CardStyle.decode(radiusAlone.json, path: "", layouts: .empty), radiusAlone)
    XCTAssertEqual(radiusAlone.drawn, CardStyle(backgroundColor: "#fff"))
    // Card JSON (a family cell's `style`) reads to the same style.
    let written = JSON.object([
      ("backgroundColor", .string("#fff")), ("cornerRadius", .int(4)), ("margin", .object([("bottom", .int(10))])),
      ("backgroundImage", .string("https://example.com/c.png")), ("shadowColor", .string("#80000000")),
      ("shadowRadius", .string("2.5")), ("shadowOffset", .array([.int(-1), .int(2)])),
    ])
    XCTAssertEqual(CardStyle(json: written), card)
  }
}

/// `CardStyle`'s `Codable` speaks the bundle's keys.
extension ItemProcessingTests {
  /// A bundle's `card_style` decoded with `JSONDecoder` is the style the runtime's decode reads, and
  /// a `JSONEncoder`'s is read back by it; a shadow without a colour keeps its radius and offset.
  func testACardStyleDecodesWithJSONDecoderFromTheBundlesKeys() throws {
    var radiusAlone = CardStyle(backgroundColor: "#fff")
    (radiusAlone.shadowRadius, radiusAlone.shadowOffset) = (3, ShadowOffset(x: 1, y: 1))
    let styles = [
      CardStyle(
        backgroundColor: "#fff", cornerRadius: 4, margin: Insets(top: 0, left: 0, bottom: 10, right: 0),
        backgroundImage: "https://example.com/c.png", shadow: CardShadow(color: "#80000000", radius: 2.5, offset: ShadowOffset(x: -1, y: 2))
      ),
      radiusAlone,
    ]
    for card in styles {
      let decoded = try JSONDecoder().decode(CardStyle.self, from: Data(card.json.encoded()))
      XCTAssertEqual(decoded, card)
      XCTAssertFalse(decoded.isEmpty)
      let encoded = try JSON.parse(JSONEncoder().encode(card))
      XCTAssertEqual(try CardStyle.decode(encoded, path: "", layouts: .empty), card)
      XCTAssertNotNil(encoded["background_color"])
    }
  }

  /// A card's colours are read as zlc writes them (`#RGB`, `#RRGGBB`, `#AARRGGBB`); another (a
  /// word, CSS's `rgb()`, a digit short) is refused at its path, as no client could draw it.
  func testACardColourZlcNeverWritesIsRefusedWhenRead() throws {
    for written in ["#fff", "#FFFFFF", "#80000000"] {
      let card = try CardStyle.decode(
        JSON.parse(
          Array(#"{"background_color": "\#(written)", "shadow": {"color": "\#(written)", "radius": 0, "offset": {"x": 0, "y": 0}}}"#.utf8)),
        path: "card_style", layouts: .empty)
      XCTAssertEqual(card.backgroundColor, written)
      XCTAssertEqual(card.shadow?.color, written)
    }
    for written in ["white", "rgb(0,0,0)", "#fffff", "fff", "#ggg", ""] {
      XCTAssertThrowsError(
        try CardStyle.decode(JSON.parse(Array(#"{"background_color": "\#(written)"}"#.utf8)), path: "card_style", layouts: .empty)
      ) { error in
        XCTAssertEqual(
          error as? BundleDecodingError,
          BundleDecodingError(path: "card_style.background_color", message: "expected a colour: #RGB, #RRGGBB or #AARRGGBB"), written)
      }
      XCTAssertThrowsError(
        try CardStyle.decode(
          JSON.parse(Array(#"{"shadow": {"color": "\#(written)", "radius": 0, "offset": {"x": 0, "y": 0}}}"#.utf8)), path: "card_style",
          layouts: .empty)
      ) { error in
        XCTAssertEqual((error as? BundleDecodingError)?.path, "card_style.shadow.color", written)
      }
    }
  }
}
