/// Writes JSON straight to UTF-8 bytes, value by value: the one encoder of every file zlc writes
/// (`JSON.encoded(pretty:)` writes a tree with it), so the contract types write what their `json`
/// trees encode to without building the trees.
///
/// Containers are opened and closed in order: `beginObject()`, then `key(_:)` and one value per
/// member, `endObject()`; `beginArray()`, one value per element, `endArray()`. `finish()` ends the
/// document. With a `sink`, the bytes go to it whenever `flushThreshold` of them have gathered, so a
/// document of any size is written in bounded memory.
public struct JSONWriter {
  /// The bytes written and not yet handed to the sink.
  public private(set) var bytes: [UInt8] = []
  /// Two-space indentation and one member or element per line, else compact.
  public let pretty: Bool
  /// The form the bundle contract's types write themselves in (`BundleObject.write(to:)`).
  public var bundleForm: BundleForm = .compact
  private let flushThreshold: Int
  private let sink: ((_ bytes: [UInt8]) -> Void)?
  /// How many containers are open.
  private var depth = 0
  /// Whether the innermost open container has no element yet.
  private var containerIsEmpty = true
  /// Whether a key was just written, so the next value is its member's.
  private var afterKey = false
  /// How many trial writes are open (`write(_:unlessSameAs:)`): no bytes are flushed meanwhile.
  private var openTrials = 0

  /// A writer that keeps every byte in `bytes`.
  public init(pretty: Bool = true) {
    self.pretty = pretty
    flushThreshold = Int.max
    sink = nil
  }

  /// A writer that hands its bytes to `sink`, in order, whenever at least `flushThreshold` have
  /// gathered (between two values), and the rest at `finish()`.
  package init(pretty: Bool = true, flushThreshold: Int, sink: @escaping (_ bytes: [UInt8]) -> Void) {
    self.pretty = pretty
    self.flushThreshold = flushThreshold
    self.sink = sink
    // Small at first: most documents (a screen of a few kilobytes) never grow it, and many are
    // written at once; a large one doubles it up to the threshold.
    bytes.reserveCapacity(min(flushThreshold, Self.initialCapacity))
  }

  /// The bytes reserved by a writer with a sink before its first value.
  static let initialCapacity = 4096

  /// Ends the document (a final newline when pretty) and hands what is left to the sink.
  public mutating func finish() {
    if pretty { bytes.append(0x0A) }
    flush(last: true)
  }

  /// Hands the gathered bytes to the sink. The last piece is handed over without keeping a buffer
  /// of its size: a sink that keeps the array would otherwise make the writer copy it.
  private mutating func flush(last: Bool = false) {
    guard let sink, !bytes.isEmpty else { return }
    sink(bytes)
    if last { bytes = [] } else { bytes.removeAll(keepingCapacity: true) }
  }

  // MARK: Containers

  /// Opens an object: `key(_:)` and a value per member follow, then `endObject()`.
  public mutating func beginObject() { open(UInt8(ascii: "{")) }
  /// Closes the innermost open object.
  public mutating func endObject() { close(UInt8(ascii: "}")) }
  /// Opens an array: a value per element follows, then `endArray()`.
  public mutating func beginArray() { open(UInt8(ascii: "[")) }
  /// Closes the innermost open array.
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Starts a member of the open object; its value comes next.
  public mutating func key(_ key: String) {
    startElement()
    escape(key)
    separateKey()
  }

  /// A key given as its UTF-8 bytes, which must be valid UTF-8.
  package mutating func key(utf8: UnsafeBufferPointer<UInt8>) {
    startElement()
    escape(utf8)
    separateKey()
  }

