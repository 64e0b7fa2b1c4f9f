import ZappDiagnostics
import ZappModel

/// ZL0401 missing-data-source.
package enum MissingDataSourceRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0401", name: "missing-data-source", severity: .error, category: .screens,
    summary: "A component on a root screen has no data source.",
    explanation: """
      Root (non-connected) screens give every data-taking component its own `data.source`; an \
      empty source, or one of only spaces, shows an empty component on the device. A plugin \
      whose manifest takes data on some platforms only (the others' have no `data`) needs one \
      for those, and the finding names them. APPLICASTER_FAVORITES, DOWNLOADS and \
      USER_ACCOUNT_COMPONENT need no source: the client holds that data itself (the user's \
      favorites, downloads and account), so a component of one of these types may leave it out. \
      A source or type the component leaves out is its plugin manifest's `initial_value` for it, \
      as a builder fills it in; each platform's bundle takes it from that platform's manifest, \
      and a source missing on some platforms only names them.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": ⟦⟧"", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}"#)
      ],
      reports: [.init("'grid' component on root screen 'other' has no data source")]),
    good: .files([
      "screens/o.json": Example.screen(
        Example.grid + #", {"component_type": "grid", "data": {"type": "APPLICASTER_FAVORITES"}, "styles": {"cell_styles": ["GRID_1"]}}"#)
    ]))

  /// The data source types whose data the client holds itself (`Project.sourcelessDataTypes`).
  package static var sourcelessDataTypes: Set<String> { Project.sourcelessDataTypes }

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    guard !visit.screen.connected, visit.isKnownType, visit.takesData else { return }
    // A `connected` that is no boolean (`"yes"`, ZL0202's error) leaves unsaid whether the screen
    // is a root one: its components are not also each said to lack a source. An empty one is
    // no value (as null is): the screen is a root one.
    if let connected = visit.screen.value["data"]?["connected"], !connected.isNull, connected.string?.isEmpty != true,
      flexBool(connected) == nil
    {
      return
    }
    // Each platform's bundle fills what the component leaves out from that platform's manifest.
    func lacksSource(_ manifest: ManifestDecl?) -> Bool {
      let data = { (key: String) in c.setting(key, in: "data", manifest: manifest)?.string }
      return data("source")?.contains(where: { !$0.isWhitespace }) != true && data("type").map(sourcelessDataTypes.contains) != true
    }
    var qualifier = visit.dataPlatforms?.qualifier ?? ""
    if visit.manifest == nil {
      guard lacksSource(nil) else { return }
    } else {
      let uses = context.project.bundleManifests(for: visit.type).filter { Project.takesData(visit.type, manifest: $0.manifest) }
      let lacking = uses.filter { lacksSource($0.manifest) }
      guard !lacking.isEmpty else { return }
      if lacking.count < uses.count { qualifier = " (on \(lacking.flatMap(\.platforms).joined(separator: ", ")))" }
    }
    let location = c.sourceSpot ?? c.dataSpot ?? c.spot
    let message = "'\(visit.type)' component on root screen '\(visit.screen.id.value)' has no data source"
    context.report(rule, message + qualifier, at: location)
  }
}

extension Rule {
  public static let missingDataSource = MissingDataSourceRule.rule
}
