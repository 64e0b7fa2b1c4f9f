import ZappDiagnostics

extension InvalidValueRule {
  /// A React Native plugin's `dependency_name` (its manifest says `"react_native": true`), which
  /// the app's build installs with npm: a name npm does not accept (spaces, capitals, a scope
  /// without a name) fails that install. Reported at the value.
  static func checkPackageName(_ manifest: JSONValue) -> [Diagnostic] {
    guard flexBool(manifest["react_native"]) == true, let name = manifest["dependency_name"], let text = name.string,
      !text.isEmpty, !isNPMPackageName(text)
    else { return [] }
    return [Message.npmPackageName(text).diagnostic(at: name.spot)]
  }

  /// A name npm accepts for a new package: `name` or `@scope/name`, at most 214 characters, each
  /// part of lowercase letters, digits, `-`, `.` and `_`, not starting with `.` or `_`.
  package static func isNPMPackageName(_ name: String) -> Bool {
    guard name.utf8.count <= 214 else { return false }
    func isPart(_ part: Substring) -> Bool {
      guard let first = part.first, first != ".", first != "_" else { return false }
      return part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "-._".contains($0)) }
    }
    guard name.hasPrefix("@") else { return isPart(name[...]) }
    let parts = name.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 2 && isPart(parts[0]) && isPart(parts[1])
  }
}

extension RuleMessage where Owner == InvalidValueRule {
  package static func npmPackageName(_ name: String) -> Self {
    Self(
      "npm-package-name",
      "dependency_name '\(shortValue(name))' is not a name npm accepts: the app's build cannot install this React Native plugin")
  }
}
