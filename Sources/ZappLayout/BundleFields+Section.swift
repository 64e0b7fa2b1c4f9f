// The field tables of a section and of its responsive parts: `size_class_mapping` and `drawn`.

extension ResolvedSection: BundleObject {
  public static let schemaName = "section"
  public static let summary = "One leaf component: its cell styles, binding and per-device layout."

  public static let fields: [BundleField<Self>] = [
    BundleField<Self>.required("section", \.section, .index, "the section's index in the screen").derived,
    BundleField<Self>.required(
      "component", \.component, .array(.index),
      "the component's index path in `ui_components`: `[2]`, or `[1, 0]` for the first component of the group at index 1"
    ).derived,
    BundleField<Self>.required("component_type", \.componentType, .string, "the component type, as written").derived,
    BundleField<Self>.optional("component_id", \.componentID, .string, "the component's `id`, as written, when it has one")
      .derived,
    BundleField<Self>.nullable(
      "family", \.family, .string,
      "the family the section is drawn with: in an `ios` bundle the screen's, else the component's (Zapp's native iOS SDK reads the screen's); in any other the component's, else the screen's"
    ).derived,
    BundleField<Self>.alwaysWritten(
      "cell_styles", \.cellStyles, .array(.string),
      "the cell styles: item i of the data is drawn with style min(i, n − 1), so the last one repeats to the end of the data ([below](#cell-styles))"
    ).derived,
    BundleField<Self>.required(
      "renderer", \.renderer, .object, "the client renderer (below); in the compact form, held by the `layouts` entry `layout_ref` names"
    ).interned,
    BundleField<Self>.required("data", \.data, .object, "the binding ([below](#data-binding))").derived,
    BundleField<Self>.nullable(
      "item_limit", \.itemLimit, .positive,
      "`rules.item_limit` (or `data_source_limit`, but for a Quick Brick platform, which reads `item_limit` alone), else its manifest's `initial_value` for it, as a number; the strings builders write (`\"6\"`) are converted. Null when unset."
    ).derived,
    .flag(
      "fill_rows", \.fillRows,
      "true when the component sets it, or leaves it out and its manifest's `initial_value` for it is true; absent otherwise"),
    .unlessEmpty(
      "accepts", \.accepts, .array(.string),
      "the data types the component's manifest accepts (`data_types`). Absent for components that take any type."),
    BundleField<Self>.optional(
      "target", \.target, .string, "`data.target`, else its manifest's `initial_value` for it: the screen a tap opens"
    ).derived,
    BundleField<Self>.alwaysWritten(
      "styles", \.styles, .members,
      "the component's styles. Each manifest field's `initial_value` is filled in first (but `family` and `cell_styles`: a component is drawn with its own or its screen's), then the screen's own values override it. A `switch` or `checkbox` field's value, the screen's or the `initial_value`, written `\"true\"`, `\"false\"`, `1` or `0`, is `true` or `false`; other values are as written."
    ).derived,
    .optional(
      "plugin_values", \.pluginValues, .any,
      "a plugin component's other sections as it reads them: section name (`general`, `rules`, `data`, `assets`, `advertising`; not `localizations`, which holds texts per language) → an object of the component's own values followed by its manifest's `initial_value` for each field the component does not set (as `styles` are filled; the keys above taken from `rules`, such as `item_limit`, stay as they are). `data` holds the plugin's own fields alone: not `source` and `type` (the section's `data`), `target` (above) or `connected`. A section is present when it has a value. Absent for a component without a manifest, whose manifest has no field in those sections (but those `data` keys), or that has no value there"
    ),
    BundleField<Self>.unlessEmpty(
      "cell_attributes", \.cellAttributes, .members,
      "the first cell style's own attributes in the family (those the arithmetic does not use), by name, sorted; present when there are any. XML attributes are strings; a JSON family's keep their JSON types (`\"margin\": [0.75, 0, 0, 0.75]`). In the compact form, held by the `layouts` entry."
    ).interned,
    BundleField<Self>.optional(
      "display_rules", \.displayRules, .any,
      "the first cell style's `<DisplayRules>` (or `displayRules`) in the family, passed through as written: numbers keep their text. In the compact form, held by the `layouts` entry."
    ).interned,
    .optional(
      "card_style", \.cardStyle, .object,
      "how the first cell style's cards are drawn ([below](#card-style)): the family cell's `style`, with each key the component's `styles` sets (`backgroundColor`, `cornerRadius`, `margin`, `backgroundImage`, `shadowColor`, `shadowRadius`, `shadowOffset`) in its place; absent when neither sets one"
    ),
    .unlessEmpty(
      "cells", \.cells, .array(.object),
      "when the component lists more than one cell style: each style, in order, with its renderer. Item i of the data is drawn with style min(i, n − 1): the last style repeats to the end of the data. Each style's size and elements on a device are the same entry of its `layout`'s `cells`."
    ),
    .reference(
      "layout_ref", \.layoutRef,
      "compact form: the id of the entry of `bundle.json`'s `layouts` that holds this section's `renderer`, `cell_attributes`, `display_rules`, `layout` and `geometry`, which the section then leaves out. Absent in the expanded form, and with `layout_absent`."
    ),
    BundleField<Self>.alwaysWritten(
      "layout", \.layout, .map(.object, name: "device", key: { $0.device }, value: { $0.layout }, make: { (device: $0, layout: $1) }),
      "device name → the layout there ([below](#layout-per-device)); in the compact form, held by the `layouts` entry `layout_ref` names"
    ).interned,
    .optional(
      "layout_absent", \.layoutAbsent, .word("Why layout is empty"),
      "present when `layout` is empty, saying why: `not_in_family` (the family has no styles for the component type: a plugin component lays itself out) or `no_family` (neither the component nor its screen names a family). Added in zlc 0.2 within format version 1."
    ),
    BundleField<Self>.optional(
      "geometry", \.geometry, .object,
      "what the runtime needs to lay the section out at any width ([below](#geometry-for-any-width)); absent with `layout_absent`; in the compact form, held by the `layouts` entry"
    ).interned,
    .unlessEmpty(
      "size_class_mapping", \.sizeClassMapping, .array(.object),
      "the component's replacements per size class, in the project's order of size classes, others after them (below). Present when the component has one."
    ),
    .make(
      "drawn", .optional, .map(.object, name: "device", key: { $0.device }, value: { $0.drawn }, make: { (device: $0, drawn: $1) }),
      "device name → the section as drawn there (below). Present with `size_class_mapping`. `layout` then holds the drawn layout, and no entry for a device where the section is hidden.",
      get: { $0.drawn.isEmpty ? nil : $0.drawn },
      set: { section, drawn in
        // What a device's entry leaves out is the section's own: the type and styles where it is
        // hidden, and the layout.
        // One table of the layouts, not a scan of them per device.
        let table = section.layoutIndexByDevice
        section.drawn = drawn.map { device, entry in
          var entry = entry
          if entry.hidden {
            entry.componentType = section.componentType
            entry.cellStyles = section.cellStyles
          }
          entry.layout = section.layout(on: device, through: table)
          return (device, entry)
        }
      }),
    .optional(
      "fallback", \.fallback, .object,
      "what a client lacking one of the section's renderers draws instead (below): the component's `fallback`; present when it has one"),
    .unlessEmpty(
      "item_limit_by_size_class", \.itemLimitBySizeClass,
      .map(.positive, name: "size class", key: { $0.sizeClass }, value: { $0.limit }, make: { (sizeClass: $0, limit: $1) }),
      "`rules.item_limit_by_size_class`, else its manifest's `initial_value` for it: size class → limit there, over `item_limit`; present when set"
    ),
    .unlessEmpty(
      "items_shown", \.itemsShown,
      .map(.positive, name: "device", key: { $0.device }, value: { $0.count }, make: { (device: $0, count: $1) }),
      "device name → how many items a client shows there when the data has at least the limit: the limit on the device's size class, at most the 1 + n slots of a `one_and_n` layout, trimmed to whole rows with `fill_rows` (rows of its columns; in a `flow` section of several cell styles, rows as the styles fill them, [below](#cell-styles)). Present when a limit applies and the section is drawn there, not hidden (root and connected screens alike)."
    ),
    .unlessEmpty(
      "filter_by_size_class", \.filterBySizeClass,
      .map(.object, name: "size class", key: { $0.sizeClass }, value: { $0.filter }, make: { (sizeClass: $0, filter: $1) }),
      "`rules.filter_by_size_class`, else its manifest's `initial_value` for it: size class → the items a client leaves out there ([below](#data-per-size-class)), before the limit; present when set"
    ),
    .unlessEmpty(
      "merge_next_by_size_class", \.mergeNextBySizeClass, .array(.string),
      "`rules.merge_next_by_size_class`, else its manifest's `initial_value` for it: the size classes on which the section also shows the next section's items, after its own, and the next section is not drawn; present when set"
    ),
    .flag(
      "pad_rows", \.padRows,
      "`rules.pad_rows`, else its manifest's `initial_value` for it: true when a client fills the last row to full with placeholder items; absent otherwise"
    ),
    .optional(
      "cell_body", \.cellBody, .object,
      "the component each of the section's cells holds ([below](#cell-body)): a `tab_bar`'s tabs each hold a component of `styles.cell_body_component_type` drawn with `styles.cell_body_styles`; present when the component sets `cell_body_component_type`"
    ),
  ]

