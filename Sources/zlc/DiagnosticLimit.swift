import ArgumentParser
import ZappWriters

/// `--max-diagnostics` for a command that prints diagnostics without the other options of
/// `DiagnosticOptions` (`zlc map`, `zlc diff`): the count the text shows in full before its
/// summary per rule, which names this option.
struct DiagnosticLimit: ParsableArguments {
  // Unconditional: `--max-diagnostics -1` is a value refused by its own message, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "Of the diagnostics printed as text, show at most this many in full, then a count per rule (0: all).")
  var maxDiagnostics: Int = DiagnosticPrinter.defaultShownLimit

  func validate() throws {
    try OutputChoice.validateOnce([["--max-diagnostics"]])
    guard maxDiagnostics >= 0 else { throw ValidationError("--max-diagnostics is a count: 0 (all) or more") }
  }
}
