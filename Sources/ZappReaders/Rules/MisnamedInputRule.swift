import ZappDiagnostics

/// ZL0122 misnamed-input.
package enum MisnamedInputRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0122", name: "misnamed-input", severity: .warning, category: .reading,
    summary: "A file or folder is named near an input's name, so zlc does not read it.",
    explanation: """
      zlc reads `zlc.json`, `screen_types.json` and `rivers.json` at the project's top level, \
      the files that end in `.json` under `screens/`, `components/` and `registries/`, and those \
      that end in `.xml` or `.json` under `families/`; it reads nothing else. A misspelled name \
      would leave its file out without a word: a custom family in `familes/` is replaced by the \
      built-in family of its name, and a `screen_type.json` leaves every screen type unmapped. \
      zlc warns at a top-level file or folder whose name is one edit from an input's (two when \
      either name has nine characters or more; case ignored, and an input file's `.json` set \
      apart), at the singular of an input folder (`family/`), and at an input file's name with \
      an extension one edit from `.json` or with `.txt` added (`zlc.json5`, `rivers.json.txt`); \
      and at a file in an input folder whose extension is one edit from the folder's \
      (`.jsn`, `.jason`, `.json5`, `.xlm`) or that has `.txt` added (`FAMILY_2.json.txt`); \
      and at an input's name followed by spaces, a tab or dots (`screen_types.json `, \
      `home.json.`), which look like the name in a listing. \
      Other names (a README, `docs/`, `.git`, `node_modules`, `feeds/`, a `.bak` or `~` copy, a \
      numbered copy such as `screens 2/` or `rivers2.json`) stay silent, and nothing more is walked to find them. \
      Beside the input it is near (`rivers.json.txt` beside `rivers.json`, a `river.json` in a \
      project whose screens are in `screens/`, case ignored), such a name may be a copy, and it \
      is a warning, as is a name whose extension is a format of its own (`.jsonl`); without it, \
      the build would lack what the file holds (a misspelled `screen_types.json ` leaves every \
      screen type unmapped), and it is an error that says so. \
      In the feeds folder of `zlc preview --feeds` and `zlc serve --feeds`, a file whose \
      extension is near `.json` in the same ways (`show.jsn`, `show.json.txt`) is a warning. \
      Rename the file or folder to the name zlc reads.
      """,
    bad: .text("familes/FAMILY_2.json, screen_type.json and families/FAMILY_3.jsn"),
    good: .text("families/FAMILY_2.json, screen_types.json and families/FAMILY_3.json"))
}

extension Rule {
  public static let misnamedInput = MisnamedInputRule.rule
}

extension MisnamedInputRule {
  package typealias Message = RuleMessage<MisnamedInputRule>
}

extension RuleMessage where Owner == MisnamedInputRule {
  /// A top-level file or folder `name` near the input `input` (each written with a trailing `/`
  /// when it is a folder).
  package static func nearInput(_ name: String, reads input: String, missing: Bool = false) -> Self {
    Self("near-input", "'\(name)' is not read: zlc reads '\(input)'" + (missing ? ", which the project lacks" : ""))
  }

  /// A file in the input folder `folder` whose extension is near one of `extensions`.
  package static func nearExtension(_ relative: String, folder: String, extensions: [String], missing: String? = nil) -> Self {
    let listed = extensions.map { "." + $0 }.joined(separator: " or ")
    let lacking = missing.map { ", and no '\($0)' stands beside it" } ?? ""
    return Self("near-extension", "'\(relative)' is not read: files in \(folder)/ end in \(listed)\(lacking)")
  }
}
