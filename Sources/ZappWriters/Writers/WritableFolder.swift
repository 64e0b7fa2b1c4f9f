import Foundation
import ZappDiagnostics

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
    while folder != "/", !folder.isEmpty, lstat(folder, &status) != 0 { folder = PathText.deletingLastComponent(folder) }
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

  /// Why creating `absolute` (a folder, or a file in one) failed, in plain words: the nearest
  /// existing path above it is a file, or cannot be written; else `plain(error)`. Paths are
  /// named through `naming`.
  package static func reason(_ error: any Error, creating absolute: String, naming: (String) -> String = { $0 }) -> String {
    let existing = nearestExisting(absolute)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: existing, isDirectory: &isFolder), !isFolder.boolValue {
      return "'\(naming(existing))' is a file, not a folder"
    }
    if access(existing, W_OK) != 0 { return "'\(naming(existing))': \(String(cString: strerror(errno)))" }
    return plain(error)
  }

  /// The nearest existing path at or above `absolute` when it is a file (or a link to one, or a
  /// link that leads nowhere), not a folder: nothing can be created below it.
  package static func fileAbove(_ absolute: String) -> String? {
    let existing = nearestExisting(absolute)
    var status = stat()
    guard stat(existing, &status) == 0 else {
      // A link that leads nowhere (or loops): nothing can be created below it either.
      return lstat(existing, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK ? existing : nil
    }
    guard status.st_mode & S_IFMT != S_IFDIR else { return nil }
    return existing
  }

  /// A file-system error in the system's words (`strerror` of its POSIX code), never Foundation's
  /// "The operation could not be completed".
  package static func plain(_ error: any Error) -> String {
    let system = error as NSError
    if system.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(system.code))) }
    // Foundation on Linux puts a `POSIXError` there, which is no `NSError` until bridged.
    if let underlying = system.userInfo[NSUnderlyingErrorKey] as? any Error, (underlying as NSError).domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32((underlying as NSError).code)))
    }
    guard system.domain == NSCocoaErrorDomain else { return "\(error)" }
    switch CocoaError.Code(rawValue: system.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
    case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
    case .fileWriteFileExists: return String(cString: strerror(EEXIST))
    case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
    case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
    case .fileReadTooLarge: return String(cString: strerror(EFBIG))
    default: return "the system gave no reason"
    }
  }
}
