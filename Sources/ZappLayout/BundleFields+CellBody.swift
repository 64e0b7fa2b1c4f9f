// The field table of a section's `cell_body`: the component each of its cells holds.

extension CellBody: BundleObject {
  public static let schemaName = "cell_body"
  public static let summary = "The component each cell of a section holds (a tab bar's body), drawn as a section is."

  public static let fields: [BundleField<Self>] = [
    .required("component_type", \.componentType, .string, "the body's component type: the component's `styles.cell_body_component_type`"),
    .alwaysWritten(
      "cell_styles", \.cellStyles, .array(.string),
      "the body's cell styles: the component's `styles.cell_body_styles`; item i of a body's data is drawn with style min(i, n − 1)"),
    BundleField<Self>.required(
      "renderer", \.renderer, .object,
      "the client renderer of the body's first cell style; in the compact form, held by the `layouts` entry `layout_ref` names"
    ).interned,
    BundleField<Self>.unlessEmpty(
      "cell_attributes", \.cellAttributes, .members,
      "the body's first cell style's own attributes in the family, as a section's `cell_attributes`; in the compact form, held by the `layouts` entry"
    ).interned,
    BundleField<Self>.optional(
      "display_rules", \.displayRules, .any,
      "the body's first cell style's `<DisplayRules>` in the family, passed through as written; in the compact form, held by the `layouts` entry"
    ).interned,
    .optional(
      "card_style", \.cardStyle, .object,
      "how the body's first cell style's cards are drawn, as a section's `card_style`: the family cell's `style` (the component's own `styles` apply to its own cells, not its body's, as in the body's `cells`); absent when it sets no key. Held in place in the compact form too, as a section's"
    ),
    .unlessEmpty(
      "cells", \.cells, .array(.object),
      "when the body lists more than one cell style: each style, in order, with its renderer, as a section's `cells`"),
    .reference(
      "layout_ref", \.layoutRef,
      "compact form: the id of the entry of `bundle.json`'s `layouts` that holds the body's `renderer`, `cell_attributes`, `display_rules`, `layout` and `geometry`, which the body then leaves out. Absent in the expanded form, and with `layout_absent`."
    ),
    BundleField<Self>.alwaysWritten(
      "layout", \.layout, .map(.object, name: "device", key: { $0.device }, value: { $0.layout }, make: { (device: $0, layout: $1) }),
      "device name → the body's layout there, on each device of the bundle whose size class has no entry in the section's `size_class_mapping` (any entry, even one mapping it to its own type, leaves no body there); in the compact form, held by the `layouts` entry `layout_ref` names"
    ).interned,
    .optional(
      "layout_absent", \.layoutAbsent, .word("Why layout is empty"),
      "present when the body has no geometry, saying why: `not_in_family` (the family has no styles for the body's type) or `no_family` (the section has no family); a body drawn on no device (its section hidden or replaced on every one) has an empty `layout`, its `geometry` and no `layout_absent`"
    ),
    BundleField<Self>.optional(
      "geometry", \.geometry, .object,
      "what the runtime needs to lay the body out at any width, as a section's `geometry`; absent with `layout_absent`; in the compact form, held by the `layouts` entry"
    ).interned,
  ]

  public static var blank: Self { CellBody(componentType: "", cellStyles: []) }

  /// A body with `layout_absent` holds its layout in place.
  public var layoutReference: String? { layoutAbsent == nil ? layoutRef : nil }

  public func write(to w: inout JSONWriter) { writeObject(to: &w) }
  public func writeInterned(to w: inout JSONWriter) { writeInternedObject(to: &w) }
}
