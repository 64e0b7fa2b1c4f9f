import ZappDiagnostics
import ZappLayout

/// ZL0417 invalid-card-style. A JSON family cell's `style` is checked the same way when the family
/// is read.
package enum InvalidCardStyleRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0417", name: "invalid-card-style", severity: .error, category: .screens,
    summary:
      "A card style key (`backgroundColor`, `cornerRadius`, `margin`, `backgroundImage`, `shadowColor`, `shadowRadius`, `shadowOffset`) or a screen's refresh colour holds a value it does not take.",
    explanation: """
      A component's `styles` and a JSON family cell's `style` may say how a card is drawn: \
      `backgroundColor` is a colour string, `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first); \
      `cornerRadius` a number from 0 to 10,000 (or a string holding one); `margin` four numbers \
      (top, left, bottom, right) or an object of sides, each from 0 to 10,000; `backgroundImage` an \
      absolute `http` or `https` URL; `shadowColor` a colour as `backgroundColor`; `shadowRadius` a \
      number from 0 to 10,000; `shadowOffset` two numbers `[x, y]` or an object of `x` and `y` (an \
      axis left out is 0), each from -10,000 to 10,000. A value of another type or out of range is \
      reported where it stands. A screen's refresh colours in its \
      `rules` (`auto_refresh_text_color`, `auto_refresh_background_color`, \
      `pull_to_refresh_loader_color`, `pull_to_refresh_background_color`) take a colour too: 3, 4, \
      6 or 8 hex digits (`RGB`, `ARGB`, `RRGGBB`, `AARRGGBB`) with or without `#`, or \
      `rgb(r, g, b)` or `rgba(r, g, b, a)` as the builder's colour pickers write; an empty one \
      leaves the client's colour.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          ##"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "backgroundColor": ⟦⟧"white", "cornerRadius": ⟦⟧-4, "backgroundImage": ⟦⟧"/cards/bg.png", "shadowColor": "#40000000", "shadowOffset": ⟦⟧[0, 2, 4]}}"##
        )
      ],
      reports: [
        .init(#"'backgroundColor' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found "white""#),
        .init("'cornerRadius' takes a number from 0 to 10,000, found -4"),
        .init(#"'backgroundImage' takes an absolute http or https URL, found "/cards/bg.png""#),
        .init("'shadowOffset' takes two numbers [x, y] or an object of x and y, found [0, 2, 4]"),
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        ##"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "backgroundColor": "#ffffff", "cornerRadius": 4, "margin": [0, 8, 8, 8], "backgroundImage": "https://example.com/bg.png", "shadowColor": "#40000000", "shadowRadius": 6, "shadowOffset": {"y": 2}}}"##
      )
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let styles = visit.component.stylesValue else { return }
    for (message, value) in problems(in: styles) { context.report(rule, message, at: value.spot) }
  }

  /// What is wrong with the card style keys of an object (a component's `styles`, a cell's
  /// `style`): each problem's message and the value it is about. Other keys are not looked at.
  package static func problems(in object: JSONValue) -> [(message: String, value: JSONValue)] {
    var found: [(String, JSONValue)] = []
    // Keys are compared in place: every component's styles are read, and few have these keys.
    object.forEachMember { key, value in
      guard !value.isNull else { return }
      if key.stringEquals("backgroundColor") {
        if !(value.string.map(CardStyle.isColor) ?? false) {
          found.append(("'backgroundColor' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found \(value.quotedSource)", value))
        }
      } else if key.stringEquals("cornerRadius") {
        if !(number(value).map { $0 >= 0 && $0 <= Metrics.maxLength } ?? false) {
          found.append(("'cornerRadius' takes a number from 0 to 10,000, found \(value.quotedSource)", value))
        }
      } else if key.stringEquals("backgroundImage") {
        if !(value.string.map(CardStyle.isImageURL) ?? false) {
          found.append(("'backgroundImage' takes an absolute http or https URL, found \(value.quotedSource)", value))
        }
      } else if key.stringEquals("shadowColor") {
        if !(value.string.map(CardStyle.isColor) ?? false) {
          found.append(("'shadowColor' takes a colour: #RGB, #RRGGBB or #AARRGGBB, found \(value.quotedSource)", value))
        }
      } else if key.stringEquals("shadowRadius") {
        if !(number(value).map { $0 >= 0 && $0 <= Metrics.maxLength } ?? false) {
          found.append(("'shadowRadius' takes a number from 0 to 10,000, found \(value.quotedSource)", value))
        }
      } else if key.stringEquals("shadowOffset") {
        if let problem = offsetProblem(value) { found.append((problem, value)) }
      } else if key.stringEquals("margin") {
        let sides = value.kind == .array ? value.elements : value.members.map(\.value)
        let shaped =
          (value.kind == .array && sides.count == 4)
          || (value.kind == .object && value.members.allSatisfy { Insets.sideKeys.contains($0.key.string ?? "") })
        if !shaped || sides.contains(where: { number($0) == nil }) {
          found.append(("'margin' takes four numbers (top, left, bottom, right) or an object of sides, found \(value.quotedSource)", value))
        } else if sides.contains(where: { number($0).map { $0 < 0 || $0 > Metrics.maxLength } ?? false }) {
          found.append(("'margin' values are from 0 to 10,000, found \(value.quotedSource)", value))
        }
      }
    }
    return found
  }

  /// What is wrong with a `shadowOffset`: two numbers `[x, y]` or an object of axes, each from
  /// -10,000 to 10,000; nil when nothing is.
  private static func offsetProblem(_ value: JSONValue) -> String? {
    let axes = value.kind == .array ? value.elements : value.members.map(\.value)
    let shaped =
      (value.kind == .array && axes.count == 2)
      || (value.kind == .object && value.members.allSatisfy { ShadowOffset.axisKeys.contains($0.key.string ?? "") })
    if !shaped || axes.contains(where: { number($0) == nil }) {
      return "'shadowOffset' takes two numbers [x, y] or an object of x and y, found \(value.quotedSource)"
    }
    if axes.contains(where: { number($0).map { abs($0) > Metrics.maxLength } ?? false }) {
      return "'shadowOffset' values are from -10,000 to 10,000, found \(value.quotedSource)"
    }
    return nil
  }

  /// A JSON number, or a string holding a finite one.
  package static func number(_ value: JSONValue) -> Double? {
    let text = value.kind == .number ? value.numberText : value.kind == .string ? value.string : nil
    guard let v = text.flatMap(decimalNumber) else { return nil }
    return v
  }
}

extension InvalidCardStyleRule {
  package typealias Message = RuleMessage<InvalidCardStyleRule>
}

extension RuleMessage where Owner == InvalidCardStyleRule {
  /// A screen's refresh colour (`key` of its `rules`) that is no colour.
  package static func screenColor(_ key: String, found: String) -> Self {
    Self(
      "screen-color",
      "'\(key)' takes a colour: 3, 4, 6 or 8 hex digits, '#' optional, or rgb(r, g, b) or rgba(r, g, b, a), found \(found)")
  }
}

extension Rule {
  public static let invalidCardStyle = InvalidCardStyleRule.rule
}
