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
/// `URL`, whose `path` it works out again for every file: some 40,000 instructions a file, more
/// than parsing a small screen.
enum FileBytes {
  /// Why a file could not be read: the system's message (`No such file or directory`).
  struct ReadError: Error {
    let reason: String
  }

  /// The bytes of the regular file at `path`, read to its end (a file that grows while it is read gives
  /// every byte up to the end the last read saw).
  static func read(_ path: String) throws(ReadError) -> [UInt8] {
    // Without waiting: a FIFO is opened at once, and then turned down as not a regular file.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure() }
    guard status.st_mode & S_IFMT == S_IFREG else { throw ReadError(reason: "not a regular file") }
    // One byte more than the size, so that a file that did not grow ends within the first buffer.
    var chunk = max(Int(status.st_size), 0) + 1
    var bytes: [UInt8] = []
    while true {
      let part = try readChunk(descriptor, upTo: chunk)
      if part.isEmpty { return bytes }
      if bytes.isEmpty { bytes = part } else { bytes.append(contentsOf: part) }
      chunk = max(chunk, 64 * 1024)
    }
  }

  /// What one `read` gives, up to `count` bytes; empty at the end of the file.
  private static func readChunk(_ descriptor: Int32, upTo count: Int) throws(ReadError) -> [UInt8] {
    var failed = false
    let part = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      while true {
        let got = systemRead(descriptor, buffer.baseAddress, count)
        if got < 0, errno == EINTR { continue }
        failed = got < 0
        initialized = max(got, 0)
        return
      }
    }
    if failed { throw failure() }
    return part
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

  private static func failure() -> ReadError { ReadError(reason: String(cString: strerror(errno))) }
}
