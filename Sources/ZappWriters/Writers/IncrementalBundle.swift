import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution

/// A compact, minified bundle kept in memory and brought up to date build after build (`zlc
/// serve`): the same files, byte for byte, as `BundleWriter` writes for the same project, with
/// only the screens whose resolution may have changed resolved and encoded again.
///
/// A screen's resolved bytes depend on its own object in its file (its keys, its components) and on
/// what the project holds besides its screens: manifests, families, devices and settings, mappings,
/// registries. So a screen is kept when its object's bytes, and every byte of every input file
/// outside the screen objects, are those of the last build; a change anywhere outside a screen
/// object encodes every screen again. `rivers.json` and `bundle.json` are assembled from the
/// screens every time (they name every screen).
public final class IncrementalBundle: Sendable {
  /// What one screen resolved and encoded to.
  struct Encoded: Sendable {
    var bytes: [UInt8]
    var hash: String
    var sections: Int
    /// The `layouts` entries its sections name.
    var layouts: [LayoutInterner.Entry]
    var collisions: Set<String>
  }

  /// What a screen's bytes are made from, beyond the project's other inputs.
  struct ScreenKey: Hashable, Sendable {
    var object: [UInt8]
    var isHome: Bool
    var connected: Bool
  }

  /// One bundle's memory (the output's, or one platform's of an app of several).
  struct Memo: Sendable {
    /// Every input file's path and bytes, with each screen object left out.
    var context: [UInt8] = []
    var longIDs: Set<String> = []
    var screens: [ScreenKey: Encoded] = [:]
    /// Parsed `layouts` entries by id, with the digest of their bytes.
    var entries: [String: (digest: String, entry: LayoutEntry)] = [:]
  }

  /// The memos by bundle folder, and how many screens the last update encoded.
  private struct State: Sendable {
    var memos: [String: Memo] = [:]
    var encodedCount = 0
  }

  /// Held while an update runs: updates take turns.
  private let state = Mutex(State())

  /// How many screens the last update resolved and encoded (the others were kept).
  public var encodedCount: Int { state.withLock { $0.encodedCount } }

  /// An empty memory: the first update resolves every screen.
  public init() {}

  /// The bundle of a checked project, as `BundleWriter.write(to:)` writes it with default options;
  /// `keep` says, for each file's path and hash, whether the result holds its bytes.
  public func update(_ project: Project, keep: (_ path: String, _ hash: String) -> Bool) -> WrittenBundle {
    state.withLock { state in Self.update(project, state: &state, keep: keep) }
  }

  private static func update(_ project: Project, state: inout State, keep: (String, String) -> Bool) -> WrittenBundle {
    state.encodedCount = 0
    let platforms = project.bundlePlatforms
    guard !platforms.isEmpty else {
      let (files, bundle) = update(project, folder: "", state: &state, keep: keep)
      state.memos = state.memos.filter { $0.key.isEmpty }
      return WrittenBundle(files: files, bundles: [bundle])
    }
    var result = WrittenBundle(files: [], bundles: [])
    let folders = BundleWriter.platformFolders(for: platforms)
    for (platform, folder) in zip(platforms, folders) {
      let (files, bundle) = update(project.narrowed(to: platform), folder: folder, state: &state, keep: keep)
      result.files += files
      result.bundles.append(bundle)
    }
    state.memos = state.memos.filter { folders.contains($0.key) }
    let entries = zip(platforms, folders).map { PlatformBundles.Entry(platform: $0, folder: $1) }
    let list = PlatformBundles(formatVersion: BundleForm.compact.formatVersion, platforms: entries)
    result.files.append(Self.file(PlatformBundles.fileName, list.encoded(pretty: false, form: .compact), keep: keep))
    return result
  }

