import Synchronization
import ZappLayout
import ZappModel

/// The compact form's `layouts` table, gathered while the screens are written (in parallel): a
/// section's `layout` and `geometry`, a size class replacement's `geometry`, and a cell body's
/// `layout` and `geometry`, become one entry each, named by the first hex digits of the SHA-256
/// of the entry's compact bytes. An id depends only on the entry's content, so a screen file (and
/// its `sha256`) changes only when the screen's own resolution does.
package final class LayoutInterner: Sendable {
  /// Hex digits of an id: 48 bits, so two distinct entries of a bundle share one with odds of
  /// about n² / 2⁴⁹ (2 × 10⁻⁷ for 10,000 distinct entries).
  package static let standardIDLength = 12

  package let idLength: Int
  /// The digests of entries whose prefix another entry of the bundle shares: their id is the
  /// whole digest.
  package let longIDs: Set<String>

  /// An entry's compact bytes as a table key: hashed in one call (an array of bytes is hashed
  /// byte by byte).
  private struct EntryBytes: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }

  private struct State {
    var ids: [EntryBytes: String] = [:]
    /// Id → the digest of the entry that has it.
    var digests: [String: String] = [:]
    var bytes: [String: [UInt8]] = [:]
    var collisions: Set<String> = []
    /// The ids of the sections of each key so far: the section's, then each replacement's.
    var idsByKey: [EntryKey: [String?]] = [:]
  }
  private let state = Mutex(State())

  package init(idLength: Int = LayoutInterner.standardIDLength, longIDs: Set<String> = []) {
    self.idLength = idLength
    self.longIDs = longIDs
  }

  /// Names the entries of a section that has a layout (a section with `layout_absent` keeps it in
  /// place), and of its replacements that have geometry.
  package func reference(_ section: inout ResolvedSection) {
    referenceBody(&section)
    guard section.layoutAbsent == nil else { return }
    section.layoutRef = id(section)
    for i in section.sizeClassMapping.indices where section.sizeClassMapping[i].geometry != nil {
      if case .use = section.sizeClassMapping[i].replacement { section.sizeClassMapping[i].layoutRef = id(section.sizeClassMapping[i]) }
    }
  }

  /// Names the entries of a section made from `key` (`EntryKey`): with the ids of an earlier
  /// section of that key when there is one (one project's sections only), else as
  /// `reference(_:)` does. A debug build names them again and checks the ids are the same.
  package func reference(_ section: inout ResolvedSection, key: EntryKey?) {
    guard let key, section.layoutAbsent == nil else { return reference(&section) }
    guard let ids = state.withLock({ $0.idsByKey[key] }) else {
      reference(&section)
      let ids = [section.layoutRef] + section.sizeClassMapping.map(\.layoutRef)
      // Two threads may name a key at once: both find the same ids, and the first stays.
      state.withLock { state in if state.idsByKey[key] == nil { state.idsByKey[key] = ids } }
      return
    }
    // The key holds the mapping, so its sections have as many replacements.
    assert(ids.count == section.sizeClassMapping.count + 1)
    #if DEBUG
      var named = section
      reference(&named)
      assert(
        [named.layoutRef] + named.sizeClassMapping.map(\.layoutRef) == ids,
        "sections of one EntryKey must have the same layouts entries")
    #endif
    section.layoutRef = ids[0]
    for i in section.sizeClassMapping.indices { section.sizeClassMapping[i].layoutRef = ids[i + 1] }
    referenceBody(&section)
  }

  /// Names the entry of a section's cell body that has a layout (one with `layout_absent` keeps
  /// it in place). The body is not part of the section's `EntryKey`: it is named on its own.
  private func referenceBody(_ section: inout ResolvedSection) {
    guard let body = section.cellBody, body.layoutAbsent == nil else { return }
    section.cellBody?.layoutRef = id(body)
  }

  /// The id of a value's entry: its interned keys' compact bytes, hashed once per distinct entry.
  private func id<T: BundleObject>(_ value: T) -> String {
    var writer = JSONWriter(pretty: false)
    value.writeInterned(to: &writer)
    let bytes = writer.bytes
    let key = EntryBytes(bytes: bytes)
    if let id = state.withLock({ $0.ids[key] }) { return id }
    let digest = Digest.sha256Hex(bytes)
    let id = longIDs.contains(digest) ? digest : String(digest.prefix(idLength))
    state.withLock { state in
      if let other = state.digests[id], other != digest {
        state.collisions.formUnion([other, digest])
      } else {
        state.digests[id] = digest
        state.bytes[id] = bytes
      }
      state.ids[key] = id
    }
    return id
  }

  /// The digests of entries that share an id with another: the bundle is written again with
  /// `longIDs` set to them.
  package var collisions: Set<String> { state.withLock { $0.collisions } }

  /// One entry of the table: its id, the digest of its bytes, and its compact bytes.
  package struct Entry: Sendable {
    package var id: String
    package var digest: String
    package var bytes: [UInt8]
  }

  /// The entries gathered, in no order (`IncrementalBundle` merges those of many screens).
  package var table: [Entry] {
    state.withLock { state in state.bytes.map { Entry(id: $0.key, digest: state.digests[$0.key] ?? "", bytes: $0.value) } }
  }

  /// The table, sorted by id; throws when an entry does not read back (the bytes are the
  /// interner's own, so that is a bug to report, never a `null` in a bundle).
  package func entries() throws -> [LayoutEntry] {
    try state.withLock { $0.bytes }.sorted { $0.key < $1.key }.map { id, bytes in LayoutEntry(id: id, value: try JSON.parse(bytes)) }
  }
}
