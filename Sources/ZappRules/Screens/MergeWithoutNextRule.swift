import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0418 merge-without-next.
package enum MergeWithoutNextRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0418", name: "merge-without-next", severity: .error, category: .screens,
    summary: "`rules.merge_next_by_size_class` is set on a screen's last section, which has no next section to merge.",
    explanation: """
      On the size classes `merge_next_by_size_class` lists, a section shows the next section's items \
      after its own, and the next section is not drawn. The next section is the next component that \
      gets a section, in screen order (a group's components count one by one). The last one has none. \
      A plugin component that leaves the rule out takes its manifest's `initial_value` for it, as a \
      builder fills it in: that value is checked too, reported in the manifest. A plugin is a group \
      where its platform's manifest says so: a section last on some platforms only is reported naming them.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ⟦⟧["L"]}}"#
        )
      ], reports: [.init("the last section of screen 'other' has no next section to merge")]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "rules": {"merge_next_by_size_class": ["L"]}}, "#
          + Example.grid)
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    // Each platform's manifests say which plugins are groups in its bundle, so its last section:
    // a finding some platforms only make names them.
    let project = context.project
    let readings = project.groupReadings(of: components.map(\.type))
    var lasts: [(index: Int, platforms: [String?])] = []
    for platform in readings {
      guard let last = lastSection(components, on: platform, project) else { continue }
      if let at = lasts.firstIndex(where: { $0.index == last }) {
        lasts[at].platforms.append(platform)
      } else {
        lasts.append((last, [platform]))
      }
    }
    for (index, platforms) in lasts {
      let last = components[index]
      let message = "the last section of screen '\(screen.id.value)' has no next section to merge"
      let on = project.qualifier(on: platforms, of: readings)
      if let merge = last.component.ruleValue("merge_next_by_size_class"), !merge.elements.isEmpty {
        context.report(rule, message + on, at: merge.spot)
      }
      // The rule a component that leaves it out takes from its manifest, reported there.
      for filled in last.filled("merge_next_by_size_class", in: "rules", context) where !filled.value.elements.isEmpty {
        var qualifier = filled.qualifier
        if !on.isEmpty {
          // Of the platforms whose last section this is, those whose manifest fills the value.
          let uses = project.bundleManifests(for: last.type)
          let filling = uses.count > 1 ? uses.first { $0.manifest === filled.manifest }?.platforms ?? [] : nil
          let both = platforms.compactMap { $0 }.filter { filling?.contains($0) ?? true }
          guard !both.isEmpty else { continue }
          qualifier = " (on \(both.joined(separator: ", ")))"
        }
        context.report(rule, message + qualifier, at: filled.value.spot, notes: [filled.note])
      }
    }
  }

  /// The index of the component drawn last in the bundle of `platform` (nil: every bundle): the
  /// last that is no group there, and not inside a component that is no group there.
  static func lastSection(_ components: [ComponentVisit], on platform: String?, _ project: Project) -> Int? {
    var drawn: Int?
    var holderIsGroup = true
    for (i, visit) in components.enumerated() {
      let isGroup = project.isGroup(visit.type, on: platform)
      if !visit.inGroup { holderIsGroup = isGroup }
      if !isGroup, !visit.inGroup || holderIsGroup { drawn = i }
    }
    return drawn
  }
}

extension Rule {
  public static let mergeWithoutNext = MergeWithoutNextRule.rule
}
