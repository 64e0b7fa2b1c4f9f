import Foundation
import ZappDiagnostics

extension OutputFolder {
  /// Runs `body` while no build writes or swaps `folder`: it holds a shared `flock` on the folder
  /// that holds `folder`, the lock a build holds exclusively, so that a reader (`zlc verify`) never
  /// takes `bundle.json` from one build and the screens from the next. Without that folder's lock
  /// (a folder that cannot be opened), `body` runs unlocked, as before any build.
  public static func betweenBuilds<T>(of folder: String, _ body: () -> T) -> T {
    guard let absolute = WorkingFolder.absolutePath(folder), absolute != "/" else { return body() }
    let parent = WorkingFolder.realPath(PathText.deletingLastComponent(absolute))
    let lock = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard lock >= 0 else { return body() }
    defer { close(lock) }
    _ = takeLock(lock, LOCK_SH, waitingSays: waiting(in: PathText.deletingLastComponent(folder), to: "read", folder))
    return body()
  }

  /// Takes `flock(fd, operation)`; when another zlc run holds it, first says so on the standard
  /// error (`message`, one line), so that a run waiting on a build, a `zlc verify` suspended in
  /// another terminal or an init is not silent. Whether it was taken (false: `errno` says why).
  package static func takeLock(_ fd: Int32, _ operation: Int32, waitingSays message: @autoclosure () -> String) -> Bool {
    var taken = flock(fd, operation | LOCK_NB) == 0
    while !taken, errno == EINTR { taken = flock(fd, operation | LOCK_NB) == 0 }
    if taken { return true }
    guard errno == EWOULDBLOCK else { return false }
    // Not `FileHandle.write`, which traps when standard error cannot be written (`2>/dev/full`).
    _ = BundleWriter.writeAll(STDERR_FILENO, Array((message() + "\n").utf8))
    while flock(fd, operation) != 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  /// `waiting for another zlc run writing in 'folder' (to verb 'target')`, paths as given.
  package static func waiting(in folder: String, to verb: String, _ target: String) -> String {
    "waiting for another zlc run writing in '\(TerminalText.visible(folder.isEmpty ? "." : folder))' (to \(verb) '\(TerminalText.visible(target))')"
  }
}
