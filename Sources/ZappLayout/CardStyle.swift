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
  /// value of the wrong type or out of range (a radius or margin outside 0 to 10,000, a colour
  /// that is not one) is left out, as an item's own style never passes the compiler's checks.
  public init(json: JSON) {
    backgroundColor = json["backgroundColor"]?.stringValue.flatMap { Self.isColor($0) ? $0 : nil }
    cornerRadius = json["cornerRadius"].flatMap(ElementStyle.number).flatMap { $0 >= 0 && $0 <= Metrics.maxLength ? $0 : nil }
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
  /// The sides a margin object may name.
  public static let sideKeys = ["top", "left", "bottom", "right"]

  /// A margin as card JSON writes it: four values (top, left, bottom, right), numbers or strings
  /// holding them, or per side (`{"top": …, "left": …}`, a side left out is 0). Nil for any other
  /// value: a side that is not a number from 0 to 10,000, or a key that is not a side.
  public init?(marginJSON json: JSON) {
    func length(_ value: JSON) -> Double? {
      ElementStyle.number(value).flatMap { $0 >= 0 && $0 <= Metrics.maxLength ? $0 : nil }
    }
    if let four = json.arrayValue {
      let v = four.compactMap(length)
      guard four.count == 4, v.count == 4 else { return nil }
      self.init(top: v[0], left: v[1], bottom: v[2], right: v[3])
    } else if let members = json.objectValue {
      guard members.allSatisfy({ Self.sideKeys.contains($0.0) }) else { return nil }
      var sides: [Double] = []
      for key in Self.sideKeys {
        guard let value = json[key] else {
          sides.append(0)
          continue
        }
        guard let v = length(value) else { return nil }
        sides.append(v)
      }
      self.init(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    } else {
      return nil
    }
  }
}
