import Foundation
import Synchronization

/// The output a command is about to replace, read while its staging folder is filled: a file of
/// the new output whose bytes are those of the same file in the earlier output is linked to that
/// file (a hard link) instead of being written again. Creating and writing thousands of files is
/// most of a rebuild's time, and a link creates no file and writes no data.
///
/// A file is reused only when it is a regular file of exactly the new bytes, with no other link
/// (a copy made with `cp -al` stays apart from the output), and with the owner, group and
/// permissions a new file would get; links are never followed and nothing but a regular file is
/// opened. zlc never writes into an existing file, so an earlier output and the new one sharing a
/// file cannot change each other. A file changed while it was read is not reused. Where the file
/// system has no hard links, the first failed link turns reuse off.
package final class EarlierOutput: Sendable {
  private let staging: String
  private let root: Int32
  /// The owner, group and permission bits a file created in the staging folder gets.
  private let owner: uid_t
  private let group: gid_t
  private let mode: mode_t
  /// Open folders of the earlier output by path in it ("" is the output itself).
  private let folders: Mutex<[String: Int32]>
  /// Cleared when the file system refuses a hard link: every later file is written.
  private let linking = Atomic(true)

  /// The earlier output at `output` for a staging folder that already holds `probe`, a file zlc
  /// created there (whose owner and mode a new file gets); nil when there is no earlier output.
  package init?(output: String, staging: String, probe: String) {
    var probeStatus = stat()
    guard stat(probe, &probeStatus) == 0 else { return nil }
    let root = open(output, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard root >= 0 else { return nil }
    self.staging = staging
    self.root = root
    owner = probeStatus.st_uid
    group = probeStatus.st_gid
    mode = probeStatus.st_mode & 0o7777
    folders = Mutex(["": root])
  }

  deinit {
    folders.withLock { opened in
      for fd in opened.values where fd >= 0 { _ = close(fd) }
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
    // Paths are bytes: compared, split and cut by their UTF-8 (a file's every page goes through here).
    let slash = UInt8(ascii: "/")
    guard linking.load(ordering: .relaxed), path.utf8.count > staging.utf8.count + 1, path.utf8.starts(with: staging.utf8),
      path.utf8.dropFirst(staging.utf8.count).first == slash
    else { return nil }
    let relative = Substring(path.utf8.dropFirst(staging.utf8.count + 1))
    let parts = relative.utf8.split(separator: slash, omittingEmptySubsequences: false)
    guard !parts.contains(where: { $0.isEmpty || $0.elementsEqual(".".utf8) || $0.elementsEqual("..".utf8) }) else { return nil }
    let last = relative.utf8.lastIndex(of: slash)
    let folderPath = last.map { String(relative[..<$0]) } ?? ""
    let name = last.map { String(relative[relative.utf8.index(after: $0)...]) } ?? String(relative)
    let folder = self.folder(folderPath)
    guard folder >= 0 else { return nil }
    // Looked at before it is opened: opening a named pipe or a device could block or act.
    var named = stat()
    guard fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0, isReusable(named, size: size) else { return nil }
    let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    let file = EarlierFile(fd: fd, folder: folder, name: name, owner: self)
    guard fstat(fd, &file.status) == 0, file.status.st_ino == named.st_ino, file.status.st_dev == named.st_dev,
      isReusable(file.status, size: size)
    else { return nil }
    return file
  }

  /// Whether a file of this status may be reused: regular, with no other link, the owner, group
  /// and permissions of a new file, and `size` bytes when a size is given.
  private func isReusable(_ status: stat, size: Int?) -> Bool {
    status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1 && (size.map { status.st_size == $0 } ?? true)
      && status.st_mode & 0o7777 == mode && status.st_uid == owner && status.st_gid == group
  }

  /// Links `earlier` at `path` in the staging folder; false, with nothing made, when that fails or
  /// when the file was written by another process since it was opened.
  package func link(_ earlier: EarlierFile, to path: String) -> Bool {
    guard linkat(earlier.folder, earlier.name, AT_FDCWD, path, 0) == 0 else {
      if [EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(errno) { linking.store(false, ordering: .relaxed) }
      return false
    }
    // The name could have been given another file after it was read: the link must be that file,
    // unchanged since it was compared.
    var linked = stat()
    if lstat(path, &linked) == 0, linked.st_ino == earlier.status.st_ino, linked.st_dev == earlier.status.st_dev,
      earlier.isUnchanged
    {
      return true
    }
    unlink(path)
    return false
  }

  /// The earlier output's folder at `path` in it, opened without following links; -1 when it has none.
  private func folder(_ path: String) -> Int32 {
    folders.withLock { opened in
      if let fd = opened[path] { return fd }
      var fd = root
      var walked = ""
      for part in path.split(separator: "/") {
        walked += walked.isEmpty ? String(part) : "/" + part
        if let known = opened[walked] {
          fd = known
          continue
        }
        fd = fd < 0 ? -1 : openat(fd, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        opened[walked] = fd
      }
      return fd
    }
  }
}

/// A file of the earlier output, open for reading while it is compared with a new one.
package final class EarlierFile {
  private let fd: Int32
  /// Its folder, open in `owner`, which this file keeps alive.
  let folder: Int32
  let name: String
  let owner: EarlierOutput
  /// Its status when it was opened.
  var status = stat()

  init(fd: Int32, folder: Int32, name: String, owner: EarlierOutput) {
    self.fd = fd
    self.folder = folder
    self.name = name
    self.owner = owner
  }

  deinit { close(fd) }

  /// Its size in bytes.
  package var size: Int { Int(status.st_size) }

  /// Whether its size and modification time are still those it was opened with: nobody wrote it
  /// while it was read.
  package var isUnchanged: Bool {
    var now = stat()
    return fstat(fd, &now) == 0 && now.st_size == status.st_size && Self.modified(now) == Self.modified(status)
  }

  private static func modified(_ status: stat) -> [Int] {
    #if canImport(Darwin)
      [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
    #else
      [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
    #endif
  }

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
      if n == 0 { return ESTALE }  // shorter than when it compared equal: changed meanwhile
      let failure = BundleWriter.writeAll(target, UnsafeRawBufferPointer(start: buffer, count: n))
      if failure != 0 { return failure }
      done += n
    }
    return 0
  }
}
