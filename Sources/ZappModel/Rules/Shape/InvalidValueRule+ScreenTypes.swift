import Foundation
import ZappDiagnostics

extension InvalidValueRule {
  /// The keys of `screen_types.json`'s maps are compared exactly with a feed's `screen_type` and
  /// entry types, which hold no spaces at their ends: an empty key, or one with spaces around it
  /// (`"season "`), matches nothing. The fix trims the spaces, unless the map holds that key.
  static func checkScreenTypeKeys(_ context: RuleContext) {
    guard let decl = context.project.screenTypes else { return }
    for (map, mappings) in [("screen_types", decl.screenTypes), ("content_types", decl.contentTypes)] {
      let keys = Set(mappings.map(\.key))
      for mapping in mappings {
        let trimmed = mapping.key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed != mapping.key || trimmed.isEmpty else { continue }
        let fix: FixIt? = trimmed.isEmpty || keys.contains(trimmed) ? nil : .didYouMean(trimmed, at: mapping.keySpot)
        let message =
          trimmed.isEmpty
          ? "a \(map) key of spaces alone, or none, matches no type"
          : "\(map) key '\(mapping.key)' has spaces at its ends: it matches no type"
        context.report(rule, message, at: mapping.keySpot, fixIt: fix)
      }
    }
  }
}
