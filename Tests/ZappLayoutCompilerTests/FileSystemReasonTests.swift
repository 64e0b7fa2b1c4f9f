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
    let unbridged = NSError(domain: NSCocoaErrorDomain, code: 514, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENAMETOOLONG)])
    XCTAssertEqual(WritableFolder.plain(unbridged), "File name too long")
  }

  /// A path longer than the system takes: the reason is the system's, and it shows after the
  /// path however long the path is.
  func testAnOutputPathTooLongSaysSo() throws {
    let dir = NSTemporaryDirectory() + "zlc-reason-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let deep = dir + "/" + Array(repeating: String(repeating: "abcdefghij", count: 20), count: 25).joined(separator: "/") + "/out"
    let folder = try OutputFolder.validate(deep, kind: .preview, project: nil)
    XCTAssertThrowsError(try folder.replace { _, _, _ in }) { error in
      XCTAssertTrue("\(error)".hasPrefix("cannot create the folder of '\(dir)/abcdefghij"), "\(error)")
      XCTAssertTrue("\(error)".hasSuffix("': File name too long"), "\(error)")
      let printed = DiagnosticPrinter.shown("\(error)")
      XCTAssertTrue(printed.hasSuffix("': File name too long"), "cut in the middle: \(printed.suffix(60))")
      XCTAssertLessThanOrEqual(printed.unicodeScalars.count, DiagnosticPrinter.shownMessageLimit)
    }
  }
}
