import ZappDiagnostics
import ZappModel

/// ZL0202 of a value a plugin component takes from its manifest: a key of its `rules` or `data`
/// that it leaves out takes the manifest's `initial_value`, which must have the type the key
/// takes written (`fill_rows` true or false, `data.source` a string), reported at the
/// `initial_value` with a note at the component.
extension WrongTypeRule: ComponentRule {
  /// The sections whose keys a bundle reads from the manifest, and their shapes.
  static let filledSections: [(section: String, shape: ObjectShape)] = [("rules", Shapes.componentRules), ("data", Shapes.dataSource)]

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.manifest != nil,
      context.project.bundleManifests(for: visit.type).contains(where: { $0.manifest.fields.contains { $0.initialValue != nil } })
    else { return }
    for (section, shape) in filledSections {
      for field in shape.fields {
        if case .any = field.shape { continue }
        for filled in visit.filled(field.key, in: section, context) {
          var checker = ShapeChecker()
          checker.check(filled.value, field.shape, what: "'\(field.key)'")
          for var finding in checker.diagnostics {
            finding.fixIt?.range = nil
            context.report(
              finding.rule, finding.message + filled.qualifier, at: finding.spot, notes: finding.notes, fixIt: finding.fixIt,
              gathering: filled.note)
          }
        }
      }
    }
  }
}
