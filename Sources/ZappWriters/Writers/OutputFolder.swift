import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders

/// The folder a command writes (`zlc build -o`, `zlc preview -o`), and the rules that keep zlc from
/// ever replacing a folder it does not own.
///
/// zlc writes only a folder that does not exist yet, is empty, or holds its own earlier output of
/// the same kind (recognised by the marker file it writes there, or, for a bundle without one, by
/// every file loading as the bundle contract). The output may not be the project,
/// an ancestor of the project, or inside the folders that hold the project's inputs. Anything else is
/// refused before anything is read or written; see docs/limits.md.
public struct OutputFolder: Sendable {
  /// What zlc writes into a folder: a bundle, a preview, or client code (`zlc generate`).
  public enum Kind: String, Sendable {
    case bundle, preview, diff
    case client = "client code"

    /// The folder a refusal's advice names for this kind of output: `build`, `preview`,
    /// `layout-diff` or `generated`.
    public var suggestedFolder: String {
      switch self {
      case .bundle: return "build"
      case .preview: return "preview"
      case .diff: return "layout-diff"
      case .client: return "generated"
      }
    }
  }

  /// The marker zlc writes into every output folder: `zlc bundle`, `zlc preview`, `zlc diff` or `zlc client code`.
  public static let markerName = ProjectLoader.outputMarkerName

  /// The path as the user gave it, for messages.
  public let shown: String
  /// The absolute path, with `.`, `..` and trailing slashes removed and the parent's links resolved.
  public let path: String
  public let kind: Kind

  package var parent: String { PathText.deletingLastComponent(path) }
  package var base: String { (path as NSString).lastPathComponent }
  /// The output's name in the names of what zlc writes beside it (`.STEM.zlc-new-xxxxxxxx`,
  /// `.STEM.zlc-old-xxxxxxxx`, and `.stopped` after them as a stop signal removes one): the name
  /// itself, or a shorter stem where those would be too long.
  package var stagingStem: String { SiblingName.stem(base, leaving: ".".utf8.count + ".zlc-new-".utf8.count + 8 + ".stopped".utf8.count) }

  /// Why a folder is refused as an output.
  public enum Refusal: Error, CustomStringConvertible, Equatable {
    /// No path where the output goes; `option` is the option that names the folder (`-o`, `--html`).
    case isEmptyPath(option: String = "-o")
    case noWorkingFolder(String)
    case isFile(String)
    /// A device, named pipe or socket (`what`: "a device") where the output goes.
    case isSpecialFile(String, what: String)
    /// Below a file (`what`: "a file", "a device", ...) rather than a folder.
    case belowFile(String, file: String, what: String = "a file")
    case isLink(String)
    /// A link that leads to no folder (a file, a device, nothing).
    case isLinkToNoFolder(String)
    /// The project folder itself; `option` is the option that named it (`-o`, `--html`),
    /// `suggested` the folder the advice names.
    case isProject(String, option: String = "-o", suggested: String = "build")
    case containsProject(String)
    /// Inside an input folder of the project; `option` is the option that named it.
    case insideInputs(String, folder: String, option: String = "-o", suggested: String = "build")
    /// Named as zlc names the folders it writes beside an output while it works
    /// (`.STEM.zlc-new-xxxxxxxx`), which a later build beside it takes for its own leftovers.
    case namedLikeStaging(String)
    case isInputFile(String, name: String)
    case foreignContents(String, examples: [String])
    case otherKind(String, holds: Kind, writing: Kind)
    case notABundle(String, file: String, why: String)
    case unlistedMarker(String, kind: Kind)

