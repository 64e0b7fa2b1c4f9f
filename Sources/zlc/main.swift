import ArgumentParser
import Foundation
import ZappDiagnostics
import ZappLanguageServer
import ZappLayout
import ZappLayoutCompiler
import ZappLayoutServer
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

// The zlc executable: argument parsing and printing only. Everything else lives in
// ZappLayoutCompiler and ZappLayout.

/// The values of an option, named by their raw values. Their lists for help and completion are
/// given here: argument-parser's generic defaults cost a hundredth of a short `zlc check`.
protocol OptionChoice: ExpressibleByArgument, CaseIterable, RawRepresentable<String> {}

extension OptionChoice {
  static var allValueStrings: [String] { allCases.map(\.rawValue) }
  static var allValueDescriptions: [String: String] { [:] }
}

enum OutputFormat: String, OptionChoice {
  case text, json, sarif, github
}

/// What `zlc map` writes: a table, or JSON (docs/mapper.md).
enum MapFormat: String, OptionChoice {
  case text, json
}

enum ColorMode: String, OptionChoice {
  case auto, always, never
}

extension ProgressBar.Mode: ExpressibleByArgument {}

struct DiagnosticOptions: ParsableArguments {
  @Option(help: "Output format: text, json, sarif or github.")
  var format: OutputFormat = .text

  @Flag(help: "Treat warnings as errors.")
  var warningsAsErrors = false

  @Option(help: "Colour in text output: auto, always or never (NO_COLOR is honoured).")
  var color: ColorMode = .auto

  // Unconditional: `--max-diagnostics -1` is a value refused by its own message, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "Text output: show at most this many diagnostics in full, then a count per rule (0: all). Other formats list all.")
  var maxDiagnostics: Int = DiagnosticPrinter.defaultShownLimit

  func validate() throws {
    try OutputChoice.validateOnce([["--format"], ["--color"], ["--max-diagnostics"]])
    guard maxDiagnostics >= 0 else { throw ValidationError("--max-diagnostics is a count: 0 (all) or more") }
  }

  var useColor: Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto:
      return TerminalText.colorsByDefault(environment: ProcessInfo.processInfo.environment, isTerminal: isatty(STDERR_FILENO) != 0)
    }
  }

  /// Options made in code, for a command that prints diagnostics without parsing these flags:
  /// every property `emit` reads is set (reading an unparsed option traps).
  static func unparsed(format: OutputFormat = .text, color: ColorMode, maxDiagnostics: Int = DiagnosticPrinter.defaultShownLimit)
    -> DiagnosticOptions
  {
    var options = DiagnosticOptions()
    options.format = format
    options.color = color
    options.warningsAsErrors = false
    options.maxDiagnostics = maxDiagnostics
    return options
  }

  func printer(project: String?) -> DiagnosticPrinter {
    DiagnosticPrinter(format: DiagnosticFormat(rawValue: format.rawValue) ?? .text, color: useColor, projectDirectory: project)
  }
}

/// Prints the diagnostics about `project`: text goes to standard error, machine formats to
/// standard output. The text ends with the counts of errors and warnings, unless `statusLineFollows`:
/// the command's own line after it (`ok`, `wrote`) gives them.
func emit(
  _ diagnostics: [Diagnostic], files: Int, project: String?, options: DiagnosticOptions,
  relabeled: (folder: String, label: String)? = nil, statusLineFollows: Bool = false
) {
  var printer = options.printer(project: project)
  printer.relabeled = relabeled
  if options.format == .text {
    // Rendered in chunks on all cores; each chunk is written as it is, not joined into one string.
    let (shown, hidden) = DiagnosticPrinter.shownInFull(diagnostics, limit: options.maxDiagnostics)
    for chunk in printer.textChunks(shown) { writeError(chunk) }
    if !hidden.isEmpty { writeError(DiagnosticPrinter.hiddenSummary(hidden[...])) }
    let errors = diagnostics.count(of: .error)
    let warnings = diagnostics.count(of: .warning)
    if errors + warnings > 0, !statusLineFollows { writeError(Driver.summary(errors: errors, warnings: warnings, files: files) + "\n") }
  } else {
    writeOut(printer.render(diagnostics, fileCount: files))
  }
}

