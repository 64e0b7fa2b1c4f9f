// The field tables of `bundle.json` and of a screen file down to its sections: every key of the
// contract, once. BundleFields+Geometry.swift holds those of the layouts and geometry.

// MARK: bundle.json

extension BundleIndex: BundleObject {
  public static let schemaName = "index"
  public static let summary = "bundle.json: the index of a resolved screen bundle."

  /// `format_version`: the version of the form written, whatever was read.
  static let formatVersionField: BundleField<Self> = {
    let key = "format_version"
    return .custom(
      key, .required, type: "whole number", schema: BundleSchema.formatVersions,
      "2 for the compact form zlc writes, 1 for the expanded form (`zlc build --expanded`). `ScreenBundle.load` reads both, throws `unsupportedFormatVersion` for any other, and `fileOutsideBundle` for a screen `file` that leaves the folder (through `..`, a NUL or a link). A screen id listed twice in `screens` is an error.",
      path: \BundleIndex.formatVersion,
      write: { _, w in
        w.key(key)
        w.int(w.bundleForm.formatVersion)
      },
      read: { index, r in
        guard let raw = r.optional(key) else { throw BundleDecodingError(path: r.at(key), message: "missing") }
        index.formatVersion = try BundleCodec<Int>.int.read(raw, r.at(key), r.layouts)
      })
  }()

  /// `layouts`: written in the compact form only.
  package static let layoutsField: BundleField<Self> = {
    let key = "layouts"
    return .custom(
      key, .optional, type: "id → object", schema: BundleSchema.map(BundleSchema.layoutEntry),
      "compact form: id → the keys a section holds in place in the expanded form (`renderer`, `cell_attributes`, `display_rules`, `layout` and `geometry`), or those of a size class replacement (`geometry`), as one object, sorted by id. A `layout_ref` names its entry ([below](#shared-layouts)). Absent in the expanded form.",
      write: { index, w in
        guard w.bundleForm == .compact else { return }
        w.key(key)
        w.beginObject()
        for entry in index.layouts {
          w.key(entry.id)
          w.value(entry.value)
        }
        w.endObject()
      },
      read: { index, r in
        guard let raw = r.optional(key) else { return }
        guard let members = raw.objectValue else { throw expected("an object", at: r.at(key)) }
        index.layouts = try members.map { id, value in
          guard value.objectValue != nil else { throw expected("an object", at: r.at(key) + ".\(id)") }
          return LayoutEntry(id: id, value: value)
        }
      })
  }()

  /// `screen_types`.
  public static let screenTypesField = BundleField<Self>.required(
    "screen_types", \.screenTypes, .mappings,
    "`screen_type` value → screen id. Mappings that name a screen by its name are resolved to its id.")
  /// `content_types`.
  public static let contentTypesField = BundleField<Self>.required(
    "content_types", \.contentTypes, .mappings,
    "feed entry type → screen id, resolved the same way (QuickBrick's `{ \"screen_id\": … }` values too)")

