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
  /// as clients ignore it there, the fix renaming it unless the element holds that name. Beside a
  /// near miss of that name (`cellHeigt`, or `cellHeidth`, as near `cellWidth`), the rename is a
  /// guess, which of the two values the element means, so the fix is a hint, however the near
  /// miss is fixed. A near miss is one by the names ZL0206 checks the element's other attributes
  /// against (`misspellingNames`), as it reports them. ZL0204 for another on a header (`insetTop`), which
  /// reads its height alone.
  static func misplacedMetric(
    _ a: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot), on node: FamilyNode, owner: MetricOwner,
    extra: [String]
  ) -> Diagnostic? {
    guard metricAttributes.contains(a.name) else { return nil }
    guard let meant = owner.meant(by: a.name) else {
      guard owner == .header else { return nil }
      return UnknownKeyRule.Message.notReadByHeaders(a.name, on: node.writtenName, reads: owner.metrics).diagnostic(at: a.nameSpot)
    }
    var fix: FixIt? = node.attribute(meant.attribute) == nil ? .didYouMean(meant.attribute, at: a.nameSpot) : nil
    let names = misspellingNames(of: node, owner: owner, extra: extra)
    let nearMiss = node.attributes.contains { other in
      !metricAttributes.contains(other.name) && !names.contains(other.name) && isNearMiss(other.name, of: meant.attribute, in: names)
    }
    if nearMiss { fix?.range = nil }
    return MisspelledKeyRule.Message.otherElementsAttribute(a.name, on: node.writtenName, isOf: meant.owner).diagnostic(
      at: a.nameSpot, fixIt: fix)
  }

  /// The names ZL0206 checks the attributes of `node` against: a cell's own attributes, which
  /// are passed through to clients, by the metrics and `layoutId`; another element's by the
  /// metrics it takes and the names it reads besides (`extra`).
  static func misspellingNames(of node: FamilyNode, owner: MetricOwner, extra: [String]) -> [String] {
    node.tag == "Cell" ? MisspelledKeyRule.cellNames : owner.metrics + extra
  }

  /// Whether `name` is a near miss of `target` among `names`: `target` is the nearest of them,
  /// alone or tied with others.
  static func isNearMiss(_ name: String, of target: String, in names: [String]) -> Bool {
    var candidates = names
    while let nearest = MisspelledKeyRule.misspelledAttribute(name, allowed: candidates) {
      if nearest.text == target { return true }
      guard nearest.isTied else { return false }
      candidates.removeAll { $0 == nearest.text }
    }
    return false
  }
}