/// Ends the process with `status` while `value` is still alive, so a large project is not torn
/// down value by value just before the process exits (a tenth of a large check's time): the
/// operating system frees it.
func exitKeeping(_ value: some Any, _ status: ExitStatus) -> Never {
  withExtendedLifetime(value) { StopSignals.end(status.rawValue) }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a layout project and report every problem.")

  @Argument(help: "The layout project folder.")
  var directory: String = "."

  @OptionGroup var options: DiagnosticOptions

  @OptionGroup var platformChoice: CheckPlatformOption

  @OptionGroup var fixing: FixOptions

  @Flag(help: "With --fix: print the changes as a patch instead of writing them.")
  var dryRun = false

  func validate() throws {
    try FolderArgument.validate(directory, "the layout project folder")
    if dryRun, !fixing.fix { throw ValidationError("--dry-run goes with --fix") }
  }

  func run() throws {
    keepLargeBlocksMapped()
    let outcome: CheckOutcome
    if fixing.fix {
      outcome = fixing.apply(directory, options: options, platform: platformChoice.platform, dryRun: dryRun).check
      if dryRun { exitKeeping(outcome, outcome.status) }
    } else if let platform = platformChoice.platform {
      outcome = Driver.checkOffering(directory, warningsAsErrors: options.warningsAsErrors, platform: platform)
    } else {
      outcome = Driver.check(directory, warningsAsErrors: options.warningsAsErrors, foldsIndentation: true)
    }
    emit(
      outcome.diagnostics, files: outcome.project.files.count, project: directory, options: options,
      statusLineFollows: outcome.status == .success)
    if options.format == .text, outcome.status != .usage {
      // One line per platform with registries: the clients in the field and what they draw; not
      // while input files could not be read, as the screens they hold would be missing from it.
      let fleet = outcome.project.fleetSummary
      // A file that is not UTF-8 is read with U+FFFD in its names, a registry's renderers among them.
      let halfRead = outcome.project.hasUnreadableFiles || outcome.diagnostics.contains { $0.rule == .encoding }
      if halfRead, !fleet.isEmpty {
        writeError("fleet: not worked out, as some input files could not be read or parsed\n")
      } else {
        // With errors other than the line's own (a client that cannot render), what the clients
        // draw is of screens still to change: the line says so.
        let provisional =
          outcome.diagnostics.contains { $0.severity == .error && !Rule.registryCoverage.contains($0.rule) }
          ? " (until the errors above are fixed)" : ""
        for line in fleet { writeError("fleet: \(TerminalText.visible(line))\(provisional)\n") }
      }
    }
    if options.format == .text, outcome.status == .success {
      writeError(
        "\(TerminalText.visible(directory)): ok, \(Driver.summary(errors: 0, warnings: outcome.warningCount, files: outcome.project.files.count))\n"
      )
    }
    exitKeeping(outcome, outcome.status)
  }
}

extension StarterTemplate: ExpressibleByArgument {}

struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "explain", abstract: "Explain a rule, with a bad and a good example.")

  @Argument(help: "A rule code such as ZL0401, or its name.")
  var code: String?

  @Flag(help: "List every rule.")
  var list = false

  @Flag(help: "Print docs/rules.md.")
  var markdown = false

  func validate() throws {
    if list && markdown { throw ValidationError("give --list or --markdown, not both") }
    if (list || markdown) && code != nil { throw ValidationError("--list and --markdown take no rule code") }
    if !list && !markdown && code == nil { throw ValidationError("give a rule code (zlc explain ZL0401) or --list") }
  }

  func run() throws {
    if list {
      writeOut(Driver.ruleList())
      return
    }
    if markdown {
      writeOut(Driver.rulesMarkdown())
      return
    }
    guard let code = code?.trimmingCharacters(in: .whitespacesAndNewlines) else { return }
    // A name may be written with `_` or spaces between its words (misspelled_key).
    let name = code.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
    guard let rule = Rule.named(code) ?? Rule.named(name) else {
      let suggestion = Self.suggestion(for: code, name: name)
      writeError(
        "error: no rule '\(shortValue(TerminalText.visible(code)))' (zlc explain --list lists them)\n"
          + (suggestion.map { " = fix-it: did you mean '\($0)'?\n" } ?? ""))
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    writeOut(Driver.explain(rule))
  }
}

