/// How a card (one cell of a section) is drawn around its elements: its background (a colour and
/// an image over it), its corner radius, its margin and its shadow. A family cell gives it in its
/// `style`; a screen component's `styles` may set the same keys, each over the cell's. Its
/// `Codable` reads and writes the bundle's `card_style` keys, as the runtime's decode does.
public struct CardStyle: Codable, Hashable, Sendable {
  /// The card's background: `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first, as Zapp's colours).
  public var backgroundColor: String?
  /// The radius of the card's corners, in points.
  public var cornerRadius: Double?
  /// The space around the card (top, left, bottom, right).
  public var margin: Insets?
  /// The card's background image: an absolute http or https URL, drawn over the background colour
  /// and under the card's elements.
  public var backgroundImage: String?
  /// The colour of the card's shadow (its alpha is the shadow's opacity), as `backgroundColor`.
  public var shadowColor: String?
  /// The blur radius of the card's shadow, in points.
  public var shadowRadius: Double?
  /// How far the card's shadow is moved, in points.
  public var shadowOffset: ShadowOffset?

  /// A card style with the values given.
  public init(
    backgroundColor: String? = nil, cornerRadius: Double? = nil, margin: Insets? = nil, backgroundImage: String? = nil,
    shadow: CardShadow? = nil
  ) {
    self.backgroundColor = backgroundColor
    self.cornerRadius = cornerRadius
    self.margin = margin
    self.backgroundImage = backgroundImage
    self.shadow = shadow
  }

  /// The keys a card style takes, as a family cell's `style` and a component's `styles` write them.
  public static let keys = [
    "backgroundColor", "cornerRadius", "margin", "backgroundImage", "shadowColor", "shadowRadius", "shadowOffset",
  ]

  /// The keys that shape a shadow without giving it a colour: alone, they draw nothing.
  public static let shadowShapeKeys = ["shadowRadius", "shadowOffset"]

  /// The card's shadow: its colour, if any, with a radius and offset of 0 where none is set. Nil
  /// when none of the three shadow keys is set. A shadow without a colour draws nothing, but a feed
  /// item's own `style` may give it one at run time (`drawn`). Setting it sets the three keys.
  public var shadow: CardShadow? {
    get {
      guard shadowColor != nil || shadowRadius != nil || shadowOffset != nil else { return nil }
      return CardShadow(color: shadowColor, radius: shadowRadius ?? 0, offset: shadowOffset ?? .zero)
    }
    set {
      shadowColor = newValue?.color
      shadowRadius = newValue?.radius
      shadowOffset = newValue?.offset
    }
  }

  /// Reads the card style keys from an object: `backgroundColor`, `cornerRadius`, `margin` (four
  /// values, top, left, bottom, right, numbers or strings holding them, or per side),
  /// `backgroundImage` (an absolute http or https URL), `shadowColor`, `shadowRadius` and
  /// `shadowOffset` (`[x, y]` or `{"x": …, "y": …}`). Other keys are ignored, and a value of the
  /// wrong type or out of range is left out, as an item's own style never passes the compiler's
  /// checks.
  public init(json: JSON) {
    backgroundColor = json["backgroundColor"]?.stringValue.flatMap { Self.isColor($0) ? $0 : nil }
    cornerRadius = json["cornerRadius"].flatMap(Self.length)
    margin = json["margin"].flatMap(Insets.init(marginJSON:))
    backgroundImage = json["backgroundImage"]?.stringValue.flatMap { Self.isImageURL($0) ? $0 : nil }
    shadowColor = json["shadowColor"]?.stringValue.flatMap { Self.isColor($0) ? $0 : nil }
    shadowRadius = json["shadowRadius"].flatMap(Self.length)
    shadowOffset = json["shadowOffset"].flatMap(ShadowOffset.init(json:))
  }

  /// A number, or a string holding one, from 0 to 10,000.
  private static func length(_ value: JSON) -> Double? {
    ElementStyle.number(value).flatMap { $0 >= 0 && $0 <= Metrics.maxLength ? $0 : nil }
  }

  /// True when no key is set.
  public var isEmpty: Bool { self == CardStyle() }

  /// This style with each key `other` sets in place of this one's.
  public func overridden(by other: CardStyle) -> CardStyle {
    var style = CardStyle(
      backgroundColor: other.backgroundColor ?? backgroundColor, cornerRadius: other.cornerRadius ?? cornerRadius,
      margin: other.margin ?? margin, backgroundImage: other.backgroundImage ?? backgroundImage)
    style.shadowColor = other.shadowColor ?? shadowColor
    style.shadowRadius = other.shadowRadius ?? shadowRadius
    style.shadowOffset = other.shadowOffset ?? shadowOffset
    return style
  }

  /// This style as it is drawn, once a feed item's own style is over it: a shadow's radius and
  /// offset left out when it has no colour, else 0 where none is set.
  public var drawn: CardStyle {
    var style = self
    style.shadow = shadowColor == nil ? nil : shadow
    return style
  }

  /// Two styles are equal when they write the same bundle `card_style`: a shadow's radius or
  /// offset left unset is the same as one of 0 where the shadow is written.
  public static func == (a: CardStyle, b: CardStyle) -> Bool {
    a.backgroundColor == b.backgroundColor && a.cornerRadius == b.cornerRadius && a.margin == b.margin
      && a.backgroundImage == b.backgroundImage && a.shadow == b.shadow
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(backgroundColor)
    hasher.combine(cornerRadius)
    hasher.combine(margin)
    hasher.combine(backgroundImage)
    hasher.combine(shadow)
  }

