import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders

#if os(Linux)
  import Glibc
#endif

/// Waits for a change to a project's input files (`zlc build --watch`, `zlc serve`).
///
/// Only the inputs are watched: `zlc.json`, `screen_types.json` and `rivers.json` at the top and
/// the input files under `screens/`, `components/` and `families/`, and the symbolic links there
/// whatever their names (one to a folder made, removed or retargeted), names near an input's that a
/// check reports (ZL0122), and a linked input's missing target. A `.git`, a `node_modules`
/// or the build's own output beside them never wakes it. On Linux it sleeps in `read` on inotify, so
/// it costs nothing while idle; elsewhere it compares the inputs' sizes and modification times
/// twice a second. A project folder removed (or moved away) is looked for again four times a
/// second; its return is a change. So is the working folder when it is the project folder or
/// inside it (`zlc serve .`): the system reports no removal of a folder a process works in, so
/// the watch looks as often whether another folder is at its path (by device and inode), and
/// enters the new folder there.
public final class InputWatcher {
  public let directory: String
  #if os(Linux)
    /// The inotify instance; -1 when none could be made.
    let inotify: Int32
    /// Watch descriptor → the folder's paths relative to the project ("" for the project itself):
    /// a folder the walk reaches by several paths (through links) has one watch, added by each.
    private var folders: [Int32: [String]] = [:]
    /// The project folder's own watch; nil while the folder is missing.
    private var rootWatch: Int32?
    /// Watch descriptor → the input file, relative to the project, that is a link: its target is
    /// watched, wherever it is (the project reads through links that stay inside it).
    private var linkedFiles: [Int32: String] = [:]
    /// Watch descriptor → the names, in that folder, of the missing targets of linked input files
    /// (a target removed by a save, not yet written again): its making there is a change.
    private var missingTargets: [Int32: Set<String>] = [:]
    /// The symbolic links the last walk met in the input folders, relative to the project.
    private var walkedLinks: Set<String> = []
    /// The folders the last look at the project added a watch to, relative to it, in order.
    private(set) var watchedPaths: [String] = []
    /// The watch of the refused output folder (`watchRefusedOutput`).
    private var refusedOutputWatches: Set<Int32> = []
  #endif
  /// The output folder a build was refused to write (ZL0111), while it is (`watchRefusedOutput`).
  private var refusedOutput: String?
  /// The working folder when it is the project folder or inside it (see the type's comment).
  private let workingFolder: String?
  /// The name of the output folder the build writes right in the project folder, if it does: its
  /// making and replacing are the build's own, even when it is named near an input (`screen`).
  private let ownOutput: String?
  private var fingerprint: [String] = []

  /// Starts watching at once: a change made while the first build runs wakes the first wait.
  /// `output` is the folder the build writes.
  public init(directory: String, output: String? = nil) {
    self.directory = directory
    ownOutput = Self.ownOutputName(output, in: directory)
    let here = WorkingFolder.path()  // read now, to be entered again if removed
    let project = WorkingFolder.physicalPath(directory)
    if let here, let project, here == project || here.hasPrefix(project + "/") {
      workingFolder = here
    } else {
      workingFolder = nil
    }
    #if os(Linux)
      inotify = inotify_init1(Int32(IN_CLOEXEC))
      if inotify >= 0 { watchFolders() }
    #endif
    fingerprint = currentFingerprint()
  }

  deinit {
    #if os(Linux)
      if inotify >= 0 { close(inotify) }
    #endif
  }

