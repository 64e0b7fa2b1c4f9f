import ZappDiagnostics

/// ZL0202 wrong-type. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
package enum WrongTypeRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0202", name: "wrong-type", severity: .error, category: .shape,
    summary: "A value has the wrong JSON type.",
    explanation: """
      Each key takes one kind of value. zlc accepts what real builders emit — numbers written as \
      strings (`"item_limit": "6"`), `""` or `null` for empty data, `"true"` for booleans — and \
      reports anything else. A whole number written as a string holds digits alone, as JSON \
      writes it: `" 6"`, `"+6"` and `"06"` are reported, with the fix to `"6"` (so are a family's \
      `columns` and `smallItems`, and one of them written as text with a decimal point or an \
      exponent, `"2.0"` or `"1e1"`, with the fix to `"2"` or `"10"`; `"2.5"` is ZL0502's, and a \
      JSON number, `2.0`, is read). An array of objects (`ui_components`, `navigations`, \
      `nav_items`, a manifest's `fields`) holds no `null`, and neither does a whole file: \
      `zlc.json`, `screen_types.json`, a registry, a manifest, a family, a screens file or a feed \
      that holds `null` or `""` alone is reported at its start, and so is a screens file of `{}`, \
      neither a screen nor a map of screens. A registry's lists of renderers hold names alone: \
      `null`, `""` or white space (or a zero-width space) alone among them names nothing. A component's or navigation item's `id` is a string, \
      as are a family's `version`, an option's `text` and a manifest's `whitelisted_account_ids`; \
      a card's `layout` is a number or a string; a condition's `condition_value` is a string, a \
      number, `true` or `false`, or an array of them (a field's `rules` word, `none`, \
      `conditional` or `all_conditions`, is ZL0203's). A family's `showBottomPadding` and \
      `responsive`, which zlc reads, are `true` or `false` exactly; a `<DisplayRule>`'s \
      `isGeneric` and a `<View>`'s `isNull` and `isTransparent`, passed to clients as written, \
      are `true` or `false` in any case (`True`, `FALSE`), as clients read them, and another word \
      (`yes`, `1`) is reported; a JSON cell's `displayRules` is an array or an object (`""` or `null` for none). A plugin component that leaves a key of \
      its `rules` or `data` out takes its manifest's `initial_value` for it, as a builder fills it \
      in: the values its bundle takes are checked too (`fill_rows`, `pad_rows`, the \
      `*_by_size_class` rules, `data.target`, and `data.source` and `data.type` where the section \
      binds to a source of its own; the item limit is ZL0410's), reported in the manifest once, \
      with a note at each component that takes it.
      """,
    bad: .files(
      ["screens/o.json": Example.screen(Example.grid, extra: #", "home": ⟦⟧3"#)],
      reports: [.init("'home' must be true or false, found a number")]),
    good: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "home": "false""#)]))
}

extension Rule {
  public static let wrongType = WrongTypeRule.rule
}

extension WrongTypeRule {
  package typealias Message = RuleMessage<WrongTypeRule>
}

extension RuleMessage where Owner == WrongTypeRule {
  /// `subject` names the value as the schema pass does ("'item_limit'", "the key 'x'").
  package static func mustBe(_ subject: String, _ expected: String, found kind: JSONKind) -> Self {
    Self("must-be", "\(subject) must be \(expected), found \(kind.article)")
  }
  /// An empty string, or one of white space alone (`blank`), where a name is listed (a
  /// registry's renderers).
  package static func emptyName(_ subject: String, blank: Bool) -> Self {
    Self(
      "empty-name",
      "\(subject) must be a name, found \(blank ? "white space or invisible characters alone" : "an empty string"), which names nothing")
  }
  /// `found` is the value as written, quoted.
  package static func wholeNumberAsDigits(_ subject: String, found: String) -> Self {
    Self("whole-number-as-digits", "\(subject) must be a whole number written as digits alone, found \(found)")
  }
  /// An element of an array of objects that is none (`null`, a string, a number …).
  package static func elementNotAnObject(_ subject: String, found kind: JSONKind) -> Self {
    Self("element-not-an-object", "each element of \(subject) must be an object, found \(kind.article)")
  }
  /// A top-level value that is not an object: `what` is "a manifest", "a screen" or "a feed".
  package static func notAnObject(_ what: String, found kind: JSONKind) -> Self {
    Self("not-an-object", "\(what) is an object, found \(kind.article)")
  }
  package static func familyFile(found kind: JSONKind) -> Self {
    Self("family-file", "a family file holds an object, found \(kind.article)")
  }
  package static func manifestFile(found kind: JSONKind) -> Self {
    Self("manifest-file", "a manifest file holds an object (or an array of manifests), found \(kind.article)")
  }
  package static func screensFile(found kind: JSONKind) -> Self {
    Self("screens-file", "a screens file holds a rivers array of screens or one screen object, found \(kind.article)")
  }
  /// A screens file's object without a screen's keys or a screen under a key (`{}`).
  package static var noScreenInObject: Self {
    Self("no-screen-in-object", "a screens file holds a rivers array of screens or one screen object, found an object holding no screen")
  }
  /// An array (`subject`) holding an element of another type than `expected` (plural words).
  package static func holdsValues(_ subject: String, _ expected: String, found kind: JSONKind) -> Self {
    Self("holds-values", "\(subject) holds \(expected), found \(kind.article)")
  }
  /// A family member (`name`) that holds an array of something other than objects.
  package static func holdsObjects(_ name: String, found kind: JSONKind) -> Self {
    Self("holds-objects", "'\(name)' holds objects, found \(kind.article)")
  }
  package static var elementsNotAnArray: Self { Self("elements-not-an-array", "'elements' holds an array of elements") }
  package static func takesANumber(_ name: String) -> Self { Self("takes-a-number", "'\(name)' takes a number") }
  /// A number written with another space at its ends than a plain one or a tab (a no-break, a
  /// zero-width, an ideographic space, a line break), `shown` by its code points.
  package static func takesANumber(_ name: String, paddedNumber shown: String) -> Self {
    Self(
      "takes-a-number-padded",
      "'\(name)' takes a number, found '\(shortValue(shown))': a number may have spaces or tabs around it, no other space")
  }
  package static func takesANumber(_ name: String, found value: String) -> Self {
    Self("takes-a-number-found", "'\(name)' takes a number, found '\(shortValue(value))'")
  }
  package static var marginShape: Self {
    Self("margin-shape", "'margin' takes four numbers (top, left, bottom, right) or an object of sides")
  }
  package static func marginSide(_ name: String) -> Self {
    Self("margin-side", "'margin' takes the sides top, left, bottom and right, found '\(shortValue(name))'")
  }
  package static func marginNumbers(found value: String) -> Self {
    Self("margin-numbers", "'margin' takes four numbers (top, left, bottom, right), found '\(shortValue(value))'")
  }
  package static func trueOrFalse(_ name: String, found value: String) -> Self {
    Self("true-or-false", "'\(name)' is true or false, found '\(shortValue(value))'")
  }
}
