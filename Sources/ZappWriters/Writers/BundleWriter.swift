import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution

/// Writes a resolved bundle atomically: everything goes to a temporary folder beside the output,
/// which then replaces the output. A failed or interrupted build leaves the previous bundle whole,
/// and no file is written outside the output folder, whatever a screen id contains.
public struct BundleWriter: Sendable {
  /// How the bundle is written.
  public struct Options: Sendable {
    /// Compact (format_version 2) or expanded (format_version 1's shape).
    public var form: BundleForm
    /// Two-space indentation, else minified.
    public var pretty: Bool
    /// Hex digits of a `layouts` id (tests make it short to force shared prefixes).
    package var layoutIDLength = LayoutInterner.standardIDLength
    /// Input bytes from which a screen is written in order and teed into `rivers.json`: its output
    /// is likely above `ScreenFile.flushThreshold`, which a batch does not keep.
    package var teedInputBytes = ScreenFile.flushThreshold / 4
    /// Told how many screens of how many are written, after each batch (a progress bar), on the
    /// thread that writes the files, not the caller's.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// How many screens are encoded together while the files of the batch before them are written.
    package var screenBatch = 64
    /// Which files' bytes the returned `WrittenBundle` holds, asked with each file's path in the
    /// output and its hash once it is written; nil keeps none. When set, a screen's bytes are
    /// gathered whole while it is written, however large.
    public var keep: (@Sendable (_ path: String, _ hash: String) -> Bool)?
    /// The largest file the bundle may hold: a client refuses a larger one
    /// (`ScreenBundle.maxFileBytes`); tests make it small.
    package var maxFileBytes = ScreenBundle.maxFileBytes

    public init(form: BundleForm = .compact, pretty: Bool = false) {
      self.form = form
      self.pretty = pretty
    }
  }

  public let project: Project
  public let options: Options

  public init(project: Project, options: Options = Options()) {
    self.project = project
    self.options = options
  }

  /// Writes the bundle's files into `folder` (which holds an empty `screens/`). Screens are
  /// resolved, encoded and hashed in parallel, a batch at a time; their files are created and the
  /// same bytes (one level deeper when pretty) appended to `rivers.json` in order while the next
  /// batch is encoded (a screen too large to keep goes to its file as it is encoded, and is encoded
  /// again for `rivers.json`), so memory holds the project and two batches of small screens, not
  /// the bundle. In the compact form each section's layout and geometry go to the
  /// `layouts` table of `bundle.json`, which comes last from the typed index. `shown` is the
  /// output path for messages, `bundle` the bundle's folder in the output (empty at its top);
  /// `reuse` links the files whose bytes the earlier output already holds.
  package func writeFiles(into folder: String, shown: String, bundle: String = "", reuse: EarlierOutput? = nil) throws -> (
    files: [WrittenBundle.File], bundle: WrittenBundle.Bundle
  ) {
    var interner = options.form == .compact ? LayoutInterner(idLength: options.layoutIDLength) : nil
    let place = WrittenBundle.Bundle(folder: bundle, screens: project.screens.count, sections: 0)
    // Made once: the screens' files and the index share the strings (10,000 paths are some 0.6 MB).
    let paths = self.paths
    var screens = try writeScreens(into: folder, shown: shown, paths: paths, interner: interner, place: place, reuse: reuse)
    if let first = interner, !first.collisions.isEmpty {
      // Entries that share an id get their whole digest instead: the screens are written again.
      try FileManager.default.removeItem(atPath: folder + "/screens")
      try FileManager.default.removeItem(atPath: folder + "/rivers.json")
      try FileManager.default.createDirectory(atPath: folder + "/screens", withIntermediateDirectories: true)
      interner = LayoutInterner(idLength: options.layoutIDLength, longIDs: first.collisions)
      screens = try writeScreens(into: folder, shown: shown, paths: paths, interner: interner, place: place, reuse: reuse)
    }
    var index = Resolver(project: project).bundleIndex(files: paths, hashes: screens.files.map(\.hash))
    index.layouts = try interner?.entries() ?? []
    // Streamed as a screen is: 10,000 screens' index is megabytes, which need not be held at once.
    let indexFile = ScreenFile.write(
      folder + "/bundle.json", pretty: options.pretty, form: options.form, keepAll: options.keep != nil, reuse: reuse
    ) {
      index.write(to: &$0)
    }
    if indexFile.failure != 0 {
      throw WriteError.io("cannot write '\(shown)/bundle.json': \(String(cString: strerror(indexFile.failure)))")
    }
    let indexPath = place.path("bundle.json")
    let keepIndex = options.keep?(indexPath, indexFile.hash) == true
    let indexWritten = WrittenBundle.File(
      path: indexPath, size: indexFile.size, hash: indexFile.hash, bytes: keepIndex ? indexFile.bytes.map(WrittenBundle.File.exact) : nil)
    let files = screens.files + [screens.rivers, indexWritten]
    return (files, WrittenBundle.Bundle(folder: bundle, screens: place.screens, sections: screens.sections))
  }

