// The field tables of a section's layout per device and of its geometry for any width.

extension SectionLayout: BundleObject {
  public static let schemaName = "layout"
  public static let summary = "The section on one device; lengths in points."
  public static let fields: [BundleField<Self>] = [
    .required("kind", \.kind, .word("The layout kind"), "`flow`, `linear`, `horizontal`, `paged`, `one_and_n`, `waterfall` or `sticky`"),
    .required(
      "columns", \.columns, .columns,
      "items per row: the family's `columns`, or the responsive count, or 1 (`one_and_n`: 1 + the small items)"),
    .required("item", \.item, .object, "the item's size (`one_and_n`: the large slot's)"),
    .required("insets", \.insets, .object, "the section's insets"),
    .required("inter_item_spacing", \.interItemSpacing, .length, "the spacing between items in a row"),
    .required("line_spacing", \.lineSpacing, .length, "the spacing between lines"),
    .optional(
      "scroll_direction", \.scrollDirection, .word("The direction the section scrolls in"), "`horizontal` for `horizontal` and `paged`"),
    .optional("large", \.large, .object, "`one_and_n`: the frame of the large slot"),
    .optional("small", \.small, .array(.object), "`one_and_n`: the frames of the N small ones"),
    .optional("column_width", \.columnWidth, .number, "`waterfall`: the width of each column"),
    .optional("pinned", \.pinned, .bool, "`sticky`: true"),
    .optional(
      "cells", \.cells, .array(.object),
      "when a component lists more than one cell style, or its cells hold elements: each style's size and elements, in the order of `cell_styles`"
    ),
    .optional(
      "header_height", \.headerHeight, .number,
      "the header's height, when the section has a header style that gives one on this device and the platform's client shows it (else the client sizes the header)"
    ),
    .optional(
      "footer_height", \.footerHeight, .number,
      "the footer's height, when the section has a footer style that gives one on this device and the platform's client shows it (else the client sizes the footer)"
    ),
  ]
  public static var blank: Self {
    SectionLayout(
      kind: .flow, columns: 0, item: ItemSize(width: 0, height: nil), insets: Insets(top: 0, left: 0, bottom: 0, right: 0),
      interItemSpacing: 0, lineSpacing: 0)
  }
}

extension ItemSize: BundleObject {
  public static let schemaName = "item"
  public static let summary = "An item's size."
  public static let fields: [BundleField<Self>] = [
    .required("width", \.width, .number, "the width"),
    .optional("height", \.height, .number, "the height; absent for `waterfall`, where the content decides"),
  ]
  public static var blank: Self { ItemSize(width: 0, height: nil) }
}

extension Insets: BundleObject {
  public static let schemaName = "insets"
  public static let summary = "A section's insets."
  public static let fields: [BundleField<Self>] = [
    .required("top", \.top, .length, "above the first line"), .required("left", \.left, .length, "before the first item"),
    .required("bottom", \.bottom, .length, "below the last line"), .required("right", \.right, .length, "after the last item"),
  ]
  public static var blank: Self { Insets(top: 0, left: 0, bottom: 0, right: 0) }
}

extension Frame: BundleObject {
  public static let schemaName = "frame"
  public static let summary = "A frame in the section."
  public static let fields: [BundleField<Self>] = [
    .required("x", \.x, .number, "from the section's left edge"), .required("y", \.y, .number, "from the section's top edge"),
    .required("width", \.width, .number, "the width"), .required("height", \.height, .number, "the height"),
  ]
  public static var blank: Self { Frame(x: 0, y: 0, width: 0, height: 0) }
}

extension CellLayout: BundleObject {
  public static let schemaName = "cell"
  public static let summary = "One cell style's size."
  public static let fields: [BundleField<Self>] = [
    .required("style", \.style, .string, "the cell style"),
    .required("columns", \.columns, .columns, "its items per row"),
    .required("item", \.item, .object, "its item's size"),
    .optional(
      "elements", \.elements, .array(.object),
      "when the style's cells hold elements: each element's frames in an item of this width, in order"),
  ]
  public static var blank: Self { CellLayout(style: "", columns: 0, item: ItemSize(width: 0, height: nil)) }
}

