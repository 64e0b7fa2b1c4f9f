import ZappLayout

/// The shapes of every input zlc reads. Field summaries feed `zlc schema`.
public enum Shapes {
  package static let dataSource = ObjectShape(
    "data",
    [
      ("source", .string, "data source id or URL; \"\" or null for none"),
      ("type", .string, "data source type, e.g. APPLICASTER_COLLECTION"),
      ("connected", .bool, "true when the component opens a connected screen"),
      ("target", .string, "id of the screen a tap opens"),
    ])

  package static let screenData = ObjectShape(
    "screen data",
    [
      ("connected", .bool, "true for a connected screen, which takes the data of the item that opened it"),
      ("parent", .string, "id of the screen that opens this one"),
      ("source", .string, "data source id or URL"),
      ("type", .string, "data source type"),
      ("target", .string, "id of a screen"),
    ])

  public static let presentations = ["push", "present", "present_then_push"]
  public static let launchModes = ["standard", "single_top", "single_instance"]

  package static let screenStyles = ObjectShape(
    "screen styles",
    [
      ("family", .string, "family of the screen's components"),
      ("presentation", .oneOf(presentations), "how the screen is shown; default push"),
      ("stack_mode", .oneOf(presentations), "another name of presentation, as view options write it"),
      ("launch_mode", .oneOf(launchModes), "whether an open screen is reused; default standard"),
      ("status_bar", .bool, "whether the status bar shows"),
      ("nav_bar", .bool, "whether the navigation bar shows"),
      ("tab_bar", .bool, "whether the tab bar shows"),
      ("tool_bar", .bool, "whether the toolbar shows"),
      ("status_bar_style", .oneOf(ViewOptions.statusBarStyles), "the status bar's style"),
      ("nav_bar_style", .oneOf(ViewOptions.navBarStyles), "the navigation bar's style"),
      ("nav_bar_translucent", .bool, "whether the navigation bar is translucent"),
      ("hides_bottom_bar_when_pushed", .bool, "whether the tab bar hides while the screen is pushed"),
      ("supported_interface_orientations", .array(.oneOf(ViewOptions.orientations)), "the orientations the screen turns to"),
      ("autorotate", .bool, "whether the screen turns with the device"),
      ("animated", .bool, "whether opening and closing the screen is animated"),
    ])

  package static let screenRules = ObjectShape(
    "screen rules",
    [
      ("refresh", .oneOf(["none", "auto", "pull", "auto_and_pull"]), "refresh behaviour"),
      ("refresh_rate", .number, "seconds between automatic refreshes"),
      ("auto_refresh_image_url", .string, ""),
      ("auto_refresh_text_color", .string, ""),
      ("auto_refresh_ios_font_family", .string, ""),
      ("auto_refresh_title_size", .number, ""),
      ("auto_refresh_background_color", .string, ""),
      ("pull_to_refresh_loader_color", .string, ""),
      ("pull_to_refresh_background_color", .string, ""),
      ("pull_to_refresh_style", .oneOf(["default_spinner", "custom_spinner"]), ""),
    ])

  package static let header = ObjectShape(
    "header",
    [
      ("visible", .bool, "whether the header shows"),
      ("style", .string, "a header style of the family; \"No Header\", \"\" or null for none"),
      ("data", .object(dataSource), "what a tap on the header opens"),
      ("target", .string, "id of the screen a tap on the header opens"),
    ])

  /// A section footer: a header's keys, about the footer.
  package static let footer: ObjectShape = {
    var footer = header
    footer.fields = footer.fields.map { $0.key == "visible" ? ($0.key, $0.shape, "whether the footer shows") : $0 }
    return footer
  }()

