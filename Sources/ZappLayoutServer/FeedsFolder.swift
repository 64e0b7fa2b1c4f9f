import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The feeds folder `zlc serve --feeds` compares every 250 ms.
enum FeedsFolder {
  /// The feeds folder's `*.json` files with what `stat` says of the file each names, links
  /// followed (a feed that is a link is read where it points, so an edit of its target is a
  /// change): device, inode, size, and modification and change times. A folder that cannot be
  /// listed (missing, or a file) differs from an empty one, so that making or removing it builds
  /// again.
  static func fingerprint(of folder: String) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ["\u{0}unreadable"] }
    let names = entries.filter { $0.hasSuffix(".json") }.sorted()
    return names.map { name in
      var status = stat()
      guard stat(folder + "/" + name, &status) == 0 else { return "\(name)\tmissing" }
      #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
      #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
      #endif
      return [
        name, "\(status.st_dev)", "\(status.st_ino)", "\(status.st_size)", "\(modified.tv_sec).\(modified.tv_nsec)",
        "\(changed.tv_sec).\(changed.tv_nsec)",
      ].joined(separator: "\t")
    }
  }
}
