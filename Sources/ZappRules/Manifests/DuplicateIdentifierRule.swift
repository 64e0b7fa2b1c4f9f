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
      with a note at the first. A manifest serves its `platform`, and one whose `ui_frameworks` \
      hold `quickbrick` the platform's Quick Brick counterpart too (`ios` → `ios_for_quickbrick`), \
      after a manifest written for that platform: two manifests are a duplicate only where they fit \
      a platform alike. So an `ios` manifest for native clients and one for Quick Brick are no \
      duplicate, nor is one serving a Quick Brick platform through `ui_frameworks` and one naming \
      that platform itself (plugins publish both): the best fit is used there.
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
        let key = id.value + "\u{0}" + platform + "\u{0}" + String(platform.isEmpty ? 0 : m.fit(on: platform))
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