  package static let componentStyles = ObjectShape(
    "component styles",
    [
      ("family", .string, "the component's family; defaults to the screen's"),
      ("cell_styles", .array(.string), "cell styles of the family; the last repeats to the end of the data"),
      ("layout", .string, "a named layout of the family, e.g. HERO_1; \"\" for the component's own"),
      ("header", .object(header), "section header"),
      ("footer", .object(footer), "section footer"),
      ("cell_body_component_type", .string, "component type of each cell's body (tab_bar)"),
      ("cell_body_styles", .array(.string), "cell styles of the body component"),
      ("hide_tabs", .bool, ""),
      ("tabs_style", .string, ""),
      ("default_tab", .integer, ""),
      ("overlay", .bool, ""),
      ("backgroundColor", .any, "card background: #RGB, #RRGGBB or #AARRGGBB (alpha first), over the cell style's"),
      ("cornerRadius", .any, "radius of the card's corners, from 0 to 10,000, over the cell style's"),
      ("margin", .any, "space around the card: [top, left, bottom, right] or an object of sides, over the cell style's"),
      ("backgroundImage", .any, "card background image: an absolute http or https URL, over the cell style's"),
      ("shadowColor", .any, "card shadow colour: #RGB, #RRGGBB or #AARRGGBB (alpha first), over the cell style's"),
      ("shadowRadius", .any, "blur radius of the card's shadow, from 0 to 10,000, over the cell style's"),
      ("shadowOffset", .any, "offset of the card's shadow: [x, y] or {\"x\": …, \"y\": …}, over the cell style's"),
    ])

  package static let componentRules = ObjectShape(
    "component rules",
    [
      ("item_limit", .any, "at most this many items; a whole number from 1 to 999,999,999 or a string holding one"),
      ("fill_rows", .bool, "trim items to whole rows for the device's column count"),
      ("item_limit_by_size_class", .map(.integer), "size class → at most this many items there (over item_limit)"),
      (
        "filter_by_size_class",
        .map(.object(ObjectShape("item filter", [("exclude_types", .array(.string), "item types left out on the size class")]))),
        "size class → {exclude_types}: items of those types are left out there, before the limit"
      ),
      ("merge_next_by_size_class", .array(.string), "size classes on which the next section's items are shown here, after these"),
      ("pad_rows", .bool, "fill the last row to full with placeholder items"),
      ("web_page_shows_navigation", .bool, ""),
      // Their values are ZL0410's, as item_limit's: a string holding a number is one.
      ("data_source_limit", .any, "older name of item_limit"),
      ("datasource_limit", .any, "older name of item_limit"),
    ])

  package static let component = ObjectShape(
    "component", required: ["component_type"],
    [
      ("id", .string, "component id"),
      ("component_type", .string, "a built-in type or a ui_component identifier"),
      ("data", .object(dataSource), "the component's own data source (root screens only)"),
      ("rules", .object(componentRules), ""),
      ("styles", .object(componentStyles), ""),
      ("ui_components", .array(.custom("component")), "components of a group"),
      ("position", .integer, "unused; array order decides"),
      ("advertising", .any, ""),
      ("name", .string, ""),
      (
        "size_class_mapping", .map(.custom("replacement")),
        "size class → \"hide\" or {component_type, cell_style}: how the component is drawn there"
      ),
      (
        "fallback", .custom("replacement"),
        "\"hide\" or {component_type, cell_style}: what clients lacking one of its renderers draw instead"
      ),
    ])

  /// What a component is drawn as instead, on a size class or by a client lacking one of its
  /// renderers: `"hide"` (a word, ZL0314's to check), or this object.
  public static let replacement = ObjectShape(
    "replacement",
    [
      ("component_type", .string, "the type drawn instead: a built-in type or a ui_component identifier"),
      ("cell_style", .string, "its cell style, of the component's family"),
    ])

  package static let navItem = ObjectShape(
    "navigation item",
    [
      ("id", .string, "the item's id"), ("title", .string, ""), ("type", .string, ""),
      ("data", .object(dataSource), "data.target is the screen the item opens"),
      ("assets", plugins("item assets"), ""), ("rules", plugins("item rules"), ""), ("styles", plugins("item styles"), ""),
      ("nav_items", .array(.custom("navItem")), "nested items"),
      ("general", plugins("item general"), ""), ("position", .integer, ""),
    ])

  /// An object of a navigation plugin's own keys (its `styles`, `rules`, …): any key, but an object.
  private static func plugins(_ name: String) -> Shape { .object(ObjectShape("navigation " + name, open: true, [])) }

  package static let navigation = ObjectShape(
    "navigation",
    [
      ("id", .string, "the navigation's id"), ("name", .string, ""),
      ("category", .oneOf(["nav_bar", "menu"]), ""),
      ("navigation_type", .string, "the navigation plugin's identifier"),
      ("styles", plugins("styles"), ""), ("rules", plugins("rules"), ""), ("assets", plugins("assets"), ""),
      ("data", plugins("data"), ""), ("nav_items", .array(.custom("navItem")), ""),
    ])

