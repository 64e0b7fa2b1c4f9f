import ZappDiagnostics
import ZappLayout

/// The JSON Schema (draft-07) of a JSON family file (`zlc schema family`), from the same
/// vocabulary the reader accepts (`FamilyVocabulary`). Cells are open: a cell's other attributes
/// pass through to the bundle as `cell_attributes`.
package enum FamilySchema {
  package static var json: JSONOut {
    .object([
      ("$schema", .string("http://json-schema.org/draft-07/schema#")),
      ("title", .string("zlc family (JSON): insets, spacing, columns and cell shapes per device class")),
      ("type", .string("object")),
      ("required", .array([.string("name")])),
      (
        "properties",
        .object([
          ("$schema", described(.object([("type", .string("string"))]), "The schema of this file; zlc ignores it.")),
          ("name", described(.object([("type", .string("string")), ("minLength", .int(1))]), "The family's name, as screens name it.")),
          ("version", orNull(described(.object([("type", .string("string"))]), "The family's version, as written."))),
          ("showBottomPadding", orNull(described(boolean, "Whether clients add padding below the last section."))),
          ("responsive", described(orNone(reference("responsive")), "The responsive column rule of this family.")),
          ("screens", described(array(of: "screen"), "The family's values per device class.")),
          ("components", described(array(of: "component"), "The component types this family styles.")),
          ("headers", described(array(of: "header"), "Section header styles.")),
          ("footers", described(array(of: "header"), "Section footer styles.")),
        ])
      ),
      ("additionalProperties", .bool(false)),
      ("definitions", .object(definitions)),
    ])
  }

  private static var definitions: [(String, JSONOut)] {
    [
      (
        "responsive",
        closed(
          [
            ("standardWidth", described(number, "The phone width the family's columns were designed for.")),
            ("scale", described(number, "How much wider than standardWidth ÷ columns an item may grow (default 1).")),
          ], required: ["standardWidth"])
      ),
      (
        "screen",
        closed(
          [
            (
              "type",
              described(
                .object([
                  ("type", .string("string")), ("minLength", .int(1)),
                  ("examples", .array((FamilyVocabulary.screenTypes + ["S", "L", "XL"] + ScreenState.knownWords).map { .string($0) })),
                ]),
                "The windows the entry applies to: a device class (default, sw600, universal, …), a size class of the project (S, L, XL) or a window state (portrait, landscape, slide_over, split_view)."
              )
            )
          ]
            + metricProperties, required: ["type"])
      ),
      (
        "component",
        closed(
          [
            ("type", described(.object([("type", .string("string")), ("minLength", .int(1))]), "The component type it styles.")),
            (
              "layout",
              described(
                layoutKind,
                "How the component lays out its items (default: paged for hero and carousel, horizontal for horizontal_list, horizontal_list_qb and tab_bar, else flow)."
              )
            ),
            ("cells", described(array(of: "cell"), "The component's cell styles.")),
            ("layouts", described(array(of: "layout"), "Named layouts a screen may pick with styles.layout.")),
            ("screens", described(array(of: "screen"), "The component's values per device class.")),
            (
              "sizeClassMapping",
              described(
                orNone(.object([("type", .string("object")), ("additionalProperties", reference("replacement"))])),
                "Replacements per size class, by the size class's name.")
            ),
            (
              "scale",
              described(
                number,
                "This component's responsive scale, from 0.01 to 100: k of the family's responsive rule for its cell styles, in place of the rule's scale."
              )
            ),
          ] + metricProperties, required: ["type"])
      ),
      (
        "cell",
        open(
          [
            ("name", described(.object([("type", .string("string")), ("minLength", .int(1))]), "The cell style's name.")),
            ("layoutId", described(.object([("type", .string("string"))]), "The client layout that draws this cell.")),
            ("screens", described(array(of: "screen"), "The cell's values per device class.")),
            ("displayRules", described(.object([]), "Display rules, passed to clients as written.")),
            (
              "style",
              described(
                .object([("type", .array([.string("object"), .string("string")]))]),
                "The card's style (a string names a style of the client's own): backgroundColor (#RGB, #RRGGBB or #AARRGGBB), cornerRadius (0 to 10,000), margin (four values or per side), backgroundImage (an http or https URL), shadowColor, shadowRadius (0 to 10,000) and shadowOffset ([x, y] or {x, y})."
              )
            ),
            (
              "elements",
              described(
                .object([("type", .string("array")), ("items", .object([("type", .string("object"))]))]),
                "The elements inside each cell, in order: each an object holding display (inline or block), width_ratio, width_height_ratio and margin, or holding them in its style."
              )
            ),
            (
              "layout",
              described(
                .object([("type", .array([.string("integer"), .string("string")]))]),
                "How the cell's elements are placed, when it has them: 1 or flow, 2 or linear, 3 or one_and_n, 4 or waterfall (a number, or a string holding one); flow when absent."
              )
            ),
          ] + metricProperties, required: ["name"])
      ),
      (
        "layout",
        closed(
          [
            ("name", described(.object([("type", .string("string")), ("minLength", .int(1))]), "The layout's name.")),
            ("kind", described(layoutKind, "How the layout places its items.")),
            ("screens", described(array(of: "screen"), "The layout's values per device class.")),
          ] + metricProperties, required: ["name", "kind"])
      ),
      (
        "replacement",
        .object([
          (
            "anyOf",
            .array([
              described(.object([("type", .string("string"))]), "\"hide\": the component is not drawn on that size class."),
              closed(
                Shapes.replacement.fields.map { field in
                  (
                    field.key,
                    described(
                      .object([("type", .string("string"))]), field.summary.prefix(1).uppercased() + field.summary.dropFirst() + ".")
                  )
                }, required: []),
            ])
          )
        ])
      ),
      (
        "header",
        closed(
          [
            ("name", described(.object([("type", .string("string")), ("minLength", .int(1))]), "The header style's name.")),
            ("screens", described(array(of: "screen"), "The header's values per device class.")),
          ] + metricProperties, required: ["name"])
      ),
    ]
  }

  private static var metricProperties: [(String, JSONOut)] {
    FamilyVocabulary.metrics.map { attribute in
      let value: JSONOut
      switch attribute.kind {
      case .number: value = number
      case .wholeNumber: value = wholeNumber
      case .boolean: value = boolean
      }
      return (attribute.name, described(value, attribute.summary))
    }
  }

  private static let number: JSONOut = .object([
    (
      "anyOf",
      .array([
        .object([("type", .string("number"))]),
        .object([("type", .string("string")), ("pattern", .string(#"^[ \t]*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?[ \t]*$"#))]),
      ])
    )
  ])
  private static let wholeNumber: JSONOut = .object([
    ("anyOf", .array([.object([("type", .string("integer"))]), .object([("type", .string("string")), ("pattern", .string("^[0-9]+$"))])]))
  ])
  private static let boolean: JSONOut = .object([
    ("anyOf", .array([.object([("type", .string("boolean"))]), .object([("enum", .array([.string("true"), .string("false")]))])]))
  ])
  private static var layoutKind: JSONOut { .object([("enum", .array(LayoutKind.known.map { .string($0.word) }))]) }

  private static func reference(_ name: String) -> JSONOut { .object([("$ref", .string("#/definitions/\(name)"))]) }
  /// A list of `name`s; "" or null is no list, as zlc reads it.
  private static func array(of name: String) -> JSONOut { orNone(.object([("type", .string("array")), ("items", reference(name))])) }

  /// `schema`, or "" or null, which zlc reads as none.
  private static func orNone(_ schema: JSONOut) -> JSONOut {
    .object([("anyOf", .array([schema, .object([("type", .string("null"))]), .object([("const", .string(""))])]))])
  }

  /// `schema`, or null, its description kept on top for editors.
  private static func orNull(_ schema: JSONOut) -> JSONOut {
    guard case .object(let members) = schema else { return schema }
    let description = members.filter { $0.0 == "description" }
    let rest = members.filter { $0.0 != "description" }
    return .object(description + [("anyOf", .array([.object(rest), .object([("type", .string("null"))])]))])
  }

  private static func described(_ schema: JSONOut, _ text: String) -> JSONOut {
    guard case .object(let members) = schema else { return schema }
    return .object([("description", .string(text))] + members)
  }

  private static func closed(_ properties: [(String, JSONOut)], required: [String]) -> JSONOut {
    object(properties, required: required, additional: false)
  }

  private static func open(_ properties: [(String, JSONOut)], required: [String]) -> JSONOut {
    object(properties, required: required, additional: true)
  }

  /// An object of `properties`: a key that is not `required`, written `null`, is absent to zlc.
  private static func object(_ properties: [(String, JSONOut)], required: [String], additional: Bool) -> JSONOut {
    .object([
      ("type", .string("object")),
      ("properties", .object(properties.map { key, schema in (key, required.contains(key) ? schema : orNull(schema)) })),
      ("required", .array(required.map { .string($0) })),
      ("additionalProperties", .bool(additional)),
    ])
  }
}
