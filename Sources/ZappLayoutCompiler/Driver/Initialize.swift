import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

extension Driver {
  /// What `zlc init` did.
  public struct InitOutcome {
    public var diagnostics: [Diagnostic]
    public var status: ExitStatus
    /// The files written, relative to the project folder, in order.
    public var written: [String]
    /// Whether it finished moving in the starter a `zlc init` killed midway left in the folder,
    /// rather than writing one (`written` then lists the folder's files).
    public var finished = false
  }

  /// Writes a starter project into `directory`, which must not exist or hold nothing but hidden
  /// entries (a fresh `.git`). The app is named after the folder. Nothing is overwritten: a folder
  /// with other entries is refused (ZL0111, exit status 64) before anything is written. The
  /// starter is written whole into a hidden staging folder and then moved into place (`stage`): a
  /// file that cannot be written (a full disk), a stop signal or a kill leaves no part of it. Into
  /// an existing folder, the move is a rename per top-level entry: a starter that a kill left half
  /// moved is moved in whole by the next `zlc init` of the folder (`initLeftovers(in:)`).
  public static func initialize(_ directory: String, template: StarterTemplate) -> InitOutcome {
    initialize(directory, template: template) { BundleWriter.writeFile($0, $1) }
  }

  /// `initialize(_:template:)` writing each new file with `writeFile` (its path and bytes; 0 or
  /// the errno of what failed).
  static func initialize(_ directory: String, template: StarterTemplate, writeFile: (String, [UInt8]) -> Int32) -> InitOutcome {
    let manager = FileManager.default
    guard !directory.isEmpty else { return refused(directory, .initIntoEmptyPath) }
    guard let absolute = WorkingFolder.absolutePath(directory) else {
      return refused(directory, .vanishedWorkingFolder(directory))
    }
    // Not into a project's inputs, which an output may not be inside either: the starter's files
    // would be read as the project's (checked at the path as given and at the one the system opens).
    for path in [absolute, WorkingFolder.realPath(absolute)] {
      if let (project, folder) = Self.projectInputs(holding: path) {
        // The project as the user would write it: the path given without its last components.
        let dropped = path.split(separator: "/").count - project.split(separator: "/").count
        let parts = directory.split(separator: "/").filter { $0 != "." }
        let shown =
          path == absolute && parts.count > dropped && !parts.suffix(dropped).contains("..")
          ? (directory.hasPrefix("/") ? "/" : "") + parts.dropLast(dropped).joined(separator: "/") : project
        return refused(directory, .initIntoProjectInputs(directory, project: shown, folder: folder))
      }
    }
    var isDirectory: ObjCBool = false
    var status = stat()
    if lstat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, !manager.fileExists(atPath: absolute) {
      return refused(directory, .initIntoBrokenLink(directory))
    }
    if let file = WritableFolder.fileAbove(PathText.deletingLastComponent(absolute)) {
      var status = stat()
      let what = stat(file, &status) == 0 ? BoundedFile.kind(of: status.st_mode) ?? "a file" : "a link to nothing"
      return refused(directory, .initBelowFile(directory, file: Self.named(file, given: directory, absolute: absolute), what: what))
    }
    var lock: Int32 = -1
    defer { if lock >= 0 { close(lock) } }
    let holder = WritableFolder.nearestExisting(absolute)
    var isNew = !manager.fileExists(atPath: absolute, isDirectory: &isDirectory)
    if isNew {
      // A new folder: the folder that will hold it is locked, and what it holds looked at again
      // (another zlc init may have written it meanwhile).
      lock = Self.lockForInit(holder, shown: Self.named(holder, given: directory, absolute: absolute), target: directory)
      isNew = !manager.fileExists(atPath: absolute, isDirectory: &isDirectory)
      if !isNew {
        close(lock)
        lock = -1
      }
    }
    if !isNew {
      guard isDirectory.boolValue else {
        var status = stat()
        let kind = stat(absolute, &status) == 0 ? BoundedFile.kind(of: status.st_mode) : nil
        return refused(directory, .initIntoFile(directory, kind: kind ?? "a file"))
      }
      // Held until the starter is in place: what an earlier zlc init left is no running one's.
      lock = Self.lockForInit(absolute, shown: directory, target: directory)
      let inside = { (staging: String) in directory.hasSuffix("/") ? directory + staging : directory + "/" + staging }
      switch Self.initLeftovers(in: absolute, template: template) {
      case .halfMoved(let staging, let remaining) where WritableFolder.refusal(absolute) == nil:
        do {
          try Self.finishMove(into: absolute, from: staging, remaining: remaining)
        } catch {
          let reason = WritableFolder.reason(error, creating: absolute) { Self.named($0, given: directory, absolute: absolute) }
          let diagnostic = IOErrorRule.Message.cannotWriteStarter(because: reason).diagnostic(at: nil, path: directory)
          return InitOutcome(diagnostics: [diagnostic], status: .ioFailure, written: [])
        }
        return InitOutcome(diagnostics: [], status: .success, written: Self.starterFiles(in: absolute), finished: true)
      case .unmoved(let stagings) where WritableFolder.refusal(absolute) == nil:
        for staging in stagings { try? manager.removeItem(atPath: absolute + "/" + staging) }
      case .foreign(let staging):
        return refused(directory, .initBesideForeignStaging(directory, staging: inside(staging)))
      case .unfinished(let staging, let entries):
        let shown = entries.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return refused(
          directory, .initBesideUnfinishedStarter(directory, holding: shown, staging: inside(staging), template: template.rawValue))
      default:
        break
      }
      // A folder that cannot be listed may hold anything: it is not taken for an empty one.
      var listError: Int32 = 0
      let listed = FolderListing.list(absolute, failure: &listError)?.map(\.name) ?? []
      if listError != 0, listError != ENOENT {
        let reason =
          "'\(directory)' cannot be listed (\(String(cString: strerror(listError)))), and zlc writes a starter only into an empty folder"
        let diagnostic = IOErrorRule.Message.cannotWriteStarter(because: reason).diagnostic(at: nil, path: directory)
        return InitOutcome(diagnostics: [diagnostic], status: .ioFailure, written: [])
      }
      let entries = listed.filter { !$0.hasPrefix(".") }.sorted()
      if !entries.isEmpty {
        let shown = entries.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return refused(directory, .initIntoFullFolder(directory, holding: shown))
      }
    }
    // A read-only folder is kept as it is, even for root, which could write it anyway.
    if let refusal = WritableFolder.refusal(holder) {
      let named = Self.named(holder, given: directory, absolute: absolute)
      let diagnostic = IOErrorRule.Message.cannotWriteStarter(because: "'\(named)' \(refusal)").diagnostic(at: nil, path: directory)
      return InitOutcome(diagnostics: [diagnostic], status: .ioFailure, written: [])
    }
    if isNew {
      // Its staging folders beside it that a kill left are removed when they hold only what zlc
      // wrote, and otherwise kept, and the folder refused.
      let top = String(absolute.dropFirst(holder == "/" ? 1 : holder.count + 1).split(separator: "/").first ?? "")
      for staging in Self.staleStagings(in: holder, beside: top) {
        let path = (holder == "/" ? "" : holder) + "/" + staging
        let roots = [""] + (Self.fileTree(path, below: "")?.folders ?? [])
        let app = { (root: String) in Self.appName(folder: root.isEmpty ? top : (root as NSString).lastPathComponent) }
        guard Self.holdsOnlyStarter(path, app: app, rootedAt: roots) else {
          let named = Self.named(holder, given: directory, absolute: absolute)
          return refused(directory, .initBesideForeignStaging(directory, staging: named == "/" ? "/" + staging : named + "/" + staging))
        }
        try? manager.removeItem(atPath: path)
      }
    }
    let files = template.files(app: Self.appName(folder: (absolute as NSString).lastPathComponent))
    do {
      try Self.stage(files, into: absolute, shown: directory, writeFile: writeFile)
    } catch {
      let reason = WritableFolder.reason(error, creating: absolute) { Self.named($0, given: directory, absolute: absolute) }
      let diagnostic = IOErrorRule.Message.cannotWriteStarter(because: reason).diagnostic(at: nil, path: directory)
      return InitOutcome(diagnostics: [diagnostic], status: .ioFailure, written: [])
    }
    return InitOutcome(diagnostics: [], status: .success, written: files.map(\.path))
  }

