import Foundation
import ZappDiagnostics
import ZappLayout
import ZappResolution

/// One screen's bytes appended to `rivers.json` as they are encoded: one level deeper when pretty,
/// without the newline that ends a pretty file.
package final class RiversPiece {
  private let rivers: StreamingFile
  private let pretty: Bool
  /// A newline held back until more follows.
  private var heldNewline = false
  private var failure: Error?

  package init(_ rivers: StreamingFile, pretty: Bool) {
    self.rivers = rivers
    self.pretty = pretty
  }

  package func append(_ chunk: [UInt8]) {
    guard failure == nil, !chunk.isEmpty else { return }
    do {
      guard pretty else { return try rivers.append(chunk) }
      if heldNewline { try rivers.append(Array("\n  ".utf8)) }
      heldNewline = chunk.last == 0x0A
      try chunk.withUnsafeBufferPointer {
        try BundleWriter.appendIndented(UnsafeBufferPointer(rebasing: $0.dropLast(heldNewline ? 1 : 0)), to: rivers)
      }
    } catch {
      failure = error
    }
  }

  /// Throws what failed to be appended, if anything did.
  package func finish() throws { if let failure { throw failure } }
}

/// A new file written in order through a buffer, with plain POSIX calls. Given the earlier
/// output, it compares what it is given with the earlier file of its name instead of writing,
/// and links that file at the end when every byte was the same; at the first byte that differs it
/// creates the file, copies the equal bytes before it from the earlier file and writes on.
package final class StreamingFile {
  private let path: String
  private let shown: String
  /// The file, once created; -1 while the bytes are those of `earlier`.
  private var fd: Int32 = -1
  /// The earlier output's file the bytes so far are equal to; nil once they are written.
  private var earlier: EarlierFile?
  private let reuse: EarlierOutput?
  private var buffer: [UInt8] = []
  /// How many bytes left the buffer (written, or found equal to the earlier file's).
  private var emitted = 0
  private var closed = false
  /// Every byte appended, when made `keeping`; else nil.
  package private(set) var kept: [UInt8]?
  /// How many bytes were appended.
  package private(set) var size = 0

  package init(_ path: String, shown: String, keeping: Bool = false, reuse: EarlierOutput? = nil) throws {
    self.path = path
    self.shown = shown
    self.reuse = reuse
    kept = keeping ? [] : nil
    earlier = reuse?.file(for: path)
    if earlier == nil { try create() }
    buffer.reserveCapacity(Self.capacity)
  }

  private static let capacity = 1 << 18

  private func create() throws {
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 { throw failure(errno) }
  }

  private func failure(_ code: Int32) -> BundleWriter.WriteError {
    .io("cannot write '\(shown)': \(String(cString: strerror(code)))")
  }

  package func append(_ bytes: [UInt8]) throws { try bytes.withUnsafeBufferPointer { try append($0) } }

  /// Appends through the buffer; a run as large as the buffer goes straight to the file (or is
  /// compared with the earlier file).
  package func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    size += bytes.count
    kept?.append(contentsOf: bytes)
    if buffer.count + bytes.count > Self.capacity { try flush() }
    guard bytes.count >= Self.capacity else {
      buffer.append(contentsOf: bytes)
      return
    }
    try emit(UnsafeRawBufferPointer(bytes))
  }

  private func flush() throws {
    try buffer.withUnsafeBytes { try emit($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes the bytes after those emitted, or compares them while they equal the earlier file's.
  private func emit(_ bytes: UnsafeRawBufferPointer) throws {
    if let earlier {
      if emitted + bytes.count <= earlier.size, earlier.holds(bytes, at: emitted) {
        emitted += bytes.count
        return
      }
      try diverge(from: earlier)
    }
    let failure = BundleWriter.writeAll(fd, bytes)
    if failure != 0 { throw self.failure(failure) }
    emitted += bytes.count
  }

  /// Creates the file with the bytes found equal so far, copied from the earlier file.
  private func diverge(from earlier: EarlierFile) throws {
    self.earlier = nil
    guard earlier.isUnchanged else { throw changedMeanwhile }
    try create()
    let failure = earlier.copy(first: emitted, to: fd)
    guard failure == 0 || failure == ESTALE else { throw self.failure(failure) }
    guard failure == 0, earlier.isUnchanged else { throw changedMeanwhile }
  }

  /// The error for an earlier file that was written while zlc compared it.
  private var changedMeanwhile: BundleWriter.WriteError {
    .io("cannot write '\(shown)': the file it replaces changed while zlc read it; build again")
  }

  deinit {
    if !closed, fd >= 0 { _ = Foundation.close(fd) }
  }

  package func close() throws {
    try flush()
    if let earlier {
      if emitted == earlier.size, let reuse, reuse.link(earlier, to: path) {
        self.earlier = nil
        closed = true
        return
      }
      try diverge(from: earlier)
    }
    closed = true
    if Foundation.close(fd) != 0 { throw failure(errno) }
  }
}

/// One file of a bundle (a screen's, or `bundle.json`), written as the encoder hands over its
/// bytes and hashed as they go. A file that comes in one piece (below the flush threshold) is
/// placed whole, so a rebuild can link it from the earlier output when its bytes are unchanged.
package final class ScreenFile {
  /// What writing a screen file gave: its hash, its size, and its bytes when they came in one
  /// piece (a screen below the writer's flush threshold) or were all kept, else nil.
  package struct Written: Sendable {
    package var bytes: [UInt8]?
    package var size: Int
    package var hash: String
    /// 0, or the errno of what failed.
    package var failure: Int32
    /// Its bytes came in one piece and are not written yet (`write(placeLater: true)`): the caller places them.
    package var isPending = false
  }

  /// Bytes gathered before the encoder hands them over: a screen larger than this is streamed.
  package static let flushThreshold = 1 << 18

  private let path: String
  /// The file once a second piece came; -1 before.
  private var fd: Int32 = -1
  /// The first piece, held until a second follows (then the file is created) or the file ends.
  private var held: [UInt8]?
  private var hasher = Digest.SHA256Stream()
  private var kept: [UInt8]?
  private var size = 0
  private var failure: Int32 = 0
  private let keepAll: Bool

  private init(path: String, keepAll: Bool) {
    self.path = path
    self.keepAll = keepAll
  }

  /// Creates the file at `path` and writes into it what `encode` writes, in `form`; `keepAll`
  /// keeps the bytes of a screen of any size, `tee` is handed every piece as it is written, and
  /// `reuse` links a file of one piece from the earlier output when it holds the same bytes.
  /// With `placeLater`, a file of one piece is not created: its bytes come back, pending.
  package static func write(
    _ path: String, pretty: Bool = true, form: BundleForm = .compact, keepAll: Bool = false, tee: (([UInt8]) -> Void)? = nil,
    reuse: EarlierOutput? = nil, placeLater: Bool = false, encode: (inout JSONWriter) -> Void
  ) -> Written {
    let file = ScreenFile(path: path, keepAll: keepAll)
    var writer = JSONWriter(pretty: pretty, flushThreshold: flushThreshold) { bytes in
      file.receive(bytes)
      tee?(bytes)
    }
    writer.bundleForm = form
    encode(&writer)
    writer.finish()
    let isPending = placeLater && file.fd < 0 && file.failure == 0
    if !isPending { file.finish(reuse: reuse) }
    var written = Written(bytes: file.kept, size: file.size, hash: file.hasher.finalizedHex(), failure: file.failure)
    written.isPending = isPending
    if isPending, written.bytes == nil { written.bytes = [] }  // a file of no piece at all
    return written
  }

  private func receive(_ bytes: [UInt8]) {
    hasher.update(bytes)
    if fd >= 0 || failure != 0 {
      writeOut(bytes)
    } else if let first = held {
      writeOut(first)
      writeOut(bytes)
      held = nil
    } else {
      held = bytes
    }
    if keepAll, size > 0 { kept?.append(contentsOf: bytes) } else { kept = size == 0 ? bytes : nil }
    size += bytes.count
  }

  /// Writes a piece of a file of several, creating the file with the first.
  private func writeOut(_ bytes: [UInt8]) {
    guard failure == 0 else { return }
    if fd < 0 {
      fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)
      if fd < 0 {
        failure = errno
        return
      }
    }
    failure = BundleWriter.writeAll(fd, bytes)
  }

  /// Closes the file; a file of one piece (or none) is placed whole.
  private func finish(reuse: EarlierOutput?) {
    guard fd >= 0 else {
      if failure == 0 { failure = BundleWriter.writeFile(path, held ?? [], reuse: reuse) }
      return
    }
    if close(fd) != 0, failure == 0 { failure = errno }
  }
}
