/// ZL0606 duplicate-identifier.
enum DuplicateIdentifierRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0606", name: "duplicate-identifier", severity: .error, category: .manifests,
    summary: "Two manifests declare the same identifier.",
    explanation: "A manifest's `identifier` is unique across the project's manifests; the second is reported with a note at the first.",
    bad: .files(["components/m.json": Example.manifest(""), "components/n.json": Example.manifest("", identifier: "⟦⟧x")]),
    good: .files(["components/m.json": Example.manifest(""), "components/n.json": Example.manifest("", identifier: "y")]))

  static var needsCompleteProject: Bool { false }

  static func check(_ context: RuleContext) {
    var identifiers: [String: SourceSpot] = [:]
    for m in context.project.manifests {
      guard let id = m.identifier else { continue }
      if let first = identifiers[id.value] {
        context.report(
          rule, "identifier '\(id.value)' is declared by another manifest", at: id.spot,
          notes: [DiagnosticNote("first declared here", at: first)])
      } else {
        identifiers[id.value] = id.spot
      }
    }
  }
}

extension Rule {
  public static let duplicateIdentifier = DuplicateIdentifierRule.rule
}
