/// A page being written: its UTF-8 bytes in one buffer that grows in place. Markup is appended as
/// it is, text escaped and numbers formatted straight into the buffer, with no string made per
/// piece (the preview writes 10,000 pages of some 16 KB each).
package struct PageBytes {
  package private(set) var bytes: [UInt8] = []

  package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// The page as a string.
  package var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Empties the buffer and keeps its memory, for the next page.
  package mutating func clear() { bytes.removeAll(keepingCapacity: true) }

  /// Markup, as it is.
  package mutating func add(_ markup: String) {
    // A native string's bytes are copied in one run; the generic append goes byte by byte.
    let copied: Void? = markup.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: markup.utf8) }
  }

  /// Text made safe inside an element or a double-quoted attribute, as `HTML.escape` makes it.
  package mutating func text(_ text: String) {
    let utf8 = text.utf8
    let plain: Bool? = utf8.withContiguousStorageIfAvailable { run in
      guard !run.contains(where: Self.isSpecial) else { return false }
      bytes.append(contentsOf: run)
      return true
    }
    if plain == true { return }
    guard plain == false || utf8.contains(where: Self.isSpecial) else {
      bytes.append(contentsOf: utf8)
      return
    }
    for byte in utf8 {
      switch byte {
      case 0x26: add("&amp;")
      case 0x3C: add("&lt;")
      case 0x3E: add("&gt;")
      case 0x22: add("&quot;")
      case 0x27: add("&#39;")
      default: bytes.append(byte)
      }
    }
  }

  /// Whether a byte is one that `text` escapes.
  package static func isSpecial(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
  }

  /// An integer in decimal.
  package mutating func int(_ value: Int) {
    if value < 0 { bytes.append(0x2D) }
    var rest = value.magnitude
    var count = 1
    var probe = rest
    while probe >= 10 {
      probe /= 10
      count += 1
    }
    bytes.append(contentsOf: repeatElement(0x30, count: count))
    var k = bytes.count - 1
    repeat {
      bytes[k] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
      rest /= 10
      k -= 1
    } while rest > 0
  }

  /// A number of points as CSS pixels, to 0.01, as `HTML.px` writes it.
  package mutating func px(_ value: Double) {
    let hundredths = (value * 100).rounded()
    guard hundredths.isFinite else { return add("0") }
    guard abs(hundredths) < 1e11 else { return add(HTML.px(value)) }
    let whole = Int(hundredths)
    let fraction = abs(whole) % 100
    if whole < 0, whole > -100, fraction != 0 { bytes.append(0x2D) }  // -0.5: no whole part to carry the sign
    int(whole / 100)
    guard fraction != 0 else { return }
    bytes.append(0x2E)
    bytes.append(UInt8(fraction / 10) + 0x30)
    if fraction % 10 != 0 { bytes.append(UInt8(fraction % 10) + 0x30) }
  }
}
