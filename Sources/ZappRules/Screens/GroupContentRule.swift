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
      `size_class_mapping` entries (else its family's `sizeClassMapping` for its type) and \
      `fallback` name in their `component_type` is drawn in its place, and is checked the same way. The builder places \
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
    let types = ([c] + c.children).flatMap { [$0.typeName] + drawnInstead(of: $0, visit, on: nil, project).map(\.type.value) }
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
      let notes =
        (found.drawnBy.map { [$0] } ?? []) + found.manifests.map { DiagnosticNote("declared here", at: $0.identifier?.spot ?? $0.spot) }
      context.report(
        rule, found.message + (only ? " (on \(found.platforms.joined(separator: ", ")))" : ""), at: found.spot, notes: notes)
    }
  }

  /// A finding on one platform (nil: on them all): `key` tells it from the others of the component.
  struct Finding {
    let key: String
    let message: String
    let spot: SourceSpot?
    /// Where a family's mapping names the type drawn in the component's place.
    var drawnBy: DiagnosticNote? = nil
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
        for drawn in [Drawn(label: "", type: child.type)] + drawnInstead(of: child, visit, on: platform, project) {
          let type = drawn.type
          guard let m = manifest(type.value), !m.appearance.contains("group"), !Project.isGroup(type.value, manifest: m) else {
            continue
          }
          let message = "'\(type.value)' cannot stand in a group: its manifest's appearance is [\(summarizedList(m.appearance))]"
          found.append(
            Finding(
              key: "\(i) \(drawn.label) \(message)", message: message, spot: drawn.family == nil ? type.spot : child.type.spot,
              drawnBy: drawn.note, manifests: [m], platforms: on))
        }
      }
    } else if !c.children.isEmpty, let nested = c.childrenSpot {
      let message = "'\(visit.type)' is not a group and cannot hold components"
      found.append(Finding(key: "holds", message: message, spot: nested, manifests: [], platforms: on))
    }
    guard !visit.inGroup else { return found }
    // The component, and what its size classes and fallback draw in its place, on the screen.
    for drawn in [Drawn(label: "", type: c.type)] + drawnInstead(of: c, visit, on: platform, project) {
      let type = drawn.type
      guard let m = manifest(type.value), !m.appearance.contains("screen"), !Project.isGroup(type.value, manifest: m) else {
        continue
      }
      let message = "'\(type.value)' stands only in a group: its manifest's appearance is [\(summarizedList(m.appearance))]"
      found.append(
        Finding(
          key: "screen \(drawn.label) \(message)", message: message, spot: drawn.family == nil ? type.spot : c.type.spot,
          drawnBy: drawn.note, manifests: [m], platforms: on))
    }
    return found
  }

  /// A type drawn in a component's place, with its entry's label, and the family whose mapping
  /// names it (nil: the component's own entry).
  struct Drawn {
    let label: String
    let type: Located<String>
    var family: String? = nil

    /// The note that points at a family's mapping entry.
    var note: DiagnosticNote? {
      family.map { DiagnosticNote("family '\($0)' draws it in the component's place on \(label)", at: type.spot) }
    }
  }

  /// The types a component's size class entries (its own, else its family's for its type, as the
  /// bundle of `platform` draws it) and its fallback draw in its place, not `hide`.
  static func drawnInstead(of c: ComponentDecl, _ visit: ComponentVisit, on platform: String?, _ project: Project) -> [Drawn] {
    var drawn = SizeClassMappingEntry.replacements(of: c).compactMap { entry in
      entry.hides ? nil : entry.componentType.map { Drawn(label: entry.label, type: $0) }
    }
    guard c.sizeClassMappingValue == nil else { return drawn }
    let familyName =
      platform.map { Project.drawnFamily(own: c.familyName, screen: visit.screen.family?.value, platform: $0) }
      ?? project.drawnFamilyName(of: c, in: visit.screen)
    guard let familyName, let mapping = project.families[familyName]?.sizeClassMappings[c.typeName] else { return drawn }
    for entry in SizeClassMappingEntry.entries(of: mapping) where !entry.hides {
      guard let type = entry.componentType else { continue }
      drawn.append(Drawn(label: entry.label, type: type, family: familyName))
    }
    return drawn
  }
}

extension Rule {
  public static let groupContent = GroupContentRule.rule
}
