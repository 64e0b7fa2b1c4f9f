import ArgumentParser
import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappRules

/// What `zlc diff` prints (docs/diff.md).
enum DiffFormat: String, OptionChoice {
  case text, json, markdown
}

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff", abstract: "Show what changes between two layout projects once resolved (docs/diff.md).",
    discussion: """
      zlc diff BASE HEAD compares two project folders; zlc diff --base REV [PROJECT] compares a git revision of \
      the project with its work tree.
      """)

  @Argument(help: "BASE and HEAD project folders; with --base, the project folder (default: the current folder).")
  var projects: [String] = []

  @Option(help: "A git revision (commit, branch, tag) of the project to compare with its work tree.")
  var base: String?

  @Option(help: "Output format: text, json or markdown.")
  var format: DiffFormat = .text

  @Option(help: "Also write before and after wireframes of every changed screen to this folder.")
  var html: String?

  @Flag(help: "Exit with status 1 when the projects differ, and 2 when one could not be compared (its errors).")
  var exitCode = false

  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp("Check for one of the projects' platforms only (ios, android_for_quickbrick, …). Given once.", valueName: "platform")
  )
  var platform: String?

  @Option(help: "Colour in text output: auto, always or never (NO_COLOR is honoured).")
  var color: ColorMode = .auto

  @OptionGroup var limit: DiagnosticLimit

  func validate() throws {
    try OutputChoice.validate(["--html"])
    try OutputChoice.validateOnce([["--base"], ["--format"], ["--color"]])
    try PlatformChoice.validate()
    if base != nil {
      if projects.count > 1 { throw ValidationError("with --base, give at most one project folder") }
    } else if projects.count != 2 {
      throw ValidationError("give two project folders (zlc diff BASE HEAD) or a revision (zlc diff --base REV [PROJECT])")
    }
    if let base, base.isEmpty { throw ValidationError("--base needs a revision") }
    let what = projects.count > 1 ? "each project folder" : "the project folder"
    for project in projects { try FolderArgument.validate(project, what) }
  }

  var useColor: Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto:
      return TerminalText.colorsByDefault(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDOUT_FILENO) != 0)
    }
  }

  func run() throws {
    let outcome: Driver.DiffOutcome
    if let base {
      outcome = Driver.diff(revision: base, project: projects.first ?? ".", html: html, platform: platform)
    } else {
      outcome = Driver.diff(base: projects[0], head: projects[1], html: html, platform: platform)
    }
    // Diagnostics as zlc check prints them, on standard error.
    let options = DiagnosticOptions.unparsed(format: .text, color: color, maxDiagnostics: limit.maxDiagnostics)
    emit(outcome.diagnostics, files: 0, project: nil, options: options)
    for failed in outcome.failedChecks {
      // A revision's files are in a temporary folder: they are named as REV:project.
      var label = failed.label
      while label.count > 1, label.hasSuffix("/") { label.removeLast() }
      let relabeled = label == failed.directory ? nil : (folder: failed.directory, label: label)
      emit(
        failed.check.diagnostics, files: failed.check.project.files.count, project: failed.directory, options: options, relabeled: relabeled
      )
    }
    if !outcome.failedChecks.isEmpty {
      let names = outcome.failedChecks.map { TerminalText.visible($0.label) }.joined(separator: " and ")
      // An option that fits neither project (`--platform`) is no error of theirs.
      let asked = outcome.failedChecks.allSatisfy { $0.check.status == .usage }
      writeError(asked ? "not compared: see the option's error above\n" : "not compared: fix the errors in \(names)\n")
    }
    if let message = outcome.message { writeError("error: \(TerminalText.visible(message))\n") }
    guard let report = outcome.report else {
      // With --exit-code, 1 says only "they differ": a project with errors is 2, as diff(1) has it.
      exitKeeping(outcome, exitCode && outcome.status == .inputErrors ? .notCompared : outcome.status)
    }
    let printer = DiffPrinter(format: DiffPrinter.Format(rawValue: format.rawValue) ?? .text, color: format == .text && useColor)
    writeOut(printer.render(report))
    if outcome.htmlWritten, let html { writeError("wrote \(TerminalText.visible(TerminalText.folder(html)))/index.html\n") }
    if outcome.status != .success { exitKeeping(outcome, outcome.status) }
    exitKeeping(outcome, exitCode && !report.isEmpty ? .inputErrors : .success)
  }
}
