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
    var taken = flock(lock, LOCK_SH) == 0
    while !taken, errno == EINTR { taken = flock(lock, LOCK_SH) == 0 }
    return body()
  }
}