struct Preview: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview", abstract: "Write HTML wireframes of every screen on every device of a layout project.")

  @Argument(help: "The layout project folder.")
  var directory: String

  @Option(name: .shortAndLong, help: "The folder to write the pages to.")
  var output: String = "preview"

  @Option(
    help:
      "A folder of sender feeds, each named after the connected screen it fills: its id, name, screen_type or ui_tag (show.json fills 'show')."
  )
  var feeds: String?

  @OptionGroup var options: DiagnosticOptions

  @OptionGroup var platformChoice: PlatformOption

  @Option(
    help:
      "A progress bar while pages are written, with --format text: auto (on a terminal, not in CI, after a second), always or never.")
  var progress: ProgressBar.Mode = .auto

  func validate() throws {
    try OutputChoice.validate(["-o", "--output"])
    try OutputChoice.validateOnce([["--feeds"], ["--progress"]])
    try FolderArgument.validate(directory, "the layout project folder")
    if let feeds { try FolderArgument.validate(feeds, "the folder of preview feeds", option: "--feeds") }
  }

  func run() throws {
    keepLargeBlocksMapped()
    let bar = ProgressBar(label: "writing", unit: "pages", mode: options.format == .text ? progress : .never, write: writeError)
    let outcome = Driver.preview(
      directory, output: output, feeds: feeds, warningsAsErrors: options.warningsAsErrors, platform: platformChoice.platform,
      progress: { bar.update(done: $0, total: $1) })
    bar.finish()
    emit(outcome.diagnostics, files: outcome.check.project.files.count + outcome.feedFiles, project: directory, options: options)
    if outcome.written, options.format == .text {
      writeError(
        "wrote \(TerminalText.visible(TerminalText.folder(output)))/index.html: \(Driver.plural(outcome.screens, "screen")) on \(Driver.plural(outcome.previewedDevices ?? outcome.check.project.settings.devices.count, "device"))\n"
      )
      if let note = Driver.previewedPlatformNote(outcome) { writeError(note + "\n") }
    } else if !outcome.written, options.format == .text, [.inputErrors, .ioFailure].contains(outcome.status) {
      writeError("not written: fix the errors above\n")
    }
    exitKeeping(outcome, outcome.status)
  }
}

struct LSP: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp", abstract: "Serve the Language Server Protocol on standard input and output, for editors (docs/editors.md).")

  func run() throws {
    throw ExitCode(LanguageServer().run())
  }
}

/// The root command. Every command names itself (`commandName`): the name argument-parser would
/// derive from the type (`String(describing:)`) looks the type up in every protocol conformance of
/// the binary, a third of `zlc --version`.
struct ZLC: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "zlc",
    abstract: "zlc, the Zapp layout compiler: checks layout projects and builds resolved screen bundles.",
    version: versionLine,
    subcommands: [
      Init.self, Build.self, Check.self, DiffCommand.self, MapCommand.self, Preview.self, Serve.self, Schema.self, Explain.self,
      LSP.self, VerifyCommand.self, Generate.self,
    ])
}

/// Ends zlc for `error` as the argument parser does (a command's `ExitCode` through
/// `StopSignals.end`), but for help and `--version` (`zlc help
/// build` ends with one too): a result, written as every result is (`writeOut`), so a full disk or
/// a closed standard output ends zlc with status 74, not with success and nothing written.
func exitFor(_ error: any Error) -> Never {
  // A command's own status (it has printed what it found): ended as a stop under way allows.
  if let code = error as? ExitCode { StopSignals.end(code.rawValue) }
  guard ZLC.exitCode(for: error) == .success else { ZLC.exit(withError: error) }
  let text = ZLC.fullMessage(for: error)
  if !text.isEmpty { writeOut(text + "\n") }
  exit(ExitCode.success.rawValue)
}

/// Ends zlc with a usage error for `zlc help NAME …` of a NAME that is no subcommand where it
/// stands (`zlc help buld`, `zlc help map shw`): the parser prints the nearest command's help for
/// it and succeeds, so a script's typo went unseen.
func refuseHelpOfNoSubcommand(_ arguments: [String]) {
  guard arguments.first == "help" else { return }
  var command: ParsableCommand.Type = ZLC.self
  var path = "zlc"
  for name in arguments.dropFirst() {
    // Options (and `--`) are the parser's; `zlc help help` is its own help.
    if name.hasPrefix("-") || (command == ZLC.self && name == "help") { return }
    guard let next = command.configuration.subcommands.first(where: { $0._commandName == name }) else {
      refuseNoSubcommand(name, of: command, path: path)
    }
    command = next
    path += " " + name
  }
}

