import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders

/// ZL0410 invalid-item-limit.
package enum InvalidItemLimitRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0410", name: "invalid-item-limit", severity: .error, category: .screens,
    summary: "`rules.item_limit` or a value of `rules.item_limit_by_size_class` is not a whole number from 1 to 999,999,999.",
    explanation: """
      `item_limit` is a whole number from 1 to 999,999,999, written as a number or a string of \
      digits alone ("6"; " 6", "+6" and "06" are ZL0202, but for one that is no limit when so \
      written, such as "-0" or " 0", which is this rule's, without a fix); `""` or `null` mean no limit. Each value of \
      `item_limit_by_size_class` is such a number too (0, a negative number, `""` or `null` would \
      leave the size class with `item_limit`), reported at the value. A plugin component that \
      leaves them out takes its manifest's `initial_value`s for them, as a builder fills them in: \
      those are checked too, reported in the manifest once, with a note at each component that \
      takes them.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": ⟦⟧"six"}, "styles": {"cell_styles": ["GRID_1"]}}, "#
            + #"{"component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": ⟦⟧"1000000000"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
      ],
      reports: [
        .init(#"item_limit must be a whole number from 1 to 999,999,999, found "six""#),
        .init(#"item_limit must be a whole number from 1 to 999,999,999, found "1000000000""#),
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "rules": {"item_limit": "6"}, "styles": {"cell_styles": ["GRID_1"]}}"#
      )
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    checkBySizeClass(visit.component.itemLimitBySizeClassValue, context)
    for filled in visit.filled("item_limit_by_size_class", in: "rules", context) {
      checkBySizeClass(filled.value, context, filling: filled)
    }
    // Each name written, the one the bundle takes and the older ones beside it (some clients
    // still read those).
    if let rules = visit.component.value["rules"], rules.kind == .object {
      for key in ConflictingItemLimitRule.keys { if let limit = rules[key] { check(limit, key: key, context) } }
    }
    for filled in visit.filled(["item_limit", "data_source_limit", "datasource_limit"], in: "rules", context) {
      check(filled.value, key: "item_limit", context, filling: filled)
    }
  }

  /// An `item_limit` (or an alias, `key`), written or a manifest's `initial_value` the component
  /// takes (`filling`: a note at the component, a fix only a hint).
  private static func check(_ limit: JSONValue, key: String, _ context: RuleContext, filling: ManifestFilledValue? = nil) {
    guard !limit.isNull, !(limit.kind == .string && limit.string!.isEmpty), parseItemLimit(limit) == nil else { return }
    let qualifier = filling?.qualifier ?? ""
    // A whole number written with spaces, a plus sign or leading zeros is a numeric string JSON
    // does not write: ZL0202, as for every whole number given as a string. One that is no limit
    // written as digits either (`"-0"`, `" 0"`) is this rule's, without a fix.
    if let s = limit.string, let fix = wholeNumberFix(s), Int(fix).map(itemLimitRange.contains) == true {
      var fixIt = FixIt.rewriting(as: fix, at: limit.spot)
      if filling != nil { fixIt.range = nil }
      context.report(
        .wrongType, "'\(key)' must be a whole number written as digits alone, found \(limit.quotedSource)" + qualifier,
        at: limit.spot, fixIt: fixIt, gathering: filling?.note)
      return
    }
    context.report(
      rule, "\(key) must be \(wholeNumber), found \(limit.quotedSource)" + qualifier, at: limit.spot, gathering: filling?.note)
  }

  /// Each whole number of `item_limit_by_size_class` below 1 (or too large to be a limit), each
  /// empty string and each null: the size class would be left with `item_limit`. Values of another
  /// type are ZL0202's.
  private static func checkBySizeClass(_ limits: JSONValue?, _ context: RuleContext, filling: ManifestFilledValue? = nil) {
    guard let limits, limits.kind == .object else { return }
    for (key, limit) in limits.members {
      guard parseItemLimit(limit) == nil, let name = key.string else { continue }
      let shapedAsLimit =
        limit.isNull
        || limit.number.map { $0 == $0.rounded() } ?? limit.string.map { $0.isEmpty || canonicalWholeNumber($0) != nil }
          ?? false
      guard shapedAsLimit else { continue }
      context.report(
        rule, "item_limit_by_size_class '\(name)' must be \(wholeNumber), found \(limit.quotedSource)" + (filling?.qualifier ?? ""),
        at: limit.spot, gathering: filling?.note)
    }
  }

  /// What a limit must be, in a message: a whole number of `itemLimitRange`.
  private static let wholeNumber = "a whole number from 1 to 999,999,999"
}

extension Rule {
  public static let invalidItemLimit = InvalidItemLimitRule.rule
}