  public static var blank: Self {
    ResolvedSection(
      section: 0, component: [], componentType: "", family: nil, cellStyles: [], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .none), layout: [])
  }

  /// A section with `layout_absent` holds its layout in place, so that its keys keep their order.
  public var layoutReference: String? { layoutAbsent == nil ? layoutRef : nil }
  public var derivationBasis: SectionBasis? { basis }

}

extension ResolvedSection {
  /// The keys a section of the expanded form (format_version 1) must hold that `json`, the section
  /// as written, leaves out: a reader of that form derives no key, so each key the compact form
  /// may leave out is written there, always (`section`, `component`, `component_type`, `family`,
  /// `cell_styles`, `data`, `item_limit`, `styles`) or whenever it has a value (`component_id`,
  /// `target`: a value `decoded`, the section as the runtime derived it, holds). In table order.
  package static func keysLeftOutOfExpandedForm(_ json: JSON, decoded: ResolvedSection) -> [String] {
    guard case .object(let members) = json else { return [] }
    return fields.filter { field in
      guard field.isDerived, !members.contains(where: { $0.0 == field.key }) else { return false }
      if field.isAlwaysWritten || field.presence == .nullable { return true }
      var w = JSONWriter(pretty: false)
      w.beginObject()
      field.write(decoded, to: &w)
      w.endObject()
      return w.bytes.count > 2
    }.map(\.key)
  }

