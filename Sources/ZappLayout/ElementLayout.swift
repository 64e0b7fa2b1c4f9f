/// Element-level layout: inside a card, each element takes a share of
/// the content width (`width_ratio`, inline elements flowing left to right and wrapping), or the
/// whole width (`display: block`); its height is its width ÷ `width_height_ratio`, and its content
/// is its box inset by its margins.
public struct ElementStyle: Codable, Hashable, Sendable {
  /// Inline elements flow beside each other; a block element takes a line of its own.
  public enum Display: String, Codable, Hashable, Sendable { case inline, block }

  public var display: Display
  /// The share of the content width an inline element takes (1 when absent).
  public var widthRatio: Double?
  /// Width ÷ height of the element's box (a box without one is 0 high).
  public var widthHeightRatio: Double?
  /// Space inside the box around the content.
  public var margin: Insets

  public init(display: Display = .inline, widthRatio: Double? = nil, widthHeightRatio: Double? = nil, margin: Insets = .zero) {
    self.display = display
    self.widthRatio = widthRatio
    self.widthHeightRatio = widthHeightRatio
    self.margin = margin
  }

  /// Reads an element's `style` as card JSON writes it: `display`, `width_ratio`,
  /// `width_height_ratio`, and `margin` as four values (top, left, bottom, right, as
  /// `UIEdgeInsets`), numbers or strings holding them, or per side
  /// (`{"top": …, "left": …, "bottom": …, "right": …}`). A key left out, or whose value is not a
  /// finite number, keeps `base`'s value: so a feed item's `style` overrides its family element's
  /// key by key.
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
  /// Reads one entry of a family cell's `elements`: the keys the entry holds, and over them the
  /// keys of its `style` object when it has one (the shape of card JSON,
  /// `{"type": 1, "image": …, "style": {…}}`), as a feed item's `style` goes over its family's.
  public init(familyElement json: JSON) {
    let own = ElementStyle(json: json)
    if let style = json.objectValue?.first(where: { $0.0 == "style" })?.1, style.objectValue != nil {
      self.init(json: style, over: own)
    } else {
      self = own
    }
  }
}

extension Insets {
  public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Where one element goes: its box in the card, and its content (the box inset by its margins).
public struct ElementFrame: Codable, Hashable, Sendable {
  /// The element's box, from the card's top-left corner.
  public var box: Frame
  /// The box inset by the element's margins: where its content is drawn.
  public var content: Frame

  /// A box and its content.
  public init(box: Frame, content: Frame) {
    self.box = box
    self.content = content
  }
}

/// Places a card's elements: the arithmetic the compiler writes into the bundle and clients run.
public enum ElementLayout {
  /// The frames of a card's elements in a content `width` points wide, each rounded to 0.01 pt.
  ///
  /// An inline element's box is `width × width_ratio` wide; it goes right of the previous inline
  /// element when it fits the line, else starts a new line. A block element starts a new line and
  /// is `width` wide. A box is `box width ÷ width_height_ratio` high, and a line is as high as its
  /// highest box.
  public static func frames(for elements: [ElementStyle], width: Double) -> [ElementFrame] {
    var frames: [ElementFrame] = []
    var x = 0.0
    var lineTop = 0.0
    var lineHeight = 0.0
    for element in elements {
      let boxWidth = element.display == .block ? width : width * (element.widthRatio ?? 1)
      let ratio = element.widthHeightRatio ?? 0
      // A ratio so small that the height overflows gives no height rather than an infinite one
      // (the compiler takes ratios from 0.01 to 100; a bundle may come from elsewhere).
      let boxHeight = ratio > 0 && boxWidth / ratio <= Metrics.maxLength * 100 ? boxWidth / ratio : 0
      // A small tolerance keeps 0.7 + 0.3 of a width on one line despite rounding error.
      if element.display == .block || x + boxWidth > width + 1e-9 {
        if x > 0 || element.display == .block {
          lineTop += lineHeight
          lineHeight = 0
        }
        x = 0
      }
      let box = Frame(x: x, y: lineTop, width: boxWidth, height: boxHeight)
      let m = element.margin
      let content = Frame(
        x: box.x + m.left, y: box.y + m.top, width: max(0, box.width - m.left - m.right), height: max(0, box.height - m.top - m.bottom))
      frames.append(ElementFrame(box: rounded(box), content: rounded(content)))
      lineHeight = max(lineHeight, boxHeight)
      if element.display == .block {
        lineTop += boxHeight
        lineHeight = 0
        x = 0
      } else {
        x += boxWidth
      }
    }
    return frames
  }

  static func rounded(_ f: Frame) -> Frame {
    Frame(x: Geometry.round2(f.x), y: Geometry.round2(f.y), width: Geometry.round2(f.width), height: Geometry.round2(f.height))
  }
}
