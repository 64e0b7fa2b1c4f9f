import ArgumentParser
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappRules
import ZappWriters

extension ClientLanguage: ExpressibleByArgument {}

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate", abstract: "Write typed client code (Swift, Kotlin or TypeScript) for the project's platforms.",
    discussion: "One set of files per platform of the app whose clients use the language (docs/clients.md).")

  @Argument(help: "The language of the code.")
  var language: ClientLanguage

  @Argument(help: "The layout project folder.")
  var directory: String

  @Option(name: .shortAndLong, help: "The folder to write the code to.")
  var output: String

  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp("Generate for this platform only (also one the project does not name). Given once.", valueName: "platform"))
  var platform: String?

  @Option(help: "Output format of the diagnostics: text, json, sarif or github.")
  var format: OutputFormat = .text

  @Flag(help: "Treat warnings as errors.")
  var warningsAsErrors = false

  @Option(help: "Colour in text output: auto, always or never (NO_COLOR is honoured).")
  var color: ColorMode = .auto

  @Option(help: "Text output: show at most this many diagnostics in full, then a count per rule (0: all). Other formats list all.")
  var maxDiagnostics: Int = DiagnosticPrinter.defaultShownLimit

  func validate() throws {
    try OutputChoice.validate(["-o", "--output"])
    try OutputChoice.validateOnce([["--format"], ["--color"], ["--max-diagnostics"]])
    try PlatformChoice.validate()
    guard maxDiagnostics >= 0 else { throw ValidationError("--max-diagnostics is a count: 0 (all) or more") }
    try FolderArgument.validate(directory, "the layout project folder")
  }

  func run() throws {
    let outcome = Driver.generate(
      directory, language: language, output: output, platform: platform, warningsAsErrors: warningsAsErrors)
    var options = DiagnosticOptions.unparsed(format: format, color: color, maxDiagnostics: maxDiagnostics)
    options.warningsAsErrors = warningsAsErrors
    emit(outcome.diagnostics, files: outcome.check.project.files.count, project: directory, options: options)
    guard format == .text else { exitKeeping(outcome, outcome.status) }
    if outcome.status == .success {
      writeError("wrote \(TerminalText.visible(output)): \(outcome.written.map { TerminalText.visible($0) }.joined(separator: ", "))\n")
    } else if [.inputErrors, .ioFailure].contains(outcome.status) {
      writeError("not written: fix the errors above\n")
    }
    exitKeeping(outcome, outcome.status)
  }
}
