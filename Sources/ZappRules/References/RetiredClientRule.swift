import ZappDiagnostics
import ZappModel

/// ZL0327 retired-client.
package enum RetiredClientRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0327", name: "retired-client", severity: .warning, category: .references,
    summary: "A renderer registry lists client builds all older than its platform's `min_zapp_sdk`.",
    explanation: """
      A client older than its platform's `min_zapp_sdk` (`zlc.json` → `platforms`) refuses the \
      platform's bundle and keeps the one it has, so what its registry lacks holds nothing back: \
      a registry whose whole `client_version` (a version, or a range `18.0.0..<19.0.0`, \
      `18.0.0...18.9.0`) lies below that version is not checked (no ZL0313 or ZL0318), gets no \
      `fallbacks` entry in the bundle and is not counted in the `fleet:` line. It is a warning, \
      at its `client_version`: drop the registry, or lower `min_zapp_sdk` if those clients are \
      still to get the bundle.
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
    for (registry, minimum) in context.project.retiredRegistries {
      guard let client = registry.client else { continue }
      context.report(
        rule,
        "the \(registry.platform?.value ?? "") client \(client.value) is older than the platform's min_zapp_sdk \(minimum.value) and refuses its bundle: its registry is not checked",
        at: client.spot, notes: [DiagnosticNote("min_zapp_sdk of \(registry.platform?.value ?? "")", at: minimum.spot)])
    }
  }
}

extension Rule {
  public static let retiredClient = RetiredClientRule.rule
}
