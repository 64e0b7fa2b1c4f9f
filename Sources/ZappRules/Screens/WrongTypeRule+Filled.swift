import ZappDiagnostics
import ZappModel

/// ZL0202 of a value a plugin component takes from its manifest: a key of its `rules` or `data`
/// that it leaves out takes the manifest's `initial_value`, which must have the type the key
/// takes written (`fill_rows` true or false, `data.source` a string), reported at the
/// `initial_value` with a note at the component. Only the keys a bundle takes are checked: not
/// the item limit's (ZL0410 checks the one a bundle takes), and not a data source on a screen
/// whose sections bind to the item that opened it.
extension WrongTypeRule: ComponentRule {
  /// The keys of `rules` a bundle takes from the manifest (but the item limit's).
  static let takenRules = ["fill_rows", "item_limit_by_size_class", "filter_by_size_class", "merge_next_by_size_class", "pad_rows"]

  /// The keys of `data` a bundle takes from the manifest for this component: its target, and its
  /// source and type where the section binds to a data source of its own.
  static func takenData(_ visit: ComponentVisit) -> [String] {
    visit.screen.connected || !visit.takesData ? ["target"] : ["source", "type", "target"]
  }

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard visit.manifest != nil,
      context.project.bundleManifests(for: visit.type).contains(where: { $0.manifest.fields.contains { $0.initialValue != nil } })
    else { return }
    for (section, shape, keys) in [("rules", Shapes.componentRules, takenRules), ("data", Shapes.dataSource, takenData(visit))] {
      for field in shape.fields where keys.contains(field.key) {
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