    public var description: String {
      switch self {
      case .isEmptyPath(let option):
        return "output '' is an empty path; give the folder to write (\(option) build, or \(option) . for the working folder)"
      case .noWorkingFolder(let p):
        return "output '\(p)' is relative to the working folder, which no longer exists; give an absolute path"
      case .isFile(let p): return "output '\(p)' is a file; zlc writes a folder there and leaves the file alone"
      case .isSpecialFile(let p, let what):
        return "output '\(p)' is \(what), not a folder; zlc writes a folder there and leaves it alone: choose another folder"
      case .belowFile(let p, let file, let what):
        return
          "output '\(p)' is below '\(file)', which is \(what), not a folder; zlc leaves \(what == "a file" ? "the file" : "it") alone: choose another folder"
      case .isLink(let p): return "output '\(p)' is a link; give the folder it points to"
      case .isLinkToNoFolder(let p): return "output '\(p)' is a link to no folder; zlc leaves it alone: choose another folder"
      case .isProject(let p, let option, let suggested):
        return "output '\(p)' is the project folder; zlc would replace the project with its output (use \(option) \(suggested))"
      case .containsProject(let p):
        return "output '\(p)' holds the project; zlc would replace the project with its output (use a folder beside or inside the project)"
      case .insideInputs(let p, let folder, let option, let suggested):
        return
          "output '\(p)' is inside the project's input folder '\(folder)'; zlc would read its own output back (use \(option) \(suggested))"
      case .namedLikeStaging(let p):
        return
          "output '\(p)' is named as zlc names the folders it writes beside an output while it works ('.NAME.zlc-new-' or '.NAME.zlc-old-' and eight lowercase hexadecimal digits), which a later build there would remove as its own: choose another name"
      case .isInputFile(let p, let name): return "output '\(p)' is the project's input file '\(name)'"
      case .foreignContents(let p, let examples):
        return
          "output '\(p)' holds files zlc did not write (\(examples.map { "'\($0)'" }.joined(separator: ", "))); zlc replaces only an empty folder or its own earlier output: remove them or choose another folder"
      case .otherKind(let p, let holds, let writing):
        return "output '\(p)' holds zlc's \(holds.rawValue), not its \(writing.rawValue); choose another folder"
      case .unlistedMarker(let p, let kind):
        return
          "output '\(p)' is marked as zlc's \(kind.rawValue), but its marker '\(OutputFolder.markerName)' lists no files (an earlier zlc wrote it, or it was changed), so zlc cannot tell its files from others: remove the folder, or choose another, and build again"
      case .notABundle(let p, let file, let why):
        return
          "output '\(p)' holds '\(file)', which is not part of a zlc bundle (\(why)); zlc replaces only an empty folder or its own earlier output: remove it or choose another folder"
      }
    }
  }

  /// Checks `output` for writing `kind` from the project in `project`; throws a `Refusal` or an
  /// I/O error, and touches nothing. `option` is the option that named the folder (`-o`,
  /// `--html`), which a refusal's advice names.
  public static func validate(_ output: String, kind: Kind, project: String?, option: String = "-o") throws -> OutputFolder {
    guard !output.isEmpty else { throw Refusal.isEmptyPath(option: option) }
    guard let absolute = WorkingFolder.absolutePath(output) else { throw Refusal.noWorkingFolder(output) }
    guard absolute != "/" else { throw Refusal.containsProject(output) }
    let parent = WorkingFolder.realPath(PathText.deletingLastComponent(absolute))
    let path = (parent == "/" ? "" : parent) + "/" + (absolute as NSString).lastPathComponent
    let folder = OutputFolder(shown: output, path: path, kind: kind)
    if isNamedLikeStaging(folder.base) { throw Refusal.namedLikeStaging(output) }
    let suggested = kind.suggestedFolder
    if let project {
      // The folder the loader reads: `link/..` is the link target's parent, not the folder the
      // link is in, as `absolutePath` would have it.
      let root = WorkingFolder.physicalPath(project) ?? project
      if path == root { throw Refusal.isProject(output, option: option, suggested: suggested) }
      if root.hasPrefix(path + "/") { throw Refusal.containsProject(output) }
      if path.hasPrefix(root + "/") {
        let first = String(path.dropFirst(root.count + 1).split(separator: "/").first ?? "")
        if ProjectLoader.inputFolders.contains(first.lowercased()) {
          throw Refusal.insideInputs(output, folder: first, option: option, suggested: suggested)
        }
        if ProjectLoader.inputFileNames.contains(first.lowercased()) { throw Refusal.isInputFile(output, name: first) }
      }
      // An input folder that is a link (`screens` -> `real`) is read where it points.
      if let input = inputFolder(of: root, holding: path) {
        throw Refusal.insideInputs(output, folder: input, option: option, suggested: suggested)
      }
    }
    if let file = WritableFolder.fileAbove(folder.parent) {
      throw Refusal.belowFile(output, file: folder.shownAncestor(file), what: kindOfNonFolder(at: file))
    }
    try folder.checkContents()
    return folder
  }

