import Foundation
import ZappDiagnostics
import ZappReaders

/// Reads a file with a bound on its size, refusing anything that is not a regular file.
package enum BoundedFile {
  package enum Failure: Error, CustomStringConvertible {
    case notRegular(String)
    case tooLarge(Int?)
    case system(Int32)

    package var description: String {
      switch self {
      case .notRegular(let kind): return "it is \(kind), not a regular file; zlc reads only regular files"
      case .tooLarge(let size): return "file is \(size.map(String.init) ?? "too") large"
      case .system(let code): return code == EACCES ? "permission denied" : String(cString: strerror(code))
      }
    }
  }

  /// What a file-type field of `stat` names, for messages.
  package static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "a special file"
    }
  }

  /// The bytes of the regular file at `path`, or why not. Opening never blocks (O_NONBLOCK, for a
  /// FIFO that appears between the check and the open), and at most `maxBytes + 1` bytes are read.
  package static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(.system(errno)) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { return .failure(.system(errno)) }
    if let kind = kind(of: status.st_mode) { return .failure(.notRegular(kind)) }
    let declared = Int(status.st_size)
    if declared > maxBytes { return .failure(.tooLarge(declared)) }
    var bytes = [UInt8](repeating: 0, count: min(max(declared, 0), maxBytes) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        if count > maxBytes { return .failure(.tooLarge(nil)) }
        bytes += [UInt8](repeating: 0, count: min(max(count, 4096), maxBytes + 1 - count))
      }
      let n = bytes.withUnsafeMutableBytes { raw in Foundation.read(fd, raw.baseAddress! + count, raw.count - count) }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .failure(.system(errno))
      }
      if n == 0 { break }
      count += n
    }
    if count > maxBytes { return .failure(.tooLarge(nil)) }
    bytes.removeSubrange(count...)
    return .success(bytes)
  }
}

