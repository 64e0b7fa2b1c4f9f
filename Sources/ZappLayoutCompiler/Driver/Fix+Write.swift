import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders
import ZappWriters

extension FixApplier {
  /// Writes each file's new bytes atomically (a file beside it, renamed over it), keeping its
  /// permissions and, where the process may, its owner. A file read through a link (one inside the
  /// project: zlc follows no other) is written where the link points, and the link stays a link.
  ///
  /// A file no one may write (no write bit: read-only on purpose), or one in a folder no one may
  /// write, is left as it is, and so are a file the running user may not write (another user's,
  /// which replacing would give a new owner), a file with hard links (its other names would keep
  /// the old bytes, the new file parted from them) and a file that cannot be written; each is a
  /// ZL0100 error naming it, and the other files are written. So is a file changed since the check
  /// read it (an editor saved it meanwhile): the fixes were made for bytes it no longer holds. The
  /// file written beside one is removed if a stop signal ends zlc meanwhile (`StopSignals`).
  /// Returns those errors.
  public static func write(_ fixes: [FileFix]) -> [Diagnostic] {
    fixes.compactMap { fix in
      let path = WorkingFolder.physicalPath(fix.path) ?? fix.path
      guard let reason = replace(path, with: fix.after, expecting: fix.before) else { return nil }
      return IOErrorRule.Message.fixNotWritten(because: reason).diagnostic(at: nil, path: fix.path)
    }
  }

  /// The error that refuses a file's fixes when its new bytes would not read back as its old ones
  /// did (a JSON or XML syntax error, a duplicate key or attribute, that the old bytes lacked); nil
  /// when they read as well.
  public static func refusal(of fix: FileFix) -> Diagnostic? {
    let lower = fix.path.lowercased()
    let isXML = lower.hasSuffix(".xml")
    guard isXML || lower.hasSuffix(".json") else { return nil }
    /// The reader's errors, and whether it read a document at all.
    func read(_ bytes: [UInt8]) -> (errors: [Diagnostic], unreadable: Bool) {
      let file = SourceFile(path: fix.path, bytes: bytes)
      if isXML {
        let result = XMLReader.read(file)
        return (result.diagnostics.filter { $0.severity == .error }, result.root == nil)
      }
      let result = JSONReader.read(file)
      return (result.diagnostics.filter { $0.severity == .error }, result.document == nil)
    }
    let before = read(fix.before)
    let after = read(fix.after)
    guard (after.unreadable && !before.unreadable) || after.errors.count > before.errors.count else { return nil }
    let new = after.errors.first { d in !before.errors.contains { $0.message == d.message } } ?? after.errors.first
    let problem = new.map { d in (d.spot.map { "line \($0.location.line): " } ?? "") + d.message } ?? "it would not read back"
    return IOErrorRule.Message.fixNotWritten(because: "the fixed file would not read back (\(problem)); fix it by hand")
      .diagnostic(at: nil, path: fix.path)
  }