  /// Blocks until an input file is created, changed, moved or removed, then returns once no event
  /// came for `settle` seconds, events meanwhile taken with it. With `early`, it returns 2 ms after
  /// an input file is closed after writing or moved into place (how an editor's save ends), sooner
  /// but at the risk of a second wake-up for one save (a mode set after the move). While an input
  /// removed in the same wait is not back, it waits `settle` as without `early`: a save may remove
  /// a file before it moves the new one in, and may save other files meanwhile. Polling (off Linux)
  /// waits `settle` after every change.
  public func waitForChange(settle: TimeInterval = 0.1, early: Bool = false) {
    #if os(Linux)
      if inotify >= 0 {
        waitForEvents(settle: settle, early: early)
        return
      }
    #endif
    while true {
      Thread.sleep(forTimeInterval: 0.5)
      _ = reenterWorkingFolder()
      let now = currentFingerprint()
      if now != fingerprint {
        Thread.sleep(forTimeInterval: settle)
        fingerprint = currentFingerprint()
        return
      }
    }
  }

  /// Forgets the changes seen so far, without waiting: what the next build reads holds them (the
  /// files `--fix` wrote before the first build).
  public func discardChanges() {
    #if os(Linux)
      if inotify >= 0 {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var ready = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
        while poll(&ready, 1, 0) > 0 {
          let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
          if count <= 0, errno != EINTR { break }
        }
        watchFolders()  // a folder made meanwhile is watched, as after a wait
        return
      }
    #endif
    fingerprint = currentFingerprint()
  }

  /// After a build refused to write its output folder because the folder holds files zlc did not
  /// write (ZL0111: an editor's swap file for a bundle file opened in it, `out/screens/.home.json.swp`),
  /// watches that folder and the folders in it: an entry removed or moved away from one, or one
  /// gone, is a change, so the blocker's removal builds again. Nil after a build that was not refused.
  public func watchRefusedOutput(_ output: String?) {
    refusedOutput = output
    #if os(Linux)
      if inotify >= 0 {
        for wd in refusedOutputWatches where !isInputWatch(wd) { inotify_rm_watch(inotify, wd) }
        refusedOutputWatches = []
        guard let output else { return }
        let mask = IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_MASK_ADD
        for folder in Self.folders(in: output) {
          let wd = inotify_add_watch(inotify, folder, UInt32(mask))
          // A folder watched as an input already keeps that watch (its removal ends it).
          if wd >= 0, !isInputWatch(wd) { refusedOutputWatches.insert(wd) }
        }
        return
      }
    #endif
    fingerprint = currentFingerprint()
  }

  /// `output` and the folders in it (a bundle's `screens/`, a platform's bundle and its `screens/`),
  /// at most four deep and 256 in all, links not followed.
  static func folders(in output: String) -> [String] {
    var found = [output]
    var next = 0
    var depth = [0]
    while next < found.count, found.count < 256 {
      let folder = found[next]
      let level = depth[next]
      next += 1
      guard level < 4 else { continue }
      for entry in FolderListing.list(folder) ?? [] where found.count < 256 {
        let path = folder + "/" + entry.name
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
        found.append(path)
        depth.append(level + 1)
      }
    }
    return found
  }

  /// Whether the working folder in the project is the folder at its path, entering the one made
  /// there again when it is not (and dropping the watches of the removed one); true when the
  /// process works outside the project.
  private func reenterWorkingFolder() -> Bool {
    guard let here = workingFolder, !WorkingFolder.isStill(at: here) else { return true }
    #if os(Linux)
      dropWatches()
    #endif
    return chdir(here) == 0
  }

  /// The name of `output` when it sits right in the project folder `directory` (by their physical
  /// paths); nil for one elsewhere.
  static func ownOutputName(_ output: String?, in directory: String) -> String? {
    guard let output, let project = WorkingFolder.physicalPath(directory) else { return nil }
    let parent = PathText.deletingLastComponent(output)
    guard WorkingFolder.physicalPath(parent.isEmpty ? "." : parent) == project else { return nil }
    let name = lastName(of: output)
    return name.isEmpty || name == "." || name == ".." ? nil : name
  }

  /// The last component of a path, trailing slashes dropped.
  private static func lastName(of path: String) -> String {
    String(path.split(separator: "/").last ?? "")
  }

