import ZappDiagnostics
import ZappModel

/// The types a size class's item filter leaves out (`rules.filter_by_size_class`'s
/// `exclude_types`): compared exactly with each item's type, as `content_types` keys are.
extension UnknownContentTypeRule: ComponentRule {
  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let filters = visit.component.ruleValue("filter_by_size_class"), filters.kind == .object else { return }
    // The app's own types, which `content_types` maps, are types items may have.
    let own = Set((context.project.screenTypes?.contentTypes ?? []).map(\.key))
    var known: SuggestionIndex?
    for (_, filter) in filters.members where filter.kind == .object {
      guard let list = filter["exclude_types"], list.kind == .array else { continue }
      var written: [Located<String>] = []
      list.forEachElement { if let type = $0.string { written.append(Located(type, $0.spot)) } }
      let names = Set(written.map(\.value))
      for type in written where !Shapes.feedEntryTypes.contains(type.value) && !own.contains(type.value) {
        if known == nil { known = SuggestionIndex(Shapes.feedEntryTypes) }
        guard var suggestion = known?.nearest(to: type.value) else { continue }
        // The list holds the type already: the fix would list it twice, so it is a hint.
        if names.contains(suggestion.text) { suggestion.isTied = true }
        context.bag.add(
          Message.excludedNotAFeedEntryType(type.value).diagnostic(at: type.spot, fixIt: .didYouMean(suggestion, at: type.spot)))
      }
    }
  }
}