/// Walks the input files of a project (see `ProjectLoader.discover`), with the folder-depth, file
/// count and total-size limits, following links only inside the project. A file reached by several
/// paths (through a link to a folder or file the walk also reaches) is an entry once, at the first
/// path an editor holds a buffer of, else the first through no link, else the first in walk order,
/// and reported once when it cannot be read: at the first path through no link, else the first.
///
/// A link loops when its folder is one being walked or lies above one: following it would reach
/// the link again. Any other link is followed, but a real folder is walked once per input folder
/// it is reached in (its files are inputs of that kind), and once more if it is first reached
/// through a link and then at a path through no link, so that its files are kept at that path.
/// A later path to a folder already walked would only reach files already found, so ten links to
/// a folder holding ten links to the next cost one walk of each folder, not one per path.
package struct InputWalker {
  package let directory: String
  package let rootReal: String
  package let limits: ReaderLimits
  package let bag: DiagnosticBag
  package var failed = false
  /// Whether a file or folder that may hold a plugin's manifest could not be read, or reading
  /// stopped: the keys manifests declare are not all known.
  package var manifestsUnread = false
  /// Family files that cannot be read (a link out of the project, a FIFO …), in walk order.
  package var unreadableFamilies: [String] = []
  package var tooMany = false
  package var totalBytes = 0
  /// How many folders were walked, the project's own included.
  package private(set) var foldersWalked = 0
  /// Each folder walked, at the path it was walked at, in walk order, the project's first: a real
  /// folder at most twice per input folder (what `zlc build --watch` watches).
  package private(set) var folders: [(path: String, relative: String)] = []
  /// The relative path of each symbolic link the walk met in an input folder (followed or not: a
  /// broken one, one out of the project and one that loops are reported), at each path it was met.
  package private(set) var links: Set<String> = []
  /// The real folders being walked, from the project's to the one whose entries are visited.
  private var chain: [(real: String, node: Node)] = []
  /// Each real folder walked, in an input folder: whether at a path through no link.
  private var walkedFolders: [Node: Bool] = [:]
  /// What cannot be read, each once (by its real file or name), in the order first found; reported
  /// when the walk ends, at the kept path.
  private var problems: [Problem] = []
  private var problemIndex: [ProblemKey: Int] = [:]
  /// Every input file walked, in walk order; `kept` says which are entries.
  private var walked: [(path: String, relative: String)] = []
  /// Each file by its device, inode and role (a file linked into another input folder is another
  /// input, as it was written to be): the index in `walked` of its kept path, and its `rank`.
  private var kept: [FileKey: (index: Int, rank: Int)] = [:]
  /// The paths an editor holds a buffer of (`ProjectFileSystem.pathsBesideTheDisk`).
  private let buffered: Set<String>

  private struct FileKey: Hashable {
    let device: UInt64
    let inode: UInt64
    let role: ProjectLoader.Role?
  }

  /// A real file or folder in an input folder (`context`, in lower case; a top-level name itself).
  private struct Node: Hashable {
    let device: UInt64
    let inode: UInt64
    let context: String

    init(_ status: stat, relative: String) {
      device = UInt64(truncatingIfNeeded: status.st_dev)
      inode = UInt64(truncatingIfNeeded: status.st_ino)
      context = String(relative.prefix { $0 != "/" }).lowercased()
    }
  }

  private enum ProblemKey: Hashable {
    case node(Node)
    /// An entry that cannot be looked at, by its real folder's path and its name.
    case name(String)
    /// An entry whose name is not UTF-8, by its real folder's path and the name's bytes.
    case rawName(String, [UInt8])
    /// A file by a name (a warning on the name).
    case named(Node, String)
    /// A link's own problem (it loops, is broken, leaves the project), by its device and inode
    /// whatever input folder it is reached from: reported once.
    case link(UInt64, UInt64)
  }

  /// In order of strength: the same problem met with two effects (a file reached from a screens
  /// folder and a families folder) keeps the stronger.
  /// What a problem holds back; `manifestsUnread` also `fails`.
  private enum Effect: Comparable { case warns, familyUnreadable, fails, manifestsUnread }

  private struct Problem {
    var path: String
    var throughLink: Bool
    var effect: Effect
    let diagnostic: (String) -> Diagnostic
  }

  /// The input files, each once, in the walk order of their kept paths.
  package var entries: [(path: String, relative: String)] {
    let indices = Set(kept.values.map(\.index))
    return walked.indices.filter(indices.contains).map { walked[$0] }
  }

  package init(directory: String, rootReal: String, limits: ReaderLimits, bag: DiagnosticBag, fileSystem: ProjectFileSystem? = nil) {
    self.directory = directory
    self.rootReal = rootReal
    self.limits = limits
    self.bag = bag
    buffered = Set(fileSystem?.pathsBesideTheDisk ?? [])
  }

  /// Whether a name is walked: at the top only the input files and folders; below, anything but
  /// hidden names and `node_modules`.
  package func isInput(_ name: String, atTop: Bool) -> Bool {
    if atTop {
      let lower = name.lowercased()
      return ProjectLoader.inputFileNames.contains(lower) || ProjectLoader.inputFolders.contains(lower)
    }
    return !name.hasPrefix(".") && name != "node_modules"
  }

  /// Walks the project folder at `path` (`rootReal` is its real path), then reports what cannot be read.
  package mutating func walk(_ path: String, relative: String, depth: Int) {
    var status = stat()
    _ = stat(rootReal, &status)
    chain = [(rootReal, Node(status, relative: relative))]
    folders.append((path, relative))
    walk(path, relative: relative, depth: depth, throughLink: false)
    chain = []
    for problem in problems {
      bag.add(problem.diagnostic(problem.path))
      switch problem.effect {
      case .fails: failed = true
      case .manifestsUnread:
        failed = true
        manifestsUnread = true
      case .familyUnreadable: unreadableFamilies.append(problem.path)
      case .warns: break
      }
    }
    problems = []
    problemIndex = [:]
  }

  /// Walks the folder at `path`, the last of `chain`; `throughLink` when the path goes through a link.
  private mutating func walk(_ path: String, relative: String, depth: Int, throughLink: Bool) {
    foldersWalked += 1
    var failure: Int32 = 0
    guard let entries = FolderListing.list(path, failure: &failure) else {
      // A folder that may hold plugin manifests holds back the keys of screens they may declare.
      report(.node(chain[chain.count - 1].node), at: path, throughLink: throughLink, effect(relative)) {
        IOErrorRule.Message.cannotReadFolder($0, failure: failure).diagnostic(at: nil, path: $0)
      }
      return
    }
    let topNames = relative.isEmpty ? Set(entries.map { $0.name.lowercased() }) : []
    for entry in entries {
      if tooMany { return }
      let name = entry.name
      let full = path.hasSuffix("/") ? path + name : path + "/" + name
      guard isInput(name, atTop: relative.isEmpty) else {
        if relative.isEmpty {
          warnIfNearAnInput(entry, path: full, beside: topNames)
          warnIfLeftover(name, at: full)
        }
        continue
      }
      let rel = relative.isEmpty ? name : relative + "/" + name
      guard entry.isUTF8 else {
        reportNonUTF8(entry, at: full, relative: rel, throughLink: throughLink)
        continue
      }
      visit(full, name: name, relative: rel, depth: depth, atTop: relative.isEmpty, throughLink: throughLink)
    }
  }

  /// An entry whose name is not UTF-8, never looked at by the name it is listed with (which may be
  /// another file's): reported, each by its bytes, when it could hold inputs (a folder, a link, a
  /// kind not known) or would be an input by its name; passed over as other names are otherwise.
  private mutating func reportNonUTF8(_ entry: FolderListing.Entry, at full: String, relative: String, throughLink: Bool) {
    guard entry.couldBeFolder || ProjectLoader.isInputPath(relative) else { return }
    let key = ProblemKey.rawName(chain[chain.count - 1].real, entry.bytes)
    report(key, at: full, throughLink: throughLink, effect(relative)) {
      IOErrorRule.Message.nameNotUTF8($0).diagnostic(at: nil, path: $0)
    }
  }

  /// A top-level entry that is not an input but is named near one (ZL0122); only such an entry is
  /// looked at, to tell a folder (one whose name is not UTF-8 by its listed kind). An error when
  /// the input it is near is not among the top-level names (`beside`, lowercased): the project
  /// then lacks what the entry holds.
  private func warnIfNearAnInput(_ entry: FolderListing.Entry, path: String, beside names: Set<String>) {
    guard let input = ProjectLoader.nearInput(atTop: entry.name) else { return }
    let name = entry.name
    var status = stat()
    let isFolder = entry.isUTF8 ? stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR : entry.kind == .folder
    // zlc's own output written into the project (`-o screen`) is not a misnamed input.
    if isFolder, lstat(path + "/" + ProjectLoader.outputMarkerName, &status) == 0 { return }
    let slash = isFolder ? "/" : ""
    // The screens are in `rivers.json` or in `screens/`: either one holds what the other would.
    let screens: Set<String> = ["screens", "rivers.json"]
    let alternatives = screens.contains(input.name) ? screens : [input.name.lowercased()]
    let missing = names.isDisjoint(with: alternatives)
    let message = MisnamedInputRule.Message.nearInput(name + slash, reads: input.name + (input.isFolder ? "/" : ""), missing: missing)
    bag.add(message.diagnostic(at: nil, fixIt: .didYouMean(input.name, at: nil), path: path, severity: missing ? .error : .warning))
  }

  /// A file a stopped `zlc check --fix` left, or a starter's staging folder a stopped `zlc init`
  /// left at the top (ZL0127), named from the project folder.
  private func warnIfLeftover(_ name: String, at path: String) {
    guard let leftover = StoppedRunLeftoverRule.leftover(named: name) else { return }
    let top = directory.hasSuffix("/") ? directory.count : directory.count + 1
    let relative = String(path.dropFirst(top))
    let message: StoppedRunLeftoverRule.Message
    let folder = PathText.deletingLastComponent(path)
    if let original = leftover.original {
      // A long name's copy is named by a shortened stem: then no file of that name stands beside it.
      message = .fixLeftover(relative, original: FileManager.default.fileExists(atPath: folder + "/" + original) ? original : nil)
    } else {
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
      message = .initLeftover(relative, empty: (FolderListing.list(path) ?? []).isEmpty)
    }
    bag.add(message.diagnostic(at: nil, path: path))
  }

  /// A file in an input folder that is not an input but whose extension is near the folder's (ZL0122).
  private mutating func warnIfNearAnInputExtension(_ relative: String, path: String, key: Node, throughLink: Bool) {
    let folder = String(relative.prefix { $0 != "/" }).lowercased()
    let name = String(relative[relative.index(after: relative.lastIndex(of: "/") ?? relative.startIndex)...])
    guard let extensions = ProjectLoader.inputExtensions[folder],
      let corrected = ProjectLoader.nearMiss(ofFile: name, extensions: extensions)
    else { return }
    // Reported once per real file and name, at the kept path (`relative` is the path's).
    let top = directory.hasSuffix("/") ? directory.count : directory.count + 1
    // Without the file it is near beside it (case ignored), the project lacks what it holds: an
    // error. A format of its own (`.jsonl`) is no near miss to be sure of: a warning.
    let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let beside = Set((FolderListing.list(parent) ?? []).map { $0.name.lowercased() })
    let ownFormat = ["jsonl", "xsl"].contains(name.split(separator: ".").last.map { $0.lowercased() } ?? "")
    let missing = !ownFormat && !beside.contains(corrected.lowercased())
    report(.named(key, name), at: path, throughLink: throughLink, .warns) { path in
      let message = MisnamedInputRule.Message.nearExtension(
        String(path.dropFirst(top)), folder: folder, extensions: extensions, missing: missing ? corrected : nil)
      return message.diagnostic(at: nil, fixIt: .didYouMean(corrected, at: nil), path: path, severity: missing ? .error : .warning)
    }
  }

  /// Whether a link to the folder `real` (`status`) loops: it is a folder being walked or lies above
  /// one, so that walking it would reach the link again.
  private func loops(_ real: String, _ status: stat) -> Bool {
    let node = Node(status, relative: "")
    return chain.contains { folder in
      folder.real == real || folder.real.hasPrefix(real + "/")
        || (folder.node.device, folder.node.inode) == (node.device, node.inode)
    }
  }

  private mutating func visit(_ full: String, name: String, relative: String, depth: Int, atTop: Bool, throughLink: Bool) {
    let folderReal = chain[chain.count - 1].real
    var status = stat()
    guard lstat(full, &status) == 0 else {
      // An entry removed since its folder was listed that is no input (an editor's scratch or
      // backup file, a folder of them) is passed over, as it would have been had it stayed.
      let code = errno
      if code == ENOENT, !ProjectLoader.isInputPath(relative) { return }
      let failure = BoundedFile.Failure.system(code)  // a name too long, say
      report(.name(folderReal + "/" + name), at: full, throughLink: throughLink, effect(relative)) {
        IOErrorRule.Message.cannotRead($0, failure).diagnostic(at: nil, path: $0)
      }
      return
    }
    let isLink = status.st_mode & S_IFMT == S_IFLNK
    let via = throughLink || isLink
    var real = folderReal + "/" + name
    // A link's problems are its own, reported at the path to it; a file's at the path to the file.
    let linkKey = ProblemKey.link(UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
    if isLink {
      links.insert(relative)
      real = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
      guard real == rootReal || real.hasPrefix(rootReal + "/") else {
        return report(linkKey, at: full, throughLink: throughLink, effect(relative)) {
          IOErrorRule.Message.linkLeavesProject($0).diagnostic(at: nil, path: $0)
        }
      }
      guard stat(full, &status) == 0 else {
        // A link to itself, or links to each other (`a.json -> b.json -> a.json`), loop.
        let loop = errno == ELOOP
        return report(linkKey, at: full, throughLink: throughLink, effect(relative)) {
          (loop ? IOErrorRule.Message.linkCycle($0) : IOErrorRule.Message.brokenLink($0)).diagnostic(at: nil, path: $0)
        }
      }
      // A link to a folder being walked (`screens/self -> .`), or above one, loops however far it
      // is followed: reported before anything is read through it.
      if status.st_mode & S_IFMT == S_IFDIR && loops(real, status) {
        return report(linkKey, at: full, throughLink: throughLink, .fails) {
          IOErrorRule.Message.linkLoops($0).diagnostic(at: nil, path: $0)
        }
      }
    }
    let key = ProblemKey.node(Node(status, relative: relative))
    switch status.st_mode & S_IFMT {
    case S_IFDIR where atTop && ProjectLoader.inputFileNames.contains(relative.lowercased()):
      // A folder named as an input file (`zlc.json/`): the file the project would have is not read.
      report(key, at: full, throughLink: via, effect(relative)) {
        IOErrorRule.Message.cannotRead($0, .notRegular("a folder")).diagnostic(at: nil, path: $0)
      }
    case S_IFREG where atTop && ProjectLoader.inputFolders.contains(relative.lowercased()):
      // A file named as an input folder (`components`), as Git checks a link out where links are
      // off: the folder the project would have is not read.
      let target = Self.linkTarget(in: full)
      report(key, at: full, throughLink: via, relative.lowercased() == "families" ? .familyUnreadable : .fails) {
        IOErrorRule.Message.fileWhereFolder($0, holding: target).diagnostic(at: nil, path: $0)
      }
    case S_IFDIR:
      guard depth < 64 else {
        fail(FoldersTooDeepRule.Message.foldersNestedTooDeep(under: directory), path: full)
        return
      }
      // A folder walked already is walked again only to keep its files at a path through no link.
      let node = Node(status, relative: relative)
      if let direct = walkedFolders[node], direct || via {
        // A link that loops at another path is reported at this one if it is through no link.
        if isLink { improve(linkKey, at: full, throughLink: throughLink) }
        return
      }
      walkedFolders[node] = !via
      folders.append((full, relative))
      chain.append((real, node))
      walk(full, relative: relative, depth: depth + 1, throughLink: via)
      chain.removeLast()
    case S_IFREG:
      // Files at the top are inputs by name; below, by their folder and extension.
      guard atTop || ProjectLoader.isInputPath(relative) else {
        if StoppedRunLeftoverRule.leftover(named: name) != nil { return warnIfLeftover(name, at: full) }
        return warnIfNearAnInputExtension(relative, path: full, key: Node(status, relative: relative), throughLink: via)
      }
      add(full, relative: relative, status: status, throughLink: via)
    default:
      guard atTop || ProjectLoader.isInputPath(relative) else { return }
      let failure = BoundedFile.Failure.notRegular(BoundedFile.kind(of: status.st_mode) ?? "special")
      report(key, at: full, throughLink: via, effect(relative)) {
        IOErrorRule.Message.cannotRead($0, failure).diagnostic(at: nil, path: $0)
      }
    }
  }

  /// An input file (`status` of the file itself, the link followed): an entry unless its file is
  /// one already, whose path it replaces when it ranks before that one. The file count and size
  /// limits count each input once, however many paths reach it.
  private mutating func add(_ full: String, relative: String, status: stat, throughLink: Bool) {
    let key = FileKey(
      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
      role: ProjectLoader.role(of: relative))
    walked.append((full, relative))
    let rank = rank(full, throughLink: throughLink)
    if let seen = kept[key] {
      if rank < seen.rank { kept[key] = (walked.count - 1, rank) }
      return
    }
    kept[key] = (walked.count - 1, rank)
    // A file over the size of one file is not read (ZL0108 at its path): it adds nothing.
    if Int(status.st_size) <= limits.maxFileBytes { totalBytes += Int(status.st_size) }
    if kept.count > limits.maxFiles {
      fail(TooManyFilesRule.Message.tooManyFiles(limit: limits.maxFiles), path: directory)
      tooMany = true
    } else if totalBytes > limits.maxProjectBytes {
      fail(ProjectTooLargeRule.Message.projectTooLarge(limit: limits.maxProjectBytes), path: directory)
      tooMany = true
    }
  }

  /// Which of the paths to one file is kept, the lowest first, then the first walked: a path an
  /// editor holds a buffer of (the open document is the one read, and its diagnostics are
  /// published on it), then a path through no link.
  private func rank(_ full: String, throughLink: Bool) -> Int {
    (buffered.contains(full) ? 0 : 2) + (throughLink ? 1 : 0)
  }

  /// The one line a small file holds when it reads as a path (a link Git checked out as a file).
  static func linkTarget(in path: String) -> String? {
    guard case .success(let bytes) = BoundedFile.read(path, maxBytes: 1024) else { return nil }
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    let isPath = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" && $0 != "\u{FFFD}" }
    return isPath && text.count <= 256 && !text.hasPrefix("{") && !text.hasPrefix("[") ? text : nil
  }

  private mutating func fail<Owner>(_ message: RuleMessage<Owner>, path: String) {
    bag.add(message.diagnostic(at: nil, path: path))
    failed = true
    manifestsUnread = true
  }

  /// What a file that cannot be read holds back: a family file only the references to families
  /// (`unreadableFamilies`), any other file every cross-file rule (`failed`).
  private func effect(_ relative: String) -> Effect {
    let role = ProjectLoader.role(of: relative)
    if role == .family { return .familyUnreadable }
    let lower = relative.lowercased()
    let mayHoldManifests = role == .manifest || relative.isEmpty || lower == "components" || lower.hasPrefix("components/")
    return mayHoldManifests ? .manifestsUnread : .fails
  }

  /// Records a problem with the file or entry `key`, once: a later path replaces the one recorded
  /// when it goes through no link and that one does.
  private mutating func report(
    _ key: ProblemKey, at path: String, throughLink: Bool, _ effect: Effect, _ diagnostic: @escaping (String) -> Diagnostic
  ) {
    guard problemIndex[key] == nil else { return improve(key, at: path, throughLink: throughLink, effect) }
    problemIndex[key] = problems.count
    problems.append(Problem(path: path, throughLink: throughLink, effect: effect, diagnostic: diagnostic))
  }

  /// Moves the problem recorded for `key`, if any, to `path` when that goes through no link and the
  /// recorded one does; keeps the stronger of its effect and `effect`.
  private mutating func improve(_ key: ProblemKey, at path: String, throughLink: Bool, _ effect: Effect? = nil) {
    guard let i = problemIndex[key] else { return }
    if let effect { problems[i].effect = max(problems[i].effect, effect) }
    guard problems[i].throughLink, !throughLink else { return }
    problems[i].path = path
    problems[i].throughLink = false
  }
}
