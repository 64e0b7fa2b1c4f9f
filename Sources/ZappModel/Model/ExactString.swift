import Foundation
import ZappDiagnostics
import ZappLayout

/// A string compared by its exact Unicode scalars, as Kotlin, JavaScript and Python clients compare
/// ids, not by Swift's canonical equivalence (under which `"é"` and `"e\u{301}"` are equal).
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
  public let value: String
  /// The hash of the UTF-8 bytes, worked out once: a table probe that meets another key compares
  /// two numbers, not two strings.
  private let bytesHash: Int

  public init(_ value: String) {
    self.value = value
    var hasher = Hasher()
    Self.withUTF8(value) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    bytesHash = hasher.finalize()
  }

  public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
    lhs.bytesHash == rhs.bytesHash && lhs.value.hasSameUTF8(as: rhs.value)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }

  public var description: String { value }

  /// The string's UTF-8 bytes, read in place when they are contiguous (always, for a native
  /// string), so no copy of the string is made.
  static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return copy.withUTF8(body)
  }
}
