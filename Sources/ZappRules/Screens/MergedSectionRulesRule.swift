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
      no further). Move the rule to the section before it, or merge on other size classes.
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

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    let project = context.project
    var reported: Set<Int> = []  // the offsets of entries reported, once whatever the readings
    for platform in project.groupReadings(of: components.map(\.type)) {
      let drawn = MergeWithoutNextRule.drawnSections(components, on: platform, project)
      for (before, next) in zip(drawn, drawn.dropFirst()) {
        let merged = components[next].component
        guard let merge = components[before].component.ruleValue("merge_next_by_size_class"), merge.kind == .array,
          project.takesData(components[next].type)
        else { continue }
        let hidden = MergeWithoutNextRule.hiddenSizeClasses(of: merged, in: screen, on: platform, project)
        let classes = merge.elements.filter { $0.string.map { !hidden.contains($0) } ?? false }
        for key in deadWhenMerged {
          for (name, spot) in entries(of: merged.ruleValue(key)) {
            guard let at = classes.first(where: { $0.string == name }), let offset = spot?.offset, reported.insert(offset).inserted
            else { continue }
            context.report(
              rule,
              "on size class '\(name)' the section before this one merges it and draws its items with its own rules: this '\(key)' entry does nothing",
              at: spot, notes: [DiagnosticNote("merged on '\(name)' here", at: at.spot)])
          }
        }
      }
    }
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
