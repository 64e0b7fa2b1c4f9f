// The field tables of fallbacks: a section's `fallback` and the index's `fallbacks`.

extension SectionFallback: BundleObject {
  public static let schemaName = "fallback"
  public static let summary = "What a client lacking one of the section's renderers draws instead."

  /// `hide`, which lets the fallback name no component type.
  static let hideField = BundleField<Self>.make(
    "hide", .optional, .bool, "true: such a client hides the section", get: { $0.replacement == .hide ? true : nil },
    set: { fallback, hide in if hide { fallback.replacement = .hide } })

  public static let fields: [BundleField<Self>] = [
    hideField,
    .make(
      "component_type", .optional, .string, "the replacement component type (without `hide`)",
      requiredUnless: hideField.key, get: { $0.replacement.used?.componentType },
      set: { fallback, type in
        if let used = fallback.replacement.used { fallback.replacement = .use(componentType: type, cellStyle: used.cellStyle) }
      }),
    .make(
      "cell_style", .optional, .string, "its cell style, when the fallback names one", get: { $0.replacement.used?.cellStyle },
      set: { fallback, style in
        if let used = fallback.replacement.used { fallback.replacement = .use(componentType: used.componentType, cellStyle: style) }
      }),
    .optional("layout_id", \.layoutID, .string, "the cell style's layout id in the family, when it has one"),
    .optional(
      "card_style", \.cardStyle, .object,
      "how the replacement's cards are drawn: its cell's card style, with each key the component's `styles` sets in its place; absent when neither sets one"
    ),
    .make(
      "geometry", .optional, .object, "the replacement's geometry, when the family styles its type",
      get: { $0.replacement.used == nil ? nil : $0.geometry }, set: { $0.geometry = $1 }),
    .make(
      "styles", .optional, .members, SizeClassReplacement.stylesMeaning, get: { $0.replacement.used == nil ? nil : $0.styles?.objectValue },
      set: { $0.styles = .object($1) }),
    .make(
      "plugin_values", .optional, .any, SizeClassReplacement.pluginValuesMeaning,
      get: { $0.replacement.used == nil ? nil : $0.pluginValues }, set: { $0.pluginValues = $1 }),
  ]

  public static var blank: Self { SectionFallback(replacement: .use(componentType: "", cellStyle: nil)) }
}

extension ClientFallbacks: BundleObject {
  public static let schemaName = "client_fallbacks"
  public static let summary = "The sections one registered client draws with their fallbacks."

  public static let fields: [BundleField<Self>] = [
    .required("platform", \.platform, .string, "the client's platform"),
    .required("client_version", \.clientVersion, .string, "the client build, as its registry writes it (`19.0.0..<20.0.0`)"),
    .optional("installs", \.installs, .number(in: 0...1), "the share of the platform's active installs the registry covers, when it says"),
    .required("sections", \.sections, .array(.object), "each section drawn with its fallback, in project order"),
  ]

  public static var blank: Self { ClientFallbacks(platform: "", clientVersion: "", installs: nil, sections: []) }
}

extension SectionReference: BundleObject {
  public static let schemaName = "section_reference"
  public static let summary = "A section of a screen."

  public static let fields: [BundleField<Self>] = [
    .required("screen_id", \.screen, .string, "the screen's id"),
    .required("section", \.section, .index, "the section's index in the screen"),
  ]

  public static var blank: Self { SectionReference(screen: "", section: 0) }
}