  /// The keys a section of the expanded form always holds: those always written, `null` for none
  /// included, with its layout in place.
  static var expandedFormKeys: [String] {
    fields.filter { $0.role != .reference && ($0.isAlwaysWritten || $0.presence == .nullable) }.map(\.key)
  }
}

// The resolver and the interner write sections from another module, where the protocol's generic
// defaults run unspecialized and copy each field of the table through its value witness: these
// entries run the same code specialized to the type.
extension ResolvedSection {
  public func write(to w: inout JSONWriter) { writeObject(to: &w) }
  public func writeInterned(to w: inout JSONWriter) { writeInternedObject(to: &w) }
}

extension MappedSizeClass {
  public func write(to w: inout JSONWriter) { writeObject(to: &w) }
  public func writeInterned(to w: inout JSONWriter) { writeInternedObject(to: &w) }
}

extension MappedSizeClass: BundleObject {
  public static let schemaName = "size_class_mapping"
  public static let summary = "What the section becomes on one size class."

  /// `hide`, which lets the mapping name no component type.
  static let hideField = BundleField<Self>.make(
    "hide", .optional, .bool, "true: the section is hidden there", get: { $0.replacement == .hide ? true : nil },
    set: { mapped, hide in if hide { mapped.replacement = .hide } })

  public static let fields: [BundleField<Self>] = [
    .required("size_class", \.sizeClass, .string, "the size class"),
    hideField,
    .make(
      "component_type", .optional, .string, "the replacement component type (without `hide`)", requiredUnless: hideField.key,
      get: { $0.replacement.used?.componentType },
      set: { mapped, type in
        if let used = mapped.replacement.used { mapped.replacement = .use(componentType: type, cellStyle: used.cellStyle) }
      }),
    .make(
      "cell_style", .optional, .string, "its cell style, when the mapping names one", get: { $0.replacement.used?.cellStyle },
      set: { mapped, style in
        if let used = mapped.replacement.used { mapped.replacement = .use(componentType: used.componentType, cellStyle: style) }
      }),
    .optional("layout_id", \.layoutID, .string, "the cell style's layout id in the family, when it has one"),
    .optional(
      "card_style", \.cardStyle, .object,
      "how the replacement's cards are drawn: its cell's card style, with each key the component's `styles` sets in its place; absent when neither sets one"
    ),
    .reference(
      "layout_ref", \.layoutRef,
      "compact form: the id of the `layouts` entry that holds the replacement's `geometry`, which the entry then leaves out"),
    BundleField<Self>.make(
      "geometry", .optional, .object,
      "the replacement's geometry, when the family styles its type; in the compact form, held by the `layouts` entry",
      get: { $0.replacement.used == nil ? nil : $0.geometry }, set: { $0.geometry = $1 }
    ).interned,
    .make(
      "styles", .optional, .members, SizeClassReplacement.stylesMeaning, get: { $0.replacement.used == nil ? nil : $0.styles?.objectValue },
      set: { $0.styles = .object($1) }),
    .make(
      "plugin_values", .optional, .any, SizeClassReplacement.pluginValuesMeaning,
      get: { $0.replacement.used == nil ? nil : $0.pluginValues }, set: { $0.pluginValues = $1 }),
  ]