  /// The name of the input folder of the project in `root` (links resolved) that is `path` (links
  /// resolved) or holds it, as the loader reads it: where its links point. Nil when none does.
  package static func inputFolder(of root: String, holding path: String) -> String? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    for name in names.sorted() where ProjectLoader.inputFolders.contains(name.lowercased()) {
      let folder = WorkingFolder.realPath(root + "/" + name)
      if path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/") { return name }
    }
    return nil
  }

  /// Refuses an existing output that is not a folder zlc may replace.
  package func checkContents() throws {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }  // absent: created by the swap
    if status.st_mode & S_IFMT == S_IFLNK {
      var target = stat()
      let toFolder = stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFDIR
      throw toFolder ? Refusal.isLink(shown) : Refusal.isLinkToNoFolder(shown)
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      let what = Self.kindOfNonFolder(status.st_mode)
      throw what == "a file" ? Refusal.isFile(shown) : Refusal.isSpecialFile(shown, what: what)
    }
    // The names at its top, first: a folder that cannot be listed is what is wrong.
    let top = try names(in: "")
    try requireSearchable("")
    // The marker first: zlc's own output is checked against the files it lists.
    if let code = Self.unreadableMarker(in: path) {
      throw BundleWriter.WriteError.io(
        "cannot replace '\(shown)': its marker '\(Self.markerName)' cannot be read (\(String(cString: strerror(code)))); zlc keeps it as it is: make it readable (chmod u+r) or choose another folder"
      )
    }
    if let marker = Self.readMarker(in: path) {
      if marker.kind != kind { throw Refusal.otherKind(shown, holds: marker.kind, writing: kind) }
      // A marker without its list: only a folder that is exactly a bundle zlc could have written
      // is replaced, as an unmarked one is.
      guard marker.fingerprint != nil else {
        let names = top.filter { $0 != Self.markerName }
        guard kind == .bundle, names.allSatisfy(Self.unmarkedBundleNames.contains) else {
          throw Refusal.unlistedMarker(shown, kind: kind)
        }
        return try checkUnmarkedBundle()
      }
      let unlisted = Self.unlisted(in: path, marker: marker)
      // What it holds cannot be told to be zlc's: replacing it could take a file of the user's.
      if let (folder, code) = unlisted.unreadable { throw unlistable(folder, code) }
      if !unlisted.entries.isEmpty { throw Refusal.foreignContents(shown, examples: unlisted.entries) }
      return
    }
    // A file manager's metadata (`.DS_Store`) is nobody's work: a folder of it alone is empty.
    let names = top.filter { !Self.isMetadataFile($0, in: path) }
    if names.isEmpty { return }
    let foreign = names.filter { kind != .bundle || !Self.unmarkedBundleNames.contains($0) }
    if !foreign.isEmpty { throw Refusal.foreignContents(shown, examples: Array(foreign.prefix(3))) }
    try checkUnmarkedBundle()
  }
}

extension OutputFolder {
  /// Fills a staging folder beside the output with `fill(staging, shownPath, reuse)`, makes it
  /// durable, then swaps it in for the output. A failed `fill` leaves the output as it was. `reuse`
  /// is the output being replaced, when there is one: files written through it are linked from
  /// there when their bytes are unchanged.
  ///
  /// Builds into the same parent folder take turns (an exclusive `flock` on the parent), so two
  /// builds started together both succeed, and whatever a killed build left beside the output is
  /// recognised, while the lock is held, by its name and by zlc's marker in it: no live build can
  /// own it. The staging folder takes the permission bits, owner and group of the output it
  /// replaces (`FolderSettings`), and is registered with `stopTidying` while it exists, so that a
  /// stop signal removes it. `check`, the caller's own refusal of what the output holds, is made
  /// under the lock, after zlc's own; what it throws is thrown as it is, with nothing written.
  package func replace(
    check: () throws -> Void = {}, fill: (_ staging: String, _ shown: String, _ reuse: EarlierOutput?) throws -> Void
  ) throws {
    let fm = FileManager.default
    // The folders made above the output are removed again, when empty, if nothing is written.
    var made = missingFolders()
    var written = false
    defer { if !written { Self.removeEmpty(made) } }
    let lock = try lockedParent(made: &made)
    defer { close(lock) }
    let tidy = Self.stopTidying
    // A stop removes the folders made above the output too, once it has removed the staging folder.
    if !made.isEmpty { tidy?.removeEmptyOnStop(made) }
    defer { if !made.isEmpty { tidy?.forgetFolders(made) } }
    tidyLeftovers()
    try checkContents()  // again, under the lock: another build may have written it meanwhile
    try checkReplaceable()
    try check()

    let earlier = FolderSettings(of: path)  // the output being replaced: its folders' settings are kept
    let staging = parent + "/.\(stagingStem).zlc-new-\(UUID().uuidString.prefix(8).lowercased())"
    // Removed by a stop signal from before it is made until the swap has removed what it holds then.
    defer { tidy?.forget(staging) }
    do {
      try Self.unlessStopping(tidy) {
        tidy?.removeOnStop(staging)
        try fm.createDirectory(atPath: staging, withIntermediateDirectories: false)
      }
      earlier?.apply(to: staging)  // before the first file: a setgid folder gives its group to what is made in it
      // Tied to the folder just made, so a later build knows the folder for zlc's if a kill leaves it.
      let first = Self.fillingMarker(of: staging, kind: kind) ?? Array("zlc \(kind.rawValue)\n".utf8)
      let marker = BundleWriter.writeFile(staging + "/" + Self.markerName, first)
      if marker != 0 {
        throw BundleWriter.WriteError.io("cannot write '\(shown)/\(Self.markerName)': \(String(cString: strerror(marker)))")
      }
      try fill(staging, shown, EarlierOutput(output: path, staging: staging, probe: staging + "/" + Self.markerName))
      let listed = Self.listFiles(inMarkerOf: staging, kind: kind)
      if listed != 0 {
        throw BundleWriter.WriteError.io("cannot write '\(shown)/\(Self.markerName)': \(String(cString: strerror(listed)))")
      }
      if earlier != nil { FolderSettings.keepSubfolders(of: path, in: staging) }
      try Durability.sync(folder: staging, shown: shown)
      // Again just before the swap: a file put into the output while it was filled is refused too.
      try checkContents()
    } catch {
      tidy?.holdIfStopping()  // a stop removed the staging folder under the fill: zlc ends by its signal
      Self.removeMarkerLast(staging)
      switch error {
      case let refusal as Refusal: throw refusal
      case let failure as BundleWriter.WriteError: throw failure
      default: throw BundleWriter.WriteError.io("cannot write the \(kind.rawValue) beside '\(shown)': \(WritableFolder.plain(error))")
      }
    }
    let workingFolder = WorkingFolder.path()  // read before the swap, which may replace it
    try swap(staging, tidy: tidy)
    written = true
    WorkingFolder.reenter(workingFolder, afterReplacing: path)
    Durability.syncDirectory(lock)
  }

