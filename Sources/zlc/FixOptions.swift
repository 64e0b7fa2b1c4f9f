import ArgumentParser
import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappWriters

/// `--fix`, which `zlc check` and `zlc build` take; `--dry-run` is `zlc check`'s alone (a build
/// after fixes it did not write would build the files as they are).
struct FixOptions: ParsableArguments {
  @Flag(
    help:
      "Apply the unambiguous fix-its to the project's files, then report what is left (zlc build --watch applies them once, at the start).")
  var fix = false

  /// Applies (or, with `dryRun`, prints) the fixes for `platform` (nil: every platform) and says
  /// what changed; returns what was done and the check after it.
  func apply(_ directory: String, options: DiagnosticOptions, platform: String?, dryRun: Bool = false) -> Driver.FixOutcome {
    let outcome = Driver.fix(directory, dryRun: dryRun, warningsAsErrors: options.warningsAsErrors, platform: platform)
    if dryRun {
      // The patch is the output in text; beside JSON, SARIF or annotations, which are the output
      // then, it goes to standard error.
      let patch = FixApplier.patch(outcome.fixed, project: directory)
      patch.withUnsafeBytes { bytes in
        if options.format == .text { StandardStreams.writeResult(bytes) } else { StandardStreams.write(bytes, to: STDERR_FILENO) }
      }
      emit(outcome.check.diagnostics, files: outcome.check.project.files.count, project: directory, options: options)
    } else {
      // Each summary quotes the file's text, shown as the text format shows a fix-it: control
      // characters and bidirectional overrides made visible, a huge one cut.
      for file in outcome.fixed {
        let summaries = file.summaries.map { DiagnosticPrinter.shown($0, as: { TerminalText.visible($0) }) }
        writeError("fixed \(TerminalText.visible(file.path)): " + summaries.joined(separator: "; ") + "\n")
      }
    }
    if !outcome.waitingFor.isEmpty {
      let files = outcome.waitingFor.map { "'\(TerminalText.visible($0))'" }.joined(separator: ", ")
      writeError("not fixed: the fix-its of other files wait for the errors of \(files), whose names are not all known yet\n")
    }
    return outcome
  }
}
