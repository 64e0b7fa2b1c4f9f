// How a did-you-mean fix writes a quoted token: the parts of the suggestion that the token
// already holds are kept as written (their escapes, a lone surrogate's escape), and only the
// part that changes is written anew, so a fix changes no byte it does not mean to.

extension FixIt {
  /// The text between the quotes of a quoted token whose inner bytes are `raw`, rewritten to read
  /// as `suggestion`; nil when the part written anew would hold U+FFFD, which stands for text the
  /// token holds but cannot be written back (a lone surrogate, bytes that are not UTF-8).
  static func rewrittenInner(_ raw: ArraySlice<UInt8>, to suggestion: String, quote: UInt8, isXML: Bool) -> String? {
    let read = isXML ? xmlScalars(raw) : jsonScalars(raw)
    let wanted = Array(suggestion.unicodeScalars)
    let written = read.map(\.scalar)
    /// The bytes the token holds for its scalars `range`, as written.
    func asWritten(_ range: Range<Int>) -> String {
      guard !range.isEmpty else { return "" }
      return String(decoding: raw[read[range.lowerBound].bytes.lowerBound..<read[range.upperBound - 1].bytes.upperBound], as: UTF8.self)
    }
    /// `scalars` as the token's quotes hold them.
    func escaped(_ scalars: ArraySlice<Unicode.Scalar>) -> String? {
      guard !scalars.contains("\u{FFFD}") else { return nil }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      if isXML { return xmlEscaped(text) }
      let json = jsonEscaped(text)
      // Within single quotes, a quote is escaped as a code (the reader takes no `\\'`).
      return quote == UInt8(ascii: "'") ? json.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "\\u0027") : json
    }
    // The suggestion is a part of the token (the token trimmed): that part as written.
    if !wanted.isEmpty, let at = firstIndex(of: wanted, in: written) { return asWritten(at..<at + wanted.count) }
    // Else what the two begin and end with is kept, and what lies between written anew.
    let most = min(written.count, wanted.count)
    var prefix = 0
    while prefix < most, written[prefix] == wanted[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < most - prefix, written[written.count - 1 - suffix] == wanted[wanted.count - 1 - suffix] { suffix += 1 }
    guard let middle = escaped(wanted[prefix..<wanted.count - suffix]) else { return nil }
    return asWritten(0..<prefix) + middle + asWritten(written.count - suffix..<written.count)
  }

  /// Where `part` first occurs in `whole`.
  private static func firstIndex(of part: [Unicode.Scalar], in whole: [Unicode.Scalar]) -> Int? {
    guard part.count <= whole.count else { return nil }
    return (0...whole.count - part.count).first { i in whole[i..<i + part.count].elementsEqual(part) }
  }

  /// The scalars a JSON string's inner bytes read as, each with the bytes that write it. A lone
  /// surrogate's escape, and a byte that is not UTF-8, read as U+FFFD.
  static func jsonScalars(_ raw: ArraySlice<UInt8>) -> [(scalar: Unicode.Scalar, bytes: Range<Int>)] {
    var out: [(scalar: Unicode.Scalar, bytes: Range<Int>)] = []
    var i = raw.startIndex
    /// The four hex digits at `at` as a number.
    func hex4(_ at: Int) -> UInt32? {
      guard at + 4 <= raw.endIndex else { return nil }
      return UInt32(String(decoding: raw[at..<at + 4], as: UTF8.self), radix: 16)
    }
    while i < raw.endIndex {
      let start = i
      var scalar: Unicode.Scalar = "\u{FFFD}"
      if raw[i] == UInt8(ascii: "\\"), i + 1 < raw.endIndex {
        let e = raw[i + 1]
        i += 2
        switch e {
        case UInt8(ascii: "n"): scalar = "\n"
        case UInt8(ascii: "t"): scalar = "\t"
        case UInt8(ascii: "r"): scalar = "\r"
        case UInt8(ascii: "b"): scalar = "\u{08}"
        case UInt8(ascii: "f"): scalar = "\u{0C}"
        case UInt8(ascii: "u"):
          guard let unit = hex4(i) else { break }
          i += 4
          if (0xD800..<0xDC00).contains(unit), i + 1 < raw.endIndex, raw[i] == UInt8(ascii: "\\"),
            raw[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2), (0xDC00..<0xE000).contains(low)
          {
            i += 6
            scalar = Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)) ?? "\u{FFFD}"
          } else {
            scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
          }
        default: scalar = Unicode.Scalar(e)
        }
      } else {
        i = utf8Scalar(raw, at: i, into: &scalar)
      }
      out.append((scalar, start..<i))
    }
    return out
  }

  /// The scalars an XML attribute value's bytes read as, each with the bytes that write it: an
  /// entity or character reference is one scalar.
  static func xmlScalars(_ raw: ArraySlice<UInt8>) -> [(scalar: Unicode.Scalar, bytes: Range<Int>)] {
    let entities: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
    var out: [(scalar: Unicode.Scalar, bytes: Range<Int>)] = []
    var i = raw.startIndex
    while i < raw.endIndex {
      let start = i
      var scalar: Unicode.Scalar = "\u{FFFD}"
      if raw[i] == UInt8(ascii: "&"), let semicolon = raw[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) {
        let name = String(decoding: raw[i + 1..<semicolon], as: UTF8.self)
        let number =
          name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        if let known = entities[name] ?? number.flatMap(Unicode.Scalar.init) {
          out.append((known, start..<semicolon + 1))
          i = semicolon + 1
          continue
        }
      }
      i = utf8Scalar(raw, at: i, into: &scalar)
      out.append((scalar, start..<i))
    }
    return out
  }

  /// Reads the UTF-8 scalar at `at` into `scalar` (U+FFFD for a byte that begins none) and
  /// returns the index past it.
  private static func utf8Scalar(_ raw: ArraySlice<UInt8>, at: Int, into scalar: inout Unicode.Scalar) -> Int {
    let b = raw[at]
    let length = b < 0x80 ? 1 : b & 0xE0 == 0xC0 ? 2 : b & 0xF0 == 0xE0 ? 3 : b & 0xF8 == 0xF0 ? 4 : 0
    guard length > 0, at + length <= raw.endIndex else { return at + 1 }
    var decoder = UTF8()
    var bytes = raw[at..<at + length].makeIterator()
    guard case .scalarValue(let s) = decoder.decode(&bytes) else { return at + 1 }
    scalar = s
    return at + length
  }
}
