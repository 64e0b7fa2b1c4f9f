import ZappDiagnostics

/// ZL0106 encoding.
package enum EncodingRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0106", name: "encoding", severity: .error, category: .reading,
    summary: "The file is not UTF-8 text.",
    explanation: """
      Inputs are UTF-8 (a UTF-8 byte-order mark is accepted). Invalid byte sequences, UTF-16 or \
      UTF-32 files and NUL bytes are reported at the first offending byte.
      """,
    bad: .text("a file saved as UTF-16 by an editor"),
    good: .text("the same file saved as UTF-8"))
}

extension Rule {
  public static let encoding = EncodingRule.rule
}

extension EncodingRule {
  package typealias Message = RuleMessage<EncodingRule>
}

extension RuleMessage where Owner == EncodingRule {
  package static var utf16ByteOrderMark: Self {
    Self("utf16-byte-order-mark", "file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8")
  }
  package static var utf32ByteOrderMark: Self {
    Self("utf32-byte-order-mark", "file is UTF-32 (it starts with a UTF-32 byte-order mark); save it as UTF-8")
  }
  /// The message for a file whose first `count` bytes start with a UTF-16 or UTF-32 byte-order
  /// mark (UTF-32's little-endian one starts as UTF-16's does); nil for any other start.
  package static func byteOrderMark(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Self? {
    let head = Array(bytes.prefix(min(count, 4)))
    if head == [0xFF, 0xFE, 0, 0] || head == [0, 0, 0xFE, 0xFF] { return utf32ByteOrderMark }
    return head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) ? utf16ByteOrderMark : nil
  }
  /// A file without a byte-order mark whose first bytes hold zeros, as UTF-16 or UTF-32 write the
  /// ASCII character JSON starts with: which one, by where the zeros are (as a device tells them).
  package static func notUTF8(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Self {
    let head = Array(bytes.prefix(min(count, 4))) + [1, 1, 1, 1]
    let encoding: String
    switch (head[0], head[1], head[2], head[3]) {
    case (0, 0, 0, _): encoding = "UTF-32 big-endian"
    case (_, 0, 0, 0): encoding = "UTF-32 little-endian"
    case (0, _, _, _): encoding = "UTF-16 big-endian"
    default: encoding = "UTF-16 little-endian"
    }
    return Self("not-utf8", "file is not UTF-8 (it looks like \(encoding)); save it as UTF-8")
  }
  /// An XML declaration's encoding other than UTF-8 (or its ASCII subset).
  package static func declaredEncoding(_ name: String) -> Self { Self("declared-encoding", "family XML must be UTF-8, not \(name)") }
  package static var nulInFile: Self { Self("nul-in-file", "NUL byte in the file") }
  package static var nulInString: Self { Self("nul-in-string", "NUL byte in a string") }
  package static func invalidUTF8Byte(_ byte: UInt8) -> Self {
    Self("invalid-utf8-byte", "invalid UTF-8 byte 0x\(String(hex(UInt32(byte)).suffix(2)))")
  }
  package static var truncatedUTF8: Self { Self("truncated-utf8", "truncated UTF-8 sequence") }
  package static var invalidUTF8: Self { Self("invalid-utf8", "invalid UTF-8 sequence") }
  package static var invalidUTF8Scalar: Self {
    Self("invalid-utf8-scalar", "invalid UTF-8 sequence (overlong, surrogate or out of range)")
  }
}
