import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

/// `zlc generate`: typed client code for the project's platforms.
public enum ClientGenerator {
  /// The generated files, path (relative to the output folder) → text, for each platform in
  /// `platforms` (nil: one set of files for an app that names no platform, at the top).
  public static func files(project: Project, language: ClientLanguage, platforms: [String?]) -> [(path: String, text: String)] {
    files(apis: platforms.map { ClientAPI(project: project, platform: $0) }, language: language)
  }

  /// The generated files of each platform's API.
  package static func files(apis: [ClientAPI], language: ClientLanguage) -> [(path: String, text: String)] {
    apis.map { api in
      let path = (api.platform.map { $0 + "/" } ?? "") + fileName(of: language)
      switch language {
      case .swift: return (path, SwiftClientWriter(api: api).source())
      case .kotlin: return (path, KotlinClientWriter(api: api).source())
      case .typescript: return (path, TypeScriptClientWriter(api: api).source())
      }
    }
  }

  /// The file name of the code in `language`, in each platform's folder (or at the top).
  package static func fileName(of language: ClientLanguage) -> String {
    switch language {
    case .swift: return SwiftClientWriter.fileName
    case .kotlin: return KotlinClientWriter.fileName
    case .typescript: return TypeScriptClientWriter.fileName
    }
  }

  /// zlc's client code that `folder` holds, in path order: each file (relative to `folder`), the
  /// platform whose folder it is in (nil: at the top, for an app that names no platform), and its
  /// language. Empty when it holds none (or does not exist).
  package static func heldCode(in folder: String) -> [(file: String, platform: String?, language: ClientLanguage)] {
    func language(of name: String) -> ClientLanguage? { ClientLanguage.allCases.first { fileName(of: $0) == name } }
    let manager = FileManager.default
    var held: [(file: String, platform: String?, language: ClientLanguage)] = []
    for entry in ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
      if let found = language(of: entry) { held.append((entry, nil, found)) }
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: folder + "/" + entry, isDirectory: &isFolder), isFolder.boolValue else { continue }
      for inner in ((try? manager.contentsOfDirectory(atPath: folder + "/" + entry)) ?? []).sorted() {
        if let found = language(of: inner) { held.append((entry + "/" + inner, entry, found)) }
      }
    }
    return held
  }

  /// Why `folder` (`output` as the user gave it) may not take the code in `language` for
  /// `platforms` (nil before they are known): it holds zlc's code in another language, or in this
  /// language for a platform not written now, which the write would delete. Nil when neither.
  /// `named` are the project's platforms, whose code a generate without `--platform` writes.
  package static func refusal(
    of folder: String, output: String, language: ClientLanguage, platforms: [String?]?, named: [String] = []
  ) -> Diagnostic? {
    let held = heldCode(in: folder)
    if let other = held.first(where: { $0.language != language }) {
      return OutputRefusedRule.Message.clientCodeOfOtherLanguage(
        output, file: other.file, holds: other.language.rawValue, writing: language.rawValue
      )
      .diagnostic(at: nil, path: output)
    }
    guard let platforms, let other = held.first(where: { !platforms.contains($0.platform) }) else { return nil }
    return OutputRefusedRule.Message.clientCodeOfOtherPlatform(
      output, file: other.file, language: language.rawValue, holds: other.platform, writing: platforms,
      together: other.platform.map(named.contains) ?? false
    )
    .diagnostic(at: nil, path: output)
  }

  /// A warning (ZL0121) per list of names whose identifiers met, once for all the platforms whose
  /// code it renames, naming them when the others keep the shared identifier.
  package static func renamings(apis: [ClientAPI], project: Project, language: ClientLanguage) -> [Diagnostic] {
    var found: [(diagnostic: Diagnostic, platforms: [String])] = []
    var position: [String: Int] = [:]
    for api in apis {
      for renaming in ClientAPI.renamings(of: api, project: project) {
        let diagnostic = renaming.diagnostic(in: language, path: project.directory)
        let key = ([diagnostic.message] + diagnostic.notes.map(\.message)).joined(separator: "\n")
        if let at = position[key] {
          found[at].platforms += api.platform.map { [$0] } ?? []
        } else {
          position[key] = found.count
          found.append((diagnostic, api.platform.map { [$0] } ?? []))
        }
      }
    }
    // A renaming of some platforms' code alone says whose: the others' keep the shared identifier.
    let all = apis.compactMap(\.platform)
    return found.map { diagnostic, platforms in
      guard platforms.count < all.count, !platforms.isEmpty else { return diagnostic }
      var named = diagnostic
      named.message += " (in the code for \(platforms.joined(separator: ", ")) only)"
      return named
    }
  }
}

extension Driver {
  /// What `zlc generate` did.
  public struct GenerateOutcome {
    /// The check of the project (an empty project when the command was refused before reading it).
    public var check: CheckOutcome
    /// The check's diagnostics, and why nothing was written.
    public var diagnostics: [Diagnostic]
    /// The exit status.
    public var status: ExitStatus
    /// The files written, relative to the output folder (empty when nothing was written).
    public var written: [String]
  }

