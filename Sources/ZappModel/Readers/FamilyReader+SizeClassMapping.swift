import ZappDiagnostics
import ZappLayout

/// A JSON family component's `sizeClassMapping`, checked as a screen component's
/// `size_class_mapping` is: each replacement holds `component_type` and `cell_style` alone.
extension FamilyReader {
  /// The keys a replacement takes (`Shapes.replacement`).
  static let replacementKeys = Shapes.replacement.fields.map(\.key)

  /// Each key of a replacement of `mapping` that is not a replacement's is a stray (a near miss is
  /// ZL0206's, with its fix; another key ZL0204's), as clients ignore it; a `component_type` or a
  /// `cell_style` that is not a string (nor `null`) is ZL0202. What a size class maps to (a word,
  /// an object) and the names it gives are the responsive rules'.
  static func checkReplacements(in mapping: JSONValue, strays: inout [FamilyStray], diagnostics: inout [Diagnostic]) {
    for (_, entry) in mapping.members where entry.kind == .object {
      let taken = entry.members.map { $0.key.string ?? "" }
      for (key, value) in entry.members {
        let name = key.string ?? ""
        guard replacementKeys.contains(name) else {
          strays.append(
            FamilyStray(kind: .attribute(name: name, element: "replacement", allowed: replacementKeys), spot: key.spot, taken: taken))
          continue
        }
        if value.kind != .string, !value.isNull {
          diagnostics.append(WrongTypeRule.Message.mustBe("'\(name)'", "a string", found: value.kind).diagnostic(at: value.spot))
        }
      }
    }
  }
}
