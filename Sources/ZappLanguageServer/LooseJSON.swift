import ZappDiagnostics

/// JSON read leniently, for text that is being typed: never fails, keeps every value's byte range.
/// Unterminated strings end at the end of their line, missing commas and colons are passed over,
/// an object with a container where a key should be ends before it (its closer was taken by an
/// inner container: the container is its next sibling), and an unclosed container ends where the
/// text does; the cursor's place is found in this tree.
final class LooseNode {
  enum Kind { case object, array, string, scalar }

  let kind: Kind
  let start: Int
  var end: Int
  /// The decoded text of a string (without quotes), or the raw text of a scalar.
  var text: String = ""
  /// For a string: whether it is an object's key.
  var isKey = false
  /// Whether a string or container ended with its own closing quote or bracket.
  var closed = false
  var members: [(key: LooseNode, value: LooseNode?)] = []
  var elements: [LooseNode] = []
  weak var parent: LooseNode?

  init(_ kind: Kind, start: Int) {
    self.kind = kind
    self.start = start
    self.end = start
  }

  subscript(key: String) -> LooseNode? { members.last { $0.key.text == key }?.value }

  /// The string value of a member.
  func string(_ key: String) -> String? {
    guard let value = self[key], value.kind == .string else { return nil }
    return value.text
  }

  /// The key a value stands under, when its parent is an object.
  var keyInParent: String? {
    guard let parent, parent.kind == .object else { return nil }
    return parent.members.first { $0.value === self }?.key.text
  }
}

/// One step of a path from the root: a key or an index.
enum PathStep: Equatable {
  case key(String)
  case index(Int)
}

/// Where the cursor is in a document, and what can be written there.
struct CursorContext {
  enum Place {
    /// A key of `object` (the string being typed, if any).
    case key(object: LooseNode, typed: LooseNode?)
    /// The value of a member or an element (the string being typed, if any).
    case value(container: LooseNode, key: String?, typed: LooseNode?)
  }

  var place: Place
  /// Steps from the root to the container the cursor is in.
  var path: [PathStep]
  var container: LooseNode
  /// The root, which holds the tree (parents are weak references).
  var root: LooseNode
}

struct LooseJSON {
  private let bytes: [UInt8]
  private var pos = 0
  private var depth = 0

  /// Reads the text; nil when it holds no value.
  static func parse(_ bytes: [UInt8]) -> LooseNode? {
    var parser = LooseJSON(bytes: bytes)
    parser.skipSpace()
    guard parser.pos < bytes.count else { return nil }
    return parser.value(parent: nil)
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func skipSpace() {
    while pos < bytes.count {
      let b = bytes[pos]
      if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0xEF || b == 0xBB || b == 0xBF {
        pos += 1
      } else if b == UInt8(ascii: "/"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "/") {
        while pos < bytes.count, bytes[pos] != 0x0A, bytes[pos] != 0x0D { pos += 1 }
      } else if b == UInt8(ascii: "/"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "*") {
        pos += 2
        while pos + 1 < bytes.count, !(bytes[pos] == UInt8(ascii: "*") && bytes[pos + 1] == UInt8(ascii: "/")) { pos += 1 }
        pos = min(bytes.count, pos + 2)
      } else {
        return
      }
    }
  }

  private mutating func value(parent: LooseNode?) -> LooseNode {
    let b = bytes[pos]
    let node: LooseNode
    if b == UInt8(ascii: "{") || b == UInt8(ascii: "["), depth < 256 {
      depth += 1
      node = b == UInt8(ascii: "{") ? object() : array()
      depth -= 1
    } else if b == UInt8(ascii: "\"") {
      node = string()
    } else {
      node = scalar()
    }
    node.parent = parent
    return node
  }

  private static let closers: Set<UInt8> = [UInt8(ascii: "}"), UInt8(ascii: "]")]

  private mutating func object() -> LooseNode {
    let node = LooseNode(.object, start: pos)
    pos += 1
    while true {
      skipSpace()
      guard pos < bytes.count else { break }
      let b = bytes[pos]
      if b == UInt8(ascii: "}") {
        pos += 1
        node.closed = true
        break
      }
      if b == UInt8(ascii: "]") { break }  // a closer of an outer array: this object was left open
      if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
        // A container where a key should be: this object was left open (its closer taken by an
        // inner one, after a string left unterminated on its line) and the container is what
        // comes after it. Inside another container, the object ends here and the container goes
        // to the one that can hold it (an array's next element); in none, it is read and left out.
        if depth > 1 { break }
        _ = value(parent: nil)
        continue
      }
      if b == UInt8(ascii: ",") || b == UInt8(ascii: ":") {
        pos += 1
        continue
      }
      let key = b == UInt8(ascii: "\"") ? string() : scalar()
      key.isKey = true
      key.parent = node
      skipSpace()
      var value: LooseNode?
      if pos < bytes.count, bytes[pos] == UInt8(ascii: ":") {
        pos += 1
        skipSpace()
        if pos < bytes.count, bytes[pos] != UInt8(ascii: ","), !Self.closers.contains(bytes[pos]) {
          // A key typed on the next line before the value: "key": ⏎ "next": …
          value = self.value(parent: node)
        }
      }
      node.members.append((key, value))
    }
    node.end = pos
    return node
  }