  /// One bundle's files, in `BundleWriter`'s order: the screens, `rivers.json`, `bundle.json`.
  private static func update(
    _ project: Project, folder: String, state: inout State, keep: (String, String) -> Bool
  ) -> (files: [WrittenBundle.File], bundle: WrittenBundle.Bundle) {
    let place = WrittenBundle.Bundle(folder: folder, screens: project.screens.count, sections: 0)
    var memo = state.memos[folder] ?? Memo()
    let context = Self.context(of: project)
    // A memo made with long ids is not kept: the ids depend on the whole bundle's entries.
    if context != memo.context || !memo.longIDs.isEmpty { memo = Memo(context: context) }
    var encoded = encode(project, memo: &memo, count: &state.encodedCount)
    let collisions = Self.collisions(encoded)
    if !collisions.isEmpty {
      // Entries that share an id get their whole digest, as `BundleWriter` does: encoded again.
      memo = Memo(context: context, longIDs: collisions)
      encoded = encode(project, memo: &memo, count: &state.encodedCount)
    }

    let paths = BundleWriter(project: project).paths
    var files: [WrittenBundle.File] = []
    files.reserveCapacity(encoded.count + 2)
    var rivers: [UInt8] = [UInt8(ascii: "[")]
    rivers.reserveCapacity(encoded.reduce(2) { $0 + $1.bytes.count + 1 })
    for (i, screen) in encoded.enumerated() {
      if i > 0 { rivers.append(UInt8(ascii: ",")) }
      rivers += screen.bytes
      let path = place.path(paths[i])
      let bytes = keep(path, screen.hash) ? screen.bytes : nil
      files.append(WrittenBundle.File(path: path, size: screen.bytes.count, hash: screen.hash, bytes: bytes))
    }
    rivers.append(UInt8(ascii: "]"))
    let riversPath = place.path("rivers.json")
    let riversHash = BundleWriter.riversHash(screenHashes: encoded.map(\.hash))
    files.append(
      WrittenBundle.File(path: riversPath, size: rivers.count, hash: riversHash, bytes: keep(riversPath, riversHash) ? rivers : nil))

    var index = Resolver(project: project).bundleIndex(files: paths, hashes: encoded.map(\.hash))
    index.layouts = layoutTable(encoded, memo: &memo)
    state.memos[folder] = memo
    files.append(Self.file(place.path("bundle.json"), index.encoded(pretty: false, form: .compact), keep: keep))
    let sections = encoded.reduce(0) { $0 + $1.sections }
    return (files, WrittenBundle.Bundle(folder: folder, screens: place.screens, sections: sections))
  }

  /// Every screen's encoding, from the memo when its key is there, else made (in parallel); the
  /// memo keeps this build's screens only.
  private static func encode(_ project: Project, memo: inout Memo, count: inout Int) -> [Encoded] {
    let screens = project.screens
    let keys = screens.map { Self.key($0, home: project.opensFirst($0)) }
    let known = keys.map { memo.screens[$0] }
    let missing = known.indices.filter { known[$0] == nil }
    let resolver = Resolver(project: project)
    let longIDs = memo.longIDs
    let made = parallelMap(missing.count) { k in Self.encode(screens[missing[k]], resolver: resolver, longIDs: longIDs) }
    count += missing.count
    var all = known
    for (k, i) in missing.enumerated() { all[i] = made[k] }
    let encoded = all.compactMap { $0 }
    memo.screens = Dictionary(zip(keys, encoded), uniquingKeysWith: { first, _ in first })
    return encoded
  }

  /// One screen resolved and encoded as `BundleWriter` writes its file, with its own interner.
  private static func encode(_ screen: ScreenDecl, resolver: Resolver, longIDs: Set<String>) -> Encoded {
    let interner = LayoutInterner(longIDs: longIDs)
    var writer = JSONWriter(pretty: false)
    writer.bundleForm = .compact
    let sections = resolver.writeResolvedScreen(screen, to: &writer, interner: interner)
    writer.finish()
    let bytes = writer.bytes.withUnsafeBufferPointer { Array($0) }
    return Encoded(
      bytes: bytes, hash: Digest.sha256Hex(bytes), sections: sections, layouts: interner.table, collisions: interner.collisions)
  }

