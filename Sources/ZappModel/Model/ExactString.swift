import Foundation
import ZappDiagnostics

/// A string compared by its exact Unicode scalars, as Kotlin, JavaScript and Python clients compare
/// ids, not by Swift's canonical equivalence (under which `"é"` and `"e\u{301}"` are equal).
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
  public let value: String

  public init(_ value: String) { self.value = value }

  public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
    var a = lhs.value
    var b = rhs.value
    return a.withUTF8 { x in
      b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
    }
  }

  public func hash(into hasher: inout Hasher) {
    var copy = value
    copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  public var description: String { value }
}
