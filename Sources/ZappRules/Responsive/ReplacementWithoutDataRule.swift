import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0336 replacement-without-data.
package enum ReplacementWithoutDataRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0336", name: "replacement-without-data", severity: .warning, category: .references,
    summary: "A size class replacement or a fallback takes data, but the component it replaces takes none.",
    explanation: """
      A replacement keeps the original component's data binding. A component whose manifest declares \
      no `data` field takes no data (a `data` block written on it binds its section to nothing, \
      ZL0428), so a replacement that draws data (a `grid` for a banner) is drawn with none: an empty \
      section on the devices or clients that draw it. Replace the component with one that takes no \
      data, hide it, or declare its manifest's `data` fields. A group's mapping is ZL0314's: a group \
      is not drawn.
      """,
    bad: .files(
      [
        "components/banner.json": Example.manifest("", identifier: "banner"),
        "screens/o.json": Example.screen(
          #"{"component_type": "banner", "size_class_mapping": {"L": {"component_type": ⟦⟧"grid", "cell_style": "GRID_1"}}}"#),
      ],
      reports: [.init("'grid' takes data, but 'banner' it replaces takes none: it is drawn without data")]),
    good: .files([
      "components/banner.json": Example.manifest("", identifier: "banner"),
      "screens/o.json": Example.screen(#"{"component_type": "banner", "size_class_mapping": {"L": "hide"}}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard !visit.isGroup else { return }
    check(SizeClassMappingEntry.replacements(of: visit.component), type: visit.type, context)
  }

  /// Reports the entries whose type takes data on a platform where `originalType` takes none.
  static func check(_ entries: [SizeClassMappingEntry], type originalType: String, _ context: RuleContext) {
    guard context.isKnownComponentType(originalType) else { return }
    for entry in entries {
      guard let type = entry.componentType, context.isKnownComponentType(type.value),
        let platforms = ReplacementDataRule.platformsLackingData(
          replacement: originalType, original: type.value, context.project)
      else { continue }
      let qualifier = platforms.isEmpty ? "" : " (on \(platforms.joined(separator: ", ")))"
      context.report(
        rule, "'\(type.value)' takes data, but '\(originalType)' it replaces takes none: it is drawn without data" + qualifier,
        at: type.spot)
    }
  }
}

/// A JSON family's `sizeClassMapping` of a type that takes no data is checked the same way.
extension ReplacementWithoutDataRule: ProjectRule {
  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) where !context.project.isGroup(mapping.type) {
      check(mapping.entries, type: mapping.type, context)
    }
  }
}

extension Rule {
  public static let replacementWithoutData = ReplacementWithoutDataRule.rule
}
