import Foundation
import XCTest

/// `zlc build` draws a progress bar while it writes screens: on a terminal after a second by
/// default, always with `--progress always`, never when piped; it is erased before the summary.
/// `zlc preview` draws the same bar while it writes pages.
final class ProgressTests: XCTestCase {
  func testTheBarIsDrawnWhenAskedAndErasedBeforeTheSummary() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let out = dir.appendingPathComponent("out")
    let drawn = try zlc(["build", project.path, "-o", out.path, "--progress", "always"])
    XCTAssertEqual(drawn.status, 0, drawn.err)
    XCTAssertTrue(drawn.err.hasPrefix("\rwriting [########################] 100% 10/10 screens\r\u{1B}[K"), drawn.err.debugDescription)
    XCTAssertTrue(
      drawn.err.hasSuffix("\u{1B}[Kwrote \(out.path): 10 screens, 23 sections, 3 devices (0 errors, 0 warnings in 13 files)\n"),
      drawn.err.debugDescription)

    // Piped (as here) the default draws nothing, and neither does `never`.
    for arguments in [[], ["--progress", "never"]] {
      let plain = try zlc(["build", project.path, "-o", out.path] + arguments)
      XCTAssertEqual(plain.status, 0, plain.err)
      XCTAssertFalse(plain.err.contains("\r"), plain.err.debugDescription)
    }
    // JSON output is never mixed with a bar.
    let json = try zlc(["build", project.path, "-o", out.path, "--progress", "always", "--format", "json"])
    XCTAssertFalse(json.err.contains("\r") || json.out.contains("\r"))
  }

  func testPreviewDrawsTheSameBarWhileItWritesPages() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let out = dir.appendingPathComponent("pages")
    let drawn = try zlc(["preview", project.path, "-o", out.path, "--progress", "always"])
    XCTAssertEqual(drawn.status, 0, drawn.err)
    XCTAssertTrue(drawn.err.hasPrefix("\rwriting [########################] 100% 10/10 pages\r\u{1B}[K"), drawn.err.debugDescription)
    XCTAssertTrue(drawn.err.hasSuffix("\u{1B}[Kwrote \(out.path)/index.html: 10 screens on 3 devices\n"), drawn.err.debugDescription)
    let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".html") }
    XCTAssertEqual(written.count, 11, "index.html and a page per screen")
    for arguments in [[], ["--progress", "never"]] {
      let plain = try zlc(["preview", project.path, "-o", out.path] + arguments)
      XCTAssertEqual(plain.status, 0, plain.err)
      XCTAssertFalse(plain.err.contains("\r"), plain.err.debugDescription)
    }
    let json = try zlc(["preview", project.path, "-o", out.path, "--progress", "always", "--format", "json"])
    XCTAssertFalse(json.err.contains("\r") || json.out.contains("\r"))
  }
}
