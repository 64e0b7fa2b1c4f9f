import ZappDiagnostics

/// ZL0201 missing-key.
package enum MissingKeyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0201", name: "missing-key", severity: .error, category: .shape,
    summary: "A required key is missing.",
    explanation: """
      Screens need `id` and `type`, components need `component_type`, families need `name`, \
      devices need `name` and `width` (`class` defaults to the size class's), size classes need `name` and \
      `min_width`. In a family, a component needs a `type`, a cell, header or layout a `name` \
      (a layout a `kind` too), a `<Screen>` entry a `type`, and a cell's `<DisplayRule>` the \
      entry `type` it styles (`GENERIC` for every entry): a rule without one, or with an empty \
      one, styles no entry, and a rule's `<View>` without a `name` sets no view. The diagnostic points at the object that lacks it.
      """,
    bad: .files(
      ["screens/o.json": Example.screen(#"⟦⟧{"styles": {"cell_styles": ["GRID_1"]}}"#)],
      reports: [.init("component is missing required key 'component_type'")]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static var needsCompleteProject: Bool { false }

  /// The schema pass, which reports this rule and ZL0202, ZL0203, ZL0204 and ZL0206 in one walk.
  package static func check(_ context: RuleContext) { SchemaPass.check(context) }
}

extension Rule {
  public static let missingKey = MissingKeyRule.rule
}

extension MissingKeyRule {
  package typealias Message = RuleMessage<MissingKeyRule>
}

extension RuleMessage where Owner == MissingKeyRule {
  /// `object` is the structure's name as the schema gives it ("screen", "ui_component").
  package static func missingRequired(_ key: String, in object: String) -> Self {
    Self("missing-required", "\(object) is missing required key '\(key)'")
  }
  /// A required key written with nothing in it: `""` or `null`.
  package static func emptyRequired(_ key: String, in object: String, null: Bool) -> Self {
    Self("empty-required", "\(object)'s required key '\(key)' is \(null ? "null" : "empty")")
  }
  package static var screenWithoutType: Self { Self("screen-without-type", "<Screen> needs a 'type' (default, sw600 or universal)") }
  package static var familyWithoutName: Self { Self("family-without-name", "a family needs a 'name'") }
  package static var responsiveWithoutStandardWidth: Self {
    Self("responsive-without-standard-width", "<Responsive> needs a 'standardWidth'")
  }
  package static var headerWithoutName: Self { Self("header-without-name", "a <Header> needs a 'name'") }
  package static var componentWithoutType: Self { Self("component-without-type", "a component needs a 'type'") }
  package static var cellWithoutName: Self { Self("cell-without-name", "a <Cell> needs a 'name'") }
  /// A display rule's `<View>` without the name of the view it sets.
  package static var viewWithoutName: Self { Self("view-without-name", "a <View> needs a 'name' (the view it sets)") }
  /// A `<DisplayRule>` without an entry type: no entry is styled by it.
  package static var displayRuleWithoutType: Self {
    Self("display-rule-without-type", "a <DisplayRule> needs a 'type' (the entry type it styles, or GENERIC)")
  }
  package static var layoutWithoutNameOrKind: Self { Self("layout-without-name-or-kind", "a <Layout> needs a 'name' and a 'kind'") }
}
