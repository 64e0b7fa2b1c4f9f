import ZappDiagnostics
import ZappRules

extension Explain {
  /// The rule a mistyped code or name most likely means: a number alone (`401`, `zl401`) is the
  /// code of that number; otherwise the nearest code or name, when no other is as near (`ZL04010`
  /// is one edit from `ZL0401` and from `ZL0410`: a guess between them may name the wrong rule).
  static func suggestion(for code: String, name: String) -> String? {
    let upper = code.uppercased()
    let digits = upper.hasPrefix("ZL") ? upper.dropFirst(2).drop { $0 == "-" || $0 == " " } : Substring(upper)
    if (1...4).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
      let padded = "ZL" + String(repeating: "0", count: 4 - digits.count) + digits
      if Rule.named(padded) != nil { return padded }
    }
    for (word, candidates) in [(upper, Rule.all.map(\.code)), (name, Rule.all.map(\.name))] {
      if let found = nearest(to: word, in: candidates) { return found.isTied ? nil : found.text }
    }
    return nil
  }
}
