import Foundation
import Synchronization

// A JSON reader written by hand, on purpose. Foundation's JSONSerialization and JSONDecoder give no
// source positions (so no line and column for diagnostics), accept inputs RFC 8259 forbids on some
// platforms, silently keep one of two duplicate keys, and build a tree of boxed objects that is slow
// and large. This reader keeps every value's byte offset, reports every deviation from RFC 8259 as a
// diagnostic, and stores the document as a flat "tape" of fixed-size nodes (no allocation per value),
// which is what makes it several times faster than JSONSerialization (see `make bench`).

/// The kind of a JSON value.
public enum JSONKind: UInt8, Sendable {
  case null, bool, number, string, array, object

  /// The name used in diagnostics ("expected a string, found an array").
  public var article: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// One value on the tape, in 8 bytes. Containers are followed by their members; a container's
/// `next` is the index just past its subtree, so siblings are reached without visiting descendants.
/// A scalar keeps its length instead (its `next` is the index after it), and a container's end is
/// found from its last member when asked for (`JSONDocument.end(of:)`), which diagnostics seldom do.
public struct JSONNode: Sendable {
  // The type is public and its members inlinable package ones: the reader and the rules of other
  // modules read nodes by the million, and no member of a package type is inlined into another
  // module (`swift build -c release` serializes a type's inlinable members only when it is public).

  /// The offset of the value's first byte (the low 28 bits) and the flags (the high 4).
  @usableFromInline var startAndFlags: UInt32
  /// A container's `next` or a scalar's length in bytes (the low 29 bits), and the kind (the high 3).
  @usableFromInline var payloadAndKind: UInt32

  /// The largest file whose offsets fit in a node: 256 MiB.
  package static let maxFileBytes = 1 << startBits
  @usableFromInline static var startBits: UInt32 { 28 }
  @usableFromInline static var payloadBits: UInt32 { 29 }
  @usableFromInline static var startMask: UInt32 { (1 << startBits) - 1 }
  @usableFromInline static var payloadMask: UInt32 { (1 << payloadBits) - 1 }

  /// A string written with escapes.
  @inlinable package static var hasEscapes: UInt8 { 1 }
  /// The boolean `true`.
  @inlinable package static var isTrue: UInt8 { 2 }
  /// A string that is an object's key.
  @inlinable package static var isKey: UInt8 { 4 }
  /// A string with invalid UTF-8 or lone surrogates.
  @inlinable package static var needsRepair: UInt8 { 8 }

  /// A scalar (null, boolean, number or string) of `length` bytes at `start`.
  @inlinable
  package init(start: Int, length: Int, kind: JSONKind, flags: UInt8) {
    startAndFlags = UInt32(truncatingIfNeeded: start) | UInt32(flags) << Self.startBits
    payloadAndKind = UInt32(truncatingIfNeeded: length) | UInt32(kind.rawValue) << Self.payloadBits
  }

  /// A container opened at `start`, whose `next` is set when it closes.
  @inlinable
  package init(containerAt start: Int, kind: JSONKind) {
    self.init(start: start, length: 0, kind: kind, flags: 0)
  }

  /// The offset of the value's first byte.
  @inlinable package var start: Int { Int(startAndFlags & Self.startMask) }
  /// The flags (`hasEscapes`, `isTrue`, `isKey`, `needsRepair`).
  @inlinable package var flags: UInt8 { UInt8(truncatingIfNeeded: startAndFlags >> Self.startBits) }
  /// The kind: the node was made from a `JSONKind`, so its 3 bits hold one of the raw values.
  @inlinable package var kind: JSONKind {
    unsafeBitCast(UInt8(truncatingIfNeeded: payloadAndKind >> Self.payloadBits), to: JSONKind.self)
  }
  /// Whether the value is an array or an object.
  @inlinable package var isContainer: Bool { payloadAndKind >> Self.payloadBits >= JSONKind.array.rawValue }
  @inlinable var payload: Int { Int(payloadAndKind & Self.payloadMask) }

  /// The offset just past a scalar's last byte (a container's is `JSONDocument.end(of:)`).
  @inlinable package var end: Int { start + payload }

