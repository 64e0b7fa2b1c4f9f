/// The elements of one JSON array reached by position, each walk starting from the element last
/// reached when the position is not before it: positions asked for in rising order cost one walk
/// of the array in all (`JSONValue.element(at:)` walks from the start each time), and no list of
/// its elements is built.
public struct JSONArrayCursor {
  private let array: JSONValue
  /// The position last reached and its node's index on the tape.
  private var position = 0
  private var node: Int

  /// A cursor over `array`'s elements; nil when the value is not an array.
  public init?(_ array: JSONValue) {
    guard array.kind == .array else { return nil }
    self.array = array
    node = array.index + 1
  }

  /// The element at `target` (nil past the end or below 0).
  public mutating func element(at target: Int) -> JSONValue? {
    guard target >= 0 else { return nil }
    let nodes = array.document.nodes
    let end = nodes[array.index].next(at: array.index)
    if target < position {
      position = 0
      node = array.index + 1
    }
    while node < end {
      if position == target { return JSONValue(document: array.document, index: node) }
      position += 1
      node = nodes[node].next(at: node)
    }
    return nil
  }
}
