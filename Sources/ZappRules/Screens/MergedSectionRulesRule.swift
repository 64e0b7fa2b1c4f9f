import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0430 merged-section-rules.
package enum MergedSectionRulesRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0430", name: "merged-section-rules", severity: .warning, category: .screens,
    summary: "A section's rule for a size class on which the section before it merges it: it does nothing there.",
    explanation: """
      On the size classes the section before it lists in `rules.merge_next_by_size_class`, a \
      section is not drawn: its items are shown after that section's own, and that section's \
      filter, item limit and rows apply to all of them. The merged section's own \
      `filter_by_size_class` and `item_limit_by_size_class` entries for such a size class do \
      nothing, and neither does its own `merge_next_by_size_class` there (a merged section merges \
      no further). A merge happens as the mapper makes it: both sections take data and are not \
      hidden on the size class (on iOS, whose client draws a component with its screen's family, \
      as that family says), the section before is not merged into its own previous one, and the \
      size class is one of the project's; a merge a plugin's manifest fills in counts too. Where \
      only some platforms merge, the finding names them. Move the rule to the section before it, or merge on other size classes.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ["L"]}}, "#
            + #"{"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"filter_by_size_class": {⟦⟧"L": {"exclude_types": ["video"]}}}}"#
        )
      ],
      reports: [
        .init(
          "on size class 'L' the section before this one merges it and draws its items with its own rules: this 'filter_by_size_class' entry does nothing",
          notes: ["merged on 'L' here"])
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ["L"], "filter_by_size_class": {"L": {"exclude_types": ["video"]}}}}, "#
          + Example.grid)
    ]))

  /// The rules of a section that a merge on a size class leaves without effect there.
  static let deadWhenMerged = ["filter_by_size_class", "item_limit_by_size_class", "merge_next_by_size_class"]

  /// One finding: the merged section's entry, the merging section's entry for the size class, and
  /// the platforms whose bundles merge them.
  private struct Finding {
    var key: String
    var sizeClass: String
    var spot: SourceSpot?
    var mergedAt: SourceSpot?
    var platforms: [String?]
  }

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    let project = context.project
    let readings = project.sectionReadings(of: components.map(\.type))
    let sizeClasses = Set(project.settings.sizeClasses.map(\.name))
    var findings: [Finding] = []
    var positions: [Int: Int] = [:]  // an entry's offset, to its finding
    for platform in readings {
      let drawn = MergeWithoutNextRule.drawnSections(components, on: platform, project)
      let merges = drawn.map { merge(of: components[$0], on: platform, context) }
      let classes = Set(merges.flatMap { ($0?.elements ?? []).compactMap(\.string) }).intersection(sizeClasses)
      var hidden: [Int: Set<String>] = [:]
      func draws(_ k: Int, on sizeClass: String) -> Bool {
        let visit = components[drawn[k]]
        guard project.takesData(visit.type, on: platform) else { return false }
        let classes =
          hidden[k] ?? MergeWithoutNextRule.hiddenSizeClasses(of: visit.component, in: screen, on: platform, project)
        hidden[k] = classes
        return !classes.contains(sizeClass)
      }
      for sizeClass in classes.sorted() {
        let into = Mapper.mergeTargets(
          count: drawn.count, mergesNext: { merges[$0]?.elements.contains { $0.string == sizeClass } ?? false },
          drawsData: { draws($0, on: sizeClass) })
        for (k, target) in into.enumerated() {
          guard let merging = target else { continue }
          let at = merges[merging]?.elements.first { $0.string == sizeClass }?.spot
          for key in deadWhenMerged {
            for (name, spot) in entries(of: components[drawn[k]].component.ruleValue(key)) where name == sizeClass {
              let offset = spot?.offset ?? -1
              if let i = positions[offset] {
                findings[i].platforms.append(platform)
              } else {
                positions[offset] = findings.count
                findings.append(Finding(key: key, sizeClass: name, spot: spot, mergedAt: at, platforms: [platform]))
              }
            }
          }
        }
      }
    }
    for finding in findings {
      context.report(
        rule,
        "on size class '\(finding.sizeClass)' the section before this one merges it and draws its items with its own rules: this '\(finding.key)' entry does nothing"
          + project.qualifier(on: finding.platforms, of: readings),
        at: finding.spot, notes: [DiagnosticNote("merged on '\(finding.sizeClass)' here", at: finding.mergedAt)])
    }
  }

  /// The size classes a section merges on in `platform`'s bundle: its own rule, else the
  /// `initial_value` of the manifest that bundle is built with, as the bundle's section holds it.
  static func merge(of visit: ComponentVisit, on platform: String?, _ context: RuleContext) -> JSONValue? {
    if let own = visit.component.ruleValue("merge_next_by_size_class") { return own }
    let filled = visit.filled("merge_next_by_size_class", in: "rules", context)
    guard let platform else { return filled.first?.value }
    let uses = context.project.bundleManifests(for: visit.type)
    return filled.first { value in
      uses.contains { $0.manifest === value.manifest && ($0.platforms.isEmpty || $0.platforms.contains(platform)) }
    }?.value
  }

  /// The size classes a rule names, each with where: an object's keys, an array's strings.
  static func entries(of value: JSONValue?) -> [(name: String, spot: SourceSpot?)] {
    guard let value else { return [] }
    if value.kind == .array { return value.elements.compactMap { e in e.string.map { ($0, e.spot) } } }
    var found: [(name: String, spot: SourceSpot?)] = []
    if value.kind == .object { value.forEachMember { key, _ in if let name = key.string { found.append((name, key.spot)) } } }
    return found
  }
}

extension Rule {
  public static let mergedSectionRules = MergedSectionRulesRule.rule
}
