import Foundation

/// The names in a folder as the file system holds them (`opendir`/`readdir`), so that a name that
/// is not UTF-8 is told from a valid one: Foundation's listing gives both with U+FFFD, and a file
/// named `\xff.json` and one named `\u{FFFD}.json` would list alike, the first never read.
package enum FolderListing {
  package enum Kind { case folder, file, link, other, unknown }

  package struct Entry {
    /// The name as UTF-8, each byte that is not UTF-8 as U+FFFD when `isUTF8` is false.
    package let name: String
    /// The name's bytes, as the file system holds them.
    package let bytes: [UInt8]
    package let kind: Kind
    package var isUTF8: Bool { Array(name.utf8) == bytes }

    /// Whether the entry could be a folder (a folder, a link, or of a kind not known).
    package var couldBeFolder: Bool { kind == .folder || kind == .link || kind == .unknown }
  }

  /// The entries of the folder at `path`, but `.` and `..`, sorted by name, names equal as Swift
  /// strings by their bytes; nil when it cannot be read.
  package static func list(_ path: String) -> [Entry]? {
    var failure: Int32 = 0
    return list(path, failure: &failure)
  }

  /// `list(_:)`, with the system's error number in `failure` when the folder cannot be read.
  package static func list(_ path: String, failure: inout Int32) -> [Entry]? {
    guard let dir = opendir(path) else {
      failure = errno
      return nil
    }
    defer { closedir(dir) }
    var entries: [Entry] = []
    while true {
      errno = 0
      guard let entry = readdir(dir) else {
        if errno != 0 {
          failure = errno
          return nil
        }
        break
      }
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      var type = Self.kind(of: Int(entry.pointee.d_type))
      let name = String(decoding: bytes, as: UTF8.self)
      if type == .unknown && Array(name.utf8) != bytes {
        // Looked at by its bytes, never by a name that is not its own.
        var status = stat()
        let found = (bytes + [0]).withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { fstatat(dirfd(dir), $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) }
        }
        if found == 0 { type = Self.kind(ofMode: status.st_mode) }
      }
      entries.append(Entry(name: name, bytes: bytes, kind: type))
    }
    return entries.sorted { $0.name != $1.name ? $0.name < $1.name : $0.bytes.lexicographicallyPrecedes($1.bytes) }
  }

  private static func kind(of type: Int) -> Kind {
    switch type {
    case Int(DT_DIR): return .folder
    case Int(DT_REG): return .file
    case Int(DT_LNK): return .link
    case Int(DT_UNKNOWN): return .unknown
    default: return .other
    }
  }

  private static func kind(ofMode mode: mode_t) -> Kind {
    switch mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFREG: return .file
    case S_IFLNK: return .link
    default: return .other
    }
  }
}
