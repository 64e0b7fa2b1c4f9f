#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// Reads a bundle's files by path with the system's own calls. `Data(contentsOf:)` goes through a
/// `URL`, whose `path` it works out again for every file: some 50,000 instructions a file, more
/// than parsing a small screen.
enum FileBytes {
  /// Why a file could not be read: the system's message (`No such file or directory`).
  struct ReadError: Error {
    let reason: String
    /// The file opened is outside the folder it had to be in (a link swapped after it was checked).
    var isOutside = false
  }

  /// The bytes of the regular file at `path`, read to its end (a file that grows while it is read gives
  /// every byte up to the end the last read saw); a file of more than `maxBytes` bytes, by its size
  /// or by what it gives while read (one that grows without end), throws without being read whole.
  /// With `root` (a real path), the file opened must be the one at a real path inside that
  /// folder, looked up once it is open (its device and inode compared): a link swapped after a
  /// check of the path cannot lead outside. `beforeOpen` runs just before the file is opened
  /// (tests swap a link there).
  static func read(
    _ path: String, maxBytes: Int, inside root: String? = nil, beforeOpen: () -> Void = {}
  ) throws(ReadError) -> [UInt8] {
    beforeOpen()
    // Without waiting: a FIFO is opened at once, and then turned down as not a regular file.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
    if let root, !isFile(status, at: path, inside: root) { throw ReadError(reason: "it is outside the folder", isOutside: true) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw ReadError(reason: "not a regular file") }
    // Refused by its size before anything is allocated: a sparse file of 50 GB costs nothing.
    let size = Int(status.st_size)
    guard size <= maxBytes else { throw tooLarge(size, maxBytes) }
    // One buffer, one byte more than the size, filled by as many reads as the system takes, so
    // that the read that sees the end needs no other; a file that grew doubles it, up to one byte
    // past `maxBytes`, which the file must not fill.
    var capacity = max(size, 0) + 1
    var bytes: [UInt8] = []
    while true {
      let (filled, atEnd, failed) = fill(descriptor, after: bytes, capacity: capacity)
      if let failed { throw failure(failed) }
      bytes = filled
      if bytes.count > maxBytes { throw tooLarge(nil, maxBytes) }
      if atEnd { return bytes }
      capacity = min(capacity * 2, maxBytes + 1)
    }
  }

  /// A file above the limit: its size when `stat` gave it, else one that grew past it while read.
  private static func tooLarge(_ size: Int?, _ maxBytes: Int) -> ReadError {
    let what = size.map { "it is \($0) bytes" } ?? "it grew past the limit while it was read"
    return ReadError(reason: "\(what); the runtime reads files of at most \(maxBytes) bytes")
  }

  /// `bytes` and what the file gives after them, read until `capacity` bytes are held or the file
  /// ends; the error code of a read that failed.
  private static func fill(
    _ descriptor: Int32, after bytes: [UInt8], capacity: Int
  ) -> (bytes: [UInt8], atEnd: Bool, failure: Int32?) {
    var failure: Int32?
    var atEnd = false
    let filled = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      let base = buffer.baseAddress!
      var count = bytes.count
      bytes.withUnsafeBufferPointer { old in
        if let start = old.baseAddress { base.update(from: start, count: count) }
      }
      while count < capacity {
        let got = systemRead(descriptor, base + count, capacity - count)
        if got < 0, errno == EINTR { continue }
        if got < 0 {
          failure = errno
          break
        }
        if got == 0 {
          atEnd = true
          break
        }
        count += got
      }
      initialized = count
    }
    return (filled, atEnd, failure)
  }

  /// The absolute path of `path` with every link, `.` and `..` resolved (`realpath`); nil when it
  /// cannot be resolved (a part is missing or unreadable).
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `file` as a message shows it: a control character (a NUL, a line break) as JSON writes it.
  static func shown(_ file: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }
    guard file.unicodeScalars.contains(where: isControl) else { return file }
    return file.unicodeScalars.map { scalar in
      guard isControl(scalar) else { return String(scalar) }
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }.joined()
  }

  /// Whether the absolute `path` is `root` or below it, compared byte by byte (`hasPrefix`
  /// compares canonically equivalent text as equal).
  static func isPath(_ path: String, inside root: String) -> Bool {
    path.utf8.starts(with: root == "/" ? root.utf8 : (root + "/").utf8)
  }

  /// Whether the file `opened` describes is the one at `path`'s real path, and that is inside `root`.
  private static func isFile(_ opened: stat, at path: String, inside root: String) -> Bool {
    // The folder itself (a path of `.`) is inside, as a folder it holds is: not a regular file.
    guard let real = realPath(path), real == root || isPath(real, inside: root) else { return false }
    var found = stat()
    return stat(real, &found) == 0 && found.st_dev == opened.st_dev && found.st_ino == opened.st_ino
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>?, _ count: Int) -> Int {
    #if canImport(Darwin)
      return Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
      return Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      return Musl.read(descriptor, buffer, count)
    #else
      return Android.read(descriptor, buffer, count)
    #endif
  }

  private static func failure(_ code: Int32) -> ReadError { ReadError(reason: String(cString: strerror(code))) }
}