  private mutating func array() -> LooseNode {
    let node = LooseNode(.array, start: pos)
    pos += 1
    while true {
      skipSpace()
      guard pos < bytes.count else { break }
      let b = bytes[pos]
      if b == UInt8(ascii: "]") {
        pos += 1
        node.closed = true
        break
      }
      if b == UInt8(ascii: "}") { break }
      if b == UInt8(ascii: ",") || b == UInt8(ascii: ":") {
        pos += 1
        continue
      }
      node.elements.append(value(parent: node))
    }
    node.end = pos
    return node
  }

  private mutating func string() -> LooseNode {
    let node = LooseNode(.string, start: pos)
    pos += 1
    var escaped = false
    while pos < bytes.count, bytes[pos] != UInt8(ascii: "\""), bytes[pos] != 0x0A, bytes[pos] != 0x0D {
      if bytes[pos] == UInt8(ascii: "\\"), pos + 1 < bytes.count, bytes[pos + 1] != 0x0A, bytes[pos + 1] != 0x0D {
        escaped = true
        pos += 2
        continue
      }
      pos += 1
    }
    let bodyEnd = pos
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") {
      pos += 1
      node.closed = true
    }
    node.end = pos
    node.text = Self.decoded(bytes, from: node.start + 1, to: bodyEnd, escaped: escaped)
    return node
  }

  /// The text of a string's body, its escapes decoded by the reader's own decoder
  /// (`JSONStrings.decode`: surrogate pairs joined, a lone one as U+FFFD); the node stands for the
  /// body between quotes, whether or not the closing one is written.
  static func decoded(_ bytes: [UInt8], from start: Int, to end: Int, escaped: Bool) -> String {
    guard escaped else { return String(decoding: bytes[start..<end], as: UTF8.self) }
    return JSONStrings.decode(bytes, JSONNode(start: start - 1, length: end + 1 - (start - 1), kind: .string, flags: JSONNode.hasEscapes))
  }

  private mutating func scalar() -> LooseNode {
    let node = LooseNode(.scalar, start: pos)
    let delimiters: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D, 0x22]
    while pos < bytes.count, !delimiters.contains(bytes[pos]) { pos += 1 }
    if pos == node.start { pos += 1 }
    node.end = pos
    node.text = String(decoding: bytes[node.start..<pos], as: UTF8.self)
    return node
  }
}

extension LooseNode {
  /// The innermost node at `offset`. For typing (`touching`), a string holds the offsets after its
  /// opening quote up to its closing one, a scalar those from its start to its end; for pointing
  /// (hover, definition), a value holds the offsets of its own characters.
  func innermost(at offset: Int, touching: Bool = true) -> LooseNode? {
    switch kind {
    case .string, .scalar:
      if !touching { return offset >= start && offset < end ? self : nil }
      if kind == .scalar { return offset >= start && offset <= end ? self : nil }
      return offset > start && (offset < end || (!closed && offset == end)) ? self : nil
    case .object, .array:
      // A container left open holds the offset at its end (the end of the text, or where an outer
      // closer or its next sibling starts), not those of what comes after it.
      guard offset > start || (!touching && offset == start), offset < end || (!closed && offset == end) else { return nil }
      for member in members {
        if let hit = member.key.innermost(at: offset, touching: touching) { return hit }
        if let hit = member.value?.innermost(at: offset, touching: touching) { return hit }
      }
      for element in elements {
        if let hit = element.innermost(at: offset, touching: touching) { return hit }
      }
      return self
    }
  }

  /// The steps from the root to this node.
  var path: [PathStep] {
    var steps: [PathStep] = []
    var node = self
    while let parent = node.parent {
      if parent.kind == .object, let key = parent.members.first(where: { $0.value === node })?.key.text {
        steps.append(.key(key))
      } else if parent.kind == .array, let i = parent.elements.firstIndex(where: { $0 === node }) {
        steps.append(.index(i))
      }
      node = parent
    }
    return steps.reversed()
  }
}

extension LooseJSON {
  /// What the cursor at `offset` is on: a key being typed, or a value.
  static func context(in root: LooseNode, at offset: Int, bytes: [UInt8]) -> CursorContext? {
    guard let hit = root.innermost(at: offset) else { return nil }
    if hit.kind == .string || hit.kind == .scalar {
      guard let parent = hit.parent else { return nil }
      if hit.isKey {
        return CursorContext(place: .key(object: parent, typed: hit), path: parent.path, container: parent, root: root)
      }
      if parent.kind == .object {
        return CursorContext(
          place: .value(container: parent, key: hit.keyInParent, typed: hit), path: parent.path, container: parent, root: root)
      }
      return CursorContext(place: .value(container: parent, key: nil, typed: hit), path: parent.path, container: parent, root: root)
    }
    if hit.kind == .array {
      return CursorContext(place: .value(container: hit, key: nil, typed: nil), path: hit.path, container: hit, root: root)
    }
    // In an object, between members: after a colon the value is being typed, else a key.
    var i = offset - 1
    while i > hit.start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i -= 1 }
    if i > hit.start, bytes[i] == UInt8(ascii: ":"),
      let member = hit.members.last(where: { $0.key.end <= i })
    {
      return CursorContext(place: .value(container: hit, key: member.key.text, typed: nil), path: hit.path, container: hit, root: root)
    }
    return CursorContext(place: .key(object: hit, typed: nil), path: hit.path, container: hit, root: root)
  }
}
