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

/// One good build as `zlc serve` serves it: the bundle files as the BundleWriter wrote them, each
/// with its ETag, and the preview of the same screens. Immutable: a new build replaces it whole,
/// so a client never sees half of one build and half of another.
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ServedBuild: Sendable {
  /// A file of the bundle, by its path in the bundle (`rivers.json`, `screens/home.json`).
  public struct File: Sendable {
    public var bytes: [UInt8]
    /// A strong ETag, quoted: the SHA-256 of the bytes; for `rivers.json`, that of its screens'
    /// hashes (`WrittenBundle.File.hash`).
    public var etag: String
    /// The bytes gzipped, made on the first request that takes gzip and kept with the file (a
    /// build's files never change, and an unchanged file carries it into the next build).
    let gzipped: Lazy<ByteBuffer>
    /// The screen the bytes hold, decoded for the preview on first need and, as the gzip, carried
    /// into the next build with the file: a rebuild's preview decodes only the changed screens.
    let decoded = Slot<ResolvedScreen>()

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
  /// For an app of several platforms served whole, what the preview draws: "the ios bundle, the
  /// first of the app's 2 platforms (ios, android)"; nil for one bundle.
  public var previewedBundle: String?

  /// The preview of this build; an error when a screen file does not decode.
  public var preview: Result<PreviewRenderer, Error> { lazyPreview.value }

  /// The bundle the BundleWriter wrote, from what it returned: `bundle.json`, `rivers.json`, the
  /// screen files and, for an app of several platforms, `platforms.json` and each platform's
  /// bundle under its folder (`ios/bundle.json`: a client asks for its platform's files by that
  /// path); the preview shows the first platform's. A file the writer did not keep is the one
  /// `previous` serves with the same hash (see `keep(unlike:)`): its bytes, and its gzip once
  /// made, are served again.
  public static func load(
    _ written: WrittenBundle, pluginNames: [String: String], senders: [ExactString: FeedEntry], generation: Int,
    previous: ServedBuild? = nil
  ) throws -> ServedBuild {
    var files: [String: File] = [:]
    for file in written.files {
      let etag = "\"\(file.hash)\""
      if let bytes = file.bytes {
        files[file.path] = File(bytes: bytes, etag: etag)
      } else if let kept = previous?.files[file.path], kept.etag == etag {
        files[file.path] = kept
      } else {
        throw ScreenBundle.LoadError.invalidFile(file.path, "was written but not kept")
      }
    }
    let previewPrefix = written.bundles.first.map { $0.path("") } ?? ""
    let index = try BundleIndex(json: try JSON.parse(files[previewPrefix + "bundle.json"]?.bytes ?? []))
    var previewedBundle: String?
    if written.bundles.count > 1, let list = files[PlatformBundles.fileName] {
      let platforms = try PlatformBundles(json: try JSON.parse(list.bytes)).platforms.map(\.platform)
      previewedBundle = Driver.previewedBundle(index.platform ?? platforms.first ?? "", of: platforms)
    }
    let screenFiles = index.screens.map { previewPrefix + $0.file }
    let served = files
    let layouts = index.layoutTable
    let preview = Lazy<Result<PreviewRenderer, Error>> {
      Result {
        // A file's layout ids name their entries' content, so a screen decoded with an earlier
        // build's table is the one this table gives.
        let screens = try screenFiles.map { file in
          guard let served = served[file] else { throw ScreenBundle.LoadError.invalidFile(file, "is not in the bundle") }
          return try served.decoded.value { try ResolvedScreen(json: try JSON.parse(served.bytes), path: file, layouts: layouts) }
        }
        return PreviewRenderer(index: index, screens: screens, pluginNames: pluginNames, senders: senders)
      }
    }
    return ServedBuild(
      files: files, lazyPreview: preview, generation: generation, screenCount: index.screens.count, previewedBundle: previewedBundle)
  }

  /// What the BundleWriter keeps for a build after `previous`: the bytes of each file that
  /// `previous` does not serve under the same path and hash. So a build holds in memory, beside
  /// the build it replaces, only what changed, as it did when it read the changed files back.
  public static func keep(unlike previous: ServedBuild?) -> @Sendable (String, String) -> Bool {
    { path, hash in previous?.files[path]?.etag != "\"\(hash)\"" }
  }

  /// What is served before the first good build: no bundle, an empty preview.
  public static func empty(app: String?) -> ServedBuild {
    let index = BundleIndex(app: app, zlcVersion: zlcVersion, devices: [], screens: [], screenTypes: [], contentTypes: [])
    return ServedBuild(
      files: [:], lazyPreview: Lazy { .success(PreviewRenderer(index: index, screens: [])) }, generation: 0, screenCount: 0)
  }
}

/// A value made by the first caller that asks with a way to make it, then kept.
@available(macOS 14, iOS 17, tvOS 17, *)
final class Slot<Value: Sendable>: Sendable {
  private let made = Mutex<Value?>(nil)

  func value(orMake make: () throws -> Value) rethrows -> Value {
    try made.withLock { made in
      if let made { return made }
      let value = try make()
      made = value
      return value
    }
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

/// Builds the project the way `zlc build` does, in memory: the served bytes are those `zlc build`
/// writes, and a build after the first resolves and encodes again only the screens whose inputs
/// changed (`IncrementalBundle`). The output folder is written afterwards (`OutputMirror`).
@available(macOS 14, iOS 17, tvOS 17, *)
public struct ServeBuilder: Sendable {
  public var directory: String
  public var output: String
  public var feeds: String?
  public var warningsAsErrors: Bool
  /// The one platform checked, built, served and previewed (`--platform`), else every platform's
  /// bundle is served and the first one's previewed.
  public var platform: String?
  /// The last build's screens, kept from one build to the next.
  let memory = IncrementalBundle()
  /// The largest bundle file a build may serve: a client refuses a larger one
  /// (`ScreenBundle.maxFileBytes`); tests make it small.
  package var maxFileBytes = ScreenBundle.maxFileBytes

  public init(directory: String, output: String, feeds: String?, warningsAsErrors: Bool, platform: String? = nil) {
    self.platform = platform
    self.directory = directory
    self.output = output
    self.feeds = feeds
    self.warningsAsErrors = warningsAsErrors
  }

  /// The result of one build: a new good build, or the diagnostics that kept it from being one
  /// (with the app's name, when the project names it, for the pages before a first good build).
  public enum Result: Sendable {
    case built(ServedBuild, warnings: String)
    /// `usage` when the options asked for what the project does not have (a `--platform` it
    /// does not target): at the start, the server stops with exit 64 as `zlc build` does.
    case failed(problems: String, app: String? = nil, usage: Bool = false)
  }

  /// How many screen files the last good build resolved and encoded, one per screen and platform
  /// (the others were kept).
  public var encodedCount: Int { memory.encodedCount }

  /// Checks the project and builds its bundle in memory, keeping the bytes of the files that
  /// `previous` does not already serve (the others are taken from it).
  public func build(generation: Int, previous: ServedBuild? = nil) -> Result {
    let outcome = Driver.check(directory, warningsAsErrors: warningsAsErrors, platform: platform)
    let printer = DiagnosticPrinter(format: .text, color: false)
    var diagnostics = outcome.diagnostics
    var senders: [ExactString: FeedEntry] = [:]
    if outcome.status == .success, let feeds {
      let read = Driver.readSenders(feeds, project: outcome.project)
      senders = read.senders
      let previewed = Driver.previewedProject(outcome.project, platform: platform)
      let findings = read.diagnostics + Driver.senderFindings(read.senders, documents: read.documents, project: previewed)
      diagnostics += Driver.promoted(findings, warningsAsErrors: warningsAsErrors)
    }
    let files = outcome.project.files.count
    let text = printer.render(diagnostics, fileCount: files)
    guard outcome.status == .success, Driver.status(for: diagnostics) == .success else {
      let errors = diagnostics.count(of: .error)
      let warnings = diagnostics.count(of: .warning)
      return .failed(
        problems: text + Driver.summary(errors: errors, warnings: warnings, files: files) + "\n", app: outcome.project.settings.app,
        usage: Driver.status(for: diagnostics) == .usage)
    }
    do {
      let written = memory.update(outcome.project, keep: ServedBuild.keep(unlike: previous))
      if let (file, remedy) = BundleWriter.oversized(written.files, limit: maxFileBytes) {
        let size = "'\(file.path)' would be \(file.size) bytes, and a client loads bundle files of at most \(maxFileBytes) bytes"
        return .failed(problems: "error: cannot serve the bundle: \(size): \(remedy)\n")
      }
      let served = try ServedBuild.load(
        written, pluginNames: PreviewRenderer.pluginNames(of: outcome.project), senders: senders, generation: generation,
        previous: previous)
      // The warnings end with their count, as a check's or a watched build's do.
      let warnings = diagnostics.count(of: .warning)
      return .built(served, warnings: warnings == 0 ? text : text + Driver.summary(errors: 0, warnings: warnings, files: files) + "\n")
    } catch {
      return .failed(problems: "error: cannot serve the bundle: \(error)\n")
    }
  }
}