  public static let screen = ObjectShape(
    "screen", required: ["id", "type"],
    [
      ("$schema", .string, "the JSON Schema an editor validates this file with (zlc schema); ignored by zlc"),
      ("id", .string, "unique screen id"),
      ("name", .string, "screen title"),
      (
        "type", .string,
        "general_content, favorites, or a screen plugin's identifier; the first webview_screen_qb screen opens links content_types maps to none"
      ),
      ("home", .bool, "the app's first screen; exactly one"),
      (
        "ui_tag", .string,
        "the screen's unique tag: a feed item carrying this ui_tag opens it (white-label screens such as EPG and Settings)"
      ),
      ("home_offline", .bool, "the screen the app opens when it starts offline; it counts as opened (ZL0409)"),
      ("supports_offline", .bool, ""),
      ("data", .object(screenData), ""),
      ("styles", .custom("screenStyles"), ""),
      ("rules", .custom("screenRules"), ""),
      ("ui_components", .array(.custom("component")), ""),
      ("navigations", .array(.object(navigation)), ""),
      (
        "advertising",
        .object(
          ObjectShape(
            "advertising",
            [("banner_ad_unit_id", .string, ""), ("interstitial_ad_unit_id", .string, ""), ("display_interstitial_once", .bool, "")])), ""
      ),
      ("general", .map(.any), "screen plugin configuration"),
      ("hooks", .object(screenHooks), "preload and postload plugins"),
      ("nav_bar_id", .string, ""),
      (
        "plugin_type", .string,
        "player: the screen a video opens when content_types maps none (a screen plugin without one has its manifest's type); it counts as opened (ZL0408, ZL0409)"
      ),
    ])

  /// A screen's `hooks`: the plugins that run before and after it opens, sorted by `weight`.
  package static let screenHooks: ObjectShape = {
    let plugin = ObjectShape(
      "hook plugin", open: true,
      [
        ("identifier", .string, "the hook plugin's identifier"), ("type", .string, ""),
        ("screen_id", .string, "the screen the hook shows, when it shows one"), ("weight", .number, "the order hooks run in"),
      ])
    return ObjectShape(
      "screen hooks",
      [
        ("preload_plugins", .array(.object(plugin)), "plugins that run before the screen opens"),
        ("postload_plugins", .array(.object(plugin)), "plugins that run after it opens"),
      ])
  }()

  public static let device = ObjectShape(
    "device", required: ["name", "width"],
    [
      ("name", .string, "device name used in the bundle"),
      (
        "class", .oneOf(["phone", "tablet", "default", "sw600", "iphone", "ipad"]),
        "device class (which family values apply); defaults to the size class's"
      ),
      ("width", .number, "width in points"),
      ("state", .string, "the window's state (portrait, landscape, slide_over, split_view): family values for it apply"),
    ])

  public static let sizeClass = ObjectShape(
    "size class", required: ["name", "min_width"],
    [
      ("name", .string, "the size class's name (S, L, XL)"),
      ("min_width", .number, "smallest window width of the class, inclusive"),
      ("max_width", .number, "first width past the class; absent for no upper bound"),
      ("class", .oneOf(["phone", "tablet", "default", "sw600", "iphone", "ipad"]), "device class whose family values it reads"),
    ])

  public static let settings = ObjectShape(
    "zlc.json",
    [
      ("$schema", .string, "the JSON Schema an editor validates this file with (zlc schema); ignored by zlc"),
      ("app", .string, "app name written to the bundle"),
      ("devices", .array(.object(device)), "devices to compute geometry for"),
      ("size_classes", .array(.object(sizeClass)), "window width ranges (S, L, XL) and the device class each reads"),
      ("data_types", .array(.string), "extra data source types the app's clients know"),
      ("platforms", .map(.object(platformTarget)), "platform id (ios, android_for_quickbrick, …) → the oldest client it supports"),
    ])

  package static let platformTarget = ObjectShape(
    "platform", [("min_zapp_sdk", .string, "the oldest client SDK version the app supports on the platform, e.g. 20.0.0")])

