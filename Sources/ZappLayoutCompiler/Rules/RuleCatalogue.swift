// The catalogue of every rule zlc checks. Codes are stable: a code is never reused for another rule.
// ZL01xx reading, ZL02xx shape, ZL03xx references, ZL04xx screens, ZL05xx geometry, ZL06xx manifests,
// ZL07xx mapping.

extension Rule {
  // MARK: Reading

  public static let ioError = Rule(
    code: "ZL0100", name: "io-error", severity: .error, category: .reading,
    summary: "A file or folder could not be read or written.",
    explanation: """
      zlc could not read an input (missing, unreadable, a folder where a file was expected, a link \
      that leaves the project or loops) or could not write the output. The exit status is 74. Fix \
      the permissions or the path; zlc never follows a link out of the project.
      """,
    bad: "$ chmod 000 manifests/screens/home.json && zlc check manifests/",
    good: "$ chmod 644 manifests/screens/home.json && zlc check manifests/")

  public static let jsonSyntax = Rule(
    code: "ZL0101", name: "json-syntax", severity: .error, category: .reading,
    summary: "The file is not valid JSON (RFC 8259).",
    explanation: """
      zlc reads JSON exactly as RFC 8259 defines it. An unexpected character, a missing comma or \
      colon, an unterminated string or a document that ends early is reported at its own line and \
      column. The rest of that file is not checked.
      """,
    bad: #"{ "id": "home" "name": "Home" }"#,
    good: #"{ "id": "home", "name": "Home" }"#)

  public static let jsonTrailingComma = Rule(
    code: "ZL0102", name: "json-trailing-comma", severity: .error, category: .reading,
    summary: "A comma before a closing bracket or brace.",
    explanation: """
      JSON allows no comma after the last element of an array or the last member of an object. \
      The docs of several builders show such commas; servers and clients reject them. zlc points at \
      the comma itself and reads on as if it were not there.
      """,
    bad: #"{ "cell_styles": ["LIST_1",] }"#,
    good: #"{ "cell_styles": ["LIST_1"] }"#)

  public static let jsonComment = Rule(
    code: "ZL0103", name: "json-comment", severity: .error, category: .reading,
    summary: "JSON has no comments.",
    explanation: """
      `//` and `/* */` comments are not JSON. Move the note into a key the format allows or into \
      the project's docs.
      """,
    bad: #"{ "id": "home" // the home screen"# + "\n}",
    good: #"{ "id": "home" }"#)

  public static let jsonNumber = Rule(
    code: "ZL0104", name: "json-number", severity: .error, category: .reading,
    summary: "A number JSON does not allow, or one beyond the range of a Double.",
    explanation: """
      JSON numbers have no leading zeros, no leading `+`, no bare `.5` or `1.`, no `NaN` or \
      `Infinity`, and zlc rejects numbers that overflow a 64-bit float.
      """,
    bad: #"{ "item_limit": 06 }"#,
    good: #"{ "item_limit": 6 }"#)

  public static let jsonString = Rule(
    code: "ZL0105", name: "json-string", severity: .error, category: .reading,
    summary: "A string JSON does not allow.",
    explanation: """
      JSON strings use double quotes, escape control characters (a raw tab or line break inside a \
      string is an error), use only the escapes `\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX`, and pair \
      every UTF-16 surrogate escape.
      """,
    bad: #"{ 'id': "home" }"#,
    good: #"{ "id": "home" }"#)

  public static let encoding = Rule(
    code: "ZL0106", name: "encoding", severity: .error, category: .reading,
    summary: "The file is not UTF-8 text.",
    explanation: """
      Inputs are UTF-8 (a UTF-8 byte-order mark is accepted). Invalid byte sequences, UTF-16 or \
      UTF-32 files and NUL bytes are reported at the first offending byte.
      """,
    bad: "a file saved as UTF-16 by an editor",
    good: "the same file saved as UTF-8")

  public static let duplicateKey = Rule(
    code: "ZL0107", name: "duplicate-key", severity: .error, category: .reading,
    summary: "An object has the same key twice.",
    explanation: """
      RFC 8259 leaves duplicate keys undefined: one client keeps the first, another the last. zlc \
      points at the second key with a note at the first.
      """,
    bad: #"{ "id": "home", "id": "shows" }"#,
    good: #"{ "id": "home" }"#)

  public static let limit = Rule(
    code: "ZL0108", name: "limit-exceeded", severity: .error, category: .reading,
    summary: "An input exceeds one of zlc's documented limits.",
    explanation: """
      Files larger than 256 MiB, values nested deeper than 512 levels, strings longer than 16 MiB \
      and projects with more than 100,000 files are refused with this diagnostic instead of \
      exhausting memory or the stack. See docs/limits.md.
      """,
    bad: "[[[[[[ … 10,000 levels … ]]]]]]",
    good: "a screen list nested a few levels deep")

  public static let xmlSyntax = Rule(
    code: "ZL0109", name: "xml-syntax", severity: .error, category: .reading,
    summary: "The file is not well-formed XML.",
    explanation: """
      Family XML must be well-formed XML 1.0: one root element, matching tags, quoted attribute \
      values, no duplicate attributes, only the five predefined entities and character references.
      """,
    bad: #"<Family name="FAMILY_1"><Screens></Family>"#,
    good: #"<Family name="FAMILY_1"><Screens/></Family>"#)

  public static let xmlDoctype = Rule(
    code: "ZL0110", name: "xml-doctype", severity: .error, category: .reading,
    summary: "DTDs and entity declarations are not allowed in family XML.",
    explanation: """
      A `<!DOCTYPE>` can declare external entities that read local files or expand into gigabytes \
      (entity bombs). zlc never resolves or expands them: a family with a DTD is refused.
      """,
    bad: #"<!DOCTYPE Family [<!ENTITY x SYSTEM "file:///etc/passwd">]><Family name="F">&x;</Family>"#,
    good: #"<Family name="F"/>"#)

  public static let outputRefused = Rule(
    code: "ZL0111", name: "output-refused", severity: .error, category: .reading,
    summary: "The output folder is not one zlc may replace.",
    explanation: """
      `zlc build` and `zlc preview` replace their output folder whole. So that a build can never \
      delete a user's files, zlc writes only a folder that does not exist, is empty, or holds its own \
      earlier output of the same kind (marked by a `.zlc-output` file). The output may not be the \
      project, a folder that holds the project, or a folder inside the project's `screens/`, \
      `components/` or `families/`, and it may not be a file or a link. Nothing is read or written \
      when the output is refused; the exit status is 64.
      """,
    bad: "zlc build manifests -o manifests",
    good: "zlc build manifests -o build")

  public static let noProject = Rule(
    code: "ZL0112", name: "no-project", severity: .error, category: .reading,
    summary: "The folder holds no layout project: no screens, or no file zlc reads.",
    explanation: """
      A layout project has its screens in `rivers.json` or `screens/*.json`, beside \
      `components/*.json`, `families/*.xml` or `*.json`, `zlc.json` and `screen_types.json`. A folder \
      with none of them (an empty folder, a folder of images, a mistyped path, the `screens/` folder \
      itself) would otherwise check clean and build an empty bundle, so it is an error: the message \
      says what was expected and what was found.
      """,
    bad: "$ zlc check manifests/screens",
    good: "$ zlc check manifests")

  // MARK: Shape

  public static let missingKey = Rule(
    code: "ZL0201", name: "missing-key", severity: .error, category: .shape,
    summary: "A required key is missing.",
    explanation: """
      Screens need `id` and `type`, components need `component_type`, families need `name`, \
      devices need `name`, `class` and `width`. The diagnostic points at the object that lacks it.
      """,
    bad: #"{ "name": "Home", "type": "general_content" }"#,
    good: #"{ "id": "home", "name": "Home", "type": "general_content" }"#)

  public static let wrongType = Rule(
    code: "ZL0202", name: "wrong-type", severity: .error, category: .shape,
    summary: "A value has the wrong JSON type.",
    explanation: """
      Each key takes one kind of value. zlc accepts what real builders emit — numbers written as \
      strings (`"item_limit": "6"`), `""` or `null` for empty data, `"true"` for booleans — and \
      reports anything else.
      """,
    bad: #"{ "ui_components": { "component_type": "grid" } }"#,
    good: #"{ "ui_components": [ { "component_type": "grid" } ] }"#)

  public static let invalidValue = Rule(
    code: "ZL0203", name: "invalid-value", severity: .error, category: .shape,
    summary: "A value is outside the set the key allows.",
    explanation: """
      Keys such as `styles.presentation` (push, present, present_then_push), \
      `styles.launch_mode` (standard, single_top, single_instance), a device `class` (phone, \
      tablet) or a family `layout` take one of a known set of values.
      """,
    bad: #"{ "styles": { "presentation": "modal" } }"#,
    good: #"{ "styles": { "presentation": "present" } }"#)

  public static let unknownKey = Rule(
    code: "ZL0204", name: "unknown-key", severity: .warning, category: .shape,
    summary: "A key zlc does not know.",
    explanation: """
      A key that is not part of the format is probably a typo; clients ignore it silently. A \
      plugin component may carry any key its manifest declares.
      """,
    bad: #"{ "component_type": "grid", "stlyes": {} }"#,
    good: #"{ "component_type": "grid", "styles": {} }"#)

  // MARK: References

  public static let unknownFamily = Rule(
    code: "ZL0301", name: "unknown-family", severity: .error, category: .references,
    summary: "A family that no family file defines.",
    explanation: """
      `styles.family` on a screen or component must name a built-in family or one in the \
      project's `families/` folder.
      """,
    bad: #"{ "styles": { "family": "FAMILY_9" } }"#,
    good: #"{ "styles": { "family": "FAMILY_1" } }"#)

  public static let familyMismatch = Rule(
    code: "ZL0302", name: "family-mismatch", severity: .warning, category: .references,
    summary: "A component's family differs from its screen's.",
    explanation: """
      iOS reads the family from the screen, other clients from the component. When both are given \
      and differ, the screen renders differently per platform. zlc uses the component's.
      """,
    bad: #"screen "family": "FAMILY_1", component "family": "FAMILY_2""#,
    good: #"screen "family": "FAMILY_1", component "family": "FAMILY_1""#)

  public static let unknownComponentType = Rule(
    code: "ZL0303", name: "unknown-component-type", severity: .error, category: .references,
    summary: "A component type that is neither built in nor declared by a manifest.",
    explanation: """
      Built-in types are list, grid, hero, carousel, horizontal_list, html_ticker, tab_bar, group \
      and web_view. Any other type must be the identifier of a `ui_component` manifest in \
      `components/`.
      """,
    bad: #"{ "component_type": "gird" }"#,
    good: #"{ "component_type": "grid" }"#)

  public static let unknownCellStyle = Rule(
    code: "ZL0304", name: "unknown-cell-style", severity: .error, category: .references,
    summary: "A cell style the family (or the component's manifest) does not offer.",
    explanation: """
      Each entry of `cell_styles` (and `cell_body_styles`) must be a cell the family defines for \
      that component type, or an option the component manifest's `cell_styles` field offers for \
      that family.
      """,
    bad: #"{ "component_type": "grid", "styles": { "family": "FAMILY_1", "cell_styles": ["LIST_1"] } }"#,
    good: #"{ "component_type": "grid", "styles": { "family": "FAMILY_1", "cell_styles": ["GRID_1"] } }"#)

  public static let unknownLayout = Rule(
    code: "ZL0305", name: "unknown-layout", severity: .error, category: .references,
    summary: "A `styles.layout` the family does not declare for that component type.",
    explanation: """
      A named layout (`HERO_1`, `TABS_1`) is declared by a `<Layout name=… kind=…/>` inside the \
      family's component. `""` or no `layout` means the component's own layout.
      """,
    bad: #"{ "component_type": "hero", "styles": { "layout": "HERO_9" } }"#,
    good: #"{ "component_type": "hero", "styles": { "layout": "HERO_1" } }"#)

  public static let unknownHeaderStyle = Rule(
    code: "ZL0306", name: "unknown-header-style", severity: .error, category: .references,
    summary: "A header or footer style the family does not declare.",
    explanation: """
      `styles.header.style` and `styles.footer.style` name a `<Header>` of the family. \
      `"No Header"`, `""` and `null` mean none.
      """,
    bad: #"{ "header": { "visible": true, "style": "HEADER_7" } }"#,
    good: #"{ "header": { "visible": true, "style": "HEADER_1" } }"#)

  public static let unknownScreen = Rule(
    code: "ZL0307", name: "unknown-screen", severity: .error, category: .references,
    summary: "A reference to a screen that does not exist.",
    explanation: """
      `data.target`, `data.parent`, navigation item targets and the values of `screen_types.json` \
      name a screen by its `id` (or, in mappings, a unique `name`).
      """,
    bad: #"{ "data": { "target": "show-scren" } }"#,
    good: #"{ "data": { "target": "show-screen" } }"#)

  public static let ambiguousScreenName = Rule(
    code: "ZL0308", name: "ambiguous-screen-name", severity: .error, category: .references,
    summary: "A mapping names a screen by a name that several screens share.",
    explanation: """
      `screen_types.json` may name a screen by its `name` only when the name is unique; otherwise \
      use the screen's `id`.
      """,
    bad: #"{ "screen_types": { "show": "Details" } }   (two screens are named "Details")"#,
    good: #"{ "screen_types": { "show": "show-details" } }"#)

  public static let missingFamily = Rule(
    code: "ZL0309", name: "missing-family", severity: .error, category: .references,
    summary: "A component with cell styles has no family, on itself or on its screen.",
    explanation: """
      Cell styles, layouts and geometry come from a family: set `styles.family` on the screen or \
      on the component.
      """,
    bad: #"{ "component_type": "grid", "styles": { "cell_styles": ["GRID_1"] } }"#,
    good: #"{ "component_type": "grid", "styles": { "family": "FAMILY_1", "cell_styles": ["GRID_1"] } }"#)

  public static let familyReplaced = Rule(
    code: "ZL0310", name: "family-replaced", severity: .note, category: .references,
    summary: "A project family replaces a built-in family of the same name.",
    explanation: """
      A family in the project's `families/` folder with the name of a built-in family replaces it \
      for this project. This is allowed; zlc says so in case it was not intended.
      """,
    bad: "families/FAMILY_1.xml in the project (replaces the built-in FAMILY_1)",
    good: "families/MY_FAMILY.xml in the project")

  public static let duplicateFamily = Rule(
    code: "ZL0311", name: "duplicate-family", severity: .error, category: .references,
    summary: "Two project families have the same name.",
    explanation: "Family names are unique within a project; rename or remove one of them.",
    bad: #"families/a.xml and families/b.json both define "MY_FAMILY""#,
    good: "each family file defines its own name")

  public static let unknownScreenPlugin = Rule(
    code: "ZL0312", name: "unknown-screen-plugin", severity: .error, category: .references,
    summary: "A screen type that no screen-plugin manifest declares.",
    explanation: """
      A screen whose `type` is neither `general_content` nor `favorites` is a screen plugin: its \
      type must be the identifier of a manifest with `"screen": true` in `components/`.
      """,
    bad: #"{ "type": "setings_screen" }"#,
    good: #"{ "type": "settings_screen" }"#)

  // MARK: Screens

  public static let missingDataSource = Rule(
    code: "ZL0401", name: "missing-data-source", severity: .error, category: .screens,
    summary: "A component on a root screen has no data source.",
    explanation: """
      Root (non-connected) screens give every data-taking component its own `data.source`; an \
      empty source shows an empty component on the device.
      """,
    bad: #"{ "component_type": "grid", "data": { "source": "", "type": "" } }"#,
    good: #"{ "component_type": "grid", "data": { "source": "3139", "type": "APPLICASTER_COLLECTION" } }"#)

  public static let unknownDataType = Rule(
    code: "ZL0402", name: "unknown-data-type", severity: .error, category: .screens,
    summary: "A data source type clients do not know.",
    explanation: """
      `data.type` on a root screen's component is one of APPLICASTER_CATEGORY, \
      APPLICASTER_COLLECTION, APPLICASTER_ATOM_FEED, APPLICASTER_FAVORITES, WEB_URL, BANNER, \
      SMART_BANNER, BOX_BANNER, DOWNLOADS, USER_ACCOUNT_COMPONENT, or a type listed in \
      `zlc.json`'s `data_types`.
      """,
    bad: #"{ "data": { "source": "3126", "type": "APPLICASTER_COLECTION" } }"#,
    good: #"{ "data": { "source": "3126", "type": "APPLICASTER_COLLECTION" } }"#)

  public static let connectedComponentSource = Rule(
    code: "ZL0403", name: "connected-component-source", severity: .error, category: .screens,
    summary: "A component on a connected screen carries its own data source.",
    explanation: """
      A connected screen hands the children of the item that opened it to its components one by \
      one; a data source of a component's own would be ignored by some clients and used by others.
      """,
    bad: #"{ "data": { "connected": true }, "ui_components": [ { "data": { "source": "3126" } } ] }"#,
    good: #"{ "data": { "connected": true }, "ui_components": [ { "data": { "source": "" } } ] }"#)

  public static let duplicateScreenID = Rule(
    code: "ZL0404", name: "duplicate-screen-id", severity: .error, category: .screens,
    summary: "Two screens have the same id.",
    explanation: "Screen ids are unique per app; the second is reported with a note at the first.",
    bad: #"[ { "id": "home", … }, { "id": "home", … } ]"#,
    good: #"[ { "id": "home", … }, { "id": "shows", … } ]"#)

  public static let missingHome = Rule(
    code: "ZL0405", name: "missing-home", severity: .error, category: .screens,
    summary: "No screen is marked `home`.",
    explanation: "Exactly one screen has `\"home\": true`; the app starts there.",
    bad: #"[ { "id": "a", "home": false }, { "id": "b" } ]"#,
    good: #"[ { "id": "a", "home": true }, { "id": "b" } ]"#)

  public static let duplicateHome = Rule(
    code: "ZL0406", name: "duplicate-home", severity: .error, category: .screens,
    summary: "More than one screen is marked `home`.",
    explanation: "Exactly one screen has `\"home\": true`; the others are reported with a note at the first.",
    bad: #"[ { "id": "a", "home": true }, { "id": "b", "home": true } ]"#,
    good: #"[ { "id": "a", "home": true }, { "id": "b", "home": false } ]"#)

  public static let connectedHome = Rule(
    code: "ZL0407", name: "connected-home", severity: .error, category: .screens,
    summary: "The home screen is a connected screen.",
    explanation: "Nothing opens the home screen, so it has no sender to take data from: it must be a root screen.",
    bad: #"{ "id": "a", "home": true, "data": { "connected": true } }"#,
    good: #"{ "id": "a", "home": true, "data": {} }"#)

  public static let unreachableConnected = Rule(
    code: "ZL0408", name: "unreachable-connected-screen", severity: .error, category: .screens,
    summary: "Nothing can open a connected screen.",
    explanation: """
      A connected screen takes its data from the item that opened it, so something must open it: \
      a `screen_types`/`content_types` mapping, a component's `data.target` or a navigation item.
      """,
    bad: #"a connected screen "season" that no mapping, target or navigation item names"#,
    good: #"screen_types.json: { "screen_types": { "season": "season" } }"#)

  public static let unopenedRoot = Rule(
    code: "ZL0409", name: "unopened-root-screen", severity: .warning, category: .screens,
    summary: "Nothing opens a root screen other than home.",
    explanation: """
      A root screen that no navigation item, component target or mapping opens is never shown. \
      Add it to a menu or remove it.
      """,
    bad: #"a root screen "live" that no menu item targets"#,
    good: #"{ "nav_items": [ { "title": "Live", "data": { "target": "live" } } ] }"#)

  public static let invalidItemLimit = Rule(
    code: "ZL0410", name: "invalid-item-limit", severity: .error, category: .screens,
    summary: "`rules.item_limit` is not a positive whole number.",
    explanation: "`item_limit` is a positive whole number, written as a number or a string (\"6\"); `\"\"` or `null` mean no limit.",
    bad: #"{ "rules": { "item_limit": "six" } }"#,
    good: #"{ "rules": { "item_limit": "6" } }"#)

  public static let groupContent = Rule(
    code: "ZL0411", name: "group-content", severity: .error, category: .screens,
    summary: "A group holds a component that cannot stand in a group.",
    explanation: """
      A component may stand in a group only when its manifest's `characteristics.appearance` \
      includes `group` (the default for ui_components).
      """,
    bad: #"a group holding a component whose manifest says "appearance": ["screen"]"#,
    good: #"a group holding components whose appearance includes "group""#)

  public static let groupPlacement = Rule(
    code: "ZL0412", name: "group-placement", severity: .error, category: .screens,
    summary: "A group stands inside another group.",
    explanation: "A group can only be placed on a screen, not inside another group.",
    bad: #"{ "component_type": "group", "ui_components": [ { "component_type": "group" } ] }"#,
    good: #"{ "component_type": "group", "ui_components": [ { "component_type": "grid" } ] }"#)

  public static let multipleSticky = Rule(
    code: "ZL0413", name: "multiple-sticky", severity: .error, category: .screens,
    summary: "More than one sticky component on a screen.",
    explanation: "Only one component can be pinned when scrolled past; the second is reported with a note at the first.",
    bad: "two components whose layout is sticky on one screen",
    good: "one sticky component per screen")

  public static let pluginComponents = Rule(
    code: "ZL0414", name: "plugin-screen-components", severity: .error, category: .screens,
    summary: "A screen plugin that cannot hold components has components.",
    explanation: """
      Only `general_content`, `favorites` and screen plugins whose manifest sets \
      `characteristics.can_have_components` to true hold `ui_components`.
      """,
    bad: #"{ "type": "settings_screen", "ui_components": [ { "component_type": "grid" } ] }"#,
    good: #"{ "type": "settings_screen", "ui_components": [] }"#)

  // MARK: Geometry

  public static let negativeSpacing = Rule(
    code: "ZL0501", name: "negative-spacing", severity: .error, category: .geometry,
    summary: "An inset or spacing is negative.",
    explanation: "Insets (`padding`, `insetLeft`, …) and spacing (`divider`, `interItemSpacing`, `lineSpacing`) are zero or more points.",
    bad: #"<Screen type="default" padding="-12"/>"#,
    good: #"<Screen type="default" padding="12"/>"#)

  public static let invalidColumns = Rule(
    code: "ZL0502", name: "invalid-columns", severity: .error, category: .geometry,
    summary: "`columns` or `smallItems` is not a whole number from 1 to 1,000.",
    explanation:
      "A component or cell has one or more columns, and a one_and_n layout one or more small items; zlc accepts at most 1,000 of either.",
    bad: #"<Component type="grid" columns="0">"#,
    good: #"<Component type="grid" columns="2">"#)

  public static let nonPositiveWidth = Rule(
    code: "ZL0503", name: "non-positive-width", severity: .error, category: .geometry,
    summary: "The columns do not fit: the item width is zero or less on a device.",
    explanation: """
      Item width is `(W − L − R − (n − 1)·s) / n`. When insets and spacing leave no room for the \
      columns on a device of the project, cells would have no width.
      """,
    bad: #"columns="8" with divider="48" on a 375-point phone"#,
    good: #"columns="2" with divider="12" on a 375-point phone"#)

  public static let invalidShape = Rule(
    code: "ZL0504", name: "invalid-shape", severity: .error, category: .geometry,
    summary: "A cell ratio, width or height is zero or negative.",
    explanation:
      "`aspectCellRatio`, `cellWidth`, `cellHeight`, `widthRatio`, `scale`, `standardWidth` and header heights are positive numbers; `widthRatio` is below 1.",
    bad: #"<Screen type="default" aspectCellRatio="0"/>"#,
    good: #"<Screen type="default" aspectCellRatio="1.78"/>"#)

  public static let designWidthMismatch = Rule(
    code: "ZL0505", name: "design-width-mismatch", severity: .error, category: .geometry,
    summary: "A cell's declared design width disagrees with the family arithmetic.",
    explanation: """
      A cell style that declares `designWidth` (for a screen of `designScreenWidth`, by default \
      320 on phones and 1024 on tablets) must match `(W − L − R − (n − 1)·s) / n` within 0.5 pt. \
      With W = 320 and insets and spacing 10, one column is 300 and two are 145.
      """,
    bad: #"<Screen type="default" columns="2" designWidth="150"/>   (the arithmetic gives 145)"#,
    good: #"<Screen type="default" columns="2" designWidth="145"/>"#)

  public static let responsiveWithoutFormula = Rule(
    code: "ZL0506", name: "responsive-without-rule", severity: .error, category: .geometry,
    summary: "A device class is responsive but the family has no `<Responsive>` rule.",
    explanation:
      "Responsive columns need the family's `standardWidth` and `scale`: add `<Responsive standardWidth=\"440\" scale=\"1.2\"/>`.",
    bad: #"<Screen type="sw600" responsive="true"/> with no <Responsive>"#,
    good: #"<Responsive standardWidth="440" scale="1.2"/> <Screen type="sw600" responsive="true"/>"#)

  // MARK: Manifests

  public static let manifestMissingKeys = Rule(
    code: "ZL0601", name: "manifest-missing-keys", severity: .error, category: .manifests,
    summary: "A manifest lacks keys `zappifest publish` requires.",
    explanation: """
      zappifest requires author_name, author_email, manifest_version, name, description, \
      identifier, type, min_zapp_sdk and ui_builder_support ("Manifest missing mandatory keys").
      """,
    bad: #"{ "identifier": "promo_banner", "type": "ui_component" }"#,
    good: "a manifest with every mandatory key")

  public static let manifestUnpermittedKeys = Rule(
    code: "ZL0602", name: "manifest-unpermitted-keys", severity: .error, category: .manifests,
    summary: "A manifest has keys `zappifest publish` rejects.",
    explanation: """
      zappifest accepts only its whitelist of top-level keys ("Manifest contains unpermitted \
      keys"). Note that `latest_version` is not on it.
      """,
    bad: #"{ …, "latest_version": "1.2.0" }"#,
    good: #"{ …, "manifest_version": "1.2.0" }"#)

  public static let manifestVersion = Rule(
    code: "ZL0603", name: "manifest-version", severity: .error, category: .manifests,
    summary: "`manifest_version` is not a version.",
    explanation: "`manifest_version` is a version such as `1.2.0` or `0.1.0-alpha1` (\"Plugin version X is not valid\").",
    bad: #"{ "manifest_version": "latest" }"#,
    good: #"{ "manifest_version": "1.2.0" }"#)

  public static let manifestTargets = Rule(
    code: "ZL0604", name: "manifest-targets", severity: .error, category: .manifests,
    summary: "`targets` holds something other than `mobile` and `tv`.",
    explanation: "Every entry of `targets` is `mobile` or `tv` (\"Please enter a valid targets, 'mobile' or 'tv'\").",
    bad: #"{ "targets": ["phone"] }"#,
    good: #"{ "targets": ["mobile"] }"#)

  public static let manifestUIFrameworks = Rule(
    code: "ZL0605", name: "manifest-ui-frameworks", severity: .error, category: .manifests,
    summary: "`ui_frameworks` holds something other than `native` and `quickbrick`.",
    explanation:
      "`ui_frameworks` is an array whose entries are `native` or `quickbrick` (\"Please enter a valid array of UI Frameworks\").",
    bad: #"{ "ui_frameworks": ["react"] }"#,
    good: #"{ "ui_frameworks": ["quickbrick"] }"#)

  public static let duplicateIdentifier = Rule(
    code: "ZL0606", name: "duplicate-identifier", severity: .error, category: .manifests,
    summary: "Two manifests declare the same identifier.",
    explanation: "A manifest's `identifier` is unique across the project's manifests; the second is reported with a note at the first.",
    bad: #"components/a.json and components/b.json both say "identifier": "promo_banner""#,
    good: "each manifest has its own identifier")

  public static let unknownFieldType = Rule(
    code: "ZL0607", name: "unknown-field-type", severity: .error, category: .manifests,
    summary: "A configuration field of a type the builder does not know.",
    explanation: """
      Field types are text_input, text_area, number_input, select, multi_select, tag_select, \
      switch, checkbox, color_picker, color_picker_rgba, uploader, hidden, inline_input, \
      screen_selector, nav_bar_selector, preload_plugins_selector, text_style, the font selectors \
      and the builder's internal button and link.
      """,
    bad: #"{ "key": "title", "type": "text_imput" }"#,
    good: #"{ "key": "title", "type": "text_input" }"#)

  public static let invalidConditionalField = Rule(
    code: "ZL0608", name: "invalid-conditional-field", severity: .error, category: .manifests,
    summary: "A conditional field names a section or field that does not exist.",
    explanation: """
      `conditional_fields[].key` is `section/key` where section is a configuration section of the \
      manifest and key a field in it (`styles/family` is always allowed).
      """,
    bad: #"{ "conditional_fields": [ { "key": "styles/bakground", "condition_value": true } ] }"#,
    good: #"{ "conditional_fields": [ { "key": "styles/background", "condition_value": true } ] }"#)

  public static let manifestType = Rule(
    code: "ZL0609", name: "manifest-type", severity: .error, category: .manifests,
    summary: "A manifest `type` zappifest does not know.",
    explanation: """
      Plugin types are player, menu, nav_bar, analytics, article, advertisement, payments, \
      auth_provider, push_provider, ui_component, login, data_source_provider, \
      broadcaster_selector, general, cell_style_family, cell_builder, video_advertisement and \
      player_overlay.
      """,
    bad: #"{ "type": "component" }"#,
    good: #"{ "type": "ui_component" }"#)

  // MARK: Mapping

  public static let unusedChildren = Rule(
    code: "ZL0701", name: "unused-children", severity: .warning, category: .mapping,
    summary: "The sender has more children than the screen has data-taking components.",
    explanation: "Child k goes to the k-th data-taking component; children beyond the last component are not shown.",
    bad: "a sender with 4 children opening a screen with 3 components",
    good: "a sender with 3 children opening a screen with 3 components")

  public static let emptyComponent = Rule(
    code: "ZL0702", name: "empty-component", severity: .warning, category: .mapping,
    summary: "A component gets no child of the sender.",
    explanation: "With fewer children than components, the components left over are bound `empty` and clients hide them.",
    bad: "a sender with 1 child opening a screen with 2 components",
    good: "a sender with 2 children opening a screen with 2 components")

  public static let incompatibleChild = Rule(
    code: "ZL0703", name: "incompatible-child", severity: .warning, category: .mapping,
    summary: "A child's type is not one the component accepts.",
    explanation:
      "A component whose manifest lists `data_types` shows only children of those types; another child is bound `incompatible` and not shown.",
    bad: #"a child of type APPLICASTER_ATOM_FEED for a component with "data_types": ["APPLICASTER_COLLECTION"]"#,
    good: "a child of type APPLICASTER_COLLECTION for that component")

  public static let unknownMapScreen = Rule(
    code: "ZL0704", name: "unknown-map-screen", severity: .error, category: .mapping,
    summary: "`zlc map` was given a screen that no id, name or screen_type matches.",
    explanation: "SCREEN is a screen id, a unique screen name or a key of `screen_types`.",
    bad: "zlc map shw --project manifests/ --sender show.json",
    good: "zlc map show --project manifests/ --sender show.json")

  public static let unmappedScreenType = Rule(
    code: "ZL0705", name: "unmapped-screen-type", severity: .warning, category: .mapping,
    summary: "A child's `screen_type` opens no screen.",
    explanation:
      "A child that carries a `screen_type` opens the screen that `screen_types.json` maps it to, or the screen with that id; otherwise a tap on it goes nowhere.",
    bad: #"{ "screen_type": "shw" }"#,
    good: #"{ "screen_type": "show" }"#)

  /// Every rule, in code order.
  public static let all: [Rule] = [
    ioError, jsonSyntax, jsonTrailingComma, jsonComment, jsonNumber, jsonString, encoding,
    duplicateKey, limit, xmlSyntax, xmlDoctype, outputRefused, noProject,
    missingKey, wrongType, invalidValue, unknownKey,
    unknownFamily, familyMismatch, unknownComponentType, unknownCellStyle, unknownLayout,
    unknownHeaderStyle, unknownScreen, ambiguousScreenName, missingFamily, familyReplaced,
    duplicateFamily, unknownScreenPlugin,
    missingDataSource, unknownDataType, connectedComponentSource, duplicateScreenID, missingHome,
    duplicateHome, connectedHome, unreachableConnected, unopenedRoot, invalidItemLimit,
    groupContent, groupPlacement, multipleSticky, pluginComponents,
    negativeSpacing, invalidColumns, nonPositiveWidth, invalidShape, designWidthMismatch,
    responsiveWithoutFormula,
    manifestMissingKeys, manifestUnpermittedKeys, manifestVersion, manifestTargets,
    manifestUIFrameworks, duplicateIdentifier, unknownFieldType, invalidConditionalField,
    manifestType,
    unusedChildren, emptyComponent, incompatibleChild, unknownMapScreen, unmappedScreenType,
  ]

  /// The rule with a code (case-insensitive), or nil.
  public static func named(_ code: String) -> Rule? {
    let upper = code.uppercased()
    return all.first { $0.code == upper || $0.name == code.lowercased() }
  }
}
