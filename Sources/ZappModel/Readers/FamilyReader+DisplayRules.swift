import ZappDiagnostics
import ZappReaders

/// One `<DisplayRule>` of a cell's `<DisplayRules>`: its entry type and the type whose rule it
/// copies (`copyOf`), each with its spot.
public struct DisplayRuleEntry: Sendable {
  /// The `type` attribute, nil when the rule has none.
  public let type: Located<String>?
  /// The `copyOf` attribute, nil when the rule copies none.
  public let copyOf: Located<String>?
  /// The `<DisplayRule>` element.
  public let spot: SourceSpot
}

extension FamilyReader {
  /// The `<DisplayRule>` children of a `<DisplayRules>` element, in order.
  static func displayRuleEntries(_ rules: XMLElement) -> [DisplayRuleEntry] {
    rules.children.filter { $0.name == "DisplayRule" }.map { rule in
      DisplayRuleEntry(
        type: rule.attribute("type").map { Located($0.value, rule.spot(of: $0)) },
        copyOf: rule.attribute("copyOf").map { Located($0.value, rule.spot(of: $0)) }, spot: rule.spot)
    }
  }
}
