/// ZL0313 unknown-size-class.
enum UnknownSizeClassRule: ComponentRule {
  static let rule = Rule(
    code: "ZL0313", name: "unknown-size-class", severity: .error, category: .references,
    summary: "A `size_class_mapping` names a size class the project does not define.",
    explanation: """
      The keys of a component's `size_class_mapping` are size classes: zlc.json's `size_classes`, \
      else the defaults S (under 600 pt), L (600 to 1,199 pt) and XL (1,200 pt and more). A key \
      that names none of them would never apply.
      """,
    bad: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {⟦⟧"M": "hide"}}"#
      )
    ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}, "size_class_mapping": {"S": "hide"}}"#
      )
    ]))

  static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let names = context.project.settings.sizeClasses.map(\.name)
    for entry in SizeClassMappingEntry.entries(of: visit.component) where !names.contains(entry.key.value) {
      context.report(
        rule, "size class '\(entry.key.value)' is not one of the project's (\(names.joined(separator: ", ")))", at: entry.key.spot,
        fixIt: .didYouMean(closestMatch(to: entry.key.value, in: names), at: entry.key.spot))
    }
  }
}

extension Rule {
  public static let unknownSizeClass = UnknownSizeClassRule.rule
}