/// Refuses `zlc` alone, a usage error (a script's `zlc "$COMMAND" …` with the variable empty would
/// otherwise pass), with the help on standard error; `zlc help` and `zlc --help` print it and succeed.
func refuseNoArguments(_ arguments: [String]) {
  guard arguments.isEmpty else { return }
  writeError(ZLC.helpMessage() + "\nerror: no subcommand given (zlc check PROJECT, zlc build PROJECT -o OUT, …)\n")
  exit(ExitCode.validationFailure.rawValue)
}

/// Refuses `zlc NAME …` where NAME is no subcommand (`zlc chek app`), with the nearest as its
/// fix-it: the parser would only call the arguments unexpected.
func refuseUnknownSubcommand(_ arguments: [String]) {
  guard let name = arguments.first, !name.hasPrefix("-"), name != "help",
    !ZLC.configuration.subcommands.contains(where: { $0._commandName == name })
  else { return }
  refuseNoSubcommand(name, of: ZLC.self, path: "zlc")
}

/// Ends zlc with a usage error: `name` is no subcommand of `command` (`path`).
func refuseNoSubcommand(_ name: String, of command: ParsableCommand.Type, path: String) -> Never {
  let names = command.configuration.subcommands.map { $0._commandName }
  let near = SuggestionIndex(names.sorted()).nearest(to: name).flatMap { $0.isTied ? nil : $0 }
  let lists = names.isEmpty ? "'\(path)' has none" : "\(path) --help lists them"
  writeError(
    "error: no subcommand '\(TerminalText.visible(name))' (\(lists))\n" + (near.map { " = fix-it: did you mean '\($0.text)'?\n" } ?? ""))
  exit(ExitCode.validationFailure.rawValue)
}

/// The command the arguments name. A refusal is told of the arguments with their control
/// characters escaped, as the diagnostics are: a value cannot recolour a terminal or start a line
/// of its own in a CI log. Help and `--version` print the parser's text (`exitFor`).
func parsedCommand() -> ParsableCommand {
  refuseNoArguments(Array(CommandLine.arguments.dropFirst()))
  refuseHelpOfNoSubcommand(Array(CommandLine.arguments.dropFirst()))
  refuseUnknownSubcommand(Array(CommandLine.arguments.dropFirst()))
  do {
    return try ZLC.parseAsRoot()
  } catch {
    guard ZLC.exitCode(for: error) != .success else { exitFor(error) }
    let arguments = CommandLine.arguments.dropFirst()
    let visible = arguments.map { TerminalText.visible($0) }
    guard visible != Array(arguments) else { ZLC.exit(withError: error) }
    // The arguments as shown are refused alike; the message speaks of them. Should they be taken,
    // the first message is printed with each of its lines made visible.
    let message: String
    do {
      _ = try ZLC.parseAsRoot(visible)
      message = ZLC.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false).map {
        TerminalText.visible(String($0))
      }.joined(separator: "\n")
    } catch let shown {
      message = ZLC.fullMessage(for: shown)
    }
    writeError(message + "\n")  // not `FileHandle.write`, which traps when standard error cannot be written
    exit(ZLC.exitCode(for: error).rawValue)
  }
}

StandardStreams.holdClosedDescriptors()
FileLimit.makeRoom()
// A file-size limit (`ulimit -f`) fails the write that would pass it (EFBIG), which is reported
// as a full disk is, instead of killing zlc in the middle of a file.
signal(SIGXFSZ, SIG_IGN)
RawArguments.refuseTextNotInUTF8()
RawArguments.refuseGroupedShortOptions()
StopSignals.removeStagingOnStop(true)  // a stop signal removes the staging folder of an output being written
var command = parsedCommand()
do {
  try command.run()
} catch {
  exitFor(error)
}
StopSignals.end(0)

