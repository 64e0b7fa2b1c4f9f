import Foundation
import ZappDiagnostics
import ZappLayout

extension FamilyReader {
  /// A cell's `layoutId`, checked: it names the native cell layout a client draws the cell with.
  /// A number or a list in its place is ZL0202's. An empty one (or one of spaces alone) names no
  /// layout, and one with spaces at its ends matches none a client registers (with the trimmed id
  /// as its fix): both are ZL0203's, at the value. Nil when the cell has none or an empty one, so
  /// the bundle lists no empty name among the cell layouts a client needs.
  static func cellLayoutID(_ cell: FamilyNode, diagnostics: inout [Diagnostic]) -> String? {
    guard let layoutID = cell.attribute("layoutId") else { return nil }
    if let typed = cell.typedValues["layoutId"] {
      diagnostics.append(WrongTypeRule.Message.mustBe("'layoutId'", "a string", found: typed.kind).diagnostic(at: layoutID.spot))
      return layoutID.value
    }
    guard layoutID.value.contains(where: { !$0.isWhitespace }) else {
      diagnostics.append(InvalidValueRule.Message.emptyLayoutID(layoutID.value).diagnostic(at: layoutID.spot))
      return nil
    }
    let trimmed = layoutID.value.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed != layoutID.value {
      diagnostics.append(
        InvalidValueRule.Message.nameWithSpaces(layoutID.value, attribute: "layoutId", matches: "cell layout").diagnostic(
          at: layoutID.spot, fixIt: .didYouMean(trimmed, at: layoutID.spot)))
    }
    return layoutID.value
  }
}
