import Foundation
import ZappDiagnostics
import ZappLayout

/// Limits that keep hostile inputs from exhausting memory or the stack (see docs/limits.md).
public struct ReaderLimits: Sendable {
  /// The size of the largest file read (JSON files never above 256 MiB: see `JSONNode`).
  public var maxFileBytes: Int = 256 << 20
  public var maxDepth: Int = JSON.maxInputDepth
  public var maxStringBytes: Int = 16 << 20
  public var maxFiles: Int = 100_000
  /// The sum of the sizes of a project's input files.
  public var maxProjectBytes: Int = 1 << 30
  /// Whether a string value may hold any escaped control character (`\f`, `\u0007`), as JSON
  /// allows: true for a server's feed, which no author types. An author's file may hold `\t`,
  /// `\n` and `\r` alone: another is refused as a typo (ZL0105).
  public var valuesMayHoldEscapedControls = false

  public init() {}
  public static let `default` = ReaderLimits()
  /// The limits a bundle zlc wrote is read back with (`zlc verify`): as deep as `JSON.parse` reads,
  /// and a string as long as the file, as a client's reader takes it.
  public static let bundle = {
    var limits = ReaderLimits()
    limits.maxDepth = JSON.maxDepth
    limits.maxStringBytes = limits.maxFileBytes
    return limits
  }()
}

/// The result of reading a JSON file: the document (nil when the text could not be read to the end)
/// and every problem found on the way.
public struct JSONReadResult: Sendable {
  public var document: JSONDocument?
  public var diagnostics: [Diagnostic]
  /// True when the document was read but with recoverable errors (a trailing comma, a comment…).
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Reads RFC 8259 JSON into a `JSONDocument`, reporting every deviation with its position.
///
/// Deviations that leave the structure clear (a trailing comma, a comment, a leading zero, a raw
/// control character or a bad escape in a string, invalid UTF-8, duplicate keys) are reported and
/// reading goes on, so one run shows them all. Anything else stops reading that file.
public enum JSONReader {
  /// Reads `source`. With `foldingIndentation`, a file read without a diagnostic is kept with its
  /// indentation folded out (`JSONDocument.foldingIndentation(of:nodes:)`), its tape moved in place:
  /// the document's source is then that folded file. `duplicateKeys` says what a key written twice
  /// in one object is (ZL0107).
  public static func read(
    _ source: SourceFile, limits: ReaderLimits = .default, foldingIndentation: Bool = false, duplicateKeys: DuplicateKeys = .error
  ) -> JSONReadResult {
    // A tape node holds offsets of 28 bits, so no limit reads a JSON file above 256 MiB.
    let maxFileBytes = min(limits.maxFileBytes, JSONNode.maxFileBytes)
    if source.bytes.count > maxFileBytes {
      let d = LimitRule.Message.fileTooLarge(bytes: source.bytes.count, limit: maxFileBytes)
        .diagnostic(at: SourceSpot(file: source, offset: 0, pointer: ""))
      return JSONReadResult(document: nil, diagnostics: [d])
    }
    // The parser reads through a pointer to the bytes, so it lives only inside this closure; what
    // it made (the tape and the diagnostics) leaves it, the pointer never does.
    var (ok, nodes, diagnostics, overridden) = source.bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(source: source, limits: limits, buffer: buffer)
      parser.duplicateKeys = duplicateKeys
      let ok = parser.run()
      return (ok, parser.nodes, parser.diagnostics.all, parser.overriddenKeys)
    }
    if ok, !overridden.isEmpty { nodes = JSONParser.removingMembers(keyedAt: overridden, from: nodes) }
    // The tape was reserved for a value every 4 bytes (see `run`): a file of fewer values keeps
    // its tape at its size, as the room left would be held until the check ends, and memory
    // a freed file's bytes held is touched already.
    if ok, nodes.capacity > 2 * nodes.count { nodes = nodes.withUnsafeBufferPointer { Array($0) } }
    if ok, foldingIndentation, diagnostics.isEmpty, let folded = JSONDocument.foldingIndentation(of: source, nodes: &nodes) {
      return JSONReadResult(document: JSONDocument(source: folded, nodes: nodes), diagnostics: [])
    }
    let document = ok ? JSONDocument(source: source, nodes: nodes) : nil
    return JSONReadResult(document: document, diagnostics: diagnostics)
  }
}