  /// Makes the folder the output goes in and takes its lock (`flock`), waiting while another
  /// build writes beside the output there; the folder's descriptor. A folder removed while this
  /// run waited (a build that failed removes the empty folders it made) is made again.
  /// `made`: the folders zlc made above the output, innermost first, with those made again here.
  private func lockedParent(made: inout [String]) throws -> Int32 {
    for _ in 0..<100 {
      // Folders another build made, and removed while this one waited, are made here in turn.
      made = Set(made + missingFolders()).sorted { $0.count > $1.count }
      try makeParent()
      let lock = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard lock >= 0 else {
        let failure = errno
        // A stop may have removed the folder zlc just made above the output, as `makeParent` allows.
        Self.stopTidying?.holdIfStopping()
        throw BundleWriter.WriteError.io("cannot open the folder of '\(shown)': \(String(cString: strerror(failure)))")
      }
      guard Self.takeLock(lock, LOCK_EX, waitingSays: Self.waiting(in: PathText.deletingLastComponent(shown), to: "write", shown)) else {
        let failure = errno
        close(lock)
        throw BundleWriter.WriteError.io("cannot lock the folder of '\(shown)': \(String(cString: strerror(failure)))")
      }
      var held = stat()
      var named = stat()
      if fstat(lock, &held) == 0, stat(parent, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino { return lock }
      close(lock)
    }
    throw BundleWriter.WriteError.io("cannot lock the folder of '\(shown)': it was removed again and again while zlc waited")
  }

  /// The folders from `parent` up to the nearest one that exists, innermost first: those
  /// `makeParent` makes. A path too long for the system (past `PATH_MAX`) is taken as missing:
  /// the folders below that limit may be made on the way to it.
  private func missingFolders() -> [String] {
    var missing: [String] = []
    var folder = parent
    var status = stat()
    while !folder.isEmpty, folder != "/", lstat(folder, &status) != 0, errno == ENOENT || errno == ENAMETOOLONG {
      missing.append(folder)
      folder = PathText.deletingLastComponent(folder)
    }
    return missing
  }

  /// Removes each of `folders`, innermost first, while it is empty: another build may be writing
  /// into one.
  private static func removeEmpty(_ folders: [String]) {
    // A folder never made (the making failed below it) is passed; one that is not empty, or
    // cannot be removed, keeps those above it.
    for folder in folders where rmdir(folder) != 0 && errno != ENOENT && errno != ENAMETOOLONG { return }
  }

  /// Creates the folder the output goes in, refusing one that may not be written; throws the
  /// `WriteError` a build would report.
  package func makeParent() throws {
    let holder = WritableFolder.nearestExisting(parent)
    if let refusal = WritableFolder.refusal(holder) {
      throw BundleWriter.WriteError.io(
        "cannot write '\(shown)' into '\(shownAncestor(holder))', which \(refusal); zlc writes nothing there: make it writable (chmod u+w) or choose another folder"
      )
    }
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      // A stop that removed a folder zlc made above the output (`zlc serve`'s temporary folder)
      // as this one was made: zlc ends by its signal, not with an I/O error.
      Self.stopTidying?.holdIfStopping()
      let reason = WritableFolder.reason(error, creating: parent, naming: shownAncestor)
      throw BundleWriter.WriteError.io("cannot create the folder of '\(shown)': \(reason)")
    }
  }

