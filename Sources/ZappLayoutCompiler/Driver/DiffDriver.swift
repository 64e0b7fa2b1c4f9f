import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

extension Driver {
  /// What `zlc diff` found.
  public struct DiffOutcome {
    /// The changes, when both projects checked without errors.
    public var report: DiffReport?
    /// The check of each side that failed, with the folder to show its paths against.
    public var failedChecks: [(label: String, directory: String, check: CheckOutcome)] = []
    /// A refused `--html` folder (ZL0111), printed as `zlc check` prints diagnostics.
    public var diagnostics: [Diagnostic] = []
    /// A problem with the arguments or the revision, worded for the user (`error: …` is added by the caller).
    public var message: String?
    /// The exit status: `zlc check`'s for a project with errors, 64 for bad arguments, 74 for I/O.
    public var status: ExitStatus
    /// True when `--html` pages were written.
    public var htmlWritten = false
  }

  /// Compares what two project folders resolve to; with `html`, writes before and after wireframes
  /// of every changed screen there. `baseLabel` names the base in messages (a revision).
  public static func diff(base: String, head: String, html: String? = nil, platform: String? = nil, baseLabel: String? = nil)
    -> DiffOutcome
  {
    var folder: OutputFolder?
    if let html {
      do {
        // Neither project may be replaced by, or read back, the pages.
        _ = try OutputFolder.validate(html, kind: .diff, project: base, option: "--html")
        folder = try OutputFolder.validate(html, kind: .diff, project: head, option: "--html")
      } catch {
        let (diagnostic, isIOFailure) = OutputFolder.notAccepted(error, output: html)
        return DiffOutcome(diagnostics: [diagnostic], status: isIOFailure ? .ioFailure : .usage)
      }
    }
    let checks = [(baseLabel ?? base, base), (head, head)].map { label, directory in
      (label: label, directory: directory, check: check(directory, platform: platform))
    }
    // A project compared with itself is reported once, however its folder is written (`b`, `./b`).
    var reported: Set<String> = []
    let failed = checks.filter {
      $0.check.status != .success
        && reported.insert(URL(fileURLWithPath: $0.directory).standardizedFileURL.resolvingSymlinksInPath().path).inserted
    }
    if !failed.isEmpty {
      let statuses = failed.map(\.check.status)
      let status = [ExitStatus.usage, .ioFailure, .internalError].first { statuses.contains($0) } ?? .inputErrors
      return DiffOutcome(failedChecks: failed, status: status)
    }
    let baseSide = DiffSide(project: checks[0].check.project)
    let headSide = DiffSide(project: checks[1].check.project)
    let report = ProjectDiff.compareByPlatform(baseSide, headSide)
    var outcome = DiffOutcome(report: report, status: .success)
    if let folder {
      do {
        let kept = keptLeftoverWarnings(folder)  // found before the write, as a build finds them
        try DiffHTML(base: baseSide, head: headSide, report: report).write(to: folder)
        outcome.htmlWritten = true
        outcome.diagnostics += kept
      } catch let refusal as OutputFolder.Refusal {  // found under the folder's lock, written meanwhile
        outcome.diagnostics = [OutputRefusedRule.Message.refused(refusal).diagnostic(at: nil, path: folder.shown)]
        outcome.status = .usage
      } catch {
        outcome.diagnostics = [IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: folder.shown)]
        outcome.status = .ioFailure
      }
    }
    return outcome
  }

  /// Compares the project as committed at `revision` (a commit, branch or tag of the git repository
  /// that holds `project`) with its work tree. The revision's files are written out by git into a
  /// temporary folder, removed afterwards, or on SIGINT, SIGTERM or SIGHUP before zlc stops
  /// (`StopSignals`); the work tree is only read.
  public static func diff(revision: String, project: String, html: String? = nil, platform: String? = nil) -> DiffOutcome {
    let revisionFolder: GitRevisionFolder
    do {
      revisionFolder = try GitRevisionFolder(revision: revision, project: project)
    } catch {
      return DiffOutcome(message: error.message, status: error.status)
    }
    defer { revisionFolder.remove() }
    return diff(base: revisionFolder.path, head: project, html: html, platform: platform, baseLabel: "\(revision):\(project)")
  }
}

