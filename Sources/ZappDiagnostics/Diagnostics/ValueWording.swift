import ZappLayout

/// The most characters of a value a message quotes.
public let quotedValueLimit = 40

/// A value as a message quotes it: its first line, at most `limit` characters, and `…` where it
/// was cut, so that a message stays one short line however large the value (a multi-line array
/// where a number belongs). Only the shown characters are read.
public func shortValue(_ text: some StringProtocol, limit: Int = quotedValueLimit) -> String {
  shortened(text, limit: limit).text
}

/// `shortValue`, and whether anything was cut.
package func shortened(_ text: some StringProtocol, limit: Int = quotedValueLimit) -> (text: String, cut: Bool) {
  var shown = 0
  var end = text.startIndex
  while end < text.endIndex, shown < limit, !text[end].isNewline {
    end = text.index(after: end)
    shown += 1
  }
  guard end < text.endIndex else { return (String(text), false) }
  var kept = text[..<end]
  while let last = kept.last, last == " " || last == "\t" { kept = kept.dropLast() }
  return (String(kept) + "…", true)
}

extension JSONValue {
  /// The value as written, shortened as a message quotes it (`shortValue`): only its first bytes are
  /// decoded, however large the value.
  public var quotedSource: String {
    let bytes = document.source.bytes
    let start = node.start
    let end = document.end(of: index)
    // Enough bytes for `quotedValueLimit` scalars and one more, cut on a scalar boundary.
    var prefixEnd = min(end, start + 4 * (quotedValueLimit + 1))
    while prefixEnd < end, prefixEnd > start, bytes[prefixEnd] & 0xC0 == 0x80 { prefixEnd -= 1 }
    let text = String(decoding: bytes[start..<prefixEnd], as: UTF8.self)
    let (short, cut) = shortened(text)
    return cut || prefixEnd == end ? short : short + "…"
  }
}

/// A length as zlc writes it: rounded to 0.01, without trailing zeros.
public func format(_ value: Double) -> String {
  let rounded = Geometry.round2(value)
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
  return String(rounded)
}
