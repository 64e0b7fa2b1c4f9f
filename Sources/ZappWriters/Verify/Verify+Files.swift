import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders

/// The bundle folder and its files, as `zlc verify` finds and reads them.
extension BundleVerifier {
  package static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Why the bundle folder cannot be verified (missing, not a folder, unreadable); nil when it can.
  package static func folderProblem(_ folder: String) -> BundleProblem? {
    var status = stat()
    guard stat(folder, &status) == 0 else {
      let reason = errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno))
      return BundleProblem(file: folder, message: "cannot read the bundle folder: \(reason)", isIOFailure: true)
    }
    if status.st_mode & S_IFMT != S_IFDIR {
      let kind = BoundedFile.kind(of: status.st_mode) ?? "a file"
      // `zlc verify build/bundle.json`: the folder that holds the file is the bundle.
      let name = (folder as NSString).lastPathComponent
      let parent = PathText.deletingLastComponent(folder)
      let hint =
        kind == "a file" && ["bundle.json", PlatformBundles.fileName].contains(name)
        ? ": give the folder that holds it (zlc verify \(TerminalText.shellWord(parent.isEmpty ? "." : parent)))" : ""
      return BundleProblem(file: folder, message: "it is \(kind), not a bundle folder" + hint, isIOFailure: true)
    }
    // A folder that cannot be searched hides the files it holds: unreadable, not empty.
    var inner = stat()
    let index = join(folder, "bundle.json")
    if lstat(index, &inner) != 0, case let code = errno, code != ENOENT {
      return BundleProblem(file: folder, message: "cannot read the bundle folder: \(String(cString: strerror(code)))", isIOFailure: true)
    }
    return nil
  }

  /// Whether anything is at `path` (a broken link counts: reading it then says why it fails).
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The folders of `folder` that hold a `bundle.json` (a build of several platforms writes one
  /// per platform), sorted; nil when it cannot be listed.
  static func platformFolders(in folder: String) -> [String]? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
    return names.sorted().filter { name in
      var status = stat()
      return !name.hasPrefix(".") && stat(join(folder, name), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        && exists(join(join(folder, name), "bundle.json"))
    }
  }

  /// Whether nothing is at `path`: not a path that cannot be looked at (in a folder that can be
  /// listed but not searched), which is there for all one can tell.
  static func isAbsent(_ path: String) -> Bool {
    var status = stat()
    guard lstat(path, &status) != 0 else { return false }
    return errno == ENOENT || errno == ENOTDIR
  }

  /// Whether `path`, links followed, is a folder.
  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// The bytes of a regular file of the bundle, read without blocking and within the reader's file
  /// limit; a FIFO, a device or a folder is refused as not a regular file, as `zlc check` does.
  package static func read(_ path: String, problems: inout [BundleProblem]) -> [UInt8]? {
    switch BoundedFile.read(path, maxBytes: ReaderLimits.default.maxFileBytes) {
    case .success(let bytes):
      return bytes
    case .failure(.notRegular(let kind)):
      problems.append(
        BundleProblem(file: path, message: "it is \(kind), not a regular file; zlc reads only regular files", isIOFailure: true))
    case .failure(.tooLarge(let size)):
      let shown = size.map { "is \($0) bytes" } ?? "is too large"
      problems.append(
        BundleProblem(file: path, message: "\(shown); zlc reads files of at most \(ReaderLimits.default.maxFileBytes) bytes"))
    case .failure(.system(let code)):
      // A file the bundle lists that is not there is a broken bundle; one that is there and
      // cannot be read is an I/O failure.
      let reason = code == ENOENT ? "no such file" : String(cString: strerror(code))
      problems.append(BundleProblem(file: path, message: "cannot read: \(reason)", isIOFailure: code != ENOENT))
    }
    return nil
  }

  /// The bytes of `name`, a file of the bundle folder at `folder`, as `read` gives them; one that
  /// a link takes outside the folder is refused unread, as the runtime's loader refuses it.
  package static func readOwn(_ name: String, in folder: String, problems: inout [BundleProblem]) -> [UInt8]? {
    let path = join(folder, name)
    guard ScreenBundle.resolves(name, inside: realPath(folder), folder: folder) else {
      problems.append(
        BundleProblem(file: path, message: "a link takes it outside the bundle folder; \(ScreenBundle.ownFilesOnly)"))
      return nil
    }
    return read(path, problems: &problems)
  }

  package static func load<T>(_ path: String, problems: inout [BundleProblem], _ type: (JSON) throws -> T) -> T? {
    guard let bytes = read(path, problems: &problems) else { return nil }
    return decode(bytes, at: path, problems: &problems, type)
  }
}