  public static let fields: [BundleField<Self>] = [
    formatVersionField,
    .nullable("app", \.app, .string, "`zlc.json`'s `app`"),
    .optional(
      "platform", \.platform, .string,
      "the platform the bundle is for: the app's one platform, the one `--platform` named, or, for an app of several, the platform of this folder ([Platforms](#platforms)); absent when the app names no platform"
    ),
    .required("zlc_version", \.zlcVersion, .string, "the version of zlc that wrote the bundle"),
    .required(
      "devices", \.devices, .array(.object),
      "the devices the geometry was computed for (`zlc.json`'s on every platform, a TV platform's too, else phone 375, tablet-portrait 768 and tablet-landscape 1024, or in a TV platform's bundle its TV alone: tv 1920, or android-tv 960 on Android TV and Fire TV; each of its size class's class)"
    ),
    .alwaysWritten(
      "size_classes", \.sizeClasses, .array(.object),
      "the window width ranges and the device class each reads: `zlc.json`'s, else S (under 600, phone), L (600 to 1,199, tablet), XL (1,200 and up, tablet), which a reader takes when the key is absent. See [responsive.md](responsive.md)."
    ),
    .required("screens", \.screens, .array(.object), "every screen in project order, with its file and the file's hash"),
    screenTypesField, contentTypesField,
    .unlessEmpty(
      "ui_tags", \.uiTags, .mappings,
      "`ui_tag` → screen id: a feed item carrying that `ui_tag` opens the screen (after its `screen_type`, before its component's target and `content_types`); each tag names one screen. Left out when no screen has one."
    ),
    .unlessEmpty(
      "fallback_screens", \.fallbackScreens, .mappings,
      "feed entry type → screen id: the screen an item of that type opens when its `screen_type`, `ui_tag` and `content_types` (and, for an item that is not playable, its component's target) open none: for `video` the first screen whose plugin type is `player` (its `plugin_type`, else, for a screen plugin, the `type` of its manifest on the bundle's platform), for `link` the first whose `type` is `webview_screen_qb`. Left out when no screen is either."
    ),
    .unlessEmpty(
      "required_renderers", \.requiredRenderers, .array(.object),
      "per target platform, what the screens need a client to render, each list sorted. Left out when the project targets no platform ([platforms.md](platforms.md)). `BundleIndex.missingRenderers(for:available:)` compares it with what the running client has."
    ),
    .unlessEmpty(
      "fallbacks", \.fallbacks, .array(.object),
      "per registered client that lacks a renderer some section has a `fallback` for: the sections it draws with their fallbacks ([platforms.md](platforms.md#fallbacks-and-the-fleet)). `ScreenBundle.renderingPlan(available:)` gives the same for the running client. Left out when no client needs one."
    ),
    layoutsField,
  ]

  /// The index as its fields read it; a screen id listed twice is refused at the second, which
  /// opening by id would never find. Ids are the same when their bytes are: two that differ only
  /// in Unicode form are two screens, as zlc writes them.
  public static func decode(_ json: JSON, path: String, layouts: LayoutTable) throws -> Self {
    let index = try decode(try ObjectReader(json, path: path, layouts: layouts))
    if let (i, at) = firstRepeatedID(index.screens) {
      let screens = DecodingPath.at(path, key(\.screens))
      throw BundleDecodingError(
        path: DecodingPath.at(DecodingPath.at(screens, index: i), Entry.key(\.id)),
        message: "screen id '\(index.screens[i].id)' listed twice (first at \(DecodingPath.at(screens, index: at)))")
    }
    return index
  }

  /// The first entry whose id's bytes an entry before it has, and that entry's position: a table
  /// keyed by a hash of the bytes (FNV-1a), not a `Dictionary<String, _>`, whose hashing of every
  /// id of a large bundle cost a fifth of its load.
  static func firstRepeatedID(_ entries: [Entry]) -> (Int, Int)? {
    guard entries.count > 1, entries.count < Int(UInt32.max) else { return nil }
    var capacity = 16
    while capacity < entries.count * 2 { capacity *= 2 }
    let mask = capacity - 1
    // Per slot: the hash's high 32 bits and the position + 1 (0: empty).
    var slots = [UInt64](repeating: 0, count: capacity)
    for i in entries.indices {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in entries[i].id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 {
        let kept = slots[slot]
        let at = Int(truncatingIfNeeded: kept & 0xFFFF_FFFF) - 1
        if kept >> 32 == hash >> 32, entries[at].id.hasSameUTF8(as: entries[i].id) { return (i, at) }
        slot = (slot + 1) & mask
      }
      slots[slot] = (hash >> 32) << 32 | UInt64(i + 1)
    }
    return nil
  }

  public static var blank: Self {
    BundleIndex(formatVersion: 0, app: nil, zlcVersion: "", devices: [], screens: [], screenTypes: [], contentTypes: [])
  }
}