  /// Writes `files` into a hidden staging folder, flushes them to the disk, and only then moves
  /// them into `absolute`, so that a project is never seen in part, even when zlc is killed.
  ///
  /// A new folder is staged beside the first folder of its path that does not exist yet (`a` for
  /// `a/b/app` when only `a` is missing: `.a.zlc-init-xxxxxxxx` holds `b/app`), which one rename
  /// then puts in place. An existing folder (empty but for hidden entries, perhaps a mount point)
  /// keeps its own identity, permissions and hidden entries: the staging folder is made inside it
  /// (`.zlc-init-xxxxxxxx`, on its file system) and each of the starter's few top-level entries is
  /// renamed out of it; an entry that appeared meanwhile is never replaced. A stop signal removes
  /// the staging folder, and waits for the renames; a failure removes it and what was moved.
  /// A file that cannot be written is named as it would have been in `shown` (the folder as given).
  /// The order the starter's top-level entries are moved into an existing folder: by name, its
  /// `screens` last, so that a project a kill leaves half moved in lacks its screens and fails its
  /// check, instead of building green with defaults where `zlc.json` or a family is missing.
  static func moveOrder(_ names: [String]) -> [String] {
    names.sorted { ($0 == "screens" ? 1 : 0, $0) < ($1 == "screens" ? 1 : 0, $1) }
  }

