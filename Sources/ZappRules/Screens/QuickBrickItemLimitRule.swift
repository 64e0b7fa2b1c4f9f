import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0331 item-limit-alias-on-quick-brick.
package enum QuickBrickItemLimitRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0331", name: "item-limit-alias-on-quick-brick", severity: .warning, category: .references,
    summary: "A component limits its items with `data_source_limit` or `datasource_limit`, which Quick Brick does not read.",
    explanation: """
      Quick Brick reads a component's `rules.item_limit` alone, where other clients also take the \
      older `data_source_limit` and `datasource_limit`: a component that limits its items with one \
      of those, and writes no `item_limit`, shows every item of its data source on the Quick Brick \
      platforms (`ios_for_quickbrick`, `android_for_quickbrick`, `samsung_tv`, `lg_tv`, `web`, …), or the limit its manifest's \
      `initial_value` gives `item_limit`, and their bundles give its section that limit or none. In an app that targets one, it is a warning at the key, naming those \
      platforms, with the fix: write `item_limit`, which every client reads.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {⟦⟧"datasource_limit": 6}, "styles": {"cell_styles": ["GRID_1"]}}"#
        ),
      ],
      reports: [
        .init(
          "android_for_quickbrick reads 'rules.item_limit' alone: it shows every item of this component, whose 'datasource_limit' it ignores",
          fixIt: #""item_limit""#)
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": 6}, "styles": {"cell_styles": ["GRID_1"]}}"#
      ),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let rules = visit.component.value["rules"], rules.kind == .object, rules["item_limit"] == nil else { return }
    for alias in ["data_source_limit", "datasource_limit"] {
      // The first older name written is the one other clients read: a null there is no limit.
      guard let key = rules.keyNode(alias), let value = rules[alias] else { continue }
      guard !value.isNull else { return }
      let quickBrick = context.project.targetPlatforms.filter(Platforms.isQuickBrick)
      guard !quickBrick.isEmpty else { return }
      let one = quickBrick.count == 1
      // What such a client does instead: the manifest's `initial_value` for `item_limit`, else no limit.
      let instead =
        visit.manifest?.initialValue(section: "rules", key: "item_limit").map {
          "\(one ? "it takes" : "they take") its manifest's item_limit \($0.sourceText) for this component"
        } ?? "\(one ? "it shows" : "they show") every item of this component"
      context.report(
        rule,
        "\(summarizedList(quickBrick)) \(one ? "reads" : "read") 'rules.item_limit' alone: \(instead), "
          + "whose '\(alias)' \(one ? "it ignores" : "they ignore")",
        at: key.spot,
        fixIt: FixIt(
          message: "write 'item_limit'", replacement: "\"item_limit\"",
          // With a misspelled `item_limit` beside it, which limit is meant is the author's choice.
          range: rules.holdsNearMiss(of: "item_limit", besides: alias) ? nil : key.sourceRange))
      return
    }
  }
}

extension Rule {
  public static let itemLimitAliasOnQuickBrick = QuickBrickItemLimitRule.rule
}
