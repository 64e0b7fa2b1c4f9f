import ZappDiagnostics
import ZappModel

/// ZL0606 duplicate-identifier.
package enum DuplicateIdentifierRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0606", name: "duplicate-identifier", severity: .error, category: .manifests,
    summary: "Two manifests declare the same identifier for the same platform.",
    explanation: """
      A plugin ships one manifest per platform (`manifests/ios.json`, `android_for_quickbrick.json`, \
      …) with the same `identifier` and its own `platform`. Two manifests with the same identifier \
      and the same platform (or both without one) are a duplicate; the second is reported with a \
      note at the first.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(#", "platform": "ios""#),
        "components/n.json": Example.manifest(#", "platform": "ios""#, identifier: "⟦⟧x"),
      ], reports: [.init("identifier 'x' is declared by another manifest for platform 'ios'", notes: ["first declared here"])]),
    good: .files([
      "components/m.json": Example.manifest(#", "platform": "ios""#),
      "components/n.json": Example.manifest(#", "platform": "android""#),
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    var identifiers: [String: SourceSpot] = [:]
    for m in context.project.manifests {
      guard let id = m.identifier else { continue }
      let platform = m.platform?.value ?? ""
      let key = id.value + "\u{0}" + platform
      if let first = identifiers[key] {
        let which = platform.isEmpty ? "another manifest without a platform" : "another manifest for platform '\(platform)'"
        context.report(
          rule, "identifier '\(id.value)' is declared by \(which)", at: id.spot,
          notes: [DiagnosticNote("first declared here", at: first)])
      } else {
        identifiers[key] = id.spot
      }
    }
  }
}

extension Rule {
  public static let duplicateIdentifier = DuplicateIdentifierRule.rule
}