  /// A client renderer registry (`registries/*.json`, `zlc schema registry`).
  public static let registry = ObjectShape(
    "registry", required: ["platform", "client_version"],
    [
      ("$schema", .string, ""),
      ("platform", .string, "the platform id: ios, android, tvos, android_for_quickbrick, samsung_tv, …"),
      ("client_version", .string, "the client build this lists: a version (20.1.0) or a range (20.0.0..<21.0.0)"),
      ("component_types", .array(.name), "component types the client has a renderer for"),
      ("cell_layouts", .array(.name), "cell layout ids (layout_id / layoutId) the client can draw"),
      ("layout_kinds", .array(.name), "layout kinds (flow, grid, paged, …) the client lays out"),
      ("screen_plugins", .array(.name), "screen plugin types the client can open"),
      (
        "navigation_plugins", .array(.name),
        "navigation plugins (menus, nav bars, nav item plugins) the client has; left out, the registry says nothing of them"
      ),
      ("installs", .number, "the share (0 to 1) of the platform's active installs this client build has"),
      ("applies_fallbacks", .bool, "true when the client draws a component's fallback where it lacks one of its renderers"),
    ])

  public static let screenTypes = ObjectShape(
    "screen_types.json",
    [
      ("$schema", .string, "the JSON Schema an editor validates this file with (zlc schema); ignored by zlc"),
      ("screen_types", .map(.string), "screen_type value → screen id or unique name"),
      (
        "content_types", .map(.custom("contentTypeTarget")),
        "feed entry type → screen id or unique name, or { \"screen_id\": id } (QuickBrick)"
      ),
    ])

  /// A QuickBrick `content_types` value: `{ "screen_id": "…" }`.
  public static let contentTypeTarget = ObjectShape(
    "content type target", open: true, required: ["screen_id"], [("screen_id", .string, "id of the screen feed entries of this type open")])

  public static let manifestField = ObjectShape(
    "field", open: true,
    [
      ("key", .string, "the key the value is stored under in the section"),
      ("type", .string, "the field's editor, e.g. text_input, select, tag_select, switch, color_picker"),
      ("label", .string, "the field's label in the builder"),
      ("label_tooltip", .any, "the help the builder shows beside the label"),
      ("initial_value", .any, "the value a new component or screen starts with"),
      ("placeholder", .any, "the builder's hint in an empty field"),
      ("options", .array(.custom("option")), "the choices of a select: values, or objects of text and value"),
      ("tooltip", .any, "the builder's help for the field"),
      ("tooltip_text", .any, "the builder's help for the field"),
      ("rules", .oneOf(["none", "conditional", "all_conditions"]), "how the field's conditional_fields combine"),
      ("folded", .any, "true for a group shown folded"),
      ("multiple", .any, "true when a select takes several values"),
      ("default", .any, "a plugin configuration field's default; a section's field fills initial_value alone (ZL0615)"),
      ("disableField", .any, "true when the builder shows the field read-only"),
      ("fields", .array(.custom("field")), "the fields of a group"),
      ("group", .bool, "true for a group of fields shown together"),
      (
        "conditional_fields",
        .array(
          .object(
            ObjectShape(
              "conditional field", open: true,
              [
                ("key", .string, "the field this one depends on, as section/key (styles/family for a family)"),
                ("condition_value", .any, "the value (or values) of that field for which this one applies"),
              ]))),
        "when the field applies, or (for cell_styles) which options a family offers"
      ),
    ])

  /// An option of a select, as an object (a plain value is `optionValue`).
  public static let manifestOption = ObjectShape(
    "option", open: true,
    [
      ("text", .any, "what the builder shows for the option"),
      ("value", .custom("optionValue"), "what the builder stores when the option is chosen: a string, number or boolean"),
    ])

  package static let manifestSection = ObjectShape(
    "manifest section", [("fields", .array(.custom("field")), "the configuration fields of this section, in order")])

