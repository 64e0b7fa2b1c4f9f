import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// `BundleWriter` returns what it wrote: every file of the output (but the marker) with its size
/// and hash, the bytes it was asked to keep, and each bundle's sections.
final class WrittenBundleTests: XCTestCase {
  /// Every regular file under `folder`, by its relative path, but the output folder's marker.
  func filesOnDisk(_ folder: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: folder))
    for case let path as String in walker where path != OutputFolder.markerName {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
        files[path] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
      }
    }
    return files
  }

  /// Builds `project` keeping every file (or none) and compares the value with the output.
  func check(_ project: String, options: BundleWriter.Options, keepAll: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
    var options = options
    if keepAll { options.keep = { _, _ in true } }
    let out = project + "/build-\(UUID().uuidString.prefix(8))"
    let outcome = Driver.build(project, output: out, bundle: options)
    XCTAssertEqual(outcome.status, .success, file: file, line: line)
    let written = try XCTUnwrap(outcome.bundle, file: file, line: line)
    let disk = try filesOnDisk(out)
    XCTAssertEqual(Set(written.files.map(\.path)), Set(disk.keys), file: file, line: line)
    XCTAssertEqual(written.files.count, disk.count, "each file once", file: file, line: line)
    for entry in written.files {
      let bytes = try XCTUnwrap(disk[entry.path], file: file, line: line)
      XCTAssertEqual(entry.size, bytes.count, entry.path, file: file, line: line)
      XCTAssertEqual(entry.bytes, keepAll ? bytes : nil, entry.path, file: file, line: line)
      // A kept file holds no more room than its bytes take (what the allocator rounds up: pages,
      // or macOS's 32 KiB quanta), not a writer's buffer or an array grown by appending.
      if let kept = entry.bytes { XCTAssertLessThan(kept.capacity - kept.count, 1 << 16, entry.path, file: file, line: line) }
      if entry.path.hasSuffix("rivers.json") {
        let bundle = try XCTUnwrap(written.bundles.first { $0.path("rivers.json") == entry.path }, file: file, line: line)
        let screens = written.files.filter { $0.path.hasPrefix(bundle.path("screens/")) }.map(\.hash)
        XCTAssertEqual(entry.hash, BundleWriter.riversHash(screenHashes: screens), file: file, line: line)
        // The screens' hashes, in order, one a line.
        XCTAssertEqual(entry.hash, Digest.sha256Hex(Array(screens.joined(separator: "\n").utf8)), file: file, line: line)
      } else {
        XCTAssertEqual(entry.hash, Digest.sha256Hex(bytes), entry.path, file: file, line: line)
      }
    }
    // The sections counted as they were written are those the resolver gives.
    let resolver = Resolver(project: outcome.check.project)
    let sections = outcome.check.project.screens.reduce(0) { $0 + resolver.leafComponents($1).count }
    XCTAssertEqual(written.bundles.map(\.sections), Array(repeating: sections, count: written.bundles.count), file: file, line: line)
    XCTAssertEqual(outcome.sections, sections, file: file, line: line)
  }

  func testTheDemo() throws {
    let demo = try makeProject([:])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: demo) }
    try FileManager.default.removeItem(atPath: demo)
    try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("manifests").path, toPath: demo)
    for keepAll in [false, true] {
      try check(demo, options: BundleWriter.Options(), keepAll: keepAll)
      try check(demo, options: BundleWriter.Options(form: .expanded, pretty: true), keepAll: keepAll)
    }
  }

  /// Batches of two screens: the files of one are written while the next is encoded, and the
  /// bundle is the one a single batch gives, `rivers.json` the screen files in order.
  func testScreensWrittenBatchAfterBatch() throws {
    let demo = try makeProject([:])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: demo) }
    try FileManager.default.removeItem(atPath: demo)
    try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("manifests").path, toPath: demo)
    for (form, pretty) in [(BundleForm.compact, false), (.expanded, true)] {
      var options = BundleWriter.Options(form: form, pretty: pretty)
      let whole = demo + "/whole-\(form)"
      XCTAssertEqual(Driver.build(demo, output: whole, bundle: options).status, .success)
      options.screenBatch = 2
      for keepAll in [false, true] { try check(demo, options: options, keepAll: keepAll) }
      let batched = demo + "/batched-\(form)"
      XCTAssertEqual(Driver.build(demo, output: batched, bundle: options).status, .success)
      let files = try filesOnDisk(batched)
      XCTAssertEqual(files, try filesOnDisk(whole), "\(form)")
      guard !pretty else { continue }
      let paths = try XCTUnwrap(Driver.build(demo, output: batched, bundle: options).bundle).files.map(\.path)
      let screens = paths.filter { $0.hasPrefix("screens/") }
      XCTAssertGreaterThan(screens.count, 4)
      let joined = screens.map { files[$0] ?? [] }.joined(separator: Array(",".utf8))
      XCTAssertEqual(files["rivers.json"], Array("[".utf8) + joined + Array("]".utf8))
    }
  }

  /// A screen's file that cannot be created fails the build with its path, after the batches
  /// before it, and nothing waits forever.
  func testAScreenFileThatCannotBeWrittenStopsTheWrite() throws {
    let outcome = Driver.check(repositoryRoot.appendingPathComponent("manifests").path)
    XCTAssertEqual(outcome.status, .success)
    let folder = NSTemporaryDirectory() + "zlc-stage-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    var options = BundleWriter.Options()
    options.screenBatch = 2
    let writer = BundleWriter(project: outcome.project, options: options)
    let blocked = try XCTUnwrap(writer.paths.dropFirst(5).first)
    try FileManager.default.createDirectory(atPath: folder + "/" + blocked, withIntermediateDirectories: true)
    XCTAssertThrowsError(try writer.writeFiles(into: folder, shown: "out")) { error in
      XCTAssertEqual("\(error)", "cannot write 'out/\(blocked)': File exists")
    }
  }

  /// A screen above the flush threshold: kept whole when asked, and in `rivers.json` either way.
  func testAScreenLargerThanTheFlushThreshold() throws {
    let components = Array(repeating: Example.grid, count: 2000).joined(separator: ", ")
    let dir = try makeProject(["screens/home.json": Example.home, "screens/o.json": Example.screen(components)])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    // Teed by the size of its input, or encoded again for rivers.json when its input looked small.
    for (keepAll, teedInputBytes) in [(false, 0), (true, 0), (false, Int.max), (true, Int.max), (false, 1 << 16)] {
      for (form, pretty) in [(BundleForm.expanded, true), (.compact, false), (.compact, true)] {
        var options = BundleWriter.Options(form: form, pretty: pretty)
        options.teedInputBytes = teedInputBytes
        try check(dir, options: options, keepAll: keepAll)
        let out = dir + "/out-\(form)-\(pretty)-\(keepAll)-\(teedInputBytes)"
        _ = Driver.build(dir, output: out, bundle: options)
        let reference = dir + "/reference-\(form)-\(pretty)"
        if !FileManager.default.fileExists(atPath: reference) { _ = Driver.build(dir, output: reference, bundle: options) }
        XCTAssertEqual(try filesOnDisk(out), try filesOnDisk(reference), "\(form) \(pretty) \(keepAll) \(teedInputBytes)")
      }
    }
  }

  /// An app of several platforms: each platform's files under its folder, then `platforms.json`.
  func testSeveralPlatforms() throws {
    let dir = try makeProject(Dictionary(uniqueKeysWithValues: StarterTemplate.multiPlatform.files(app: "Two")))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    try check(dir, options: BundleWriter.Options(), keepAll: true)
    let written = try XCTUnwrap(Driver.build(dir, output: dir + "/out").bundle)
    XCTAssertEqual(written.bundles.map(\.folder), ["ios", "android_for_quickbrick"])
    XCTAssertEqual(written.files.last?.path, "platforms.json")
  }

  /// `keep` is asked with each file's path and hash, and only those it accepts hold their bytes.
  func testKeepIsAskedPerFile() throws {
    let dir = try makeProject(Example.baseProject)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    var options = BundleWriter.Options()
    options.keep = { path, _ in path.hasPrefix("screens/") }
    let written = try XCTUnwrap(Driver.build(dir, output: dir + "/out", bundle: options).bundle)
    XCTAssertEqual(written.files.filter { $0.bytes != nil }.map(\.path), written.files.map(\.path).filter { $0.hasPrefix("screens/") })
    XCTAssertFalse(written.files.filter { $0.bytes != nil }.isEmpty)
  }

  /// A platform whose id is the name of what the top of a bundle of one platform holds
  /// (`bundle.json`, `rivers.json`, `screens`, in any case) gets a folder of another name, as
  /// `platforms.json` does: the output builds, verifies and names each folder in `platforms.json`.
  func testAPlatformNamedAsABundlesFileGetsAFolderOfAnotherName() throws {
    let ids = ["bundle.json", "Rivers.JSON", "screens", "ios"]
    let folders = BundleWriter.platformFolders(for: ids)
    XCTAssertTrue(zip(ids.prefix(3), folders).allSatisfy { $1.hasPrefix($0 + "~") }, "\(folders)")
    XCTAssertEqual(folders[3], "ios")
    let platforms = ids.map { #""\#($0)": {}"# }.joined(separator: ", ")
    let dir = try makeProject(Example.baseProject.merging(["zlc.json": #"{"platforms": {\#(platforms)}}"#]) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/out"
    XCTAssertTrue(Driver.build(dir, output: out).written)
    XCTAssertEqual(BundleVerifier.verify(out).problems.map(\.message), [])
    let listed = try String(contentsOfFile: out + "/platforms.json", encoding: .utf8)
    for folder in folders { XCTAssertTrue(listed.contains(#""folder":"\#(folder)""#), listed) }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/bundle.json"))
  }

  /// A platform's folder never ends in a dot, which Windows drops (`foo.` would be `foo`): the
  /// folders stay distinct on any file system.
  func testAPlatformIdEndingInADotGetsAFolderOfAnotherName() {
    let folders = BundleWriter.platformFolders(for: ["foo", "foo.", "bar.."])
    XCTAssertEqual(folders[0], "foo")
    for (id, folder) in zip(["foo.", "bar.."], folders.dropFirst()) {
      XCTAssertTrue(folder.hasPrefix(id + "~") && !folder.hasSuffix("."), folder)
    }
    XCTAssertEqual(BundleWriter.safeFileNames(for: ["foo."]), ["foo."], "a screen's file takes .json after it")
  }
}