package struct JSONFrame {
  package var index: Int
  package var isObject: Bool
  /// Where the object's keys start on the parser's shared key stack (one array for every open
  /// object, so reading an object allocates nothing for its keys).
  package var keysStart: Int
  /// The tape index of the object's latest key, or -1.
  package var lastKey = -1
  package var elementCount = 0
  /// Whether a key of the object so far has a byte above ASCII: only then can two keys written
  /// with different bytes be the same text.
  package var hasNonASCIIKey = false
}

package struct JSONParser {
  /// Thrown when reading cannot go on; the reason is already reported.
  package struct FatalError: Error {}

  package let source: SourceFile
  package let limits: ReaderLimits
  package var nodes: [JSONNode] = []
  package var diagnostics = DiagnosticList()
  package var stack: [JSONFrame] = []
  /// The keys read so far of every open object, innermost last (see `JSONFrame.keysStart`).
  package var keyStack: [Int] = []
  /// Each key's print on `keyStack` (`keyPrint(of:)`), or 0 for a key with escapes.
  package var keyPrints: [UInt64] = []
  /// How many of `keyStack` and `keyPrints` are in use: closing an object moves it back, and the
  /// arrays keep their elements to be written over, which is cheaper than removing them.
  package var keyCount = 0
  /// The keys by hash of every open object of 16 keys or more, by the object's depth on `stack`.
  package var keyTables: [Int: [Int: [Int]]] = [:]
  /// What a key written twice is; with `.lastWins`, the key of each member a later one overrides
  /// (removed from the tape once read), and each key's latest member by its first one's key.
  package var duplicateKeys = JSONReader.DuplicateKeys.error
  package var overriddenKeys: [Int] = []
  package var latestKeys: [Int: Int] = [:]
  /// Whether the string read last had only ASCII bytes (set by `scanString`).
  package var lastStringIsASCII = true
  package var pos = 0
  package var end = 0
  /// The bytes being read: valid only while `run` runs, inside `JSONReader.read`'s closure.
  package let buffer: UnsafeBufferPointer<UInt8>

  package init(source: SourceFile, limits: ReaderLimits, buffer: UnsafeBufferPointer<UInt8>) {
    self.source = source
    self.limits = limits
    self.buffer = buffer
  }

  /// Reports `message` at `offset`, at the pointer of the value being read; the rule's file words it.
  package mutating func report<Owner>(_ message: RuleMessage<Owner>, at offset: Int, notes: [DiagnosticNote] = []) {
    diagnostics.append(
      message.diagnostic(at: SourceSpot(file: source, offset: offset, pointer: pointerHere()), notes: notes))
  }

  /// Reports the trailing comma at `offset`, with the fix that deletes it.
  mutating func reportTrailingComma(at offset: Int, closingObject: Bool) {
    let spot = SourceSpot(file: source, offset: offset, pointer: pointerHere())
    var fix = FixIt(message: "remove the trailing comma", replacement: "", range: SourceRange(spot: spot, length: 1))
    fix.namesNothing = true  // a deletion: it waits for no file's errors
    diagnostics.append(JSONTrailingCommaRule.Message.trailingComma(closingObject: closingObject).diagnostic(at: spot, fixIt: fix))
  }

  /// Reports `message` and returns the error that stops reading the file.
  package mutating func fail<Owner>(_ message: RuleMessage<Owner>, at offset: Int) -> FatalError {
    report(message, at: offset)
    return FatalError()
  }

  /// The JSON pointer of the value being read, from the container stack.
  package func pointerHere(excludingCurrentKey: Bool = false) -> String {
    var pointer = ""
    for (depth, frame) in stack.enumerated() {
      if excludingCurrentKey, depth == stack.count - 1 { break }
      if frame.isObject {
        guard frame.lastKey >= 0 else { break }
        let key = JSONStrings.decode(source.bytes, nodes[frame.lastKey])
        pointer += "/" + escapePointer(key)
      } else {
        pointer += "/\(max(0, frame.elementCount - 1))"
      }
    }
    return pointer
  }

  package mutating func run() -> Bool {
    end = buffer.count
    // Room for a value every 4 bytes (indented files hold one every 16 or so): denser files grow
    // the tape by copying it, which for a while holds both copies.
    nodes.reserveCapacity(max(16, end / 4))
    do {
      try checkEncoding()
      try parseDocument()
      return true
    } catch {
      return false
    }
  }

  private mutating func checkEncoding() throws {
    if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      pos = 3
      return
    }
    if let mark = EncodingRule.Message.byteOrderMark(of: buffer, count: end) {
      throw fail(mark, at: 0)
    }
    if end >= 2, buffer[0] == 0 || buffer[1] == 0 {
      throw fail(EncodingRule.Message.notUTF8(buffer, count: end), at: 0)
    }
  }

  // MARK: Structure

  private enum State { case value, afterValue, key }

  private mutating func parseDocument() throws {
    try skipWhitespace()
    if pos >= end { throw fail(JSONSyntaxRule.Message.noValue, at: pos) }
    var state = State.value
    while true {
      switch state {
      case .value:
        try skipWhitespace()
        guard pos < end else { throw fail(JSONSyntaxRule.Message.unexpectedEnd(expected: "a value"), at: pos) }
        if let last = stack.indices.last, !stack[last].isObject { stack[last].elementCount += 1 }
        let c = buffer[pos]
        switch c {
        case 0x7B:  // {
          try open(isObject: true)
          try skipWhitespace()
          if pos < end, buffer[pos] == 0x7D {
            close()
            state = .afterValue
          } else {
            state = .key
          }
        case 0x5B:  // [
          try open(isObject: false)
          try skipWhitespace()
          if pos < end, buffer[pos] == 0x5D {
            close()
            state = .afterValue
          } else {
            state = .value
          }
        case 0x22:
          try scanString(quote: 0x22, isKey: false)
          state = .afterValue
        case 0x27:
          report(JSONStringRule.Message.singleQuotedString, at: pos)
          try scanString(quote: 0x27, isKey: false)
          state = .afterValue
        case 0x2D, 0x30...0x39, 0x2B, 0x2E:
          try scanNumber()
          state = .afterValue
        case 0x74:
          try literal("true", kind: .bool, flags: JSONNode.isTrue)
          state = .afterValue
        case 0x66:
          try literal("false", kind: .bool, flags: 0)
          state = .afterValue
        case 0x6E:
          try literal("null", kind: .null, flags: 0)
          state = .afterValue
        case 0x4E, 0x49:  // NaN, Infinity
          try scanNonFinite()
          state = .afterValue
        case 0x5D, 0x7D:
          throw fail(JSONSyntaxRule.Message.unexpected(expected: "a value", found: "'\(Character(Unicode.Scalar(c)))'"), at: pos)
        default:
          throw unexpected(expected: "a value")
        }
      case .afterValue:
        try skipWhitespace()
        guard let frame = stack.last else {
          if pos < end { throw unexpected(expected: "the end of the file after the top-level value") }
          return
        }
        guard pos < end else {
          let line = source.lineAndColumn(of: nodes[frame.index].start).line
          throw fail(JSONSyntaxRule.Message.unclosed(isObject: frame.isObject, openedAtLine: line), at: pos)
        }
        let c = buffer[pos]
        let closer: UInt8 = frame.isObject ? 0x7D : 0x5D
        if c == 0x2C {
          let commaOffset = pos
          pos += 1
          try skipWhitespace()
          if pos < end, buffer[pos] == closer {
            reportTrailingComma(at: commaOffset, closingObject: frame.isObject)
            close()
            state = .afterValue
          } else {
            state = frame.isObject ? .key : .value
          }
        } else if c == closer {
          close()
        } else if c == 0x5D || c == 0x7D {
          let message = JSONSyntaxRule.Message.unexpected(
            expected: "',' or '\(frame.isObject ? "}" : "]")'", found: "'\(Character(Unicode.Scalar(c)))'")
          throw fail(message, at: pos)
        } else {
          throw unexpected(expected: "',' or '\(frame.isObject ? "}" : "]")'", missingComma: true)
        }
      case .key:
        try skipWhitespace()
        guard pos < end else { throw fail(JSONSyntaxRule.Message.unexpectedEnd(expected: "a key"), at: pos) }
        let c = buffer[pos]
        if c == 0x22 {
          try scanString(quote: 0x22, isKey: true)
        } else if c == 0x27 {
          report(JSONStringRule.Message.singleQuotedKey, at: pos)
          try scanString(quote: 0x27, isKey: true)
        } else {
          throw unexpected(expected: "a key in double quotes")
        }
        try checkDuplicateKey()
        try skipWhitespace()
        guard pos < end, buffer[pos] == 0x3A else { throw unexpected(expected: "':' after the key") }
        pos += 1
        state = .value
      }
    }
  }

  private mutating func unexpected(expected: String, missingComma: Bool = false) -> FatalError {
    if pos >= end { return fail(JSONSyntaxRule.Message.unexpectedEnd(expected: expected), at: pos) }
    let c = buffer[pos]
    let found: String
    if c < 0x20 || c == 0x7F {
      if c == 0 { return fail(EncodingRule.Message.nulInFile, at: pos) }
      found = "control character U+\(hex(UInt32(c)))"
    } else if c >= 0x80 {
      found = "a non-ASCII character"
    } else {
      found = "'\(Character(Unicode.Scalar(c)))'"
    }
    if missingComma, c == 0x22 || c == 0x7B || c == 0x5B || (c >= 0x30 && c <= 0x39) {
      return fail(JSONSyntaxRule.Message.missingComma(expected: expected, found: found), at: pos)
    }
    return fail(JSONSyntaxRule.Message.unexpected(expected: expected, found: found), at: pos)
  }

  private mutating func open(isObject: Bool) throws {
    if stack.count >= limits.maxDepth {
      throw fail(NestedTooDeepRule.Message.valuesNestedTooDeep(limit: limits.maxDepth), at: pos)
    }
    let index = nodes.count
    nodes.append(
      JSONNode(containerAt: pos, kind: isObject ? .object : .array))
    stack.append(JSONFrame(index: index, isObject: isObject, keysStart: keyCount))
    pos += 1
  }

  private mutating func close() {
    let frame = stack.removeLast()
    keyCount = frame.keysStart
    if !keyTables.isEmpty { keyTables[stack.count] = nil }
    pos += 1
    nodes[frame.index].close(next: nodes.count)
  }

  private mutating func literal(_ word: StaticString, kind: JSONKind, flags: UInt8) throws {
    let start = pos
    let count = word.utf8CodeUnitCount
    let ptr = word.utf8Start
    var i = 0
    while i < count {
      guard pos + i < end, buffer[pos + i] == ptr[i] else {
        throw unexpected(expected: "a value")
      }
      i += 1
    }
    pos += count
    if pos < end, isIdentifierByte(buffer[pos]) {
      pos = start
      throw unexpected(expected: "a value")
    }
    nodes.append(
      JSONNode(start: start, length: pos - start, kind: kind, flags: flags))
  }

  @inline(__always) private func isIdentifierByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
  }

  private mutating func scanNonFinite() throws {
    let start = pos
    while pos < end, isIdentifierByte(buffer[pos]) { pos += 1 }
    let word = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<pos]), as: UTF8.self)
    guard word == "NaN" || word == "Infinity" else {
      pos = start
      throw unexpected(expected: "a value")
    }
    report(JSONNumberRule.Message.notANumber(word), at: start)
    nodes.append(
      JSONNode(start: start, length: pos - start, kind: .number, flags: 0))
  }

  // MARK: Whitespace and comments

  @inline(__always) private mutating func skipWhitespace() throws {
    while pos < end {
      let c = buffer[pos]
      if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
        pos += 1
        if c == 0x0A { skipIndentationWords() }
      } else if c == 0x2F {
        try skipComment()
      } else {
        return
      }
    }
  }

  /// Moves eight bytes at a time past the spaces that indent a line.
  @inline(__always) private mutating func skipIndentationWords() {
    guard let start = buffer.baseAddress else { return }
    let base = UnsafeRawPointer(start)
    while end - pos >= 8 {
      let notSpaces = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: pos, as: UInt64.self)) ^ 0x2020_2020_2020_2020
      if notSpaces != 0 {
        pos += notSpaces.trailingZeroBitCount >> 3
        return
      }
      pos += 8
    }
  }

  private mutating func skipComment() throws {
    let start = pos
    guard pos + 1 < end, buffer[pos + 1] == 0x2F || buffer[pos + 1] == 0x2A else {
      throw unexpected(expected: "a value")
    }
    report(JSONCommentRule.Message.comment, at: start)
    if buffer[pos + 1] == 0x2F {
      pos += 2
      while pos < end, buffer[pos] != 0x0A, buffer[pos] != 0x0D { pos += 1 }
    } else {
      pos += 2
      while pos + 1 < end, !(buffer[pos] == 0x2A && buffer[pos + 1] == 0x2F) { pos += 1 }
      guard pos + 1 < end else { throw fail(JSONSyntaxRule.Message.unterminatedComment, at: start) }
      pos += 2
    }
  }

  // MARK: Keys

  private mutating func checkDuplicateKey() throws {
    let keyIndex = nodes.count - 1
    let frameIndex = stack.count - 1
    let key = nodes[keyIndex]
    let plain = key.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) == 0
    if !lastStringIsASCII { stack[frameIndex].hasNonASCIIKey = true }
    // Plain ASCII keys are the same text only with the same bytes; any other key is compared as text.
    let asText = stack[frameIndex].hasNonASCIIKey
    let print = plain ? keyPrint(of: key) : 0
    var duplicateOf: Int? = nil
    let keysStart = stack[frameIndex].keysStart
    if keyCount - keysStart < 16 {
      for j in keysStart..<keyCount {
        // The same bytes give the same print, so two plain keys of different prints differ.
        let other = keyPrints[j]
        guard asText || other == print || other == 0 || print == 0 else { continue }
        if keysEqual(keyStack[j], keyIndex, plain: plain, asText: asText) {
          duplicateOf = keyStack[j]
          break
        }
      }
    } else {
      if keyTables[frameIndex] == nil {
        var table: [Int: [Int]] = [:]
        for previous in keyStack[keysStart..<keyCount] { table[keyHash(previous), default: []].append(previous) }
        keyTables[frameIndex] = table
      }
      let h = keyHash(keyIndex)
      if let candidates = keyTables[frameIndex]?[h] {
        for previous in candidates where keysEqual(previous, keyIndex, plain: plain, asText: asText) {
          duplicateOf = previous
          break
        }
      }
      keyTables[frameIndex]?[h, default: []].append(keyIndex)
    }
    if keyCount < keyStack.count {
      keyStack[keyCount] = keyIndex
      keyPrints[keyCount] = print
    } else {
      keyStack.append(keyIndex)
      keyPrints.append(print)
    }
    keyCount += 1
    stack[frameIndex].lastKey = keyIndex
    if let first = duplicateOf {
      // Point at the second key; the pointer names the member being defined again.
      reportDuplicate(keyIndex, of: first, pointer: pointerHere(excludingCurrentKey: true))
    }
  }

  /// Whether two keys are the same text: the same bytes, or (`asText`, or a key with escapes) the
  /// same decoded string, which Swift compares by canonical equivalence as clients do.
  @inline(__always) private func keysEqual(_ a: Int, _ b: Int, plain: Bool, asText: Bool) -> Bool {
    let na = nodes[a]
    let nb = nodes[b]
    let aPlain = na.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) == 0
    if plain && aPlain {
      let la = na.end - na.start
      if la == nb.end - nb.start {
        let sa = na.start
        let sb = nb.start
        var same = true
        for k in 1..<(la - 1) where buffer[sa + k] != buffer[sb + k] {
          same = false
          break
        }
        if same { return true }
      }
      if !asText { return false }
    }
    return JSONStrings.decode(source.bytes, na) == JSONStrings.decode(source.bytes, nb)
  }

  /// A key's first eight bytes and its length, folded into a word that is never 0: keys with the
  /// same bytes have the same print.
  @inline(__always) private func keyPrint(of key: JSONNode) -> UInt64 {
    let first = key.start + 1
    let count = key.end - key.start - 2
    var word: UInt64 = 0
    if first + 8 <= buffer.count {
      word = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + first).loadUnaligned(as: UInt64.self))
      if count < 8 { word &= (1 << (UInt64(count) * 8)) &- 1 }
    } else {
      for k in 0..<min(count, 8) { word |= UInt64(buffer[first + k]) << (8 * UInt64(k)) }
    }
    return (word ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15) | 1
  }

  /// Hashes the decoded key, so that `"a"` and `"\u0061"` land in the same bucket.
  private func keyHash(_ index: Int) -> Int {
    JSONStrings.decode(source.bytes, nodes[index]).hashValue
  }

  // MARK: Numbers

  private mutating func scanNumber() throws {
    let start = pos
    var valid = true
    if buffer[pos] == 0x2B {
      report(JSONNumberRule.Message.leadingPlus, at: start)
      valid = false
      pos += 1
    } else if buffer[pos] == 0x2D {
      pos += 1
    }
    guard pos < end else { throw fail(JSONNumberRule.Message.digitAfterMinus, at: start) }
    var digits = 0
    if buffer[pos] == 0x30 {
      pos += 1
      digits = 1
      if pos < end, buffer[pos] >= 0x30 && buffer[pos] <= 0x39 {
        report(JSONNumberRule.Message.leadingZeros, at: start)
        valid = false
        while pos < end, buffer[pos] >= 0x30 && buffer[pos] <= 0x39 {
          pos += 1
          digits += 1
        }
      }
    } else if buffer[pos] >= 0x31 && buffer[pos] <= 0x39 {
      while pos < end, buffer[pos] >= 0x30 && buffer[pos] <= 0x39 {
        pos += 1
        digits += 1
      }
    } else if buffer[pos] == 0x2E {
      report(JSONNumberRule.Message.leadingPoint, at: start)
      valid = false
    } else if buffer[pos] == 0x49 {  // -Infinity
      let save = pos
      while pos < end, isIdentifierByte(buffer[pos]) { pos += 1 }
      let word = String(decoding: UnsafeBufferPointer(rebasing: buffer[save..<pos]), as: UTF8.self)
      guard word == "Infinity" else {
        pos = save
        throw unexpected(expected: "a digit")
      }
      report(JSONNumberRule.Message.notANumber("-Infinity"), at: start)
      nodes.append(
        JSONNode(start: start, length: pos - start, kind: .number, flags: 0))
      return
    } else {
      throw unexpected(expected: "a digit")
    }
    var hasExponent = false
    if pos < end, buffer[pos] == 0x2E {
      pos += 1
      let fractionStart = pos
      while pos < end, buffer[pos] >= 0x30 && buffer[pos] <= 0x39 { pos += 1 }
      if pos == fractionStart {
        if valid { report(JSONNumberRule.Message.noFractionDigits, at: start) }
        valid = false
      }
    }
    if pos < end, buffer[pos] == 0x65 || buffer[pos] == 0x45 {
      hasExponent = true
      pos += 1
      if pos < end, buffer[pos] == 0x2B || buffer[pos] == 0x2D { pos += 1 }
      let expStart = pos
      while pos < end, buffer[pos] >= 0x30 && buffer[pos] <= 0x39 { pos += 1 }
      if pos == expStart {
        if valid { report(JSONNumberRule.Message.noExponentDigits, at: start) }
        valid = false
      }
    }
    if pos < end, isIdentifierByte(buffer[pos]) || buffer[pos] == 0x2E {
      throw unexpected(expected: "',' or the end of the number")
    }
    if valid, hasExponent || digits > 300 {
      let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<pos]), as: UTF8.self)
      if let value = Double(text), !value.isFinite {
        report(JSONNumberRule.Message.outOfRange(text), at: start)
      }
    }
    nodes.append(
      JSONNode(start: start, length: pos - start, kind: .number, flags: 0))
  }
}

package func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
