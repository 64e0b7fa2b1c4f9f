extension BundleSchema {
  static var deviceClassWord: JSON { .object([("enum", .array(DeviceClass.allCases.map { .string($0.rawValue) }))]) }

  /// The schema of the responsive keys (BundleResponsive.swift).
  static var responsiveDefinitions: [(String, JSON)] {
    [
      (
        "size_class",
        object(
          "A size class: a window width range and the device class it reads.",
          [
            ("name", string, "S, L, XL or the project's own name."), ("min_width", number, "The smallest width, inclusive."),
            ("max_width", number, "The first width past the class; absent for no upper bound."),
            ("class", deviceClassWord, "The family device class a window of this class reads."),
          ], required: ["name", "min_width", "class"])
      ),
      (
        "geometry",
        object(
          "A section's geometry for any window width.",
          [
            ("kind", vocabulary(LayoutKind.self, "The layout kind"), ""),
            (
              "responsive",
              object(
                "The family's responsive rule.", [("standard_width", number, "S"), ("scale", number, "k")],
                required: ["standard_width", "scale"]), ""
            ),
            ("styles", array(ref("style_geometry")), "One per cell style (the first is the section's layout)."),
            ("header_height", map(number), "Device class → the header's height."),
          ], required: ["kind", "styles"])
      ),
      (
        "style_geometry",
        object(
          "One cell style's metrics per device class.",
          [
            ("style", nullableString, "The cell style, or null."),
            ("phone_columns", integer, "n₀: the columns on a phone."),
            (
              "classes",
              map(
                object(
                  "The metrics in effect on a device class.",
                  [
                    ("metrics", ref("metrics"), ""),
                    ("sets_columns", boolean, "The class sets columns itself (the responsive rule is off there)."),
                  ], required: ["metrics", "sets_columns"])), "Device class → metrics."
            ),
          ], required: ["style", "phone_columns", "classes"])
      ),
      (
        "metrics",
        object(
          "The family values the arithmetic reads, each only when set, exactly as the family gives them.",
          Metrics.bundleKeys.map { ($0.0, number, "") } + [
            ("columns", integer, ""), ("small_items", integer, ""), ("responsive", boolean, ""),
          ], required: [])
      ),
      (
        "size_class_mapping",
        object(
          "What the section becomes on one size class.",
          [
            ("size_class", string, "The size class."), ("hide", boolean, "The section is hidden there."),
            ("component_type", string, "The replacement component type."), ("cell_style", string, "Its cell style."),
            ("geometry", ref("geometry"), "The replacement's geometry."),
          ], required: ["size_class"])
      ),
      (
        "drawn",
        object(
          "The section as drawn on one device.",
          [
            ("size_class", nullableString, "The device's size class."), ("hidden", boolean, "Hidden there."),
            ("component_type", string, "The component type drawn."), ("cell_styles", array(string), "Its cell styles."),
          ], required: ["size_class"])
      ),
    ]
  }
}
