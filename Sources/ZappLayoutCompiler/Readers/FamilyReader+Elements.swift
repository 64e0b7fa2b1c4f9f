import ZappLayout

/// The elements inside a family cell: a JSON cell's `elements` (each an object holding `display`,
/// `width_ratio`, `width_height_ratio` and `margin`, or holding them in its `style`), or an XML
/// cell's `<Element>` children (`display`, `widthRatio`, `widthHeightRatio`, `margin` as four
/// numbers separated by commas or spaces: top, left, bottom, right).
extension FamilyReader {
  /// The cell's elements in order, each value checked as it is read.
  static func cellElements(_ cell: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]) -> [ElementStyle] {
    if let list = cell.rawMembers["elements"] {
      return jsonElements(list, pointer: (cell.spot.pointer ?? "") + "/elements", diagnostics: &diagnostics)
    }
    if let written = cell.attribute("elements") {
      diagnostics.append(Diagnostic(.wrongType, "'elements' holds an array of elements", at: written.spot))
    }
    return cell.children.filter { $0.tag == "Element" }.map { xmlElement($0, diagnostics: &diagnostics, strays: &strays) }
  }

  /// A JSON cell's `style`: how its cards are drawn, each value checked as it is read (ZL0417), and
  /// each key that is not a card style's a stray (a near miss is ZL0206, another key ZL0204).
  static func cellCardStyle(_ cell: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]) -> CardStyle? {
    guard let style = cell.rawMembers["style"] else { return nil }
    for (message, value) in InvalidCardStyleRule.problems(in: style) {
      diagnostics.append(Diagnostic(.invalidCardStyle, message, at: value.spot))
    }
    for (key, _) in style.members where !CardStyle.keys.contains(key.string ?? "") {
      strays.append(FamilyStray(kind: .attribute(name: key.string ?? "", element: "style", allowed: CardStyle.keys), spot: key.spot))
    }
    let card = CardStyle(json: JSON(style))
    return card.isEmpty ? nil : card
  }

  private static func jsonElements(_ list: JSONValue, pointer: String, diagnostics: inout [Diagnostic]) -> [ElementStyle] {
    var elements: [ElementStyle] = []
    for (i, entry) in list.elements.enumerated() {
      let entryPointer = "\(pointer)/\(i)"
      guard entry.kind == .object else {
        diagnostics.append(
          Diagnostic(
            .wrongType, "'elements' holds objects, found \(entry.kind.article)",
            at: SourceSpot(file: entry.file, offset: entry.offset, pointer: entryPointer)))
        continue
      }
      var style = entry
      var stylePointer = entryPointer
      if let inner = entry["style"], inner.kind == .object {
        style = inner
        stylePointer += "/style"
      }
      for (key, value) in style.members {
        let name = key.string ?? ""
        let spot = SourceSpot(file: value.file, offset: value.offset, pointer: stylePointer + "/" + escapePointer(name))
        switch name {
        case "display":
          if value.string != "inline", value.string != "block" {
            diagnostics.append(Diagnostic(.invalidValue, "'display' is \"inline\" or \"block\"", at: spot))
          }
        case "width_ratio", "width_height_ratio":
          guard let v = number(value) else {
            diagnostics.append(Diagnostic(.wrongType, "'\(name)' takes a number", at: spot))
            continue
          }
          if let problem = rangeProblem(name, v) { diagnostics.append(Diagnostic(.invalidValue, problem, at: spot)) }
        case "margin":
          let sides = value.kind == .array ? value.elements : value.members.map(\.value)
          if value.kind == .array, value.elements.count != 4 {
            diagnostics.append(Diagnostic(.invalidValue, "'margin' holds four values: top, left, bottom, right", at: spot))
          } else if !(value.kind == .array || value.kind == .object) || sides.contains(where: { number($0) == nil })
            || (value.kind == .object && !value.members.allSatisfy { Insets.sideKeys.contains($0.key.string ?? "") })
          {
            diagnostics.append(
              Diagnostic(.wrongType, "'margin' takes four numbers (top, left, bottom, right) or an object of sides", at: spot))
          } else if let problem = sides.lazy.compactMap({ self.number($0).flatMap { rangeProblem("margin", $0) } }).first {
            diagnostics.append(Diagnostic(.invalidValue, problem, at: spot))
          }
        default: continue
        }
      }
      elements.append(ElementStyle(familyElement: JSON(entry)))
    }
    return elements
  }

  /// What is wrong with a value in range of its type: a `width_ratio` is a share (above 0, at most
  /// 1), a `width_height_ratio` from 0.01 to 100 (as `aspectCellRatio`), a margin from 0 to the
  /// longest length a family takes (10,000 points): so every frame is a finite size.
  static func rangeProblem(_ name: String, _ v: Double) -> String? {
    switch name {
    case "width_ratio", "widthRatio":
      return v > 0 && v <= 1
        ? nil : "'\(name)' is a share of the cell's width: above 0 and at most 1, found \(JSON.exact(v).encodedString(pretty: false))"
    case "width_height_ratio", "widthHeightRatio":
      return v >= 0.01 && v <= 100
        ? nil : "'\(name)' is a width ÷ height from 0.01 to 100, found \(JSON.exact(v).encodedString(pretty: false))"
    default:
      return v >= 0 && v <= Metrics.maxLength
        ? nil : "'\(name)' values are from 0 to 10,000, found \(JSON.exact(v).encodedString(pretty: false))"
    }
  }

  /// A JSON number, or a string holding a finite one.
  private static func number(_ value: JSONValue) -> Double? {
    let text = value.kind == .number ? value.numberText : value.kind == .string ? value.string : nil
    guard let v = text.flatMap({ Double($0.trimmingSpaces) }), v.isFinite else { return nil }
    return v
  }

  private static let xmlNames = ["display": "display", "widthRatio": "width_ratio", "widthHeightRatio": "width_height_ratio"]

  private static func xmlElement(_ node: FamilyNode, diagnostics: inout [Diagnostic], strays: inout [FamilyStray]) -> ElementStyle {
    var members: [(String, JSON)] = []
    for a in node.attributes {
      switch a.name {
      case "display":
        if a.value != "inline", a.value != "block" {
          diagnostics.append(Diagnostic(.invalidValue, "'display' is \"inline\" or \"block\"", at: a.spot))
        }
        members.append(("display", .string(a.value)))
      case "widthRatio", "widthHeightRatio":
        guard let v = Double(a.value.trimmingSpaces), v.isFinite else {
          diagnostics.append(Diagnostic(.wrongType, "'\(a.name)' takes a number, found '\(shortValue(a.value))'", at: a.spot))
          continue
        }
        if let problem = rangeProblem(a.name, v) { diagnostics.append(Diagnostic(.invalidValue, problem, at: a.spot)) }
        members.append((xmlNames[a.name] ?? a.name, .exact(v)))
      case "margin":
        let parts = a.value.split { $0 == "," || $0 == " " }.map { Double(String($0)) }
        guard parts.count == 4, parts.allSatisfy({ $0?.isFinite == true }) else {
          diagnostics.append(
            Diagnostic(.wrongType, "'margin' takes four numbers (top, left, bottom, right), found '\(shortValue(a.value))'", at: a.spot))
          continue
        }
        if let problem = parts.lazy.compactMap({ $0.flatMap { rangeProblem("margin", $0) } }).first {
          diagnostics.append(Diagnostic(.invalidValue, problem, at: a.spot))
        }
        members.append(("margin", .array(parts.map { .exact($0 ?? 0) })))
      default:
        // An attribute an element does not take, reported with the closest known name.
        strays.append(
          FamilyStray(
            kind: .attribute(name: a.name, element: "Element", allowed: ["display", "widthRatio", "widthHeightRatio", "margin"]),
            spot: a.nameSpot))
      }
    }
    return ElementStyle(json: .object(members))
  }
}
