import ZappDiagnostics
import ZappLayout
import ZappModel

/// What a family file may hold where, as zlc reads it (`FamilyReader`): the elements each XML
/// element holds, the attributes of each element (the keys of each JSON object), the values of
/// the attributes that take a word, and what each means (`FamilyVocabulary`, and the descriptions
/// of `zlc schema family`). Prefixed names (`android:`, `app:`) are none of them: a prefixed
/// form of an element's own attribute is an error (ZL0206).
enum FamilyKnowledge {
  /// One attribute (or JSON key): its name, what it holds, and what it means.
  struct Attribute: Equatable {
    var name: String
    var detail: String?
    var summary: String
  }

  /// The element an XML element's name stands for: `<ListComponent>` is a `Component`, `<Footer>`
  /// a `Header`.
  static func canonical(_ name: String) -> String { FamilyReader.canonicalTag(name) }

  /// The element name of a component type (`horizontal_list`: `HorizontalListComponent`), for a
  /// type the reader reads back from it; nil for another (`group-qb`).
  static func elementName(ofType type: String) -> String? {
    guard !type.isEmpty, type.allSatisfy({ ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "_" }),
      type.first?.isLetter == true, !type.contains("__"), !type.hasSuffix("_")
    else { return nil }
    let words = type.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }
    guard words.allSatisfy({ $0.first?.isLetter == true }) else { return nil }
    return words.joined() + "Component"
  }

  /// The elements an XML element holds (the root's: `Family`), wrappers first.
  static func childElements(of parent: String?, componentTypes: [String]) -> [String] {
    let components = ["Component"] + componentTypes.compactMap(elementName(ofType:))
    guard let parent else { return ["Family"] }
    switch parent {
    case "Family": return ["Screens", "Components", "Headers", "Footers", "Responsive", "Screen"] + components + ["Header", "Footer"]
    case "Screens": return ["Screen"]
    case "Components": return components
    case "Cells": return ["Cell"]
    case "Layouts": return ["Layout"]
    case "Headers": return ["Header"]
    case "Footers": return ["Footer"]
    case "Elements": return ["Element"]
    default: break
    }
    switch canonical(parent) {
    case "Component": return ["Screens", "Cells", "Layouts", "Screen", "Cell", "Layout"]
    case "Cell": return ["Screens", "Elements", "DisplayRules", "Screen", "Element"]
    case "Layout", "Header": return ["Screens", "Screen"]
    default: return []
    }
  }

  /// What an element of the family format is, for a completion's documentation.
  static let elementSummaries: [String: String] = [
    "Family": "The family: its name, version and showBottomPadding, and its screens, components, headers and footers.",
    "Screens": "The values per device class, size class or state: `<Screen type=\"…\">` entries.",
    "Screen": "The values for the windows its `type` names: a device class, a size class or a window state.",
    "Components": "The component styles: one per component type.",
    "Component": "The style of the component type its `type` names: its values, cells and named layouts.",
    "Cells": "The component's cell styles.",
    "Cell": "A cell style a screen picks with styles.cell_styles: its layoutId and its values.",
    "Layouts": "The component's named layouts.",
    "Layout": "A named layout a screen picks with styles.layout: its kind and its values.",
    "Headers": "The section header styles.",
    "Header": "A section header style: its name and height.",
    "Footers": "The section footer styles.",
    "Footer": "A section footer style: its name and height.",
    "Responsive": "The family's responsive column rule: standardWidth and scale.",
    "Elements": "The elements inside the cell, in order.",
    "Element": "An element inside the cell: display, widthRatio, widthHeightRatio and margin.",
    "DisplayRules": "The cell's display rules, passed to clients as written.",
    "DisplayRule": "A display rule: the views of the cell its `type` of item shows or hides (or those of the rule `copyOf` names).",
    "View": "A view of the cell a display rule shows or hides: its `name`, `visibility` and `drawable`, passed to clients as written.",
  ]

  /// The `zlc schema family` definition of an element (nil: the family itself).
  private static let definitions: [String: String] = [
    "Screen": "screen", "Component": "component", "Cell": "cell", "Layout": "layout", "Header": "header", "Responsive": "responsive",
  ]

  /// Each element's keys and their descriptions in `zlc schema family`, in its order.
  private static let schemaKeys: [String: [(key: String, summary: String)]] = {
    let schema = FamilySchema.json
    func keys(_ definition: JSON?) -> [(key: String, summary: String)] {
      guard case .object(let members)? = definition?["properties"] else { return [] }
      return members.map { ($0.0, $0.1["description"]?.stringValue ?? "") }
    }
    var table = ["Family": keys(schema)]
    for (element, name) in definitions { table[element] = keys(schema["definitions"]?[name]) }
    return table
  }()

  /// What the XML format alone names: a typed component's `name`, and an `<Element>`'s attributes.
  private static let xmlSummaries: [String: [String: String]] = [
    "Family": [
      "name": "The family's name, which screens and components name in `styles.family`.",
      "version": "The family format's version, as written (`1.0` in the published family).",
      "showBottomPadding":
        "`true` or `false`: whether clients add padding below a screen's last section (`resolved.show_bottom_padding`).",
    ],
    "DisplayRule": [
      "type": "The type of item the rule applies to, compared exactly (`GENERIC`: the rule others take with `isGeneric`).",
      "copyOf": "The type of another rule of the cell whose views this one takes.",
      "isGeneric": "`true` or `false` in any case: whether the rule takes the `GENERIC` rule's views too.",
    ],
    "View": [
      "name": "The view of the cell the rule shows or hides, compared exactly.",
      "visibility": "`VISIBLE`, `INVISIBLE` or `GONE`, in any case.",
      "drawable": "The drawable the view shows, passed to clients as written.",
      "isNull": "`true` or `false` in any case, passed to clients as written.",
      "isTransparent": "`true` or `false` in any case, passed to clients as written.",
    ],
    "Component": [
      "name":
        "The component type it styles, in lower case (`<ListComponent name=\"LIST\">` styles `list`); without it, the type the element is named for."
    ],
    "Element": [
      "display":
        "`inline` (the default): beside the inline element before it, on a new line when it does not fit; `block`: a line of its own, the full width.",
      "widthRatio": "An inline element's share of the cell's width (1 when absent).",
      "widthHeightRatio": "The box's width ÷ height, from 0.01 to 100 (a box without one is 0 high).",
      "margin":
        "The space inside the box around its content: four numbers, top, left, bottom, right, separated by commas or spaces; each from 0 to 10,000.",
    ],
  ]

  /// The element whose metrics a `<Screen>` entry gives: the element it stands in (past `<Screens>`).
  static func owner(ofScreenIn parents: [String]) -> FamilyReader.MetricOwner {
    switch parents.last(where: { $0 != "Screens" }).map(canonical) {
    case "Family"?: return .family
    case "Header"?: return .header
    default: return .cell
    }
  }

  /// The metrics an element of `owner` reads, in `FamilyVocabulary`'s order.
  private static func metrics(_ owner: FamilyReader.MetricOwner) -> [Attribute] {
    FamilyVocabulary.metrics.filter { owner.takes($0.name) }.map {
      Attribute(name: $0.name, detail: describe($0.kind), summary: $0.summary)
    }
  }

  static func describe(_ kind: FamilyVocabulary.ValueKind) -> String {
    switch kind {
    case .number: "number"
    case .wholeNumber: "whole number"
    case .boolean: "true or false"
    }
  }

  /// The attributes of an XML element written `element` (its own, then the metrics it reads);
  /// `parents`: the elements open around it, for a `<Screen>`'s.
  static func xmlAttributes(of element: String, parents: [String]) -> [Attribute] {
    let element = element == "Footer" ? "Header" : element
    let tag = canonical(element)
    func own(_ names: [String]) -> [Attribute] {
      names.map { name in
        let summary = xmlSummaries[tag]?[name] ?? schemaKeys[tag]?.first { $0.key == name }?.summary ?? ""
        return Attribute(name: name, detail: nil, summary: summary)
      }
    }
    switch tag {
    case "Family": return own(["name", "version", "showBottomPadding"])
    case "Responsive": return own(["standardWidth", "scale"])
    case "Component": return own([element == "Component" ? "type" : "name", "layout", "scale"]) + metrics(.cell)
    case "Cell": return own(["name", "layoutId", "layout"]) + metrics(.cell)
    case "Layout": return own(["name", "kind"]) + metrics(.cell)
    case "Header": return own(["name"]) + metrics(.header)
    case "Screen": return own(["type"]) + metrics(owner(ofScreenIn: parents))
    case "Element": return own(["display", "widthRatio", "widthHeightRatio", "margin"])
    default: return []
    }
  }

  /// The attributes of a display rule's elements, which are passed to clients as written: hover
  /// tells what they mean; completion does not offer them (they are checked, not completed).
  static func displayRuleAttributes(of element: String) -> [Attribute] {
    guard element == "DisplayRule" || element == "View", let summaries = xmlSummaries[element] else { return [] }
    let order = element == "View" ? ["name", "visibility", "drawable", "isNull", "isTransparent"] : ["type", "copyOf", "isGeneric"]
    return order.map { Attribute(name: $0, detail: nil, summary: summaries[$0] ?? "") }
  }

  /// The keys of a JSON family object of `element` (`Family`, `Screen`, `Component`, …), with
  /// `owner` the metrics a screen entry reads.
  static func jsonKeys(of element: String, owner: FamilyReader.MetricOwner = .cell) -> [Attribute] {
    // The family's own `responsive` is its rule, an object, not a screen entry's metric.
    let metricNames = ["Family", "Responsive"].contains(element) ? [] : Set(FamilyVocabulary.metrics.map(\.name))
    let own = (schemaKeys[element] ?? []).filter { !metricNames.contains($0.key) && $0.key != "$schema" }.map {
      Attribute(name: $0.key, detail: nil, summary: $0.summary)
    }
    switch element {
    case "Element": return jsonElementKeys + [Attribute(name: "style", detail: nil, summary: jsonElementStyleSummary)]
    case "ElementStyle": return jsonElementKeys
    case "CardStyle": return cardStyleKeys
    case "Family", "Responsive": return own
    case "Header": return own + metrics(.header)
    case "Screen": return own + metrics(owner)
    default: return own + metrics(.cell)
    }
  }

  /// The keys of a JSON cell's element (or of its `style`) that place it, as `<Element>`'s
  /// attributes do in XML.
  private static let jsonElementKeys: [Attribute] = [
    Attribute(name: "display", detail: nil, summary: xmlSummaries["Element"]?["display"] ?? ""),
    Attribute(name: "width_ratio", detail: nil, summary: xmlSummaries["Element"]?["widthRatio"] ?? ""),
    Attribute(name: "width_height_ratio", detail: nil, summary: xmlSummaries["Element"]?["widthHeightRatio"] ?? ""),
    Attribute(
      name: "margin", detail: nil,
      summary:
        "The space inside the box around its content: four numbers (top, left, bottom, right), or an object of `top`, `left`, `bottom` and `right` (a side left out is 0); each from 0 to 10,000."
    ),
  ]

  /// The keys of a JSON cell's `style`: how its card is drawn around its elements (`CardStyle`).
  private static let cardStyleKeys: [Attribute] = [
    Attribute(
      name: "backgroundColor", detail: nil,
      summary: "The card's background: `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first, as Zapp's colours)."),
    Attribute(
      name: "cornerRadius", detail: nil, summary: "The radius of its corners, from 0 to 10,000 points (a number or a string holding one)."),
    Attribute(
      name: "margin", detail: nil,
      summary:
        "The space around the card: four numbers (top, left, bottom, right), or an object of `top`, `left`, `bottom` and `right` (a side left out is 0); each from 0 to 10,000."
    ),
    Attribute(
      name: "backgroundImage", detail: nil,
      summary: "The card's background image: an absolute `http` or `https` URL, drawn over the background colour and under the elements."),
    Attribute(
      name: "shadowColor", detail: nil,
      summary: "The colour of the card's shadow: `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first); its alpha is the shadow's opacity."),
    Attribute(
      name: "shadowRadius", detail: nil,
      summary: "The blur radius of the card's shadow, from 0 to 10,000 points (a number or a string holding one); needs a `shadowColor`."),
    Attribute(
      name: "shadowOffset", detail: nil,
      summary:
        "How far the card's shadow is moved: two numbers `[x, y]`, or an object of `x` and `y` (an axis left out is 0); each from -10,000 to 10,000; needs a `shadowColor`."
    ),
  ]

  private static let jsonElementStyleSummary =
    "The keys that place the element (display, width_ratio, width_height_ratio, margin), over the element's own."

  /// The words an attribute of `element` takes, when it takes one of a list; `sizeClasses`: the
  /// project's, which a screen entry's `type` may name; `componentTypes` a component's `type`.
  static func values(of attribute: String, on element: String, sizeClasses: [String], componentTypes: [String]) -> [String] {
    switch (canonical(element), attribute) {
    case ("Screen", "type"): return FamilyVocabulary.screenTypes + sizeClasses + ScreenState.knownWords
    case ("Component", "layout"), ("Layout", "kind"): return LayoutKind.knownWords
    case ("Component", "type"): return componentTypes
    case ("Cell", "layout"): return ElementLayoutKind.knownWords
    case ("Family", "showBottomPadding"), (_, "responsive"): return ["true", "false"]
    case ("Element", "display"), ("ElementStyle", "display"): return ["inline", "block"]
    default: return []
    }
  }
}