  public static let manifest = ObjectShape(
    "manifest", open: true,
    [
      ("$schema", .string, "the JSON Schema an editor validates this file with (zlc schema); ignored by zlc"),
      ("identifier", .string, "the plugin's unique id; a ui_component's is the component_type screens use"),
      ("name", .string, "the plugin's name in the builder"),
      ("type", .string, "plugin type: ui_component, player, menu, nav_bar, general, cell_style_family…"),
      ("manifest_version", .string, "the plugin version, e.g. 1.2.0"),
      ("min_zapp_sdk", .string, "the oldest Zapp SDK version the plugin works with"),
      ("platform", .string, "the platform the manifest is for: ios, android, tvos, android_for_quickbrick, samsung_tv, …"),
      ("author_name", .string, "who maintains the plugin"),
      ("author_email", .string, "the maintainer's email"),
      ("description", .string, "what the plugin does, shown in the builder"),
      ("ui_builder_support", .bool, "true when the builder offers the plugin"),
      ("screen", .bool, "true for a screen plugin: screens may have it as their type"),
      ("react_native", .bool, "true for a plugin built as a React Native package (dependency_name names it)"),
      ("targets", .array(.string), "device targets: mobile, tv"),
      ("ui_frameworks", .array(.string), "UI frameworks: native, quickbrick"),
      ("whitelisted_account_ids", .array(.string), "the Zapp accounts the plugin is offered to"),
      ("data_types", .array(.string), "data source types the component accepts"),
      (
        "characteristics",
        .object(
          ObjectShape(
            "characteristics", open: true,
            [
              ("group", .bool, "true when the component is a group that holds other components"),
              ("appearance", .array(.oneOf(["group", "screen"])), "where the component may stand: in a group, on a screen"),
              ("can_have_components", .bool, "true when a screen plugin holds components"),
            ])), "what kind of component or screen the plugin is"
      ),
      ("general", .object(manifestSection), "general configuration fields"),
      ("styles", .object(manifestSection), "style fields: keys a component's (or screen's) styles may hold; cell_styles options"),
      ("rules", .object(manifestSection), "rule fields: keys a component's (or screen's) rules may hold"),
      ("data", .object(manifestSection), "data fields: a component with any takes a data source"),
      ("assets", .object(manifestSection), "asset fields (images)"),
      ("advertising", .object(manifestSection), "advertising fields"),
      ("localizations", .object(manifestSection), "localized text fields"),
      ("hooks", .object(manifestSection), "hook fields (preload and postload plugins)"),
    ])

  /// The identifiers of the navigation plugins Zapp ships (a navigation's `navigation_type`); apps
  /// add plugins of their own.
  package static let navigationTypes = [
    "navigation_bar", "TwoLevelRNMenu", "two_level_rn_menu", "quick_brick_side_menu", "top_menu_bar_tv", "applicaster_toolbar",
  ]

  /// The manifest types of plugins that may draw a navigation (`general`: a plugin of an app's own).
  package static let navigationPluginTypes: Set<String> = ["menu", "nav_bar", "nav_item", "general"]

  /// The navigation plugins of the native SDK, whose menus and nav bars each draw their own item
  /// types (`navMenuItemTypes`, `navBarItemTypes`); Quick Brick's draw others.
  package static let nativeNavigationTypes: Set<String> = ["navigation_bar", "TwoLevelRNMenu"]

  /// The navigation item types of the native SDK's menus (a nav item's `type`).
  package static let navMenuItemTypes = [
    "label", "header", "ad", "nested_menu", "applicaster_epg", "applicaster_settings", "applicaster_crossmates",
  ]

  /// The navigation item types of the native SDK's nav bars.
  package static let navBarItemTypes = ["button", "live_drawer", "chromecast", "applicaster_feed", "applicaster_chromecast"]

  /// The navigation item types of the native SDK: those of a menu, then those of a nav bar.
  package static let navItemTypes = navMenuItemTypes + navBarItemTypes

  /// The navigation item ids that plugin manifests list (`supported_nav_items`): not item types of
  /// the native SDK, but a vocabulary of navigations all the same.
  package static let manifestNavItemTypes = [
    "nav_chromecast", "nav_live", "nav_screen", "nav_url", "nav_header", "nav_nested_menu", "nav_epg", "nav_settings",
    "tv_right_button", "tv_right_image", "tv_left_image", "tv_left_button",
  ]

  /// The feed entry types (`type.value`) of the Applicaster feed; apps add types of their own.
  package static let feedEntryTypes = ["feed", "video", "audio", "article", "channel", "program", "link", "imageGallery"]

