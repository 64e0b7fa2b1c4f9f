/// A rule zlc checks: a stable code, a default severity, a one-line summary and an explanation with
/// a bad and a good example. `zlc explain CODE` prints it; `docs/rules.md` and the SARIF rule list
/// are generated from `RuleRegistry`.
public struct Rule: Hashable, Sendable {
  public var code: String { storage.code }
  public var name: String { storage.name }
  public var severity: Severity { storage.severity }
  public var category: Category { storage.category }
  public var summary: String { storage.summary }
  public var explanation: String { storage.explanation }
  public var bad: RuleExample { storage.bad }
  public var good: RuleExample { storage.good }

  /// The descriptor's fields behind one reference: every diagnostic carries its rule, and tens of
  /// thousands of diagnostics are copied while they are sorted and printed.
  private final class Storage: Sendable {
    let code: String
    let name: String
    let severity: Severity
    let category: Category
    let summary: String
    let explanation: String
    let bad: RuleExample
    let good: RuleExample

    init(
      code: String, name: String, severity: Severity, category: Category, summary: String, explanation: String,
      bad: RuleExample, good: RuleExample
    ) {
      self.code = code
      self.name = name
      self.severity = severity
      self.category = category
      self.summary = summary
      self.explanation = explanation
      self.bad = bad
      self.good = good
    }
  }

  private let storage: Storage

  public init(
    code: String, name: String, severity: Severity, category: Category, summary: String, explanation: String,
    bad: RuleExample, good: RuleExample
  ) {
    storage = Storage(
      code: code, name: name, severity: severity, category: category, summary: summary, explanation: explanation, bad: bad,
      good: good)
  }

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

/// A rule's bad or good example. Most are project files that a test checks (the bad one must
/// raise the rule at each `⟦⟧` marker and nothing else; the good one must raise nothing), written
/// over `RuleExample.baseProject`; a few (a command line, a binary file) can only be described.
public struct RuleExample: Sendable {
  /// Project files (relative path, text with `⟦⟧` markers), in the order shown.
  public let files: [(path: String, text: String)]
  /// The description of an example that is not a project.
  public let described: String?
  /// What a bad example reports at its markers, in order: the rule's own expected findings, which
  /// a test holds the rule to word for word.
  public let reports: [Finding]

  /// A finding an example expects: the message, its notes and the fix-it's replacement.
  public struct Finding: Sendable {
    public let message: String
    public let notes: [String]
    public let fixIt: String?

    public init(_ message: String, notes: [String] = [], fixIt: String? = nil) {
      self.message = message
      self.notes = notes
      self.fixIt = fixIt
    }
  }

  /// An example that is a set of project files over the base project; a bad one says what it
  /// `reports` at its markers.
  public static func files(_ files: KeyValuePairs<String, String>, reports: [Finding] = []) -> RuleExample {
    RuleExample(files: files.map { ($0.key, $0.value) }, described: nil, reports: reports)
  }

  /// An example zlc cannot check as a project (a command line, an encoding).
  public static func text(_ text: String) -> RuleExample { RuleExample(files: [], described: text, reports: []) }

  /// Whether a test can check this example as a project.
  public var isCheckable: Bool { described == nil }

  /// The example as `zlc explain` and docs/rules.md print it: each file's path and text, markers removed.
  public var text: String {
    if let described { return described }
    return files.map { file in
      let clean = RuleExample.removingMarkers(file.text)
      return files.count == 1 && !clean.contains("\n") && clean.count < 100 ? "\(file.path): \(clean)" : "\(file.path):\n\(clean)"
    }.joined(separator: "\n")
  }

  package static func removingMarkers(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "⟦"), let close = rest[open...].firstIndex(of: "⟧") {
      out += rest[..<open]
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }
}
