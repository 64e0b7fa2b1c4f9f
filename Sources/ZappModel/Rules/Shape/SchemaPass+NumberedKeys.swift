import Foundation
import ZappDiagnostics

extension SchemaPass {
  /// `diagnostic`, a misspelling some target platforms alone find, as a key of a numbered series
  /// the platforms' manifests number differently (`image_1` on one, `image_2` on another): a key
  /// (which another platform's manifest declares, as the caller knows) that differs from its fix
  /// or a key beside it in digits alone. ZL0616 reads such manifests as a series, not as a
  /// mismatch. `unwritten` is the key those platforms read, when the screen does not write it: then
  /// they take its default. Nil for any other finding.
  static func numberedVariant(_ diagnostic: Diagnostic, in screen: JSONValue) -> (key: String, unwritten: String?)? {
    guard diagnostic.code == MisspelledKeyRule.rule.code, let offset = diagnostic.spot?.offset,
      let (name, siblings) = self.key(at: offset, in: screen), name.contains(where: \.isNumber)
    else { return nil }
    if siblings.contains(where: { differInDigitsAlone($0, name) }) { return (name, nil) }
    guard let fix = diagnostic.fixIt.map({ $0.replacement.trimmingCharacters(in: ["\""]) }), differInDigitsAlone(fix, name) else {
      return nil
    }
    return (name, fix)
  }

  /// Whether two keys are the same once digits are set aside (`image_1`, `image_2`), and differ.
  private static func differInDigitsAlone(_ a: String, _ b: String) -> Bool {
    func digitless(_ s: String) -> String { String(s.map { $0.isNumber ? "#" : $0 }) }
    return a != b && digitless(a) == digitless(b)
  }

  /// The key at `offset` in `value`, and the other keys of its object.
  private static func key(at offset: Int, in value: JSONValue) -> (name: String, siblings: [String])? {
    switch value.kind {
    case .object:
      let members = value.members
      if let hit = members.first(where: { $0.key.spot.offset == offset }) {
        let name = hit.key.string ?? ""
        return (name, members.compactMap { $0.key.string }.filter { $0 != name })
      }
      for member in members {
        if let found = key(at: offset, in: member.value) { return found }
      }
      return nil
    case .array:
      for element in value.elements {
        if let found = key(at: offset, in: element) { return found }
      }
      return nil
    default: return nil
    }
  }
}
