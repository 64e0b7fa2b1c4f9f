import Foundation
import ZappLayout

/// Runs every semantic rule over a project and reports into a bag.
public struct Checker {
  public static let builtinComponentTypes = [
    "list", "grid", "hero", "carousel", "horizontal_list", "html_ticker", "tab_bar", "group", "web_view",
  ]
  public static let knownDataTypes = [
    "APPLICASTER_CATEGORY", "APPLICASTER_COLLECTION", "APPLICASTER_ATOM_FEED", "APPLICASTER_FAVORITES",
    "WEB_URL", "BANNER", "SMART_BANNER", "BOX_BANNER", "DOWNLOADS", "USER_ACCOUNT_COMPONENT",
  ]
  static let mandatoryManifestKeys = [
    "author_name", "author_email", "manifest_version", "name", "description", "identifier", "type",
    "min_zapp_sdk", "ui_builder_support",
  ]
  static let optionalManifestKeys = [
    "whitelisted_account_ids", "api", "platform", "dependency_name", "dependency_version",
    "dependency_repository_url", "deprecated_since_zapp_sdk", "unsupported_since_zapp_sdk",
    "custom_configuration_fields", "react_native", "extra_dependencies", "project_dependencies",
    "npm_dependencies", "scheme", "data_types", "zapp_pipes", "react_bundle_url", "thumbnail",
    "screenshots", "preview", "about", "general", "assets", "styles", "rules", "data", "advertising",
    "screen", "supported_nav_items", "max_nav_items", "max_items_per_type", "zapp_configuration",
    "summary", "cover_image", "guide", "core_plugin", "configuration_panel_disabled", "export", "import",
    "hooks", "preload", "postload", "supports_offline", "targets", "localizations", "ui_frameworks",
    "characteristics",
  ]
  static let pluginTypes = [
    "player", "menu", "nav_bar", "analytics", "article", "advertisement", "payments", "auth_provider",
    "push_provider", "ui_component", "login", "data_source_provider", "broadcaster_selector", "general",
    "cell_style_family", "cell_builder", "video_advertisement", "player_overlay",
  ]
  static let fieldTypes = [
    "text_input", "text_area", "number_input", "select", "multi_select", "tag_select", "switch",
    "checkbox", "color_picker", "color_picker_rgba", "uploader", "hidden", "inline_input",
    "screen_selector", "nav_bar_selector", "preload_plugins_selector", "text_style", "ios_font_selector",
    "android_font_selector", "tvos_font_selector", "roku_font_selector", "samsung_tv_font_selector",
    "lg_tv_font_selector", "web_font_selector", "button", "BUTTON", "link",
  ]
  static let manifestSections = ["general", "styles", "rules", "data", "assets", "advertising", "localizations", "hooks"]

  let project: Project
  let bag: DiagnosticBag

  public init(project: Project, bag: DiagnosticBag) {
    self.project = project
    self.bag = bag
  }

  /// Runs the rules. Cross-file rules are skipped when a file could not be read, since every
  /// reference into it would be reported as missing.
  public func run() {
    for family in project.families.values.sorted(by: { $0.family.name < $1.family.name }) { checkFamily(family) }
    checkManifests()
    guard !project.hasUnreadableFiles else { return }
    checkScreens()
    checkReachability()
  }

  // MARK: Helpers

  func report(_ rule: Rule, _ message: String, _ spot: SourceSpot?, notes: [DiagnosticNote] = [], suggestion: String? = nil) {
    bag.report(rule, message + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: spot, notes: notes, suggestion: suggestion)
  }

  func knownComponentTypes() -> [String] {
    Self.builtinComponentTypes + project.manifests.filter(\.isUIComponent).compactMap { $0.identifier?.value }
  }

  // MARK: Families and geometry