  /// Checks the project and writes client code in `language` into `output`: one set of files per
  /// platform of the app whose clients are written in that language, or with `platform`, for that
  /// platform alone (also one the project does not name), checked as that platform's bundle is.
  /// Nothing is written when the project has errors, but for what registered client builds lack
  /// (`Rule.registryCoverage`, shown as warnings); a language none of the app's platforms uses is
  /// a usage error (exit status 64).
  public static func generate(
    _ directory: String, language: ClientLanguage, output: String, platform: String? = nil, warningsAsErrors: Bool = false
  ) -> GenerateOutcome {
    func refused(
      _ diagnostic: Diagnostic, project: Project = Project(directory: directory), status: ExitStatus = .usage
    ) -> GenerateOutcome {
      let unread = CheckOutcome(project: project, diagnostics: [diagnostic], status: status)
      return GenerateOutcome(check: unread, diagnostics: [diagnostic], status: status, written: [])
    }
    let folder: OutputFolder
    do {
      folder = try OutputFolder.validate(output, kind: .client, project: directory)
    } catch {
      let (diagnostic, isIOFailure) = OutputFolder.notAccepted(error, output: output)
      return refused(diagnostic, status: isIOFailure ? .ioFailure : .usage)
    }
    // zlc's code in another language is as much in the way as a bundle: replacing it would leave
    // that language's client without its code. Checked again, with the platforms, under the lock.
    if let held = ClientGenerator.refusal(of: folder.path, output: output, language: language, platforms: nil) {
      return refused(held)
    }
    if let platform, ClientLanguage.of(platform: platform) != language {
      return refused(
        UnknownPlatformOptionRule.Message.noClient(for: platform, language: language).diagnostic(
          at: nil, fixIt: .didYouMean(nearestPlatform(to: platform, in: language.platforms), at: nil), path: directory))
    }
    // Checked as `zlc check --platform` checks: a platform's code is not held back by another
    // platform's errors. A platform the project does not name is no error here (code for a client
    // to come), and then nothing is narrowed: a note says its platform checks did not run.
    var outcome = check(directory, warningsAsErrors: warningsAsErrors, platform: platform)
    for i in outcome.diagnostics.indices where outcome.diagnostics[i].rule == .unknownPlatformOption {
      let known = outcome.project.targetPlatforms
      guard let platform else { continue }
      outcome.diagnostics[i] = UnknownPlatformOptionRule.Message.unnamedPlatformGenerated(platform, known: known).diagnostic(
        at: nil, path: directory)
      outcome.diagnostics[i].severity = .note
    }
    // What registered client builds lack (ZL0313, ZL0318) is shown but holds nothing back: the
    // code written now is how a client gets the renderer its registry lacks.
    for i in outcome.diagnostics.indices where Rule.registryCoverage.contains(outcome.diagnostics[i].rule) {
      outcome.diagnostics[i].severity = .warning
    }
    outcome.status = status(for: outcome.diagnostics.filter { !Rule.registryCoverage.contains($0.rule) })
    var result = GenerateOutcome(check: outcome, diagnostics: outcome.diagnostics, status: outcome.status, written: [])
    guard outcome.status == .success else { return result }
    let targets = outcome.project.targetPlatforms
    let platforms: [String?]
    if let platform {
      platforms = [platform]
    } else if targets.isEmpty {
      platforms = [nil]
    } else {
      platforms = targets.filter { ClientLanguage.of(platform: $0) == language }
      if platforms.isEmpty {
        let message = UnknownPlatformOptionRule.Message.noClientForProject(targets: targets, language: language)
        return refused(message.diagnostic(at: nil, path: directory), project: outcome.project)
      }
    }
    let apis = platforms.map { ClientAPI(project: outcome.project, platform: $0) }
    var renamings = ClientGenerator.renamings(apis: apis, project: outcome.project, language: language)
    if warningsAsErrors {
      for i in renamings.indices { renamings[i].severity = .error }
    }
    // What the write will keep beside the output (ZL0126), found before it writes.
    let kept = keptLeftoverWarnings(folder, warningsAsErrors: warningsAsErrors)
    result.diagnostics = (result.diagnostics + renamings).sortedForOutput(fileOrder: outcome.project.fileOrder) + kept
    if warningsAsErrors && !(renamings + kept).isEmpty {
      result.status = .inputErrors
      return result
    }
    let files = ClientGenerator.files(apis: apis, language: language)
    do {
      // Under the folder's lock, as another generate may have written it since: code of another
      // language, or of a platform not written now, would be deleted.
      let check = {
        if let held = ClientGenerator.refusal(
          of: folder.path, output: output, language: language, platforms: platforms, named: targets)
        {
          throw HeldClientCode(diagnostic: held)
        }
      }
      try folder.replace(check: check) { staging, shown, reuse in
        for (path, text) in files {
          let target = staging + "/" + path
          try FileManager.default.createDirectory(
            atPath: PathText.deletingLastComponent(target), withIntermediateDirectories: true)
          let status = BundleWriter.writeFile(target, Array(text.utf8), reuse: reuse)
          if status != 0 { throw BundleWriter.WriteError.io("cannot write '\(shown)/\(path)': \(String(cString: strerror(status)))") }
        }
      }
    } catch let held as HeldClientCode {
      result.diagnostics.append(held.diagnostic)
      result.status = .usage
      return result
    } catch let refusal as OutputFolder.Refusal {  // found under the folder's lock, written meanwhile
      result.diagnostics.append(OutputRefusedRule.Message.refused(refusal).diagnostic(at: nil, path: output))
      result.status = .usage
      return result
    } catch {
      result.diagnostics.append(IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output))
      result.status = .ioFailure
      return result
    }
    result.written = files.map(\.path)
    return result
  }
}

/// zlc's client code in the output that a `zlc generate` would delete, found under the folder's lock.
private struct HeldClientCode: Error {
  var diagnostic: Diagnostic
}
