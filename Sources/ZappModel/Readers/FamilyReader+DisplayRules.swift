import Foundation
import ZappDiagnostics
import ZappLayout
import ZappReaders

/// One `<DisplayRule>` of a cell's `<DisplayRules>`: its entry type, the type whose rule it
/// copies (`copyOf`) and its own views, each with its spot.
public struct DisplayRuleEntry: Sendable {
  /// The `type` attribute, nil when the rule has none (or a blank one).
  public let type: Located<String>?
  /// The `copyOf` attribute, nil when the rule copies none.
  public let copyOf: Located<String>?
  /// The `isGeneric` attribute, nil when the rule has none.
  public let isGeneric: Located<String>?
  /// The rule's child elements (its `<View>`s), each with its `name` when it has one.
  public let views: [(name: String?, spot: SourceSpot)]
  /// The `name` of each of the rule's `<View>`s that has one, in order, with the spot of its value.
  public let viewNames: [Located<String>]
  /// The `<DisplayRule>` element.
  public let spot: SourceSpot
}

extension FamilyReader {
  /// How many elements deep a cell's `<DisplayRules>` may nest: the bundle writes each element as
  /// an object and its children's array, two levels of JSON, beside its own wrapping, and they keep
  /// a bundle file within `JSON.maxInputDepth` levels, which Foundation's `JSONSerialization` takes.
  static let maxDisplayRulesDepth = (JSON.maxInputDepth - JSON.bundleWrapperDepth) / 2

  /// The first element more than `maxDisplayRulesDepth` elements deep in the display rules the
  /// bundle holds: each cell's first `<DisplayRules>` (any other is dropped, ZL0204).
  static func tooDeepDisplayRule(in element: XMLElement) -> XMLElement? {
    if canonicalTag(element.name) == "Cell", let rules = element.children.first(where: { $0.name == "DisplayRules" }),
      let deep = firstElement(in: rules, deeperThan: maxDisplayRulesDepth, depth: 1)
    {
      return deep
    }
    for child in element.children where child.name != "DisplayRules" {
      if let deep = tooDeepDisplayRule(in: child) { return deep }
    }
    return nil
  }

  /// The first element below `element` (at `depth`) that is more than `limit` elements deep.
  static func firstElement(in element: XMLElement, deeperThan limit: Int, depth: Int) -> XMLElement? {
    if depth > limit { return element }
    for child in element.children {
      if let deep = firstElement(in: child, deeperThan: limit, depth: depth + 1) { return deep }
    }
    return nil
  }

  /// The attributes of a `<DisplayRule>`: its entry type, whether it merges the `GENERIC` rule
  /// first, and the type whose rule it copies.
  static let displayRuleAttributes = ["copyOf", "isGeneric", "type"]

  /// The elements of display rules: `<DisplayRules>` holds `<DisplayRule>`s, each `<View>`s.
  package static let displayRuleElements = ["DisplayRule", "View"]

  /// The attributes of a `<View>` clients read: the view it sets and how it shows.
  static let viewAttributes = ["drawable", "isNull", "isTransparent", "name", "visibility"]