  func checkFamily(_ decl: FamilyDecl) {
    let family = decl.family
    if family.responsive == nil {
      for (_, spot) in decl.responsiveSpots {
        report(
          .responsiveWithoutFormula,
          "device class is responsive but family '\(family.name)' has no <Responsive standardWidth=… scale=…> rule",
          spot)
      }
    }
    for component in family.components {
      let cells: [String?] = component.cells.isEmpty ? [nil] : component.cells.map(\.name)
      let layouts: [String?] = [nil] + component.layouts.map(\.name)
      for cell in cells {
        var reported = false
        for layoutName in layouts where !reported {
          for device in project.settings.devices where !reported {
            let layout = Geometry.layout(
              for: GeometryInput(family: family, componentType: component.type, cellStyle: cell, layoutName: layoutName), device: device)
            let width = layout.kind == .oneAndN ? min(layout.large?.width ?? 0, layout.small?.first?.width ?? 0) : layout.item.width
            if width <= 0 {
              let spot = cell.flatMap { decl.cellSpots[component.type]?[$0] } ?? decl.componentSpots[component.type] ?? decl.spot
              let what = cell.map { "cell style '\($0)'" } ?? "component '\(component.type)'"
              report(
                .nonPositiveWidth,
                "\(what) of family '\(family.name)' has no room on device '\(device.name)' (\(format(device.width)) wide): \(layout.columns) columns leave an item width of \(format(width))",
                spot,
                notes: project.settings.deviceSpots[device.name].map {
                  [DiagnosticNote("device '\(device.name)' is declared here", at: $0)]
                } ?? [])
              reported = true
            }
          }
        }
      }
    }
    for declared in decl.designWidths {
      let deviceClass: DeviceClass = declared.selector == .tablet ? .tablet : .phone
      let input = GeometryInput(family: family, componentType: declared.type, cellStyle: declared.cell)
      let metrics = Geometry.metrics(for: input, on: deviceClass)
      guard let designWidth = metrics.designWidth else { continue }
      let screenWidth = metrics.designScreenWidth ?? (deviceClass == .phone ? 320 : 1024)
      let device = Device(name: "design", deviceClass: deviceClass, width: screenWidth)
      let computed = Geometry.layout(for: input, device: device).item.width
      if abs(computed - designWidth) > 0.5 {
        report(
          .designWidthMismatch,
          "cell style '\(declared.cell)' declares a design width of \(format(designWidth)) but the family arithmetic gives \(format(computed)) on a \(format(screenWidth))-point \(deviceClass.rawValue)",
          declared.spot)
      }
    }
  }

  // MARK: Manifests

