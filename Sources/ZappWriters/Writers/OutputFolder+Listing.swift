import Foundation
import ZappDiagnostics
import ZappModel
import ZappRules

extension OutputFolder {
  /// The names in the output's folder `relative` ("" for the output itself), sorted
  /// (`FolderListing`); a folder removed meanwhile holds nothing. One that cannot be listed stops
  /// the write (`unlistable`): what it holds cannot be told to be zlc's.
  func names(in relative: String) throws -> [String] {
    var failure: Int32 = 0
    guard let entries = FolderListing.list(relative.isEmpty ? path : path + "/" + relative, failure: &failure) else {
      if failure == ENOENT { return [] }
      throw unlistable(relative, failure)
    }
    return entries.map(\.name)
  }

  /// The failure for the output's folder `relative` ("" for the output itself) that cannot be
  /// listed (or, `searched`, whose entries cannot be looked at), for the system's reason `code`: an
  /// I/O failure, which keeps the output as it is.
  func unlistable(_ relative: String, _ code: Int32, searched: Bool = false) -> BundleWriter.WriteError {
    let folder = relative.isEmpty ? shown : shown + "/" + relative
    return .io(
      "cannot replace '\(shown)': '\(folder)' cannot be \(searched ? "searched" : "listed") (\(String(cString: strerror(code)))); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder"
    )
  }

  /// Stops the write where the output's folder `relative` can be listed but not searched: its
  /// entries, the marker among them, cannot be looked at (`unlistable`).
  func requireSearchable(_ relative: String) throws {
    let folder = relative.isEmpty ? path : path + "/" + relative
    if faccessat(AT_FDCWD, folder, X_OK, AT_EACCESS) != 0, case let code = errno, code != ENOENT {
      throw unlistable(relative, code, searched: true)
    }
  }

  /// The system's reason the folder's marker cannot be looked at (a folder that can be listed but
  /// not searched) or, a regular file, cannot be read; nil when it reads, is not there, or is no
  /// regular file (a link named so marks nothing, as `readMarker` reads it).
  static func unreadableMarker(in path: String) -> Int32? {
    var status = stat()
    guard lstat(path + "/" + markerName, &status) == 0 else { return errno == ENOENT ? nil : errno }
    guard status.st_mode & S_IFMT == S_IFREG else { return nil }
    let fd = open(path + "/" + markerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return errno }
    defer { close(fd) }
    var byte: UInt8 = 0
    return read(fd, &byte, 1) < 0 ? errno : nil
  }

  /// The finding for an output `validate` did not accept, and whether it is an I/O failure
  /// (ZL0100, exit status 74: a folder or marker of the output could not be read) rather than a
  /// refusal (ZL0111, exit status 64).
  package static func notAccepted(_ error: any Error, output: String) -> (diagnostic: Diagnostic, isIOFailure: Bool) {
    if error is BundleWriter.WriteError { return (IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output), true) }
    return (OutputRefusedRule.Message.refused(error).diagnostic(at: nil, path: output), false)
  }
}