  public static var blank: Self { MappedSizeClass(sizeClass: "", replacement: .use(componentType: "", cellStyle: nil), geometry: nil) }

  public var layoutReference: String? { replacement.used == nil ? nil : layoutRef }
}

extension SizeClassReplacement {
  /// The meaning of a replacement's `styles` (a size class mapping entry's or a fallback's).
  static let stylesMeaning =
    "a plugin replacement's styles, filled as a plugin component's section `styles`: for each `styles` field of the replacement's manifest (the bundle's platform's), the component's own value for that key, else the field's `initial_value` (a `switch` or `checkbox` value as `true` or `false`); the component's keys the manifest does not declare are left out. Absent for a built-in replacement, or when no field has a value"

  /// The meaning of a replacement's `plugin_values`.
  static let pluginValuesMeaning =
    "a plugin replacement's other sections as it reads them, as a section's `plugin_values`, of the fields its manifest declares alone: the component's own value for each, else its `initial_value`. Absent when there is none"

  /// The component type and cell style of a `use`, nil for `hide`.
  var used: (componentType: String, cellStyle: String?)? {
    if case .use(let type, let style) = self { return (type, style) }
    return nil
  }
}

extension DrawnSection: BundleObject {
  public static let schemaName = "drawn"
  public static let summary = "The section as drawn on one device (its layout is the section's `layout`)."

  /// `hidden`, which lets the entry name no component type.
  static let hiddenField = BundleField<Self>.flag("hidden", \.hidden, "true: the section is hidden there")

  public static let fields: [BundleField<Self>] = [
    .nullable("size_class", \.sizeClass, .string, "the device's size class"),
    hiddenField,
    .make(
      "component_type", .optional, .string, "the component type drawn (without `hidden`)", requiredUnless: hiddenField.key,
      get: { $0.hidden ? nil : $0.componentType }, set: { $0.componentType = $1 }),
    .make(
      "cell_styles", .optional, .array(.string), "its cell styles (without `hidden`)", get: { $0.hidden ? nil : $0.cellStyles },
      set: { $0.cellStyles = $1 }),
  ]

  public static var blank: Self { DrawnSection(sizeClass: nil, componentType: "", cellStyles: [], hidden: false, layout: nil) }
}

extension ItemFilter: BundleObject {
  public static let schemaName = "item_filter"
  public static let summary = "The items a section leaves out on one size class."
  public static let fields: [BundleField<Self>] = [
    .alwaysWritten(
      "exclude_types", \.excludeTypes, .array(.string),
      "items whose `type.value`, or the `type=` of their source URL, is one of these are left out")
  ]
  public static var blank: Self { ItemFilter(excludeTypes: []) }
}