  /// Replaces the file at `path` by `bytes` unless it no longer holds `expected`; the reason it
  /// could not, or nil. `onWritten` is given the file written beside it once written, before it is
  /// checked against `expected` and takes the file's place.
  static func replace(
    _ path: String, with bytes: [UInt8], expecting expected: [UInt8], onWritten: (String) -> Void = { _ in }
  ) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return String(cString: strerror(errno)) }
    guard status.st_mode & 0o222 != 0 else { return "it is read-only" }
    // Another user's file, which the folder would let this one replace, would change owner (and
    // perhaps group): not written, whatever its permissions. Root gives the file back its owner.
    guard geteuid() == 0 || status.st_uid == geteuid() else { return "it belongs to another user" }
    guard geteuid() == 0 || access(path, W_OK) == 0 else { return "you may not write it" }
    // A new file in its place would leave its other names with the old bytes.
    guard status.st_nlink <= 1 else { return "it has \(status.st_nlink) hard links, which replacing it would part; fix it by hand" }
    // Beside the file, named after it (shortened where the name is too long to take the tag).
    let name = (path as NSString).lastPathComponent
    let stem = SiblingName.stem(name, leaving: ".zlc-fix-XXXXXX".utf8.count)
    let folder = String(path.unicodeScalars.dropLast(name.unicodeScalars.count))
    // A folder made read-only is kept as it is, even for root, as `zlc build` and `zlc init` keep it.
    if let refusal = WritableFolder.refusal(folder.isEmpty ? "." : folder) { return "its folder " + refusal }
    var template = Array((folder + stem + ".zlc-fix-XXXXXX").utf8CString)
    // Removed if a stop signal (Ctrl-C) ends zlc before it takes the file's place or is removed.
    var descriptor: Int32 = -1
    var creationError: Int32 = 0
    let made = StopSignals.removeOnStop(creating: {
      descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      creationError = errno
      return descriptor < 0 ? nil : String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    })
    guard let temporary = made else { return "cannot write beside it: " + String(cString: strerror(creationError)) }
    defer { StopSignals.forget(temporary) }
    var failure: String?
    var written = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let n = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if n < 0, errno == EINTR { continue }
        guard n > 0 else {
          failure = String(cString: strerror(errno))
          return
        }
        written += n
      }
    }
    // The owner first (only a privileged process may give a file away), then the permissions,
    // which a change of owner may clear.
    if failure == nil, status.st_uid != geteuid() || status.st_gid != getegid() {
      _ = fchown(descriptor, status.st_uid, status.st_gid)
    }
    if failure == nil, fchmod(descriptor, status.st_mode & 0o7777) != 0 { failure = String(cString: strerror(errno)) }
    // After the permissions: an access control list sets the group's bits as its mask.
    if failure == nil { failure = ExtendedAttributes.copy(from: path, to: descriptor) }
    if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    close(descriptor)
    if failure == nil { onWritten(temporary) }
    guard failure == nil else {
      unlink(temporary)
      return failure
    }
    return swapIn(temporary, at: path, expecting: expected)
  }

  /// Why a file's fixes were not written when it changed after the check read it.
  package static let changedSinceRead = "it changed since zlc read it; run the fix again"

  /// Puts the file `temporary` in the place of `path` if the file there still holds `expected`;
  /// the reason it did not, or nil. Both are exchanged in one step, and the file taken out is then
  /// compared with `expected`: a save made at any time before the exchange is seen, and put back
  /// (unless another has been saved since, which is kept). Where the file system cannot exchange,
  /// the file is compared, then replaced. `temporary` is gone either way.
  package static func swapIn(_ temporary: String, at path: String, expecting expected: [UInt8]) -> String? {
    // After the exchange `temporary` may name the user's file, so it is done whole while no stop
    // signal removes what zlc registered (a stop waits for it, and then finds `temporary` gone);
    // a stop begun before holds this thread and removes `temporary`, still the fixed file.
    defer { StopSignals.forget(temporary) }
    return StopSignals.unlessStopping { exchangeIn(temporary, at: path, expecting: expected) }
  }

  /// `swapIn(_:at:expecting:)`'s exchange, its comparison and what follows.
  private static func exchangeIn(_ temporary: String, at path: String, expecting expected: [UInt8]) -> String? {
    func holds(_ file: String) -> Bool { FileManager.default.contents(atPath: file).map { [UInt8]($0) } == expected }
    var fixed = stat()
    let exchanged = stat(temporary, &fixed) == 0 ? OutputFolder.exchange(temporary, path) : ENOENT
    guard exchanged == 0 else {
      // No exchange here (or no file at `path` to exchange with): compare, then rename at once.
      var failure: String?
      if !holds(path) {
        failure = changedSinceRead
      } else if rename(temporary, path) != 0 {
        failure = String(cString: strerror(errno))
      }
      if failure != nil { unlink(temporary) }
      return failure
    }
    // `temporary` now names the file that was at `path`.
    if holds(temporary) {
      unlink(temporary)
      return nil
    }
    // A save came before the exchange: it goes back, if the fixed file is still in its place.
    var now = stat()
    if lstat(path, &now) == 0, now.st_dev == fixed.st_dev, now.st_ino == fixed.st_ino {
      _ = OutputFolder.exchange(temporary, path)
    }
    unlink(temporary)
    return changedSinceRead
  }
}
