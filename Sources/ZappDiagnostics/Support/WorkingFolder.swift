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

  /// Enters `path` again when the working folder was `folder` or inside it: after `folder` was
  /// replaced, the process works in the new folder at the same path, as the user's paths expect.
  package static func reenter(_ path: String?, afterReplacing folder: String) {
    guard let path, path == folder || path.hasPrefix(folder + "/") else { return }
    _ = chdir(path)
  }
}