extension BundleCodec where Value == [BundleIndex.Mapping] {
  static var mappings: Self {
    map(.string, name: "type", key: { $0.key }, value: { $0.screen }, make: { BundleIndex.Mapping(key: $0, screen: $1) })
  }
}

extension BundleIndex.Entry: BundleObject {
  public static let schemaName = "entry"
  public static let summary = "One screen of the bundle and its file."
  public static let fields: [BundleField<Self>] = [
    .required("id", \.id, .string, "the screen id"),
    .nullable("name", \.name, .string, "the screen's name"),
    .required("file", \.file, .string, "the screen file, relative to the bundle folder"),
    .required(
      "sha256", \.sha256, .string,
      "the hex SHA-256 of the file's bytes: a client holding a file of this hash has this screen as the bundle has it"),
  ]
  public static var blank: Self { Self(id: "", name: nil, file: "", sha256: "") }
}

extension Device: BundleObject {
  public static let schemaName = "device"
  public static let summary = "A device the geometry was computed for."
  public static let fields: [BundleField<Self>] = [
    .required("name", \.name, .string, "the device's name in `zlc.json`"),
    .required(
      "class", \.deviceClass, .deviceClass, "its device class. A device declared by width alone has its size class's `class`."),
    .required(
      "width", \.width, .number(in: 1...Metrics.maxLength),
      "its width in points, as `zlc.json` gives it (not rounded: its size class follows from it)"),
    .optional("size_class", \.sizeClass, .string, "the size class its width falls in"),
    .optional(
      "state", \.state, .word("The window state"),
      "the window's state, when `zlc.json` names one: `portrait`, `landscape`, `slide_over` or `split_view`"),
  ]
  public static var blank: Self { Device(name: "", deviceClass: .phone, width: 0) }
}

extension SizeClass: BundleObject {
  public static let schemaName = "size_class"
  public static let summary = "A size class: a window width range and the device class it reads."
  public static let fields: [BundleField<Self>] = [
    .required("name", \.name, .string, "`S`, `L`, `XL` or the project's own name"),
    .required("min_width", \.minWidth, .exact, "the smallest width, inclusive"),
    .optional("max_width", \.maxWidth, .exact, "the first width past the class (exclusive); absent for no upper bound"),
    .required("class", \.deviceClass, .deviceClass, "the family device class a window of this class reads"),
  ]
  public static var blank: Self { SizeClass(name: "", minWidth: 0, maxWidth: nil, deviceClass: .phone) }
}

extension PlatformRenderers: BundleObject {
  public static let schemaName = "platform_renderers"
  public static let summary =
    "What the bundle needs of a client on one platform: its renderers (BundleIndex.missingRenderers compares them with a client's) and SDK version."
  public static let fields: [BundleField<Self>] = [
    .required("platform", \.platform, .string, "a platform id: `ios`, `android`, `tvos`, `android_for_quickbrick`, `samsung_tv`, …"),
    .optional(
      "min_zapp_sdk", \.minZappSDK, .string,
      "the oldest Zapp SDK version a client of the platform must have: the newest of `zlc.json`'s `platforms.<id>.min_zapp_sdk` and the `min_zapp_sdk` of the plugin manifests serving the platform of the plugins its screens use, left out when none gives one. An older client keeps the bundle it has (`BundleIndex.supportsClient(on:zappSDK:)`)."
    ),
    .optional(
      "unsupported_since_zapp_sdk", \.unsupportedSinceZappSDK, .string,
      "the first Zapp SDK version that can no longer draw the platform's screens: the oldest `unsupported_since_zapp_sdk` of those plugin manifests, left out when none gives one. A client at or past it keeps the bundle it has (`BundleIndex.supportsClient(on:zappSDK:)`)."
    ),
    .alwaysWritten("component_types", \.renderers.componentTypes, .array(.string), "component types, sorted"),
    .alwaysWritten(
      "cell_layouts", \.renderers.cellLayouts, .array(.string), "cell layout ids (`layoutId` of the family's cell styles), sorted"),
    .alwaysWritten("layout_kinds", \.renderers.layoutKinds, .array(.string), "layout kinds, sorted"),
    .alwaysWritten("screen_plugins", \.renderers.screenPlugins, .array(.string), "screen plugin types, sorted"),
    .optional(
      "navigation_plugins", \.renderers.navigationPlugins, .array(.string),
      "the plugins that draw the screens' navigations (each navigation's `navigation_type`, and each nav item's `type` that a `nav_item` plugin manifest declares), sorted; left out when there are none. A bundle of an earlier release leaves it out: it states none."
    ),
  ]
  public static var blank: Self { PlatformRenderers(platform: "", renderers: RendererSet()) }
}

