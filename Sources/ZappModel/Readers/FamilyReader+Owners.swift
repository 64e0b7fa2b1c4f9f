import ZappDiagnostics
import ZappLayout

/// Which elements take which metrics: a header's (or footer's) height is `height`, and only a
/// header takes it; a cell's is `cellHeight`, which a header does not take.
extension FamilyReader {
  /// The element a metric attribute stands on, as far as the metrics it takes go.
  package enum MetricOwner {
    /// A header or footer, or one of its `<Screen>` entries: `height` alone.
    case header
    /// The family's own `<Screen>` entries: every metric but `height`.
    case family
    /// A component, a layout, a cell or one of their `<Screen>` entries: every metric but `height`.
    case cell

    /// Whether the element reads the metric `name`.
    package func takes(_ name: String) -> Bool { (name == "height") == (self == .header) }

    /// The metrics the element reads.
    var metrics: [String] { FamilyReader.metricAttributes.filter(takes).sorted() }

    /// The metric another element takes that this one means by `name`: a cell's `height` is its
    /// `cellHeight`, a header's `cellHeight` its `height`.
    func meant(by name: String) -> (attribute: String, owner: String)? {
      switch (self, name) {
      case (.cell, "height"): return ("cellHeight", "a header's")
      case (.header, "cellHeight"): return ("height", "a cell's")
      default: return nil
      }
    }

    /// The metric `name` means on an element that does not take it, whichever that is: a header's
    /// `height` means a cell's `cellHeight`, and the other way round.
    static func meaning(of name: String) -> String? {
      MetricOwner.cell.meant(by: name)?.attribute ?? MetricOwner.header.meant(by: name)?.attribute
    }
  }

  /// A metric the element does not take: ZL0206 when it means one it does (`height` on a cell),
  /// as clients ignore it there, the fix renaming it unless the element holds that name, or
  /// another of its attributes is a misspelling of it (`cellHeigt`), whose fix would rename it
  /// too: either value would be a guess, so the fix is a hint. ZL0204 for another on a header
  /// (`insetTop`), which reads its height alone.
  static func misplacedMetric(
    _ a: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot), on node: FamilyNode, owner: MetricOwner
  ) -> Diagnostic? {
    guard metricAttributes.contains(a.name) else { return nil }
    guard let meant = owner.meant(by: a.name) else {
      guard owner == .header else { return nil }
      return UnknownKeyRule.Message.notReadByHeaders(a.name, on: node.writtenName, reads: owner.metrics).diagnostic(at: a.nameSpot)
    }
    var fix: FixIt? = node.attribute(meant.attribute) == nil ? .didYouMean(meant.attribute, at: a.nameSpot) : nil
    let misspelledToo = node.attributes.contains { other in
      !metricAttributes.contains(other.name)
        && MisspelledKeyRule.misspelledAttribute(other.name, allowed: owner.metrics)?.text == meant.attribute
    }
    if misspelledToo { fix?.range = nil }
    return MisspelledKeyRule.Message.otherElementsAttribute(a.name, on: node.writtenName, isOf: meant.owner).diagnostic(
      at: a.nameSpot, fixIt: fix)
  }
}
