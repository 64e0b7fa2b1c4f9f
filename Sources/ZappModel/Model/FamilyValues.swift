import ZappDiagnostics
import ZappLayout

/// A number a family attribute holds (a metric, or `standardWidth`/`scale` of `<Responsive>`), as
/// written and where, so that the geometry rules report a value out of range at the attribute.
public struct FamilyNumber: Sendable {
  /// The element's tag (`Screen`, `Component`, `Cell`, `Layout`, `Header`, `Responsive`).
  public var element: String
  public var name: String
  public var text: String
  public var value: Double
  public var spot: SourceSpot
  /// The cell whose element holds it (the cell or one of its `<Screen>`s): its component type and name.
  public var cell: (type: String, name: String)? = nil

  /// Whether the value is one zlc lays out with. The reader keeps only such values in the family
  /// model; ZL0501, ZL0502 and ZL0504 report the others.
  public var isInRange: Bool { Metrics.accepts(name, value) }
  /// Whether the value is a number at all: a value that is none (`"abc"`, `true`, a JSON number
  /// past a 64-bit float) is recorded as NaN, refused where it is read (ZL0202, ZL0104), so that
  /// no rule reports the geometry it leaves out once more.
  public var isNumber: Bool { !value.isNaN }

  package static let lengths = Metrics.lengths
}

/// Something in a family file the format does not have, kept for ZL0204: an attribute an element
/// does not take (with the names it does take, for a fix-it), an element where it does not belong,
/// or text inside an element.
public struct FamilyStray: Sendable {
  public enum Kind: Sendable {
    case attribute(name: String, element: String, allowed: [String])
    /// `place` reads "inside <Screens>", "in <Family>" or "in a component".
    case element(name: String, place: String, expected: String?)
    case text(element: String)
  }

  public let kind: Kind
  public let spot: SourceSpot
  /// The cell whose element holds it (a cell's `<Screen>`): its component type and name.
  public var cell: (type: String, name: String)? = nil
  /// The names the element holds already: a rename into one of them would write a duplicate.
  public var taken: [String] = []
}