  /// The digests of entries whose id another entry of the bundle shares (within a screen or
  /// across screens): what `BundleWriter`'s one interner finds in its first pass.
  private static func collisions(_ encoded: [Encoded]) -> Set<String> {
    var digests: [String: String] = [:]
    var collisions: Set<String> = []
    for screen in encoded {
      collisions.formUnion(screen.collisions)
      for entry in screen.layouts {
        if let other = digests[entry.id], other != entry.digest {
          collisions.formUnion([other, entry.digest])
        } else {
          digests[entry.id] = entry.digest
        }
      }
    }
    return collisions
  }

  /// The `layouts` table, sorted by id: each entry's first bytes, parsed once per id and digest.
  private static func layoutTable(_ encoded: [Encoded], memo: inout Memo) -> [LayoutEntry] {
    var table: [String: (digest: String, entry: LayoutEntry)] = [:]
    for screen in encoded {
      for entry in screen.layouts where table[entry.id] == nil {
        if let parsed = memo.entries[entry.id], parsed.digest == entry.digest {
          table[entry.id] = parsed
        } else {
          table[entry.id] = (entry.digest, LayoutEntry(id: entry.id, value: (try? JSON.parse(entry.bytes)) ?? .null))
        }
      }
    }
    memo.entries = table
    return table.sorted { $0.key < $1.key }.map(\.value.entry)
  }

  /// A screen's key: its object's bytes in its file and what the loader read about it (`home`: whether
  /// a client opens it first, which a project of one screen decides).
  static func key(_ screen: ScreenDecl, home: Bool) -> ScreenKey {
    let value = screen.value
    let end = value.document.end(of: value.index)
    return ScreenKey(object: Array(value.file.bytes[value.offset..<end]), isHome: home, connected: screen.connected)
  }

  /// Every input file's path and bytes, and the platform the project is narrowed to. A file that
  /// holds screens (JSON) is taken without its screen objects (a zero byte in the place of each)
  /// and without the whitespace between tokens, which no reader sees: a line added between two
  /// screens, or after the last, keeps every screen. A file that holds nothing but screens is left
  /// out: adding or removing one keeps the other screens.
  static func context(of project: Project) -> [UInt8] {
    var spans: [String: [Range<Int>]] = [:]
    for screen in project.screens {
      let value = screen.value
      spans[value.file.path, default: []].append(value.offset..<value.document.end(of: value.index))
    }
    var context = Array((project.settings.onlyPlatform ?? "").utf8) + [0]
    for file in project.files {
      context += Array(file.path.utf8) + [0]
      guard let screens = spans[file.path] else {
        context += Array(String(file.bytes.count).utf8) + [0]
        context += file.bytes
        continue
      }
      var tokens: [UInt8] = []
      var start = 0
      for span in screens.sorted(by: { $0.lowerBound < $1.lowerBound }) where span.lowerBound >= start {
        appendTokens(file.bytes[start..<span.lowerBound], to: &tokens)
        tokens.append(0)
        start = span.upperBound
      }
      appendTokens(file.bytes[start...], to: &tokens)
      // A file of screens and nothing else (an array of them, or one) adds nothing but its screens.
      guard tokens.contains(where: { !Self.screenListBytes.contains($0) }) else {
        context.removeLast(file.path.utf8.count + 1)
        continue
      }
      context += tokens
      context.append(0)
    }
    return context
  }

  /// What a file that holds screens alone keeps once they are left out: brackets, commas, zeros.
  private static let screenListBytes: Set<UInt8> = [UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), 0]

  /// Appends JSON text without the whitespace outside its strings. `bytes` starts outside a
  /// string (a file's start, or the end of a screen object). Text with a `/` outside its strings
  /// (a comment, which a line break ends) is appended whole.
  static func appendTokens(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
    let start = out.count
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        continue
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "/") {
        out.removeSubrange(start...)
        out += bytes
        return
      }
      out.append(byte)
    }
  }

  private static func file(_ path: String, _ bytes: [UInt8], keep: (String, String) -> Bool) -> WrittenBundle.File {
    let hash = Digest.sha256Hex(bytes)
    return WrittenBundle.File(path: path, size: bytes.count, hash: hash, bytes: keep(path, hash) ? bytes : nil)
  }
}
