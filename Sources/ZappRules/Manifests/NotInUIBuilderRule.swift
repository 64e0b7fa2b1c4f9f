import ZappDiagnostics
import ZappModel

/// ZL0618 not-in-ui-builder.
package enum NotInUIBuilderRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0618", name: "not-in-ui-builder", severity: .warning, category: .manifests,
    summary: "A plugin the screens use says it is not available in UI builder apps.",
    explanation: """
      A manifest's `ui_builder_support` says whether the plugin is available in Zapp's UI builder \
      apps (zappifest asks "Should this plugin be available in Zapp UI Builder?"). The layouts zlc \
      builds are those apps' screens, so a screen or component that uses a plugin whose manifest \
      sets it to false (or "false") asks for one those apps are not offered: the warning is at the \
      first use, with a note at the `ui_builder_support` of each manifest used (for an app of \
      several platforms, the platforms whose manifest says so). A manifest no screen uses is not \
      reported.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "components/x.json": Example.manifest(#", "platform": "ios""#, builderSupport: "false"),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"x"}"#),
      ],
      reports: [
        .init(
          "plugin 'x' is not available in UI builder apps (its manifest sets ui_builder_support to false)",
          notes: ["ui_builder_support of its manifest"])
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}}}"#,
      "components/x.json": Example.manifest(#", "platform": "ios""#),
      "components/unused.json": Example.manifest(#", "platform": "ios""#, identifier: "unused", builderSupport: "false"),
      "screens/o.json": Example.screen(#"{"component_type": "x"}"#),
    ]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    let several = project.targetPlatforms.count > 1
    for (identifier, use) in project.usedPlugins {
      let manifests = project.manifests(for: identifier)
      var refused: [(platform: String?, spot: SourceSpot)] = []
      let platforms = project.targetPlatforms(drawing: identifier)
      let uses: [(String?, ManifestDecl)] =
        platforms.isEmpty
        ? project.manifest(for: identifier).map { [(nil, $0)] } ?? []
        : platforms.compactMap { platform in Project.bestFit(among: manifests, on: platform).map { (platform, $0) } }
      for (platform, manifest) in uses {
        guard let support = manifest.value["ui_builder_support"], flexBool(support) == false else { continue }
        refused.append((platform, support.spot))
      }
      guard !refused.isEmpty else { continue }
      let notes = refused.prefix(3).map { entry in
        DiagnosticNote(
          several
            ? entry.platform.map { "ui_builder_support of the manifest used on '\($0)'" } ?? "ui_builder_support of its manifest"
            : "ui_builder_support of its manifest",
          at: entry.spot)
      }
      let on = several ? refused.compactMap(\.platform).map { "'\($0)'" } : []
      context.bag.add(
        Message.notInUIBuilder(identifier, platforms: on.isEmpty ? nil : summarizedList(on)).diagnostic(at: use, notes: notes))
    }
  }
}

extension Rule {
  public static let notInUIBuilder = NotInUIBuilderRule.rule
}

extension NotInUIBuilderRule {
  package typealias Message = RuleMessage<NotInUIBuilderRule>
}

extension RuleMessage where Owner == NotInUIBuilderRule {
  /// Plugin `identifier`'s manifest (on `platforms`, for an app of several) sets `ui_builder_support` to false.
  package static func notInUIBuilder(_ identifier: String, platforms: String?) -> Self {
    let manifest = platforms.map { "the manifest used on \($0)" } ?? "its manifest"
    return Self(
      "not-in-ui-builder", "plugin '\(identifier)' is not available in UI builder apps (\(manifest) sets ui_builder_support to false)")
  }
}
