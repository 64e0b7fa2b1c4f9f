import ZappDiagnostics
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
      hidden on the size class, and the section before is not merged into its own previous one. \
      Where a plugin is a group on some platforms only, the finding names the platforms that \
      merge. Move the rule to the section before it, or merge on other size classes.
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
    let readings = project.groupReadings(of: components.map(\.type))
    var findings: [Finding] = []
    var positions: [Int: Int] = [:]  // an entry's offset, to its finding
    for platform in readings {
      let drawn = MergeWithoutNextRule.drawnSections(components, on: platform, project)
      let merges = drawn.map { components[$0].component.ruleValue("merge_next_by_size_class") }
      let classes = Set(merges.flatMap { ($0?.elements ?? []).compactMap(\.string) })
      var hidden: [Int: Set<String>] = [:]
      func draws(_ k: Int, on sizeClass: String) -> Bool {
        let visit = components[drawn[k]]
        guard project.takesData(visit.type) else { return false }
        let classes =
          hidden[k] ?? MergeWithoutNextRule.hiddenSizeClasses(of: visit.component, in: screen, on: platform, project)
        hidden[k] = classes
        return !classes.contains(sizeClass)
      }
      for sizeClass in classes.sorted() {
        for (k, merging) in mergedSections(drawn.count, merges, on: sizeClass, draws: { draws($0, on: sizeClass) }) {
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

  /// The sections merged into the one before them on a size class, each with that one, as the
  /// mapper merges (`Mapper.mergeTargets`): a section that draws data there, after one that draws
  /// data there, lists the size class and is not merged itself.
  static func mergedSections(_ count: Int, _ merges: [JSONValue?], on sizeClass: String, draws: (Int) -> Bool) -> [(Int, Int)] {
    var merged: [(Int, Int)] = []
    guard count > 1 else { return merged }
    var previousDraws = draws(0)
    var previousMerged = false
    for k in 1..<count {
      let next = draws(k)
      let lists = merges[k - 1]?.elements.contains { $0.string == sizeClass } ?? false
      let isMerged = !previousMerged && previousDraws && next && lists
      if isMerged { merged.append((k, k - 1)) }
      previousMerged = isMerged
      previousDraws = next
    }
    return merged
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
