/// Where the cursor is in a family XML text, read leniently (a half-typed tag, an unclosed quote)
/// from the start of the text to the tag the cursor is in: the elements open around it, and the
/// name, attribute name or attribute value it is on.
struct FamilyXMLCursor {
  enum Place: Equatable {
    /// On an element's name in a start tag, or right after its `<`.
    case elementName
    /// Between a start tag's attributes, or on an attribute's name.
    case attributeName
    /// Inside the quotes of the value of `attribute`.
    case attributeValue(attribute: String)
    /// On the name of an end tag, or right after its `</`: `closed` when the tag has its `>`.
    case endTagName(closed: Bool)
  }

  let place: Place
  /// The bytes the completion replaces: the name or the value the cursor is on (empty at a space).
  let typed: Range<Int>
  /// The element of the tag the cursor is in ("" when its name is not written yet).
  let element: String
  /// The names of the elements open around the tag, outermost first.
  let parents: [String]
  /// The attributes the tag holds, each with its value (nil when it has none yet).
  let attributes: [(name: String, value: String?)]
  /// The attribute whose name the cursor is on, if any.
  let attributeAtCursor: String?

  /// Whether the cursor is on an end tag's name (display rules are closed like any element).
  var isEndTag: Bool {
    if case .endTagName = place { return true }
    return false
  }

  private struct Tag {
    var start: Int
    /// The `>` that ends it, or where it breaks off (a `<`, the end of the text).
    var end: Int
    var closed = false
    var isEnd = false
    var selfClosing = false
    var name: Range<Int>
    var attributes: [(name: Range<Int>, value: Range<Int>?)] = []
  }

  /// The cursor's place at byte `offset` of `bytes`; nil outside any tag's name or attributes (in
  /// text, a comment, after an end tag's name, or after `=` before a value's quote).
  static func at(_ offset: Int, in bytes: [UInt8]) -> FamilyXMLCursor? {
    var visited = 0
    return at(offset, in: bytes, visited: &visited)
  }

  /// `at(_:in:)`, adding to `visited` the open elements the end tags look at: each looks at just
  /// the elements it closes (none when no open element has its name), so the scan stays linear.
  static func at(_ offset: Int, in bytes: [UInt8], visited: inout Int) -> FamilyXMLCursor? {
    var stack: [String] = []
    // How many elements of each name `stack` holds: an end tag naming none closes nothing.
    var openCount: [String: Int] = [:]
    var i = 0
    while i < bytes.count, i < offset {
      guard bytes[i] == UInt8(ascii: "<") else {
        i += 1
        continue
      }
      if let markup = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")].first(where: {
        starts(bytes, at: i, with: $0.0)
      }) {
        guard let end = find(markup.1, in: bytes, from: i + markup.0.utf8.count) else { return nil }
        i = end + markup.1.utf8.count
        if i > offset { return nil }
        continue
      }
      let tag = scanTag(bytes, at: i)
      if offset <= tag.end {
        guard tag.isEnd else { return cursor(in: tag, at: offset, bytes: bytes, parents: stack) }
        guard offset >= tag.name.lowerBound, offset <= tag.name.upperBound else { return nil }
        return FamilyXMLCursor(
          place: .endTagName(closed: tag.closed), typed: tag.name, element: text(bytes, tag.name), parents: stack, attributes: [],
          attributeAtCursor: nil)
      }
      let name = text(bytes, tag.name)
      if tag.isEnd {
        // It closes the innermost element of its name and every element opened inside it.
        while openCount[name, default: 0] > 0, let closed = stack.popLast() {
          visited += 1
          openCount[closed, default: 1] -= 1
          if closed == name { break }
        }
      } else if !tag.selfClosing, tag.closed, !name.isEmpty {
        // A tag without a name (`<>`, `< x>`) opens no element.
        stack.append(name)
        openCount[name, default: 0] += 1
      }
      i = tag.closed ? tag.end + 1 : tag.end
    }
    return nil
  }

  private static func cursor(in tag: Tag, at offset: Int, bytes: [UInt8], parents: [String]) -> FamilyXMLCursor? {
    let attributes: [(name: String, value: String?)] = tag.attributes.map { (text(bytes, $0.name), $0.value.map { text(bytes, $0) }) }
    func make(_ place: Place, _ typed: Range<Int>, at attribute: String? = nil) -> FamilyXMLCursor {
      FamilyXMLCursor(
        place: place, typed: typed, element: text(bytes, tag.name), parents: parents, attributes: attributes,
        attributeAtCursor: attribute)
    }
    if offset <= tag.name.upperBound { return make(.elementName, tag.name) }
    for attribute in tag.attributes {
      if attribute.name.contains(offset) || attribute.name.upperBound == offset {
        return make(.attributeName, attribute.name, at: text(bytes, attribute.name))
      }
      if let value = attribute.value, value.lowerBound <= offset, offset <= value.upperBound {
        return make(.attributeValue(attribute: text(bytes, attribute.name)), value)
      }
    }
    // Between attributes, or at the end of the tag: a space, not inside `name=` before its quote.
    guard isSpace(bytes[offset - 1]) else { return nil }
    return make(.attributeName, offset..<offset)
  }

  /// Reads the tag that starts at `start` (a `<`).
  private static func scanTag(_ bytes: [UInt8], at start: Int) -> Tag {
    var i = start + 1
    let isEnd = i < bytes.count && bytes[i] == UInt8(ascii: "/")
    if isEnd { i += 1 }
    let nameStart = i
    while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
    var tag = Tag(start: start, end: bytes.count, isEnd: isEnd, name: nameStart..<i)
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: ">") {
        tag.end = i
        tag.closed = true
        tag.selfClosing = i > start && bytes[i - 1] == UInt8(ascii: "/")
        return tag
      }
      if byte == UInt8(ascii: "<") {
        tag.end = i
        return tag
      }
      guard isNameByte(byte) else {
        i += 1
        continue
      }
      let name = i..<scan(bytes, from: i, while: isNameByte)
      i = scan(bytes, from: name.upperBound, while: isSpace)
      var value: Range<Int>?
      if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
        i = scan(bytes, from: i + 1, while: isSpace)
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
          let quote = bytes[i]
          // An unclosed value (being typed) ends at the line's end or at the next tag.
          let end = scan(bytes, from: i + 1) { $0 != quote && $0 != UInt8(ascii: "<") && $0 != 0x0A && $0 != 0x0D }
          value = (i + 1)..<end
          i = end < bytes.count && bytes[end] == quote ? end + 1 : end
        }
      }
      tag.attributes.append((name, value))
    }
    return tag
  }

  private static func scan(_ bytes: [UInt8], from start: Int, while condition: (UInt8) -> Bool) -> Int {
    var i = start
    while i < bytes.count, condition(bytes[i]) { i += 1 }
    return i
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

  /// A byte of an XML name (ASCII letters, digits, `_`, `-`, `.`, `:`) or of a non-ASCII character.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x30 && byte <= 0x3A) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F || byte == 0x2D
      || byte == 0x2E
  }

  private static func starts(_ bytes: [UInt8], at i: Int, with prefix: String) -> Bool {
    let count = prefix.utf8.count
    return i + count <= bytes.count && bytes[i..<(i + count)].elementsEqual(prefix.utf8)
  }

  private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
    let n = Array(needle.utf8)
    var i = start
    while i + n.count <= bytes.count {
      if bytes[i] == n[0], bytes[i..<(i + n.count)].elementsEqual(n) { return i }
      i += 1
    }
    return nil
  }

  private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}
