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
    let original =
      visit.screen.connected
      ? acceptedData(of: visit.type, context.project) : [(visit.component.dataType.map { [$0.value] }, [])]
    check(SizeClassMappingEntry.replacements(of: visit.component), type: visit.type, original: original, context)
  }

  /// The data types a component of `type` shows where its data is not written (a connected
  /// screen's, a family's mapping): what each platform's manifest accepts (nil: any type), with the
  /// platforms whose bundles use that manifest (none: every platform).
  static func acceptedData(of type: String, _ project: Project) -> [(types: [String]?, platforms: [String])] {
    let uses = project.bundleManifestsByDataTypes(for: type)
    return uses.isEmpty ? [(nil, [])] : uses.map { ($0.manifest.dataTypes, $0.platforms) }
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

  /// `original`: the data types the replaced component shows (nil: any type), with the platforms
  /// it shows them on (none: every platform).
  package static func check(
    _ entries: [SizeClassMappingEntry], type originalType: String, original: [(types: [String]?, platforms: [String])],
    _ context: RuleContext
  ) {
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
      // Each platform's manifest of the replacement against what the original shows there, when
      // their bundles use different ones.
      let byTypes = project.bundleManifestsByDataTypes(for: type.value)
      let all = Set(byTypes.flatMap(\.platforms) + original.flatMap(\.platforms))
      for (manifest, platforms) in byTypes {
        guard let accepts = manifest.dataTypes, !accepts.isEmpty else { continue }
        for (types, shownOn) in original {
          guard let shared = sharedPlatforms(platforms, shownOn) else { continue }
          let refused = (types ?? ["any type"]).filter { !accepts.contains($0) }
          guard !refused.isEmpty else { continue }
          var message = "'\(type.value)' accepts \(summarizedList(accepts)), not \(summarizedList(refused)) that '\(originalType)' shows"
          if !shared.isEmpty, shared.count < all.count { message += " (on \(shared.joined(separator: ", ")))" }
          context.report(rule, message, at: type.spot)
        }
      }
    }
  }
}

/// The platforms in both lists, where an empty list is every platform: nil when they share none.
private func sharedPlatforms(_ some: [String], _ others: [String]) -> [String]? {
  if some.isEmpty { return others }
  if others.isEmpty { return some }
  let shared = some.filter(others.contains)
  return shared.isEmpty ? nil : shared
}

/// A JSON family's `sizeClassMapping` is checked the same way: the replaced type shows the data
/// its manifest accepts (any type, for a built-in).
extension ReplacementDataRule: ProjectRule {
  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) where context.project.takesData(mapping.type) {
      check(mapping.entries, type: mapping.type, original: ReplacementDataRule.acceptedData(of: mapping.type, context.project), context)
    }
  }
}

extension Rule {
  public static let replacementData = ReplacementDataRule.rule
}
