import Foundation
import ZappDiagnostics

/// A position as LSP counts it: a 0-based line and a 0-based offset in UTF-16 code units.
struct TextPosition: Equatable {
  var line: Int
  var character: Int

  var json: JSONObject { ["line": line, "character": character] }

  init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  /// The position of an LSP `Position` object; nil when there is none (or it lacks a field).
  /// Throws InvalidParams for a `line` or `character` that is not an integer from 0 to `Int.max`.
  init?(_ json: Any?, field: String) throws(ResponseError) {
    guard let object = json as? JSONObject, let line = try unsigned(object["line"], field + ".line"),
      let character = try unsigned(object["character"], field + ".character")
    else { return nil }
    self.init(line: line, character: character)
  }

  /// The position of a required LSP `Position` object: InvalidParams when it is missing, null, not
  /// an object, or lacks `line` or `character`, as when a field is no integer.
  init(required json: Any?, field: String) throws(ResponseError) {
    guard let object = json as? JSONObject else {
      let what = json == nil || json is NSNull ? "is missing" : "is not an object: \(jsonText(json ?? NSNull()))"
      throw ResponseError(code: ResponseError.invalidParams, message: "\(field) \(what)")
    }
    guard let line = try unsigned(object["line"], field + ".line") else {
      throw ResponseError(code: ResponseError.invalidParams, message: "\(field).line is missing")
    }
    guard let character = try unsigned(object["character"], field + ".character") else {
      throw ResponseError(code: ResponseError.invalidParams, message: "\(field).character is missing")
    }
    self.init(line: line, character: character)
  }
}

/// Maps between byte offsets of UTF-8 text and LSP positions (lines split at "\n", "\r\n" and a
/// lone "\r", as LSP splits them). A UTF-8 byte order mark at the start of a file read from disk is
/// no character: editors drop it from the text they hold, and `zlc check` does not count it, so the
/// first line starts after it. In a text an editor sent (`markIsText`), one it kept is its first
/// character, as the editor counts it.
struct LineIndex {
  let bytes: [UInt8]
  /// The byte offset of each line's start (the first line's after a byte order mark).
  let lineStarts: [Int]
  /// The UTF-16 units of the text before each multiple of `checkpointStride` bytes: a column is
  /// counted from the nearest checkpoint, not from its line's start, so a text of one long line
  /// (minified JSON) costs the same per position as one of many short lines.
  private let unitsBefore: [Int]
  /// For a text that is not valid UTF-8 (`SourceFile.isValidUTF8`; a file read from disk may not
  /// be), the UTF-16 units an editor decodes (one U+FFFD per invalid sequence); nil for a valid one.
  private let decoded: DecodedCounts?
  static let checkpointStride = 1024

  init(_ bytes: [UInt8], markIsText: Bool = false) {
    self.bytes = bytes
    let mark = !markIsText && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var starts = [mark]
    var checkpoints: [Int] = []
    checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
    bytes.withUnsafeBufferPointer { buffer in
      var units = 0
      for i in 0..<buffer.count {
        if i % Self.checkpointStride == 0 { checkpoints.append(units) }
        let byte = buffer[i]
        if byte == 0x0A || (byte == 0x0D && (i + 1 == buffer.count || buffer[i + 1] != 0x0A)) { starts.append(i + 1) }
        if byte & 0xC0 != 0x80, i >= mark { units += byte >= 0xF0 ? 2 : 1 }
      }
    }
    if checkpoints.isEmpty { checkpoints.append(0) }
    lineStarts = starts
    unitsBefore = checkpoints
    decoded = SourceFile.isValidUTF8(bytes) ? nil : DecodedCounts(bytes, stride: Self.checkpointStride, utf16: true)
  }

