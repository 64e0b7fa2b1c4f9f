import ZappDiagnostics
import ZappModel

/// ZL0624 overlapping-clients.
package enum OverlappingClientsRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0624", name: "overlapping-clients", severity: .warning, category: .manifests,
    summary: "Two renderer registries of one platform list the same client build.",
    explanation: """
      Each file of `registries/` describes the client builds of its `client_version` (a version, \
      or a range `20.0.0..<21.0.0`, `20.0.0...20.9.0`): the renderers they have compiled in and \
      their share of the platform's installs. A build has one set of renderers, so two \
      registries of one platform whose versions share a build say two things of it, and the \
      `fleet:` line counts its installs twice; a copied registry whose `client_version` was not \
      changed is the usual cause. Registries the check leaves out (of a platform the app does \
      not target, or of clients that refuse the bundle, ZL0327) are not compared. It is a \
      warning at the later registry's `client_version`, \
      with a note at the other's: give each registry its own versions.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "registries/ios-20.json":
          #"{"platform": "ios", "client_version": "20.0.0..<21.0.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
        "registries/ios-21.json":
          #"{"platform": "ios", "client_version": ⟦⟧"20.5.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        ),
      ],
      reports: [
        .init(
          "the ios clients 20.5.0 share a build with another registry's 20.0.0..<21.0.0: a client build has one set of renderers, and its installs would be counted twice",
          notes: ["the other registry's client_version"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "registries/ios-20.json":
        #"{"platform": "ios", "client_version": "20.0.0..<21.0.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
      "registries/ios-21.json":
        #"{"platform": "ios", "client_version": "21.0.0", "component_types": ["grid"], "cell_layouts": ["layout_01_grid_01"], "layout_kinds": ["flow"]}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#),
    ]))

  package static func check(_ context: RuleContext) {
    // The registries the fleet counts: of a target platform, and of clients that take the bundle.
    let registries = context.project.targetRegistries
    for (later, earlier) in ClientRegistry.sharingABuild(registries) {
      guard let platform = registries[later].platform?.value, let client = registries[later].client,
        let other = registries[earlier].client
      else { continue }
      context.report(
        rule,
        "the \(platform) clients \(client.value) share a build with another registry's \(other.value): a client build has one set of renderers, and its installs would be counted twice",
        at: client.spot, notes: [DiagnosticNote("the other registry's client_version", at: other.spot)])
    }
  }
}

extension Rule {
  public static let overlappingClients = OverlappingClientsRule.rule
}