  /// `ancestor` (a folder above the output) as the user would write it: the output's path as given
  /// without its last components, else the absolute path.
  fileprivate func shownAncestor(_ ancestor: String) -> String {
    let dropped = path.split(separator: "/").count - ancestor.split(separator: "/").count
    let parts = shown.split(separator: "/")
    guard dropped > 0, parts.count > dropped else { return ancestor }
    return (shown.hasPrefix("/") ? "/" : "") + parts.dropLast(dropped).joined(separator: "/")
  }

  /// What a path that is no folder is, as a message names it: "a device", "a named pipe",
  /// "a socket", else "a file".
  static func kindOfNonFolder(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFIFO: return "a named pipe"
    case S_IFSOCK: return "a socket"
    default: return "a file"
    }
  }

  /// `kindOfNonFolder` of what `path` leads to.
  static func kindOfNonFolder(at path: String) -> String {
    var status = stat()
    return stat(path, &status) == 0 ? kindOfNonFolder(status.st_mode) : "a link that leads nowhere"
  }
}

/// Makes written files durable before they are swapped in, so that a power loss leaves the old or
/// the new output, never empty files.
package enum Durability {
  /// Flushes every file and folder under `folder` to the disk: one `syncfs` of its file system on
  /// Linux, else an `fsync` of each file and folder. A `syncfs` that fails (a write the disk
  /// refused after it was taken: an I/O error, no space on a file system that finds out late)
  /// fails the flush, naming the folder as `shown`. It reports a write error of the whole file
  /// system, which may be another program's file's: the message says so rather than blame
  /// zlc's files, yet the write fails, as nothing tells that zlc's own files were kept. Only a
  /// system that lacks it (`ENOSYS`, or a sandbox's `EPERM`) has each file flushed instead.
  /// `syncFileSystem` stands for `syncfs` (tests).
  package static func sync(folder: String, shown: String? = nil, syncFileSystem: ((Int32) -> Int32)? = nil) throws {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw BundleWriter.WriteError.io("cannot open '\(folder)': \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    if let syncFS = syncFileSystem ?? systemSyncFS {
      if syncFS(fd) == 0 { return }
      let failure = errno
      guard failure == ENOSYS || failure == EPERM else {
        throw BundleWriter.WriteError.io(
          "the file system holding '\(shown ?? folder)' reported a write error while its files were flushed: "
            + String(cString: strerror(failure)))
      }
    }
    try syncTree(folder)
  }

  /// The system's `syncfs` (Linux); nil where there is none.
  private static var systemSyncFS: ((Int32) -> Int32)? {
    #if os(Linux)
      typealias SyncFS = @convention(c) (Int32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "syncfs") else { return nil }
      let syncFS = unsafeBitCast(symbol, to: SyncFS.self)
      return { syncFS($0) }
    #else
      return nil
    #endif
  }

  private static func syncTree(_ folder: String) throws {
    let fm = FileManager.default
    for name in try fm.contentsOfDirectory(atPath: folder) {
      let path = folder + "/" + name
      var isDirectory: ObjCBool = false
      _ = fm.fileExists(atPath: path, isDirectory: &isDirectory)
      if isDirectory.boolValue { try syncTree(path) } else { try syncFile(path, flags: O_RDONLY) }
    }
    try syncFile(folder, flags: O_RDONLY | O_DIRECTORY)
  }

  private static func syncFile(_ path: String, flags: Int32) throws {
    let fd = open(path, flags | O_CLOEXEC)
    guard fd >= 0 else { throw BundleWriter.WriteError.io("cannot open '\(path)': \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    if fsync(fd) != 0 { throw BundleWriter.WriteError.io("cannot flush '\(path)': \(String(cString: strerror(errno)))") }
  }

  /// Flushes a folder's entries (after a rename in it).
  package static func syncDirectory(_ fd: Int32) { _ = fsync(fd) }
}
