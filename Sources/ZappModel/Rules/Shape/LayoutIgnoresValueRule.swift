import ZappDiagnostics
import ZappLayout

/// ZL0524 layout-ignores-value. Reported by the family reader (`FamilyReader`, at a named layout).
package enum LayoutIgnoresValueRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0524", name: "layout-ignores-value", severity: .warning, category: .shape,
    summary:
      "A named layout sets a value its kind does not read: `columns` of a one-column kind, `widthRatio` or `smallItems` of another kind.",
    explanation: """
      Each layout kind reads some of a family's values and not others: a `linear`, `paged` or \
      `sticky` layout has one column, and a `one_and_n` layout its large slot and `smallItems` \
      beside it, whatever `columns` says; only a `flow` or `one_and_n` layout reads `widthRatio`, \
      and only a `one_and_n` layout `smallItems`. Such a value on a named layout (or one of its \
      screen entries) is lost to the bundle without a word, though it was written for the layout: \
      a warning at the value. Remove it, or give the layout the kind that reads it.
      """,
    bad: .files(
      [
        "families/f.xml": """
        <Family name="F"><Components><Component type="list"><Layouts><Layout name="ROWS" kind="linear" columns=⟦⟧"3"/></Layouts>\
        <Cell name="L" cellHeight="80"/></Component></Components></Family>
        """
      ],
      reports: [.init("layout 'ROWS' is linear, which does not read 'columns': a linear layout has one column")]),
    good: .files([
      "families/f.xml": """
      <Family name="F"><Components><Component type="list"><Layouts><Layout name="ROWS" kind="flow" columns="3"/></Layouts>\
      <Cell name="L" cellHeight="80"/></Component></Components></Family>
      """
    ]))

  /// Why a layout of `kind` does not read the family value `name`; nil when it reads it.
  package static func ignored(_ name: String, by kind: LayoutKind) -> String? {
    switch (name, kind) {
    case ("columns", .linear), ("columns", .paged), ("columns", .sticky): return "a \(kind.word) layout has one column"
    case ("columns", .oneAndN): return "a one_and_n layout has its large slot and smallItems beside it"
    case ("widthRatio", _) where kind != .flow && kind != .oneAndN: return "only a flow or one_and_n layout reads it"
    case ("smallItems", _) where kind != .oneAndN: return "only a one_and_n layout has small items"
    default: return nil
    }
  }
}

extension Rule {
  public static let layoutIgnoresValue = LayoutIgnoresValueRule.rule
}

extension LayoutIgnoresValueRule {
  package typealias Message = RuleMessage<LayoutIgnoresValueRule>
}

extension RuleMessage where Owner == LayoutIgnoresValueRule {
  package static func ignored(_ name: String, layout: String, kind: LayoutKind, why: String) -> Self {
    Self("ignored", "layout '\(shortValue(layout))' is \(kind.word), which does not read '\(name)': \(why)")
  }
}
