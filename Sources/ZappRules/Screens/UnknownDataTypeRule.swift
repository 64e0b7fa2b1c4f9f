import ZappDiagnostics
import ZappModel

/// ZL0402 unknown-data-type.
package enum UnknownDataTypeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0402", name: "unknown-data-type", severity: .error, category: .screens,
    summary: "A data source type clients do not know.",
    explanation: """
      `data.type` on a root screen's component is one of APPLICASTER_CATEGORY, \
      APPLICASTER_COLLECTION, APPLICASTER_ATOM_FEED, APPLICASTER_FAVORITES, WEB_URL, BANNER, \
      SMART_BANNER, BOX_BANNER, DOWNLOADS, USER_ACCOUNT_COMPONENT, or a type listed in \
      `zlc.json`'s `data_types`; a plugin whose manifest lists `data_types` takes one of those. \
      A type near one zlc.json declares, or near one a plugin takes, is a hint, not a fix: either \
      side may hold the misspelling.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": ⟦⟧"APPLICASTER_COLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#)
      ], reports: [.init("unknown data source type 'APPLICASTER_COLECTION'", fixIt: #""APPLICASTER_COLLECTION""#)]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static let knownDataTypes = [
    "APPLICASTER_CATEGORY", "APPLICASTER_COLLECTION", "APPLICASTER_ATOM_FEED", "APPLICASTER_FAVORITES",
    "WEB_URL", "BANNER", "SMART_BANNER", "BOX_BANNER", "DOWNLOADS", "USER_ACCOUNT_COMPONENT",
  ]
  /// `knownDataTypes`, looked up for every component with a data source.
  private static let knownDataTypeSet = Set(knownDataTypes)

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    guard !visit.screen.connected, visit.isKnownType, visit.takesData, visit.source != nil else { return }
    if let dataType = c.dataType {
      let settings = context.project.settings
      if !knownDataTypeSet.contains(dataType.value), !settings.dataTypes.contains(dataType.value) {
        let suggestion = nearest(to: dataType.value, in: knownDataTypes + settings.dataTypes)
        var fixIt = FixIt.didYouMean(suggestion, at: dataType.spot)
        var notes: [DiagnosticNote] = []
        // A type zlc.json declares may be the misspelled one: a hint then, never a fix.
        if let name = suggestion?.text, !knownDataTypeSet.contains(name),
          let declared = settings.root?["data_types"]?.elements.first(where: { $0.string == name })
        {
          notes.append(
            DiagnosticNote("'\(name)' is declared in zlc.json here; if it is the misspelled one, fix it there", at: declared.spot))
          fixIt?.range = nil
        }
        let message = "unknown data source type '\(dataType.value)'" + (visit.dataPlatforms?.qualifier ?? "")
        context.report(rule, message, at: dataType.spot, notes: notes, fixIt: fixIt)
      } else if visit.manifest != nil {
        checkPluginDataTypes(dataType, of: visit.type, context)
      }
    } else if let data = c.dataSpot {
      let message = "'\(visit.type)' component has a data source but no data source type" + (visit.dataPlatforms?.qualifier ?? "")
      context.report(rule, message, at: c.dataTypeSpot ?? data)
    }
  }

  /// A plugin whose manifest lists the types it takes (as on a connected screen, ZL0703), checked
  /// against each platform's manifest when their bundles use different ones (a finding of some
  /// platforms names them). The type is a known one, not a misspelling: a near accepted type is a
  /// hint, never a fix.
  private static func checkPluginDataTypes(_ dataType: Located<String>, of type: String, _ context: RuleContext) {
    // Platforms whose manifests list the same types make one finding.
    let byTypes = context.project.bundleManifestsByDataTypes(for: type)
    let all = byTypes.flatMap(\.platforms)
    for (manifest, platforms) in byTypes {
      guard let accepts = manifest.dataTypes, !accepts.isEmpty, !accepts.contains(dataType.value) else { continue }
      var fixIt = FixIt.didYouMean(for: dataType.value, among: accepts, at: dataType.spot)
      fixIt?.range = nil
      var message = "'\(type)' takes the data types \(summarizedList(accepts)), not '\(dataType.value)'"
      if platforms.count < all.count { message += " (on \(platforms.joined(separator: ", ")))" }
      context.report(
        rule, message, at: dataType.spot,
        notes: manifest.value["data_types"].map { [DiagnosticNote("its manifest's data_types", at: $0.spot)] } ?? [], fixIt: fixIt)
    }
  }
}

extension Rule {
  public static let unknownDataType = UnknownDataTypeRule.rule
}
