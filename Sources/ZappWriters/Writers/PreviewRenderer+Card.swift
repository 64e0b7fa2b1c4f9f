import ZappLayout

/// How the preview draws a card's style in its cell: a box inset by the card's margin, with its
/// background colour, corners and shadow as CSS, holding its background image and, over it, the
/// item's own image, both clipped to the card's corners, under the item's elements; the item's
/// number, title and cell style name are placed in it.
extension PreviewRenderer {
  /// The card style item `n` is drawn with: the mapper's, its own `style` over its cell style's,
  /// when the items come from a feed, else its cell style's (on a size class that replaces the
  /// section, the replacement's). Nil when it sets no key.
  package static func card(_ n: Int, _ section: ResolvedSection, _ items: Items) -> CardStyle? {
    let card = items.cards.map { n < $0.count ? $0[n] : nil } ?? section.drawnCards(sizeClass: items.sizeClass).card(n)?.drawn
    return card.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The card's box: inset by its margin in the item's frame (`inset`: top, right, bottom, left),
  /// drawn with its declarations (`cardCSS`) and holding its background image and the item's own
  /// image (`image`), which covers it, as a client draws the item's content in its card. `painted`
  /// when it has a background colour, which replaces the preview's own.
  package static func cardBox(_ out: inout PageBytes, _ card: CardStyle, image: String? = nil) {
    out.add(card.backgroundColor == nil ? "<i class=\"cardbox\" style=\"inset: " : "<i class=\"cardbox painted\" style=\"inset: ")
    insets(&out, card.margin ?? .zero)
    for declaration in cardCSS(card) {
      out.add("; ")
      out.text(declaration)
    }
    out.add("\">")
    cardImage(&out, card)
    if let image { itemImage(&out, image) }
    out.add("</i>")
  }

  /// The four sides of `margin` as CSS `inset` writes them: top, right, bottom, left, in pixels.
  package static func insets(_ out: inout PageBytes, _ margin: Insets) {
    for (k, side) in [margin.top, margin.right, margin.bottom, margin.left].enumerated() {
      if k > 0 { out.add(" ") }
      out.px(side)
      out.add("px")
    }
  }

  /// The margin an item's number, title and cell style name are inset by, as its card is: the
  /// card's, when the box it leaves in a `width` × `height` item is large enough for them (40
  /// wide, and 16 high in an item under 64 high, which draws them in a row, else 40), else nil:
  /// they are placed in the item's own box.
  package static func contentInset(_ card: CardStyle?, width: Double, height: Double) -> Insets? {
    guard let margin = card?.margin, margin != .zero else { return nil }
    let needed = height < 64 ? 16.0 : 40
    guard width - margin.left - margin.right >= 40, height - margin.top - margin.bottom >= needed else { return nil }
    return margin
  }

  /// `<span class="in" style="inset: …">`: the box an item's number, title and cell style name
  /// are placed in, inset by its card's `margin` (`contentInset`) as the card is.
  package static func contentBox(_ out: inout PageBytes, _ margin: Insets) {
    out.add("<span class=\"in\" style=\"inset: ")
    insets(&out, margin)
    out.add("\">")
  }

  /// The CSS declarations of a card style: `background-color`, `border-radius` and `box-shadow`
  /// (its colour, blur radius and offset), each only when the style sets it.
  package static func cardCSS(_ card: CardStyle) -> [String] {
    var declarations: [String] = []
    if let color = card.backgroundColor { declarations.append("background-color: \(cssColor(color))") }
    if let radius = card.cornerRadius { declarations.append("border-radius: \(HTML.px(radius))px") }
    if let shadow = card.shadow, let color = shadow.color {
      let lengths = [shadow.offset.x, shadow.offset.y, shadow.radius].map { "\(HTML.px($0))px" }
      declarations.append("box-shadow: \(lengths.joined(separator: " ")) \(cssColor(color))")
    }
    return declarations
  }

  /// A card colour as CSS writes it: `#AARRGGBB` (alpha first, as Zapp's) becomes `#RRGGBBAA`;
  /// `#RGB` and `#RRGGBB` are the same in both.
  package static func cssColor(_ color: String) -> String {
    guard color.utf8.count == 9 else { return color }
    let digits = color.dropFirst()
    return "#" + digits.dropFirst(2) + digits.prefix(2)
  }

  /// An item's own image: loaded lazily, removed when it does not load; nothing when empty.
  package static func itemImage(_ out: inout PageBytes, _ image: String) {
    guard !image.isEmpty else { return }
    out.add("<img alt=\"\" loading=\"lazy\" src=\"")
    out.text(image)
    out.add("\" onerror=\"this.remove()\">")
  }

  /// The card's background image, drawn as the item's images are (lazily, removed when it does
  /// not load), in the card's box, under the item's own image, which covers it.
  package static func cardImage(_ out: inout PageBytes, _ card: CardStyle) {
    guard let image = card.backgroundImage else { return }
    out.add("<img class=\"card-bg\" alt=\"\" loading=\"lazy\" src=\"")
    out.text(image)
    out.add("\" onerror=\"this.remove()\">")
  }
}
