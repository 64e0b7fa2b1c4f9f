/// A string compared by its exact Unicode scalars, as Kotlin, JavaScript and Python clients compare
/// ids, not by Swift's canonical equivalence (under which `"é"` and `"e\u{301}"` are equal).
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
  public let value: String

  public init(_ value: String) { self.value = value }

  public static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.value.utf8.elementsEqual(rhs.value.utf8) }

  public func hash(into hasher: inout Hasher) {
    for byte in value.utf8 { hasher.combine(byte) }
  }

  public var description: String { value }
}