  func checkManifests() {
    var identifiers: [String: SourceSpot] = [:]
    let permitted = Set(Self.mandatoryManifestKeys + Self.optionalManifestKeys)
    for m in project.manifests {
      let value = m.value
      let missing = Self.mandatoryManifestKeys.filter { value[$0] == nil || value[$0]!.isNull }
      if !missing.isEmpty {
        report(.manifestMissingKeys, "Manifest missing mandatory keys: [\(missing.joined(separator: ", "))]", m.spot)
      }
      for (key, _) in value.members {
        guard let name = key.string, !permitted.contains(name) else { continue }
        report(
          .manifestUnpermittedKeys, "Manifest contains unpermitted key '\(name)'", key.spot,
          suggestion: closestMatch(to: name, in: Array(permitted)))
      }
      if let v = value["manifest_version"], let s = v.string, !Self.isVersion(s) {
        report(.manifestVersion, "Plugin version \(s) is not valid", v.spot)
      }
      if let v = value["type"], let s = v.string, !Self.pluginTypes.contains(s) {
        report(.manifestType, "unknown plugin type '\(s)'", v.spot, suggestion: closestMatch(to: s, in: Self.pluginTypes))
      }
      for t in value["targets"]?.elements ?? [] {
        if let s = t.string, s == "mobile" || s == "tv" { continue }
        report(.manifestTargets, "Please enter a valid targets, 'mobile' or 'tv' (found \(t.sourceText))", t.spot)
      }
      for t in value["ui_frameworks"]?.elements ?? [] {
        if let s = t.string, s == "native" || s == "quickbrick" { continue }
        report(
          .manifestUIFrameworks, "Please enter a valid array of UI Frameworks: \(t.sourceText) is neither 'native' nor 'quickbrick'", t.spot
        )
      }
      if let id = m.identifier {
        if let first = identifiers[id.value] {
          report(
            .duplicateIdentifier, "identifier '\(id.value)' is declared by another manifest", id.spot,
            notes: [DiagnosticNote("first declared here", at: first)])
        } else {
          identifiers[id.value] = id.spot
        }
      }
      let sections = Set(Self.manifestSections.filter { value[$0] != nil })
      for field in m.fields {
        if let type = field.type, !Self.fieldTypes.contains(type.value) {
          report(
            .unknownFieldType, "unknown field type '\(type.value)'", type.spot,
            suggestion: closestMatch(to: type.value, in: Self.fieldTypes))
        }
        for condition in field.value["conditional_fields"]?.elements ?? [] {
          guard let keyValue = condition["key"], let key = keyValue.string else { continue }
          let keySpot = keyValue.spot
          if key == "styles/family" { continue }
          let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
          guard parts.count == 2 else {
            report(.invalidConditionalField, "conditional field key '\(key)' must be 'section/key'", keySpot)
            continue
          }
          guard sections.contains(parts[0]) else {
            report(
              .invalidConditionalField, "conditional field '\(key)' names section '\(parts[0])', which the manifest does not have", keySpot,
              suggestion: closestMatch(to: parts[0], in: Array(sections)))
            continue
          }
          let keys = m.fields(in: parts[0]).map(\.key)
          if !keys.contains(parts[1]) {
            report(
              .invalidConditionalField, "conditional field '\(key)' names no field of section '\(parts[0])'", keySpot,
              suggestion: closestMatch(to: parts[1], in: keys).map { parts[0] + "/" + $0 })
          }
        }
      }
    }
  }

