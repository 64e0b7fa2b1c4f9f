import Foundation

/// Why a JSON family could not be read, with the JSON path of the value.
public struct FamilyDecodingError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var message: String
  public var description: String { "\(path.isEmpty ? "family" : path): \(message)" }
}

extension Family {
  /// Reads a JSON family (the format of `families/*.json`, e.g. the built-in FAMILY_2.json) with
  /// the runtime's own types, so a client can lay out with a family it downloads. Numbers may be
  /// strings holding them; the Android words (`padding`, `paddingSide`, `paddingTopBottom`,
  /// `divider`) map onto the flow vocabulary as in zlc. zlc checks families; this reader only
  /// throws when the structure is not a family's.
  public init(jsonFamily data: Data) throws {
    let root = try JSON.parse(data)
    guard let members = root.objectValue else { throw FamilyDecodingError(path: "", message: "expected an object") }
    let r = FamilyObject(members: members, path: "")
    guard let name = r.string("name"), !name.isEmpty else { throw FamilyDecodingError(path: "name", message: "missing") }
    self.init(name: name)
    version = r.string("version")
    showBottomPadding = r.bool("showBottomPadding")
    if let rule = r.object("responsive"), let standard = rule.number("standardWidth") {
      responsive = ResponsiveRule(standardWidth: standard, scale: rule.number("scale") ?? 1)
    }
    screens = try r.leveled(base: [])
    // The types read so far: the first style of a type wins, found without a scan of the others.
    var types: Set<String> = []
    for component in try r.objects("components") {
      guard let type = component.string("type") ?? component.string("name"), !type.isEmpty else { continue }
      let lower = type.lowercased()
      guard types.insert(lower).inserted else { continue }
      var style = ComponentStyle(type: lower)
      if let kind = component.string("layout").flatMap(LayoutKind.init(knownWord:)) { style.layout = kind }
      style.metrics = try component.leveled(base: component.members)
      style.scale = component.number(Metrics.scaleName)
      var cellNames: Set<String> = []
      for cell in try component.objects("cells") {
        guard let cellName = cell.string("name"), !cellName.isEmpty, cellNames.insert(cellName).inserted else { continue }
        var attributes: [String: String] = [:]
        var typed: [String: PassThrough] = [:]
        let card = cell.member("style").flatMap { $0.objectValue == nil ? nil : CardStyle(json: $0) }
        for (key, value) in cell.members
        where !Self.metricKeys.contains(key) && !["name", "layoutId", "screens", "displayRules", "elements"].contains(key)
          && !(key == "style" && card != nil)
        {
          attributes[key] = Self.attributeText(value)
          if value.stringValue == nil, !value.isNull { typed[key] = PassThrough(value) }
        }
        let elements = (cell.member("elements")?.arrayValue ?? []).map(ElementStyle.init(familyElement:))
        // A cell's `layout` places its elements; a value that names no kind (another reader's
        // mapping, or a mistake zlc reports) leaves them flowing.
        let elementLayout = elements.isEmpty ? nil : cell.member("layout").flatMap { ElementLayoutKind(cardLayout: Self.attributeText($0)) }
        // An empty `layoutId` names no layout a client could draw with (zlc reports it): none.
        style.cells.append(
          CellStyle(
            name: cellName, layoutID: cell.string("layoutId").flatMap { $0.contains { !$0.isWhitespace } ? $0 : nil },
            metrics: try cell.leveled(base: cell.members), attributes: attributes,
            displayRules: cell.member("displayRules").map(PassThrough.init), typedAttributes: typed, elements: elements,
            elementLayout: elementLayout ?? .flow, cardStyle: card?.isEmpty == false ? card : nil))
      }
      for layout in try component.objects("layouts") {
        guard let layoutName = layout.string("name"), let kind = layout.string("kind").flatMap(LayoutKind.init(knownWord:)) else {
          continue
        }
        style.layouts.append(NamedLayout(name: layoutName, kind: kind, metrics: try layout.leveled(base: layout.members)))
      }
      components.append(style)
    }
    // Footer styles are header styles by another name: they share their names.
    for header in try r.objects("headers") + r.objects("footers") {
      guard let headerName = header.string("name") else { continue }
      headers.append(HeaderStyle(name: headerName, metrics: try header.leveled(base: header.members)))
    }
  }

  /// An attribute's text as zlc's family reader keeps it: strings as they are, numbers as written,
  /// booleans as `true`/`false`, arrays and objects as `[]` and `{}` (their values are in
  /// `typedAttributes`).
  static func attributeText(_ value: JSON) -> String {
    switch value {
    case .string(let s): return s
    case .number(let text): return text
    case .bool(let b): return b ? "true" : "false"
    case .array: return "[]"
    case .object: return "{}"
    case .null: return ""
    }
  }

