/// A page being written: its UTF-8 bytes in one buffer that grows in place. Markup is appended as
/// it is, text escaped and numbers formatted straight into the buffer, with no string made per
/// piece (the preview writes 10,000 pages of some 16 KB each).
///
/// The buffer is its own (not copyable, freed with the value): appending is a bounds check and a
/// copy, without an array's uniqueness check and bookkeeping per piece.
package struct PageBytes: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int

  package init(capacity: Int = 0) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The page's bytes, copied out.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// The page as a string.
  package var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

  /// Calls `body` with the page's bytes, valid for the call only.
  package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// Empties the buffer and keeps its memory, for the next page.
  package mutating func clear() { count = 0 }

  /// Makes room for `more` bytes after the written ones.
  @inline(__always)
  private mutating func reserve(_ more: Int) {
    if count + more > capacity { grow(more) }
  }

  /// Moves the bytes to a buffer with room for `more` after them.
  private mutating func grow(_ more: Int) {
    let grown = max(capacity * 2, count + more)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = grown
  }

  /// Bytes, as they are.
  @inline(__always)
  private mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    reserve(length)
    (base + count).update(from: start, count: length)
    count += length
  }

  /// Bytes, as they are.
  private mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
    guard let start = run.baseAddress else { return }
    append(start, run.count)
  }

  /// One byte.
  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Markup written in the code, as it is: its bytes are copied straight from the binary.
  package mutating func add(_ markup: StaticString) {
    guard markup.hasPointerRepresentation else { return markup.withUTF8Buffer { append($0) } }
    append(markup.utf8Start, markup.utf8CodeUnitCount)
  }

  /// Markup made at run time, as it is.
  package mutating func add(markup: String) {
    // A native string's bytes are copied in one run; others byte by byte.
    let copied: Void? = markup.utf8.withContiguousStorageIfAvailable { append($0) }
    if copied == nil { for byte in markup.utf8 { append(byte) } }
  }

  /// Text made safe inside an element or a double-quoted attribute, as `HTML.escape` makes it: a
  /// control character HTML does not allow (one but a tab or a line end, from a feed's text) is
  /// written as U+FFFD.
  package mutating func text(_ text: String) {
    let utf8 = text.utf8
    let plain: Bool? = utf8.withContiguousStorageIfAvailable { run in
      guard !run.contains(where: Self.isSpecial) else { return false }
      append(run)
      return true
    }
    if plain == true { return }
    for byte in utf8 {
      switch byte {
      case 0x26: add("&amp;")
      case 0x3C: add("&lt;")
      case 0x3E: add("&gt;")
      case 0x22: add("&quot;")
      case 0x27: add("&#39;")
      default: if Self.isControl(byte) { add("\u{FFFD}") } else { append(byte) }
      }
    }
  }

  /// Whether a byte is one that `text` escapes.
  package static func isSpecial(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || isControl(byte)
  }

  /// A control character HTML text does not allow: U+0000–U+001F but a tab and line ends, U+007F.
  static func isControl(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
  }

  /// An integer in decimal.
  package mutating func int(_ value: Int) {
    if value < 0 { append(0x2D) }
    var rest = value.magnitude
    var digits = 1
    var probe = rest
    while probe >= 10 {
      probe /= 10
      digits += 1
    }
    reserve(digits)
    count += digits
    var k = count - 1
    repeat {
      base[k] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
      rest /= 10
      k -= 1
    } while rest > 0
  }

  /// A number of points as CSS pixels, to 0.01, as `HTML.px` writes it.
  package mutating func px(_ value: Double) {
    let hundredths = (value * 100).rounded()
    guard hundredths.isFinite else { return add("0") }
    guard abs(hundredths) < 1e11 else { return add(markup: HTML.px(value)) }
    let whole = Int(hundredths)
    let fraction = abs(whole) % 100
    if whole < 0, whole > -100, fraction != 0 { append(0x2D) }  // -0.5: no whole part to carry the sign
    int(whole / 100)
    guard fraction != 0 else { return }
    append(0x2E)
    append(UInt8(fraction / 10) + 0x30)
    if fraction % 10 != 0 { append(UInt8(fraction % 10) + 0x30) }
  }
}
