import ZappDiagnostics

/// ZL0126 leftover-kept.
package enum LeftoverKeptRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0126", name: "leftover-kept", severity: .warning, category: .reading,
    summary: "A folder beside the output is named like what a stopped build leaves there, but zlc cannot tell it for its own.",
    explanation: """
      zlc writes its output into a staging folder beside it (`.OUT.zlc-new-` and eight \
      hexadecimal digits) and, where the file system cannot exchange two folders, sets the \
      earlier output aside (`.OUT.zlc-old-…`). A build that is killed can leave these behind, and \
      the next build removes them, but only what it can prove it wrote: a folder whose \
      `.zlc-output` marker lists every file it holds, a staging folder whose first marker zlc \
      wrote into that very folder, or one that holds no file at all. A folder so named that holds \
      other files, or a marker that lists no files and was not written there (copied from another \
      folder, or written by hand), is never deleted on the strength of its name: zlc keeps it and \
      says so. The build itself goes on. Remove the folder, or move what you need out of it.
      """,
    bad: .text("zlc build app -o out    # beside out: .out.zlc-new-0badcafe/notes.txt"),
    good: .text("zlc build app -o out    # nothing beside out but what zlc wrote"))
}

extension Rule {
  public static let leftoverKept = LeftoverKeptRule.rule
}

extension LeftoverKeptRule {
  package typealias Message = RuleMessage<LeftoverKeptRule>
}

extension RuleMessage where Owner == LeftoverKeptRule {
  /// The folder at `folder`, beside the output `output`, named as zlc names its leftovers but not
  /// provably zlc's.
  package static func kept(_ folder: String, output: String) -> Self {
    Self(
      "kept",
      "'\(folder)' beside the output '\(output)' is named like what a stopped build leaves there, but zlc cannot tell it for its own (its marker does not list what it holds, or was not written there): zlc keeps it; remove it, or move what you need out of it"
    )
  }
}
