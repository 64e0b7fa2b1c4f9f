/// A feed item as card JSON writes it (`{"layout": 1, "style": {…}, "elements": [{"type": 1,
/// "image": …, "style": {…}}]}`): the server picks how each card places its elements, and how
/// each element is placed, item by item.
extension FeedEntry {
  /// The kind a card's `layout` names (a code from 1 to 4, as a number or a string, or a word);
  /// nil for another value, which leaves the item's cell style's.
  public static func cardLayout(_ value: JSON) -> ElementLayoutKind? {
    switch value {
    case .string(let text), .number(let text): return ElementLayoutKind(cardLayout: text)
    default: return nil
    }
  }

  /// A card's `elements`, each as one object of the keys that place it (in `placementKeys`' order):
  /// its own, with its `style`'s over them (as a family's element is read); nil for an entry that
  /// is not an object,
  /// which adds no style of its own. Nil when `value` is not a list.
  public static func cardElements(_ value: JSON) -> [JSON?]? {
    guard let list = value.arrayValue else { return nil }
    return list.map { entry -> JSON? in
      guard let members = entry.objectValue else { return nil }
      let style = entry["style"]?.objectValue ?? []
      // In the order of `placementKeys`, whatever the order written: the same entry however its
      // keys were ordered (a decoder's object need not keep them).
      return .object(
        ElementStyle.placementKeys.compactMap { key in
          (style.last { $0.0 == key } ?? members.last { $0.0 == key }).map { (key, $0.1) }
        })
    }
  }

  /// The element styles the item gives its card, in order: its own `elements`', else its children's
  /// `style`s (nil where a child has none).
  public var elementStyles: [JSON?] { elements ?? (entries ?? []).map(\.style) }
}
