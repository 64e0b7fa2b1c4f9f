import Foundation

/// The settings of a folder of an output that a rebuild keeps: its permission bits (the setgid
/// and sticky bits too) and its owner and group. The new output is a new folder, made in the
/// staging folder's place, so without them every build would reset the output to the defaults of
/// a new folder (`chmod 2770 out` would be 755 again after the next build).
package struct FolderSettings: Equatable, Sendable {
  package var mode: mode_t
  package var owner: uid_t
  package var group: gid_t

  /// The settings of the folder at `path`; nil when there is no folder there (links are not followed).
  package init?(of path: String) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    mode = status.st_mode & 0o7777
    owner = status.st_uid
    group = status.st_gid
  }

  /// Gives the folder at `folder` these settings: the owner and group where the system lets zlc
  /// (another owner needs root; another group, one zlc's user is a member of: else the owner, the
  /// group or both stay as they are), then the permission bits, after the group, since the system
  /// drops the setgid bit of a folder whose group is not one of the user's. The owner keeps the
  /// right to read, write and enter the folder, which zlc needs to replace it again.
  package func apply(to folder: String) {
    var status = stat()
    guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
    if status.st_uid != owner || status.st_gid != group, chown(folder, owner, group) != 0 {
      _ = chown(folder, uid_t.max, group)  // the owner may not change (EPERM): the group alone, if permitted
    }
    _ = chmod(folder, mode | S_IRWXU)
  }

  /// Gives every folder of the new output in `staging` that the output at `output` has too (at
  /// the same place, a folder there as well) that folder's settings.
  package static func keepSubfolders(of output: String, in staging: String) {
    var pending = [""]
    while let relative = pending.popLast() {
      for child in OutputFolder.childFolders(of: relative.isEmpty ? staging : staging + "/" + relative) {
        let name = (child as NSString).lastPathComponent
        let path = relative.isEmpty ? name : relative + "/" + name
        FolderSettings(of: output + "/" + path)?.apply(to: child)
        pending.append(path)
      }
    }
  }
}
