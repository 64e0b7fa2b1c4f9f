import ZappDiagnostics

/// ZL0209 npm-package-name.
package enum NPMPackageNameRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0209", name: "npm-package-name", severity: .warning, category: .shape,
    summary: "A React Native plugin's `dependency_name` is not a name npm installs.",
    explanation: """
      A React Native plugin's `dependency_name` (its manifest says `"react_native": true`) is the \
      npm package the app's build installs, by name: `name` or `@scope/name`, at most 214 \
      characters. A name with a space, one that begins with `.` or `_`, a scope without a name \
      (`@applicaster/`), a version written after the name (`banner@1.2.3`, which belongs in the \
      manifest's version) or an address in its place (`git+https://…`) is none, and the install \
      fails. Older packages have capitals and `~'!()*` in their names (`JSONStream`), which npm \
      still installs, so they pass. It is a warning: the manifest is the plugin's, and zlc does \
      not know how the app's build installs it.
      """,
    bad: .files(
      ["components/m.json": Example.manifest(#", "react_native": true, "dependency_name": ⟦⟧"@applicaster/My Plugin""#)],
      reports: [
        .init(
          "dependency_name '@applicaster/My Plugin' is not a name npm installs: the app's build cannot install this React Native plugin")
      ]),
    good: .files([
      "components/m.json": Example.manifest(#", "react_native": true, "dependency_name": "@applicaster/quick-brick-my-plugin""#)
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for manifest in context.project.manifests {
      let value = manifest.value
      guard flexBool(value["react_native"]) == true, let name = value["dependency_name"], let text = name.string,
        !text.isEmpty, !isNPMPackageName(text)
      else { continue }
      context.report(
        rule,
        "dependency_name '\(shortValue(text))' is not a name npm installs: the app's build cannot install this React Native plugin",
        at: name.spot)
    }
  }

  /// A name npm installs: `name` or `@scope/name`, at most 214 characters, each part of letters,
  /// digits and `-._~'!()*` (capitals and `~'!()*` only in older packages, which npm still
  /// installs), not starting with `.` or `_`.
  package static func isNPMPackageName(_ name: String) -> Bool {
    guard name.utf8.count <= 214 else { return false }
    func isPart(_ part: Substring) -> Bool {
      guard let first = part.first, first != ".", first != "_" else { return false }
      return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~'!()*".contains($0)) }
    }
    guard name.hasPrefix("@") else { return isPart(name[...]) }
    let parts = name.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 2 && isPart(parts[0]) && isPart(parts[1])
  }
}

extension Rule {
  public static let npmPackageName = NPMPackageNameRule.rule
}
