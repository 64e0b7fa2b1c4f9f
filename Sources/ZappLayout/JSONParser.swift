// The parser of `JSON.parse`: RFC 8259 into a `JSON` tree, members in order, numbers as written.
import Foundation

/// Reads the bytes in place: every index is checked against `count` before it is read. The members
/// and elements of the containers being read wait on two stacks, the containers themselves on a
/// third (`open`), so reading never recurses; each container is made once, at its exact size, when
/// it closes. `release()` frees the stacks (after the last use).
struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var pos = 0
  var depth = 0
  private var members = Stack<(String, JSON)>()
  private var items = Stack<JSON>()
  private var recentKeys = RecentKeys()
  /// The objects and arrays being read, the innermost last.
  private var open: [OpenContainer] = []

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func release() {
    members.release()
    items.release()
  }

  func fail(_ message: String, at offset: Int? = nil) -> JSON.ParseError {
    let at = min(offset ?? pos, bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<at where bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return JSON.ParseError(message: message, line: line, column: at - lineStart + 1)
  }

  mutating func document() throws -> JSON {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
    let value = try self.value()
    skipSpace()
    guard pos == bytes.count else { throw fail("unexpected text after the value") }
    return value
  }

  mutating func skipSpace() {
    while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x0A || bytes[pos] == 0x0D || bytes[pos] == 0x09 { pos += 1 }
  }

  /// The value from `pos`, read in one loop: an object or an array opened waits on `open` until
  /// it closes, so that the stack the parser uses does not grow with the nesting (a file nested
  /// deeper than `JSON.maxDepth` throws at its first level past it, on a thread of any stack).
  mutating func value() throws -> JSON {
    reading: while true {
      skipSpace()
      guard pos < bytes.count else { throw fail("unexpected end of the file") }
      var value: JSON
      switch bytes[pos] {
      case UInt8(ascii: "{"):
        guard let empty = try openContainer(object: true) else {
          try memberKey()
          continue
        }
        value = empty
      case UInt8(ascii: "["):
        guard let empty = try openContainer(object: false) else { continue }
        value = empty
      case UInt8(ascii: "\""): value = .string(try string())
      case UInt8(ascii: "t"): value = try literal("true", .bool(true))
      case UInt8(ascii: "f"): value = try literal("false", .bool(false))
      case UInt8(ascii: "n"): value = try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try number()
      default: throw fail("unexpected character")
      }
      // The value is a member or an item of the innermost open container: the containers it
      // closes are values in turn, until one goes on with another member or item.
      while let last = open.indices.last {
        // Its two fields alone: a copy of the container would retain its key set. A member's
        // key waits on `members` already (with a null value), so the value is put beside it.
        let (isObject, first) = (open[last].isObject, open[last].first)
        // Moved, not copied: `value` is made again below, or the loop goes on to the next.
        if isObject { members.setLastValue(consume value) } else { items.push(consume value) }
        skipSpace()
        guard pos < bytes.count else { throw fail("unexpected end of the file") }
        if bytes[pos] == UInt8(ascii: ",") {
          pos += 1
          if isObject { try memberKey() }
          continue reading
        }
        guard bytes[pos] == UInt8(ascii: isObject ? "}" : "]") else {
          throw fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        pos += 1
        depth -= 1
        open.removeLast()
        value = isObject ? .object(members.pop(from: first)) : .array(items.pop(from: first))
      }
      // No container is open: the value is the document's.
      return value
    }
  }

  mutating func literal(_ word: StaticString, _ value: JSON) throws -> JSON {
    let count = word.utf8CodeUnitCount
    guard bytes.count - pos >= count, (0..<count).allSatisfy({ bytes[pos + $0] == word.utf8Start[$0] }) else {
      throw fail("expected '\(word)'")
    }
    pos += count
    return value
  }

  mutating func enter() throws {
    depth += 1
    if depth > JSON.maxDepth { throw fail("nested more than \(JSON.maxDepth) levels") }
  }

  /// At a `{` or `[`: an empty container, read whole; else nil, and the container is open.
  mutating func openContainer(object: Bool) throws -> JSON? {
    try enter()
    pos += 1
    skipSpace()
    if pos < bytes.count, bytes[pos] == UInt8(ascii: object ? "}" : "]") {
      pos += 1
      depth -= 1
      return object ? .object([]) : .array([])
    }
    open.append(OpenContainer(isObject: object, first: object ? members.count : items.count))
    return nil
  }

  /// The key of the next member of the innermost open container (an object) and its `:`.
  mutating func memberKey() throws {
    skipSpace()
    guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw fail("expected a key") }
    let keyStart = pos
    let key = try self.key()
    let last = open.count - 1
    let first = open[last].first
    // A few keys are compared one by one; a set is made once an object has more.
    if members.count - first < 12 {
      if members.contains(key, from: first) { throw fail("duplicate key '\(key)'", at: keyStart) }
    } else {
      if open[last].keys == nil { open[last].keys = members.keys(from: first) }
      guard open[last].keys!.insert(key).inserted else { throw fail("duplicate key '\(key)'", at: keyStart) }
    }
    skipSpace()
    guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw fail("expected ':'") }
    pos += 1
    // The member waits with its key until its value is read (`value()` puts it in).
    members.push((key, .null))
  }

  mutating func number() throws -> JSON {
    let start = pos
    func digits() -> Bool {
      let from = pos
      while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 { pos += 1 }
      return pos > from
    }
    if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
    let integerStart = pos
    guard digits() else { throw fail("expected a digit") }
    if bytes[integerStart] == UInt8(ascii: "0"), pos - integerStart > 1 { throw fail("leading zero", at: integerStart) }
    let integerDigits = pos - integerStart
    if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
      pos += 1
      guard digits() else { throw fail("expected a digit after '.'") }
    }
    var exponent = false
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
      exponent = true
      pos += 1
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
      guard digits() else { throw fail("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<pos], as: UTF8.self)
    // Without an exponent, a number of up to 300 whole digits is a finite double.
    if exponent || integerDigits > 300 {
      guard let value = Double(text), value.isFinite else { throw fail("number beyond a 64-bit float", at: start) }
    }
    return .number(text)
  }

  mutating func string() throws -> String {
    pos += 1
    let start = pos
    guard let end = plainStringEnd() else { return try escapedString() }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// A key: as `string()`, but a plain key with the bytes of a recent one is that key again.
  mutating func key() throws -> String {
    pos += 1
    let start = pos
    guard let end = plainStringEnd() else { return try escapedString() }
    return recentKeys.key(bytes, start..<end)
  }

  /// Most strings are ASCII without escapes: their bytes are the string. For such a string, from
  /// its first byte, moves past its closing quote and gives the end of its bytes; for any other,
  /// stays and gives nil.
  mutating func plainStringEnd() -> Int? {
    let start = pos
    while true {
      skipPlainWords()
      guard pos < bytes.count else { break }
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") {
        pos += 1
        return pos - 1
      }
      if b < 0x20 || b >= 0x80 || b == UInt8(ascii: "\\") { break }
      pos += 1
    }
    pos = start
    return nil
  }

  /// Moves eight bytes at a time past bytes that are no quote, backslash, control character or
  /// non-ASCII byte (`PlainBytes.wordsEnd`).
  mutating func skipPlainWords() {
    guard let start = bytes.baseAddress else { return }
    pos = PlainBytes.wordsEnd(UnsafeRawPointer(start), from: pos, to: bytes.count, quote: 0x22)
  }

  /// A string with escapes or bytes beyond ASCII, from its first byte.
  mutating func escapedString() throws -> String {
    var out: [UInt8] = []
    while true {
      guard pos < bytes.count else { throw fail("unterminated string") }
      let b = bytes[pos]
      if b == UInt8(ascii: "\"") {
        pos += 1
        break
      }
      if b < 0x20 { throw fail("control character in a string") }
      guard b == UInt8(ascii: "\\") else {
        out.append(b)
        pos += 1
        continue
      }
      guard pos + 1 < bytes.count else { throw fail("unterminated string") }
      let escaped = bytes[pos + 1]
      pos += 2
      switch escaped {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"): out += try unicodeEscape()
      default: throw fail("invalid escape")
      }
    }
    guard let text = String(bytes: out, encoding: .utf8) else { throw fail("invalid UTF-8 in a string") }
    // Foundation drops a leading byte-order mark, which is a character of the string here, as it
    // is to zlc: `"\u{FEFF}show"` and `"show"` are two keys, and neither loses a character.
    return out.starts(with: Self.byteOrderMark) ? String(decoding: out, as: UTF8.self) : text
  }

  /// U+FEFF in UTF-8.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The UTF-8 bytes of a `\u` escape (with its low surrogate), from its first hex digit.
  mutating func unicodeEscape() throws -> [UInt8] {
    var scalar = try hex4()
    if (0xD800..<0xDC00).contains(scalar) {
      guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
        throw fail("lone surrogate")
      }
      pos += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(scalar) {
      throw fail("lone surrogate")
    }
    return Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
  }

  mutating func hex4() throws -> UInt32 {
    guard pos + 4 <= bytes.count else { throw fail("invalid \\u escape") }
    var value: UInt32 = 0
    for b in bytes[pos..<(pos + 4)] {
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - 0x61 + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - 0x41 + 10)
      default: throw fail("invalid \\u escape")
      }
      value = value << 4 | digit
    }
    pos += 4
    return value
  }
}

