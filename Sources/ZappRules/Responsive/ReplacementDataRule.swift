import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0316 replacement-data.
package enum ReplacementDataRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0316", name: "replacement-data", severity: .error, category: .references,
    summary: "A size class replacement or a fallback does not accept the data of the component it replaces.",
    explanation: """
      A replacement draws the original component's data: it must take data when the original \
      does, and when its manifest restricts `data_types`, accept the original's: its `data.type` \
      on a root screen, else every type the original's manifest accepts (any type, for a built-in).
      """,
    bad: .files(
      [
        "components/poster.json": Example.manifest(
          #", "data_types": ["APPLICASTER_ATOM_FEED"], "data": {"fields": [{"key": "source", "type": "select"}]}"#,
          identifier: "poster"),
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": {"component_type": ⟦⟧"poster"}}}"#
        ),
      ], reports: [.init("'poster' accepts APPLICASTER_ATOM_FEED, not APPLICASTER_COLLECTION that 'grid' shows")]),
    good: .files([
      "components/poster.json": Example.manifest(
        #", "data_types": ["APPLICASTER_COLLECTION"], "data": {"fields": [{"key": "source", "type": "select"}]}"#,
        identifier: "poster"),
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"L": {"component_type": "poster"}}}"#
      ),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.takesData else { return }
    let original: [String]? =
      visit.screen.connected ? context.project.manifest(for: visit.type)?.dataTypes : visit.component.dataType.map { [$0.value] }
    check(SizeClassMappingEntry.replacements(of: visit.component), type: visit.type, original: original, context)
  }

  /// The platforms on which `original` takes data and `replacement` takes none: `[]` for every
  /// platform, nil for none.
  static func platformsLackingData(replacement: String, original: String, _ project: Project) -> [String]? {
    func taking(_ type: String) -> [String]? {  // nil: every platform
      let facts = project.facts(ofType: type)
      if let split = facts.dataPlatforms { return split.taking }
      return facts.takesData ? nil : []
    }
    guard let replacing = taking(replacement) else { return nil }
    guard let originals = taking(original) else {
      if replacing.isEmpty { return [] }
      return project.facts(ofType: replacement).dataPlatforms?.notTaking
    }
    let lacking = originals.filter { !replacing.contains($0) }
    return lacking.isEmpty ? nil : lacking
  }

  /// `original`: the data types the replaced component shows (nil: any type).
  package static func check(_ entries: [SizeClassMappingEntry], type originalType: String, original: [String]?, _ context: RuleContext) {
    let project = context.project
    for entry in entries {
      guard let type = entry.componentType, context.isKnownComponentType(type.value) else { continue }
      // Per platform, when their manifests disagree on taking data: where the original takes data
      // and the replacement does not.
      if let lacking = platformsLackingData(replacement: type.value, original: originalType, project) {
        let qualifier = lacking.isEmpty ? "" : " (on \(lacking.joined(separator: ", ")))"
        context.report(
          rule, "'\(type.value)' takes no data, so it cannot draw the data of '\(originalType)'" + qualifier, at: type.spot)
        continue
      }
      // Each platform's manifest of the replacement, when their bundles use different ones.
      let byTypes = project.bundleManifestsByDataTypes(for: type.value)
      let all = byTypes.flatMap(\.platforms)
      for (manifest, platforms) in byTypes {
        guard let accepts = manifest.dataTypes, !accepts.isEmpty else { continue }
        let refused = (original ?? ["any type"]).filter { !accepts.contains($0) }
        guard !refused.isEmpty else { continue }
        var message = "'\(type.value)' accepts \(summarizedList(accepts)), not \(summarizedList(refused)) that '\(originalType)' shows"
        if platforms.count < all.count { message += " (on \(platforms.joined(separator: ", ")))" }
        context.report(rule, message, at: type.spot)
      }
    }
  }
}

/// A JSON family's `sizeClassMapping` is checked the same way: the replaced type shows the data
/// its manifest accepts (any type, for a built-in).
extension ReplacementDataRule: ProjectRule {
  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) where context.project.takesData(mapping.type) {
      check(mapping.entries, type: mapping.type, original: context.project.manifest(for: mapping.type)?.dataTypes, context)
    }
  }
}

extension Rule {
  public static let replacementData = ReplacementDataRule.rule
}
