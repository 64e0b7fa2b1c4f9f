import Foundation
import Synchronization

/// The process's working folder, read without ever trapping. A build whose output is the working
/// folder swaps that folder away under the process; the path read before the swap still names the
/// place, and `OutputFolder` moves the process into the new folder at that path.
package enum WorkingFolder {
  private static let lastRead = Mutex<String?>(nil)

  /// The absolute path of the working folder (links resolved, as the system gives it); when the
  /// system cannot tell (the folder was removed), the last path read; nil when there was none.
  package static func path() -> String? {
    guard let cwd = getcwd(nil, 0) else { return lastRead.withLock { $0 } }
    defer { free(cwd) }
    let path = String(cString: cwd)
    guard path.hasPrefix("/") else { return lastRead.withLock { $0 } }  // Linux's "(unreachable)/…"
    lastRead.withLock { $0 = path }
    return path
  }

  /// `path` made absolute against the working folder, without `.`, `..` or trailing slashes (by
  /// its text: `link/..` is the folder the link is in); nil for a relative path when the working
  /// folder is not known.
  package static func absolutePath(_ path: String) -> String? {
    guard let joined = path.hasPrefix("/") ? path : self.path().map({ $0 + "/" + path }) else { return nil }
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The absolute path with every link resolved, as far as it exists; the rest is appended as
  /// written.
  package static func realPath(_ absolute: String) -> String {
    var existing = absolute
    var rest: [String] = []
    while existing != "/" {
      if let resolved = realpath(existing, nil) {
        defer { free(resolved) }
        let real = String(cString: resolved)
        return rest.isEmpty ? real : (real == "/" ? "" : real) + "/" + rest.reversed().joined(separator: "/")
      }
      rest.append((existing as NSString).lastPathComponent)
      existing = PathText.deletingLastComponent(existing)
    }
    return "/" + rest.reversed().joined(separator: "/")
  }

  /// `path` as the system opens it: made absolute against the working folder, every link and `..`
  /// of the part that exists resolved (`link/..` is the parent of the link's target), and `.` and
  /// `..` of the rest removed; nil for a relative path when the working folder is not known.
  package static func physicalPath(_ path: String) -> String? {
    guard let joined = path.hasPrefix("/") ? path : self.path().map({ $0 + "/" + path }) else { return nil }
    return absolutePath(realPath(joined))
  }

  /// Whether the process still works in the folder at `path` (by device and inode): false once
  /// its working folder was removed or moved away, or another folder was made at `path` (`zlc
  /// serve .` of a project a checkout replaced). A removed folder's link count is no sign: an
  /// overlay file system keeps it above 0.
  package static func isStill(at path: String) -> Bool {
    var here = stat()
    var there = stat()
    guard stat(".", &here) == 0, stat(path, &there) == 0 else { return false }
    return here.st_dev == there.st_dev && here.st_ino == there.st_ino
  }

  /// Enters `path` again when the working folder was `folder` or inside it: after `folder` was
  /// replaced, the process works in the new folder at the same path, as the user's paths expect.
  package static func reenter(_ path: String?, afterReplacing folder: String) {
    guard let path, path == folder || path.hasPrefix(folder + "/") else { return }
    _ = chdir(path)
  }
}