// MARK: Screens

extension ResolvedScreen: BundleObject {
  public static let schemaName = "screen"
  public static let summary = "A resolved screen: the rivers screen with every key as written (home as a boolean), plus resolved."
  public static let isOpen = true

  static let idField = BundleField<Self>.own("id", .required, BundleCodec<String>.string, "the screen id")
  /// The key of a screen's id, for tools that point into a screen file.
  public static var idKey: String { idField.key }
  static let nameField = BundleField<Self>.own("name", .nullable, BundleCodec<String>.string, "the screen's name")
  static let typeField = BundleField<Self>.own(
    "type", .required, BundleCodec<String>.string, "`general_content`, `favorites`, or a screen plugin's identifier")
  /// `home`, which the compiler writes as a boolean.
  public static let homeField = BundleField<Self>.own(
    "home", .nullable, BundleCodec<Bool>.bool,
    "true for the home screen (a builder's `\"true\"` is written as the boolean); the one screen of an app of one is written true, flag or none"
  )
  /// `resolved`.
  public static let resolvedField = BundleField<Self>.required("resolved", \.resolved, .object, "what zlc resolved for the screen (below)")

  public static let fields: [BundleField<Self>] = [
    idField, nameField, typeField, homeField,
    .own(
      "navigations", .optional, BundleCodec<JSON>.any,
      "as written, plus `plugin_values` in each navigation and nav item a plugin with configuration fields draws ([Navigations](#navigations)); the runtime's `Navigation` reads each menu's items with the screen id of `data.target`, nested items included, and each one's `plugin_values`"
    ),
    resolvedField,
  ]

  public static var blank: Self { ResolvedScreen(members: [], resolved: Resolution.blank) }

  /// The screen's own keys the contract describes (`id`, `name`, `type`, `home`, `navigations`):
  /// all that the runtime's accessors of a screen read.
  public static let describedKeys: Set<String> = Set(fields.filter { $0.role == .own }.map(\.key))

  public func write(to w: inout JSONWriter) {
    var resolved = self.resolved
    if w.bundleForm == .compact {
      let components = self["ui_components"]
      var previous: [Int]?
      for i in resolved.sections.indices {
        resolved.sections[i].basis = SectionBasis(
          index: i, path: resolved.sections[i].component, previous: previous, screenFamily: resolved.family, components: components)
        previous = resolved.sections[i].component
      }
    }
    Self.write(to: &w) { w in
      for (key, value) in members {
        w.key(key)
        w.value(value)
      }
    } resolved: {
      resolved.write(to: &$0)
    }
  }

  /// Writes a screen whose own keys (`members`: keys and values, without `resolved`) and
  /// `resolved` object are written by the callers' closures, so neither need exist as values.
  public static func write(
    to w: inout JSONWriter, members: (inout JSONWriter) -> Void, resolved: (inout JSONWriter) -> Void
  ) {
    w.beginObject()
    members(&w)
    w.key(resolvedField.key)
    resolved(&w)
    w.endObject()
  }