// MARK: Geometry for any width

extension SectionGeometry: BundleObject {
  public static let schemaName = "geometry"
  public static let summary = "A section's geometry for any window width."
  public static let fields: [BundleField<Self>] = [
    .required("kind", \.kind, .word("The layout kind"), "the layout kind"),
    .optional(
      "responsive", \.responsive, .object,
      "the family's responsive rule, when it has one, with the component's own `scale` in place of the rule's when it gives one"),
    .required("styles", \.styles, .array(.object), "one per cell style (the first gives `layout`, all give `cells`)"),
    .unlessEmpty(
      "header_height", \.headerHeights,
      heightsByClass,
      "device class → the header's height, when the section has a header style that gives one there and the platform's client shows it"),
    .unlessEmpty(
      "header_height_variants", \.headerVariants, .array(.object),
      "the header's height in windows of a size class or state (or both) for which the family gives one; absent when it gives none"),
    .unlessEmpty(
      "footer_height", \.footerHeights,
      heightsByClass,
      "device class → the footer's height, when the section has a footer style that gives one there and the platform's client shows it"),
    .unlessEmpty(
      "footer_height_variants", \.footerVariants, .array(.object),
      "the footer's height in windows of a size class or state (or both) for which the family gives one; absent when it gives none"),
  ]
  public static var blank: Self { SectionGeometry(kind: .flow, responsive: nil, styles: []) }

  /// A header's or footer's height per device class: device class → height.
  static let heightsByClass: BundleCodec<[(DeviceClass, Double)]> = .map(
    .metric(Metrics.heightName), name: "device class", key: { $0.0.rawValue }, value: { $0.1 },
    make: { word, height in DeviceClass(rawValue: word).map { ($0, height) } })
}

extension SectionGeometry.HeaderVariant: BundleObject {
  public static let schemaName = "header_variant"
  public static let summary = "A header's or footer's height in windows of one size class or state."
  public static let fields: [BundleField<Self>] = [
    .required("class", \.screen.deviceClass, .deviceClass, "the device class"),
    .optional("size_class", \.screen.sizeClass, .string, "the size class, when the entry is for one"),
    .optional("state", \.screen.state, .word("The window state"), "the window state, when the entry is for one"),
    .required("height", \.height, .metric(Metrics.heightName), "the header's or footer's height there"),
  ]
  public static var blank: Self { Self(screen: ScreenKey(deviceClass: .phone, sizeClass: nil, state: nil), height: 0) }
}

extension ResponsiveRule: BundleObject {
  public static let schemaName = "responsive"
  public static let summary = "The family's responsive rule ([responsive.md](responsive.md))."
  public static let fields: [BundleField<Self>] = [
    .required("standard_width", \.standardWidth, .metric("standardWidth"), "S: the width at which the phone's columns hold"),
    .required("scale", \.scale, .metric(Metrics.scaleName), "k: how fast columns grow with the width"),
  ]
  public static var blank: Self { ResponsiveRule(standardWidth: 0, scale: 0) }
}

extension StyleGeometry: BundleObject {
  public static let schemaName = "style_geometry"
  public static let summary = "One cell style's metrics per device class."
  public static let fields: [BundleField<Self>] = [
    .nullable("style", \.style, .string, "the cell style, or null"),
    .required("phone_columns", \.phoneColumns, .count, "n₀: the columns on a phone"),
    .alwaysWritten(
      "classes", \.classes,
      .map(
        .object, name: "device class", key: { $0.deviceClass.rawValue }, value: { $0 },
        make: { word, metrics in
          DeviceClass(rawValue: word).map { deviceClass in
            var metrics = metrics
            metrics.deviceClass = deviceClass
            return metrics
          }
        }),
      "`phone` and `tablet` → the metrics in effect there"),
    .unlessEmpty(
      "elements", \.elements, .array(.object),
      "the elements of the style's cells, in order, when it has any: what `ElementLayout.frames` reads to place them in an item of any width"
    ),
    .make(
      "element_layout", .optional, .word("How a card places its elements"),
      "how `ElementLayout.frames` places the elements (the family cell's `layout`): `linear`, `one_and_n` or `waterfall`; absent for `flow`",
      path: \Self.elementLayout, get: { $0.elements.isEmpty || $0.elementLayout == .flow ? nil : $0.elementLayout },
      set: { $0.elementLayout = $1 }),
    .unlessEmpty(
      "variants", \.variants, .array(.object),
      "the metrics in windows of a size class or state (or both), where the family's values for them change what the device class gives; absent when there are none"
    ),
  ]
  public static var blank: Self { StyleGeometry(style: nil, phoneColumns: 0, classes: []) }
}

