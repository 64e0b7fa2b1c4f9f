import ZappDiagnostics
import ZappModel

/// ZL0327 retired-client.
package enum RetiredClientRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0327", name: "retired-client", severity: .warning, category: .references,
    summary: "A renderer registry lists client builds all outside its platform's Zapp SDK range.",
    explanation: """
      A client older than its platform's `min_zapp_sdk` (the newest of `zlc.json` → `platforms` \
      and the manifests of the plugins the screens use, but those drawn only as fallbacks), or at \
      or past the oldest `unsupported_since_zapp_sdk` of those manifests, refuses the platform's \
      bundle and keeps the one it has, so what its registry lacks holds nothing back: a registry \
      whose whole `client_version` (a version, or a range `18.0.0..<19.0.0`, `18.0.0...18.9.0`) \
      lies outside that range is not checked (no ZL0313 or ZL0318), gets no `fallbacks` entry in \
      the bundle and is counted in the `fleet:` line as refusing the bundle. It is a warning, at its `client_version`, with a \
      note at the version that leaves it out: drop the registry, or change that version if those \
      clients are still to get the bundle.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "20.0.0"}}}"#,
        "registries/ios-18.json":
          #"{"platform": "ios", "client_version": ⟦⟧"18.0.0..<19.0.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_2"]}}"#
        ),
      ],
      reports: [
        .init(
          "the ios client 18.0.0..<19.0.0 is older than the platform's min_zapp_sdk 20.0.0 and refuses its bundle: its registry is not checked",
          notes: ["min_zapp_sdk of ios"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {"min_zapp_sdk": "18.0.0"}}}"#,
      "registries/ios-18.json":
        #"{"platform": "ios", "client_version": "18.0.0..<19.0.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01", "layout_01_grid_02"], "layout_kinds": ["flow"]}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_2"]}}"#),
    ]))

  package static func check(_ context: RuleContext) {
    for (registry, bound, unsupported) in context.project.retiredRegistries {
      guard let client = registry.client else { continue }
      let platform = registry.platform?.value ?? ""
      let key = unsupported ? "unsupported_since_zapp_sdk" : "min_zapp_sdk"
      let position = unsupported ? "at or past" : "older than"
      context.report(
        rule,
        "the \(platform) client \(client.value) is \(position) the platform's \(key) \(bound.version.value) and refuses its bundle: its registry is not checked",
        at: client.spot, notes: [DiagnosticNote(bound.what(key, on: platform), at: bound.version.spot)])
    }
  }
}

extension Rule {
  public static let retiredClient = RetiredClientRule.rule
}