  /// The screen's own keys as they are, `id` a string and `home` a boolean, and `resolved`.
  public static func decode(_ json: JSON, path: String, layouts: LayoutTable) throws -> Self {
    let r = try ObjectReader(json, path: path, layouts: layouts)
    guard r.optional(idField.key)?.stringValue != nil else { throw expected("a string", at: r.at(idField.key)) }
    var screen = blank
    // Each own key as its field says (`type` a string, `name` a string or null), kept as written.
    for i in fields.indices where fields[i].role == .own { try fields[i].read(&screen, r) }
    screen = ResolvedScreen(members: r.members, resolved: .blank)
    // As `resolvedField` reads it, with the keys its sections leave out derived from the screen.
    guard let resolved = r.optional(resolvedField.key) else { throw BundleDecodingError(path: r.at(resolvedField.key), message: "missing") }
    screen.resolved = try Resolution.decode(resolved, path: r.at(resolvedField.key), layouts: layouts, components: json["ui_components"])
    return screen
  }
}

extension Resolution: BundleObject {
  public static let schemaName = "resolution"
  public static let summary = "What zlc resolved for the screen."

  static let sectionsField = BundleField<Self>.required(
    "sections", \.sections, .array(.object), "one per leaf component, in screen order (below)")

  static let familyField = BundleField<Self>.nullable(
    "family", \.family, .string, "the screen's family: its own, else the one family its components share")

  public static let fields: [BundleField<Self>] = [
    familyField,
    .required("connected", \.connected, .bool, "true for a connected screen, which takes its data from the sender"),
    .required(
      "presentation", \.presentation, .word("How the screen is shown"),
      "`push`, `present` or `present_then_push` (default `push`): the screen's `styles.presentation`, or its other name `stack_mode`; a screen plugin's that leaves both out, its manifest's `initial_value` for `styles.presentation`"
    ),
    .required(
      "launch_mode", \.launchMode, .word("How the screen is launched"),
      "`standard`, `single_top` or `single_instance` (default `standard`): the screen's `styles.launch_mode`; a screen plugin's that leaves it out, its manifest's `initial_value` for it"
    ),
    .optional(
      "view_options", \.viewOptions, .object,
      "the screen's view options, when its styles set any ([View options](#view-options)). A `push` from a place without a navigation stack is shown as `present_then_push` (`Resolution.effectivePresentation(hasNavigationStack:)`)."
    ),
    .optional(
      "show_bottom_padding", \.showBottomPadding, .bool,
      "the family's `showBottomPadding`: whether the client adds padding below the last section; absent when the screen has no family or its family does not say"
    ),
    .optional(
      "plugin_values", \.pluginValues, .any,
      "a screen plugin's values as it reads them: section name (`general`, `styles`, `rules`, `data`, `assets`, `advertising`; not `localizations`, which holds texts per language) → an object of the screen's own values followed by its manifest's `initial_value` for each field the screen does not set (as a plugin component's `styles` are filled: a `switch` or `checkbox` field's value as `true` or `false`); `data` holds the screen's own `data` keys too (`connected`, `source`, `type`, ...). A section is present when it has a value. Absent for a screen that is not a plugin, whose manifest has no field in those sections, or that has no value there"
    ),
    sectionsField,
  ]

  public static var blank: Self { Resolution(family: nil, connected: false, presentation: .push, launchMode: .standard, sections: []) }

  /// The resolution of a screen whose `ui_components` are `components`: read as its fields read
  /// it, except that a key a section leaves out is derived (the compact form leaves out only what
  /// derives back).
  static func decode(_ json: JSON, path: String, layouts: LayoutTable, components: JSON?) throws -> Self {
    let r = try ObjectReader(json, path: path, layouts: layouts)
    var model = blank
    for i in fields.indices {
      guard fields[i].key == sectionsField.key else {
        try fields[i].read(&model, r)
        continue
      }
      model.sections = try sections(r, components: components)
    }
    return model
  }

