import Foundation
import ZappDiagnostics

extension InvalidValueRule {
  /// The keys of `screen_types.json`'s maps are compared exactly with a feed's `screen_type` and
  /// entry types, which hold no spaces at their ends: an empty key, or one with spaces around it
  /// (`"season "`), matches nothing. The fix trims the spaces, unless the map holds that key.
  static func checkScreenTypeKeys(_ context: RuleContext) {
    guard let decl = context.project.screenTypes else { return }
    for (map, mappings) in [("screen_types", decl.screenTypes), ("content_types", decl.contentTypes)] {
      let keys = SiblingNames(mappings.map(\.key)) { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      for mapping in mappings {
        // Most keys end in printable ASCII at both ends: no space there.
        if let first = mapping.key.utf8.first, let last = mapping.key.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last)
        {
          continue
        }
        let trimmed = mapping.key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed != mapping.key || trimmed.isEmpty else { continue }
        let fix = FixIt.trimming(to: trimmed, at: mapping.keySpot, taken: keys.take(trimmed))
        let message: Message = trimmed.isEmpty ? .blankMapKey(in: map) : .mapKeyWithSpaces(mapping.key, in: map)
        context.bag.add(message.diagnostic(at: mapping.keySpot, fixIt: fix))
      }
    }
  }
}