  /// The index just past the value's subtree, for the node at `index`.
  @inlinable package func next(at index: Int) -> Int { isContainer ? payload : index + 1 }

  /// The same value starting at another offset (its bytes moved within the file).
  @inlinable package func moved(to start: Int) -> JSONNode {
    var copy = self
    copy.startAndFlags = (startAndFlags & ~Self.startMask) | UInt32(truncatingIfNeeded: start)
    return copy
  }

  /// Records where a container's subtree ends on the tape.
  @inlinable package mutating func close(next: Int) {
    payloadAndKind = (payloadAndKind & ~Self.payloadMask) | UInt32(truncatingIfNeeded: next)
  }
}

/// A parsed JSON file: the source bytes and the tape of values.
public final class JSONDocument: Sendable {
  public let source: SourceFile
  /// The tape: every value in source order, each container before its members.
  @usableFromInline package let nodes: [JSONNode]

  package init(source: SourceFile, nodes: [JSONNode]) {
    self.source = source
    self.nodes = nodes
  }

  /// The top-level value, or nil when the file held no value.
  public var root: JSONValue? { nodes.isEmpty ? nil : JSONValue(document: self, index: 0) }

  /// The number of values on the tape (keys included).
  public var nodeCount: Int { nodes.count }

  /// The offset just past the value at `index`. A container's end is not on the tape: it is the
  /// closing bracket after its last member, found by going down the chain of last members to a
  /// scalar or an empty container and back up, skipping what may stand between (whitespace,
  /// comments, a trailing comma).
  package func end(of index: Int) -> Int {
    // Down the chain of containers, each the last member of the one before, to a scalar (not on
    // the chain) or an empty container (the chain's last).
    var chain: [Int] = []
    var node = index
    while nodes[node].isContainer {
      chain.append(node)
      let next = nodes[node].next(at: node)
      if next == node + 1 { break }
      var last = node + 1
      while nodes[last].next(at: last) < next { last = nodes[last].next(at: last) }
      node = last
    }
    var offset = nodes[node].isContainer ? nodes[node].start + 1 : nodes[node].end
    for _ in chain { offset = closer(after: offset) }
    return offset
  }

  /// The offset just past the first `]` or `}` at or after `offset`, skipping whitespace, commas
  /// and comments.
  private func closer(after offset: Int) -> Int {
    let bytes = source.bytes
    var i = offset
    while i < bytes.count {
      switch bytes[i] {
      case 0x5D, 0x7D: return i + 1
      case 0x2F where i + 1 < bytes.count && bytes[i + 1] == 0x2F:
        while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
      case 0x2F where i + 1 < bytes.count && bytes[i + 1] == 0x2A:
        i += 2
        while i + 1 < bytes.count, !(bytes[i] == 0x2A && bytes[i + 1] == 0x2F) { i += 1 }
        i += 2
      default: i += 1
      }
    }
    return bytes.count
  }

  /// The JSON pointer (RFC 6901) of the value at `target` on the tape; a key's pointer is its
  /// value's. The first few are found by walking down from the root; a document asked for many
  /// (a file with thousands of diagnostics) builds a parent index once, so each costs its depth.
  package func pointer(to target: Int) -> String {
    var target = target
    guard target >= 0, target < nodes.count else { return "" }
    if nodes[target].flags & JSONNode.isKey != 0 { target += 1 }
    let parents = pointerIndex.withLock { state -> ParentIndex? in
      state.requests += 1
      if state.parents == nil, state.requests > 16 { state.parents = buildParentIndex() }
      return state.parents
    }
    guard let parents else { return walkPointer(to: target) }
    var steps: [String] = []
    var node = target
    while node != 0 {
      let parent = Int(parents.parent[node])
      if nodes[parent].kind == .object {
        steps.append("/" + escapePointer(JSONValue(document: self, index: node - 1).string ?? ""))
      } else {
        steps.append("/\(parents.position[node])")
      }
      node = parent
    }
    return steps.reversed().joined()
  }