  /// Each screen's file, in project order.
  package var paths: [String] { Self.safeFileNames(for: project.screens.map(\.id.value)).map { "screens/\($0).json" } }

  /// How many bytes the screen's object takes in its input file as read (without its indentation
  /// when a check folded the file).
  package static func inputBytes(of screen: ScreenDecl) -> Int { screen.value.document.end(of: screen.value.index) - screen.value.offset }

  /// Appends a screen too large to keep that was not teed (its input was small) to `rivers.json`
  /// by encoding it again, which gives the same bytes: the file just written is not read back.
  func appendEncodingAgain(_ screen: ScreenDecl, resolver: Resolver, interner: LayoutInterner?, to rivers: StreamingFile) throws {
    let piece = RiversPiece(rivers, pretty: options.pretty)
    var writer = JSONWriter(pretty: options.pretty, flushThreshold: ScreenFile.flushThreshold, sink: piece.append)
    writer.bundleForm = options.form
    resolver.writeResolvedScreen(screen, to: &writer, interner: interner)
    writer.finish()
    try piece.finish()
  }

  /// Appends a screen's bytes (without its final newline) one level deeper: two spaces after every
  /// newline. A JSON string never holds a raw newline, so every newline byte starts a line.
  package static func appendIndented(_ bytes: UnsafeBufferPointer<UInt8>, to file: StreamingFile) throws {
    try file.append(indented(bytes))
  }

