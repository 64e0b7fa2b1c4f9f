/// Every rule zlc knows, in code order: the list is generated from the rule files
/// (`RuleRegistry+Generated.swift`, `make registry`), and a test fails while it is stale.
/// `zlc explain`, `docs/rules.md`, the SARIF rule list and the checker all read this list. Codes are stable: a code is never reused.
/// ZL01xx reading, ZL02xx shape, ZL03xx references, ZL04xx screens, ZL05xx geometry, ZL06xx
/// manifests, ZL07xx mapping.
public enum RuleRegistry {
  public static let all: [any RuleDefinition.Type] = generatedAll

  /// The descriptors, in registry order.
  public static let rules: [Rule] = all.map { $0.rule }

  static let projectRules: [any ProjectRule.Type] = all.compactMap { $0.checks.project }
  static let screenRules: [any ScreenRule.Type] = all.compactMap { $0.checks.screen }
  static let componentRules: [any ComponentRule.Type] = all.compactMap { $0.checks.component }
}