  /// The input files with their sizes and modification times, in a stable order, and the names in a
  /// refused output folder (`watchRefusedOutput`).
  func currentFingerprint() -> [String] {
    let loader = ProjectLoader()
    let refused =
      refusedOutput.map {
        Self.folders(in: $0).map { folder in
          "\u{0}refused output: " + ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().joined(separator: "/")
        }
      } ?? []
    return refused
      + loader.discover(directory, bag: DiagnosticBag()).entries.map { entry in
        var status = stat()
        guard stat(entry.path, &status) == 0 else { return entry.relative }
        #if canImport(Darwin)
          let modified = status.st_mtimespec
        #else
          let modified = status.st_mtim
        #endif
        return "\(entry.relative)\t\(status.st_size)\t\(modified.tv_sec).\(modified.tv_nsec)"
      }
  }

  #if os(Linux)
    /// Adds a watch to the project folder and to every folder under its input folders that the
    /// project's walk walks (`InputWalker.folders`: links followed as the project reads them, each
    /// real folder at most twice per input folder, a link that loops not at all), and to the target
    /// of each input file that is a link; none while the working folder in it is removed and not back.
    /// The watches of what the walk no longer reaches end.
    private func watchFolders() {
      guard reenterWorkingFolder() else { return }
      let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
      let rootReal = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
      var walker = InputWalker(directory: directory, rootReal: rootReal, limits: .default, bag: DiagnosticBag())
      walker.walk(directory, relative: "", depth: 0)
      walkedLinks = walker.links
      watchedPaths = []
      var paths: [Int32: [String]] = [:]
      var links: [Int32: String] = [:]
      var missing: [Int32: Set<String>] = [:]
      defer { keepWatches(folders: paths, linkedFiles: links, missingTargets: missing) }
      for folder in walker.folders {
        let wd = inotify_add_watch(inotify, folder.path, mask | UInt32(IN_ONLYDIR | IN_DELETE_SELF | IN_MOVE_SELF))
        watchedPaths.append(folder.relative)
        guard wd >= 0 else {
          if folder.relative.isEmpty { return }  // no project folder: it is looked for again
          continue
        }
        paths[wd, default: []].append(folder.relative)
        if folder.relative.isEmpty { rootWatch = wd }
      }
      for entry in walker.entries {
        if let wd = watchLinkTarget(entry.path, mask: mask) { links[wd] = entry.relative }
      }
      // A link whose target is missing: the broken link is reported; the folder that would hold the
      // target is watched for it, so that its return is a change.
      for link in walker.links {
        if let (wd, name) = watchMissingTarget(directory + "/" + link) { missing[wd, default: []].insert(name) }
      }
    }

