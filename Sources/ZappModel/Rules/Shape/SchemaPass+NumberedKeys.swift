import Foundation
import ZappDiagnostics

extension SchemaPass {
  /// A key the platforms' manifests name differently (`image_1` in one platform's manifest,
  /// `image_2` or `logo` in another's), found as a misspelling (`diagnostic`, ZL0206) on some
  /// platforms: a key the manifests of `declaring` platforms declare in that very section of that
  /// plugin, written beside the near key (nothing is lost), or differing from it in digits alone
  /// (a field numbered per platform; ZL0616 reads such manifests as a series). `unwritten` is the
  /// near key, when the screen does not write it: those platforms take its default then. Nil for
  /// any other finding (a key no manifest declares there, or one named otherwise and written
  /// alone, stays a misspelling: either manifest may hold it).
  static func platformVariant(
    _ diagnostic: Diagnostic, in screen: JSONValue, declared: [(platform: String, keys: Set<String>)]
  ) -> (key: String, declaring: [String], unwritten: String?)? {
    guard diagnostic.code == MisspelledKeyRule.rule.code, let offset = diagnostic.spot?.offset,
      let found = key(at: offset, in: screen, section: nil, owner: screen), let section = found.section, let owner = found.owner
    else { return nil }
    let declaring = declared.filter { $0.keys.contains(PlatformShapes.declaredKey(owner, section, found.name)) }.map(\.platform)
    guard !declaring.isEmpty else { return nil }
    // The near key written too (a fix never renames into a key written), or a sibling numbered
    // alike: each platform's key is written, and nothing is lost.
    let fix = diagnostic.fixIt.map { $0.replacement.trimmingCharacters(in: ["\""]) }
    if fix.map({ found.siblings.contains($0) }) ?? true || found.siblings.contains(where: { differInDigitsAlone($0, found.name) }) {
      return (found.name, declaring, nil)
    }
    guard let fix, differInDigitsAlone(fix, found.name) else { return nil }
    return (found.name, declaring, fix)
  }

  /// Whether two keys are the same once digits are set aside (`image_1`, `image_2`), and differ.
  private static func differInDigitsAlone(_ a: String, _ b: String) -> Bool {
    func digitless(_ s: String) -> String { String(s.map { $0.isNumber ? "#" : $0 }) }
    return a != b && digitless(a) == digitless(b)
  }

  /// The key at `offset` in `value`; the other keys of its object; the key that object stands at
  /// (`section`: `general`, `styles`); and the plugin of the object holding that one (`owner`: a
  /// component's `component_type`, a screen's `type`).
  private static func key(
    at offset: Int, in value: JSONValue, section: String?, owner: JSONValue?
  ) -> (name: String, siblings: [String], section: String?, owner: String?)? {
    switch value.kind {
    case .object:
      let members = value.members
      if let hit = members.first(where: { $0.key.spot.offset == offset }) {
        let name = hit.key.string ?? ""
        // A component's plugin, a navigation's, or a nav item's or screen's.
        let plugin = owner.flatMap { $0["component_type"]?.string ?? $0["navigation_type"]?.string ?? $0["type"]?.string }
        return (name, members.compactMap { $0.key.string }.filter { $0 != name }, section, plugin)
      }
      for member in members {
        if let found = key(at: offset, in: member.value, section: member.key.string, owner: value) { return found }
      }
      return nil
    case .array:
      // An array's objects stand for their list's key (`ui_components`): no section of a plugin.
      for element in value.elements {
        if let found = key(at: offset, in: element, section: nil, owner: nil) { return found }
      }
      return nil
    default: return nil
    }
  }
}
