// The table `ScreenBundle.screen(id:)` finds a screen's position in.

/// The position of each screen id, the first of two equal ids kept. Ids are equal when their
/// UTF-8 bytes are, as the compiler and `ScreenBundle.load`'s duplicate-id check compare them:
/// `"caf\u{E9}"` and `"cafe\u{301}"`, which Swift compares as equal, are two screens. The table is
/// keyed by a hash of the bytes, less than half as costly to make as a `Dictionary<String, Int>`
/// (which would also compare the ids as Swift does).
struct ScreenPositions: Sendable {
  private let ids: [String]
  /// Per slot, the hash's high 32 bits and the position + 1 (0: empty).
  private let slots: [UInt64]
  private let mask: Int

  init(_ ids: [String]) {
    self.ids = ids
    // Positions are kept in 32 bits: a larger list (never a bundle's) is searched in order.
    guard ids.count < Int(UInt32.max) else {
      (slots, mask) = ([], 0)
      return
    }
    var capacity = 16
    while capacity < ids.count * 2 { capacity *= 2 }
    let mask = capacity - 1
    var slots = [UInt64](repeating: 0, count: capacity)
    for position in ids.indices {
      let hash = Self.bytesHash(ids[position])
      var slot = Int(truncatingIfNeeded: hash) & mask
      var taken = false
      while slots[slot] != 0 {
        let kept = slots[slot]
        // An equal id before it keeps its place.
        if kept >> 32 == hash >> 32, Self.same(ids[Int(truncatingIfNeeded: kept & 0xFFFF_FFFF) - 1], ids[position]) {
          taken = true
          break
        }
        slot = (slot + 1) & mask
      }
      if !taken { slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1) }
    }
    (self.slots, self.mask) = (slots, mask)
  }

  /// The position of the first id whose bytes are those of `id`.
  func position(of id: String) -> Int? {
    guard !slots.isEmpty else { return ids.firstIndex { Self.same($0, id) } }
    let hash = Self.bytesHash(id)
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let kept = slots[slot]
      let position = Int(truncatingIfNeeded: kept & 0xFFFF_FFFF) - 1
      if kept >> 32 == hash >> 32, Self.same(ids[position], id) { return position }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Whether two ids have the same UTF-8 bytes.
  static func same(_ a: String, _ b: String) -> Bool { a.hasSameUTF8(as: b) }

  /// A hash of the UTF-8 bytes, eight at a time, mixed so that the low bits (the slot) hang on
  /// every byte.
  static func bytesHash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { bytes -> UInt64 in
      guard let base = bytes.baseAddress else { return 0 }
      let raw = UnsafeRawPointer(base)
      var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
      var i = 0
      while bytes.count - i >= 8 {
        hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        i += 8
      }
      var tail: UInt64 = 0
      while i < bytes.count {
        tail = tail << 8 | UInt64(bytes[i])
        i += 1
      }
      return mix(hash ^ tail)
    }
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    let x = value &* 0xBF58_476D_1CE4_E5B9
    return x ^ (x >> 31)
  }
}
