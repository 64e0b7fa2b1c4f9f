// The table `ScreenBundle.screen(id:)` finds a screen's position in.

/// The position of each screen id, the first of two equal ids kept. Ids are equal as Swift
/// compares strings (canonical equivalence). When every id is ASCII, as a bundle's ids are, the
/// table is keyed by a hash of the id's bytes, less than half as costly to make as a
/// `Dictionary<String, Int>`: an ASCII text is equal to another ASCII text only when their bytes
/// are, so an ASCII question is answered by the bytes too, and any other one (which may still be
/// equal to an ASCII id: `"\u{212A}"`, the Kelvin sign, is `"K"`) by comparing it with every id.
/// With an id beyond ASCII, the table is a `Dictionary`.
struct ScreenPositions: Sendable {
  private let ids: [String]
  private let table: Table

  private enum Table: Sendable {
    /// By the hash of the bytes: per slot, the hash's high 32 bits and the position + 1 (0: empty).
    case ascii(slots: [UInt64], mask: Int)
    case strings([String: Int])
  }

  init(_ ids: [String]) {
    self.ids = ids
    table = Self.asciiTable(ids) ?? .strings(Self.dictionary(ids))
  }

  /// The position of the first id equal to `id`.
  func position(of id: String) -> Int? {
    switch table {
    case .strings(let positions): return positions[id]
    case .ascii(let slots, let mask):
      guard let hash = Self.asciiHash(id) else { return ids.firstIndex(of: id) }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 {
        let kept = slots[slot]
        let position = Int(truncatingIfNeeded: kept & 0xFFFF_FFFF) - 1
        if kept >> 32 == hash >> 32, ids[position] == id { return position }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// The table by the bytes' hash, nil when an id is beyond ASCII (or the ids too many to count
  /// in 32 bits).
  private static func asciiTable(_ ids: [String]) -> Table? {
    guard ids.count < Int(UInt32.max) else { return nil }
    var capacity = 16
    while capacity < ids.count * 2 { capacity *= 2 }
    let mask = capacity - 1
    var slots = [UInt64](repeating: 0, count: capacity)
    for position in ids.indices {
      guard let hash = asciiHash(ids[position]) else { return nil }
      var slot = Int(truncatingIfNeeded: hash) & mask
      var taken = false
      while slots[slot] != 0 {
        let kept = slots[slot]
        // An equal id before it keeps its place.
        if kept >> 32 == hash >> 32, ids[Int(truncatingIfNeeded: kept & 0xFFFF_FFFF) - 1] == ids[position] {
          taken = true
          break
        }
        slot = (slot + 1) & mask
      }
      if !taken { slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1) }
    }
    return .ascii(slots: slots, mask: mask)
  }

  /// From the last to the first, so that the first of two screens with one id is kept.
  private static func dictionary(_ ids: [String]) -> [String: Int] {
    var table = [String: Int](minimumCapacity: ids.count)
    for position in ids.indices.reversed() { table[ids[position]] = position }
    return table
  }

  /// A hash of the UTF-8 bytes, eight at a time, mixed so that the low bits (the slot) hang on every
  /// byte; nil for a text beyond ASCII.
  static func asciiHash(_ id: String) -> UInt64? {
    var id = id
    return id.withUTF8 { bytes -> UInt64? in
      guard let base = bytes.baseAddress else { return 0 }
      let raw = UnsafeRawPointer(base)
      var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
      var high: UInt64 = 0
      var i = 0
      while bytes.count - i >= 8 {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        high |= word
        hash = mix(hash ^ word)
        i += 8
      }
      var tail: UInt64 = 0
      while i < bytes.count {
        tail = tail << 8 | UInt64(bytes[i])
        i += 1
      }
      high |= tail
      guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
      return mix(hash ^ tail)
    }
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    let x = value &* 0xBF58_476D_1CE4_E5B9
    return x ^ (x >> 31)
  }
}
