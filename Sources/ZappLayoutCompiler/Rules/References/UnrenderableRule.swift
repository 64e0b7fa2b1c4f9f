/// ZL0313 unrenderable.
enum UnrenderableRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0313", name: "unrenderable", severity: .error, category: .references,
    summary: "A target client's renderer registry lacks something a screen needs.",
    explanation: """
      A registry (`registries/<name>.json`, `zlc schema registry`) lists what one client build of \
      a platform can render: component types, cell layouts (`layoutId` of the family's cell \
      styles), layout kinds and screen plugins. Every screen of an app that targets the platform \
      must be drawable by every registered client of it; otherwise the client shows a hole. \
      Platforms without a registry are not checked.
      """,
    bad: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios.json":
        #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"GRID_2"]}}"#),
    ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios.json":
        #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01", "layout_01_grid_02"], "layout_kinds": ["flow"]}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_2"]}}"#),
    ]))

  static func check(_ context: RuleContext) {
    let project = context.project
    let targets = Set(project.targetPlatforms)
    let registries = project.registries.filter { $0.platform.map { targets.contains($0.value) } ?? false }
    guard !registries.isEmpty else { return }
    for screen in project.screens {
      // A type or plugin that is not declared at all is ZL0303's or ZL0312's to report.
      for need in project.rendererNeeds(screen) where isDeclared(need, in: project) {
        for registry in registries {
          let (names, spot) = registry.entries(need.kind)
          guard !names.contains(need.name) else { continue }
          let platform = registry.platform?.value ?? ""
          var what = need.component.map { "component '\($0.type.value)' of screen '\(screen.id.value)'" } ?? "screen '\(screen.id.value)'"
          if let sizeClass = need.sizeClass { what = "the size class '\(sizeClass)' replacement of " + what }
          context.report(
            rule,
            "\(what) needs \(need.kind.noun) '\(need.name)', which the \(platform) client \(registry.clientName) cannot render",
            at: need.spot,
            notes: [DiagnosticNote("\(need.kind.key) of the \(platform) \(registry.clientName) registry, without '\(need.name)'", at: spot)]
          )
        }
      }
    }
  }
}

extension UnrenderableRule {
  /// Whether a component type or screen plugin is declared (built in, or by a manifest).
  static func isDeclared(_ need: RendererNeed, in project: Project) -> Bool {
    switch need.kind {
    case .componentType:
      return Checker.builtinComponentTypes.contains(need.name) || (project.manifest(for: need.name)?.isUIComponent ?? false)
    case .screenPlugin: return project.manifest(for: need.name) != nil
    case .cellLayout, .layoutKind: return true
    }
  }
}

extension Rule {
  public static let unrenderable = UnrenderableRule.rule
}