/// A project folder as a git revision holds it, written to a temporary folder: its tree read into
/// an index of the folder's own (`GIT_INDEX_FILE`) and checked out from there, every file as
/// committed (`git archive` would leave out files marked `export-ignore`). git runs as a
/// subprocess; the user's work tree and index are never touched.
struct GitRevisionFolder {
  /// Why the revision could not be written out.
  struct Failure: Error {
    var message: String
    var status: ExitStatus
  }

  /// The temporary folder that holds the project's files at the revision.
  let path: String
  let root: String

  init(revision: String, project: String) throws(Failure) {
    // Names shown with their control characters escaped.
    let (shownRevision, shownProject) = (TerminalText.visible(revision), TerminalText.visible(project))
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: project, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw Failure(message: "'\(shownProject)' is not a folder", status: .usage)
    }
    guard Self.git(["--version"])?.status == 0 else {
      throw Failure(message: "--base runs git, which cannot be run here: install git, or compare two folders", status: .usage)
    }
    guard let prefix = Self.git(["-C", project, "rev-parse", "--show-prefix"]), prefix.status == 0,
      let top = Self.git(["-C", project, "rev-parse", "--show-toplevel"]), top.status == 0
    else { throw Self.noRepository(project) }
    // The revision is resolved first and then peeled to its commit: `^{commit}` after a message
    // search (`:/fix`) would be read as part of the message.
    guard !revision.hasPrefix("-"), let object = Self.git(["-C", project, "rev-parse", "--verify", "--quiet", revision]),
      object.status == 0,
      let commit = Self.git([
        "-C", project, "rev-parse", "--verify", "--quiet", object.out.trimmingCharacters(in: .whitespacesAndNewlines) + "^{commit}",
      ]), commit.status == 0
    else {
      // A shallow clone (CI's default checkout) lacks the history before its commit.
      let shallow = Self.git(["-C", project, "rev-parse", "--is-shallow-repository"])?.out.hasPrefix("true") == true
      let hint =
        shallow
        ? "; the clone is shallow and may lack it: fetch it first (git fetch --depth=1 origin COMMIT, or git fetch --unshallow)" : ""
      throw Failure(message: "'\(shownRevision)' is not a revision of the repository that holds '\(shownProject)'" + hint, status: .usage)
    }
    let sha = commit.out.trimmingCharacters(in: .whitespacesAndNewlines)
    // The line git writes, without its newline: a folder's name may begin or end with spaces.
    var folder = prefix.out.trimmingCharacters(in: .newlines)
    while folder.hasSuffix("/") { folder.removeLast() }
    root = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)").path
    // The files keep their paths in the repository, so that its attributes (`app/screens/*.json
    // filter=lfs` in the root's `.gitattributes`) match them as they match the work tree's.
    let checkout = root + "/project"
    path = folder.isEmpty ? checkout : checkout + "/" + folder
    StopSignals.removeOnStop(root)
    do {
      // Only zlc's own folder: a TMPDIR that does not exist is an error naming it, not made.
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
      try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: false)
    } catch {
      StopSignals.holdIfStopping()  // a stop removed the folder as it was made: zlc ends by its signal
      remove()
      let folder = TerminalText.visible(PathText.deletingLastComponent(root))
      throw Failure(message: "cannot create a temporary folder in '\(folder)': \(WritableFolder.plain(error))", status: .ioFailure)
    }
    let repository = top.out.trimmingCharacters(in: .newlines)
    let shownFolder = TerminalText.visible(folder)
    // A file or a submodule where the project's folder is (then; a folder now) is no project
    // either: told by the revision's entry for it, as a submodule's commit may be in the repository.
    if let entry = Self.entry(folder, of: sha, in: repository), entry != "tree" {
      remove()
      let what = entry == "commit" ? "a submodule" : "a file"
      throw Failure(message: "\(shownRevision) has '\(shownFolder)' as \(what), not a folder", status: .inputErrors)
    }
    let index = "GIT_INDEX_FILE=" + root + "/index"
    let read = Self.run(
      index, ["git", "-C", repository, "read-tree"] + (folder.isEmpty ? [] : ["--prefix=\(folder)/"]) + ["\(sha):\(folder)"])
    guard let read, read.status == 0 else {
      remove()
      // A revision without the folder is the project's absence; anything else (a full disk, a
      // tree a partial clone cannot fetch) is git's to say.
      let lacks = Self.run("git", ["-C", repository, "cat-file", "-e", "\(sha):\(folder)"]).map { $0.status != 0 } ?? false
      guard lacks else {
        let said = read?.err.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // The temporary index could not be written (a full disk, a file-size limit): git names it.
        if said.contains(root) { throw Self.writeFailure(shownRevision, in: root, said: read?.err) }
        throw Failure(message: "cannot read \(shownRevision): \(said.isEmpty ? "git failed" : said)", status: .ioFailure)
      }
      let shown = folder.isEmpty ? "the repository's root" : "'\(shownFolder)'"
      throw Failure(message: "\(shownRevision) has no \(shown)", status: .inputErrors)
    }
    let written = Self.run(index, ["git", "-C", repository, "checkout-index", "--all", "--prefix=\(checkout)/"])
    guard let written, written.status == 0 else {
      remove()
      // A file git could not write names its path in the temporary folder; anything else (an
      // object missing from the repository, a partial clone without its remote) is git's to say.
      let said = written?.err.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      if said.contains(root) { throw Self.writeFailure(shownRevision, in: root, said: written?.err) }
      let first = said.split(separator: "\n").first.map(String.init) ?? "git failed"
      throw Failure(message: "cannot read \(shownRevision): \(first)", status: .ioFailure)
    }
    do throws(Failure) {
      try Self.checkOutSubmodules(in: root, index: index, repository: repository, into: checkout, revision: shownRevision)
    } catch {
      remove()
      throw error
    }
  }

  /// Why git found no repository for the project: not in one, or in one git refuses to read (a
  /// `safe.directory` owned by another user), as git says it.
  static func noRepository(_ project: String) -> Failure {
    let shownProject = TerminalText.visible(project)
    let said = git(["-C", project, "rev-parse", "--git-dir"])?.err.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !said.isEmpty, !said.contains("not a git repository") else {
      return Failure(message: "'\(shownProject)' is not in a git repository (--base needs one)", status: .usage)
    }
    let text = said.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    return Failure(
      message: "git cannot read the repository that holds '\(shownProject)': \(TerminalText.visible(text.joined(separator: " ")))",
      status: .usage)
  }

  /// The failure to write the revision into the temporary folder `root` (a full disk, a file-size
  /// limit): where that folder was made, the first thing git said of it, and what to do.
  static func writeFailure(_ shownRevision: String, in root: String, said: String?) -> Failure {
    let said = said?.split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    let folder = TerminalText.visible(PathText.deletingLastComponent(root))
    return Failure(
      message: "cannot write \(shownRevision) into a temporary folder in '\(folder)'"
        + (said.isEmpty ? "" : " (git: \(TerminalText.visible(said)))") + "; make room there, or set TMPDIR to another folder",
      status: .ioFailure)
  }

  /// The type of the entry at `path` (a folder's path in the repository; the root has none) in
  /// commit `sha`'s tree: `tree`, `blob` or `commit` (a submodule); nil when it has none.
  static func entry(_ path: String, of sha: String, in repository: String) -> String? {
    guard !path.isEmpty, let listed = git(["--literal-pathspecs", "-C", repository, "ls-tree", "-z", sha, "--", path]), listed.status == 0
    else { return nil }
    for record in listed.out.split(separator: "\0") {
      guard let tab = record.firstIndex(of: "\t"), record[record.index(after: tab)...] == path else { continue }
      return record[..<tab].split(separator: " ").dropFirst().first.map(String.init)
    }
    return nil
  }

  /// Removes the temporary folder.
  func remove() {
    try? FileManager.default.removeItem(atPath: root)
    StopSignals.forget(root)
  }

  static func git(_ arguments: [String]) -> (status: Int32, out: String, err: String)? { run("git", arguments) }

  /// Runs a command found on PATH; nil when it cannot be started.
  static func run(_ command: String, _ arguments: [String]) -> (status: Int32, out: String, err: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [command] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    // A stop signal stops it before the folder it may write into is removed.
    StopSignals.stopOnStop(child: process.processIdentifier)
    defer { StopSignals.forget(child: process.processIdentifier) }
    let errors = Mutex<Data>(Data())
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      let data = err.fileHandleForReading.readDataToEndOfFile()
      errors.withLock { $0 = data }
      group.leave()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    StopSignals.holdIfStopping()  // stopped by the stop: zlc ends by its signal
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), errors.withLock { String(decoding: $0, as: UTF8.self) })
  }
}
