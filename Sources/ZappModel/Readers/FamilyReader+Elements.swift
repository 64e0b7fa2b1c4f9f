import ZappDiagnostics
import ZappLayout

/// The elements inside a family cell: a JSON cell's `elements` (each an object holding `display`,
/// `width_ratio`, `width_height_ratio` and `margin`, or holding them in its `style`), or an XML
/// cell's `<Element>` children (`display`, `widthRatio`, `widthHeightRatio`, `margin` as four
/// numbers separated by commas or spaces: top, left, bottom, right).
extension FamilyReader {
  /// `cell` with its card read from `node`: its elements, how they are placed (its `layout`, when
  /// it has elements) and its style. A `layout` that names a kind places the elements; a number
  /// that is none of the codes, or a near miss of a kind's word (`FLOW`, `waterfal`), is ZL0203
  /// where it stands, and the cell keeps it as an unknown kind (its elements flow); any other value
  /// is another reader's (Android's layout mapping, `TAB_01`), and the elements flow.
  package static func withCard(
    _ cell: CellStyle, of node: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]
  ) -> CellStyle {
    var cell = cell
    cell.elements = cellElements(node, diagnostics: &diagnostics, strays: &strays)
    if let layout = node.attribute("layout"), let typed = node.typedValues["layout"]?.kind, typed != .number {
      // `[3]`, `true` or `{}`: no kind, nor another reader's word.
      diagnostics.append(WrongTypeRule.Message.mustBe("'layout'", "a number or a string", found: typed).diagnostic(at: layout.spot))
    } else if !cell.elements.isEmpty, let layout = node.attribute("layout") {
      if let kind = ElementLayoutKind(cardLayout: layout.value) {
        cell.elementLayout = kind
      } else if let problem = cardLayoutProblem(layout.value, at: layout.spot) {
        diagnostics.append(problem)
        cell.elementLayout = .unknown(layout.value)
      }
    }
    cell.cardStyle = cellCardStyle(node, diagnostics: &diagnostics, strays: &strays)
    return cell
  }

  /// ZL0203 for a card's `layout` that names no kind but is meant as one: a number, or a near miss
  /// of a kind's word (with the word as its fix); nil for any other value.
  package static func cardLayoutProblem(_ value: String, at spot: SourceSpot) -> Diagnostic? {
    let text = value.trimmingSpaces
    let message = InvalidValueRule.Message.elementLayout(found: value)
    if decimalNumber(text) != nil { return message.diagnostic(at: spot) }
    guard let fix = FixIt.didYouMean(for: text, among: ElementLayoutKind.knownWords, at: spot) else { return nil }
    return message.diagnostic(at: spot, fixIt: fix)
  }

  /// An element's `display` other than `inline` or `block`, with the nearer word as its fix when
  /// the value (a string) is a near miss of one (`blok`, `Inline`).
  private static func displayProblem(_ value: String?, at spot: SourceSpot) -> Diagnostic {
    let fix = value.flatMap { FixIt.didYouMean(for: $0.trimmingSpaces, among: ["inline", "block"], at: spot) }
    return InvalidValueRule.Message.display(found: value).diagnostic(at: spot, fixIt: fix)
  }

  /// The cell's elements in order, each value checked as it is read.
  package static func cellElements(_ cell: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]) -> [ElementStyle] {
    if let list = cell.rawMembers["elements"] {
      return jsonElements(list, pointer: (cell.spot.pointer ?? "") + "/elements", diagnostics: &diagnostics, strays: &strays)
    }
    if let written = cell.attribute("elements") {
      diagnostics.append(WrongTypeRule.Message.elementsNotAnArray.diagnostic(at: written.spot))
    }
    return cell.children.filter { $0.tag == "Element" }.map { xmlElement($0, diagnostics: &diagnostics, strays: &strays) }
  }

  /// A JSON cell's `style`: how its cards are drawn, each value checked as it is read (ZL0417), and
  /// each key that is not a card style's a stray (a near miss is ZL0206, another key ZL0204).
  package static func cellCardStyle(_ cell: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]) -> CardStyle? {
    guard let style = cell.rawMembers["style"] else { return nil }
    for (message, value) in InvalidCardStyleRule.problems(in: style) {
      diagnostics.append(Diagnostic(.invalidCardStyle, message, at: value.spot))
    }
    let taken = style.members.map { $0.key.string ?? "" }  // once, not per stray
    for (key, _) in style.members where !CardStyle.keys.contains(key.string ?? "") {
      strays.append(
        FamilyStray(kind: .attribute(name: key.string ?? "", element: "style", allowed: CardStyle.keys), spot: key.spot, taken: taken))
    }
    let card = CardStyle(json: JSON(style))
    return card.isEmpty ? nil : card
  }

  /// The key of a JSON family's element that holds an object, by the element's tag: "" or null is
  /// none, and another type (`"style": 7`) is ZL0202, as it would drop what the object says; a
  /// cell's `style` that is a string names a client style and passes through, as in XML.
  static let objectKeys = ["Component": "sizeClassMapping", "Family": "responsive", "Cell": "style"]

  /// The keys of a JSON element (or of its `style`) that place it.
  private static let jsonElementKeys = ["display", "width_ratio", "width_height_ratio", "margin"]

  /// A key near one of `known` (a misspelling) is a stray, ZL0206's; a key far from all is the
  /// client's, as the card JSON's other keys are, and passes silently. So is a key that carries on
  /// from a known one in camel or snake case (`marginTop`, `margin_end`, `displayMode`): a style
  /// key of the card's own, not a misspelling.
  /// On an element without a proportion (`unproportioned`), a key naming one another way
  /// (`aspect_ratio`, `heightRatio`) is a stray too: the box is 0 high.
  private static func nearMiss(
    _ key: JSONValue, of known: [String], taken: [String], unproportioned: Bool = false, strays: inout [FamilyStray]
  ) {
    let name = key.string ?? ""
    guard !known.contains(name) else { return }
    guard closestMatch(to: name, in: known) != nil else {
      if unproportioned, MisspelledKeyRule.elementRatio(name, allowed: known) != nil {
        strays.append(FamilyStray(kind: .attribute(name: name, element: "Element", allowed: known), spot: key.spot, taken: taken))
      }
      return
    }
    let extendsKnown = known.contains { known in
      name.hasPrefix(known) && name.dropFirst(known.count).first.map { $0.isUppercase || $0 == "_" } == true
    }
    if extendsKnown { return }
    strays.append(
      FamilyStray(
        kind: .attribute(name: name, element: "Element", allowed: known), spot: key.spot, taken: taken))
  }

  private static func jsonElements(
    _ list: JSONValue, pointer: String, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]
  ) -> [ElementStyle] {
    var elements: [ElementStyle] = []
    for (i, entry) in list.elements.enumerated() {
      let entryPointer = "\(pointer)/\(i)"
      guard entry.kind == .object else {
        diagnostics.append(
          WrongTypeRule.Message.holdsObjects("elements", found: entry.kind).diagnostic(
            at: SourceSpot(file: entry.file, offset: entry.offset, pointer: entryPointer)))
        continue
      }
      let style = entry["style"].flatMap { $0.kind == .object ? $0 : nil }
      if let written = entry["style"], written.kind != .object, written.kind != .null, written.string != "" {
        let spot = SourceSpot(file: written.file, offset: written.offset, pointer: entryPointer + "/style")
        diagnostics.append(WrongTypeRule.Message.mustBe("'style'", "an object", found: written.kind).diagnostic(at: spot))
      }
      // A misspelled `style` holding the element's keys would leave them unread. Beside a
      // `style`, another key near it is the client's (`styles`), but one of other case (`Style`)
      // is a misspelling: clients read `style` alone.
      let objects = entry.members.filter { member in
        guard member.value.kind == .object, let key = member.key.string, key != "style" else { return false }
        return style == nil || key.lowercased() == "style"
      }
      let taken = objects.isEmpty ? [] : entry.members.map { $0.key.string ?? "" }
      for (key, _) in objects { nearMiss(key, of: ["style"], taken: taken, strays: &strays) }
      // The entry's own keys place it, and its style's go over them.
      let unproportioned = entry["width_height_ratio"] == nil && style?["width_height_ratio"] == nil
      checkElementKeys(
        of: entry, pointer: entryPointer, skipping: style == nil ? nil : "style", unproportioned: unproportioned,
        diagnostics: &diagnostics, strays: &strays)
      if let style {
        checkElementKeys(
          of: style, pointer: entryPointer + "/style", skipping: nil, unproportioned: unproportioned, diagnostics: &diagnostics,
          strays: &strays)
        diagnostics += overriddenKeys(of: entry, by: style)
      }
      elements.append(ElementStyle(familyElement: JSON(entry)))
    }
    return elements
  }

  /// Checks the keys that place an element, in `object` (an entry of `elements`, or its `style`);
  /// `unproportioned` when neither sets `width_height_ratio`.
  private static func checkElementKeys(
    of object: JSONValue, pointer: String, skipping skipped: String?, unproportioned: Bool, diagnostics: inout [Diagnostic],
    strays: inout [FamilyStray]
  ) {
    let taken = object.members.map { $0.key.string ?? "" }  // once, not per near miss
    for (key, value) in object.members where key.string != skipped {
      let name = key.string ?? ""
      let spot = SourceSpot(file: value.file, offset: value.offset, pointer: pointer + "/" + escapePointer(name))
      switch name {
      case "display":
        if value.string != "inline", value.string != "block" {
          diagnostics.append(displayProblem(value.string, at: spot))
        }
      case "width_ratio", "width_height_ratio":
        guard let v = number(value) else {
          let padded = value.kind == .string ? paddedNumber(name, value.string ?? "", at: spot) : nil
          diagnostics.append(padded ?? WrongTypeRule.Message.takesANumber(name).diagnostic(at: spot))
          continue
        }
        if let problem = InvalidValueRule.Message.elementValueOutOfRange(name, v) { diagnostics.append(problem.diagnostic(at: spot)) }
      case "margin":
        let sides = value.kind == .array ? value.elements : value.members.map(\.value)
        if value.kind == .array, value.elements.count != 4 {
          diagnostics.append(InvalidValueRule.Message.marginCount.diagnostic(at: spot))
        } else if !(value.kind == .array || value.kind == .object) {
          diagnostics.append(WrongTypeRule.Message.marginShape.diagnostic(at: spot))
        } else if let side = value.members.first(where: { !Insets.sideKeys.contains($0.key.string ?? "") })?.key {
          // A side of another name (`lft`): at its key, with the side it is near.
          let name = side.string ?? ""
          let free = Insets.sideKeys.filter { key in !value.members.contains { $0.key.string == key } }  // no side twice
          diagnostics.append(
            WrongTypeRule.Message.marginSide(name).diagnostic(at: side.spot, fixIt: .didYouMean(for: name, among: free, at: side.spot)))
        } else if let odd = sides.first(where: { number($0) == nil }) {
          // A value that is no number: at it.
          diagnostics.append(WrongTypeRule.Message.marginShape.diagnostic(at: odd.spot))
        } else if let problem = sides.lazy.compactMap({
          self.number($0).flatMap { InvalidValueRule.Message.elementValueOutOfRange("margin", $0) }
        }).first {
          diagnostics.append(problem.diagnostic(at: spot))
        }
      default:
        // A proportion named another way is taken as one only when it holds a number.
        nearMiss(key, of: jsonElementKeys, taken: taken, unproportioned: unproportioned && number(value) != nil, strays: &strays)
      }
    }
  }

  /// The keys an element's entry holds that its `style` sets too, to another value: the style's
  /// value places the element, and the entry's is lost (ZL0206, at the entry's key).
  private static func overriddenKeys(of entry: JSONValue, by style: JSONValue) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for (key, value) in entry.members {
      let name = key.string ?? ""
      guard jsonElementKeys.contains(name), let styled = style.members.first(where: { $0.key.string == name }) else { continue }
      let own = ElementStyle(json: .object([(name, JSON(value))]))
      guard own != ElementStyle(json: .object([(name, JSON(styled.value))])) else { continue }
      found.append(
        MisspelledKeyRule.Message.overriddenByStyle(name).diagnostic(
          at: key.spot, notes: [DiagnosticNote("the style sets it here", at: styled.key.spot)]))
    }
    return found
  }

  /// A JSON number, or a string holding a finite one.
  private static func number(_ value: JSONValue) -> Double? {
    let text = value.kind == .number ? value.numberText : value.kind == .string ? value.string : nil
    guard let v = text.flatMap(decimalNumber) else { return nil }
    return v
  }

  private static let xmlNames = ["display": "display", "widthRatio": "width_ratio", "widthHeightRatio": "width_height_ratio"]

  /// The numbers of an XML margin, separated by commas or spaces (`"0,0.75, 0.75 0"`); nil for an
  /// empty slot between commas (`"1,,2,3"`), which would move the numbers after it to other sides.
  private static func xmlMarginNumbers(_ text: String) -> [Double?] {
    text.split(separator: ",", omittingEmptySubsequences: false).flatMap { slot -> [Double?] in
      let numbers = slot.split(separator: " ")
      return numbers.isEmpty ? [nil] : numbers.map { decimalNumber(String($0)) }
    }
  }

  private static func xmlElement(_ node: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]) -> ElementStyle {
    // An element holds none: a child would be dropped unread.
    for child in node.children {
      strays.append(FamilyStray(kind: .element(name: child.writtenName, place: "in <Element>", expected: nil), spot: child.spot))
    }
    var members: [(String, JSON)] = []
    var attributes: [String: JSON] = [:]
    for a in node.attributes {
      switch a.name {
      case "display":
        if a.value != "inline", a.value != "block" {
          diagnostics.append(displayProblem(a.value, at: a.spot))
        }
        members.append(("display", .string(a.value)))
      case "widthRatio", "widthHeightRatio":
        guard let v = decimalNumber(a.value) else {
          diagnostics.append(notANumber(a))
          continue
        }
        if let problem = InvalidValueRule.Message.elementValueOutOfRange(a.name, v) { diagnostics.append(problem.diagnostic(at: a.spot)) }
        members.append((xmlNames[a.name] ?? a.name, .exact(v)))
      case "margin":
        let parts = xmlMarginNumbers(a.value)
        guard parts.count == 4, parts.allSatisfy({ $0?.isFinite == true }) else {
          diagnostics.append(WrongTypeRule.Message.marginNumbers(found: a.value).diagnostic(at: a.spot))
          continue
        }
        if let problem = parts.lazy.compactMap({ $0.flatMap { InvalidValueRule.Message.elementValueOutOfRange("margin", $0) } }).first {
          diagnostics.append(problem.diagnostic(at: a.spot))
        }
        members.append(("margin", .array(parts.map { .exact($0 ?? 0) })))
      default:
        // A near miss of a name that places the element is ZL0206's, with the closest known name,
        // as is a proportion named another way on an element without one (`heightRatio`); any
        // other attribute is the client's, passed through as a string.
        if isNearMiss(a.name, of: xmlElementNames)
          || (node.attribute("widthHeightRatio") == nil && decimalNumber(a.value.trimmingSpaces) != nil
            && MisspelledKeyRule.elementRatio(a.name, allowed: xmlElementNames) != nil)
        {
          strays.append(
            FamilyStray(kind: .attribute(name: a.name, element: "Element", allowed: xmlElementNames), spot: a.nameSpot))
        } else {
          attributes[a.name] = .string(a.value)
        }
      }
    }
    var element = ElementStyle(json: .object(members))
    element.attributes = attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    return element
  }

  /// The attributes that place an XML `<Element>`.
  private static let xmlElementNames = ["display", "widthRatio", "widthHeightRatio", "margin"]

  /// Whether `name` is a misspelling of one of `known` (a few edits from it, or behind a namespace
  /// prefix), rather than a name that carries on from one in camel or snake case (`marginTop`,
  /// `margin_end`, `displayMode`): such a name is the card's own.
  private static func isNearMiss(_ name: String, of known: [String]) -> Bool {
    guard !known.contains(name), MisspelledKeyRule.misspelledAttribute(name, allowed: known) != nil else { return false }
    return !known.contains { known in
      name.hasPrefix(known) && name.dropFirst(known.count).first.map { $0.isUppercase || $0 == "_" } == true
    }
  }
}
