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

  /// Whether a listed path that cannot be found (`code` ENOENT) was listed with U+FFFD in place of
  /// bytes that are not UTF-8: no file has the name the listing gives.
  package static func isNonUTF8Name(_ path: String, errno code: Int32) -> Bool {
    code == ENOENT && path.unicodeScalars.contains("\u{FFFD}")
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
/// paths (through a link to a folder or file the walk also reaches) is an entry once: at the first
/// path through no link, else at the first in walk order.
package struct InputWalker {
  package let directory: String
  package let rootReal: String
  package let limits: ReaderLimits
  package let bag: DiagnosticBag
  package var failed = false
  /// Family files that cannot be read (a link out of the project, a FIFO …), in walk order.
  package var unreadableFamilies: [String] = []
  package var tooMany = false
  package var totalBytes = 0
  package var visited: Set<String> = []
  /// Every input file walked, in walk order; `kept` says which are entries.
  private var walked: [(path: String, relative: String)] = []
  /// Each file by its device, inode and role (a file linked into another input folder is another
  /// input, as it was written to be): the index in `walked` of its kept path, and whether that
  /// path goes through a link.
  private var kept: [FileKey: (index: Int, throughLink: Bool)] = [:]

  private struct FileKey: Hashable {
    let device: UInt64
    let inode: UInt64
    let role: ProjectLoader.Role?
  }

  /// The input files, each once, in the walk order of their kept paths.
  package var entries: [(path: String, relative: String)] {
    let indices = Set(kept.values.map(\.index))
    return walked.indices.filter(indices.contains).map { walked[$0] }
  }

  package init(directory: String, rootReal: String, limits: ReaderLimits, bag: DiagnosticBag) {
    self.directory = directory
    self.rootReal = rootReal
    self.limits = limits
    self.bag = bag
    visited = [rootReal]
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

  /// Walks the folder at `path`; `throughLink` when the path goes through a link.
  package mutating func walk(_ path: String, relative: String, depth: Int, throughLink: Bool = false) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    } catch {
      fail(IOErrorRule.Message.cannotReadFolder(path), path: path)
      return
    }
    for name in names {
      if tooMany { return }
      let full = path.hasSuffix("/") ? path + name : path + "/" + name
      guard isInput(name, atTop: relative.isEmpty) else {
        if relative.isEmpty { warnIfNearAnInput(name, path: full) }
        continue
      }
      let rel = relative.isEmpty ? name : relative + "/" + name
      visit(full, relative: rel, depth: depth, atTop: relative.isEmpty, throughLink: throughLink)
    }
  }

  /// A top-level entry that is not an input but is named near one (ZL0122); only such an entry is
  /// looked at, to tell a folder.
  private func warnIfNearAnInput(_ name: String, path: String) {
    guard let input = ProjectLoader.nearInput(atTop: name) else { return }
    var status = stat()
    let slash = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? "/" : ""
    let message = MisnamedInputRule.Message.nearInput(name + slash, reads: input.name + (input.isFolder ? "/" : ""))
    bag.add(message.diagnostic(at: nil, fixIt: .didYouMean(input.name, at: nil), path: path))
  }

  /// A file in an input folder that is not an input but whose extension is near the folder's (ZL0122).
  private func warnIfNearAnInputExtension(_ relative: String, path: String) {
    let folder = String(relative.prefix { $0 != "/" }).lowercased()
    let name = String(relative[relative.index(after: relative.lastIndex(of: "/") ?? relative.startIndex)...])
    guard let extensions = ProjectLoader.inputExtensions[folder],
      let corrected = ProjectLoader.nearMiss(ofFile: name, extensions: extensions)
    else { return }
    let message = MisnamedInputRule.Message.nearExtension(relative, folder: folder, extensions: extensions)
    bag.add(message.diagnostic(at: nil, fixIt: .didYouMean(corrected, at: nil), path: path))
  }

  private mutating func visit(_ full: String, relative: String, depth: Int, atTop: Bool, throughLink: Bool) {
    var status = stat()
    guard lstat(full, &status) == 0 else {
      let nonUTF8 = BoundedFile.isNonUTF8Name(full, errno: errno)
      failFile(nonUTF8 ? IOErrorRule.Message.nameNotUTF8(full) : IOErrorRule.Message.cannotRead(full), path: full, relative: relative)
      return
    }
    let isLink = status.st_mode & S_IFMT == S_IFLNK
    if isLink {
      let real = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
      guard real == rootReal || real.hasPrefix(rootReal + "/") else {
        failFile(IOErrorRule.Message.linkLeavesProject(full), path: full, relative: relative)
        return
      }
      guard stat(full, &status) == 0 else {
        failFile(IOErrorRule.Message.brokenLink(full), path: full, relative: relative)
        return
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        // A link to a folder it lies in (`screens/self -> .`) loops however far it is followed:
        // reported before anything is read through it.
        let parent = URL(fileURLWithPath: full).deletingLastPathComponent().resolvingSymlinksInPath().path
        guard !visited.contains(real), parent != real, !parent.hasPrefix(real + "/") else {
          fail(IOErrorRule.Message.linkLoops(full), path: full)
          return
        }
        visited.insert(real)
      }
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR where atTop && ProjectLoader.inputFileNames.contains(relative.lowercased()):
      // A folder named as an input file (`zlc.json/`): the file the project would have is not read.
      failFile(IOErrorRule.Message.cannotRead(full, .notRegular("a folder")), path: full, relative: relative)
    case S_IFREG where atTop && ProjectLoader.inputFolders.contains(relative.lowercased()):
      // A file named as an input folder (`components`), as Git checks a link out where links are
      // off: the folder the project would have is not read.
      let message = IOErrorRule.Message.fileWhereFolder(full, holding: Self.linkTarget(in: full))
      if relative.lowercased() == "families" {
        bag.add(message.diagnostic(at: nil, path: full))
        unreadableFamilies.append(full)
      } else {
        fail(message, path: full)
      }
    case S_IFDIR:
      guard depth < 64 else {
        fail(FoldersTooDeepRule.Message.foldersNestedTooDeep(under: directory), path: full)
        return
      }
      walk(full, relative: relative, depth: depth + 1, throughLink: throughLink || isLink)
    case S_IFREG:
      // Files at the top are inputs by name; below, by their folder and extension.
      guard atTop || ProjectLoader.isInputPath(relative) else { return warnIfNearAnInputExtension(relative, path: full) }
      add(full, relative: relative, status: status, throughLink: throughLink || isLink)
    default:
      guard atTop || ProjectLoader.isInputPath(relative) else { return }
      let failure = BoundedFile.Failure.notRegular(BoundedFile.kind(of: status.st_mode) ?? "special")
      failFile(IOErrorRule.Message.cannotRead(full, failure), path: full, relative: relative)
    }
  }

  /// An input file (`status` of the file itself, the link followed): an entry unless its file is
  /// one already, whose path it replaces when it goes through no link and that one does. The file
  /// count and size limits count each input once, however many paths reach it.
  private mutating func add(_ full: String, relative: String, status: stat, throughLink: Bool) {
    let key = FileKey(
      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
      role: ProjectLoader.role(of: relative))
    walked.append((full, relative))
    if let seen = kept[key] {
      if seen.throughLink && !throughLink { kept[key] = (walked.count - 1, false) }
      return
    }
    kept[key] = (walked.count - 1, throughLink)
    totalBytes += Int(status.st_size)
    if kept.count > limits.maxFiles {
      fail(TooManyFilesRule.Message.tooManyFiles(limit: limits.maxFiles), path: directory)
      tooMany = true
    } else if totalBytes > limits.maxProjectBytes {
      fail(ProjectTooLargeRule.Message.projectTooLarge(limit: limits.maxProjectBytes), path: directory)
      tooMany = true
    }
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
  }

  /// A file that cannot be read: a family file holds back only the references to families
  /// (`unreadableFamilies`), any other file every cross-file rule (`failed`).
  private mutating func failFile<Owner>(_ message: RuleMessage<Owner>, path: String, relative: String) {
    guard ProjectLoader.role(of: relative) == .family else { return fail(message, path: path) }
    bag.add(message.diagnostic(at: nil, path: path))
    unreadableFamilies.append(path)
  }
}