struct Build: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build", abstract: "Check a layout project and write its resolved screen bundle.")

  @Argument(help: "The layout project folder.")
  var directory: String

  @Option(name: .shortAndLong, help: "The bundle folder to write.")
  var output: String = "build"

  @OptionGroup var options: DiagnosticOptions

  @OptionGroup var platformChoice: PlatformOption

  @Flag(help: "Build again whenever a file of the project changes, until interrupted.")
  var watch = false

  @OptionGroup var fixing: FixOptions

  @Flag(help: "Indent the bundle's files (two spaces) instead of minifying them.")
  var pretty = false

  @Option(
    help:
      "A progress bar while screens are written, with --format text: auto (on a terminal, not in CI, after a second), always or never.")
  var progress: ProgressBar.Mode = .auto

  @Flag(
    help:
      "Write each section's layout and geometry in place, indented: format_version 1's shape, which older clients read (docs/bundle.md)."
  )
  var expanded = false

  func validate() throws {
    try OutputChoice.validate(["-o", "--output"])
    try OutputChoice.validateOnce([["--progress"]])
    try FolderArgument.validate(directory, "the layout project folder")
    // Each build's report is a document of its own: a stream of them is no JSON document.
    if watch, options.format == .json || options.format == .sarif {
      throw ValidationError(
        "--watch reports every build, which one \(options.format.rawValue) document cannot hold: use --format text or github")
    }
  }

  func run() throws {
    keepLargeBlocksMapped()
    guard watch else {
      if fixing.fix, let leftOut = fixesLeftOut() { exitKeeping(leftOut, leftOut.check.status) }
      let outcome = buildOnce()
      exitKeeping(outcome, outcome.status)
    }
    // Watching before the fixes are made: a save meanwhile is a change to build.
    let watcher = InputWatcher(directory: directory, output: output)
    let leftOut = fixing.fix ? fixesLeftOut() : nil
    // The files the fixes wrote are no change to build again for: the first build reads them, and
    // every save so far. Fixes left out because a file changed after the check read it leave
    // that change to build at once.
    if !(leftOut?.check.diagnostics.contains { $0.message.hasSuffix(FixApplier.changedSinceRead) } ?? false) {
      watcher.discardChanges()
    }
    // Fixes left out are the first round's errors, as a build's are: the next change builds. Fixes
    // are applied once, at the start: a change while watching may be one step of several (a screen
    // saved before its new type's manifest), which a did-you-mean would undo.
    let first = leftOut?.check.status ?? buildOnce().status
    if first == .usage { throw ExitCode(first.rawValue) }  // a refused output stays refused
    // A project folder that is not there (a misspelled path) has nothing to watch.
    var isFolder: ObjCBool = false
    if !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) || !isFolder.boolValue {
      throw ExitCode(first.rawValue)
    }
    writeError("watching \(TerminalText.visible(directory)) (Ctrl-C to stop)\n")
    var outputChecked = leftOut == nil
    while true {
      watcher.waitForChange()
      let outcome = buildOnce()
      if !outputChecked, outcome.status == .usage { throw ExitCode(outcome.status.rawValue) }
      outputChecked = true
      // Files that appeared in the output folder (an editor's swap file) refuse it: their removal
      // builds again, so the bundle does not stay behind the project.
      watcher.watchRefusedOutput(outcome.diagnostics.contains { $0.rule == .outputRefused } ? output : nil)
    }
  }

  /// Applies the fixes; when one was not applied (a file not written, fixes that would not read
  /// back or that one reading of a file alone asks for), prints the check that says which and
  /// returns it: the build's own check would show the fix-its without saying why they were left.
  func fixesLeftOut() -> Driver.FixOutcome? {
    let fixed = fixing.apply(directory, options: options, platform: platformChoice.platform)
    guard fixed.check.status == .ioFailure || !fixed.unapplied.isEmpty else { return nil }
    emit(fixed.check.diagnostics, files: fixed.check.project.files.count, project: directory, options: options)
    if !fixed.unapplied.isEmpty, options.format == .text {
      writeError("not built: not every fix-it was applied (see above)\n")
    }
    return fixed
  }

  /// One build, with its diagnostics and summary printed.
  func buildOnce() -> Driver.BuildOutcome {
    var bundle = BundleWriter.Options(form: expanded ? .expanded : .compact, pretty: pretty || expanded)
    let bar = ProgressBar(label: "writing", unit: "screens", mode: options.format == .text ? progress : .never, write: writeError)
    bundle.progress = { bar.update(done: $0, total: $1) }
    let outcome = Driver.build(
      directory, output: output, warningsAsErrors: options.warningsAsErrors, platform: platformChoice.platform, bundle: bundle)
    bar.finish()
    emit(
      outcome.diagnostics, files: outcome.check.project.files.count, project: directory, options: options,
      statusLineFollows: outcome.written)
    if outcome.written, options.format == .text {
      let p = outcome.check.project
      let platforms = p.bundlePlatforms
      let each = platforms.isEmpty ? "" : " a bundle for each of \(platforms.count) platforms (\(platforms.joined(separator: ", "))),"
      writeError(
        "wrote \(TerminalText.visible(output)):\(each) \(Driver.plural(outcome.screens, "screen")), \(Driver.plural(outcome.sections, "section")), \(Driver.plural(p.settings.devices.count, "device")) (\(Driver.summary(errors: 0, warnings: outcome.diagnostics.count(of: .warning), files: p.files.count)))\n"
      )
    } else if !outcome.written, options.format == .text, [.inputErrors, .ioFailure].contains(outcome.status) {
      writeError("not written: fix the errors above\n")
    }
    return outcome
  }
}

