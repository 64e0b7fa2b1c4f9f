import ZappDiagnostics

/// ZL0111 output-refused.
package enum OutputRefusedRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0111", name: "output-refused", severity: .error, category: .reading,
    summary: "The output folder is not one zlc may replace.",
    explanation: """
      `zlc build` and `zlc preview` replace their output folder whole. So that a build can never \
      delete a user's files, zlc writes only a folder that does not exist, is empty (a file manager's \
      `.DS_Store`, `Thumbs.db` or `._*` metadata files count as nothing: regular files in those \
      formats, not folders or other files so named), or holds its own earlier output of the same kind and nothing else (a `.zlc-output` file marks it and lists the \
      files zlc wrote; a file put there since is refused by name). The output may not be the \
      project, a folder that holds the project, or a folder inside the project's `screens/`, \
      `components/`, `families/` or `registries/`, and it may not be a file, lie below a file, or be a link (nor, for `zlc serve`, its feeds folder). `zlc generate` \
      writes no folder that holds its code in another language (each language's code has a folder \
      of its own, or generating one would delete the other), nor one that holds its code for a \
      platform it does not write now (`--platform` writes one platform's code: give it a folder of \
      its own, or generate every platform together). Nothing is written when the output is refused, \
      and nothing read but for that last refusal, which needs the project's platforms; the exit \
      status is 64. `zlc init` refuses the same way a folder that is not new or \
      empty, one below a file or that is a link to nothing, one inside a project's input \
      folders, whose files the starter's would join, and a \
      hidden folder named as the one it writes a starter into that holds anything but a starter \
      as zlc writes it (kept as it is).
      """,
    bad: .text("zlc build manifests -o manifests"),
    good: .text("zlc build manifests -o build"))
}

extension Rule {
  public static let outputRefused = OutputRefusedRule.rule
}

extension OutputRefusedRule {
  package typealias Message = RuleMessage<OutputRefusedRule>
}

extension RuleMessage where Owner == OutputRefusedRule {
  /// An output folder refused before anything is written, in the refusal's own words.
  package static func refused(_ error: any Error) -> Self { Self("refused", "\(error)") }
  /// `zlc generate` writing `writing` code into `output`, which holds zlc's code in another
  /// language (`file` is one of its files, relative to `output`).
  package static func clientCodeOfOtherLanguage(_ output: String, file: String, holds: String, writing: String) -> Self {
    Self(
      "client-code-of-other-language",
      "output '\(output)' holds zlc's \(holds) client code ('\(file)'), not \(writing); give each language its own folder")
  }
  /// `zlc generate` writing `language` code for `writing` (nil: an app that names no platform) into
  /// `output`, which holds that language's code for `holds`, a platform not written now (`file` is
  /// its file, relative to `output`); `together` when `holds` is one of the project's platforms,
  /// whose code a generate without `--platform` writes with the others.
  package static func clientCodeOfOtherPlatform(
    _ output: String, file: String, language: String, holds: String?, writing: [String?], together: Bool
  ) -> Self {
    let noPlatform = "of an app that names no platform"
    let written = writing.map { $0.map { "for \($0)" } ?? noPlatform }.joined(separator: " and ")
    let advice =
      together
      ? "generate every platform's code into it at once, give a platform's code its own folder"
      : "give each platform's code its own folder"
    return Self(
      "client-code-of-other-platform",
      "output '\(output)' holds zlc's \(language) client code \(holds.map { "for \($0)" } ?? noPlatform) ('\(file)'), which writing only the code \(written) would delete; \(advice), or remove '\(file)' first"
    )
  }
  package static func vanishedWorkingFolder(_ directory: String) -> Self {
    Self(
      "vanished-working-folder",
      "'\(directory)' is relative to the working folder, which no longer exists; give an absolute path")
  }
  package static var initIntoEmptyPath: Self {
    Self("init-into-empty-path", "'' is an empty path; give the new project's folder (zlc init app, or zlc init . for the working folder)")
  }
  /// `kind` names what is there when it is no regular file (`a FIFO`, `a socket`).
  package static func initIntoFile(_ directory: String, kind: String = "a file") -> Self {
    Self("init-into-file", "'\(directory)' is \(kind); zlc init writes a new project folder")
  }
  package static func initIntoBrokenLink(_ directory: String) -> Self {
    Self(
      "init-into-broken-link",
      "'\(directory)' is a link to nothing; zlc init writes into a folder, not through a link that leads nowhere: point the link at a folder, or choose another"
    )
  }
  /// `directory` lies below `file`, which is no folder (`what`: `a file`, `a FIFO`).
  package static func initBelowFile(_ directory: String, file: String, what: String) -> Self {
    Self(
      "init-below-file",
      "'\(directory)' is below '\(file)', which is \(what), not a folder; zlc init leaves \(what == "a file" ? "the file" : "it") alone: choose another folder"
    )
  }
  /// `directory` is `folder` (`screens`, `components`, `families` or `registries`) of the project
  /// in `project`, or inside it.
  package static func initIntoProjectInputs(_ directory: String, project: String, folder: String) -> Self {
    Self(
      "init-into-project-inputs",
      "'\(directory)' is inside the input folder '\(folder)' of the project in '\(project)'; zlc would read the starter's files as that project's: choose a folder outside it"
    )
  }
  /// `shown` lists a few of the folder's entries.
  package static func initIntoFullFolder(_ directory: String, holding shown: String) -> Self {
    Self(
      "init-into-full-folder", "'\(directory)' already holds files (\(shown)); zlc init writes only an empty or new folder")
  }
  /// `staging` (named as the user would name it) is named as `zlc init`'s hidden staging folder
  /// but holds what zlc did not write there.
  package static func initBesideForeignStaging(_ directory: String, staging: String) -> Self {
    Self(
      "init-beside-foreign-staging",
      "'\(staging)' is named as the hidden folder zlc init writes a starter into, but holds files zlc did not write there; it is kept: move out what you want of it, remove it, and run zlc init again"
    )
  }
  /// The folder holds entries (`shown`) beside the hidden folder `staging` a killed `zlc init`
  /// may have left, and the two are not together the whole `template` starter.
  package static func initBesideUnfinishedStarter(_ directory: String, holding shown: String, staging: String, template: String) -> Self {
    Self(
      "init-beside-unfinished-starter",
      "'\(directory)' already holds files (\(shown)) beside '\(staging)', a hidden folder an interrupted zlc init may have left, and they are not together the whole \(template) starter; nothing is moved: remove '\(staging)' (after moving out what you want of it) and what you do not want of the rest, or give the --template of the interrupted zlc init"
    )
  }
}