  /// The `<DisplayRule>` children of a `<DisplayRules>` element, in order. An attribute a rule
  /// does not take is a stray: a near miss of one it does, or one behind a namespace prefix
  /// (`app:copyOf`, which Android reads as `copyOf`), is ZL0206's, another ZL0204's unless it is
  /// behind a prefix. A `<View>` carries attributes of the client's own, so only one edit from one
  /// clients read (`visibilty`), and not a longer name it begins (`drawableEnd`), or one behind a
  /// prefix, is a stray there (`MisspelledKeyRule.misspelledViewAttribute`).
  /// Another element there (`<DisplayRul>`, `<Veiw>`) is a stray too: clients skip it, as they skip
  /// text anywhere in the display rules (the bundle holds their elements and attributes alone).
  /// A rule without a `type` (or a blank one) is ZL0201's, an `isGeneric` that is not `true` or
  /// `false` (in any case) ZL0202's, in `diagnostics`.
  static func displayRuleEntries(_ rules: XMLElement, strays: inout [FamilyStray], diagnostics: inout [Diagnostic])
    -> [DisplayRuleEntry]
  {
    // `<DisplayRules>` takes no attribute, as the wrappers (`<Screens>`) take none.
    for a in rules.attributes {
      strays.append(FamilyStray(kind: .attribute(name: a.name, element: rules.name, allowed: []), spot: rules.spot(of: a, value: false)))
    }
    for child in rules.children where child.name != "DisplayRule" {
      strays.append(FamilyStray(kind: .element(name: child.name, place: "in <\(rules.name)>", expected: "DisplayRule"), spot: child.spot))
    }
    for rule in rules.children where rule.name == "DisplayRule" {
      for view in rule.children where view.name != "View" {
        strays.append(FamilyStray(kind: .element(name: view.name, place: "in <DisplayRule>", expected: "View"), spot: view.spot))
      }
      // The views' names, found once for the rule: a trimmed name one of them has is taken.
      let viewNames = SiblingNames(
        rule.children.filter { $0.name == "View" }.compactMap { $0.attribute("name")?.value }, trim: trimmedAttribute)
      for view in rule.children where view.name == "View" {
        for a in view.attributes
        where !viewAttributes.contains(a.name) && MisspelledKeyRule.misspelledViewAttribute(a.name) != nil {
          strays.append(
            FamilyStray(
              kind: .attribute(name: a.name, element: view.name, allowed: viewAttributes), spot: view.spot(of: a, value: false),
              taken: view.attributes.map(\.name)))
        }
        viewValues(view, among: viewNames, of: rule, diagnostics: &diagnostics)
      }
    }
    textStrays(in: rules, into: &strays)
    // The rules' types, found once: a trimmed type one of them has would make two rules of it.
    let types = SiblingNames(
      rules.children.filter { $0.name == "DisplayRule" }.compactMap { $0.attribute("type")?.value }, trim: trimmedAttribute)
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
      // A blank `type` is none. One misspelled or behind a prefix is ZL0206's.
      let type = rule.attribute("type").flatMap { $0.value.contains { !$0.isWhitespace } ? $0 : nil }
      if type == nil,
        !names.contains(where: { $0 != "type" && MisspelledKeyRule.misspelledAttribute($0, allowed: displayRuleAttributes)?.text == "type" }
        )
      {
        diagnostics.append(MissingKeyRule.Message.displayRuleWithoutType.diagnostic(at: rule.spot))
      }
      if let type {
        spacesAtEnds(type, of: rule, matching: "entry type", siblings: types, diagnostics: &diagnostics)
      }
      let isGeneric = rule.attribute("isGeneric")
      if let isGeneric, !isTrueOrFalse(isGeneric.value) {
        diagnostics.append(WrongTypeRule.Message.trueOrFalse("isGeneric", found: isGeneric.value).diagnostic(at: rule.spot(of: isGeneric)))
      }
      return DisplayRuleEntry(
        type: type.map { Located($0.value, rule.spot(of: $0)) },
        copyOf: rule.attribute("copyOf").map { Located($0.value, rule.spot(of: $0)) },
        isGeneric: isGeneric.map { Located($0.value, rule.spot(of: $0)) },
        views: rule.children.map { ($0.attribute("name")?.value, $0.spot) },
        viewNames: rule.children.filter { $0.name == "View" }.compactMap { view in
          view.attribute("name").map { Located($0.value, view.spot(of: $0)) }
        }, spot: rule.spot)
    }
  }

  /// Whether a display rule's flag (`isGeneric`, `isNull`, `isTransparent`) is `true` or `false`,
  /// in any case: zlc passes it to clients as written, and they read it ignoring case, as
  /// Android's `Boolean.parseBoolean` does. (A family's `showBottomPadding` and `responsive`,
  /// which zlc reads itself, are `true` or `false` exactly.)
  package static func isTrueOrFalse(_ value: String) -> Bool {
    let lower = value.lowercased()
    return lower == "true" || lower == "false"
  }

  /// Whether a display rule's `isGeneric` is `true`, in any case, as clients read it.
  package static func isTrue(_ value: String) -> Bool { value.lowercased() == "true" }

  /// The words Android's `View` visibility takes.
  static let visibilities = ["VISIBLE", "INVISIBLE", "GONE"]

  /// Checks what a `<View>` says: it names the view it sets (ZL0201, unless a prefixed `name`
  /// stands for it, ZL0206's; a near miss of `name` is only a warning, so the view still has none), its `isNull` and `isTransparent` are `true` or
  /// `false` in any case (ZL0202), and its `visibility` is one of `visibilities`, in any case
  /// (ZL0203).
  private static func viewValues(
    _ view: XMLElement, among names: SiblingNames, of rule: XMLElement, diagnostics: inout [Diagnostic]
  ) {
    if !(view.attribute("name")?.value.contains { !$0.isWhitespace } ?? false),
      !view.attributes.contains(where: { MisspelledKeyRule.prefixedName($0.name, allowed: viewAttributes) == "name" })
    {
      diagnostics.append(MissingKeyRule.Message.viewWithoutName.diagnostic(at: view.spot))
    }
    if let name = view.attribute("name") {
      spacesAtEnds(name, of: view, matching: "view", siblings: names, diagnostics: &diagnostics)
    }
    for flag in ["isNull", "isTransparent"] {
      guard let a = view.attribute(flag), !isTrueOrFalse(a.value) else { continue }
      diagnostics.append(WrongTypeRule.Message.trueOrFalse(flag, found: a.value).diagnostic(at: view.spot(of: a)))
    }
    if let a = view.attribute("visibility"), !visibilities.contains(a.value.uppercased()) {
      let spot = view.spot(of: a)
      diagnostics.append(
        InvalidValueRule.Message.notOneOf(a.value, subject: "visibility", options: visibilities).diagnostic(
          at: spot, fixIt: .didYouMean(for: a.value, among: visibilities, at: spot)))
    }
  }

  /// An attribute's value without the spaces at its ends.
  private static func trimmedAttribute(_ value: String) -> String { value.trimmingCharacters(in: .whitespaces) }

  /// Reports `attribute` of `element` when its value has spaces at its ends (and is not blank):
  /// clients compare it exactly, so it matches no `what`. The trimmed value is the fix, unless
  /// `siblings` (the same attribute of the elements beside it) take it.
  private static func spacesAtEnds(
    _ attribute: XMLAttribute, of element: XMLElement, matching what: String, siblings: SiblingNames,
    diagnostics: inout [Diagnostic]
  ) {
    let trimmed = trimmedAttribute(attribute.value)
    guard trimmed != attribute.value, !trimmed.isEmpty else { return }
    let spot = element.spot(of: attribute)
    diagnostics.append(
      InvalidValueRule.Message.nameWithSpaces(attribute.value, attribute: attribute.name, matches: what).diagnostic(
        at: spot, fixIt: .trimming(to: trimmed, at: spot, taken: siblings.take(trimmed))))
  }

  /// Text (a stray character, a value written as text, a CDATA section) in `element` or any
  /// element below it: a stray at the first such character of each element.
  private static func textStrays(in element: XMLElement, into strays: inout [FamilyStray]) {
    if let text = element.textOffset {
      strays.append(
        FamilyStray(kind: .text(element: element.name), spot: SourceSpot(file: element.file, offset: text, pointer: element.path)))
    }
    for child in element.children { textStrays(in: child, into: &strays) }
  }

}