  private mutating func separateKey() {
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(0x20) }
    afterKey = true
  }

  private mutating func open(_ byte: UInt8) {
    startValue()
    bytes.append(byte)
    depth += 1
    containerIsEmpty = true
  }

  private mutating func close(_ byte: UInt8) {
    depth -= 1
    if !containerIsEmpty, pretty { newline(depth) }
    bytes.append(byte)
    containerIsEmpty = false
  }

  /// What comes before a value: nothing after a key or at the top, else the element's separator.
  private mutating func startValue() {
    if afterKey {
      afterKey = false
    } else if depth > 0 {
      startElement()
    }
  }

  /// A comma after the container's previous element, then a new line at the element's indentation.
  private mutating func startElement() {
    if bytes.count >= flushThreshold, openTrials == 0 { flush() }
    if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
    containerIsEmpty = false
    if pretty { newline(depth) }
  }

  private mutating func newline(_ indent: Int) {
    bytes.append(0x0A)
    for _ in 0..<(indent * 2) { bytes.append(0x20) }
  }

  // MARK: Values

  /// `null`.
  public mutating func null() {
    startValue()
    append("null")
  }

  /// `true` or `false`.
  public mutating func bool(_ value: Bool) {
    startValue()
    append(value ? "true" : "false")
  }

  /// A whole number.
  public mutating func int(_ value: Int) {
    startValue()
    appendDigits(value)
  }

  /// A length or other computed number, rounded to 0.01 as `JSON.number(_:)` writes it.
  public mutating func number(_ value: Double) { write(JSON.NumberForm.rounded(value)) }

  /// A family value exactly as the arithmetic reads it, as `JSON.exact(_:)` writes it.
  package mutating func exact(_ value: Double) { write(JSON.NumberForm.exact(value)) }

  /// A number written as this text (a number copied from an input, as `JSON.number(String)`).
  package mutating func numberText(_ text: String) {
    startValue()
    append(text)
  }

  /// A string, escaped as JSON requires.
  public mutating func string(_ value: String) {
    startValue()
    escape(value)
  }

  /// `"key": value` for a present optional and nothing for an absent one, as the contract's
  /// encoders leave out optional keys.
  public mutating func member(_ key: String, _ value: Int?) {
    guard let value else { return }
    self.key(key)
    int(value)
  }

  /// `"key": "value"` for a present optional string, nothing for an absent one.
  public mutating func member(_ key: String, _ value: String?) {
    guard let value else { return }
    self.key(key)
    string(value)
  }

  /// `"key": true` or `false` for a present optional, nothing for an absent one.
  public mutating func member(_ key: String, _ value: Bool?) {
    guard let value else { return }
    self.key(key)
    bool(value)
  }

  /// A string, or `null` (as `JSON.optional(_:)`).
  public mutating func optionalString(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// A string given as its UTF-8 bytes, which must be valid UTF-8.
  package mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    startValue()
    escape(utf8)
  }

  /// A `JSON` value, as its own encoder writes it.
  public mutating func value(_ json: JSON) {
    switch json {
    case .null: null()
    case .bool(let b): bool(b)
    case .number(let text): numberText(text)
    case .string(let s): string(s)
    case .array(let items):
      beginArray()
      for item in items { value(item) }
      endArray()
    case .object(let members): object(members)
    }
  }

  /// An object of `members` (as `JSON.object`).
  public mutating func object(_ members: [(String, JSON)]) {
    beginObject()
    for (k, v) in members {
      key(k)
      value(v)
    }
    endObject()
  }

  /// An array of strings.
  public mutating func strings(_ values: [String]) {
    beginArray()
    for s in values { string(s) }
    endArray()
  }

  private mutating func write(_ form: JSON.NumberForm) {
    switch form {
    case .null: null()
    case .whole(let n): int(n)
    case .fraction(let d): numberText(String(d))
    }
  }

  // MARK: Trial

  /// What `write(_:unlessSameAs:)` did with a member.
  enum TrialOutcome {
    /// Its bytes were those of the other: it was taken back.
    case takenBack
    /// It was kept, and wrote something.
    case kept
    /// It wrote nothing, where the other wrote something.
    case keptEmpty
  }

  /// Writes `member` (a key and its value, or nothing) unless its bytes are those `other` writes at
  /// the same place, in which case it is taken back: the writer is then as before. The two are
  /// compared in place, with no buffer of their own.
  mutating func write(_ member: (inout JSONWriter) -> Void, unlessSameAs other: (inout JSONWriter) -> Void)
    -> TrialOutcome
  {
    openTrials += 1
    defer { openTrials -= 1 }
    let (start, startIsEmpty, startAfterKey) = (bytes.count, containerIsEmpty, afterKey)
    member(&self)
    let (end, endIsEmpty, endAfterKey) = (bytes.count, containerIsEmpty, afterKey)
    (containerIsEmpty, afterKey) = (startIsEmpty, startAfterKey)
    other(&self)
    let same = bytes[start..<end].elementsEqual(bytes[end...])
    if same {
      bytes.removeSubrange(start...)
      (containerIsEmpty, afterKey) = (startIsEmpty, startAfterKey)
      return .takenBack
    }
    bytes.removeSubrange(end...)
    (containerIsEmpty, afterKey) = (endIsEmpty, endAfterKey)
    return end == start ? .keptEmpty : .kept
  }

  // MARK: Bytes

  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  private mutating func appendDigits(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  private mutating func escape(_ s: String) {
    var s = s
    s.withUTF8 { escape($0) }
  }

  /// Writes UTF-8 bytes as a JSON string: quotes, backslashes and control characters escaped, and
  /// U+007F, U+2028 and U+2029 too (JavaScript clients), and U+FEFF (Foundation's decoder drops it
  /// raw at a string's start); runs that need no escape are copied whole.
  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    var i = 0
    let count = utf8.count
    while i < count {
      let byte = utf8[i]
      // Printable ASCII but the quote and the backslash (most bytes) first, then the rest.
      if byte > UInt8(ascii: "\""), byte < 0x7F, byte != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      guard
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xE2
          || byte == 0xEF
      else {
        i += 1
        continue
      }
      if byte == 0xE2, !(i + 2 < count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9)) {
        i += 1
        continue
      }
      if byte == 0xEF, !(i + 2 < count && utf8[i + 1] == 0xBB && utf8[i + 2] == 0xBF) {
        i += 1
        continue
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
      if byte == 0xE2 {
        JSON.appendEscape(forScalar: 0x2000 + UInt32(utf8[i + 2]) - 0x80, into: &bytes)
        i += 3
      } else if byte == 0xEF {
        JSON.appendEscape(forScalar: 0xFEFF, into: &bytes)
        i += 3
      } else {
        JSON.appendEscape(forASCII: byte, into: &bytes)
        i += 1
      }
      runStart = i
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    bytes.append(UInt8(ascii: "\""))
  }
}

/// A value that writes itself straight to bytes, without a `JSON` tree: the bundle's contract
/// types (`BundleObject`).
public protocol JSONWritable {
  /// Writes the value at the writer's position.
  func write(to writer: inout JSONWriter)
}

extension JSONWritable {
  /// The UTF-8 bytes of the value as a document, in `form` (for the bundle's types).
  public func encoded(pretty: Bool = true, form: BundleForm = .compact) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.bundleForm = form
    write(to: &writer)
    writer.finish()
    return writer.bytes
  }
}