    /// Watches the folder that would hold the missing target of the link at `path` (the link
    /// followed as far as it goes), for entries made or moved in (`IN_MASK_ADD`: a folder watched
    /// already keeps its own events); the watch and the target's name, nil when the target is
    /// there. When that folder is missing too (a checkout removed `lib/` above `lib/more`), the
    /// nearest folder above it that is there is watched for the first missing one; its making is a
    /// change, and the next wait watches the one below.
    private func watchMissingTarget(_ path: String) -> (Int32, String)? {
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 else { return nil }
      var target = path
      for _ in 0..<40 {
        guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: target) else { break }
        target = next.hasPrefix("/") ? next : PathText.deletingLastComponent(target) + "/" + next
        guard lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { break }
      }
      var missing = target
      for _ in 0..<64 {
        let folder = PathText.deletingLastComponent(missing)
        let name = String(missing[missing.index(after: missing.lastIndex(of: "/") ?? missing.startIndex)...])
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        let wd = inotify_add_watch(inotify, folder.isEmpty ? "." : folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_MASK_ADD))
        if wd >= 0 { return (wd, name) }
        guard errno == ENOENT || errno == ENOTDIR, !folder.isEmpty else { return nil }
        missing = folder
      }
      return nil
    }

    /// Makes the watches of the last walk the watches, ending the others (a folder no longer
    /// walked: a link to it removed or retargeted), so that no change there wakes a wait and a long
    /// session does not use up the system's watches.
    private func keepWatches(
      folders walked: [Int32: [String]], linkedFiles linked: [Int32: String], missingTargets missing: [Int32: Set<String>]
    ) {
      let old = Set(folders.keys).union(linkedFiles.keys).union(missingTargets.keys)
      let kept = Set(walked.keys).union(linked.keys).union(missing.keys)
      for wd in Self.staleWatches(old: old, kept: kept) { inotify_rm_watch(inotify, wd) }
      if let root = rootWatch, walked[root] == nil { rootWatch = nil }
      folders = walked
      linkedFiles = linked
      missingTargets = missing
    }

    /// Watches the file a linked input file names (the folder watch sees the link, not its target),
    /// returning its watch; nil when the file is no link or its target is missing
    /// (`watchMissingTarget`). A target replaced by a save ends its watch, which wakes the wait; the
    /// next wait watches the new file, or the folder that will hold it.
    private func watchLinkTarget(_ path: String, mask: UInt32) -> Int32? {
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
      let wd = inotify_add_watch(inotify, path, mask | UInt32(IN_DELETE_SELF | IN_MOVE_SELF))
      return wd >= 0 ? wd : nil
    }
  #endif

  /// The watches to end after a walk: those held before (`old`) that the walk did not add again
  /// (`kept`; the system gives a folder watched again its watch descriptor), in order.
  static func staleWatches(old: Set<Int32>, kept: Set<Int32>) -> [Int32] {
    old.subtracting(kept).sorted()
  }

  #if os(Linux)

    /// Whether a name in a watched folder is an input, or a folder that may hold inputs, or a name
    /// near an input's that a check reports (ZL0122: `familes/`, `screens/home.jsn`).
    private func isWatched(_ name: String, in relative: String) -> Bool {
      if relative.isEmpty {
        let lower = name.lowercased()
        return ProjectLoader.inputFileNames.contains(lower) || ProjectLoader.inputFolders.contains(lower)
          || (ProjectLoader.isNearInputPath(name) && name != ownOutput)
      }
      return !name.hasPrefix(".") && name != "node_modules"
    }

    /// Whether an entry event in an input folder is a symbolic link's (made, removed, moved in or
    /// away), which the project follows whatever its name (a link to a folder, `screens/shared`,
    /// arrives without `IN_ISDIR`): a name made or moved in counts when it is a link now (`lstat`;
    /// one gone again already made no change), a name removed or moved away when the last walk met
    /// it as a link. So an editor's swap file or any other file that is no input wakes nothing.
    private func isLink(_ relative: String, mask: UInt32) -> Bool {
      if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
        var status = stat()
        return lstat(directory + "/" + relative, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
      }
      return mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 && walkedLinks.contains(relative)
    }

    /// Whether a watch is one of the project's own.
    private func isInputWatch(_ wd: Int32) -> Bool {
      folders[wd] != nil || linkedFiles[wd] != nil || missingTargets[wd] != nil
    }

    /// Ends every watch: the project folder went away, and what is made at its path is watched anew.
    private func dropWatches() {
      for wd in Set(folders.keys).union(linkedFiles.keys).union(missingTargets.keys) { inotify_rm_watch(inotify, wd) }
      folders = [:]
      linkedFiles = [:]
      missingTargets = [:]
      rootWatch = nil
    }

    private func waitForEvents(settle: TimeInterval, early: Bool) {
      defer { watchFolders() }  // folders made meanwhile are watched from the next wait on
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var ended = false
      var removed: Set<String> = []
      while true {
        if rootWatch == nil || workingFolder != nil {
          // The project folder is missing: look for it every 250 ms; once back, it is a change
          // (taken with what follows within the settle time: it may still be being copied). A
          // working folder in the project is looked at as often: its removal sends no event.
          var idle = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
          if poll(&idle, 1, 250) <= 0 {
            if rootWatch != nil, let here = workingFolder, WorkingFolder.isStill(at: here) { continue }
            let wasWatched = rootWatch != nil
            watchFolders()
            if wasWatched || rootWatch != nil { break }
            continue
          }
        }
        let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR { continue }
          return
        }
        let batch = changesInput(buffer, count: count, removed: &removed)
        ended = batch.ended
        if batch.changed { break }
      }
      // Until the save looks finished (a write ended and nothing removed is missing), let the
      // editor write and drain what it writes meanwhile; after, take what follows within 2 ms
      // (the new file's mode and owner, set after its move).
      var poller = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
      while poll(&poller, 1, early && ended && removed.isEmpty ? 2 : Int32(settle * 1000)) > 0 {
        let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        if count > 0, changesInput(buffer, count: count, removed: &removed).ended { ended = true }
      }
    }

    /// Whether a batch of inotify events names an input file or a folder under the input folders,
    /// and whether one of them ends a write (an input file closed after writing, or moved in).
    /// `removed` gains the inputs removed or moved away, and loses those created or moved back.
    private func changesInput(
      _ buffer: [UInt8], count: Int, removed: inout Set<String>
    ) -> (changed: Bool, ended: Bool) {
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      var changed = false
      var ended = false
      let ends = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
      let gone = UInt32(IN_DELETE | IN_MOVED_FROM)
      let back = UInt32(IN_CREATE | IN_MOVED_TO)
      while offset + header <= count {
        let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.wd, event.mask, Int(event.len))
        }
        let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        offset += header + length
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          // The system's queue overflowed and events were lost: anything may have changed (the
          // folders are watched again when the wait ends).
          changed = true
          ended = true
          continue
        }
        if refusedOutputWatches.contains(wd) {
          // A refused output folder lost an entry (its blocker?) or went away: build again.
          if mask & UInt32(IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            changed = true
            ended = true
          }
          if mask & UInt32(IN_IGNORED) != 0 { refusedOutputWatches.remove(wd) }
          continue
        }
        if mask & UInt32(IN_IGNORED) != 0 {
          folders[wd] = nil
          missingTargets[wd] = nil
        }
        if let names = missingTargets[wd], names.contains(name), mask & back != 0 {
          // The missing target of a linked input is back (watched itself from the next wait on).
          changed = true
          ended = true
        }
        if wd == rootWatch, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
          // The project folder was removed or moved away: its watches no longer follow its path.
          dropWatches()
          changed = true
          continue
        }
        if folders[wd] != nil, mask & UInt32(IN_MOVE_SELF) != 0 {
          inotify_rm_watch(inotify, wd)  // a folder moved away; one moved back is watched anew
          folders[wd] = nil
          continue
        }
        if linkedFiles[wd] != nil {
          // The target of a linked input changed, moved or went away (its watch then ends).
          changed = true
          if mask & UInt32(IN_CLOSE_WRITE) != 0 { ended = true }
          if mask & UInt32(IN_IGNORED) != 0 { linkedFiles[wd] = nil }
          continue
        }
        // An input change if any path the folder is walked by says so.
        guard !name.isEmpty, let paths = folders[wd] else { continue }
        let inputs = paths.filter { folder in
          guard isWatched(name, in: folder) else { return false }
          let relative = folder.isEmpty ? name : folder + "/" + name
          return mask & UInt32(IN_ISDIR) != 0 || folder.isEmpty || ProjectLoader.isInputPath(relative)
            || ProjectLoader.isNearInputPath(relative) || isLink(relative, mask: mask)
        }
        guard let folder = inputs.first else { continue }
        let relative = folder.isEmpty ? name : folder + "/" + name
        changed = true
        if mask & ends != 0 { ended = true }
        if mask & gone != 0 { removed.insert(relative) }
        if mask & back != 0 { removed.remove(relative) }
      }
      return (changed, ended)
    }
  #endif
}