  /// How many pointers were asked for, and the parent index once that is worth building.
  private let pointerIndex = Mutex<(requests: Int, parents: ParentIndex?)>((0, nil))
  package typealias ParentIndex = (parent: [Int32], position: [Int32])

  /// For every value: the container it is in, and its index there (arrays) — keys are skipped.
  private func buildParentIndex() -> (parent: [Int32], position: [Int32]) {
    var parent = [Int32](repeating: 0, count: nodes.count)
    var position = [Int32](repeating: 0, count: nodes.count)
    for container in nodes.indices where nodes[container].kind == .array || nodes[container].kind == .object {
      let isObject = nodes[container].kind == .object
      var child = container + 1
      var k: Int32 = 0
      let end = nodes[container].next(at: container)
      while child < end {
        let value = isObject ? child + 1 : child
        guard value < nodes.count else { break }
        parent[value] = Int32(container)
        position[value] = k
        k += 1
        child = nodes[value].next(at: value)
      }
    }
    return (parent, position)
  }

  /// The pointer found by walking down from the root, skipping siblings' subtrees.
  package func walkPointer(to target: Int) -> String {
    var pointer = ""
    var container = 0
    descending: while container != target {
      let node = nodes[container]
      let end = node.next(at: container)
      var child = container + 1
      var position = 0
      while child < end {
        let valueIndex = node.kind == .object ? child + 1 : child
        let next = nodes[valueIndex].next(at: valueIndex)
        if target < next {
          if node.kind == .object {
            pointer += "/" + escapePointer(JSONValue(document: self, index: child).string ?? "")
          } else {
            pointer += "/\(position)"
          }
          container = valueIndex
          continue descending
        }
        child = next
        position += 1
      }
      break  // not inside this container: a malformed tape, keep what was found
    }
    return pointer
  }
}

/// A handle to one value of a `JSONDocument`. Cheap to copy; reads the tape lazily.
public struct JSONValue: Sendable {
  public let document: JSONDocument
  @usableFromInline package let index: Int

  // Inlinable, as JSONNode's members are: the rules of other modules make and read values by the million.
  @inlinable package init(document: JSONDocument, index: Int) {
    self.document = document
    self.index = index
  }

  @inlinable package var node: JSONNode { document.nodes[index] }

  @inlinable public var kind: JSONKind { node.kind }
  /// The offset of the value's first byte in its file's `bytes` (folded or not: see
  /// `SourceFile.foldedIndents`); `spot.location.offset` is the offset in the file as written.
  public var offset: Int { Int(node.start) }
  public var file: SourceFile { document.source }

  @inlinable public var isNull: Bool { kind == .null }

  /// The boolean, when the value is `true` or `false`.
  public var bool: Bool? { kind == .bool ? (node.flags & JSONNode.isTrue != 0) : nil }

  /// The number's text as written in the file.
  public var numberText: String? {
    guard kind == .number else { return nil }
    let n = node
    return String(decoding: document.source.bytes[Int(n.start)..<Int(n.end)], as: UTF8.self)
  }

  /// The number as a Double, when the value is a number.
  public var number: Double? {
    guard let text = numberText else { return nil }
    return Double(text)
  }

  /// The decoded string, when the value is a string (keys included).
  public var string: String? {
    guard kind == .string else { return nil }
    return JSONStrings.decode(document.source.bytes, node)
  }

  /// True when the value is a string equal to `text` (compared without decoding when possible).
  public func stringEquals(_ text: String) -> Bool {
    guard kind == .string else { return false }
    return Self.stringEquals(document.nodes[index], text, document: document)
  }

  /// `stringEquals` on a node of the tape, with the bytes at hand: the loops that compare every key
  /// of every object against several names call this without building values.
  @inline(__always)
  package static func stringEquals(_ node: JSONNode, _ text: String, document: JSONDocument) -> Bool {
    if node.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) != 0 {
      return JSONStrings.decode(document.source.bytes, node) == text
    }
    var text = text
    return text.withUTF8 { wanted in
      document.source.bytes.withUnsafeBufferPointer { plainStringEquals(node, wanted, in: $0) }
    }
  }

