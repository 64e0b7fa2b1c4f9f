import ZappDiagnostics

/// ZL0108 limit-exceeded.
package enum LimitRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0108", name: "limit-exceeded", severity: .error, category: .reading,
    summary: "An input exceeds one of zlc's documented limits.",
    explanation: """
      Files larger than 256 MiB, values nested deeper than 512 levels, strings longer than 16 MiB \
      and projects with more than 100,000 files are refused with this diagnostic instead of \
      exhausting memory or the stack. See docs/limits.md.
      """,
    bad: .text("[[[[[[ … 10,000 levels … ]]]]]]"),
    good: .text("a screen list nested a few levels deep"))
}

extension Rule {
  public static let limit = LimitRule.rule
}

extension LimitRule {
  package typealias Message = RuleMessage<LimitRule>
}

extension RuleMessage where Owner == LimitRule {
  /// A file over `limit` bytes; `bytes` is nil when it is known only to be larger.
  package static func fileTooLarge(bytes: Int?, limit: Int) -> Self {
    let shown = bytes.map { "file is \($0) bytes" } ?? "file is larger than \(limit) bytes"
    return Self("file-too-large", "\(shown); zlc reads files of at most \(limit) bytes")
  }
  package static func valuesNestedTooDeep(limit: Int) -> Self {
    Self("values-nested-too-deep", "values are nested more than \(limit) levels deep")
  }
  package static func elementsNestedTooDeep(limit: Int) -> Self {
    Self("elements-nested-too-deep", "elements are nested more than \(limit) levels deep")
  }
  package static func stringTooLong(limit: Int) -> Self { Self("string-too-long", "string longer than \(limit) bytes") }
  package static func attributeValueTooLong(limit: Int) -> Self {
    Self("attribute-value-too-long", "attribute value longer than \(limit) bytes")
  }
  package static func foldersNestedTooDeep(under directory: String) -> Self {
    Self("folders-nested-too-deep", "folders nested more than 64 deep under '\(directory)'")
  }
  package static func tooManyFiles(limit: Int) -> Self { Self("too-many-files", "the project has more than \(limit) input files") }
  package static func projectTooLarge(limit: Int) -> Self {
    Self("project-too-large", "the project's input files hold more than \(limit) bytes")
  }
}