/// An object or an array being read: where its members or items begin on the parser's stacks, and,
/// for an object, (once it has many) the keys read so far.
private struct OpenContainer {
  let isObject: Bool
  let first: Int
  var keys: Set<String>? = nil

  init(isObject: Bool, first: Int) {
    self.isObject = isObject
    self.first = first
  }
}

/// The keys read last, by a hash of their bytes: an object's keys are mostly those of the objects
/// before it, and a key found here is not made again.
private struct RecentKeys {
  private var slots = [(bytes: Range<Int>, key: String)](repeating: (0..<0, ""), count: 64)

  /// The key of the bytes at `range` (plain ASCII) of `bytes`.
  mutating func key(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let count = range.count
    let hash = count == 0 ? 0 : count &* 31 &+ Int(bytes[range.lowerBound]) &* 7 &+ Int(bytes[range.upperBound - 1])
    let slot = hash & 63
    let kept = slots[slot]
    if kept.bytes.count == count, let base = bytes.baseAddress, memcmp(base + kept.bytes.lowerBound, base + range.lowerBound, count) == 0 {
      return kept.key
    }
    let key = String(decoding: bytes[range], as: UTF8.self)
    slots[slot] = (range, key)
    return key
  }
}

/// A stack of values owned by the parser: pushed while a container is read, moved into the
/// container's array when it closes. `release()` frees what is left (after an error too).
private struct Stack<Element> {
  private var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
  private var capacity = 64
  private(set) var count = 0

