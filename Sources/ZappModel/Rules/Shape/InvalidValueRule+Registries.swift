import Foundation
import ZappDiagnostics

extension InvalidValueRule {
  /// A registry's `client_version` range holds a version: its lower end is below its upper end
  /// (at or below it, for a range through its upper end), and each end's numbers fit 64 bits.
  package static func checkClientVersions(_ context: RuleContext) {
    for registry in context.project.registries {
      guard let client = registry.client else { continue }
      if let (lower, upper) = ClientRegistry.unmarkedRange(client.value), Platforms.compare(lower, upper) < 0 {
        let how = "a range is written '\(lower)..<\(upper)' (up to \(upper)) or '\(lower)...\(upper)' (through it)"
        context.report(rule, "client_version '\(shortValue(client.value))' is not a version: \(how)", at: client.spot)
        continue
      }
      if let (lower, upper) = ClientRegistry.hyphenRange(client.value) {
        guard Platforms.compare(lower, upper) <= 0 else {
          context.report(
            rule, "client_version '\(shortValue(client.value))' holds no version: its lower end is above its upper end", at: client.spot)
          continue
        }
        let why = "it reads as a pre-release, not a range; a range through \(upper) is written '\(lower)...\(upper)'"
        context.report(
          rule, "client_version '\(shortValue(client.value))' is not a version: \(why)", at: client.spot,
          fixIt: .didYouMean("\(lower)...\(upper)", at: client.spot))
        continue
      }
      // A typo of a version (the version meant is its fix): a leading `v`, else a letter or a comma
      // for a digit or a dot.
      let typo =
        ClientRegistry.versionWithoutLeadingV(client.value).map { ($0, "the leading 'v' makes it text whose clients are not compared") }
        ?? ClientRegistry.lookalikeVersion(client.value).map { ($0, "a letter or a comma stands where a digit or a dot belongs") }
      if let (meant, why) = typo {
        context.report(
          rule, "client_version '\(shortValue(client.value))' is not a version: \(why) ('\(meant)')", at: client.spot,
          fixIt: .didYouMean(meant, at: client.spot))
        continue
      }
      if let why = ClientRegistry.malformedVersion(client.value) {
        context.report(rule, "client_version '\(shortValue(client.value))' is not a version: \(why)", at: client.spot)
        continue
      }
      let ends = client.value.replacingOccurrences(of: "..<", with: "...").components(separatedBy: "...")
      if let number = ends.lazy.compactMap({ VersionSyntax.numberPastLimit($0.trimmingCharacters(in: .whitespaces)) }).first {
        let why = "its number \(number) is past the largest clients compare (\(Int.max)), so it would compare as 0"
        context.report(rule, "client_version '\(shortValue(client.value))' is not a version: \(why)", at: client.spot)
        continue
      }
      if let why = ends.lazy.compactMap({ ClientRegistry.malformedTag($0.trimmingCharacters(in: .whitespaces)) }).first {
        context.report(rule, "client_version '\(shortValue(client.value))' is not a version: \(why)", at: client.spot)
        continue
      }
      guard let range = registry.emptyRange else { continue }
      let why = range.inclusive ? "its lower end is above its upper end" : "its lower end is not below its upper end"
      context.report(rule, "client_version '\(shortValue(client.value))' holds no version: \(why)", at: client.spot)
    }
  }
}
