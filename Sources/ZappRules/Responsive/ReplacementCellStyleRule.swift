import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0315 replacement-cell-style.
package enum ReplacementCellStyleRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0315", name: "replacement-cell-style", severity: .error, category: .references,
    summary: "A size class replacement or a fallback lacks a cell style its family defines for it.",
    explanation: """
      A replacement is a component of its own on its size class: it is drawn with one of its \
      type's cells, so `cell_style` must be given and must be a cell the family (or the \
      replacement's manifest) offers for the replacement type, not for the original. A built-in \
      type the family does not style at all would be drawn with no layout on that size class, which \
      is an error too; a plugin the family does not style lays itself out.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]}, "size_class_mapping": {"L": {"component_type": "grid", "cell_style": ⟦⟧"HERO_CELL_1"}}}"#
        )
      ], reports: [.init("cell style 'HERO_CELL_1' is not in family 'FAMILY_1' for 'grid' (the family offers GRID_1, GRID_2 for 'grid')")]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["HERO_CELL_1"]}, "size_class_mapping": {"L": {"component_type": "grid", "cell_style": "GRID_1"}}}"#
      )
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`):
  /// the family a screen names may be the one in that file.
  package static let checksFamilyReferences = true

  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let f = visit.family else { return }
    check(SizeClassMappingEntry.replacements(of: visit.component), family: f, context)
  }

  package static func check(_ entries: [SizeClassMappingEntry], family f: FamilyDecl, _ context: RuleContext) {
    for entry in entries {
      guard let type = entry.componentType, context.isKnownComponentType(type.value) else { continue }
      // Of the manifests of the platforms drawing with this family: a style one of them offers
      // is no style of the others'.
      let choices = context.cellStyles.choices(f, type: type.value, project: context.project, platforms: context.readingPlatforms)
      if choices.styles.names.isEmpty, choices.qualifier.isEmpty {
        // A plugin the family does not style lays itself out; a built-in type would be drawn with no layout.
        guard Project.builtinComponentTypes.contains(type.value) else { continue }
        context.report(
          rule,
          "family '\(f.family.name)' does not style '\(type.value)', so the replacement for \(entry.label) would be drawn with no layout",
          at: type.spot)
        continue
      }
      guard let style = entry.cellStyle else {
        // A near miss of the key (`cell_stlye`) is ZL0206's, whose fix gives the style.
        guard !entry.misspells("cell_style") else { continue }
        // One that is no string (`["G"]`) is ZL0202's where its entry's keys are checked.
        guard !entry.keysChecked || (entry.value["cell_style"]?.isNull ?? true) else { continue }
        context.report(
          rule,
          "the replacement '\(type.value)' for \(entry.label) needs a 'cell_style' (family '\(f.family.name)' \(choices.styles.offered))"
            + choices.qualifier,
          at: entry.value.spot)
        continue
      }
      if let refusal = context.cellStyles.refusal(
        of: style.value, family: f, type: type.value, project: context.project, platforms: context.readingPlatforms)
      {
        let suggestion = refusal.styles.suggestions.nearest(to: style.value)
        context.report(
          rule,
          "cell style '\(style.value)' is not in family '\(f.family.name)' for '\(type.value)' (the family \(refusal.styles.offered) for '\(type.value)')"
            + refusal.qualifier,
          at: style.spot,
          notes: suggestion.map(\.text).flatMap { s in
            f.cellSpots[type.value]?[s].map { [DiagnosticNote("cell style '\(s)' is defined here", at: $0)] }
          } ?? [],
          fixIt: .didYouMean(suggestion, forName: style.value, at: refusal.fixable ? style.spot : nil))
      }
    }
  }
}

/// A JSON family's `sizeClassMapping` is checked the same way, against that family.
extension ReplacementCellStyleRule: ProjectRule {
  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) { check(mapping.entries, family: mapping.family, context) }
  }
}

extension Rule {
  public static let replacementCellStyle = ReplacementCellStyleRule.rule
}