  /// A version as `zappifest` accepts it: numbers separated by dots, optionally a pre-release tag.
  static func isVersion(_ s: String) -> Bool {
    s.range(of: #"^[0-9]+(\.[0-9]+){0,3}([.-]?[A-Za-z][A-Za-z0-9]*(\.?[0-9]+)*)?$"#, options: .regularExpression) != nil
  }

  // MARK: Screens

  func checkScreens() {
    var ids: [ExactString: SourceSpot] = [:]
    for screen in project.screens {
      if let first = ids[ExactString(screen.id.value)] {
        report(
          .duplicateScreenID, "screen id '\(screen.id.value)' is used by another screen", screen.id.spot,
          notes: [DiagnosticNote("first used here", at: first)])
      } else {
        ids[ExactString(screen.id.value)] = screen.id.spot
      }
    }
    let homes = project.screens.filter(\.isHome)
    // A project without screens is ZL0112 (Driver.missingProject).
    if homes.isEmpty, let first = project.screens.first {
      report(.missingHome, "no screen is marked \"home\": true; exactly one screen must be", first.spot)
    }
    for extra in homes.dropFirst() {
      report(
        .duplicateHome, "screen '\(extra.id.value)' is also marked home; exactly one screen is", extra.homeSpot ?? extra.spot,
        notes: [DiagnosticNote("'\(homes[0].id.value)' is marked home here", at: homes[0].homeSpot ?? homes[0].spot)])
    }
    for home in homes where home.connected {
      report(
        .connectedHome, "the home screen '\(home.id.value)' is a connected screen; nothing opens it, so it has no sender",
        home.homeSpot ?? home.spot)
    }
    // Each screen's rules read the project and report into the (locked) bag, so screens are
    // checked in parallel, in chunks; the printers sort diagnostics, so the order is stable.
    let screens = project.screens
    let chunk = 64
    DispatchQueue.concurrentPerform(iterations: (screens.count + chunk - 1) / chunk) { k in
      for screen in screens[(k * chunk)..<min(screens.count, (k + 1) * chunk)] { checkScreen(screen) }
    }
  }

  func checkScreen(_ screen: ScreenDecl) {
    if let family = screen.family, project.families[family.value] == nil {
      report(
        .unknownFamily, "unknown family '\(family.value)'", family.spot, notes: familyNote(family.value),
        suggestion: closestMatch(to: family.value, in: project.families.keys))
    }
    if let parent = screen.parent { checkScreenReference(parent, what: "parent screen") }
    if screen.isPluginScreen {
      if let manifest = project.manifest(for: screen.type.value) {
        if !manifest.isScreen {
          report(
            .unknownScreenPlugin, "'\(screen.type.value)' is a plugin but not a screen plugin (its manifest does not say \"screen\": true)",
            screen.type.spot, notes: [DiagnosticNote("declared here", at: manifest.identifier?.spot ?? manifest.spot)])
        } else if !manifest.canHaveComponents, !screen.components.isEmpty {
          report(
            .pluginComponents,
            "screen plugin '\(screen.type.value)' cannot hold components (its manifest does not set characteristics.can_have_components)",
            screen.componentsSpot ?? screen.spot, notes: [DiagnosticNote("declared here", at: manifest.identifier?.spot ?? manifest.spot)])
        }
      } else {
        let screenPlugins = project.manifests.filter(\.isScreen).compactMap { $0.identifier?.value } + ["general_content", "favorites"]
        let suggestion = closestMatch(to: screen.type.value, in: screenPlugins)
        report(
          .unknownScreenPlugin, "screen type '\(screen.type.value)' is neither general_content, favorites nor a declared screen plugin",
          screen.type.spot,
          notes: suggestion.flatMap { s in
            project.manifest(for: s).map { [DiagnosticNote("'\(s)' is declared here", at: $0.identifier?.spot ?? $0.spot)] }
          } ?? [], suggestion: suggestion)
      }
    }
    var sticky: SourceSpot?
    for component in screen.components {
      checkComponent(component, screen: screen, inGroup: false, sticky: &sticky)
    }
    for item in screen.navItems {
      if let target = item.target { checkScreenReference(target, what: "navigation target") }
    }
  }

  func familyNote(_ name: String) -> [DiagnosticNote] {
    guard let s = closestMatch(to: name, in: project.families.keys), let f = project.families[s] else { return [] }
    return [DiagnosticNote("family '\(s)' is defined here", at: f.spot)]
  }

  func checkScreenReference(_ reference: Located<String>, what: String) {
    if project.screen(id: reference.value) != nil { return }
    if let twin = project.screen(differingOnlyInNormalisation: reference.value) {
      report(
        .unknownScreen, "\(what) '\(reference.value)' is not the id of any screen", reference.spot,
        notes: [
          DiagnosticNote(
            "screen '\(twin.id.value)' differs only in Unicode normalisation (NFC and NFD); clients compare ids by their exact characters",
            at: twin.id.spot)
        ])
      return
    }
    let suggestion = closestMatch(to: reference.value, in: project.screens.map(\.id.value))
    let notes =
      suggestion.flatMap { s in project.screen(id: s).map { [DiagnosticNote("screen '\(s)' is defined here", at: $0.id.spot)] } } ?? []
    report(.unknownScreen, "\(what) '\(reference.value)' is not the id of any screen", reference.spot, notes: notes, suggestion: suggestion)
  }

  func effectiveFamily(_ component: ComponentDecl, _ screen: ScreenDecl) -> Located<String>? { component.family ?? screen.family }

  func checkComponent(_ c: ComponentDecl, screen: ScreenDecl, inGroup: Bool, sticky: inout SourceSpot?) {
    let type = c.type.value
    let manifest = project.manifest(for: type)
    let known = Self.builtinComponentTypes.contains(type) || (manifest?.isUIComponent ?? false)
    if !known {
      let suggestion = closestMatch(to: type, in: knownComponentTypes())
      let notes =
        suggestion.flatMap { s in
          project.manifest(for: s).map { [DiagnosticNote("'\(s)' is declared here", at: $0.identifier?.spot ?? $0.spot)] }
        } ?? []
      if let m = manifest {
        report(
          .unknownComponentType, "'\(type)' is a \(m.type ?? "plugin") manifest, not a ui_component", c.type.spot,
          notes: [DiagnosticNote("declared here", at: m.identifier?.spot ?? m.spot)])
      } else {
        report(.unknownComponentType, "unknown component type '\(type)'", c.type.spot, notes: notes, suggestion: suggestion)
      }
    }
    // Family and what depends on it.
    let familyRef = effectiveFamily(c, screen)
    if let own = c.family, let screenFamily = screen.family, own.value != screenFamily.value {
      report(
        .familyMismatch, "component family '\(own.value)' differs from its screen's family '\(screenFamily.value)'; iOS uses the screen's",
        own.spot, notes: [DiagnosticNote("the screen's family", at: screenFamily.spot)])
    }
    var family: FamilyDecl?
    if let ref = familyRef {
      family = project.families[ref.value]
      if family == nil, let own = c.family {
        report(
          .unknownFamily, "unknown family '\(own.value)'", own.spot, notes: familyNote(own.value),
          suggestion: closestMatch(to: own.value, in: project.families.keys))
      }
    } else if known, type != "group", Self.builtinComponentTypes.contains(type) || !c.cellStyles.isEmpty || c.layout != nil {
      report(.missingFamily, "component '\(type)' has no family: set styles.family on it or on its screen", c.type.spot)
    }
    if let f = family, known {
      checkCellStyles(c.cellStyles, type: type, family: f, manifest: manifest)
      if let layout = c.layout {
        let style = f.family.component(type)
        if style?.namedLayout(layout.value) == nil {
          let candidates = style?.layouts.map(\.name) ?? []
          let suggestion = closestMatch(to: layout.value, in: candidates)
          let notes =
            suggestion.flatMap { s in f.layoutSpots[type]?[s].map { [DiagnosticNote("layout '\(s)' is defined here", at: $0)] } } ?? []
          report(
            .unknownLayout,
            "family '\(f.family.name)' declares no layout '\(layout.value)' for '\(type)'"
              + (candidates.isEmpty ? "" : " (it has \(candidates.joined(separator: ", ")))"), layout.spot, notes: notes,
            suggestion: suggestion)
        }
      }
      for header in [c.header, c.footer].compactMap({ $0 }) where f.family.header(named: header.value) == nil {
        let candidates = f.family.headers.map(\.name)
        let suggestion = closestMatch(to: header.value, in: candidates)
        let notes = suggestion.flatMap { s in f.headerSpots[s].map { [DiagnosticNote("header '\(s)' is defined here", at: $0)] } } ?? []
        report(
          .unknownHeaderStyle, "family '\(f.family.name)' declares no header style '\(header.value)'", header.spot, notes: notes,
          suggestion: suggestion)
      }
      if let body = c.cellBodyType {
        if !knownComponentTypes().contains(body.value) {
          report(
            .unknownComponentType, "unknown cell body component type '\(body.value)'", body.spot,
            suggestion: closestMatch(to: body.value, in: knownComponentTypes()))
        } else {
          checkCellStyles(c.cellBodyStyles, type: body.value, family: f, manifest: project.manifest(for: body.value))
        }
      }
      // Sticky components.
      let kind = Geometry.kind(
        for: GeometryInput(family: f.family, componentType: type, cellStyle: c.cellStyles.first?.value, layoutName: c.layout?.value))
      if kind == .sticky, f.family.component(type) != nil {
        if let first = sticky {
          report(
            .multipleSticky, "a second sticky component on screen '\(screen.id.value)'; at most one can be pinned", c.type.spot,
            notes: [DiagnosticNote("the first sticky component", at: first)])
        } else {
          sticky = c.type.spot
        }
      }
    }
    // Data.
    let takesData = project.takesData(type)
    if screen.connected {
      if let source = c.source {
        report(
          .connectedComponentSource,
          "component on connected screen '\(screen.id.value)' has its own data source '\(source.value)'; connected screens hand the sender's children to their components",
          source.spot)
      }
    } else if takesData, known {
      if c.source == nil {
        let sourceValue = c.value["data"]?["source"]
        let location = sourceValue.map { $0.spot } ?? c.value["data"].map { $0.spot } ?? c.spot
        report(.missingDataSource, "'\(type)' component on root screen '\(screen.id.value)' has no data source", location)
      } else if let dataType = c.dataType {
        let types = Self.knownDataTypes + project.settings.dataTypes
        if !types.contains(dataType.value) {
          report(
            .unknownDataType, "unknown data source type '\(dataType.value)'", dataType.spot,
            suggestion: closestMatch(to: dataType.value, in: types))
        }
      } else {
        let location = c.value["data"]?["type"].map { $0.spot } ?? c.value["data"]!.spot
        report(.unknownDataType, "'\(type)' component has a data source but no data source type", location)
      }
    }
    if let target = c.target { checkScreenReference(target, what: "target screen") }
    if let limit = c.itemLimit, !limit.isNull, !(limit.kind == .string && limit.string!.isEmpty) {
      if parseItemLimit(limit) == nil {
        report(.invalidItemLimit, "item_limit must be a positive whole number, found \(limit.sourceText)", limit.spot)
      }
    }
    // Groups.
    if project.isGroup(type) {
      if inGroup {
        report(.groupPlacement, "a group cannot stand inside another group", c.type.spot)
      }
      for child in c.children {
        if let m = project.manifest(for: child.type.value), !m.appearance.contains("group"), !project.isGroup(child.type.value) {
          report(
            .groupContent,
            "'\(child.type.value)' cannot stand in a group: its manifest's appearance is [\(m.appearance.joined(separator: ", "))]",
            child.type.spot, notes: [DiagnosticNote("declared here", at: m.identifier?.spot ?? m.spot)])
        }
        checkComponent(child, screen: screen, inGroup: true, sticky: &sticky)
      }
    } else if !c.children.isEmpty, let nested = c.value["ui_components"] {
      report(.groupContent, "'\(type)' is not a group and cannot hold components", nested.spot)
    }
  }

  func checkCellStyles(_ styles: [Located<String>], type: String, family f: FamilyDecl, manifest: ManifestDecl?) {
    let familyCells = f.family.component(type)?.cells.map(\.name) ?? []
    let options = manifest?.cellStyleOptions(family: f.family.name) ?? []
    let candidates = familyCells + options
    for style in styles where !candidates.contains(style.value) {
      let suggestion = closestMatch(to: style.value, in: candidates)
      let notes =
        suggestion.flatMap { s in f.cellSpots[type]?[s].map { [DiagnosticNote("cell style '\(s)' is defined here", at: $0)] } } ?? []
      let offered =
        candidates.isEmpty ? "offers no cell styles for '\(type)'" : "offers \(candidates.joined(separator: ", ")) for '\(type)'"
      report(
        .unknownCellStyle, "cell style '\(style.value)' is not in family '\(f.family.name)' for '\(type)' (the family \(offered))",
        style.spot, notes: notes, suggestion: suggestion)
    }
  }

  // MARK: Reachability and mappings

  /// What opens what: a screen opens the screens its components (and their headers) target and
  /// its navigation items name. From the home screen and every mapped screen (any feed item may
  /// open those), the screens a user can reach follow; a connected screen must be reachable from
  /// those or from some root screen (a root screen may be opened in ways zlc does not see, such as
  /// a deep link, so an unopened one is only a warning). An island of connected screens that only
  /// open each other, or a screen that only opens itself, is unreachable.
  func checkReachability() {
    var opens: [ExactString: [(target: ExactString, spot: SourceSpot)]] = [:]
    var openedBy: [ExactString: [(screen: ScreenDecl, spot: SourceSpot)]] = [:]
    for screen in project.screens {
      let from = ExactString(screen.id.value)
      var targets: [Located<String>] = screen.navItems.compactMap(\.target)
      func visit(_ c: ComponentDecl) {
        if let t = c.target { targets.append(t) }
        if let h = c.value["styles"]?["header"], let t = (h["data"]?["target"] ?? h["target"])?.nonEmptyString { targets.append(t) }
        c.children.forEach(visit)
      }
      screen.components.forEach(visit)
      for target in targets {
        guard let opened = project.screen(id: target.value) else { continue }
        opens[from, default: []].append((ExactString(opened.id.value), target.spot))
        openedBy[ExactString(opened.id.value), default: []].append((screen, target.spot))
      }
    }
    var entries: [ExactString] = project.screens.filter(\.isHome).map { ExactString($0.id.value) }
    let hasHome = !entries.isEmpty  // without one, ZL0405 says what is wrong; nothing is reachable
    if let mappings = project.screenTypes {
      for (_, target) in mappings.screenTypes + mappings.contentTypes {
        if let screen = resolveMapping(target) { entries.append(ExactString(screen.id.value)) }
      }
    }
    func reachable(from start: [ExactString]) -> Set<ExactString> {
      var seen = Set(start)
      var queue = start
      while let next = queue.popLast() {
        for edge in opens[next] ?? [] where seen.insert(edge.target).inserted { queue.append(edge.target) }
      }
      return seen
    }
    let fromEntries = reachable(from: entries)
    let fromRoots = reachable(from: entries + project.screens.filter { !$0.connected }.map { ExactString($0.id.value) })
    for screen in project.screens where !screen.isHome {
      let id = ExactString(screen.id.value)
      let openers = (openedBy[id] ?? []).filter { ExactString($0.screen.id.value) != id }
      let notes = openers.prefix(3).map {
        DiagnosticNote("opened from screen '\($0.screen.id.value)', which nothing reachable opens", at: $0.spot)
      }
      if screen.connected, !fromRoots.contains(id) {
        report(
          .unreachableConnected,
          openers.isEmpty
            ? "nothing can open connected screen '\(screen.id.value)': no screen_types or content_types mapping, component data.target or navigation item names it"
            : "nothing can open connected screen '\(screen.id.value)': only screens that cannot be reached themselves open it",
          screen.id.spot, notes: Array(notes))
      } else if !screen.connected, !fromEntries.contains(id), hasHome {
        report(
          .unopenedRoot,
          openers.isEmpty
            ? "nothing opens root screen '\(screen.id.value)': no navigation item, component target or mapping names it"
            : "nothing reachable from the home screen or a mapping opens root screen '\(screen.id.value)'",
          screen.id.spot, notes: Array(notes))
      }
    }
  }

  /// Resolves a mapping value (a screen id, or a unique name), reporting when it cannot.
  func resolveMapping(_ target: Located<String>) -> ScreenDecl? {
    if let byID = project.screen(id: target.value) { return byID }
    let byName = project.screens(named: target.value)
    if byName.count == 1 { return byName[0] }
    if byName.count > 1 {
      report(
        .ambiguousScreenName, "screen name '\(target.value)' is shared by \(byName.count) screens; name the screen by its id", target.spot,
        notes: byName.map { DiagnosticNote("screen '\($0.id.value)' is named '\(target.value)'", at: $0.name?.spot ?? $0.spot) })
      return nil
    }
    checkScreenReference(target, what: "mapped screen")
    return nil
  }
}

/// A positive whole number from a number or a numeric string.
public func parseItemLimit(_ value: JSONValue) -> Int? {
  if let n = value.number, n == n.rounded(), n >= 1, n < 1e9 { return Int(n) }
  if let s = value.string, let n = Int(s.trimmingCharacters(in: .whitespaces)), n >= 1 { return n }
  return nil
}

/// A length as zlc writes it: rounded to 0.01, without trailing zeros.
public func format(_ value: Double) -> String {
  let rounded = Geometry.round2(value)
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
  return String(rounded)
}
