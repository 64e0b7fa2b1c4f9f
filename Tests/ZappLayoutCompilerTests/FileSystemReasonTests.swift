import Foundation
import XCTest

@testable import ZappWriters

/// File-system errors reach users in the system's words, never Foundation's "The operation could
/// not be completed".
final class FileSystemReasonTests: XCTestCase {
  /// A file put where the output's folder was to be made, after the output was checked, is named.
  func testAFileInTheWayOfTheOutputsFolderIsNamed() throws {
    let dir = NSTemporaryDirectory() + "zlc-reason-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let folder = try OutputFolder.validate(dir + "/made/sub/out", kind: .preview, project: nil)
    try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/made"))
    XCTAssertThrowsError(try folder.replace { _, _, _ in }) { error in
      XCTAssertEqual("\(error)", "cannot create the folder of '\(dir)/made/sub/out': '\(dir)/made' is a file, not a folder")
    }
  }

  func testFoundationErrorsAreGivenTheSystemsReason() {
    XCTAssertEqual(WritableFolder.plain(CocoaError(.fileWriteFileExists)), "File exists")
    XCTAssertEqual(WritableFolder.plain(CocoaError(.fileWriteUnknown)), "the system gave no reason")
    XCTAssertEqual(WritableFolder.plain(POSIXError(.ENOTDIR)), "Not a directory")
    let wrapped = NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: POSIXError(.EACCES) as NSError])
    XCTAssertEqual(WritableFolder.plain(wrapped), "Permission denied")
  }
}