  /// The line holding a byte offset (0-based).
  func line(of offset: Int) -> Int {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The UTF-16 units of the text before byte `offset` (a scalar outside the Basic Multilingual
  /// Plane, written as 4 UTF-8 bytes, counts 2; a byte order mark none): from the checkpoint at or
  /// before it.
  func units(before offset: Int) -> Int {
    let checkpoint = min(offset / Self.checkpointStride, unitsBefore.count - 1)
    var units = unitsBefore[checkpoint]
    var i = max(checkpoint * Self.checkpointStride, lineStarts[0])
    while i < offset {
      let byte = bytes[i]
      if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
      i += 1
    }
    return units
  }

  /// The LSP position of a byte offset: UTF-16 units since the line's start.
  func position(of offset: Int) -> TextPosition {
    let clamped = max(0, min(offset, bytes.count))
    let line = line(of: clamped)
    if let decoded {
      return TextPosition(line: line, character: decoded.count(before: clamped) - decoded.count(before: lineStarts[line]))
    }
    return TextPosition(line: line, character: units(before: clamped) - units(before: lineStarts[line]))
  }

  /// The byte offset of an LSP position, clamped to the line (a position past its end is its end);
  /// a position between the two UTF-16 units of a character is after it.
  func offset(of position: TextPosition) -> Int {
    let (offset, splitsPair) = boundary(of: position)
    return splitsPair ? offset + 4 : offset
  }

  /// The byte offset of an LSP position, clamped to the line, and whether the position falls
  /// between the two UTF-16 units (a surrogate pair) of a character outside the Basic Multilingual
  /// Plane: then the offset is that character's start.
  func boundary(of position: TextPosition) -> (offset: Int, splitsPair: Bool) {
    guard position.line >= 0 else { return (lineStarts[0], false) }
    guard position.line < lineStarts.count else { return (bytes.count, false) }
    var lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
    // A line ends before its break, both bytes of a `\r\n`.
    if lineEnd > lineStarts[position.line], lineEnd < bytes.count, bytes[lineEnd] == 0x0A, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
    var i = lineStarts[position.line]
    var units = 0
    while i < lineEnd, units < position.character {
      let byte = bytes[i]
      var length = 1
      if byte >= 0xF0 {
        length = 4
      } else if byte >= 0xE0 {
        length = 3
      } else if byte >= 0xC0 {
        length = 2
      }
      if byte >= 0xF0, units + 1 == position.character, i + 4 <= lineEnd { return (i, true) }
      units += byte >= 0xF0 ? 2 : 1
      i = min(lineEnd, i + length)
    }
    return (i, false)
  }

  /// The LSP range of bytes `start..<end`.
  func range(_ start: Int, _ end: Int) -> JSONObject {
    ["start": position(of: start).json, "end": position(of: max(start, end)).json]
  }

  /// The end of the token at `offset`, what a finding there is about: a whole string (to its
  /// closing quote; in a family's XML, an attribute value in single quotes too), a number, a
  /// literal, an XML name (its letters, digits and `_ - + . :`) or an element's tag (`<Widget`), one character (a bracket, `#`, a control character or a line break, `\r\n` included, a byte
  /// of invalid UTF-8), or an escape (`\n`, `\u` and the hex digits after it, at most four) when a
  /// finding is on one inside a string. Costs the token's length, never the rest of a string.
  func tokenEnd(at offset: Int) -> Int {
    guard offset >= 0, offset < bytes.count else { return min(max(offset, 0), bytes.count) }
    let byte = bytes[offset]
    if byte == UInt8(ascii: "\"") {
      var i = offset + 1
      while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != 0x0A, bytes[i] != 0x0D {
        if bytes[i] == UInt8(ascii: "\\") { i += 1 }
        i += 1
      }
      // Through the closing quote; an unclosed string ends before its line's break.
      return i < bytes.count && bytes[i] == UInt8(ascii: "\"") ? i + 1 : min(i, bytes.count)
    }
    if byte == UInt8(ascii: "'") {
      var i = offset + 1
      while i < bytes.count, bytes[i] != UInt8(ascii: "'"), bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
      return i < bytes.count && bytes[i] == UInt8(ascii: "'") ? i + 1 : i
    }
    if byte == UInt8(ascii: "\\") { return escapeEnd(at: offset) }
    // A `\r\n` is one line break: it ends on the next line's start, not between its bytes.
    if byte == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { return offset + 2 }
    if byte < 0x20 { return scalarEnd(at: offset) }
    // A sequence that is not UTF-8 is one character, as the terminal's carets take it.
    if byte >= 0x80, let end = SourceFile.invalidUTF8End(bytes, at: offset) { return end }
    // An XML element's tag (`<Widget`, `</Widget`) through its name.
    var i = byte == UInt8(ascii: "<") ? offset + 1 : offset
    if byte == UInt8(ascii: "<"), i < bytes.count, bytes[i] == UInt8(ascii: "/") { i += 1 }
    // A number, a literal or a name ends where the terminal's carets end it
    // (`SourceFile.tokenLength`), non-ASCII letters among its own (`中olumns`, `é`): `tr#ue` is
    // `tr`; any other character is one alone.
    while i < bytes.count, SourceFile.isWordByte(bytes[i]) { i += 1 }
    return max(i, offset + 1)
  }

  /// The end of the escape at the backslash at `offset`: `\u` with the hex digits after it (at
  /// most four), or the backslash and the character after it (not a line break).
  private func escapeEnd(at offset: Int) -> Int {
    let next = offset + 1
    guard next < bytes.count, bytes[next] != 0x0A, bytes[next] != 0x0D else { return next }
    guard bytes[next] == UInt8(ascii: "u") else { return scalarEnd(at: next) }
    var i = next + 1
    while i < min(next + 5, bytes.count), JSONStrings.hexDigit(bytes[i]) != nil { i += 1 }
    return i
  }

  /// The end of the character at `offset`: its UTF-8 sequence (continuation bytes that follow a
  /// lead byte, as many as it announces), or one byte of invalid UTF-8.
  private func scalarEnd(at offset: Int) -> Int {
    let byte = bytes[offset]
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    var i = offset + 1
    while i < min(offset + length, bytes.count), bytes[i] & 0xC0 == 0x80 { i += 1 }
    return i
  }
}

/// An integer from a JSON number (JSONSerialization gives NSNumber): nil for anything else, a
/// fraction, or a number outside `Int`'s range (`1e300`, `-1e19`, `9223372036854775808`), which
/// are never converted.
func intValue(_ any: Any?) -> Int? {
  if let n = any as? Int { return n }
  guard let d = any as? Double, d.isFinite, d == d.rounded(.towardZero) else { return nil }
  return Int(exactly: d)
}

/// An integer field of a client's message: nil when it is absent or null; InvalidParams when it is
/// anything but an integer in `Int`'s range.
func integer(_ any: Any?, _ field: String) throws(ResponseError) -> Int? {
  guard let any, !(any is NSNull) else { return nil }
  guard let n = intValue(any) else {
    throw ResponseError(code: ResponseError.invalidParams, message: "\(field) is not an integer zlc lsp can use: \(jsonText(any))")
  }
  return n
}

/// A `line` or `character` of a position, which the protocol makes an unsigned integer: nil when
/// absent or null; InvalidParams when it is anything but an integer from 0 to `Int.max`. A negative
/// one was read as the start of its line, or of no line at all.
private func unsigned(_ any: Any?, _ field: String) throws(ResponseError) -> Int? {
  guard let n = try integer(any, field) else { return nil }
  guard n >= 0 else {
    throw ResponseError(code: ResponseError.invalidParams, message: "\(field) is negative: \(n)")
  }
  return n
}

/// A value of a client's message written as JSON (a string in quotes), to quote it in a message.
func jsonText(_ any: Any) -> String {
  guard let data = try? JSONSerialization.data(withJSONObject: any, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
  else { return "\(any)" }
  return String(decoding: data, as: UTF8.self)
}
