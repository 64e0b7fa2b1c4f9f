import ZappDiagnostics
import ZappModel

/// Every rule zlc knows, in code order: the list is generated from the rule files
/// (`RuleRegistry+Generated.swift`, `make registry`), and a test fails while it is stale.
/// `zlc explain`, `docs/rules.md`, the SARIF rule list and the checker all read this list. Codes are stable: a code is never reused.
/// ZL01xx reading, ZL02xx shape, ZL03xx references, ZL04xx screens, ZL05xx geometry, ZL06xx
/// manifests, ZL07xx mapping.
public enum RuleRegistry {
  public static let all: [any RuleDefinition.Type] = generatedAll

  /// The descriptors, in registry order.
  public static let rules: [Rule] = all.map { $0.rule }

  /// The rules the checker runs, by kind. Listed when compiled: casting instead
  /// (`as? any ProjectRule.Type`) scans every protocol conformance of the binary for each rule,
  /// half of a short `zlc check`.
  package static let projectRules: [any ProjectRule.Type] = generatedProjectRules
  package static let screenRules: [any ScreenRule.Type] = generatedScreenRules
  package static let componentRules: [any ComponentRule.Type] = generatedComponentRules
}

extension Rule {
  /// Every rule, in code order.
  public static var all: [Rule] { RuleRegistry.rules }

  /// The rule with a code or name (case-insensitive), or nil.
  public static func named(_ code: String) -> Rule? {
    let upper = code.uppercased()
    return all.first { $0.code == upper || $0.name == code.lowercased() }
  }
}
