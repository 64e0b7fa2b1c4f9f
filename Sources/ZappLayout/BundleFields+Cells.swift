// The field tables of a section's cell styles (`cells`) and of the elements inside a cell.

extension SectionCell: BundleObject {
  public static let schemaName = "section_cell"
  public static let summary = "One cell style of a section and the client renderer that draws it."
  public static let fields: [BundleField<Self>] = [
    .required("cell_style", \.cellStyle, .string, "the cell style"),
    .nullable("layout_id", \.layoutID, .string, "its `layoutId` in the family, or null"),
    .unlessEmpty(
      "cell_attributes", \.cellAttributes, .members,
      "its own attributes in the family, as the section's `cell_attributes` gives the first style's; present when there are any"),
    .optional("display_rules", \.displayRules, .any, "its display rules in the family, passed through as written"),
    .optional(
      "card_style", \.cardStyle, .object,
      "how its cards are drawn: the family cell's `style`, each key the component's `styles` sets in its place (in a `cell_body`'s `cells`, the family cell's `style` alone); absent when neither sets one"
    ),
  ]
  public static var blank: Self { SectionCell(cellStyle: "", layoutID: nil) }
}

extension ElementStyle: BundleObject {
  public static let schemaName = "element_style"
  public static let summary = "How one element of a cell is placed (the family cell's `elements`)."
  public static let fields: [BundleField<Self>] = [
    .required(
      "display", \.display, .display, "`inline` (flows beside the previous inline element) or `block` (a line of its own)"),
    // The ranges the family reader (`ElementStyle(familyElement:)`) keeps: it leaves out any other value.
    .optional(
      "width_ratio", \.widthRatio, .number(in: 0...1, lowerExcluded: true),
      "an inline element's share of the cell's width, above 0 (1 when absent)"),
    .optional(
      "width_height_ratio", \.widthHeightRatio, .number(in: Metrics.ratioRange),
      "the box's width ÷ height (a box without one is 0 high)"),
    .make(
      "margin", .optional, .object, "the space inside the box around the content; absent when there is none",
      get: { $0.margin == .zero ? nil : $0.margin }, set: { $0.margin = $1 }),
    .unlessEmpty(
      "attributes", \.attributes, .members,
      "the element's other keys in the family, the client's own (`type`, `image`, `font_size`), its `style`'s over the entry's, by name, sorted; present when there are any. XML attributes are strings; a JSON family's keep their JSON types"
    ),
  ]
  public static var blank: Self { ElementStyle() }
}

extension ElementFrame: BundleObject {
  public static let schemaName = "element_frame"
  public static let summary = "Where one element of a cell goes, from the cell's top-left corner."
  public static let fields: [BundleField<Self>] = [
    .required("box", \.box, .object, "the element's box"),
    .required("content", \.content, .object, "the box inset by the element's margin: where its content is drawn"),
  ]
  public static var blank: Self { ElementFrame(box: .blank, content: .blank) }
}

extension CardStyle: BundleObject {
  public static let schemaName = "card_style"
  public static let summary =
    "How a card (one cell) is drawn around its elements: background colour and image, corners, margin and shadow."
  public static let fields: [BundleField<Self>] = [
    .optional(
      "background_color", \.backgroundColor, .color,
      "the card's background: `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first), as written"),
    .optional("corner_radius", \.cornerRadius, .number(in: 0...Metrics.maxLength), "the radius of its corners, in points"),
    .optional("margin", \.margin, .object, "the space around the card: top, left, bottom, right"),
    .optional(
      "background_image", \.backgroundImage, .string,
      "the card's background image: an absolute http or https URL, drawn over the background colour and under the elements"),
    .optional(
      "shadow", \.shadow, .object,
      "the card's shadow: present when the style sets a `shadowColor`, `shadowRadius` or `shadowOffset`. A client draws it only when it has a colour, after the feed item's own style (which may give one)"
    ),
  ]
  public static var blank: Self { CardStyle() }
}

extension CardShadow: BundleObject {
  public static let schemaName = "card_shadow"
  public static let summary = "The shadow under a card."
  public static let fields: [BundleField<Self>] = [
    .optional(
      "color", \.color, .color,
      "`#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first), as written: its alpha is the shadow's opacity. Absent when the style sets a radius or offset alone: the shadow is drawn only when a feed item's own style gives a colour"
    ),
    .required("radius", \.radius, .number(in: 0...Metrics.maxLength), "the blur radius, in points (0 when the style sets none)"),
    .required("offset", \.offset, .object, "how far the shadow is moved, in points (0, 0 when the style sets none)"),
  ]
  public static var blank: Self { CardShadow(color: nil) }
}

extension ShadowOffset: BundleObject {
  public static let schemaName = "shadow_offset"
  public static let summary = "How far a card's shadow is moved, in points."
  public static let fields: [BundleField<Self>] = [
    .required("x", \.x, .number(in: -Metrics.maxLength...Metrics.maxLength), "to the right (negative: to the left)"),
    .required("y", \.y, .number(in: -Metrics.maxLength...Metrics.maxLength), "down (negative: up)"),
  ]
  public static var blank: Self { .zero }
}

extension BundleCodec where Value == ElementStyle.Display {
  /// An element's `display`, `inline` or `block`: a reader refuses another word, which zlc never
  /// writes (the family reader takes any other as `inline`).
  static var display: Self {
    let words = [ElementStyle.Display.inline, .block].map(\.rawValue)
    return Self(
      type: words.map { "`\($0)`" }.joined(separator: " or "), schema: .object([("enum", .array(words.map { .string($0) }))]),
      write: { value, w in w.string(value.rawValue) },
      read: { json, path, _ in
        guard let word = json.stringValue, let display = ElementStyle.Display(rawValue: word) else {
          throw expected("`inline` or `block`", at: path)
        }
        return display
      })
  }
}