  package static let feedEntry = ObjectShape(
    "feed entry", open: true,
    [
      ("$schema", .string, "the JSON Schema an editor validates this file with (zlc schema); ignored by zlc"),
      ("id", .stringOrNumber, "the entry's id"),
      ("title", .string, "the entry's title"),
      (
        "type",
        .object(
          ObjectShape(
            "feed entry type", open: true,
            [("value", .string, feedEntryTypes.joined(separator: ", ") + ", or an app's own: picks content_types")])),
        "what the entry is"
      ),
      (
        "content",
        .object(
          ObjectShape(
            "feed entry content", open: true,
            [
              ("src", .string, "URL of the content or of a child feed"),
              (
                "type", .string,
                "content MIME type: video/hls makes the entry playable, so a tap plays it rather than opening the component's target"
              ),
            ])),
        "the entry's content"
      ),
      (
        "link",
        .object(
          ObjectShape(
            "feed entry link", open: true,
            [
              ("href", .string, "the linked URL"), ("type", .any, "link type, e.g. atom; not read"),
              ("rel", .any, "relation, e.g. self; not read"),
            ])),
        "a link to the entry or feed"
      ),
      ("screen_type", .string, "the id of the screen that opens this entry (before data.target and content_types)"),
      ("screenType", .string, "Quick Brick's spelling of screen_type, read when screen_type is absent or empty"),
      ("ui_tag", .string, "legacy unique screen tag"),
      (
        "media_group", .any,
        "the entry's images: the image_base item of an image group, else its first image with a source, is the one the preview draws"
      ),
      ("entry", .array(.custom("feedEntry")), "the children: each feeds one component of a connected screen"),
      (
        "style", .object(ObjectShape("feed item style", open: true, [])),
        "the item's own style over the family's: a card's backgroundColor, cornerRadius, margin, backgroundImage, shadowColor, shadowRadius, shadowOffset; an element's display, width_ratio, width_height_ratio, margin"
      ),
      // A feed carries other readers' keys too: a value that is no card's is passed over.
      (
        "layout", .any,
        "how the item's card places its elements, in place of its cell style's: 1 (flow), 2 (linear), 3 (one_and_n) or 4 (waterfall); another value is another reader's"
      ),
      (
        "elements", .any,
        "the item's card elements (card JSON's, a list of objects): each one's display, width_ratio, width_height_ratio and margin, or its style's, over its cell style's element at the same place"
      ),
    ])

  public static let feed = feedEntry
}

/// The keys a navigation's or navigation item's section has of its own, beside those its plugin's
/// manifest declares: a Quick Brick item's `general` holds `home` and `new`; a nav bar's `styles`
/// its `state`, `presentation_style`, `style`, colours (`…_color`), title sizes (`title_size…`) and
/// font families (`ios_font_family`, `android_font_family`), and its `assets` the images the SDKs'
/// nav bars draw.
package enum NavigationPluginKeys {
  /// The words a nav bar's `state`, `presentation_style` and `style` (where its title stands) take.
  package static let barStyleWords = [
    "state": ["on_top", "overlay", "hidden"], "presentation_style": ["logo", "title", "hidden"], "style": ["left", "center"],
  ]

  /// The other keys of a nav bar's `styles` that the native SDKs read: the title's font family on
  /// each of them.
  package static let barStyleKeys: Set<String> = ["ios_font_family", "android_font_family"]

  /// The images of a nav bar's `assets` that the native SDKs' nav bars read: the logo, the context
  /// buttons' images and the background.
  package static let barAssets: Set<String> = [
    "app_logo", "back_button", "close_button", "menu_button", "background", "background_tablet",
  ]

  /// The keys of a navigation item's `general` of its own.
  package static let itemGeneral: Set<String> = ["home", "new"]

  /// How a key of a section is built in: by its name, or by its shape (a nav bar's colours and
  /// title sizes), which a typo of a declared key may also have.
  package enum BuiltIn { case named, shaped }

  /// Whether and how `key` of `section` of an item (or of a navigation, a nav bar when `bar`) is
  /// built in.
  package static func builtIn(_ key: String, in section: String, item: Bool, bar: Bool) -> BuiltIn? {
    if item { return section == "general" && itemGeneral.contains(key) ? .named : nil }
    guard bar else { return nil }
    switch section {
    case "assets": return barAssets.contains(key) ? .named : nil
    case "styles":
      if barStyleWords[key] != nil || barStyleKeys.contains(key) { return .named }
      return key.hasSuffix("_color") || key.hasPrefix("title_size") ? .shaped : nil
    default: return nil
    }
  }

  /// The keys of `section` built in by their name, which a misspelling of one is told to be.
  package static func namedKeys(in section: String, item: Bool, bar: Bool) -> [String] {
    if item { return section == "general" ? itemGeneral.sorted() : [] }
    guard bar else { return [] }
    switch section {
    case "assets": return barAssets.sorted()
    case "styles": return (Array(barStyleWords.keys) + barStyleKeys).sorted()
    default: return []
    }
  }
}
