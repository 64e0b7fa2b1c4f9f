import Foundation
import NIOCore
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappResolution
import ZappRules
import ZappWriters

/// One good build as `zlc serve` serves it: the bundle files read back from the folder the
/// BundleWriter wrote, each with its ETag, and the preview of the same screens. Immutable: a new
/// build replaces it whole, so a client never sees half of one build and half of another.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ServedBuild: Sendable {
  /// A file of the bundle, by its path in the bundle (`rivers.json`, `screens/home.json`).
  public struct File: Sendable {
    public var bytes: [UInt8]
    /// A strong ETag: the SHA-256 of the bytes, quoted.
    public var etag: String
    /// The bytes gzipped, made on the first request that takes gzip and kept with the file (a
    /// build's files never change, and an unchanged file carries it into the next build).
    let gzipped: Lazy<ByteBuffer>

    init(bytes: [UInt8], etag: String) {
      self.bytes = bytes
      self.etag = etag
      gzipped = Lazy { ContentCoding.gzip(bytes) }
    }

    /// The ETag of the gzip variant: the identity ETag with `-gzip` inside the quotes.
    public var gzipETag: String { ContentCoding.gzipETag(etag) }
  }

  public var files: [String: File]
  /// The preview of the build's screens, decoded from the served bytes when a page first asks.
  let lazyPreview: Lazy<Result<PreviewRenderer, Error>>
  /// Counts builds, good or bad, since the server started.
  public var generation: Int
  public var screenCount: Int

  /// The preview of this build; an error when a screen file does not decode.
  public var preview: Result<PreviewRenderer, Error> { lazyPreview.value }

  /// Reads back the bundle the BundleWriter wrote to `folder`: `bundle.json`, `rivers.json`, and
  /// the screen files `bundle.json` lists. For an app of several platforms, `platforms.json` and
  /// each platform's bundle under its folder (`ios/bundle.json`: a client asks for its platform's
  /// files by that path); the preview shows the first platform's. A screen file whose path and
  /// hash in `bundle.json` are those of a file of `previous` is not read again: the previous
  /// build's file (and its gzip, once made) is served.
  public static func load(
    from folder: String, pluginNames: [String: String], senders: [String: FeedEntry], generation: Int, previous: ServedBuild? = nil
  ) throws -> ServedBuild {
    var files: [String: File] = [:]
    func read(_ path: String, sha256: String? = nil) throws -> [UInt8] {
      if let sha256, let kept = previous?.files[path], kept.etag == "\"\(sha256)\"" {
        files[path] = kept
        return kept.bytes
      }
      let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
      let bytes = [UInt8](try Data(contentsOf: url))
      files[path] = File(bytes: bytes, etag: "\"\(sha256 ?? Digest.sha256Hex(bytes))\"")
      return bytes
    }
    /// One bundle, under `prefix` (empty, or a platform's folder and a slash).
    func readBundle(_ prefix: String) throws -> BundleIndex {
      let index = try BundleIndex(json: try JSON.parse(try read(prefix + "bundle.json")))
      for entry in index.screens { _ = try read(prefix + entry.file, sha256: entry.sha256) }
      // rivers.json is the screen files in bundle order: their hashes name it without hashing its bytes again.
      _ = try read(prefix + "rivers.json", sha256: Digest.sha256Hex(Array(index.screens.map(\.sha256).joined(separator: "\n").utf8)))
      return index
    }
    var previewPrefix = ""
    let index: BundleIndex
    if FileManager.default.fileExists(atPath: folder + "/" + PlatformBundles.fileName) {
      let list = try PlatformBundles(json: try JSON.parse(try read(PlatformBundles.fileName)))
      var first: BundleIndex?
      for entry in list.platforms {
        let read = try readBundle(entry.folder + "/")
        if first == nil { (first, previewPrefix) = (read, entry.folder + "/") }
      }
      guard let first else { throw ScreenBundle.LoadError.invalidFile(PlatformBundles.fileName, "names no platform") }
      index = first
    } else {
      index = try readBundle("")
    }
    let screenFiles = index.screens.map { previewPrefix + $0.file }
    let served = files
    let layouts = index.layoutTable
    let preview = Lazy<Result<PreviewRenderer, Error>> {
      Result {
        let screens = try screenFiles.map { file in
          try ResolvedScreen(json: try JSON.parse(served[file]?.bytes ?? []), path: file, layouts: layouts)
        }
        return PreviewRenderer(index: index, screens: screens, pluginNames: pluginNames, senders: senders)
      }
    }
    return ServedBuild(files: files, lazyPreview: preview, generation: generation, screenCount: index.screens.count)
  }

  /// What is served before the first good build: no bundle, an empty preview.
  public static func empty(app: String?) -> ServedBuild {
    let index = BundleIndex(app: app, zlcVersion: zlcVersion, devices: [], screens: [], screenTypes: [], contentTypes: [])
    return ServedBuild(
      files: [:], lazyPreview: Lazy { .success(PreviewRenderer(index: index, screens: [])) }, generation: 0, screenCount: 0)
  }
}

/// A value made on first use, once, whichever thread asks first.
@available(macOS 14, iOS 17, tvOS 17, *)
final class Lazy<Value: Sendable>: Sendable {
  private let made = Mutex<Value?>(nil)
  private let make: @Sendable () -> Value

  init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  var value: Value {
    made.withLock { made in
      if let made { return made }
      let value = make()
      made = value
      return value
    }
  }
}

/// Builds the project the way `zlc build` does, into a folder `zlc serve` owns.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ServeBuilder: Sendable {
  public var directory: String
  public var output: String
  public var feeds: String?
  public var warningsAsErrors: Bool

  public init(directory: String, output: String, feeds: String?, warningsAsErrors: Bool) {
    self.directory = directory
    self.output = output
    self.feeds = feeds
    self.warningsAsErrors = warningsAsErrors
  }

  /// The result of one build: a new good build, or the diagnostics that kept it from being one.
  public enum Result: Sendable {
    case built(ServedBuild, warnings: String)
    case failed(problems: String)
  }

  /// Checks and builds the project, then reads the bundle back (the files unchanged since
  /// `previous` are taken from it).
  public func build(generation: Int, previous: ServedBuild? = nil) -> Result {
    let outcome = Driver.build(directory, output: output, warningsAsErrors: warningsAsErrors)
    let printer = DiagnosticPrinter(format: .text, color: false)
    var diagnostics = outcome.diagnostics
    var senders: [String: FeedEntry] = [:]
    if outcome.written, let feeds {
      let read = Driver.readSenders(feeds, project: outcome.check.project)
      senders = read.senders
      diagnostics += read.diagnostics
    }
    let files = outcome.check.project.files.count
    let text = printer.render(diagnostics, fileCount: files)
    guard outcome.written, Driver.status(for: diagnostics) == .success else {
      let errors = diagnostics.count(of: .error)
      let warnings = diagnostics.count(of: .warning)
      return .failed(problems: text + Driver.summary(errors: errors, warnings: warnings, files: files) + "\n")
    }
    do {
      let served = try ServedBuild.load(
        from: output, pluginNames: PreviewRenderer.pluginNames(of: outcome.check.project), senders: senders, generation: generation,
        previous: previous)
      return .built(served, warnings: text)
    } catch {
      return .failed(problems: "error: cannot read back the bundle in '\(output)': \(error)\n")
    }
  }
}
