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
      as a builder fills it in.
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

  /// The data source types whose data the client holds itself (iOS parses them with no payload).
  package static let sourcelessDataTypes: Set<String> = ["APPLICASTER_FAVORITES", "DOWNLOADS", "USER_ACCOUNT_COMPONENT"]

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    guard !visit.screen.connected, visit.isKnownType, visit.takesData else { return }
    let data = { (key: String) in c.setting(key, in: "data", manifest: visit.manifest)?.string }
    guard data("source")?.contains(where: { !$0.isWhitespace }) != true,
      data("type").map(sourcelessDataTypes.contains) != true
    else { return }
    let location = c.sourceSpot ?? c.dataSpot ?? c.spot
    let message = "'\(visit.type)' component on root screen '\(visit.screen.id.value)' has no data source"
    context.report(rule, message + (visit.dataPlatforms?.qualifier ?? ""), at: location)
  }
}

extension Rule {
  public static let missingDataSource = MissingDataSourceRule.rule
}
