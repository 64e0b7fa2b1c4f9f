/// The JSON Schema (draft-07) of the bundle, kept beside the models it describes (Bundle.swift) and
/// built from the same vocabularies; `zlc schema bundle` prints it. Every typed object is closed
/// (`additionalProperties: false`), so a key the encoder writes and the schema lacks fails the
/// golden bundle's validation; a screen's own keys stay open.
public enum BundleSchema {
  /// The schema of `bundle.json`, with the screen file's schema under `definitions/screen` (a
  /// `rivers.json` is an array of those).
  public static var json: JSON {
    .object([
      ("$schema", .string("http://json-schema.org/draft-07/schema#")),
      ("title", .string("zlc bundle: bundle.json")),
      (
        "description",
        .string(
          "The index of a resolved screen bundle. A screen file (screens/<name>.json) is definitions/screen; rivers.json is an array of them."
        )
      ),
      ("definitions", .object(definitions)),
      ("$ref", .string("#/definitions/index")),
    ])
  }

  static func ref(_ name: String) -> JSON { .object([("$ref", .string("#/definitions/\(name)"))]) }
  static let string: JSON = .object([("type", .string("string"))])
  static let nullableString: JSON = .object([("type", .array([.string("string"), .string("null")]))])
  static let number: JSON = .object([("type", .string("number"))])
  static let integer: JSON = .object([("type", .string("integer"))])
  static let boolean: JSON = .object([("type", .string("boolean"))])
  static func array(_ items: JSON) -> JSON { .object([("type", .string("array")), ("items", items)]) }
  static func map(_ values: JSON) -> JSON { .object([("type", .string("object")), ("additionalProperties", values)]) }

  /// A closed vocabulary: its known words, as a description, for any string (a newer compiler may
  /// write a word an older client does not know, and the client still loads the bundle).
  static func vocabulary<V: Vocabulary>(_: V.Type, _ what: String) -> JSON {
    .object([("type", .string("string")), ("description", .string("\(what): \(V.knownWords.joined(separator: ", ")), or a newer word"))])
  }

  /// A closed object: its properties (key, schema, description) and the required keys.
  static func object(_ description: String, _ properties: [(String, JSON, String)], required: [String]) -> JSON {
    .object([
      ("type", .string("object")),
      ("description", .string(description)),
      ("properties", .object(properties.map { key, schema, text in (key, described(schema, text)) })),
      ("required", .array(required.map(JSON.string))),
      ("additionalProperties", .bool(false)),
    ])
  }

  static func described(_ schema: JSON, _ text: String) -> JSON {
    guard !text.isEmpty, case .object(let members) = schema, !members.contains(where: { $0.0 == "$ref" }) else { return schema }
    return .object(members.filter { $0.0 != "description" } + [("description", .string(text))])
  }

  static var definitions: [(String, JSON)] { coreDefinitions + responsiveDefinitions }