struct MapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "map", abstract: "Show which child of a sender feed feeds which component of a screen.")

  @Argument(help: "The screen: an id, a unique name, a screen_type or a ui_tag.")
  var screen: String

  @Option(help: "The layout project folder.")
  var project: String

  @Option(help: "The sender feed (JSON), for a connected screen.")
  var sender: String?

  @Option(help: "The device to apply fill_rows for (default: the project's first).")
  var device: String?

  @Option(help: "Output format: text or json.")
  var format: MapFormat = .text

  @Option(help: "Colour in text output: auto, always or never (NO_COLOR is honoured).")
  var color: ColorMode = .auto

  @OptionGroup var limit: DiagnosticLimit

  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp(
      "Map as one platform's bundle does (ios, android_for_quickbrick, …); without it, each platform whose map differs. Given once.",
      valueName: "platform"))
  var platform: String?

  func validate() throws {
    try OutputChoice.validateOnce([["--project"], ["--sender"], ["--device"], ["--format"], ["--color"]])
    try PlatformChoice.validate()
    try FolderArgument.validate(project, "the layout project folder", option: "--project")
    // An empty path names no file: a usage error, not a file that cannot be read.
    if sender?.isEmpty == true { throw ValidationError("--sender is empty: give the sender feed's file (JSON)") }
  }

  func run() throws {
    let outcome = Driver.map(screen: screen, project: project, sender: sender, device: device, platform: platform)
    var options = DiagnosticOptions.unparsed(color: color, maxDiagnostics: limit.maxDiagnostics)
    if format == .json, let json = Driver.mapJSON(outcome) {
      writeOut(json)
    } else {
      options.format = format == .json ? .json : .text
      if outcome.result != nil || !outcome.byPlatform.isEmpty { writeOut(Driver.mapTables(outcome)) }
      emit(outcome.diagnostics, files: outcome.files, project: project, options: options)
    }
    throw ExitCode(outcome.status.rawValue)
  }
}

struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify", abstract: "Load a bundle as a client app would and report what it cannot load.")

  @Argument(help: "The bundle folder (the output of zlc build).")
  var bundle: String

  func validate() throws { try FolderArgument.validate(bundle, "the bundle folder zlc build wrote") }

  func run() throws {
    // Builds into the folder wait while it is read, and it is read when none writes it.
    let outcome = OutputFolder.betweenBuilds(of: bundle) { BundleVerifier.verify(bundle) }
    // The folder as given and the ids a bundle holds are input: their control characters are escaped.
    for problem in outcome.problems { writeError(TerminalText.visible(problem.text) + "\n") }
    if outcome.status == .success {
      writeError(
        "\(TerminalText.visible(bundle)): ok, \(Driver.plural(outcome.screens, "screen")) load\(outcome.screens == 1 ? "s" : "")\n")
    }
    throw ExitCode(outcome.status.rawValue)
  }
}
