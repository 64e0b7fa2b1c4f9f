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
      says so, naming why. The build itself goes on (with `--warnings-as-errors`, it stops before \
      it writes). Remove the folder, or move what you need out of it.

      An earlier output set aside (`.OUT.zlc-old-…`) is also zlc's when it is exactly a bundle zlc \
      could have written (an earlier zlc wrote no list): it is put back when the output is \
      missing, else removed. A staging folder's first marker names the folder it was written for \
      by its device, inode and birth time; where zlc could not learn when the folder was made (a \
      file system that keeps no birth time), it cannot tell that folder from one made later with \
      the same inode, and keeps it.
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
  /// `folder`, beside the output `output` (both as the user gave the output), named as zlc names
  /// its leftovers, but not a folder (`what`: "a file", "a link").
  package static func notAFolder(_ folder: String, output: String, what: String) -> Self {
    kept("not-a-folder", folder, output: output, because: "it is \(what), not a folder zlc made")
  }

  /// The folder holds no marker zlc can read.
  package static func noMarker(_ folder: String, output: String) -> Self {
    kept("no-marker", folder, output: output, because: "it holds no marker zlc can read ('.zlc-output')")
  }

  /// The folder's marker lists no files, and is not the first marker zlc wrote there.
  package static func markerListsNothing(_ folder: String, output: String) -> Self {
    kept("marker-lists-nothing", folder, output: output, because: "its marker '.zlc-output' lists no files")
  }

  /// The folder's marker is the first marker of another folder zlc made.
  package static func markerOfAnotherFolder(_ folder: String, output: String) -> Self {
    kept(
      "marker-of-another-folder", folder, output: output,
      because: "its marker '.zlc-output' was not written for this folder (it was copied with its files, or written by hand)")
  }

  /// The folder's marker is a staging folder's first marker without the folder's birth time.
  package static func markerWithoutBirthTime(_ folder: String, output: String) -> Self {
    kept(
      "marker-without-birth-time", folder, output: output,
      because: "zlc could not learn when the folder was made (its marker '.zlc-output' names no birth time)")
  }

  /// The folder holds files its marker does not list, the first few `examples`.
  package static func unlisted(_ folder: String, output: String, examples: [String]) -> Self {
    kept(
      "unlisted", folder, output: output,
      because: "it holds files its marker '.zlc-output' does not list (\(examples.map { "'\($0)'" }.joined(separator: ", ")))")
  }

  private static func kept(_ id: StaticString, _ folder: String, output: String, because reason: String) -> Self {
    Self(
      id,
      "'\(folder)' beside the output '\(output)' is named like what a stopped build leaves there, but \(reason), so zlc cannot tell it for its own: zlc keeps it; remove it, or move what you need out of it"
    )
  }
}