  /// The bytes with two spaces after every newline, made in one array (lines found with `memchr`).
  package static func indented(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    guard let base = bytes.baseAddress else { return [] }
    func forEachLine(_ body: (_ start: Int, _ end: Int, _ endsWithNewline: Bool) -> Void) {
      var start = 0
      while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        body(start, newline + 1, true)
        start = newline + 1
      }
      body(start, bytes.count, false)
    }
    var newlines = 0
    forEachLine { _, _, endsWithNewline in newlines += endsWithNewline ? 1 : 0 }
    return [UInt8](unsafeUninitializedCapacity: bytes.count + 2 * newlines) { out, count in
      guard let target = out.baseAddress else { return }
      count = 0
      forEachLine { start, end, endsWithNewline in
        (target + count).initialize(from: base + start, count: end - start)
        count += end - start
        if endsWithNewline {
          (target + count).initialize(repeating: 0x20, count: 2)
          count += 2
        }
      }
    }
  }

  /// File names (without extension) for screen ids, one per id, distinct even on file systems that
  /// ignore case, by construction:
  /// - an id of letters, digits, `-`, `_` and `.` (not starting with a dot, at most 80 characters,
  ///   not a name Windows reserves) that no other id matches ignoring case is its own name;
  /// - any other id becomes its characters made safe (others as `_`, at most 60) + `~` + the first
  ///   16 hex digits of its SHA-256, with a `_` in front when that still starts with a reserved
  ///   name and a dot (`_con.foo~…`). `~` is never in a plain name, so the two kinds never meet;
  /// - two names that would still match (equal ids, or equal hash prefixes) get `~2`, `~3`, … in id order.
  ///
  /// `reserved` holds names (lowercase) the folder uses for other files (the preview's `index`):
  /// an id that matches one ignoring case is made safe as an unsafe id is. Names for `folders`,
  /// which take no extension, are never plain ids ending in a dot: Windows drops it (`foo.` is `foo`).
  public static func safeFileNames(for ids: [String], reserving reserved: Set<String> = [], folders: Bool = false) -> [String] {
    // A plain id and every name made are ASCII, so they are compared lowercased byte by byte.
    let plainKeys = ids.map { id -> String? in
      guard !id.isEmpty, id.utf8.count <= 80, !id.hasPrefix("."), id.unicodeScalars.allSatisfy(isSafe), !isReservedOnWindows(id),
        !(folders && id.hasSuffix("."))
      else { return nil }
      let key = asciiLowercased(id)
      return reserved.contains(key) ? nil : key
    }
    var plainCount: [String: Int] = [:]
    for key in plainKeys { if let key { plainCount[key, default: 0] += 1 } }
    var taken: Set<String> = []
    taken.reserveCapacity(ids.count)
    return zip(ids, plainKeys).map { id, plainKey in
      var name: String
      if let plainKey, plainCount[plainKey] == 1 {
        name = id
      } else {
        var safe = String(String.UnicodeScalarView(id.unicodeScalars.prefix(60).map { isSafe($0) ? $0 : "_" }))
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        name = (safe.isEmpty ? "screen" : safe) + "~" + String(Digest.sha256Hex(Array(id.utf8)).prefix(16))
        if isReservedOnWindows(name) { name = "_" + name }  // `con.foo~…` is still `con`
      }
      let base = name
      var k = 2
      while !taken.insert(asciiLowercased(name)).inserted {
        name = base + "~\(k)"
        k += 1
      }
      return name
    }
  }

  /// Whether Windows reserves the file name: a device name (`CON`, `PRN`, `AUX`, `NUL`, `COM0` to
  /// `COM9`, `LPT0` to `LPT9`) in any case, alone or before a dot (`nul.json`, `con.foo.json`).
  package static func isReservedOnWindows(_ name: String) -> Bool {
    let stemBytes = name.utf8.prefix { $0 != UInt8(ascii: ".") }
    if stemBytes.allSatisfy({ $0 < 0x80 }) {
      // ASCII, the names zlc makes: only a stem of 3 or 4 bytes can be reserved.
      guard stemBytes.count == 3 || stemBytes.count == 4 else { return false }
      let stem = stemBytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
      if stem.count == 3 { return ["con", "prn", "aux", "nul"].contains { stem.elementsEqual($0.utf8) } }
      return ["com", "lpt"].contains { stem.prefix(3).elementsEqual($0.utf8) } && (0x30...0x39).contains(stem[3])
    }
    let stem = name.prefix { $0 != "." }.lowercased()
    if ["con", "prn", "aux", "nul"].contains(stem) { return true }
    guard stem.count == 4, stem.hasPrefix("com") || stem.hasPrefix("lpt"), let last = stem.unicodeScalars.last else { return false }
    return last >= "0" && last <= "9"
  }

  /// `text` with its ASCII capitals made small (what `lowercased()` gives for ASCII text).
  private static func asciiLowercased(_ text: String) -> String {
    let isCapital = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    guard text.utf8.contains(where: isCapital) else { return text }
    return String(decoding: text.utf8.map { isCapital($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
      || scalar == "_" || scalar == "."
  }

  /// Writes a new file, or links it from the earlier output `reuse` when that holds the same
  /// bytes; returns 0 or the errno of what failed.
  package static func writeFile(_ path: String, _ bytes: [UInt8], reuse: EarlierOutput? = nil) -> Int32 {
    bytes.withUnsafeBytes { writeFile(path, $0, reuse: reuse) }
  }

  /// Writes `raw` as a new file, or links the earlier output's file of the same bytes; returns 0
  /// or the errno of what failed.
  package static func writeFile(_ path: String, _ raw: UnsafeRawBufferPointer, reuse: EarlierOutput?) -> Int32 {
    reuse?.place(path, raw) ?? writeFile(path, raw)
  }

  /// Writes a new file; returns 0 or the errno of what failed.
  package static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, 0o644)
    if fd < 0 { return errno }
    let error = writeAll(fd, bytes)
    if close(fd) != 0, error == 0 { return errno }
    return error
  }

  /// Writes every byte to `fd`, retrying interrupted and short writes; returns 0 or the errno.
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 { bytes.withUnsafeBytes { writeAll(fd, $0) } }

  package static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> Int32 {
    guard let base = raw.baseAddress else { return 0 }
    var written = 0
    while written < raw.count {
      let n = Foundation.write(fd, base + written, raw.count - written)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      written += n
    }
    return 0
  }

  public enum WriteError: Error, CustomStringConvertible {
    case io(String)
    public var description: String {
      switch self {
      case .io(let m): return m
      }
    }
  }

  /// Writes the bundle to `output`, replacing what is there only when everything was written.
  /// An app with several target platforms gets one bundle per platform, each in its own folder,
  /// and `platforms.json` naming them (`Project.bundlePlatforms`). Returns what it wrote.
  @discardableResult
  public func write(to output: OutputFolder) throws -> WrittenBundle {
    var result = WrittenBundle(files: [], bundles: [])
    try output.replace { staging, shown, reuse in
      result = WrittenBundle(files: [], bundles: [])
      let platforms = project.bundlePlatforms
      guard !platforms.isEmpty else {
        try FileManager.default.createDirectory(atPath: staging + "/screens", withIntermediateDirectories: true)
        let (files, bundle) = try writeFiles(into: staging, shown: shown, reuse: reuse)
        try checkSizes(of: files, shown: shown)
        result = WrittenBundle(files: files, bundles: [bundle])
        return
      }
      let folders = Self.platformFolders(for: platforms)
      for (n, (platform, folder)) in zip(platforms, folders).enumerated() {
        try FileManager.default.createDirectory(atPath: staging + "/" + folder + "/screens", withIntermediateDirectories: true)
        var each = options
        // Progress over every platform's screens: this platform's count after those before it.
        if let report = options.progress {
          let count = platforms.count
          each.progress = { done, total in report(n * total + done, count * total) }
        }
        let (files, bundle) = try BundleWriter(project: project.narrowed(to: platform), options: each)
          .writeFiles(into: staging + "/" + folder, shown: shown + "/" + folder, bundle: folder, reuse: reuse)
        result.files += files
        result.bundles.append(bundle)
      }
      let entries = zip(platforms, folders).map { PlatformBundles.Entry(platform: $0, folder: $1) }
      let list = PlatformBundles(formatVersion: options.form.formatVersion, platforms: entries)
      let bytes = list.encoded(pretty: options.pretty, form: options.form)
      let status = Self.writeFile(staging + "/" + PlatformBundles.fileName, bytes, reuse: reuse)
      if status != 0 {
        throw WriteError.io("cannot write '\(shown)/\(PlatformBundles.fileName)': \(String(cString: strerror(status)))")
      }
      result.files.append(written(PlatformBundles.fileName, bytes))
      try checkSizes(of: result.files, shown: shown)
    }
    return result
  }

  /// Throws for the first file, in the order written, larger than `options.maxFileBytes`: a client
  /// would refuse it, so the output being replaced is kept. `shown` is the output path for messages.
  package func checkSizes(of files: [WrittenBundle.File], shown: String) throws {
    guard let (file, remedy) = Self.oversized(files, limit: options.maxFileBytes) else { return }
    throw WriteError.io(
      "cannot write '\(shown)/\(file.path)': it would be \(file.size) bytes, and a client loads bundle files of at most \(options.maxFileBytes) bytes; the output is kept as it was: \(remedy)"
    )
  }

  /// The first of `files` larger than `limit` bytes, with what to do about it; nil when none is.
  package static func oversized(_ files: [WrittenBundle.File], limit: Int) -> (file: WrittenBundle.File, remedy: String)? {
    guard let file = files.first(where: { $0.size > limit }) else { return nil }
    switch file.path.split(separator: "/").last.map(String.init) ?? file.path {
    case "rivers.json": return (file, "it holds every screen: make the screens fewer or smaller (fewer sections or items)")
    case "bundle.json": return (file, "it indexes every screen: make the screens or their sections fewer")
    case PlatformBundles.fileName: return (file, "make the platforms fewer")
    default: return (file, "split the screen into smaller screens, or give its sections fewer items")
    }
  }

  /// Each platform's folder: its id made safe as screen file names are, never the name of
  /// `platforms.json`, nor of what the top of a bundle of one platform holds (`bundle.json`,
  /// `rivers.json`, `screens`: the output would read as one), nor a path `zlc serve` answers
  /// itself (`preview`, `_zlc`).
  package static func platformFolders(for platforms: [String]) -> [String] {
    // The name of platforms.json is taken first, so no platform's folder can be it or meet another.
    Array(safeFileNames(for: [PlatformBundles.fileName] + platforms, reserving: reservedFolderNames, folders: true).dropFirst())
  }

  /// The names (lowercased) no platform's folder takes, besides `platforms.json`: what the top of a
  /// bundle of one platform holds, and the paths `zlc serve` answers itself.
  package static let reservedFolderNames: Set<String> = OutputFolder.unmarkedBundleNames.union(["preview", "_zlc"])
}
