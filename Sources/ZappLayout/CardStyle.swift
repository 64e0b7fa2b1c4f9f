/// How a card (one cell of a section) is drawn around its elements: its background, its corner
/// radius and its margin. A family cell gives it in its `style`; a screen component's `styles`
/// may set the same keys, each over the cell's.
public struct CardStyle: Codable, Hashable, Sendable {
  /// The card's background: `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first, as Zapp's colours).
  public var backgroundColor: String?
  /// The radius of the card's corners, in points.
  public var cornerRadius: Double?
  /// The space around the card (top, left, bottom, right).
  public var margin: Insets?

  /// A card style with the values given.
  public init(backgroundColor: String? = nil, cornerRadius: Double? = nil, margin: Insets? = nil) {
    self.backgroundColor = backgroundColor
    self.cornerRadius = cornerRadius
    self.margin = margin
  }

  /// The keys a card style takes, as a family cell's `style` and a component's `styles` write them.
  public static let keys = ["backgroundColor", "cornerRadius", "margin"]

  /// Reads `backgroundColor`, `cornerRadius` and `margin` (four values, top, left, bottom, right,
  /// numbers or strings holding them, or per side) from an object; other keys are ignored, and a
  /// value of the wrong type is left out.
  public init(json: JSON) {
    backgroundColor = json["backgroundColor"]?.stringValue
    cornerRadius = json["cornerRadius"].flatMap(ElementStyle.number)
    margin = json["margin"].flatMap(Insets.init(marginJSON:))
  }

  /// True when no key is set.
  public var isEmpty: Bool { backgroundColor == nil && cornerRadius == nil && margin == nil }

  /// This style with each key `other` sets in place of this one's.
  public func overridden(by other: CardStyle) -> CardStyle {
    CardStyle(
      backgroundColor: other.backgroundColor ?? backgroundColor, cornerRadius: other.cornerRadius ?? cornerRadius,
      margin: other.margin ?? margin)
  }

  /// Whether `text` is a colour a card takes: `#` and 3, 6 or 8 hexadecimal digits.
  public static func isColor(_ text: String) -> Bool {
    let digits = text.utf8.dropFirst()
    return text.first == "#" && [3, 6, 8].contains(digits.count)
      && digits.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
  }
}

extension Insets {
  /// A margin as card JSON writes it: four values (top, left, bottom, right), numbers or strings
  /// holding them, or per side (`{"top": …, "left": …}`, a side left out is 0). Nil for any other
  /// value.
  public init?(marginJSON json: JSON) {
    if let four = json.arrayValue {
      guard four.count == 4 else { return nil }
      let v = four.map { ElementStyle.number($0) ?? 0 }
      self.init(top: v[0], left: v[1], bottom: v[2], right: v[3])
    } else if json.objectValue != nil {
      func side(_ key: String) -> Double { json[key].flatMap(ElementStyle.number) ?? 0 }
      self.init(top: side("top"), left: side("left"), bottom: side("bottom"), right: side("right"))
    } else {
      return nil
    }
  }
}
