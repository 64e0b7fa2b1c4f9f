import ZappDiagnostics
import ZappModel

/// ZL0428 ignored-data-source.
package enum IgnoredDataSourceRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0428", name: "ignored-data-source", severity: .warning, category: .screens,
    summary: "A data source written on a plugin component whose manifest has no `data` section.",
    explanation: """
      A plugin component takes data only when its manifest has a `data` section: that section is \
      what a builder offers a feed for, and what a client hands the component. A `data.source` \
      written on a component whose manifest has none is never loaded: its section binds no data \
      (`"binding": "none"`), and the plugin is drawn without the items the source names. Give the \
      manifest a `data` section (its `source` and `type` fields), or remove the source. When only \
      some platforms' manifests lack the section, the finding names those platforms.
      """,
    bad: .files(
      [
        "components/banner.json": Example.manifest("", identifier: "banner"),
        "screens/o.json": Example.screen(
          #"{"component_type": "banner", "data": {"source": ⟦⟧"https://cdn/feed.json", "type": "APPLICASTER_ATOM_FEED"}}"#),
      ],
      reports: [
        .init(
          "'banner' takes no data (its manifest has no 'data' section), so its source 'https://cdn/feed.json' is never loaded",
          notes: ["the banner manifest is here"])
      ]),
    good: .files([
      "components/banner.json": Example.manifest(
        #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#, identifier: "banner"),
      "screens/o.json": Example.screen(
        #"{"component_type": "banner", "data": {"source": "https://cdn/feed.json", "type": "APPLICASTER_ATOM_FEED"}}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.manifest != nil, !visit.isGroup, let source = visit.source, source.value.contains(where: { !$0.isWhitespace })
    else { return }
    // Each platform's bundle binds the section as that platform's manifest says.
    let manifests = context.project.bundleManifests(for: visit.type)
    let lacking = manifests.filter { !$0.manifest.isGroup && !Project.takesData(visit.type, manifest: $0.manifest) }
    guard let first = lacking.first else { return }
    let qualifier = lacking.count < manifests.count ? " (on \(lacking.flatMap(\.platforms).joined(separator: ", ")))" : ""
    let notes = first.manifest.identifier.map { [DiagnosticNote("the \(visit.type) manifest is here", at: $0.spot)] } ?? []
    context.report(
      rule,
      "'\(visit.type)' takes no data (its manifest has no 'data' section), so its source '\(source.value)' is never loaded" + qualifier,
      at: source.spot, notes: notes)
  }
}

extension Rule {
  public static let ignoredDataSource = IgnoredDataSourceRule.rule
}