  /// The keys of the arithmetic (flow and Android vocabulary).
  static let metricKeys: Set<String> = Set(FamilyVocabulary.metrics.map(\.name))
}

/// The members of one object of a JSON family.
struct FamilyObject {
  let members: [(String, JSON)]
  let path: String

  func member(_ key: String) -> JSON? {
    guard let value = members.first(where: { $0.0 == key })?.1, !value.isNull else { return nil }
    return value
  }
  func string(_ key: String) -> String? { member(key)?.stringValue }
  func bool(_ key: String) -> Bool? {
    member(key)?.boolValue ?? member(key)?.stringValue.flatMap { $0 == "true" ? true : $0 == "false" ? false : nil }
  }
  /// The number of a family key, left out (as zlc's reader leaves it out) when it is not one zlc
  /// lays out with (`Metrics.accepts`): a downloaded family with `columns: 1e300` lays out as one
  /// without it, instead of trapping.
  func number(_ key: String) -> Double? {
    guard let value = member(key) else { return nil }
    // A count written as text with spaces, a plus sign, leading zeros, a decimal point or an
    // exponent is not read, as zlc does not read it.
    if key == "columns" || key == "smallItems", let text = value.stringValue, wholeNumberDigitsFix(text) != nil { return nil }
    let n = value.doubleValue ?? value.stringValue.flatMap(decimalNumber)
    return n.flatMap { $0.isFinite && Metrics.accepts(key, $0) ? $0 : nil }
  }
  func object(_ key: String) -> FamilyObject? { member(key)?.objectValue.map { FamilyObject(members: $0, path: path + "." + key) } }

  func objects(_ key: String) throws -> [FamilyObject] {
    // "" is no list, as a builder writes it (zlc reads it so).
    guard let value = member(key), value.stringValue != "" else { return [] }
    guard let items = value.arrayValue else { throw FamilyDecodingError(path: path + "." + key, message: "expected an array") }
    return items.enumerated().compactMap { i, item in item.objectValue.map { FamilyObject(members: $0, path: "\(path).\(key)[\(i)]") } }
  }

  /// The metrics of this object's own keys (`base`), then each `screens` entry by its `type`: a
  /// device class, a window state, else a size class.
  func leveled(base: [(String, JSON)]) throws -> LeveledMetrics {
    var result = LeveledMetrics(base: FamilyObject(members: base, path: path).metrics())
    for screen in try objects("screens") {
      guard let type = screen.string("type"), !type.isEmpty else { continue }
      if let selector = ClassSelector(alias: type) {
        result.byClass[selector] = screen.metrics()
      } else if let state = ScreenState(knownWord: type) {
        result.byState[state] = screen.metrics()
      } else {
        result.bySizeClass[type] = screen.metrics()
      }
    }
    return result
  }

  /// The flow metrics of this object's keys, the Android words mapped as zlc maps them.
  func metrics() -> Metrics {
    var m = Metrics()
    m.insetLeft = number("insetLeft") ?? number("paddingSide") ?? number("padding")
    m.insetRight = number("insetRight") ?? number("paddingSide") ?? number("padding")
    m.insetTop = number("insetTop") ?? number("paddingTopBottom")
    m.insetBottom = number("insetBottom") ?? number("paddingTopBottom")
    m.interItemSpacing = number("interItemSpacing") ?? number("divider")
    m.lineSpacing = number("lineSpacing") ?? number("divider")
    m.columns = number("columns").map { Int($0) }
    m.aspectCellRatio = number("aspectCellRatio")
    m.cellWidth = number("cellWidth")
    m.cellHeight = number("cellHeight")
    m.innerSpacing = number("innerSpacing")
    m.designWidth = number("designWidth")
    m.designScreenWidth = number("designScreenWidth")
    m.widthRatio = number("widthRatio")
    m.smallItems = number("smallItems").map { Int($0) }
    m.height = number("height")
    m.responsive = bool("responsive")
    return m
  }
}

extension PassThrough {
  /// A JSON value as a pass-through tree; numbers keep their text.
  init(_ json: JSON) {
    switch json {
    case .null: self = .null
    case .bool(let b): self = .bool(b)
    case .number(let text): self = .number(text)
    case .string(let s): self = .string(s)
    case .array(let items): self = .array(items.map(PassThrough.init))
    case .object(let members): self = .object(members.map { PassThroughMember(key: $0.0, value: PassThrough($0.1)) })
    }
  }
}