  static var coreDefinitions: [(String, JSON)] {
    [
      (
        "index",
        object(
          "bundle.json",
          [
            ("format_version", .object([("const", .int(BundleIndex.currentFormatVersion))]), "The bundle format version."),
            ("app", nullableString, "`app` of zlc.json."),
            ("zlc_version", string, "The version of zlc that wrote the bundle."),
            ("devices", array(ref("device")), "The devices the geometry was computed for."),
            ("size_classes", array(ref("size_class")), "The size classes: window width ranges and the device class each reads."),
            ("screens", array(ref("entry")), "Every screen, in project order."),
            ("screen_types", map(string), "screen_type value → screen id."),
            ("content_types", map(string), "Feed entry type → screen id."),
            (
              "required_renderers", array(ref("platformRenderers")),
              "Per target platform, the renderers the screens need; absent when the project names no platform."
            ),
          ],
          required: ["format_version", "app", "zlc_version", "devices", "screens", "screen_types", "content_types"])
      ),
      (
        "device",
        object(
          "A device the geometry was computed for.",
          [
            ("name", string, "The device's name in zlc.json."),
            ("class", .object([("enum", .array(DeviceClass.allCases.map { .string($0.rawValue) }))]), "Its device class."),
            ("width", number, "Its width in points."),
            ("size_class", string, "The size class its width falls in."),
          ], required: ["name", "class", "width"])
      ),
      (
        "platformRenderers",
        object(
          "The renderers the bundle needs on one platform (BundleIndex.missingRenderers compares them with a client's).",
          [
            ("platform", string, "A platform id: ios, android, tvos, android_for_quickbrick, samsung_tv, …"),
            ("component_types", array(string), "Component types, sorted."),
            ("cell_layouts", array(string), "Cell layout ids (layoutId of the family's cell styles), sorted."),
            ("layout_kinds", array(string), "Layout kinds, sorted."),
            ("screen_plugins", array(string), "Screen plugin types, sorted."),
          ], required: ["platform", "component_types", "cell_layouts", "layout_kinds", "screen_plugins"])
      ),
      (
        "entry",
        object(
          "One screen and its file.",
          [
            ("id", string, "The screen id."), ("name", nullableString, "The screen name."),
            ("file", string, "The screen file, relative to the bundle."), ("sha256", string, "The hex SHA-256 of the file."),
          ], required: ["id", "name", "file", "sha256"])
      ),
      (
        "screen",
        .object([
          ("type", .string("object")),
          ("description", .string("A resolved screen: the rivers screen with every key as written (home as a boolean), plus resolved.")),
          (
            "properties",
            .object([
              ("id", string), ("name", nullableString), ("type", string),
              ("home", .object([("type", .array([.string("boolean"), .string("null")]))])),
              ("resolved", ref("resolution")),
            ])
          ),
          ("required", .array([.string("id"), .string("type"), .string("resolved")])),
        ])
      ),
      (
        "resolution",
        object(
          "What zlc resolved for the screen.",
          [
            ("family", nullableString, "The screen's family: its own, else the one its components share."),
            ("connected", boolean, "A connected screen takes the data of the item that opened it."),
            ("presentation", vocabulary(Presentation.self, "How the screen is shown"), ""),
            ("launch_mode", vocabulary(LaunchMode.self, "How the screen is launched"), ""),
            ("sections", array(ref("section")), "One per data-bound component, in screen order."),
          ], required: ["family", "connected", "presentation", "launch_mode", "sections"])
      ),
      (
        "section",
        object(
          "One leaf component: its cell styles, binding and per-device layout.",
          [
            ("section", integer, "The section's index."),
            ("component", array(integer), "The component's index path in the screen."),
            ("component_type", string, "The component type."),
            ("component_id", string, "The component's id, when it has one."),
            ("family", nullableString, "The component's family."),
            ("cell_styles", array(string), "The component's cell styles."),
            (
              "renderer",
              object("The client renderer.", [("layout_id", nullableString, "The first cell style's layout id.")], required: ["layout_id"]),
              ""
            ),
            ("data", ref("binding"), "How the section gets its data."),
            ("item_limit", .object([("type", .array([.string("integer"), .string("null")]))]), "At most this many items."),
            ("fill_rows", boolean, "Trim the bound entries to whole rows."),
            ("accepts", array(string), "The data types the component accepts."),
            ("target", string, "The screen a tap on an item opens."),
            ("styles", .object([("type", .string("object"))]), "The screen's styles over the manifest's initial values."),
            ("cell_attributes", .object([("type", .string("object"))]), "The family cell's own attributes, with a JSON family's types."),
            ("display_rules", .object([]), "The family cell's display rules, as written."),
            ("layout", map(ref("layout")), "Device name → layout."),
            ("layout_absent", vocabulary(LayoutAbsence.self, "Why layout is empty"), ""),
            ("geometry", ref("geometry"), "What the runtime needs to lay the section out at any width."),
            ("size_class_mapping", array(ref("size_class_mapping")), "The component's replacements per size class."),
            ("drawn", map(ref("drawn")), "Device name → the section as drawn there, when it has a size class mapping."),
            ("item_limit_by_size_class", map(integer), "Size class → at most this many items there."),
            ("items_shown", map(integer), "Device name → how many items a client shows when the data has at least the limit."),
          ],
          required: [
            "section", "component", "component_type", "family", "cell_styles", "renderer", "data", "item_limit", "styles", "layout",
          ])
      ),
      (
        "binding",
        object(
          "How a section gets its data.",
          [
            ("binding", vocabulary(Binding.self, "The binding"), ""),
            ("source", nullableString, "own: the data source."), ("type", nullableString, "own: the data source's type."),
            ("child", integer, "sender_child: the sender's child."),
            ("group_child", integer, "sender_child in a group: the child's child."),
          ], required: ["binding"])
      ),
      (
        "layout",
        object(
          "The section on one device; lengths in points.",
          [
            ("kind", vocabulary(LayoutKind.self, "The layout kind"), ""),
            ("columns", integer, "Columns (one_and_n: 1 + the small items)."),
            ("item", ref("item"), "The item size."),
            (
              "insets",
              object(
                "The section's insets.", [("top", number, ""), ("left", number, ""), ("bottom", number, ""), ("right", number, "")],
                required: ["top", "left", "bottom", "right"]), ""
            ),
            ("inter_item_spacing", number, "Between items in a row."), ("line_spacing", number, "Between rows."),
            ("scroll_direction", vocabulary(ScrollDirection.self, "The direction the section scrolls in"), ""),
            ("large", ref("frame"), "one_and_n: the large item."), ("small", array(ref("frame")), "one_and_n: the small items."),
            ("column_width", number, "waterfall: each column's width."), ("pinned", boolean, "sticky: pinned when scrolled past."),
            (
              "cells",
              array(
                object(
                  "One cell style's size.", [("style", string, ""), ("columns", integer, ""), ("item", ref("item"), "")],
                  required: ["style", "columns", "item"])), "Each cell style's size, when there are several."
            ),
            ("header_height", number, "The header's height on this device."),
          ], required: ["kind", "columns", "item", "insets", "inter_item_spacing", "line_spacing"])
      ),
      (
        "item",
        object("An item's size.", [("width", number, ""), ("height", number, "Absent when the data decides.")], required: ["width"])
      ),
      (
        "frame",
        object(
          "A frame in the section.", [("x", number, ""), ("y", number, ""), ("width", number, ""), ("height", number, "")],
          required: ["x", "y", "width", "height"])
      ),
    ]
  }
}
