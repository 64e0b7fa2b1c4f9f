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
      that names none of them would never apply. One that names a size class in another Unicode \
      form is ZL0339's. A plugin component that leaves out one of these \
      rules takes its manifest's `initial_value` for it, as a builder fills it in: that value is \
      checked too, reported in the manifest once, with a note at each component that takes it.
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
    func names(in list: JSONValue?) -> [Located<String>] {
      var names: [Located<String>] = []
      guard let list, list.kind == .array else { return names }
      list.forEachElement { if let name = $0.string { names.append(Located(name, $0.spot)) } }
      return names
    }
    check(keys(of: c.itemLimitBySizeClassValue), context)
    check(keys(of: c.ruleValue("filter_by_size_class")), context)
    check(names(in: c.ruleValue("merge_next_by_size_class")), context)
    // The values a component that leaves these rules out takes from its manifest.
    for key in ["item_limit_by_size_class", "filter_by_size_class"] {
      for filled in visit.filled(key, in: "rules", context) { check(keys(of: filled.value), context, filling: filled) }
    }
    for filled in visit.filled("merge_next_by_size_class", in: "rules", context) {
      check(names(in: filled.value), context, filling: filled)
    }
  }

  /// `keys` are one object's (or one list's): a suggestion it holds already is a hint, no range. A
  /// manifest's `initial_value` a component takes (`filling`) is reported with a note at the
  /// component, its fix a hint.
  package static func check(_ keys: [Located<String>], _ context: RuleContext, filling: ManifestFilledValue? = nil) {
    guard !keys.isEmpty else { return }
    let settings = context.project.settings
    let names = settings.sizeClasses.map { $0.name }
    // A table and one suggestion index, not a scan of the names per key: a project may declare
    // many size classes, and a mapping name many keys. Clients match names by their bytes; a
    // `String` set matches them as they read (`é` in either Unicode form), so each set is of both.
    let declared = Set(names.map { Array($0.utf8) })
    let declaredAsRead = Dictionary(names.map { ($0, $0) }, uniquingKeysWith: { first, _ in first })
    // No rename into a name the mapping holds already: it would write a duplicate key (ZL0107).
    let written = Set(keys.map(\.value))
    let writtenBytes = Set(keys.map { Array($0.value.utf8) })
    var suggestions: SuggestionIndex?
    for key in keys where !declared.contains(Array(key.value.utf8)) {
      if let name = declaredAsRead[key.value] {
        let declaration = settings.sizeClassEntries.first { $0.sizeClass.name.utf8.elementsEqual(name.utf8) }?.value["name"]?.spot
        NameInAnotherFormRule.check(
          key, is: "size class", declared: name, as: "size class", at: declaration,
          fixes: filling == nil && !writtenBytes.contains(Array(name.utf8)), filling: filling, context)
        continue
      }
      if suggestions == nil { suggestions = SuggestionIndex(names) }
      let suggestion = suggestions?.nearest(to: key.value)
      var fixIt: FixIt? = .didYouMean(suggestion, forName: key.value, at: key.spot)
      if let suggestion, written.contains(suggestion.text) || filling != nil { fixIt?.range = nil }
      context.report(
        rule, "size class '\(key.value)' is not one of the project's (\(summarizedList(names)))" + (filling?.qualifier ?? ""),
        at: key.spot, fixIt: fixIt, gathering: filling?.note)
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
