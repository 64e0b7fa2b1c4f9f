import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0313 unrenderable.
package enum UnrenderableRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0313", name: "unrenderable", severity: .error, category: .references,
    summary: "A target client's renderer registry lacks something a screen needs.",
    explanation: """
      A registry (`registries/<name>.json`, `zlc schema registry`) lists what one client build of \
      a platform can render: component types, cell layouts (`layoutId` of the family's cell \
      styles), layout kinds, screen plugins and, when it lists them (`navigation_plugins`), the \
      navigation plugins the screens' navigations are drawn with: every navigation plugin the \
      bundle lists for the platform, each navigation's `navigation_type` (a manifest of the \
      project's, or a plugin Zapp ships) and each nav item's `type` that a manifest of type \
      `nav_item` declares, reported at that value. Every \
      screen of an app that targets the platform must be drawable by every registered client of \
      it; otherwise the client shows a hole. A group is not drawn: a plugin whose manifest makes \
      it a group on some platforms only is needed by the clients of the others alone. \
      A component with a `fallback` that client can draw is a warning instead (ZL0318). A cell \
      layout named by a cell style of the project family the component is drawn with is noted \
      at that style, with the registry's layout near it when there is one \
      (`layout_01_grid_1`: `layout_01_grid_01`), since the family is where a misspelled one is \
      fixed. \
      Platforms without a registry are not checked. `zlc generate` shows it as a warning and \
      writes the code all the same: that code is how the client gets the renderer.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "registries/ios.json":
          #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"GRID_2"]}}"#
        ),
      ],
      reports: [
        .init(
          "component 'grid' of screen 'other' needs cell layout 'layout_01_grid_02', which the ios client 20.1.0 cannot render",
          notes: ["cell_layouts of the ios 20.1.0 registry, without 'layout_01_grid_02'"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios.json":
        #"{"platform": "ios", "client_version": "20.1.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01", "layout_01_grid_02"], "layout_kinds": ["flow"]}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_2"]}}"#),
    ]))

  package static func check(_ context: RuleContext) {
    for coverage in context.project.targetCoverages {
      for gap in coverage.gaps where !gap.appliesFallback {
        for need in gap.lacking {
          let notes = need.kind == .cellLayout ? cellStyleNotes(need, of: gap, in: coverage.registry, context.project) : []
          report(need, of: gap, in: coverage.registry, context, cellNotes: notes)
        }
      }
    }
  }

  /// A note at the cell style of the family the component is drawn with that names the cell
  /// layout, when that family is a project file's (where a misspelled layout id is fixed), with the
  /// registry's layout near it. Layout ids compare by their UTF-8 bytes, as clients compare them.
  static func cellStyleNotes(_ need: RendererNeed, of gap: RegistryGap, in registry: ClientRegistry, _ project: Project) -> [DiagnosticNote]
  {
    guard let component = need.component,
      let name = Project.drawnFamily(of: component, in: gap.screen, platform: registry.platform?.value)?.value,
      let decl = project.families[name], !decl.isBuiltin
    else { return [] }
    let bytes = Array(need.name.utf8)
    for style in decl.family.components {
      guard let cell = style.cells.first(where: { $0.layoutID.map { Array($0.utf8) } == bytes }),
        let spot = decl.cellSpots[style.type]?[cell.name]
      else { continue }
      var note = "cell style '\(cell.name)' of family '\(name)' names cell layout '\(need.name)'"
      if let near = nearest(to: need.name, in: registry.cellLayouts.map(\.value)), !near.isTied {
        note += "; the registry has '\(near.text)'"
      }
      return [DiagnosticNote(note, at: spot)]
    }
    return []
  }

  package static func report(
    _ need: RendererNeed, of gap: RegistryGap, in registry: ClientRegistry, _ context: RuleContext, cellNotes: [DiagnosticNote] = []
  ) {
    let platform = registry.platform?.value ?? ""
    var notes = [registryNote(need, registry)] + cellNotes
    if let fallback = gap.fallback, let missing = gap.fallbackLacking.first {
      notes.append(
        DiagnosticNote("its fallback needs \(missing.kind.noun) '\(missing.name)', which that client lacks too", at: fallback.value.spot))
    } else if let fallback = gap.fallback, let refusal = gap.fallbackRefusal {
      let bound =
        refusal.unsupported
        ? "unsupported_since_zapp_sdk \(refusal.version.value), which that client reaches"
        : "min_zapp_sdk \(refusal.version.value), which that client predates"
      notes.append(
        DiagnosticNote(
          "its fallback is plugin '\(refusal.plugin)', whose \(platform) manifest gives \(bound): the plugin cannot run there",
          at: fallback.value.spot))
    } else if let fallback = gap.fallback, !gap.clientAppliesFallbacks {
      notes.append(
        DiagnosticNote(
          "the client would need to draw its fallback, but its registry does not say \"applies_fallbacks\": true", at: fallback.value.spot))
    }
    context.report(
      rule,
      "\(describe(need, in: gap.screen)) needs \(need.kind.noun) '\(need.name)', which the \(platform) client \(registry.clientDescription) cannot render",
      at: need.spot, notes: notes)
  }

  /// The note at the registry's list that lacks `need`: at the registry when it has no such list,
  /// and at an entry that differs from the name only in case, Unicode form or spaces at its ends
  /// (a client compares names by their exact characters).
  package static func registryNote(_ need: RendererNeed, _ registry: ClientRegistry) -> DiagnosticNote {
    let list = need.kind.key
    let named = "the \(registry.platform?.value ?? "") \(registry.clientName) registry"
    if registry.value[list] == nil {
      return DiagnosticNote("\(named) has no \(list) list: one left out is empty", at: registry.spot(of: need.kind))
    }
    if let near = registry.names(need.kind).first(where: { nearMiss($0.value, need.name) }) {
      // Canonically equal strings look the same: say why they are two.
      let why = near.value == need.name ? "the same text in another Unicode form" : "not '\(need.name)'"
      return DiagnosticNote(
        "\(list) of \(named) lists '\(near.value)', \(why): a client compares names by their exact characters", at: near.spot)
    }
    return DiagnosticNote("\(list) of \(named), without '\(need.name)'", at: registry.spot(of: need.kind))
  }

  /// Whether `written` is `name` but for case, Unicode form or spaces at its ends.
  static func nearMiss(_ written: String, _ name: String) -> Bool {
    !written.utf8.elementsEqual(name.utf8) && written.trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased()
  }

  /// `component 'grid' of screen 'home'`, `the size class 'L' replacement of …`, or `screen 'epg'`.
  package static func describe(_ need: RendererNeed, in screen: ScreenDecl) -> String {
    var what = need.component.map { "component '\($0.type.value)' of screen '\(screen.id.value)'" } ?? "screen '\(screen.id.value)'"
    if let sizeClass = need.sizeClass { what = "the size class '\(sizeClass)' replacement of " + what }
    return what
  }
}

extension UnrenderableRule {

}

extension Rule {
  public static let unrenderable = UnrenderableRule.rule

  /// The rules that compare the screens with the registered client builds (ZL0313, ZL0318): what
  /// builds made so far lack, which the code `zlc generate` writes is how a build gets.
  public static let registryCoverage: Set<Rule> = [UnrenderableRule.rule, FallbackAppliedRule.rule]
}
