import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0318 fallback-applied.
package enum FallbackAppliedRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0318", name: "fallback-applied", severity: .warning, category: .references,
    summary: "A registered client lacks a component's renderer and draws its fallback instead.",
    explanation: """
      A screen component may say what clients lacking one of its renderers draw instead: \
      `"fallback": "hide"`, or `{"component_type": T, "cell_style": C}` (checked as a size class \
      replacement is). When a registry lacks something the component needs, says \
      `"applies_fallbacks": true` (its build draws fallbacks) and has what the fallback needs, \
      that client shows the fallback: a warning naming the platform, the client version, its \
      share of installs (`installs`) and the fallback. The platform's bundle records it under \
      `fallbacks`. Without a fallback that client can draw, it is an error (ZL0313).
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "registries/ios-19.json":
          #"{"platform": "ios", "client_version": "19.0.0..<20.0.0", "installs": 0.04, "applies_fallbacks": true, "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"GRID_2"]}, "fallback": "hide"}"#
        ),
      ],
      reports: [
        .init(
          "component 'grid' of screen 'other' needs cell layout 'layout_01_grid_02', which the ios client 19.0.0..<20.0.0 (4% of installs) cannot render; that client draws nothing (its fallback hides it) instead",
          notes: ["the fallback", "cell_layouts of the ios 19.0.0..<20.0.0 registry, without 'layout_01_grid_02'"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios-19.json":
        #"{"platform": "ios", "client_version": "19.0.0..<20.0.0", "installs": 0.04, "applies_fallbacks": true, "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01", "layout_01_grid_02"], "layout_kinds": ["flow"]}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_2"]}, "fallback": "hide"}"#
      ),
    ]))

  package static func check(_ context: RuleContext) {
    for coverage in context.project.targetCoverages {
      let registry = coverage.registry
      for gap in coverage.gaps where gap.appliesFallback {
        guard let need = gap.lacking.first, let fallback = gap.fallback else { continue }
        let platform = registry.platform?.value ?? ""
        context.report(
          rule,
          "\(UnrenderableRule.describe(need, in: gap.screen)) needs \(need.kind.noun) '\(need.name)', which the \(platform) client \(registry.clientDescription) cannot render; that client draws \(describe(fallback)) instead",
          at: need.spot,
          notes: [
            DiagnosticNote("the fallback", at: fallback.value.spot), UnrenderableRule.registryNote(need, registry),
          ])
      }
    }
  }

  /// `nothing (the fallback hides it)` or `'grid' with cell style 'GRID_1'`.
  package static func describe(_ fallback: SizeClassMappingEntry) -> String {
    guard let type = fallback.componentType else { return "nothing (its fallback hides it)" }
    return "'\(type.value)'" + (fallback.cellStyle.map { " with cell style '\($0.value)'" } ?? "") + " (its fallback)"
  }
}

extension Rule {
  public static let fallbackApplied = FallbackAppliedRule.rule
}
