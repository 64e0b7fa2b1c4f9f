import ArgumentParser
import Foundation
import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

/// `zlc schema`: the JSON Schemas of zlc's inputs.
struct Schema: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema", abstract: "Print a JSON Schema of one of zlc's inputs, for editors and other validators.",
    discussion: "The schemas come from the shapes zlc checks; the rules that span files are zlc's alone.")

  @Argument(help: "One of: \(JSONSchema.Kind.allCases.map(\.rawValue).joined(separator: ", ")); without it, all of them in one object.")
  var kind: String?

  @Option(
    help:
      "A layout project folder: its families, cell styles, component types and screen ids become enums (in screens and screen-types, the schemas that hold them)."
  )
  var project: String?

  @Option(help: "With `bundle`: print this Markdown file (docs/bundle.md) with its key tables made again from the contract.")
  var markdown: String?

  func validate() throws {
    try OutputChoice.validateOnce([["--project"], ["--markdown"]])
    if let project { try FolderArgument.validate(project, "the layout project folder", option: "--project") }
  }

  func run() throws {
    // An unknown kind is a usage error before anything is read: not the errors of a `--project`
    // it would never have used.
    if let kind, JSONSchema.Kind(rawValue: kind) == nil {
      let kinds = JSONSchema.Kind.allCases.map(\.rawValue)
      // `Screens`, `screen_types`: the spelling of a kind, written another way.
      let written = kind.lowercased().replacingOccurrences(of: "_", with: "-")
      let suggestion = kinds.contains(written) ? written : closestMatch(to: written, in: kinds)
      writeError(
        "error: no schema '\(shortValue(TerminalText.visible(kind)))'; the schemas are \(kinds.joined(separator: ", "))\n"
          + (suggestion.map { " = fix-it: did you mean '\($0)'?\n" } ?? ""))
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    // A schema that holds no project names: a `--project` would be read for nothing.
    if project != nil, let kind, JSONSchema.Kind(rawValue: kind)?.holdsProjectNames == false {
      writeError("error: --project makes the project's names enums; the \(kind) schema holds none of them\n")
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    if let markdown {
      guard kind == JSONSchema.Kind.bundle.rawValue else {
        writeError("error: --markdown is for the bundle schema only\n")
        throw ExitCode(ExitStatus.usage.rawValue)
      }
      guard !markdown.isEmpty else {
        writeError("error: --markdown takes the path of a Markdown file (docs/bundle.md); '' names none\n")
        throw ExitCode(ExitStatus.usage.rawValue)
      }
      var status = stat()
      if stat(markdown, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
        // A pipe or a device is refused by name, not by the words of the read that fails on it.
        let what = status.st_mode & S_IFMT == S_IFDIR ? "a folder, not a Markdown file" : "not a regular file"
        writeError("error: '\(TerminalText.visible(markdown))' is \(what)\n")
        throw ExitCode(ExitStatus.usage.rawValue)
      }
      let bytes: Data
      do {
        bytes = try Data(contentsOf: URL(fileURLWithPath: markdown))
      } catch {
        writeError("error: cannot read '\(TerminalText.visible(markdown))': \(WritableFolder.plain(error))\n")
        throw ExitCode(ExitStatus.ioFailure.rawValue)
      }
      guard let document = String(data: bytes, encoding: .utf8) else {
        writeError("error: '\(TerminalText.visible(markdown))' is not UTF-8 text\n")
        throw ExitCode(ExitStatus.inputErrors.rawValue)
      }
      let updated = BundleSchema.markdown(updating: document)
      guard updated.missing.isEmpty else {
        let missing = updated.missing.joined(separator: ", ")
        writeError("error: '\(TerminalText.visible(markdown))' has no key table for \(missing) (<!-- keys: NAME -->)\n")
        throw ExitCode(ExitStatus.inputErrors.rawValue)
      }
      writeOut(updated.text)
      return
    }
    var loaded: Project?
    if let project {
      let outcome = Driver.check(project)
      // A folder that is no project (a mistyped path, the screens folder itself) gives no enums:
      // refused as `zlc check` refuses it.
      let noProject = outcome.diagnostics.filter { $0.rule == .noProject }
      if !noProject.isEmpty {
        writeError(DiagnosticPrinter(format: .text, color: false).render(noProject, fileCount: 0))
        throw ExitCode(outcome.status.rawValue)
      }
      if outcome.status == .ioFailure {
        let printer = DiagnosticPrinter(format: .text, color: false)
        writeError(printer.render(outcome.diagnostics.filter { $0.rule == .ioError }, fileCount: outcome.project.files.count))
        throw ExitCode(outcome.status.rawValue)
      }
      // A file that cannot be read gives none of its names: no schema, so that one written in CI
      // is never quietly incomplete. Other errors (a typo in a screen) leave the names whole.
      let errors = outcome.diagnostics.filter { $0.severity == .error && $0.rule.category == .reading }
      if !errors.isEmpty {
        writeError(DiagnosticPrinter(format: .text, color: false).render(errors, fileCount: outcome.project.files.count))
        writeError("no schema printed: fix the errors above, or its enums would lack the project's names\n")
        throw ExitCode(ExitStatus.inputErrors.rawValue)
      }
      loaded = outcome.project
    }
    guard let kind else {
      writeOut(JSONOut.object(JSONSchema.Kind.allCases.map { ($0.rawValue, JSONSchema.schema(for: $0, project: loaded)) }).serialized())
      return
    }
    guard let kind = JSONSchema.Kind(rawValue: kind) else { return }  // refused above
    writeOut(JSONSchema.schema(for: kind, project: loaded).serialized())
  }
}
