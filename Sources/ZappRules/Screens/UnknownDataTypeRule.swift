import ZappDiagnostics
import ZappModel

/// ZL0402 unknown-data-type.
package enum UnknownDataTypeRule: ComponentRule, ScreenRule, ProjectRule {
  package static let rule = Rule(
    code: "ZL0402", name: "unknown-data-type", severity: .error, category: .screens,
    summary: "A data source type clients do not know.",
    explanation: """
      `data.type` on a root screen's component, in a root screen plugin's own `data`, or in the \
      `data` of an item of a root screen's navigations (nested items too), names a type clients \
      know: APPLICASTER_CATEGORY, APPLICASTER_COLLECTION, APPLICASTER_ATOM_FEED, \
      APPLICASTER_FAVORITES, WEB_URL, BANNER, SMART_BANNER, BOX_BANNER, DOWNLOADS, \
      USER_ACCOUNT_COMPONENT, a type listed in `zlc.json`'s `data_types` (while that list cannot be \
      read, no object or no list, which ZL0202 reports, no other type is reported), the identifier of one of \
      the project's `data_source_provider` plugins, or a type the plugin's own manifest lists in \
      its `data_types` (for an item, the plugin its `type` names). A plugin whose manifest lists \
      `data_types` takes only those on its components and screens. The type is \
      checked wherever it is written, on a plugin that takes no data too. A component with a data \
      source names its type, unless its plugin's manifest has no `type` field in its `data` \
      section (the plugin then takes a bare source, such as a URL) or gives that field an \
      `initial_value`, the type a builder fills in for a component that leaves it out (not one \
      that writes it empty or null). That initial value is checked as a written type, reported \
      in the manifest, once, with a note at each component it fills. A type near one zlc.json \
      declares, one a plugin lists or a data source provider's identifier is a hint, not a fix: \
      either side may hold the misspelling. A plugin manifest's `data_types` lists the types it \
      takes, and a builder gives its component only sources of those types: an entry that is not \
      a known type (built in, declared in `zlc.json` or a data source provider's identifier) but \
      within the suggestion limit of one is reported as a misspelling, with its did-you-mean as a \
      hint (the plugin's code reads the types its manifest lists, so `zlc check --fix` leaves it). \
      Near a built-in type, only a sure misspelling is: an entry that differs from it in case \
      alone (`web_url`), or one in the `APPLICASTER_` namespace of the built-in types, which an \
      app's own types are not named in (`APPLICASTER_COLECTION`). Another entry near a built-in \
      type (`TOP_BANNER`, `WEB_URLS`), an entry far from every known type, or one a component of \
      the plugin names as its `data.type`, is a type of the app's own, as in `zlc.json`, whose \
      `data_types` are taken as the app's own however near a built-in type they are; declare it \
      there to have it checked everywhere.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": ⟦⟧"APPLICASTER_COLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#),
        "components/r.json": Example.manifest(#", "data_types": ["APPLICASTER_ATOM_FEED", ⟦⟧"APPLICASTER_COLECTION"]"#, identifier: "rail"),
      ],
      reports: [
        .init("unknown data source type 'APPLICASTER_COLECTION'", fixIt: #""APPLICASTER_COLLECTION""#),
        .init(
          "unknown data source type 'APPLICASTER_COLECTION' in the data_types of the 'rail' manifest", fixIt: #""APPLICASTER_COLLECTION""#),
      ]),
    good: .files([
      "components/p.json": Example.manifest(
        #", "data_types": ["JW_PLAYLIST"], "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "select"}]}"#,
        identifier: "playlist"),
      "components/u.json": Example.manifest(#", "data": {"fields": [{"key": "source", "type": "text_input"}]}"#, identifier: "url_rail"),
      "screens/o.json": Example.screen(
        Example.grid + #", {"component_type": "playlist", "data": {"source": "https://cdn/p", "type": "JW_PLAYLIST"}}"#
          + #", {"component_type": "url_rail", "data": {"source": "https://cdn/rail.json"}}"#),
    ]))

  package static let knownDataTypes = [
    "APPLICASTER_CATEGORY", "APPLICASTER_COLLECTION", "APPLICASTER_ATOM_FEED", "APPLICASTER_FAVORITES",
    "WEB_URL", "BANNER", "SMART_BANNER", "BOX_BANNER", "DOWNLOADS", "USER_ACCOUNT_COMPONENT",
  ]
  /// `knownDataTypes`, looked up for every component with a data source.
  private static let knownDataTypeSet = Set(knownDataTypes)

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    guard !visit.screen.connected, visit.isKnownType else { return }
    let plugin = visit.manifest == nil ? nil : visit.type
    if let dataType = c.dataType {
      check(dataType, plugin: plugin, takesData: visit.takesData, context)
      return
    }
    for filled in visit.filled("type", in: "data", context) {
      guard let dataType = filled.value.nonEmptyString else { continue }
      check(dataType, plugin: plugin, takesData: visit.takesData, context, filling: filled)
    }
    if visit.takesData, let qualifier = missingTypeQualifier(visit, context) {
      let message = "'\(visit.type)' component has a data source but no data source type" + qualifier
      context.report(rule, message, at: c.dataTypeSpot ?? c.dataSpot ?? c.spot)
    }
  }

  /// A root screen plugin's own `data.type`, and that of each item of the root screen's
  /// navigations (nested items too), checked as a component's (a source is not required). An item
  /// whose `type` names a nav item plugin also takes the types that plugin's manifest lists.
  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard !screen.connected else { return }
    let project = context.project
    Project.forEachNavigation(of: screen.value) { object, isItem in
      guard isItem, let dataType = object["data"]?["type"]?.nonEmptyString else { return }
      let plugin = Project.navigationPlugin(of: object, isItem: true).map(\.value).flatMap { project.manifest(for: $0) == nil ? nil : $0 }
      check(dataType, plugin: plugin, takesData: false, context)
    }
    let type = screen.type.value
    guard screen.isPluginScreen, project.manifest(for: type)?.isScreen == true, let dataType = screen.value["data"]?["type"]?.nonEmptyString
    else { return }
    check(dataType, plugin: type, takesData: project.takesData(type), context)
  }

  /// A written data type of a plugin's component or screen (`plugin`), or of a built-in component:
  /// one clients know, else a finding with the nearest known one. An unknown type is a typo on
  /// every platform, whether or not its manifest there takes data: the finding names none.
  /// A manifest's `initial_value` a component takes (`filling`) is reported with a note at the
  /// component, its did-you-mean a hint.
  private static func check(
    _ dataType: Located<String>, plugin: String?, takesData: Bool, _ context: RuleContext, filling: ManifestFilledValue? = nil
  ) {
    let project = context.project
    let name = dataType.value
    let isDeclared = knownDataTypeSet.contains(name) || project.settings.dataTypes.contains(name)
    let accepted = isDeclared ? [] : plugin.map(project.dataTypes(acceptedBy:)) ?? []
    let isKnown = isDeclared || accepted.contains(name) || project.dataSourceProviders.contains { $0.identifier.value == name }
    if !isKnown {
      // zlc.json's `data_types` could not be read (ZL0202): the type may be one it lists.
      guard !project.settings.dataTypesUnread else { return }
      reportUnknown(dataType, plugin: plugin, accepted: accepted, context, filling: filling)
    } else if takesData, let plugin {
      checkPluginDataTypes(dataType, of: plugin, context, filling: filling)
    }
  }

  /// Each entry of a manifest's `data_types` that is not a known type but near one: a misspelling
  /// that leaves the plugin without the type it means. An entry far from every known type, near a
  /// built-in one but not surely misspelled, or named by the `data.type` of a component of the
  /// plugin, is a type of the app's own. The
  /// did-you-mean is a hint: the manifest is the plugin's, and its code reads the types it lists.
  package static func check(_ context: RuleContext) {
    let project = context.project
    let providers = project.dataSourceProviders.map(\.identifier.value)
    let known = Set(knownDataTypes + project.settings.dataTypes + providers)
    let index = SuggestionIndex(knownDataTypes + project.settings.dataTypes + providers)
    var usedByScreens: Set<String>?
    for manifest in project.manifests {
      for entry in manifest.value["data_types"]?.elements ?? [] {
        guard let name = entry.string, !known.contains(name), let suggestion = index.nearest(to: name) else { continue }
        if knownDataTypeSet.contains(suggestion.text), !isSurelyMisspelled(name, of: suggestion.text) { continue }
        if usedByScreens == nil { usedByScreens = dataTypesNamedByScreens(project) }
        if let plugin = manifest.identifier?.value, usedByScreens?.contains(plugin + "\u{0}" + name) == true { continue }
        var fixIt = FixIt.didYouMean(suggestion, at: entry.spot)
        fixIt?.range = nil
        var notes: [DiagnosticNote] = []
        if !knownDataTypeSet.contains(suggestion.text), let declared = declaration(of: suggestion.text, plugin: nil, project) {
          notes.append(declared)
        }
        let owner = manifest.identifier.map { " of the '\($0.value)' manifest" } ?? ""
        context.report(rule, "unknown data source type '\(name)' in the data_types\(owner)", at: entry.spot, notes: notes, fixIt: fixIt)
      }
    }
  }

  /// Whether a manifest's data type near the built-in `type` is surely a misspelling of it rather
  /// than a type of the app's own: it differs in case alone, or it is in the namespace of
  /// Applicaster's built-in types, which an app does not name its own types in.
  package static func isSurelyMisspelled(_ name: String, of type: String) -> Bool {
    let upper = name.uppercased()
    return upper == type || upper.hasPrefix("APPLICASTER_")
  }

  /// Each component type of the project's screens with a `data.type` it names, as
  /// `type + "\u{0}" + data type`.
  private static func dataTypesNamedByScreens(_ project: Project) -> Set<String> {
    var names: Set<String> = []
    for screen in project.screens {
      screen.forEachComponent { component in
        if let type = component.dataType?.value { names.insert(component.typeName + "\u{0}" + type) }
      }
    }
    return names
  }

  private static func reportUnknown(
    _ dataType: Located<String>, plugin: String?, accepted: [String], _ context: RuleContext, filling: ManifestFilledValue?
  ) {
    let project = context.project
    var seen: Set<String> = []
    let candidates = (knownDataTypes + project.settings.dataTypes + accepted + project.dataSourceProviders.map(\.identifier.value))
      .filter { seen.insert($0).inserted }
    let suggestion = nearest(to: dataType.value, in: candidates)
    var fixIt = FixIt.didYouMean(suggestion, at: dataType.spot)
    var notes: [DiagnosticNote] = []
    // A type the project declares may be the misspelled one: a hint then, never a fix.
    if let name = suggestion?.text, !knownDataTypeSet.contains(name), let declared = declaration(of: name, plugin: plugin, project) {
      notes.append(declared)
      fixIt?.range = nil
    }
    if filling != nil { fixIt?.range = nil }
    let message = "unknown data source type '\(dataType.value)'" + (filling?.qualifier ?? "")
    context.report(rule, message, at: dataType.spot, notes: notes, fixIt: fixIt, gathering: filling?.note)
  }

  /// Where the project declares a data type that is not built in: `zlc.json`'s `data_types`, the
  /// plugin's manifest's `data_types`, or a data source provider's identifier.
  private static func declaration(of name: String, plugin: String?, _ project: Project) -> DiagnosticNote? {
    let fixThere = "; if it is the misspelled one, fix it there"
    if let declared = project.settings.root?["data_types"]?.elements.first(where: { $0.string == name }) {
      return DiagnosticNote("'\(name)' is declared in zlc.json here" + fixThere, at: declared.spot)
    }
    if let plugin {
      for (manifest, _) in project.bundleManifests(for: plugin) {
        guard let listed = manifest.value["data_types"]?.elements.first(where: { $0.string == name }) else { continue }
        return DiagnosticNote("'\(name)' is listed in the data_types of the '\(plugin)' manifest here" + fixThere, at: listed.spot)
      }
    }
    return project.dataSourceProviders.first { $0.identifier.value == name }.map {
      DiagnosticNote("'\(name)' is the identifier of a data_source_provider plugin here" + fixThere, at: $0.identifier.spot)
    }
  }

  /// What a component's finding of a missing type adds (` (on ios)`), nil when no manifest of its
  /// plugin asks for a type: a built-in type always does, a plugin's manifest when its `data`
  /// section has a `type` field (one without takes a bare source) with no `initial_value` a
  /// builder fills in.
  private static func missingTypeQualifier(_ visit: ComponentVisit, _ context: RuleContext) -> String? {
    guard visit.manifest != nil else { return visit.source == nil ? nil : visit.dataPlatforms?.qualifier ?? "" }
    let uses = context.project.bundleManifests(for: visit.type)
    let c = visit.component
    let asking = uses.filter { use in
      let data = { (key: String) in c.setting(key, in: "data", manifest: use.manifest)?.nonEmptyString }
      return Project.takesData(visit.type, manifest: use.manifest) && use.manifest.field(section: "data", key: "type") != nil
        && data("source") != nil && data("type") == nil
    }
    guard !asking.isEmpty else { return nil }
    if asking.count == uses.count { return "" }
    let platforms = asking.flatMap(\.platforms)
    if let split = visit.dataPlatforms, Set(split.taking) == Set(platforms) { return split.qualifier }
    return " (on \(platforms.joined(separator: ", ")))"
  }

  /// A plugin whose manifest lists the types it takes (as on a connected screen, ZL0703), checked
  /// against each platform's manifest when their bundles use different ones (a finding of some
  /// platforms names them). The type is a known one, not a misspelling: a near accepted type is a
  /// hint, never a fix.
  private static func checkPluginDataTypes(
    _ dataType: Located<String>, of type: String, _ context: RuleContext, filling: ManifestFilledValue?
  ) {
    // Platforms whose manifests list the same types make one finding; a manifest's initial value
    // is checked against that manifest.
    let byTypes: Project.ManifestUses =
      filling.map { [(manifest: $0.manifest, platforms: [])] } ?? context.project.bundleManifestsByDataTypes(for: type)
    let all = byTypes.flatMap(\.platforms)
    for (manifest, platforms) in byTypes {
      guard let accepts = manifest.dataTypes, !accepts.isEmpty, !accepts.contains(dataType.value) else { continue }
      var fixIt = FixIt.didYouMean(for: dataType.value, among: accepts, at: dataType.spot)
      fixIt?.range = nil
      var message = "'\(type)' takes the data types \(summarizedList(accepts)), not '\(dataType.value)'"
      if platforms.count < all.count { message += " (on \(platforms.joined(separator: ", ")))" }
      message += filling?.qualifier ?? ""
      let notes = manifest.value["data_types"].map { [DiagnosticNote("its manifest's data_types", at: $0.spot)] } ?? []
      context.report(rule, message, at: dataType.spot, notes: notes, fixIt: fixIt, gathering: filling?.note)
    }
  }
}

extension Rule {
  public static let unknownDataType = UnknownDataTypeRule.rule
}