  mutating func push(_ element: Element) {
    if count == capacity {
      let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
      base = grown
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// The elements from position `first` on, as an array; the stack keeps those before it. The
  /// array is reserved and appended to: `Array(unsafeUninitializedCapacity:)` allocates through
  /// the standard library's unspecialized code, which looks up the storage's generic metadata on
  /// every call (some 150 instructions a container).
  mutating func pop(from first: Int) -> [Element] {
    let n = count - first
    let from = base + first
    count = first
    var array: [Element] = []
    array.reserveCapacity(n)
    for i in 0..<n { array.append((from + i).move()) }
    return array
  }

  mutating func release() {
    base.deinitialize(count: count)
    base.deallocate()
    count = 0
    capacity = 0
  }
}

extension Stack where Element == (String, JSON) {
  /// Whether a member from position `first` on has the key.
  func contains(_ key: String, from first: Int) -> Bool {
    for i in first..<count where base[i].0 == key { return true }
    return false
  }

  func keys(from first: Int) -> Set<String> { Set((first..<count).map { base[$0].0 }) }

  /// Puts `value` in the top member, pushed with its key before its value was read.
  mutating func setLastValue(_ value: consuming JSON) { base[count - 1].1 = value }
}

/// The word scan of JSON strings, shared by this parser and the compiler's reader, into whose
/// module its member is inlined.
package enum PlainBytes {
  /// Where a run of string bytes that are no `quote`, backslash, control character or non-ASCII
  /// byte ends, read eight bytes at a time from `start`: the first such byte of the words read, or
  /// within the last seven bytes before `end`, which are left to a byte-by-byte scan. In a word
  /// read with its first byte lowest, the lowest byte flagged is the first such byte (a borrow
  /// only carries upwards from a byte flagged itself). `base` must be readable up to `end`.
  @inlinable
  package static func wordsEnd(_ base: UnsafeRawPointer, from start: Int, to end: Int, quote: UInt8) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var pos = start
    while end - pos >= 8 {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: pos, as: UInt64.self))
      let quoted = word ^ (ones &* UInt64(quote))
      let backslash = word ^ (ones &* 0x5C)
      let zeroQuote = (quoted &- ones) & ~quoted
      let zeroBackslash = (backslash &- ones) & ~backslash
      let control = word &- (ones &* 0x20)
      let flagged = (zeroQuote | zeroBackslash | control | word) & highs
      if flagged != 0 { return pos + flagged.trailingZeroBitCount >> 3 }
      pos += 8
    }
    return pos
  }
}
