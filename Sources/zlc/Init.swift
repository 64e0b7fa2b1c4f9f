import ArgumentParser
import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappWriters

/// `zlc init`: a starter project in a new or empty folder.
struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Write a small starter project that checks clean and builds.")

  @Argument(help: "The new project folder; it must be new or empty.")
  var directory: String = "."

  @Option(help: "The starter: \(StarterTemplate.allCases.map(\.rawValue).joined(separator: " or ")).")
  var template: StarterTemplate = .basic

  func validate() throws { try OutputChoice.validateOnce([["--template"]]) }

  func run() throws {
    let outcome = Driver.initialize(directory, template: template)
    let color = TerminalText.colorsByDefault(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDERR_FILENO) != 0)
    for chunk in DiagnosticPrinter(format: .text, color: color, projectDirectory: nil).textChunks(outcome.diagnostics) {
      writeError(chunk)
    }
    if outcome.status == .success {
      let shown = TerminalText.visible(directory)
      let argument = TerminalText.visible(TerminalText.shellWord(directory))
      let what =
        outcome.finished
        ? "finished moving in the starter project an interrupted zlc init left in \(shown) (\(outcome.written.count) files)\n"
        : "wrote a \(template.rawValue) starter project in \(shown) (\(outcome.written.count) files)\n"
      writeError(what + "next: zlc check \(argument) && zlc build \(argument) -o build\n")
    }
    throw ExitCode(outcome.status.rawValue)
  }
}
