/// Element-level layout: inside a card, each element takes a share of
/// the content width (`width_ratio`, inline elements flowing left to right and wrapping), or the
/// whole width (`display: block`); its height is its width ÷ `width_height_ratio`, and its content
/// is its box inset by its margins. Its other keys (`type`, `image`, `font_size`) are the client's,
/// carried in `attributes`.
public struct ElementStyle: Hashable, Sendable {
  /// Inline elements flow beside each other; a block element takes a line of its own.
  public enum Display: String, Codable, Hashable, Sendable { case inline, block }

  public var display: Display
  /// The share of the content width an inline element takes (1 when absent).
  public var widthRatio: Double?
  /// Width ÷ height of the element's box (a box without one is 0 high).
  public var widthHeightRatio: Double?
  /// Space inside the box around the content.
  public var margin: Insets
  /// The element's keys that do not place it, the client's own (`type`, `image`, `font_size`),
  /// sorted by name: a JSON family's with their JSON types, an XML family's as strings.
  public var attributes: [(String, JSON)]

  /// An element placed as given, with the client's `attributes` (none unless given).
  public init(
    display: Display = .inline, widthRatio: Double? = nil, widthHeightRatio: Double? = nil, margin: Insets = .zero,
    attributes: [(String, JSON)] = []
  ) {
    self.display = display
    self.widthRatio = widthRatio
    self.widthHeightRatio = widthHeightRatio
    self.margin = margin
    self.attributes = attributes
  }

  public static func == (lhs: ElementStyle, rhs: ElementStyle) -> Bool {
    lhs.display == rhs.display && lhs.widthRatio == rhs.widthRatio && lhs.widthHeightRatio == rhs.widthHeightRatio
      && lhs.margin == rhs.margin && JSON.object(lhs.attributes) == JSON.object(rhs.attributes)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(display)
    hasher.combine(widthRatio)
    hasher.combine(widthHeightRatio)
    hasher.combine(margin)
    hasher.combine(JSON.object(attributes))
  }

  /// Reads an element's `style` as card JSON writes it: `display`, `width_ratio`,
  /// `width_height_ratio`, and `margin` as four values (top, left, bottom, right, as
  /// `UIEdgeInsets`), numbers or strings holding them, or per side
  /// (`{"top": …, "left": …, "bottom": …, "right": …}`). A key left out, or whose value is not a
  /// finite number, keeps `base`'s value: so a feed item's `style` overrides its family element's
  /// key by key. The other keys are not read: `attributes` stay `base`'s.
  public init(json: JSON, over base: ElementStyle) {
    self = base
    if let word = json["display"]?.stringValue, let display = Display(rawValue: word) { self.display = display }
    // Values out of the ranges the compiler takes are left out: item data never reaches the
    // compiler, and every frame stays a finite, positive size.
    if let ratio = json["width_ratio"].flatMap(Self.number), ratio > 0, ratio <= 1 { widthRatio = ratio }
    if let ratio = json["width_height_ratio"].flatMap(Self.number), ratio >= 0.01, ratio <= 100 { widthHeightRatio = ratio }
    if let margin = json["margin"].flatMap(Insets.init(marginJSON:)) { self.margin = margin }
  }

  /// Reads an element's `style` over the defaults (`init(json:over:)`).
  public init(json: JSON) { self.init(json: json, over: ElementStyle()) }

  /// A finite JSON number, or a string holding one (spaces around it allowed, as the compiler
  /// reads it).
  static func number(_ value: JSON) -> Double? {
    guard let n = value.doubleValue ?? value.stringValue.flatMap(decimalNumber), n.isFinite else { return nil }
    return n
  }
}

extension ElementStyle {
  /// The keys that place an element; any other is the client's (`attributes`).
  public static let placementKeys = ["display", "width_ratio", "width_height_ratio", "margin"]

  /// Reads one entry of a family cell's `elements`: the keys the entry holds, and over them the
  /// keys of its `style` object when it has one (the shape of card JSON,
  /// `{"type": 1, "image": …, "style": {…}}`), as a feed item's `style` goes over its family's.
  /// The entry's and the style's other keys are the client's `attributes`, the style's over the
  /// entry's, key by key.
  public init(familyElement json: JSON) {
    let own = ElementStyle(json: json)
    let style = json.objectValue?.first(where: { $0.0 == "style" })?.1
    if let style, style.objectValue != nil {
      self.init(json: style, over: own)
    } else {
      self = own
    }
    var others: [String: JSON] = [:]
    for (key, value) in json.objectValue ?? [] where key != "style" && !Self.placementKeys.contains(key) { others[key] = value }
    for (key, value) in style?.objectValue ?? [] where !Self.placementKeys.contains(key) { others[key] = value }
    attributes = others.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}

extension ElementStyle: Codable {
  /// The bundle's keys of an `element_style`, which `Codable` reads and writes too.
  private enum CodingKeys: String, CodingKey {
    case display
    case widthRatio = "width_ratio"
    case widthHeightRatio = "width_height_ratio"
    case margin
    case attributes
  }

