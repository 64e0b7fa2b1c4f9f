import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0317 unknown-size-class.
package enum UnknownSizeClassRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0317", name: "unknown-size-class", severity: .error, category: .references,
    summary:
      "A `size_class_mapping`, `item_limit_by_size_class`, `filter_by_size_class` or `merge_next_by_size_class` names a size class the project does not define.",
    explanation: """
      The keys of a component's `size_class_mapping`, `rules.item_limit_by_size_class` and \
      `rules.filter_by_size_class`, and the entries of `rules.merge_next_by_size_class`, are size classes: zlc.json's `size_classes`, \
      else the defaults S (under 600 pt), L (600 to 1,199 pt) and XL (1,200 pt and more). A key \
      that names none of them would never apply.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {⟦⟧"M": "hide"}}"#
        )
      ], reports: [.init("size class 'M' is not one of the project's (S, L, XL)", fixIt: #""S""#)]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"S": "hide"}}"#
      )
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    // Every component is visited and few name size classes: nothing is built for one that names none.
    let c = visit.component
    // Each object's keys apart: a fix into a key its own object holds would write it twice.
    check(SizeClassMappingEntry.entries(of: c).map { $0.key }, context)
    func keys(of object: JSONValue?) -> [Located<String>] {
      var keys: [Located<String>] = []
      guard let object, object.kind == .object else { return keys }
      object.forEachMember { key, _ in if let name = key.string { keys.append(Located(name, key.spot)) } }
      return keys
    }
    check(keys(of: c.itemLimitBySizeClassValue), context)
    check(keys(of: c.ruleValue("filter_by_size_class")), context)
    if let merges = c.ruleValue("merge_next_by_size_class"), merges.kind == .array {
      var names: [Located<String>] = []
      merges.forEachElement { if let name = $0.string { names.append(Located(name, $0.spot)) } }
      check(names, context)
    }
  }

  /// `keys` are one object's (or one list's): a suggestion it holds already is a hint, no range.
  package static func check(_ keys: [Located<String>], _ context: RuleContext) {
    guard !keys.isEmpty else { return }
    let names = context.project.settings.sizeClasses.map { $0.name }
    // A table and one suggestion index, not a scan of the names per key: a project may declare
    // many size classes, and a mapping name many keys.
    let declared = Set(names)
    // No rename into a name the mapping holds already: it would write a duplicate key (ZL0107).
    let written = Set(keys.map(\.value))
    var suggestions: SuggestionIndex?
    for key in keys where !declared.contains(key.value) {
      if suggestions == nil { suggestions = SuggestionIndex(names) }
      let suggestion = suggestions?.nearest(to: key.value)
      var fixIt: FixIt? = .didYouMean(suggestion, at: key.spot)
      if let suggestion, written.contains(suggestion.text) { fixIt?.range = nil }
      context.report(
        rule, "size class '\(key.value)' is not one of the project's (\(summarizedList(names)))", at: key.spot, fixIt: fixIt)
    }
  }
}

/// A JSON family's `sizeClassMapping` is checked the same way, in the family file.
extension UnknownSizeClassRule: ProjectRule {
  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) { check(mapping.entries.map(\.key), context) }
  }
}

extension Rule {
  public static let unknownSizeClass = UnknownSizeClassRule.rule
}
