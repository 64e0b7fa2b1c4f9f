/// The attributes of the family arithmetic, in one table: the compiler's family reader and the
/// runtime's JSON family reader accept these names, `zlc schema family` describes them, and
/// docs/families.md lists them (a test keeps the page and this table in step).
package enum FamilyVocabulary {
  /// What an attribute holds.
  package enum ValueKind: Sendable {
    case number, wholeNumber, boolean
  }

  /// One attribute of the arithmetic: its name, what it holds and what it means.
  package struct Attribute: Sendable {
    package let name: String
    package let kind: ValueKind
    package let summary: String
  }

  /// Every attribute the family arithmetic reads, in the order docs/families.md lists them. Each
  /// may stand on a family's screens, a component, a named layout, a cell or a header, and on
  /// their per-class screen entries.
  package static let metrics: [Attribute] = [
    Attribute(name: "insetTop", kind: .number, summary: "The section's top inset, in points."),
    Attribute(name: "insetLeft", kind: .number, summary: "The section's left inset, in points."),
    Attribute(name: "insetBottom", kind: .number, summary: "The section's bottom inset, in points."),
    Attribute(name: "insetRight", kind: .number, summary: "The section's right inset, in points."),
    Attribute(name: "interItemSpacing", kind: .number, summary: "The space between two items of a row, in points."),
    Attribute(name: "lineSpacing", kind: .number, summary: "The space between two rows, in points (default: interItemSpacing)."),
    Attribute(name: "padding", kind: .number, summary: "Android: the left and right insets (insetLeft and insetRight win)."),
    Attribute(name: "paddingSide", kind: .number, summary: "Android: the left and right insets; wins over padding."),
    Attribute(name: "paddingTopBottom", kind: .number, summary: "Android: the top and bottom insets (insetTop and insetBottom win)."),
    Attribute(name: "divider", kind: .number, summary: "Android: both spacings (interItemSpacing and lineSpacing win)."),
    Attribute(
      name: "innerSpacing", kind: .number,
      summary:
        "Android: the spacing inside a cell; passed to renderers (`inner_spacing` in the bundle's metrics), not used by the arithmetic."),
    Attribute(name: "columns", kind: .wholeNumber, summary: "Items per row of a flow, horizontal or waterfall layout."),
    Attribute(name: "aspectCellRatio", kind: .number, summary: "An item's width ÷ height: the height is the width divided by it."),
    Attribute(
      name: "cellWidth", kind: .number, summary: "With cellHeight, the item's shape: the height is the width × cellHeight ÷ cellWidth."),
    Attribute(name: "cellHeight", kind: .number, summary: "With cellWidth, the item's shape; alone, a fixed item height in points."),
    Attribute(
      name: "designWidth", kind: .number, summary: "The item width the designer drew (checked against the arithmetic, not used by it)."),
    Attribute(
      name: "designScreenWidth", kind: .number,
      summary: "The screen width designWidth was drawn for (default 320 on phones, 1024 on tablets)."),
    Attribute(
      name: "widthRatio", kind: .number,
      summary:
        "flow: each item's share of the content width (a row holds as many as fit with `interItemSpacing` between them: two halves and a spacing do not fit, so for halves use `columns`); one_and_n: the large slot's share of the content width less the spacing beside it (default 0.5, two equal columns)."
    ),
    Attribute(name: "smallItems", kind: .wholeNumber, summary: "one_and_n: how many small items stand beside the large one (default 2)."),
    Attribute(name: "height", kind: .number, summary: "A header's or footer's height, in points."),
    Attribute(name: "responsive", kind: .boolean, summary: "On a screen entry: the family's responsive column rule applies on that class."),
  ]

  /// The values of a screen entry's `type`: the device class it applies to.
  package static let screenTypes = ["default", "phone", "iphone", "smartphone", "mobile", "sw600", "tablet", "ipad", "universal"]
}
