import ZappDiagnostics
import ZappModel

/// ZL0428 ignored-data-source.
package enum IgnoredDataSourceRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0428", name: "ignored-data-source", severity: .warning, category: .screens,
    summary: "A data source written on a plugin component whose manifest declares no `data` field.",
    explanation: """
      A plugin component takes data only when its manifest declares fields in its `data` section: \
      they are what a builder offers a feed for, and what a client hands the component. A \
      `data.source` written on a root screen's component whose manifest declares none is never \
      loaded: its section binds no data (`"binding": "none"`), and the plugin is drawn without the \
      items the source names. Declare the manifest's `data` fields (`source` and `type`), or remove \
      the source. When only some platforms' bundles drop it (a Quick Brick platform draws its own \
      component of a Quick Brick type's name, which takes data), the finding names those platforms. \
      A source on a connected screen's component is ZL0403's error.
      """,
    bad: .files(
      [
        "components/banner.json": Example.manifest("", identifier: "banner"),
        "screens/o.json": Example.screen(
          #"{"component_type": "banner", "data": {"source": ⟦⟧"https://cdn/feed.json", "type": "APPLICASTER_ATOM_FEED"}}"#),
      ],
      reports: [
        .init(
          "'banner' takes no data (its manifest declares no 'data' field), so its source 'https://cdn/feed.json' is never loaded",
          notes: ["the banner manifest is here"])
      ]),
    good: .files([
      "components/banner.json": Example.manifest(
        #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "type", "type": "text_input"}]}"#, identifier: "banner"),
      "screens/o.json": Example.screen(
        #"{"component_type": "banner", "data": {"source": "https://cdn/feed.json", "type": "APPLICASTER_ATOM_FEED"}}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.manifest != nil, !visit.isGroup, !visit.screen.connected, let source = visit.source,
      source.value.contains(where: { !$0.isWhitespace })
    else { return }
    // Each platform's bundle binds the section as that platform's manifest says (a manifest of no
    // platform's serves them all), but where a Quick Brick platform draws its own component.
    let project = context.project
    let all = project.targetPlatforms
    let builtinOn = Set(project.quickBrickBuiltinPlatforms(of: visit.type))
    let lacking = project.bundleManifests(for: visit.type).filter {
      !$0.manifest.isGroup && !Project.takesData(visit.type, manifest: $0.manifest)
    }
    guard let first = lacking.first else { return }
    let platforms = lacking.flatMap { $0.platforms.isEmpty ? all : $0.platforms }.filter { !builtinOn.contains($0) }
    guard all.isEmpty || !platforms.isEmpty else { return }
    let qualifier = !all.isEmpty && platforms.count < all.count ? " (on \(platforms.joined(separator: ", ")))" : ""
    let notes = first.manifest.identifier.map { [DiagnosticNote("the \(visit.type) manifest is here", at: $0.spot)] } ?? []
    context.report(
      rule,
      "'\(visit.type)' takes no data (its manifest declares no 'data' field), so its source '\(source.value)' is never loaded"
        + qualifier,
      at: source.spot, notes: notes)
  }
}

extension Rule {
  public static let ignoredDataSource = IgnoredDataSourceRule.rule
}