  private static func stage(
    _ files: [(path: String, contents: String)], into absolute: String, shown: String, writeFile: (String, [UInt8]) -> Int32
  ) throws {
    let manager = FileManager.default
    var status = stat()
    let exists = stat(absolute, &status) == 0
    let holder = exists ? absolute : WritableFolder.nearestExisting(absolute)
    let below = exists ? "" : String(absolute.dropFirst(holder == "/" ? 1 : holder.count + 1))
    let top = String(below.split(separator: "/").first ?? "")
    let tag = ".zlc-init-" + UUID().uuidString.prefix(8).lowercased()
    let staging = (holder == "/" ? "" : holder) + "/" + (exists ? tag : "." + SiblingName.stem(top, leaving: 1 + tag.utf8.count) + tag)
    var failure: Int32 = 0
    let made = StopSignals.removeOnStop(creating: {
      guard mkdir(staging, 0o777) == 0 else {
        failure = errno
        return nil
      }
      return staging
    })
    guard made != nil else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(failure == 0 ? EINTR : failure)) }
    defer { StopSignals.forget(staging) }
    let root = exists ? staging : staging + below.dropFirst(top.count)
    var moved: [String] = []
    do {
      for file in files {
        let path = root + "/" + file.path
        let named = { (inside: String) in shown.hasSuffix("/") ? shown + inside : shown + "/" + inside }
        do {
          try manager.createDirectory(atPath: PathText.deletingLastComponent(path), withIntermediateDirectories: true)
        } catch {
          throw FileNotWritten(path: named(PathText.deletingLastComponent(file.path)), reason: WritableFolder.plain(error))
        }
        let failure = writeFile(path, Array(file.contents.utf8))
        if failure != 0 { throw FileNotWritten(path: named(file.path), reason: String(cString: strerror(failure))) }
      }
      try Durability.sync(folder: staging, shown: shown)
      try StopSignals.unlessStopping {
        guard exists else {
          if rename(staging, (holder == "/" ? "" : holder) + "/" + top) != 0 { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
          return
        }
        for name in moveOrder(try manager.contentsOfDirectory(atPath: staging)) {
          // Never over an entry made since the folder was found empty.
          guard lstat(absolute + "/" + name, &status) != 0 else { throw Appeared(name: name) }
          if rename(staging + "/" + name, absolute + "/" + name) != 0 { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
          moved.append(name)
        }
        rmdir(staging)
      }
    } catch {
      StopSignals.holdIfStopping()  // a stop removed the staging folder under the writes: zlc ends by its signal
      for name in moved.reversed() { rename(absolute + "/" + name, staging + "/" + name) }
      try? manager.removeItem(atPath: staging)
      throw error
    }
    let folder = open(exists ? absolute : holder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      Durability.syncDirectory(folder)
      close(folder)
    }
  }

  /// A starter file or folder that could not be made, named where it would be, and the system's
  /// reason.
  private struct FileNotWritten: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "'\(path)': \(reason)" }
  }

  /// An entry of the starter's that appeared in the folder while the starter was written.
  private struct Appeared: Error, CustomStringConvertible {
    var name: String
    var description: String { "'\(name)' appeared in the folder while the starter was written, and is kept" }
  }

  /// The project whose input folder (`screens/`, `components/`, `families/`, `registries/`) holds
  /// `absolute` or is it, and that folder's name; nil when there is none. An input folder that is
  /// a link holds what it points to (`screens` -> `real` holds `real/x`). A folder is a project
  /// when it holds one of a project's input files (`zlc.json`, `screen_types.json`,
  /// `rivers.json`) or screens (`screens/*.json`), and is no bundle zlc wrote (which holds
  /// `rivers.json` and screens too).
  static func projectInputs(holding absolute: String) -> (project: String, folder: String)? {
    let fm = FileManager.default
    let real = WorkingFolder.realPath(absolute)
    var child = absolute
    var folder = PathText.deletingLastComponent(absolute)
    while child != "/", !folder.isEmpty {
      let name = (child as NSString).lastPathComponent
      let inFolder = { (file: String) in fm.fileExists(atPath: (folder as NSString).appendingPathComponent(file)) }
      let isProject = {
        let screens = (try? fm.contentsOfDirectory(atPath: (folder as NSString).appendingPathComponent("screens"))) ?? []
        let isInput = ProjectLoader.inputFileNames.contains(where: inFolder) || screens.contains { $0.lowercased().hasSuffix(".json") }
        return isInput && !(inFolder(OutputFolder.markerName) || inFolder("bundle.json") || inFolder(PlatformBundles.fileName))
      }
      if ProjectLoader.inputFolders.contains(name.lowercased()), isProject() { return (folder, name) }
      if let input = OutputFolder.inputFolder(of: WorkingFolder.realPath(folder), holding: real), isProject() {
        return (folder, input)
      }
      child = folder
      folder = PathText.deletingLastComponent(folder)
    }
    return nil
  }

  /// The starter's app name: the folder's, with its control characters (which no name in
  /// `zlc.json` may hold) as spaces; "App" when nothing is left.
  static func appName(folder: String) -> String {
    let scalars = folder.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
    let name = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? "App" : name
  }

  /// `path`, at or above `absolute` (the absolute form of `directory`, the folder as given), named
  /// as the user wrote it: `ro` for `ro/x`; the absolute path when `directory` is absolute, holds
  /// `..`, or does not reach up to `path`.
  static func named(_ path: String, given directory: String, absolute: String) -> String {
    guard !directory.hasPrefix("/") else { return path }
    let parts = directory.split(separator: "/").filter { $0 != "." }
    guard !parts.contains(".."), path == absolute || absolute.hasPrefix(path == "/" ? "/" : path + "/") else { return path }
    let dropped = absolute.split(separator: "/").count - path.split(separator: "/").count
    guard dropped <= parts.count else { return path }
    return dropped == parts.count ? "." : parts.dropLast(dropped).joined(separator: "/")
  }

  private static func refused(_ directory: String, _ message: OutputRefusedRule.Message) -> InitOutcome {
    InitOutcome(diagnostics: [message.diagnostic(at: nil, path: directory)], status: .usage, written: [])
  }
}
