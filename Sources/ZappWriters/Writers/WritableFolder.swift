import Foundation

/// The folder zlc creates something in (an output folder's parent, a new project's folder), checked
/// before anything is written there as an output's own folders are (`checkReplaceable`): whether
/// the process may write it, and, for root, which the system lets write anything, its owner's
/// write permission, so that a folder made read-only (`chmod a-w`) is kept even for root.
package enum WritableFolder {
  /// The nearest folder at or above `path` (absolute) that exists: the one the first new folder
  /// would be created in.
  package static func nearestExisting(_ path: String) -> String {
    var folder = path
    var status = stat()
    while folder != "/", lstat(folder, &status) != 0 { folder = (folder as NSString).deletingLastPathComponent }
    return folder
  }

  /// Why nothing may be created in `folder`, to follow its name (`is read-only (…)`); nil when
  /// something may, or when `folder` is no folder (creating in it fails with its own message).
  package static func refusal(_ folder: String) -> String? {
    var status = stat()
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    return refusal(folder, status: status)
  }

  /// Why the folder at `path`, whose status is `status`, may not be written: read-only for
  /// everyone, or for its owner when the process runs as root; else what the system says. A
  /// member of the folder's group writes it by the group's permission, whatever its owner's.
  package static func refusal(_ path: String, status: stat) -> String? {
    let writeBits = status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)
    if writeBits == 0 || (geteuid() == 0 && status.st_mode & S_IWUSR == 0) {
      return "is read-only (its owner may not write it)"
    }
    if access(path, W_OK) != 0 { return "cannot be written (\(String(cString: strerror(errno))))" }
    return nil
  }
}