  /// Reads an `element_style` as the bundle writes it (`display`, `width_ratio`,
  /// `width_height_ratio`, `margin`, `attributes`), so a client's `JSONDecoder` reads what the
  /// runtime's decode reads.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let attributes = try c.decodeIfPresent(AnyJSON.self, forKey: .attributes).map { any -> [(String, JSON)] in
      guard let members = any.value.objectValue else {
        throw DecodingError.dataCorruptedError(forKey: .attributes, in: c, debugDescription: "attributes is not an object")
      }
      return members
    }
    self.init(
      display: try c.decode(Display.self, forKey: .display), widthRatio: try c.decodeIfPresent(Double.self, forKey: .widthRatio),
      widthHeightRatio: try c.decodeIfPresent(Double.self, forKey: .widthHeightRatio),
      margin: try c.decodeIfPresent(Insets.self, forKey: .margin) ?? .zero, attributes: attributes ?? [])
  }

  /// Writes the element with the bundle's keys: `margin` and `attributes` only when not empty.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(display, forKey: .display)
    try c.encodeIfPresent(widthRatio, forKey: .widthRatio)
    try c.encodeIfPresent(widthHeightRatio, forKey: .widthHeightRatio)
    if margin != .zero { try c.encode(margin, forKey: .margin) }
    if !attributes.isEmpty { try c.encode(AnyJSON(.object(attributes)), forKey: .attributes) }
  }
}

extension Insets {
  public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Where one element goes: its box in the card, and its content (the box inset by its margins).
public struct ElementFrame: Codable, Hashable, Sendable {
  /// The element's box, from the card's top-left corner.
  public var box: Frame
  /// The box inset by the element's margins: where its content is drawn (empty, at the box's
  /// right or bottom edge, when the margins take more than the box).
  public var content: Frame

  /// A box and its content.
  public init(box: Frame, content: Frame) {
    self.box = box
    self.content = content
  }
}

/// How a card places its elements: the card's `layout` (card JSON's
/// `{"layout": 1, "style": {…}, "elements": […]}`), by code or by word.
public enum ElementLayoutKind: Vocabulary, Codable {
  /// 1: inline elements flow left to right and wrap; a block element takes a line of its own.
  case flow
  /// 2: each element is a full-width line of its own, stacked top to bottom.
  case linear
  /// 3: the first element on the left at its `width_ratio` of the width (half without one); the
  /// others stacked top to bottom on its right, each at its own `width_ratio`, else the width left.
  case oneAndN
  /// 4: columns, 1 ÷ the first element's `width_ratio` of them (2 without one), each element in
  /// the shortest (the leftmost of equals).
  case waterfall
  /// A kind a newer compiler may write; its elements are placed as `flow`.
  case unknown(String)

  /// The kinds this library places, in code order (1 to 4).
  public static let known: [ElementLayoutKind] = [.flow, .linear, .oneAndN, .waterfall]
  /// The kind's word, as the bundle's `element_layout` writes it.
  public var word: String {
    switch self {
    case .flow: return "flow"
    case .linear: return "linear"
    case .oneAndN: return "one_and_n"
    case .waterfall: return "waterfall"
    case .unknown(let word): return word
    }
  }

  /// The kind a card's `layout` names: its code (1 flow, 2 linear, 3 one_and_n, 4 waterfall), as
  /// a number or a string holding one, or its word; nil for any other value.
  public init?(cardLayout text: String) {
    let trimmed = text.trimmingSpaces
    if let known = Self(knownWord: trimmed) {
      self = known
    } else if let code = decimalNumber(trimmed), code == code.rounded(), code >= 1, code <= 4 {
      self = Self.known[Int(code) - 1]
    } else {
      return nil
    }
  }

  /// The accepted values of a card's `layout`, for messages.
  public static let acceptedValues = "1 (flow), 2 (linear), 3 (one_and_n) or 4 (waterfall)"

  /// Reads the kind's word (`word`).
  public init(from decoder: Decoder) throws { self.init(word: try decoder.singleValueContainer().decode(String.self)) }

  /// Writes the kind's word (`word`).
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(word)
  }
}

