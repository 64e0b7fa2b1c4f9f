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
      that serve the same platform (or both without one) are a duplicate; the second is reported \
      with a note at the first. A manifest serves its `platform`, but a Quick Brick one \
      (`ui_frameworks` holding `quickbrick` and not `native`) serves the platform's Quick Brick \
      counterpart (`ios` → `ios_for_quickbrick`) and one listing both frameworks serves both; so \
      an `ios` manifest for native clients and one for Quick Brick are no duplicate. Nor is a \
      manifest that serves a Quick Brick platform through `ui_frameworks` a duplicate of one that \
      names that platform itself (plugins publish both): the one naming it is used there.
      """,
    bad: .files(
      [
        "components/m.json": Example.manifest(#", "platform": "ios""#),
        "components/n.json": Example.manifest(#", "platform": "ios""#, identifier: "⟦⟧x"),
      ], reports: [.init("identifier 'x' is declared by another manifest for platform 'ios'", notes: ["first declared here"])]),
    good: .files([
      "components/m.json": Example.manifest(#", "platform": "ios""#),
      "components/n.json": Example.manifest(#", "platform": "android""#),
      "components/o.json": Example.manifest(#", "platform": "ios", "ui_frameworks": ["quickbrick"]"#),
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    // The first manifest of each identifier per platform it serves, and whether it names the
    // platform itself: one that names it and one that serves it through `ui_frameworks` are no
    // duplicate (the first is used there).
    var identifiers: [String: SourceSpot] = [:]
    for m in context.project.manifests {
      guard let id = m.identifier else { continue }
      var reported = false
      for platform in m.servedPlatforms.isEmpty ? [""] : m.servedPlatforms {
        let names = platform.isEmpty || m.platform?.value == platform
        let key = id.value + "\u{0}" + platform + "\u{0}" + (names ? "names" : "serves")
        guard let first = identifiers[key] else {
          identifiers[key] = id.spot
          continue
        }
        guard !reported else { continue }
        reported = true
        let which =
          platform.isEmpty
          ? "another manifest without a platform"
          : names
            ? "another manifest for platform '\(platform)'"
            : "another manifest that serves platform '\(platform)' through its ui_frameworks"
        context.report(
          rule, "identifier '\(id.value)' is declared by \(which)", at: id.spot, notes: [DiagnosticNote("first declared here", at: first)])
      }
    }
  }
}

extension Rule {
  public static let duplicateIdentifier = DuplicateIdentifierRule.rule
}
