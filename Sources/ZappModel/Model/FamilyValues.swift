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

  /// Whether the value is one zlc lays out with. The reader keeps only such values in the family
  /// model; ZL0501, ZL0502 and ZL0504 report the others.
  public var isInRange: Bool { FamilyNumber.accepts(name, value) }

  package static let lengths: Set<String> = ["cellWidth", "cellHeight", "height", "designWidth", "designScreenWidth"]

  package static func accepts(_ name: String, _ v: Double) -> Bool {
    switch name {
    case "columns", "smallItems": return v >= 1 && v == v.rounded() && v <= Double(Metrics.maxColumns)
    case "aspectCellRatio", "scale": return Metrics.ratioRange.contains(v)
    case "standardWidth": return (1...Metrics.maxLength).contains(v)
    case "widthRatio": return v > 0 && v < 1
    default: return lengths.contains(name) ? (0.01...Metrics.maxLength).contains(v) : (0...Metrics.maxLength).contains(v)
    }
  }
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