  /// Whether a string node written without escapes holds exactly `wanted`: lengths first, then bytes.
  @inline(__always)
  package static func plainStringEquals(_ node: JSONNode, _ wanted: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    guard Int(node.end) - Int(node.start) - 2 == wanted.count else { return false }
    return wanted.isEmpty || memcmp(bytes.baseAddress! + Int(node.start) + 1, wanted.baseAddress!, wanted.count) == 0
  }

  /// The UTF-8 bytes of a string written without escapes (most keys), read in place; nil for
  /// other values and for strings that need decoding.
  @inline(__always)
  package func withPlainStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let n = node
    guard n.kind == .string, n.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) == 0 else { return nil }
    return document.source.bytes.withUnsafeBufferPointer { bytes in
      body(UnsafeBufferPointer(rebasing: bytes[(Int(n.start) + 1)..<(Int(n.end) - 1)]))
    }
  }

  /// The members of an object, in source order: each key (as a string value) and its value.
  public var members: [(key: JSONValue, value: JSONValue)] {
    guard kind == .object else { return [] }
    var result: [(JSONValue, JSONValue)] = []
    let nodes = document.nodes
    var i = index + 1
    let end = nodes[index].next(at: index)
    while i < end {
      let valueIndex = i + 1
      result.append(
        (JSONValue(document: document, index: i), JSONValue(document: document, index: valueIndex)))
      i = nodes[valueIndex].next(at: valueIndex)
    }
    return result
  }

  /// Calls `body` with each member of an object (key and value), in source order, without
  /// building an array.
  public func forEachMember(_ body: (_ key: JSONValue, _ value: JSONValue) throws -> Void) rethrows {
    guard kind == .object else { return }
    let nodes = document.nodes
    var i = index + 1
    let end = nodes[index].next(at: index)
    while i < end {
      try body(JSONValue(document: document, index: i), JSONValue(document: document, index: i + 1))
      i = nodes[i + 1].next(at: i + 1)
    }
  }

  /// The elements of an array, in order.
  public var elements: [JSONValue] {
    guard kind == .array else { return [] }
    var result: [JSONValue] = []
    let nodes = document.nodes
    var i = index + 1
    let end = nodes[index].next(at: index)
    while i < end {
      result.append(JSONValue(document: document, index: i))
      i = nodes[i].next(at: i)
    }
    return result
  }

  /// The number of elements of an array (0 for other values), counted by skipping their subtrees.
  package var elementCount: Int {
    guard kind == .array else { return 0 }
    let nodes = document.nodes
    var i = index + 1
    let end = nodes[index].next(at: index)
    var count = 0
    while i < end {
      count += 1
      i = nodes[i].next(at: i)
    }
    return count
  }

  /// Calls `body` with each element of an array, in order, without building an array.
  public func forEachElement(_ body: (JSONValue) throws -> Void) rethrows {
    guard kind == .array else { return }
    let nodes = document.nodes
    var i = index + 1
    let end = nodes[index].next(at: index)
    while i < end {
      try body(JSONValue(document: document, index: i))
      i = nodes[i].next(at: i)
    }
  }

  /// The element at `position` of an array (nil past its end or when the value is not an array),
  /// reached by skipping its elements' subtrees, without building an array.
  public func element(at position: Int) -> JSONValue? {
    guard kind == .array, position >= 0 else { return nil }
    let nodes = document.nodes
    var i = index + 1
    let end = nodes[index].next(at: index)
    var k = 0
    while i < end {
      if k == position { return JSONValue(document: document, index: i) }
      k += 1
      i = nodes[i].next(at: i)
    }
    return nil
  }

  /// The value of an object's member, or nil (also when the value is not an object).
  public subscript(key: String) -> JSONValue? {
    guard kind == .object else { return nil }
    // Rules read a few members of every component this way: the keys are compared in place by
    // length first, then bytes; only a key written with escapes is decoded.
    var wanted = key
    let found = wanted.withUTF8 { wanted in
      document.nodes.withUnsafeBufferPointer { nodes in
        document.source.bytes.withUnsafeBufferPointer { bytes -> Int? in
          var i = index + 1
          let end = nodes[index].next(at: index)
          while i < end {
            let node = nodes[i]
            if node.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) != 0 {
              if JSONStrings.decode(document.source.bytes, node) == key { return i + 1 }
            } else if Self.plainStringEquals(node, wanted, in: bytes) {
              return i + 1
            }
            i = nodes[i + 1].next(at: i + 1)
          }
          return nil
        }
      }
    }
    return found.map { JSONValue(document: document, index: $0) }
  }

  /// The key value of an object's member (for pointing at the key rather than its value).
  public func keyNode(_ key: String) -> JSONValue? {
    guard kind == .object else { return nil }
    for member in members where member.key.stringEquals(key) { return member.key }
    return nil
  }

  /// Where the value is written, for diagnostics.
  public var spot: SourceSpot { SourceSpot(document: document, index: index) }

  /// The raw source text of the value.
  public var sourceText: String {
    String(decoding: document.source.bytes[node.start..<document.end(of: index)], as: UTF8.self)
  }

  /// The bytes the value is written in, for a fix-it that replaces it: measured in the file, not
  /// in `sourceText`, whose invalid UTF-8 bytes each decode to three.
  public var sourceRange: SourceRange {
    SourceRange(spot: spot, length: document.end(of: index) - node.start)
  }
}

