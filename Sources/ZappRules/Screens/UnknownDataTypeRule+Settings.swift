import ZappDiagnostics
import ZappModel

extension UnknownDataTypeRule {
  /// Each entry of `zlc.json`'s `data_types` within the suggestion limit of a built-in type
  /// (`APPLICASTER_COLECTION`): the app's own types are declared there, and one so near a built-in
  /// type is most likely that type misspelled, which would make the misspelling valid everywhere.
  /// The did-you-mean is a fix, unless a screen names the entry as its `data.type` (the fix would
  /// leave that screen's type unknown): a hint then.
  static func checkDeclaredDataTypes(_ context: RuleContext) {
    let project = context.project
    guard let declared = project.settings.root?["data_types"], declared.kind == .array else { return }
    var index: SuggestionIndex?
    var named: Set<String>?
    for entry in declared.elements {
      guard let name = entry.string, !knownDataTypes.contains(name) else { continue }
      if index == nil { index = SuggestionIndex(knownDataTypes) }
      guard let suggestion = index?.nearest(to: name) else { continue }
      if named == nil { named = namedDataTypes(project) }
      var fixIt = FixIt.didYouMean(suggestion, at: entry.spot)
      if named?.contains(name) == true { fixIt?.range = nil }
      context.report(
        rule, "data source type '\(name)' in zlc.json's data_types is a near miss of a built-in type", at: entry.spot, fixIt: fixIt)
    }
  }

  /// The data types the project's screens name.
  private static func namedDataTypes(_ project: Project) -> Set<String> {
    var names: Set<String> = []
    for screen in project.screens {
      screen.forEachComponent { component in
        if let type = component.dataType?.value { names.insert(type) }
      }
    }
    return names
  }
}
