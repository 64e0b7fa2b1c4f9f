/// The JSON Schema (draft-07) of the bundle, made from the contract types' field tables;
/// `zlc schema bundle` prints it. Every typed object is closed (`additionalProperties: false`), so
/// a key the encoder writes and the table lacks fails validation; a screen's own keys stay open.
package enum BundleSchema {
  /// Every contract type, in the order of the schema's definitions and of docs/bundle.md.
  static var types: [any BundleObject.Type] {
    [
      BundleIndex.self, BundleIndex.Entry.self, Device.self, SizeClass.self, PlatformRenderers.self, ResolvedScreen.self,
      Resolution.self, ViewOptions.self, ResolvedSection.self, ResolvedSection.Renderer.self, SectionCell.self, CardStyle.self,
      CardShadow.self, ShadowOffset.self,
      DataBinding.self,
      SectionLayout.self, ItemSize.self, Insets.self, Frame.self, CellLayout.self, ElementFrame.self, SectionGeometry.self,
      ResponsiveRule.self, StyleGeometry.self, StyleGeometry.ClassMetrics.self, StyleGeometry.Variant.self,
      SectionGeometry.HeaderVariant.self, ElementStyle.self, Metrics.self, MappedSizeClass.self,
      DrawnSection.self, ItemFilter.self, CellBody.self, SectionFallback.self, ClientFallbacks.self, SectionReference.self,
      PlatformBundles.self,
      PlatformBundles.Entry.self,
    ]
  }

  /// The schema of `bundle.json`, with the screen file's schema under `definitions/screen` (a
  /// `rivers.json` is an array of those).
  package static var json: JSON {
    .object([
      ("$schema", .string("http://json-schema.org/draft-07/schema#")),
      ("title", .string("zlc bundle: bundle.json")),
      (
        "description",
        .string(
          "The index of a resolved screen bundle, in either form (format_version 2, compact, or 1, expanded). A screen file (screens/<name>.json) is definitions/screen, and definitions/expanded_screen in format_version 1; rivers.json is an array of them."
        )
      ),
      ("definitions", .object(types.map { definition($0) }.map(withFormCondition) + expandedForm)),
      ("$ref", .string("#/definitions/\(BundleIndex.schemaName)")),
    ])
  }

  /// The conditions of the section and the index on the bundle's form. A section holding its keys
  /// in place without `layout_absent` is of the expanded form (the
  /// compact one names a `layouts` entry instead): it holds every key the compact form may leave
  /// out, which a reader of format_version 1 does not derive.
  /// The index of format_version 1 holds no `layouts` entry (its readers would find no layout in
  /// a section), which `ScreenBundle.load` refuses.
  static func withFormCondition(_ definition: (String, JSON)) -> (String, JSON) {
    if definition.0 == BundleIndex.schemaName, case .object(let members) = definition.1 {
      let version = BundleIndex.formatVersionField.key
      let expanded: JSON = .object([
        ("properties", .object([(version, .object([("const", .int(BundleForm.expanded.formatVersion))]))])),
        ("required", .array([.string(version)])),
      ])
      let noLayouts: JSON = .object([
        ("properties", .object([(BundleIndex.layoutsField.key, .object([("maxProperties", .int(0))]))]))
      ])
      return (definition.0, .object(members + [("if", expanded), ("then", noLayouts)]))
    }
    guard definition.0 == ResolvedSection.schemaName, case .object(let members) = definition.1 else { return definition }
    let reference = ResolvedSection.key(\.layoutRef)
    let absent = ResolvedSection.key(\.layoutAbsent)
    let compact: JSON = .object([
      ("anyOf", .array([.object([("required", .array([.string(reference)]))]), .object([("required", .array([.string(absent)]))])]))
    ])
    return (
      definition.0,
      .object(
        members + [
          ("if", .object([("not", compact)])),
          ("then", .object([("required", .array(ResolvedSection.expandedFormKeys.map(JSON.string)))])),
        ])
    )
  }

  /// The expanded form's screen file (format_version 1): a screen whose sections each hold every
  /// key in place (`layout_absent` or not) and name no `layouts` entry.
  static var expandedForm: [(String, JSON)] {
    let reference = ResolvedSection.key(\.layoutRef)
    func allOf(_ base: String, _ summary: String, _ extra: [(String, JSON)]) -> JSON {
      .object([("description", .string(summary)), ("allOf", .array([ref(base), .object(extra)]))])
    }
    return [
      (
        "expanded_screen",
        allOf(
          ResolvedScreen.schemaName, "A screen file of the expanded form (format_version 1).",
          [("properties", .object([(ResolvedScreen.resolvedField.key, ref("expanded_resolution"))]))])
      ),
      (
        "expanded_resolution",
        allOf(
          Resolution.schemaName, "The resolved object of the expanded form.",
          [("properties", .object([(Resolution.sectionsField.key, array(ref("expanded_section")))]))])
      ),
      (
        "expanded_section",
        allOf(
          ResolvedSection.schemaName, "A section of the expanded form: every key in place, none left to derive, no layout_ref.",
          [
            ("required", .array(ResolvedSection.expandedFormKeys.map(JSON.string))),
            ("not", .object([("required", .array([.string(reference)]))])),
          ])
      ),
    ]
  }

  /// The bundle's key of every field of every contract type, once per type that has it.
  package static var keys: [String] {
    func keys<T: BundleObject>(_: T.Type) -> [String] { T.fields.map(\.key) }
    return types.flatMap { keys($0) }
  }

  static func definition<T: BundleObject>(_: T.Type) -> (String, JSON) { (T.schemaName, T.definition) }

  static func type(_ name: String) -> JSON { .object([("type", .string(name))]) }
  static func integer(in range: ClosedRange<Int>) -> JSON {
    .object([("type", .string("integer")), ("minimum", .int(range.lowerBound)), ("maximum", .int(range.upperBound))])
  }
  static func number(in range: ClosedRange<Double>, lowerExcluded: Bool = false, upperExcluded: Bool) -> JSON {
    .object([
      ("type", .string("number")), (lowerExcluded ? "exclusiveMinimum" : "minimum", .exact(range.lowerBound)),
      (upperExcluded ? "exclusiveMaximum" : "maximum", .exact(range.upperBound)),
    ])
  }
  static func ref(_ name: String) -> JSON { .object([("$ref", .string("#/definitions/\(name)"))]) }
  static func array(_ items: JSON) -> JSON { .object([("type", .string("array")), ("items", items)]) }
  static func map(_ values: JSON) -> JSON { .object([("type", .string("object")), ("additionalProperties", values)]) }

  /// The format versions a reader takes.
  static var formatVersions: JSON {
    .object([("enum", .array(BundleIndex.readableFormatVersions.map { .int($0) }))])
  }

  /// A value of `schema`, or null.
  static func orNull(_ schema: JSON) -> JSON {
    if case .object(let members) = schema, members.count == 1, members[0].0 == "type", let name = members[0].1.stringValue {
      return .object([("type", .array([.string(name), .string("null")]))])
    }
    return .object([("anyOf", .array([schema, type("null")]))])
  }

  /// A closed vocabulary: one of the words this release writes. The schema is the writer's
  /// contract: a client still loads a word of a newer compiler it does not know (as `unknown`), but
  /// this release never writes one, so a word outside the list is a misspelling.
  static func vocabulary<V: Vocabulary>(_: V.Type, _ what: String) -> JSON {
    .object([
      ("type", .string("string")), ("enum", .array(V.knownWords.map(JSON.string))),
      ("description", .string("\(what): \(V.knownWords.joined(separator: ", "))")),
    ])
  }

  /// An entry of `bundle.json`'s `layouts`: the keys a section, a replacement or a cell body holds
  /// in place.
  static var layoutEntry: JSON {
    var properties = ResolvedSection.fields.filter { $0.role == .interned }.map { ($0.key, described($0.schema, $0.meaning)) }
    for field in CellBody.fields where field.role == .interned && !properties.contains(where: { $0.0 == field.key }) {
      properties.append((field.key, described(field.schema, field.meaning)))
    }
    return .object([
      ("type", .string("object")),
      (
        "description",
        .string("The keys a section (or a size class replacement, or a tab bar's cell body) holds in place in the expanded form.")
      ),
      ("properties", .object(properties)),
      ("additionalProperties", .bool(false)),
    ])
  }

  static func described(_ schema: JSON, _ text: String) -> JSON {
    guard !text.isEmpty, case .object(let members) = schema, !members.contains(where: { $0.0 == "$ref" }) else { return schema }
    return .object(members.filter { $0.0 != "description" } + [("description", .string(text))])
  }
}

