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

  static let lengths: Set<String> = ["cellWidth", "cellHeight", "height", "designWidth", "designScreenWidth"]

  static func accepts(_ name: String, _ v: Double) -> Bool {
    switch name {
    case "columns", "smallItems": return v >= 1 && v == v.rounded() && v <= Double(Metrics.maxColumns)
    case "aspectCellRatio", "scale": return Metrics.ratioRange.contains(v)
    case "standardWidth": return (1...Metrics.maxLength).contains(v)
    case "widthRatio": return v > 0 && v < 1
    default: return lengths.contains(name) ? (0.01...Metrics.maxLength).contains(v) : (0...Metrics.maxLength).contains(v)
    }
  }
}

/// An attribute a family element does not take, with the names it does take (for a fix-it).
public struct FamilyUnknownAttribute: Sendable {
  public var element: String
  public var name: String
  public var spot: SourceSpot
  public var allowed: [String]
}
