import ZappDiagnostics
import ZappModel

/// ZL0207 conflicting-item-limit.
package enum ConflictingItemLimitRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0207", name: "conflicting-item-limit", severity: .warning, category: .shape,
    summary: "A component's `rules` give `item_limit` and an older name of it different limits.",
    explanation: """
      A component limits its items with `rules.item_limit`, else with its older names \
      `data_source_limit` and `datasource_limit`, which some clients still read. The bundle takes \
      the first of them written, even `""` or `null` (no limit), as clients that read \
      `item_limit` do, and leaves the others out: one written beside it with another limit is \
      lost, and a client that reads the older name shows another number of items. Two limits \
      that differ mean one was changed without the other. The one left out is reported, with a \
      note at the one the bundle takes; the same limit written as a number and as a string \
      (`6`, `"6"`) is one limit. Remove the older name, or give both the same limit. A limit that \
      is no whole number is ZL0410's.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": "6", "data_source_limit": ⟦⟧10}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
      ],
      reports: [
        .init(
          "'rules.data_source_limit' limits the items to 10, but the bundle takes 'rules.item_limit', which limits them to 6",
          notes: ["'rules.item_limit' is written here"])
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": "6", "data_source_limit": 6}, "styles": {"cell_styles": ["GRID_1"]}}"#
      )
    ]))

  /// The keys of a component's limit, in the order the bundle reads them.
  static let keys = ["item_limit", "data_source_limit", "datasource_limit"]

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let rules = visit.component.value["rules"], rules.kind == .object else { return }
    let written = keys.compactMap { key in rules.keyNode(key).flatMap { node in rules[key].map { (key, node, $0) } } }
    guard let (takenKey, takenNode, taken) = written.first, written.count > 1 else { return }
    let limit = parseItemLimit(taken)
    // A taken value that is no limit and not empty is ZL0410's: which limit was meant is unclear.
    guard limit != nil || taken.isNull || taken.string == "" else { return }
    let takes = limit.map { "which limits them to \($0)" } ?? "which gives no limit"
    for (key, _, value) in written.dropFirst() {
      guard let other = parseItemLimit(value), other != limit else { continue }
      context.report(
        rule, "'rules.\(key)' limits the items to \(other), but the bundle takes 'rules.\(takenKey)', \(takes)", at: value.spot,
        notes: [DiagnosticNote("'rules.\(takenKey)' is written here", at: takenNode.spot)])
    }
  }
}

extension Rule {
  public static let conflictingItemLimit = ConflictingItemLimitRule.rule
}
