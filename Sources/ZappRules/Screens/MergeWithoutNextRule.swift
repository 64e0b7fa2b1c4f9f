import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0418 merge-without-next.
package enum MergeWithoutNextRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0418", name: "merge-without-next", severity: .error, category: .screens,
    summary:
      "`rules.merge_next_by_size_class` is set on a screen's last section, or before one that takes no data: there is nothing to merge.",
    explanation: """
      On the size classes `merge_next_by_size_class` lists, a section shows the next section's items \
      after its own, and the next section is not drawn. The next section is the next component that \
      gets a section, in screen order (a group's components count one by one). The last one has none. \
      A plugin component that leaves the rule out takes its manifest's `initial_value` for it, as a \
      builder fills it in: that value is checked too, reported in the manifest. A plugin is a group \
      where its platform's manifest says so: a section last on some platforms only is reported naming them, \
      as is a next section hidden on some only (iOS draws a component with its screen's family, the \
      others with its own). \
      A next section whose component takes no data (a `promo_banner`) has no items to merge: the \
      rule does nothing there, and is reported too; so is one hidden on a size class the rule lists \
      (its own `size_class_mapping`, else its family's `sizeClassMapping`, gives `hide` there).
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
    let readings = project.sectionReadings(of: components.map(\.type))
    // Each merging section found, with the section after it (nil: none) and the platforms.
    var lasts: [(index: Int, next: Int?, platforms: [String?])] = []
    // Where each (section, next) pair is in `lasts`: a screen may hold thousands of them.
    var positions: [[Int]: Int] = [:]
    func found(_ index: Int, next: Int?, on platform: String?) {
      let key = [index, next ?? -1]
      if let at = positions[key] {
        lasts[at].platforms.append(platform)
      } else {
        positions[key] = lasts.count
        lasts.append((index, next, [platform]))
      }
    }
    for platform in readings {
      let drawn = drawnSections(components, on: platform, project)
      guard let last = drawn.last else { continue }
      found(last, next: nil, on: platform)
      for (k, index) in drawn.dropLast().enumerated()
      where mayMerge(components[index], context) && !project.takesData(components[drawn[k + 1]].type, on: platform) {
        found(index, next: drawn[k + 1], on: platform)
      }
    }
    reportHiddenNext(screen, components, readings: readings, context)
    for (index, next, platforms) in lasts {
      let last = components[index]
      let message =
        next.map {
          "the next section of screen '\(screen.id.value)' (component '\(components[$0].type)') takes no data: there is nothing to merge"
        }
        ?? "the last section of screen '\(screen.id.value)' has no next section to merge"
      let on = project.qualifier(on: platforms, of: readings)
      // The section that takes no data, where there is one.
      let nextNote = next.map { [DiagnosticNote("the next section", at: components[$0].component.type.spot)] } ?? []
      if let merge = last.component.ruleValue("merge_next_by_size_class"), !merge.elements.isEmpty {
        context.report(rule, message + on, at: merge.spot, notes: nextNote)
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
        context.report(rule, message + qualifier, at: filled.value.spot, notes: [filled.note] + nextNote)
      }
    }
  }

  /// The merges a component's own rule asks for on size classes where the next section, which
  /// takes data, is hidden: nothing is merged there. Reported at the rule, once per pair and size
  /// classes, naming the platforms where only some read it so.
  static func reportHiddenNext(_ screen: ScreenDecl, _ components: [ComponentVisit], readings: [String?], _ context: RuleContext) {
    let project = context.project
    var pairs: [(index: Int, next: Int, classes: [String], platforms: [String?])] = []
    var positions: [String: Int] = [:]
    for platform in readings {
      let drawn = drawnSections(components, on: platform, project)
      for (k, index) in drawn.dropLast().enumerated() {
        guard let merge = components[index].component.ruleValue("merge_next_by_size_class") else { continue }
        let next = drawn[k + 1]
        guard project.takesData(components[next].type, on: platform) else { continue }
        let listed = merge.elements.compactMap(\.string)
        let hidden = hiddenSizeClasses(of: components[next].component, in: screen, on: platform, project)
        let classes = listed.filter(hidden.contains)
        guard !classes.isEmpty else { continue }
        let key = "\(index) \(next) \(classes)"
        if let at = positions[key] {
          pairs[at].platforms.append(platform)
        } else {
          positions[key] = pairs.count
          pairs.append((index, next, classes, [platform]))
        }
      }
    }
    for (index, next, classes, platforms) in pairs {
      guard let merge = components[index].component.ruleValue("merge_next_by_size_class") else { continue }
      let named = classes.map { "'\($0)'" }.joined(separator: ", ")
      context.report(
        rule,
        "the next section of screen '\(screen.id.value)' (component '\(components[next].type)') is hidden on size class\(classes.count == 1 ? "" : "es") \(named): there is nothing to merge there"
          + project.qualifier(on: platforms, of: readings),
        at: merge.spot, notes: [DiagnosticNote("the next section", at: components[next].component.type.spot)])
    }
  }

  /// The size classes on which a component's section is hidden on `platform`: its own
  /// `size_class_mapping`'s `hide` entries, else its drawn family's `sizeClassMapping` for its type.
  static func hiddenSizeClasses(of c: ComponentDecl, in screen: ScreenDecl, on platform: String?, _ project: Project) -> Set<String> {
    var entries = SizeClassMappingEntry.entries(of: c)
    if c.sizeClassMappingValue == nil,
      let family = Project.drawnFamily(of: c, in: screen, platform: platform).flatMap({ project.families[$0.value] }),
      let mapping = family.sizeClassMappings[c.typeName]
    {
      entries = SizeClassMappingEntry.entries(of: mapping)
    }
    return Set(entries.filter { $0.hides && !$0.isFallback }.map(\.key.value))
  }

  /// Whether a component merges the next section somewhere: its own rule, or (when it writes none)
  /// a manifest's `initial_value` for it.
  static func mayMerge(_ visit: ComponentVisit, _ context: RuleContext) -> Bool {
    if let merge = visit.component.ruleValue("merge_next_by_size_class") { return !merge.elements.isEmpty }
    return visit.filled("merge_next_by_size_class", in: "rules", context).contains { !$0.value.elements.isEmpty }
  }

  /// The indices of the components that get a section in the bundle of `platform`, in order: each
  /// that is no group there, and not inside a component that is no group there.
  static func drawnSections(_ components: [ComponentVisit], on platform: String?, _ project: Project) -> [Int] {
    var drawn: [Int] = []
    var holderIsGroup = true
    for (i, visit) in components.enumerated() {
      let isGroup = project.isGroup(visit.type, on: platform)
      if !visit.inGroup { holderIsGroup = isGroup }
      if !isGroup, !visit.inGroup || holderIsGroup { drawn.append(i) }
    }
    return drawn
  }
}

extension Rule {
  public static let mergeWithoutNext = MergeWithoutNextRule.rule
}
