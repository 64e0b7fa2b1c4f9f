/// A rule zlc checks: a stable code, a default severity, a one-line summary and an explanation with
/// a bad and a good example. `zlc explain CODE` prints it; `docs/rules.md` is generated from it.
public struct Rule: Hashable, Sendable {
  public let code: String
  public let name: String
  public let severity: Severity
  public let category: Category
  public let summary: String
  public let explanation: String
  public let bad: String
  public let good: String

  public enum Category: String, Sendable, CaseIterable {
    case reading = "Reading"
    case shape = "Shape"
    case references = "References"
    case screens = "Screens"
    case geometry = "Geometry"
    case manifests = "Manifests"
    case mapping = "Mapping"
  }

  public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
