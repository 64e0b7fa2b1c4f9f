import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// The build writes screens straight from the input's tape and the resolver, without `JSON` trees:
/// the bytes are those of `resolvedScreen(_:).json.encoded()`.
final class StreamedBundleTests: XCTestCase {
  func streamed(_ resolver: Resolver, _ screen: ScreenDecl) -> [UInt8] {
    var writer = JSONWriter()
    resolver.writeResolvedScreen(screen, to: &writer)
    writer.finish()
    return writer.bytes
  }

  func checked(_ files: [String: String]) throws -> Project {
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    return outcome.project
  }

  func testEveryScreenOfTheDemo() throws {
    let outcome = Driver.check(repositoryRoot.appendingPathComponent("manifests").path)
    XCTAssertEqual(outcome.status, .success)
    let resolver = Resolver(project: outcome.project)
    XCTAssertGreaterThan(outcome.project.screens.count, 3)
    for screen in outcome.project.screens {
      XCTAssertEqual(
        String(decoding: streamed(resolver, screen), as: UTF8.self), resolver.resolvedScreen(screen).json.encodedString(),
        screen.id.value)
    }
  }

  /// Keys and values copied from the input: escapes, non-ASCII, numbers as written, `home` as a
  /// string, empty containers, a `resolved` key of the input dropped.
  func testValuesCopiedFromTheInput() throws {
    let extra =
      #", "home": "false", "name": "caf\u00e9 \/ \"q\" \\ \t \u2028 \u007f 日本 🎬", "k\u00e9y\/": [1.50, -0, 1e2, 12345678901234567890, true, false, null, {}, [], {"": ""}], "resolved": {"x": 1}, "raw \#("\u{2028}\u{7F}é")": "\#("\u{2029}\u{7F}ü")""#
    let component =
      #"{"component_type": "grid", "id": "7", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "t\u00e9xt": "\u2029", "n": 0.10, "o": {"a": [[]]}}}"#
    let project = try checked(["screens/home.json": Example.home, "screens/o.json": Example.screen(component, extra: extra)])
    let resolver = Resolver(project: project)
    for screen in project.screens {
      let bytes = streamed(resolver, screen)
      XCTAssertEqual(String(decoding: bytes, as: UTF8.self), resolver.resolvedScreen(screen).json.encodedString(), screen.id.value)
    }
  }

  /// A screen above the encoder's flush threshold is streamed to its file and read back for
  /// `rivers.json`, in each form: every file holds the bytes of the typed values (with their
  /// references in the compact form), and `bundle.json` their hashes.
  func testAScreenLargerThanTheFlushThresholdIsStreamed() throws {
    let components = Array(repeating: Example.grid, count: 2000).joined(separator: ", ")
    let dir = try makeProject(["screens/home.json": Example.home, "screens/o.json": Example.screen(components)])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    for (form, pretty) in [(BundleForm.expanded, true), (.compact, false), (.compact, true)] {
      let out = dir + "/build-\(form)-\(pretty)"
      let outcome = Driver.build(dir, output: out, bundle: BundleWriter.Options(form: form, pretty: pretty))
      XCTAssertEqual(outcome.status, .success)
      let resolver = Resolver(project: outcome.check.project)
      let loaded = try ScreenBundle.load(from: URL(fileURLWithPath: out))
      XCTAssertEqual(loaded.index.formatVersion, form.formatVersion)
      var files: [[UInt8]] = []
      for (i, (entry, screen)) in zip(loaded.index.screens, outcome.check.project.screens).enumerated() {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out + "/" + entry.file)))
        XCTAssertEqual(entry.sha256, Digest.sha256Hex(bytes))
        XCTAssertEqual(bytes, try loaded.screens[i].encoded(pretty: pretty, form: form), entry.file)
        // The values are the resolver's, references aside.
        XCTAssertEqual(try loaded.screens[i].encoded(form: .expanded), resolver.resolvedScreen(screen).encoded(form: .expanded), entry.file)
        files.append(bytes)
      }
      XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: out + "/screens/other.json")).count, ScreenFile.flushThreshold)
      var rivers = JSONWriter(pretty: pretty)
      rivers.bundleForm = form
      rivers.beginArray()
      for screen in try loaded.screens { screen.write(to: &rivers) }
      rivers.endArray()
      rivers.finish()
      XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/rivers.json"))), rivers.bytes, "\(form) \(pretty)")
    }
  }
}