package enum JSONStrings {
  /// Decodes a string node (including its quotes) into a Swift String.
  package static func decode(_ bytes: [UInt8], _ node: JSONNode) -> String {
    let start = Int(node.start) + 1
    let end = Int(node.end) - 1
    guard end >= start else { return "" }
    if node.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) == 0 {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    utf8.reserveCapacity(end - start)
    var i = start
    func flush() {
      if !utf8.isEmpty {
        scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
        utf8.removeAll(keepingCapacity: true)
      }
    }
    while i < end {
      let b = bytes[i]
      if b != 0x5C {
        utf8.append(b)
        i += 1
        continue
      }
      guard i + 1 < end else { break }
      let e = bytes[i + 1]
      i += 2
      switch e {
      case 0x22: utf8.append(0x22)
      case 0x5C: utf8.append(0x5C)
      case 0x2F: utf8.append(0x2F)
      case 0x62: utf8.append(0x08)
      case 0x66: utf8.append(0x0C)
      case 0x6E: utf8.append(0x0A)
      case 0x72: utf8.append(0x0D)
      case 0x74: utf8.append(0x09)
      case 0x75:
        guard let unit = hex4(bytes, i, end) else {
          utf8.append(0x3F)
          continue
        }
        i += 4
        var scalarValue: UInt32 = unit
        if unit >= 0xD800 && unit < 0xDC00, i + 6 <= end, bytes[i] == 0x5C, bytes[i + 1] == 0x75,
          let low = hex4(bytes, i + 2, end), low >= 0xDC00 && low < 0xE000
        {
          scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          i += 6
        }
        flush()
        scalars.append(Unicode.Scalar(scalarValue) ?? "\u{FFFD}")
      default:
        // Invalid escapes were reported while reading; keep the character.
        utf8.append(e)
      }
    }
    flush()
    return String(scalars)
  }

  package static func hex4(_ bytes: [UInt8], _ i: Int, _ end: Int) -> UInt32? {
    guard i + 4 <= end else { return nil }
    var value: UInt32 = 0
    for k in 0..<4 {
      guard let d = hexDigit(bytes[i + k]) else { return nil }
      value = value << 4 | d
    }
    return value
  }

  @inline(__always) package static func hexDigit(_ b: UInt8) -> UInt32? {
    switch b {
    case 0x30...0x39: return UInt32(b - 0x30)
    case 0x41...0x46: return UInt32(b - 0x41 + 10)
    case 0x61...0x66: return UInt32(b - 0x61 + 10)
    default: return nil
    }
  }
}

/// Escapes a key for a JSON pointer (RFC 6901).
package func escapePointer(_ key: String) -> String {
  if !key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) { return key }
  return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}
