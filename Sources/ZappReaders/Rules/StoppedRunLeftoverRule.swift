import Foundation
import ZappDiagnostics

/// ZL0127 stopped-run-leftover.
package enum StoppedRunLeftoverRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0127", name: "stopped-run-leftover", severity: .warning, category: .reading,
    summary: "A file or folder that a stopped `zlc check --fix` or `zlc init` left in the project.",
    explanation: """
      `zlc check --fix` writes a fixed file beside it first (`home.json.zlc-fix-` and six \
      letters or digits), then renames it over the file; `zlc init` into an existing folder \
      stages the starter in a hidden folder there (`.zlc-init-` and eight hexadecimal digits), \
      then moves its entries out. A kill between the two leaves that file or folder, which zlc \
      never reads: the file it was for holds its text as it was or as fixed, and a starter moved \
      in part lacks the rest (its screens are moved last, so its check fails). zlc warns at \
      each: delete the file, and run `zlc init` again to finish the starter (or delete the folder).
      """,
    bad: .text("screens/home.json beside screens/home.json.zlc-fix-C7U7PZ"),
    good: .text("screens/home.json alone"))

  /// What a name is, when a stopped run left it: the fixed copy of the file `original`, or a
  /// starter's staging folder (`original` nil). Nil for any other name.
  package static func leftover(named name: String) -> (isFix: Bool, original: String?)? {
    let fix = ".zlc-fix-"
    if let range = name.range(of: fix, options: .backwards), range.lowerBound > name.startIndex {
      let tag = name[range.upperBound...]
      if tag.count == 6, tag.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) {
        return (true, String(name[..<range.lowerBound]))
      }
    }
    return isStagingName(name, prefix: ".zlc-init-") ? (false, nil) : nil
  }

  /// Whether `name` is `prefix` and eight lowercase hexadecimal digits, as `zlc init` names its
  /// staging folders (`.zlc-init-0badcafe`; beside a new folder, `.NAME.zlc-init-0badcafe`).
  package static func isStagingName(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let tag = name.unicodeScalars.dropFirst(prefix.unicodeScalars.count)
    return tag.count == 8 && tag.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
  }
}

extension Rule {
  public static let stoppedRunLeftover = StoppedRunLeftoverRule.rule
}

extension StoppedRunLeftoverRule {
  package typealias Message = RuleMessage<StoppedRunLeftoverRule>
}

extension RuleMessage where Owner == StoppedRunLeftoverRule {
  /// The fixed copy `relative` of `original` (nil: a file not beside it, as a long name is
  /// shortened) that a stopped `zlc check --fix` left.
  package static func fixLeftover(_ relative: String, original: String?) -> Self {
    let beside = original.map { " beside '\($0)', which holds its text as it was or as fixed" } ?? ""
    return Self("fix-leftover", "'\(relative)' is not read: a stopped zlc check --fix left it\(beside); delete it")
  }
  /// The staging folder `name` that a stopped `zlc init` left at the project's top; `empty` when it
  /// holds nothing (every entry was moved out).
  package static func initLeftover(_ name: String, empty: Bool) -> Self {
    let what = empty ? "delete it: the starter is whole" : "run zlc init again to finish the starter, or delete it"
    return Self("init-leftover", "'\(name)/' is not read: a stopped zlc init left it; \(what)")
  }
}
