import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders
import ZappRules

/// What a `check` found.
public struct CheckOutcome {
  public var project: Project
  public var diagnostics: [Diagnostic]
  public var status: ExitStatus

  public var errorCount: Int { diagnostics.count(of: .error) }
  public var warningCount: Int { diagnostics.count(of: .warning) }
}

/// The library entry points the `zlc` executable calls.
public enum Driver {
  /// Reads and checks a project.
  /// `platform` narrows the platform checks to one of the project's platforms (`--platform`).
  /// `foldsIndentation` keeps the files' bytes without their indentation (less memory); the
  /// project's files are then not the bytes as written, which a run that rewrites them needs.
  public static func check(
    _ directory: String, warningsAsErrors: Bool = false, limits: ReaderLimits = .default, platform: String? = nil,
    foldsIndentation: Bool = false
  ) -> CheckOutcome {
    let bag = DiagnosticBag()
    var loader = ProjectLoader(limits: limits)
    loader.onlyPlatform = platform
    loader.foldsIndentation = foldsIndentation
    let project = loader.load(directory, into: bag)
    Checker(project: project, bag: bag).run()
    if let platform { checkPlatformOption(platform, project: project, bag: bag) }
    var diagnostics = skipFamilyReferences(bag.all, project: project)
    diagnostics = promoted(diagnostics, warningsAsErrors: warningsAsErrors).sortedForOutput(fileOrder: project.fileOrder)
    return CheckOutcome(project: project, diagnostics: diagnostics, status: status(for: diagnostics))
  }

  /// `diagnostics` with each warning made an error when `warningsAsErrors` (`--warnings-as-errors`):
  /// the check's, and those found after it (a preview's feeds).
  public static func promoted(_ diagnostics: [Diagnostic], warningsAsErrors: Bool) -> [Diagnostic] {
    guard warningsAsErrors else { return diagnostics }
    return diagnostics.map { d in
      var copy = d
      if copy.severity == .warning { copy.severity = .error }
      return copy
    }
  }

  /// `--platform` names one of the project's platforms (zlc.json's, else its manifests'
  /// `primaryPlatform`s but misspellings of known ids). While `zlc.json` cannot be read, or holds a
  /// key or value of the wrong shape and no platform was read from it (a misspelled `platforms`),
  /// its platforms are not known: its error is the one reported.
  static func checkPlatformOption(_ platform: String, project: Project, bag: DiagnosticBag) {
    let root = WorkingFolder.physicalPath(project.directory) ?? project.directory
    let settingsUnread = bag.all.contains { d in
      guard d.severity == .error, d.rule.category == .reading || (d.rule.category == .shape && project.settings.platforms.isEmpty),
        let path = d.spot?.file.path ?? d.path
      else { return false }
      return FixApplier.relative(path, in: root) == FixApplier.Holds.settings
    }
    if settingsUnread { return }
    var known = project.settings.platforms.map(\.id.value)
    if known.isEmpty { known = Project.platforms(ofManifests: project.manifests) }
    guard !known.contains(platform) else { return }
    bag.add(
      UnknownPlatformOptionRule.Message.notAPlatform(platform, known: known).diagnostic(
        at: nil, fixIt: .didYouMean(nearestPlatform(to: platform, in: known), at: nil), path: project.directory))
  }

  /// The platform id nearest a mistyped one: by the whole id, else by its first word, when one id
  /// alone begins with a word near it (`andriod` → `android_for_quickbrick`).
  static func nearestPlatform(to typed: String, in known: [String]) -> String? {
    if let whole = closestMatch(to: typed, in: known) { return whole }
    let byFirstWord = known.filter { id in
      let firstWord = String(id.lowercased().split(separator: "_").first ?? "")
      return firstWord == typed.lowercased() || closestMatch(to: typed.lowercased(), in: [firstWord]) != nil
    }
    return byFirstWord.count == 1 ? byFirstWord[0] : nil
  }

  /// The exit status for a list of diagnostics: 74 when a file could not be read, 1 on errors.
  public static func status(for diagnostics: [Diagnostic]) -> ExitStatus {
    let isUsageError = { (d: Diagnostic) in d.severity == .error && (d.rule == .outputRefused || d.rule == .unknownPlatformOption) }
    if diagnostics.contains(where: isUsageError) { return .usage }
    if diagnostics.contains(where: { $0.rule == .ioError && $0.severity == .error }) { return .ioFailure }
    if diagnostics.contains(where: { $0.severity == .error }) { return .inputErrors }
    return .success
  }

  /// The one-line summary printed after text diagnostics; it counts files only when some were read
  /// (a refused output folder stops a run before the project is read).
  public static func summary(errors: Int, warnings: Int, files: Int) -> String {
    let counts = "\(plural(errors, "error")), \(plural(warnings, "warning"))"
    return files == 0 ? counts : "\(counts) in \(plural(files, "file"))"
  }

  /// A count and its word, in the plural unless the count is one: `1 device`, `3 devices`.
  public static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

  /// The text `zlc explain CODE` prints.
  public static func explain(_ rule: Rule) -> String {
    """
    \(rule.code) \(rule.name) (\(rule.severity.rawValue), \(rule.category.rawValue.lowercased()))
    \(rule.summary)

    \(rule.explanation)

    Bad:
        \(rule.bad.text.replacingOccurrences(of: "\n", with: "\n    "))

    Good:
        \(rule.good.text.replacingOccurrences(of: "\n", with: "\n    "))

    """
  }

  /// `zlc explain --list`.
  /// Each name is written whole and padded to the longest, so that a name copied from the list
  /// is one `zlc explain` takes.
  public static func ruleList() -> String {
    let nameWidth = Rule.all.map(\.name.count).max() ?? 0
    func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    return Rule.all.map { "\($0.code)  \(padded($0.severity.rawValue, 7))  \(padded($0.name, nameWidth))  \($0.summary)" }
      .joined(separator: "\n") + "\n"
  }

  /// `docs/rules.md`, generated from the registry.
  public static func rulesMarkdown() -> String {
    var out =
      "# zlc rules\n\nGenerated from `RuleRegistry` by `make docs`; do not edit. `zlc explain CODE` prints one rule. "
      + "Each rule lives in one file: `Sources/ZappReaders/Rules/` for the readers', `Sources/ZappModel/Rules/` for the loader's, "
      + "`Sources/ZappRules/<Category>/` for the checker's and the drivers'. Examples that are project files "
      + "are checked by the tests over a small project whose home screen opens a screen `other` (`Example.baseProject`).\n\n"
      + "Severity follows harm. A finding that leaves the app broken or different from what was meant (a misspelled key of a "
      + "structure zlc knows, a screen with no section, a reference to nothing) is an error and fails `zlc check` and `zlc build`; "
      + "one that clients tolerate (a foreign key, which real files carry, a screen nothing opens) is a warning. Did-you-mean "
      + "suggestions accept a third of the longer word's characters as edits, at least 1 and at most 3 (1 up to 5 characters, 2 up to 8, 3 beyond), a swap "
      + "of two adjacent characters counting as one edit. A finding caused by another one carries a note at its cause.\n"
    for category in Rule.Category.allCases {
      out += "\n## \(category.rawValue)\n"
      for rule in Rule.all where rule.category == category {
        out +=
          "\n### \(rule.code) \(rule.name)\n\n*\(rule.severity.rawValue)* — \(rule.summary)\n\n\(rule.explanation)\n\nBad:\n\n```\n\(rule.bad.text)\n```\n\nGood:\n\n```\n\(rule.good.text)\n```\n"
      }
    }
    return out
  }
}
