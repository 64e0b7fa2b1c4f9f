import Foundation
import ZappModel

#if canImport(Glibc)
  import Glibc
#endif

/// The feeds folder `zlc serve --feeds` compares every 250 ms.
enum FeedsFolder {
  /// The feeds folder's feeds and near misses of one (`ProjectLoader.isFeedsFolderEntry`), listed by their names' bytes (`FolderListing`, so that a
  /// name that is not UTF-8 is followed as the build reports it), with what `stat` says of the file
  /// each names, links followed (a feed that is a link is read where it points, so an edit of its
  /// target is a change): device, inode, size, and modification and change times. A folder that
  /// cannot be listed (missing, or a file) differs from an empty one, so that making or removing it
  /// builds again.
  static func fingerprint(of folder: String) -> [String] {
    guard let entries = FolderListing.list(folder) else { return ["\u{0}unreadable"] }
    return entries.filter { ProjectLoader.isFeedsFolderEntry($0.name) }.map { entry in
      // The name's bytes tell `f\xff.json` from the `f\u{FFFD}.json` it shows as.
      let name = entry.isUTF8 ? entry.name : entry.bytes.map { String(format: "%%%02X", $0) }.joined()
      var status = stat()
      let path = Array(folder.utf8) + [UInt8(ascii: "/")] + entry.bytes + [0]
      let found = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &status) }
      }
      guard found == 0 else { return "\(name)\tmissing" }
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