extension StyleGeometry.Variant: BundleObject {
  public static let schemaName = "style_variant"
  public static let summary = "A style's metrics in windows of one size class or state on a device class."
  public static let fields: [BundleField<Self>] = [
    .required("class", \.screen.deviceClass, .deviceClass, "the device class"),
    .optional("size_class", \.screen.sizeClass, .string, "the size class, when the entry is for one"),
    .optional("state", \.screen.state, .word("The window state"), "the window state, when the entry is for one"),
    .required("metrics", \.metrics, .object, "the family values in effect there"),
    .required(
      "sets_columns", \.setsColumns, .bool,
      "true when the component, named layout or cell sets `columns` for that class, size class or state itself"),
  ]
  public static var blank: Self {
    Self(screen: ScreenKey(deviceClass: .phone, sizeClass: nil, state: nil), metrics: Metrics(), setsColumns: false)
  }
}

extension StyleGeometry.ClassMetrics: BundleObject {
  public static let schemaName = "class_metrics"
  public static let summary = "The metrics in effect on a device class."
  public static let fields: [BundleField<Self>] = [
    .required("metrics", \.metrics, .object, "the family values in effect on that class"),
    .required(
      "sets_columns", \.setsColumns, .bool,
      "true when the component, named layout or cell sets `columns` for that class itself (the responsive rule is off there)"),
  ]
  public static var blank: Self { Self(deviceClass: .phone, metrics: Metrics(), setsColumns: false) }
}

extension Metrics: BundleObject {
  public static let schemaName = "metrics"
  public static let summary =
    "The family values the arithmetic reads, and the spacing inside a cell that renderers read, each only when set, exactly as the family gives them (not rounded)."
  public static let fields: [BundleField<Self>] = [
    .optional("inset_top", \.insetTop, .metric("insetTop"), "the top inset"),
    .optional("inset_left", \.insetLeft, .metric("insetLeft"), "the left inset"),
    .optional("inset_bottom", \.insetBottom, .metric("insetBottom"), "the bottom inset"),
    .optional("inset_right", \.insetRight, .metric("insetRight"), "the right inset"),
    .optional("inter_item_spacing", \.interItemSpacing, .metric("interItemSpacing"), "the spacing between items"),
    .optional("line_spacing", \.lineSpacing, .metric("lineSpacing"), "the spacing between lines"),
    .optional(
      "aspect_cell_ratio", \.aspectCellRatio, .metric("aspectCellRatio"), "the item's width ÷ height: the height is the width divided by it"
    ),
    .optional(
      "cell_width", \.cellWidth, .metric("cellWidth"),
      "with `cell_height`, the item's shape, not a length: the height is the width × `cell_height` ÷ `cell_width`"),
    .optional(
      "cell_height", \.cellHeight, .metric("cellHeight"),
      "with `cell_width`, the item's shape; alone, the item's height in points (the shape is one value: the family level that sets any of the three sets it whole)"
    ),
    .optional("width_ratio", \.widthRatio, .metric("widthRatio"), "the item's share of the content width"),
    .optional("columns", \.columns, .count, "the columns"), .optional("small_items", \.smallItems, .count, "`one_and_n`: the small items"),
    .optional("responsive", \.responsive, .bool, "whether the responsive rule applies"),
    .optional(
      "inner_spacing", \.innerSpacing, .metric("innerSpacing"),
      "the spacing inside a cell (Android's `innerSpacing`), for the renderer; the arithmetic does not read it"),
  ]
  public static var blank: Self { Metrics() }
}