  /// `sections`, as `sectionsField` reads it, each section with the keys it leaves out derived.
  private static func sections(_ r: ObjectReader, components: JSON?) throws -> [ResolvedSection] {
    let key = sectionsField.key
    guard let raw = r.optional(key) else { throw BundleDecodingError(path: r.at(key), message: "missing") }
    guard let items = raw.arrayValue else { throw expected("an array", at: r.at(key)) }
    var derivation = SectionDerivation(components: components, family: r.optional(familyField.key)?.stringValue)
    var sections: [ResolvedSection] = []
    sections.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let section = try ObjectReader(item, path: DecodingPath.at(r.at(key), index: index), layouts: r.layouts)
      // The keys the section leaves out are set as they are derived, not read.
      let derived = derivation.derived(for: item)
      let decoded = try ResolvedSection.decode(section) { model in derived.map { $0.basis.fill(&model, missing: $0.missing) } ?? 0 }
      try check(decoded, at: index, section)
      sections.append(decoded)
    }
    return sections
  }

  /// A section's `section` is its position in the list, and its `component` path, when derived,
  /// is one past the previous section's within the indices a path holds.
  private static func check(_ decoded: ResolvedSection, at index: Int, _ r: ObjectReader) throws {
    if decoded.section != index {
      throw BundleDecodingError(
        path: r.at(ResolvedSection.key(\.section)), message: "\(decoded.section) is not the section's position, \(index)")
    }
    // Only a derived path can be negative (a written one is refused): one that wrapped past `Int.max`.
    if decoded.component.contains(where: { $0 < 0 }) {
      throw BundleDecodingError(
        path: r.at(ResolvedSection.key(\.component)),
        message: "missing, and the path after the previous section's is past the largest index (\(Int.max))")
    }
  }

  /// Writes a resolution whose sections `sections` writes one at a time (each with
  /// `ResolvedSection.write(to:)`), so a screen of many sections is never held whole.
  public static func write(
    to w: inout JSONWriter, family: String?, connected: Bool, presentation: Presentation, launchMode: LaunchMode,
    viewOptions: ViewOptions? = nil, showBottomPadding: Bool? = nil, pluginValues: JSON? = nil, sections: (inout JSONWriter) -> Void
  ) {
    let heading = Resolution(
      family: family, connected: connected, presentation: presentation, launchMode: launchMode, viewOptions: viewOptions,
      showBottomPadding: showBottomPadding, pluginValues: pluginValues, sections: [])
    w.beginObject()
    for field in fields {
      guard field.key == sectionsField.key else {
        field.write(heading, to: &w)
        continue
      }
      w.key(field.key)
      w.beginArray()
      sections(&w)
      w.endArray()
    }
    w.endObject()
  }
}

extension DataBinding: BundleObject {
  public static let schemaName = "binding"
  public static let summary = "How a section gets its data."

  public static let fields: [BundleField<Self>] = [
    .required("binding", \.binding, .word("The binding"), "`own`, `sender_child` or `none` (below)"),
    .make(
      "source", .optional, .string,
      "`own`: the component's own data source (`data.source`, else its manifest's `initial_value` for it; null when it has none, as a type whose data the client holds, such as APPLICASTER_FAVORITES or DOWNLOADS, needs none)",
      writesNull: { $0.binding == .own },
      get: { $0.source }, set: { $0.source = $1 }),
    .make(
      "type", .optional, .string,
      "`own`: the data source's type (`data.type`, else its manifest's `initial_value` for it; null when it has none)",
      writesNull: { $0.binding == .own },
      get: { $0.type },
      set: { $0.type = $1 }),
    .optional("child", \.child, .index, "`sender_child`: the index of the sender's child"),
    .optional("group_child", \.groupChild, .index, "`sender_child`, for a component in a group: the index of that child's child"),
  ]

  public static var blank: Self { DataBinding(binding: .none) }
}

extension ResolvedSection.Renderer: BundleObject {
  public static let schemaName = "renderer"
  public static let summary = "The client renderer of a section."
  public static let fields: [BundleField<Self>] = [
    .nullable("layout_id", \.layoutID, .string, "the first cell style's `layoutId` in the family, or null (`cells` gives every style's)")
  ]
  public static var blank: Self { Self(layoutID: nil) }
}
