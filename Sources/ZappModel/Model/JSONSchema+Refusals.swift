import ZappDiagnostics
import ZappLayout

/// What an input's schema refuses beyond its shapes, where `zlc check` reports an error for the
/// shape alone: an editor flags it as zlc would, and never flags a file that checks clean.
extension JSONSchema {
  /// Forbids null (a file or a list entry holding null alone: ZL0202).
  static let notNull = JSONOut.object([("type", .string("null"))])

  /// A property's schema as check refuses it: `item_limit` (and its older names, and each value of
  /// `item_limit_by_size_class`) a whole number from 1 to 999,999,999 (a number, or a string of
  /// its digits alone), "" or null (ZL0410, ZL0202); at least one device
  /// in `devices` (ZL0203). Any other property as it is.
  static func refusing(_ shape: String, _ key: String, _ property: JSONOut) -> JSONOut {
    // An item limit: a whole number from 1 to 999,999,999, or a string of its digits alone.
    let limit = JSONOut.object([
      ("type", .string("integer")), ("minimum", .int(itemLimitRange.lowerBound)), ("maximum", .int(itemLimitRange.upperBound)),
    ])
    let digits = JSONOut.object([("type", .string("string")), ("pattern", .string(#"^[1-9][0-9]{0,8}$"#))])
    let description = { () -> [(String, JSONOut)] in
      guard case .object(let members) = property else { return [] }
      return members.filter { $0.0 == "description" }
    }
    switch (shape, key) {
    case ("component rules", "item_limit"), ("component rules", "data_source_limit"), ("component rules", "datasource_limit"):
      // Its older names too (ZL0410 reads them as it).
      return .object(
        description() + [("anyOf", .array([limit, digits, .object([("type", .string("null"))]), .object([("const", .string(""))])]))])
    case ("component rules", "item_limit_by_size_class"):
      // Each size class's limit is one (ZL0410); null for the whole map is none.
      return .object(
        description() + [
          ("type", .array([.string("object"), .string("null")])), ("additionalProperties", .object([("anyOf", .array([limit, digits]))])),
        ])
    case ("zlc.json", "devices"):
      // The array branch of a list's `anyOf` (its others are null and "", leaving the defaults).
      guard case .object(var members) = property, let at = members.firstIndex(where: { $0.0 == "anyOf" }),
        case .array(var options) = members[at].1, case .object(var list)? = options.first
      else { return property }
      list.append(("minItems", .int(1)))
      options[0] = .object(list)
      members[at].1 = .array(options)
      return .object(members)
    default: return property
    }
  }

  /// A manifest as zappifest publishes it (one that is not in the pipeline's `plugin_configurations`
  /// shape): an object holding every mandatory key (ZL0601) and no key it does not permit (ZL0602).
  static func published(_ manifest: JSONOut) -> JSONOut {
    .object([
      (
        "allOf",
        .array([
          manifest,
          .object([
            ("type", .string("object")), ("required", .array(ManifestKeys.mandatory.map { .string($0) })),
            // A mandatory key written `null` is missing to zlc too (ZL0601).
            (
              "properties",
              .object(
                ManifestKeys.mandatory.map {
                  (
                    $0,
                    .object([("description", .string("A mandatory key: null is missing.")), ("not", .object([("type", .string("null"))]))])
                  )
                })
            ),
            ("propertyNames", .object([("enum", .array((ManifestKeys.mandatory + ManifestKeys.optional).map { .string($0) }))])),
          ]),
        ])
      )
    ])
  }
}
