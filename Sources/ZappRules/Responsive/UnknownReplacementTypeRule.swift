import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0314 unknown-replacement-type.
package enum UnknownReplacementTypeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0314", name: "unknown-replacement-type", severity: .error, category: .references,
    summary: "A `size_class_mapping` entry or a `fallback` is neither \"hide\" nor a known component type.",
    explanation: """
      Each entry of `size_class_mapping`, and a component's `fallback`, is `"hide"` or \
      `{"component_type": T, "cell_style": C}`, and T is a built-in component type or a \
      ui_component of the project's manifests, as `component_type` itself must be. A group is not \
      drawn, so a fallback or a `size_class_mapping` of its own (or a JSON family's \
      `sizeClassMapping` for a group type) never applies; a plugin whose manifest makes it a group \
      on some platforms only is reported on those, and the finding names them. A word meant as \
      `"hide"` (`"hid"`, `"Hide"`, `"hidden"`) gets it as its fix.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]}, "size_class_mapping": {"L": {"component_type": ⟦⟧"gird", "cell_style": "GRID_1"}}}"#
        )
      ], reports: [.init("unknown component type 'gird' for size class 'L'", fixIt: #""grid""#)]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]}, "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "GRID_1"}}}"#
      )
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    if let fallback = SizeClassMappingEntry.fallback(of: visit.component), visit.isGroup || visit.groupPlatforms != nil {
      // A group is not drawn: no client ever lacks its renderer, so its fallback would never apply.
      // A plugin that is a group on some platforms only is reported on those, naming them, and
      // drawn on the others: its entries are checked.
      let message = "a group is not drawn, so its fallback never applies; give each component in it a fallback of its own"
      let on = visit.groupPlatforms.map { " (on \($0.joined(separator: ", ")))" } ?? ""
      context.report(rule, message + on, at: fallback.value.spot)
      guard visit.groupPlatforms != nil else { return }
    }
    if let mapping = visit.component.sizeClassMappingValue, !mapping.members.isEmpty, visit.isGroup || visit.groupPlatforms != nil {
      // Its children are drawn as they are on every size class: hiding or replacing the group
      // would need each of them to say so.
      let message = "a group is not drawn, so its size_class_mapping never applies; give each component in it a mapping of its own"
      let on = visit.groupPlatforms.map { " (on \($0.joined(separator: ", ")))" } ?? ""
      context.report(rule, message + on, at: mapping.spot)
      guard visit.groupPlatforms != nil else { return }
    }
    check(SizeClassMappingEntry.replacements(of: visit.component), context)
  }

  package static func check(_ entries: [SizeClassMappingEntry], _ context: RuleContext) {
    for entry in entries where !entry.hides {
      guard let type = entry.componentType else {
        // A near miss of the key (`component_typ`) is ZL0206's, whose fix gives the type.
        guard !entry.misspells("component_type") else { continue }
        // A word meant as "hide" (`hid`, `Hide`, `hidden`) gets it as its fix.
        let word = entry.value.string?.trimmingSpaces.lowercased()
        let meantHide = word.map { $0 == "hide" || $0 == "hidden" || closestMatch(to: $0, in: ["hide"]) != nil } ?? false
        context.report(
          rule, "\(entry.isFallback ? "the fallback is" : entry.label + " maps to") neither \"hide\" nor an object with a 'component_type'",
          at: entry.value.spot, fixIt: meantHide ? .didYouMean("hide", at: entry.value.spot) : nil)
        continue
      }
      if !context.isKnownComponentType(type.value) {
        context.report(
          rule, "unknown component type '\(type.value)' for \(entry.label)", at: type.spot,
          fixIt: .didYouMean(
            nearest(to: type.value, in: context.knownComponentTypes()), forName: type.value, except: Project.builtinComponentTypeSet,
            at: type.spot))
      }
    }
  }
}

/// A JSON family's `sizeClassMapping` is checked the same way, in the family file.
extension UnknownReplacementTypeRule: ProjectRule {
  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) {
      if let first = mapping.entries.first, context.project.isGroup(mapping.type) {
        let message =
          "a group is not drawn, so family '\(mapping.family.family.name)''s sizeClassMapping for '\(mapping.type)' never applies"
        context.report(rule, message, at: first.key.spot)
        continue
      }
      check(mapping.entries, context)
    }
  }
}

extension Rule {
  public static let unknownReplacementType = UnknownReplacementTypeRule.rule
}
