/// A rule in one type: its descriptor, its messages and (unless a reader, the loader or the driver
/// raises it) its check. A rule that the checker runs also conforms to `ProjectRule`, `ScreenRule`
/// or `ComponentRule` (ZappModel); `RuleRegistry` (ZappRules) lists every rule, generated from the
/// rule files.
public protocol RuleDefinition: Sendable {
  /// The descriptor: code, name, severity, category, explanation and examples.
  static var rule: Rule { get }
  /// Whether the rule checks references against the project's families, so that its findings are
  /// dropped while a family file cannot be read (`Driver.familyReferenceRules`).
  static var checksFamilyReferences: Bool { get }
}

extension RuleDefinition {
  public static var checksFamilyReferences: Bool { false }
}
