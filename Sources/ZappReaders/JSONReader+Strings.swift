import ZappDiagnostics
import ZappLayout

// JSONParser's strings: the quoted text, its escapes and its UTF-8, checked as they are read.

extension JSONParser {
  package mutating func scanString(quote: UInt8, isKey: Bool) throws {
    let start = pos
    pos += 1
    var flags: UInt8 = isKey ? JSONNode.isKey : 0
    var ascii = true
    while true {
      // Fast path: plain ASCII, eight bytes at a time, then byte by byte.
      pos = PlainBytes.wordsEnd(UnsafeRawPointer(buffer.baseAddress!), from: pos, to: end, quote: quote)
      while pos < end {
        let b = buffer[pos]
        if b == quote || b == 0x5C || b < 0x20 || b >= 0x80 { break }
        pos += 1
      }
      guard pos < end else {
        throw fail(JSONSyntaxRule.Message.unterminatedString, at: start)
      }
      let b = buffer[pos]
      if b == quote {
        pos += 1
        break
      } else if b == 0x5C {
        flags |= JSONNode.hasEscapes
        try scanEscape(&flags, isKey: isKey)
      } else if b < 0x20 {
        if b == 0 {
          report(EncodingRule.Message.nulInString, at: pos)
        } else {
          report(JSONStringRule.Message.rawControl(b), at: pos)
          if b == 0x0A || b == 0x0D {
            // An unclosed string usually runs into the next line: stop here rather than
            // reading the rest of the file as one string.
            throw fail(JSONSyntaxRule.Message.unterminatedString, at: start)
          }
        }
        flags |= JSONNode.needsRepair
        pos += 1
      } else if b == quote {
        pos += 1
        break
      } else if b == 0x22 || b == 0x27 {
        pos += 1
      } else {
        ascii = false
        if !validateUTF8() {
          flags |= JSONNode.needsRepair
        }
      }
      // The limit counts the string's bytes as written, without its quotes.
      if pos - (start + 1) > limits.maxStringBytes {
        throw fail(StringTooLongRule.Message.stringTooLong(limit: limits.maxStringBytes), at: start)
      }
    }
    if pos - (start + 2) > limits.maxStringBytes {
      throw fail(StringTooLongRule.Message.stringTooLong(limit: limits.maxStringBytes), at: start)
    }
    if quote == 0x27 { flags |= JSONNode.needsRepair }
    lastStringIsASCII = ascii
    nodes.append(
      JSONNode(start: start, length: pos - start, kind: .string, flags: flags))
  }

  /// Reads one escape. An escaped control character is reported as a raw one is, but for a tab,
  /// a line break or a carriage return in a value (free text such as a description holds them);
  /// a key is a name, where none is allowed.
  private mutating func scanEscape(_ flags: inout UInt8, isKey: Bool) throws {
    let start = pos
    guard pos + 1 < end else { throw fail(JSONSyntaxRule.Message.unterminatedString, at: pos) }
    let e = buffer[pos + 1]
    switch e {
    case 0x22, 0x5C, 0x2F:
      pos += 2
    case 0x62, 0x66, 0x6E, 0x72, 0x74:
      let scalar: UInt32 = e == 0x62 ? 0x08 : e == 0x66 ? 0x0C : e == 0x6E ? 0x0A : e == 0x72 ? 0x0D : 0x09
      reportEscapedControl(scalar, isKey: isKey, at: start)
      pos += 2
    case 0x75:
      guard let unit = hex4(at: pos + 2) else {
        report(JSONStringRule.Message.shortUnicodeEscape, at: start)
        flags |= JSONNode.needsRepair
        pos += 2
        return
      }
      pos += 6
      if unit >= 0xD800 && unit < 0xDC00 {
        if pos + 1 < end, buffer[pos] == 0x5C, buffer[pos + 1] == 0x75, let low = hex4(at: pos + 2),
          low >= 0xDC00 && low < 0xE000
        {
          pos += 6
        } else {
          report(JSONStringRule.Message.loneHighSurrogate(unit), at: start)
          flags |= JSONNode.needsRepair
        }
      } else if unit >= 0xDC00 && unit < 0xE000 {
        report(JSONStringRule.Message.loneLowSurrogate(unit), at: start)
        flags |= JSONNode.needsRepair
      }
      if unit < 0x20 { reportEscapedControl(unit, isKey: isKey, at: start) }
    default:
      // A character beyond ASCII is named, and read whole: its other bytes are not a broken one.
      let length = e >= 0xF0 ? 4 : e >= 0xE0 ? 3 : e >= 0xC0 ? 2 : 1
      let bytes = buffer[(pos + 1)..<min(end, pos + 1 + length)]
      if length > 1, bytes.count == length, bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
        let scalar = String(validating: Array(bytes), as: UTF8.self)?.unicodeScalars.first
      {
        report(JSONStringRule.Message.invalidEscape(scalar), at: start)
        pos += 1 + length
      } else {
        report(JSONStringRule.Message.invalidEscape(e), at: start)
        pos += 2
      }
      flags |= JSONNode.needsRepair
    }
  }

  private mutating func reportEscapedControl(_ scalar: UInt32, isKey: Bool, at start: Int) {
    if isKey {
      report(JSONStringRule.Message.escapedControlInKey(scalar), at: start)
    } else if scalar != 0x09 && scalar != 0x0A && scalar != 0x0D, !limits.valuesMayHoldEscapedControls {
      report(JSONStringRule.Message.escapedControlInText(scalar), at: start)
    }
  }

  private func hex4(at i: Int) -> UInt32? {
    guard i + 4 <= end else { return nil }
    var value: UInt32 = 0
    for k in 0..<4 {
      guard let d = JSONStrings.hexDigit(buffer[i + k]) else { return nil }
      value = value << 4 | d
    }
    return value
  }

  /// Validates one UTF-8 sequence at `pos` (a lead byte ≥ 0x80), reports it when invalid, and
  /// advances past it. Returns false when it was invalid.
  package mutating func validateUTF8() -> Bool {
    let b0 = buffer[pos]
    var length = 0
    var minimum: UInt32 = 0
    var scalar: UInt32 = 0
    if b0 & 0xE0 == 0xC0 {
      length = 2
      minimum = 0x80
      scalar = UInt32(b0 & 0x1F)
    } else if b0 & 0xF0 == 0xE0 {
      length = 3
      minimum = 0x800
      scalar = UInt32(b0 & 0x0F)
    } else if b0 & 0xF8 == 0xF0 {
      length = 4
      minimum = 0x10000
      scalar = UInt32(b0 & 0x07)
    } else {
      report(EncodingRule.Message.invalidUTF8Byte(b0), at: pos)
      pos += 1
      return false
    }
    guard pos + length <= end else {
      report(EncodingRule.Message.truncatedUTF8, at: pos)
      // The continuation bytes that follow are of the same cut sequence.
      pos += 1
      while pos < end, buffer[pos] & 0xC0 == 0x80 { pos += 1 }
      return false
    }
    for k in 1..<length {
      let b = buffer[pos + k]
      guard b & 0xC0 == 0x80 else {
        report(EncodingRule.Message.invalidUTF8, at: pos)
        // The lead byte and the continuation bytes before `b`: one character cut short.
        pos += k
        return false
      }
      scalar = scalar << 6 | UInt32(b & 0x3F)
    }
    if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar < 0xE000) {
      report(EncodingRule.Message.invalidUTF8Scalar, at: pos)
      pos += length
      return false
    }
    pos += length
    return true
  }
}
