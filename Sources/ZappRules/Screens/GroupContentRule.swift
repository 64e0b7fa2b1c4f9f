import ZappDiagnostics
import ZappModel

/// ZL0411 group-content.
package enum GroupContentRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0411", name: "group-content", severity: .error, category: .screens,
    summary: "A group holds a component that cannot stand in a group, or a screen one that stands only in groups.",
    explanation: """
      A component may stand in a group only when its manifest's `characteristics.appearance` \
      includes `group`, and directly on a screen only when it includes `screen` (the default for \
      ui_components is both); a component holds others only when it is a group (the built-in \
      `group`, or a plugin whose manifest's `characteristics.group` is true). What a component's \
      `size_class_mapping` entries and `fallback` name in their `component_type` is drawn in its \
      place, and is checked the same way. The builder places \
      components where their appearance allows; a file edited by hand may not. An app of several \
      platforms is checked against each platform's manifest, and a finding that only some \
      platforms' manifests make names them.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(#", "characteristics": {"appearance": ["screen"]}"#),
        "screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": ⟦⟧"x"}]}"#),
      ], reports: [.init("'x' cannot stand in a group: its manifest's appearance is [screen]", notes: ["declared here"])]),
    good: .files([
      "components/m.json": Example.manifest(#", "characteristics": {"appearance": ["group", "screen"]}"#),
      "screens/o.json": Example.screen(#"{"component_type": "group", "ui_components": [{"component_type": "x"}]}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let project = context.project
    let c = visit.component
    // With several bundles whose manifests of these types differ, each platform's is checked and
    // a finding not every platform makes names those that do.
    let types = ([c] + c.children).flatMap { [$0.typeName] + drawnInstead(of: $0).map(\.type.value) }
    let platforms = types.lazy.map { project.bundleManifests(for: $0) }.first { $0.count > 1 }?.flatMap(\.platforms)
    var findings: [Finding] = []
    for platform in platforms.map({ $0.map(Optional.some) }) ?? [nil] {
      for found in self.findings(visit, on: platform, project) {
        if let at = findings.firstIndex(where: { $0.key == found.key }) {
          findings[at].platforms += platform.map { [$0] } ?? []
          for m in found.manifests where !findings[at].manifests.contains(where: { $0 === m }) { findings[at].manifests.append(m) }
        } else {
          findings.append(found)
        }
      }
    }
    for found in findings {
      let only = platforms.map { found.platforms.count < $0.count } ?? false
      let notes = found.manifests.map { DiagnosticNote("declared here", at: $0.identifier?.spot ?? $0.spot) }
      context.report(
        rule, found.message + (only ? " (on \(found.platforms.joined(separator: ", ")))" : ""), at: found.spot, notes: notes)
    }
  }

  /// A finding on one platform (nil: on them all): `key` tells it from the others of the component.
  struct Finding {
    let key: String
    let message: String
    let spot: SourceSpot?
    var manifests: [ManifestDecl]
    var platforms: [String]
  }

  /// The findings of a component as the bundle of `platform` (nil: every bundle) reads its manifests.
  static func findings(_ visit: ComponentVisit, on platform: String?, _ project: Project) -> [Finding] {
    func manifest(_ type: String) -> ManifestDecl? {
      guard let platform else { return project.manifest(for: type) }
      return project.bundleManifests(for: type).first { $0.platforms.contains(platform) }?.manifest ?? project.manifest(for: type)
    }
    let on = platform.map { [$0] } ?? []
    let c = visit.component
    var found: [Finding] = []
    let own = manifest(visit.type)
    if Project.isGroup(visit.type, manifest: own) {
      for (i, child) in c.children.enumerated() {
        // The child, and what its size classes and fallback draw in its place.
        for (label, type) in [("", child.type)] + drawnInstead(of: child) {
          guard let m = manifest(type.value), !m.appearance.contains("group"), !Project.isGroup(type.value, manifest: m) else {
            continue
          }
          let message = "'\(type.value)' cannot stand in a group: its manifest's appearance is [\(summarizedList(m.appearance))]"
          found.append(Finding(key: "\(i) \(label) \(message)", message: message, spot: type.spot, manifests: [m], platforms: on))
        }
      }
    } else if !c.children.isEmpty, let nested = c.childrenSpot {
      let message = "'\(visit.type)' is not a group and cannot hold components"
      found.append(Finding(key: "holds", message: message, spot: nested, manifests: [], platforms: on))
    }
    guard !visit.inGroup else { return found }
    // The component, and what its size classes and fallback draw in its place, on the screen.
    for (label, type) in [("", c.type)] + drawnInstead(of: c) {
      guard let m = manifest(type.value), !m.appearance.contains("screen"), !Project.isGroup(type.value, manifest: m) else {
        continue
      }
      let message = "'\(type.value)' stands only in a group: its manifest's appearance is [\(summarizedList(m.appearance))]"
      found.append(Finding(key: "screen \(label) \(message)", message: message, spot: type.spot, manifests: [m], platforms: on))
    }
    return found
  }

  /// The types a component's size class entries and fallback draw in its place (not `hide`), each
  /// with its entry's label.
  static func drawnInstead(of c: ComponentDecl) -> [(label: String, type: Located<String>)] {
    guard c.sizeClassMappingValue != nil || c.fallbackValue != nil else { return [] }
    return SizeClassMappingEntry.replacements(of: c).compactMap { entry in
      entry.hides ? nil : entry.componentType.map { (entry.label, $0) }
    }
  }
}

extension Rule {
  public static let groupContent = GroupContentRule.rule
}