/// Places a card's elements: the arithmetic the compiler writes into the bundle and clients run.
public enum ElementLayout {
  /// The frames of a card's elements in a content `width` points wide, placed as `kind` says
  /// (`ElementLayoutKind`; a kind this library does not know places them as `flow`), each rounded
  /// to 0.01 pt.
  ///
  /// A box is `box width ÷ width_height_ratio` high. In `flow`, an inline element's box is
  /// `width × width_ratio` wide; it goes right of the previous inline element when it fits the
  /// line, else starts a new line. A block element starts a new line and is `width` wide. A line
  /// is as high as its highest box.
  public static func frames(for elements: [ElementStyle], width: Double, kind: ElementLayoutKind = .flow) -> [ElementFrame] {
    let boxes: [Frame]
    switch kind {
    case .linear: boxes = linearBoxes(elements, width: width)
    case .oneAndN: boxes = oneAndNBoxes(elements, width: width)
    case .waterfall: boxes = waterfallBoxes(elements, width: width)
    case .flow, .unknown: boxes = flowBoxes(elements, width: width)
    }
    return zip(elements, boxes).map { element, box in
      let m = element.margin
      // Margins wider or higher than the box leave an empty content inside it, not beyond it.
      let content = Frame(
        x: box.x + min(m.left, box.width), y: box.y + min(m.top, box.height), width: max(0, box.width - m.left - m.right),
        height: max(0, box.height - m.top - m.bottom))
      return ElementFrame(box: rounded(box), content: rounded(content))
    }
  }

  /// The height of an element's box `boxWidth` wide.
  static func height(of element: ElementStyle, width boxWidth: Double) -> Double {
    let ratio = element.widthHeightRatio ?? 0
    // A ratio so small that the height overflows gives no height rather than an infinite one
    // (the compiler takes ratios from 0.01 to 100; a bundle may come from elsewhere).
    return ratio > 0 && boxWidth / ratio <= Metrics.maxLength * 100 ? boxWidth / ratio : 0
  }

  /// Inline boxes left to right, wrapping onto a new line when one does not fit; a block box on a
  /// line of its own, the full width.
  static func flowBoxes(_ elements: [ElementStyle], width: Double) -> [Frame] {
    var boxes: [Frame] = []
    var x = 0.0
    var lineTop = 0.0
    var lineHeight = 0.0
    for element in elements {
      let boxWidth = element.display == .block ? width : width * (element.widthRatio ?? 1)
      let boxHeight = height(of: element, width: boxWidth)
      // A small tolerance keeps 0.7 + 0.3 of a width on one line despite rounding error.
      if element.display == .block || x + boxWidth > width + 1e-9 {
        if x > 0 || element.display == .block {
          lineTop += lineHeight
          lineHeight = 0
        }
        x = 0
      }
      boxes.append(Frame(x: x, y: lineTop, width: boxWidth, height: boxHeight))
      lineHeight = max(lineHeight, boxHeight)
      if element.display == .block {
        lineTop += boxHeight
        lineHeight = 0
        x = 0
      } else {
        x += boxWidth
      }
    }
    return boxes
  }

  /// Each box the full width, below the one before.
  static func linearBoxes(_ elements: [ElementStyle], width: Double) -> [Frame] {
    var y = 0.0
    return elements.map { element in
      let box = Frame(x: 0, y: y, width: width, height: height(of: element, width: width))
      y += box.height
      return box
    }
  }

  /// The first box on the left, `width × width_ratio` wide (half the width without one, as a
  /// one_and_n section's large item); the others from the top down on its right, each
  /// `width × width_ratio` wide, else as wide as the width left.
  static func oneAndNBoxes(_ elements: [ElementStyle], width: Double) -> [Frame] {
    guard let first = elements.first else { return [] }
    let firstWidth = width * (first.widthRatio ?? 0.5)
    var boxes = [Frame(x: 0, y: 0, width: firstWidth, height: height(of: first, width: firstWidth))]
    var y = 0.0
    for element in elements.dropFirst() {
      let boxWidth = element.widthRatio.map { width * $0 } ?? max(0, width - firstWidth)
      let box = Frame(x: firstWidth, y: y, width: boxWidth, height: height(of: element, width: boxWidth))
      boxes.append(box)
      y += box.height
    }
    return boxes
  }

  /// Columns `width ÷ n` wide, n = 1 ÷ the first element's `width_ratio` rounded (2 without one);
  /// each box goes to the bottom of the shortest column, the leftmost of columns as short.
  static func waterfallBoxes(_ elements: [ElementStyle], width: Double) -> [Frame] {
    let share = elements.first?.widthRatio.map { 1 / $0 } ?? 2
    // A bundle may come from elsewhere: a share out of range gives 1 to `maxColumns` columns.
    let columns = share.isFinite ? Int(min(Double(Metrics.maxColumns), max(1, share.rounded()))) : 1
    let columnWidth = width / Double(columns)
    var bottoms = [Double](repeating: 0, count: columns)
    return elements.map { element in
      var column = 0
      // A small tolerance keeps columns that differ only by rounding error equal.
      for i in bottoms.indices where bottoms[i] < bottoms[column] - 1e-9 { column = i }
      let box = Frame(
        x: Double(column) * columnWidth, y: bottoms[column], width: columnWidth, height: height(of: element, width: columnWidth))
      bottoms[column] += box.height
      return box
    }
  }

  static func rounded(_ f: Frame) -> Frame {
    Frame(x: Geometry.round2(f.x), y: Geometry.round2(f.y), width: Geometry.round2(f.width), height: Geometry.round2(f.height))
  }
}
