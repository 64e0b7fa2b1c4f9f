import ZappDiagnostics

/// ZL0119 folders-too-deep.
package enum FoldersTooDeepRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0119", name: "folders-too-deep", severity: .error, category: .reading,
    summary: "Input folders are nested more than 64 deep.",
    explanation: """
      zlc follows input folders (`screens/`, `components/`, `families/`, `registries/` and the \
      folders in them) at most 64 deep; a deeper folder is named and not followed, so nothing in \
      it is read. See docs/limits.md.
      """,
    bad: .text("screens/a/a/a/ … 70 folders … /home.json"),
    good: .text("screens/tabs/home.json"))
}

extension Rule {
  public static let foldersTooDeep = FoldersTooDeepRule.rule
}

extension FoldersTooDeepRule {
  package typealias Message = RuleMessage<FoldersTooDeepRule>
}

extension RuleMessage where Owner == FoldersTooDeepRule {
  package static func foldersNestedTooDeep(under directory: String) -> Self {
    Self("folders-nested-too-deep", "folders nested more than 64 deep under '\(directory)'")
  }
}
