import ZappDiagnostics
import ZappReaders

/// One `<DisplayRule>` of a cell's `<DisplayRules>`: its entry type, the type whose rule it
/// copies (`copyOf`) and its own views, each with its spot.
public struct DisplayRuleEntry: Sendable {
  /// The `type` attribute, nil when the rule has none.
  public let type: Located<String>?
  /// The `copyOf` attribute, nil when the rule copies none.
  public let copyOf: Located<String>?
  /// The rule's child elements (its `<View>`s), each with its `name` when it has one.
  public let views: [(name: String?, spot: SourceSpot)]
  /// The `<DisplayRule>` element.
  public let spot: SourceSpot
}

extension FamilyReader {
  /// The attributes of a `<DisplayRule>`: its entry type, whether it merges the `GENERIC` rule
  /// first, and the type whose rule it copies.
  static let displayRuleAttributes = ["copyOf", "isGeneric", "type"]

  /// The elements of display rules: `<DisplayRules>` holds `<DisplayRule>`s, each `<View>`s.
  package static let displayRuleElements = ["DisplayRule", "View"]

  /// The `<DisplayRule>` children of a `<DisplayRules>` element, in order. An attribute a rule
  /// does not take is a stray: a near miss of one it does, or one behind a namespace prefix
  /// (`app:copyOf`, which Android reads as `copyOf`), is ZL0206's, another ZL0204's unless it is
  /// behind a prefix.
  /// Another element there (`<DisplayRul>`, `<Veiw>`) is a stray too: clients skip it.
  static func displayRuleEntries(_ rules: XMLElement, strays: inout [FamilyStray]) -> [DisplayRuleEntry] {
    for child in rules.children where child.name != "DisplayRule" {
      strays.append(FamilyStray(kind: .element(name: child.name, place: "in <\(rules.name)>", expected: "DisplayRule"), spot: child.spot))
    }
    for rule in rules.children where rule.name == "DisplayRule" {
      for view in rule.children where view.name != "View" {
        strays.append(FamilyStray(kind: .element(name: view.name, place: "in <DisplayRule>", expected: "View"), spot: view.spot))
      }
    }
    return rules.children.filter { $0.name == "DisplayRule" }.map { rule in
      let names = rule.attributes.map(\.name)
      // Another tool's attribute (`tools:ignore`) is its own.
      for a in rule.attributes
      where !displayRuleAttributes.contains(a.name)
        && (!a.name.contains(":") || MisspelledKeyRule.prefixedName(a.name, allowed: displayRuleAttributes) != nil)
      {
        strays.append(
          FamilyStray(
            kind: .attribute(name: a.name, element: rule.name, allowed: displayRuleAttributes), spot: rule.spot(of: a, value: false),
            taken: names))
      }
      return DisplayRuleEntry(
        type: rule.attribute("type").map { Located($0.value, rule.spot(of: $0)) },
        copyOf: rule.attribute("copyOf").map { Located($0.value, rule.spot(of: $0)) },
        views: rule.children.map { ($0.attribute("name")?.value, $0.spot) }, spot: rule.spot)
    }
  }
}