extension BundleField {
  /// Written whatever the value (`required` or `alwaysWritten`).
  var isAlwaysWritten: Bool { presence == .required || presence == .alwaysWritten }
}

extension BundleObject {
  /// The type's definition in the bundle's schema, from its field table.
  static var definition: JSON {
    let kept = fields
    // Required: every key always written but those a `layouts` entry may hold or the compact form
    // derives, and a screen's own keys that may be null.
    let required = kept.filter { field in
      field.role != .interned && !field.isDerived && (field.isAlwaysWritten || (field.presence == .nullable && field.role != .own))
    }.map(\.key)
    var members: [(String, JSON)] = [
      ("type", .string("object")),
      ("description", .string(summary)),
      ("properties", .object(kept.map { ($0.key, BundleSchema.described($0.schema, $0.meaning)) })),
      ("required", .array(required.map(JSON.string))),
    ]
    if !isOpen { members.append(("additionalProperties", .bool(false))) }
    // A key required but where a flag of the object is true (`component_type`, but with `hide`).
    let waived = kept.compactMap { field in
      field.requiredUnless.map { flag -> JSON in
        .object([
          (
            "anyOf",
            .array([
              .object([("required", .array([.string(flag)])), ("properties", .object([(flag, .object([("const", .bool(true))]))]))]),
              .object([("required", .array([.string(field.key)]))]),
            ])
          )
        ])
      }
    }
    if !waived.isEmpty { members.append(("allOf", .array(waived))) }
    // A required key a `layouts` entry may hold: there, or a reference in its place.
    let internedRequired = kept.filter { $0.role == .interned && $0.isAlwaysWritten }.map(\.key)
    if let reference = kept.first(where: { $0.role == .reference }), !internedRequired.isEmpty {
      members.append(
        (
          "anyOf",
          .array([
            .object([("required", .array(internedRequired.map(JSON.string)))]), .object([("required", .array([.string(reference.key)]))]),
          ])
        ))
    }
    return .object(members)
  }

}
