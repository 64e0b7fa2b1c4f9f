import Foundation
import Synchronization

/// The output a command is about to replace, read while its staging folder is filled: a file of
/// the new output whose bytes are those of the same file in the earlier output is linked to that
/// file (a hard link) instead of being written again. Creating and writing thousands of files is
/// most of a rebuild's time, and a link creates no file and writes no data.
///
/// A file is reused only when it is a regular file of exactly the new bytes, with no other link
/// (a copy made with `cp -al` stays apart from the output), and with the owner, group and
/// permissions a new file would get; links are never followed. zlc never writes into an existing
/// file, so an earlier output and the new one sharing a file cannot change each other.
package final class EarlierOutput: Sendable {
  private let staging: String
  private let root: Int32
  /// The owner, group and permission bits a file created in the staging folder gets.
  private let owner: uid_t
  private let group: gid_t
  private let mode: mode_t
  /// Open folders of the earlier output by path in it ("" is the output itself).
  private let folders: Mutex<[String: Int32]>

  /// The earlier output at `output` for a staging folder that already holds `probe`, a file zlc
  /// created there (whose owner and mode a new file gets); nil when there is no earlier output.
  package init?(output: String, staging: String, probe: String) {
    var made = stat()
    guard stat(probe, &made) == 0 else { return nil }
    let root = open(output, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard root >= 0 else { return nil }
    self.staging = staging
    self.root = root
    owner = made.st_uid
    group = made.st_gid
    mode = made.st_mode & 0o7777
    folders = Mutex(["": root])
  }

  deinit {
    folders.withLock { open in
      for fd in open.values where fd >= 0 { _ = close(fd) }
    }
  }

  /// Puts `bytes` at `path`, a new file in the staging folder: linked from the earlier output when
  /// it holds the same file, else written. Returns 0 or the errno of what failed.
  package func place(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    if let earlier = file(for: path, size: bytes.count), earlier.holds(bytes, at: 0), link(earlier, to: path) { return 0 }
    return BundleWriter.writeFile(path, bytes)
  }

  /// The earlier output's file at the place of `path` (a path in the staging folder), open, when
  /// it may be reused: a regular file with no other link, and the owner, group and permissions of
  /// a new file; `size`, when given, must be its size too.
  package func file(for path: String, size: Int? = nil) -> EarlierFile? {
    guard path.hasPrefix(staging + "/") else { return nil }
    let relative = path.dropFirst(staging.count + 1)
    let slash = relative.lastIndex(of: "/")
    let folderPath = slash.map { String(relative[..<$0]) } ?? ""
    let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? String(relative)
    let folder = self.folder(folderPath)
    guard folder >= 0 else { return nil }
    let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    let file = EarlierFile(fd: fd, folder: folder, name: name)
    guard fstat(fd, &file.status) == 0, file.status.st_mode & S_IFMT == S_IFREG, file.status.st_nlink == 1,
      size.map({ file.status.st_size == $0 }) ?? true, file.status.st_mode & 0o7777 == mode, file.status.st_uid == owner,
      file.status.st_gid == group
    else { return nil }
    return file
  }

  /// Links `earlier` at `path` in the staging folder; false, with nothing made, when that fails.
  package func link(_ earlier: EarlierFile, to path: String) -> Bool {
    guard linkat(earlier.folder, earlier.name, AT_FDCWD, path, 0) == 0 else { return false }
    // The name could have been given another file after it was read: the link must be that file.
    var linked = stat()
    if lstat(path, &linked) == 0, linked.st_ino == earlier.status.st_ino, linked.st_dev == earlier.status.st_dev { return true }
    unlink(path)
    return false
  }

  /// The earlier output's folder at `path` in it, opened without following links; -1 when it has none.
  private func folder(_ path: String) -> Int32 {
    folders.withLock { open in
      if let fd = open[path] { return fd }
      var fd = root
      var walked = ""
      for part in path.split(separator: "/") {
        walked += walked.isEmpty ? String(part) : "/" + part
        if let known = open[walked] {
          fd = known
          continue
        }
        fd = fd < 0 ? -1 : openat(fd, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        open[walked] = fd
      }
      return fd
    }
  }
}

/// A file of the earlier output, open for reading while it is compared with a new one.
package final class EarlierFile {
  package let fd: Int32
  let folder: Int32
  let name: String
  var status = stat()

  init(fd: Int32, folder: Int32, name: String) {
    self.fd = fd
    self.folder = folder
    self.name = name
  }

  deinit { close(fd) }

  /// Its size in bytes.
  package var size: Int { Int(status.st_size) }

  /// Whether it holds exactly `bytes` from `offset` on (it may hold more after them).
  package func holds(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let chunk = min(bytes.count, 1 << 16)
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var done = 0
    while done < bytes.count {
      let n = pread(fd, buffer, min(chunk, bytes.count - done), off_t(offset + done))
      if n < 0, errno == EINTR { continue }
      guard n > 0, memcmp(buffer, base + done, n) == 0 else { return false }
      done += n
    }
    return true
  }

  /// Copies its first `count` bytes to the end of the file open at `target`; 0 or the errno.
  package func copy(first count: Int, to target: Int32) -> Int32 {
    let chunk = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var done = 0
    while done < count {
      let n = pread(fd, buffer, min(chunk, count - done), off_t(done))
      if n < 0, errno == EINTR { continue }
      if n < 0 { return errno }
      if n == 0 { return EIO }  // shorter than it was: never, for a file that compared equal
      let failure = BundleWriter.writeAll(target, UnsafeRawBufferPointer(start: buffer, count: n))
      if failure != 0 { return failure }
      done += n
    }
    return 0
  }
}
