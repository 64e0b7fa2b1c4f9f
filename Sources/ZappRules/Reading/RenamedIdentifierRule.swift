import ZappDiagnostics

/// ZL0121 renamed-identifier.
package enum RenamedIdentifierRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0121", name: "renamed-identifier", severity: .warning, category: .reading,
    summary: "`zlc generate`: names whose identifiers would meet each get their name's hash.",
    explanation: """
      Generated client code gives every name of the project (a screen id, a screen type, a \
      component type, a plugin, a field, an option) an identifier. Names of one list whose \
      identifiers would meet (`show` and `Show`: Kotlin's cases are class files, which a file \
      system that ignores case keeps one of) each get `_` and the first 8 hex digits of their \
      SHA-256 instead (`show_1c633350`, `show_0df6f1ca` in Swift; Kotlin and TypeScript capitalize \
      them). Adding `Show` beside `show` thus \
      renames `show`, and client code that uses it stops compiling far from the cause: zlc \
      generate warns at the names, with the identifiers they got, once for every platform whose \
      code it renames; where another platform's code keeps the shared identifier (its screens \
      need one of the names alone), the warning ends by naming the platforms it is for \
      (`(in the code for ios only)`). Rename one of the names, or use the new identifiers \
      (docs/clients.md).
      """,
    bad: .text(#"screens/show.json {"id": "show", …} and screens/show2.json {"id": "Show", …}"#),
    good: .text(#"screens/show.json {"id": "show", …} and screens/show2.json {"id": "show-2", …}"#))
}

extension Rule {
  public static let renamedIdentifier = RenamedIdentifierRule.rule
}

extension RenamedIdentifierRule {
  package typealias Message = RuleMessage<RenamedIdentifierRule>
}

extension RuleMessage where Owner == RenamedIdentifierRule {
  /// `names` of one list (`noun`, in the plural) that would all have had the identifier `shared`,
  /// each with the identifier it got.
  package static func renamed(_ noun: String, shared: String, names: [(wire: String, identifier: String)]) -> Self {
    let wires = names.map { "'\($0.wire)'" }
    let listed = wires.dropLast().joined(separator: ", ") + " and " + (wires.last ?? "")
    let got = names.map { "'\($0.wire)' is \($0.identifier)" }.joined(separator: ", ")
    let all = names.count == 2 ? "both" : "all"
    let text = "\(noun) \(listed) would \(all) be the identifier \(shared) in the generated code, so each carries its name's hash"
    return Self("renamed", text + ": " + got)
  }

}

extension RenamedIdentifierRule {
  /// The note at another of the names.
  package static func note(_ wire: String, identifier: String, at spot: SourceSpot) -> DiagnosticNote {
    DiagnosticNote("'\(wire)' is here (\(identifier))", at: spot)
  }
}