  /// Whether `text` is a colour a card takes: `#` and 3, 6 or 8 hexadecimal digits.
  public static func isColor(_ text: String) -> Bool {
    let digits = text.utf8.dropFirst()
    return text.first == "#" && [3, 6, 8].contains(digits.count)
      && digits.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
  }

  /// Whether `text` is an image URL a card takes: `http://` or `https://` (in any case), a host
  /// (not empty once a user and a port are left out), and no space, control or format character
  /// anywhere (Unicode's whitespace, `Cc` and `Cf`: a no-break space, a bidirectional override).
  public static func isImageURL(_ text: String) -> Bool {
    let lower = text.lowercased()
    guard let scheme = ["http://", "https://"].first(where: lower.hasPrefix) else { return false }
    let refused = text.unicodeScalars.contains { scalar in
      scalar.properties.isWhitespace || [.control, .format].contains(scalar.properties.generalCategory)
    }
    guard !refused else { return false }
    let rest = text.unicodeScalars.dropFirst(scheme.unicodeScalars.count)
    let authority = rest.prefix { !["/", "?", "#"].contains($0) }
    let afterUser = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority[...]
    let host = afterUser.first == "[" ? afterUser.prefix { $0 != "]" }.dropFirst() : afterUser.prefix { $0 != ":" }
    return !host.isEmpty
  }
}

extension CardStyle {
  /// The bundle's keys of a `card_style`, which `Codable` reads and writes too.
  private enum CodingKeys: String, CodingKey {
    case backgroundColor = "background_color"
    case cornerRadius = "corner_radius"
    case margin
    case backgroundImage = "background_image"
    case shadow
  }

  /// Reads a `card_style` as the bundle writes it (`background_color`, `corner_radius`, `margin`,
  /// `background_image`, `shadow`), so a client's `JSONDecoder` reads what the runtime's decode
  /// reads.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      backgroundColor: try c.decodeIfPresent(String.self, forKey: .backgroundColor),
      cornerRadius: try c.decodeIfPresent(Double.self, forKey: .cornerRadius), margin: try c.decodeIfPresent(Insets.self, forKey: .margin),
      backgroundImage: try c.decodeIfPresent(String.self, forKey: .backgroundImage),
      shadow: try c.decodeIfPresent(CardShadow.self, forKey: .shadow))
  }

  /// Writes the style with the bundle's keys, each only when set.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
    try c.encodeIfPresent(cornerRadius, forKey: .cornerRadius)
    try c.encodeIfPresent(margin, forKey: .margin)
    try c.encodeIfPresent(backgroundImage, forKey: .backgroundImage)
    try c.encodeIfPresent(shadow, forKey: .shadow)
  }
}

/// A card's shadow: drawn under the card, in its colour, blurred by its radius and moved by its
/// offset. Without a colour it draws nothing unless a feed item's own style gives one.
public struct CardShadow: Codable, Hashable, Sendable {
  /// `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first): the colour's alpha is the shadow's opacity.
  /// Nil when the card style sets a radius or offset alone.
  public var color: String?
  /// The blur radius, in points (0 is a sharp shadow).
  public var radius: Double
  /// How far the shadow is moved from the card, in points.
  public var offset: ShadowOffset

  /// A shadow of `color` (none: drawn only once an item's own style gives one) with the radius and
  /// offset given.
  public init(color: String?, radius: Double = 0, offset: ShadowOffset = .zero) {
    self.color = color
    self.radius = radius
    self.offset = offset
  }
}

/// How far a shadow is moved, in points: right and down are positive.
public struct ShadowOffset: Codable, Hashable, Sendable {
  /// The horizontal move (right is positive).
  public var x: Double
  /// The vertical move (down is positive).
  public var y: Double

  /// An offset of `x` and `y`.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// No move.
  public static let zero = ShadowOffset(x: 0, y: 0)

  /// The axes an offset object may name.
  public static let axisKeys = ["x", "y"]

  /// An offset as card JSON writes it: two values `[x, y]`, numbers or strings holding them, or
  /// `{"x": …, "y": …}` (an axis left out is 0). Nil for any other value: an axis that is not a
  /// number from -10,000 to 10,000, or a key that is not an axis.
  public init?(json: JSON) {
    func axis(_ value: JSON) -> Double? {
      ElementStyle.number(value).flatMap { abs($0) <= Metrics.maxLength ? $0 : nil }
    }
    if let two = json.arrayValue {
      let v = two.compactMap(axis)
      guard two.count == 2, v.count == 2 else { return nil }
      self.init(x: v[0], y: v[1])
    } else if let members = json.objectValue {
      guard members.allSatisfy({ Self.axisKeys.contains($0.0) }) else { return nil }
      var axes: [Double] = []
      for key in Self.axisKeys {
        guard let value = json[key] else {
          axes.append(0)
          continue
        }
        guard let v = axis(value) else { return nil }
        axes.append(v)
      }
      self.init(x: axes[0], y: axes[1])
    } else {
      return nil
    }
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
