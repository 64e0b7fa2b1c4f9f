import ZappLayout

/// How the preview draws a card's style on its cell: its background colour, corners and shadow as
/// CSS, and its background image under the item's own image and elements.
extension PreviewRenderer {
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

  /// The card's background image, drawn as the item's images are (lazily, removed when it does
  /// not load), before the item's own image, which covers it.
  package static func cardImage(_ out: inout PageBytes, _ card: CardStyle) {
    guard let image = card.backgroundImage else { return }
    out.add("<img class=\"card-bg\" alt=\"\" loading=\"lazy\" src=\"")
    out.text(image)
    out.add("\" onerror=\"this.remove()\">")
  }
}
