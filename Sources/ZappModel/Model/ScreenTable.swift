import Foundation
import ZappLayout

/// The project's screens by id or by name, compared as `ExactString` compares them (the same UTF-8
/// bytes), kept as positions in the project's screens: 4 bytes a slot, where a dictionary of
/// `ExactString` keys took 32 (a 10,000-screen project's two tables: 1 MB, now 128 KB). The first
/// screen of a key is the one kept.
struct ScreenTable: Sendable {
  /// Which string of a screen is its key.
  enum Key: Sendable {
    case id, name

    func of(_ screen: ScreenDecl) -> String? {
      switch self {
      case .id: screen.idString
      case .name: screen.nameString
      }
    }
  }

  private let key: Key
  /// Open addressing with linear probing, at most half full: a screen's position plus one, or 0.
  private var slots: [Int32]
  /// The positions of the screens whose key an earlier screen has, in order.
  private(set) var repeats: [Int] = []

  /// The first screen of each key among `screens`.
  init(_ screens: [ScreenDecl], by key: Key) {
    precondition(screens.count < Int(Int32.max), "a project's screens are counted in 32 bits")
    self.key = key
    var size = 16
    while size < screens.count * 2 { size <<= 1 }
    slots = [Int32](repeating: 0, count: size)
    for (position, screen) in screens.enumerated() {
      guard let text = key.of(screen) else { continue }
      var slot = Self.hash(text) & (size - 1)
      while true {
        let stored = Int(slots[slot])
        if stored == 0 {
          slots[slot] = Int32(position + 1)
          break
        }
        if Self.equal(key.of(screens[stored - 1]), text) {
          repeats.append(position)
          break
        }
        slot = (slot + 1) & (size - 1)
      }
    }
  }

  /// The position in `screens` (the screens the table was made of) of the first screen whose key
  /// is `text`.
  func position(of text: String, in screens: [ScreenDecl]) -> Int? {
    let mask = slots.count - 1
    var slot = Self.hash(text) & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return nil }
      if Self.equal(key.of(screens[stored - 1]), text) { return stored - 1 }
      slot = (slot + 1) & mask
    }
  }

  private static func hash(_ text: String) -> Int {
    var hasher = Hasher()
    ExactString.withUTF8(text) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    return hasher.finalize()
  }

  private static func equal(_ stored: String?, _ text: String) -> Bool {
    stored?.hasSameUTF8(as: text) ?? false
  }
}

extension Project.ScreenIndex {
  /// Whether the index was made of `screens`: the same screens, in the same order. One pointer
  /// comparison when they share storage, as a platform's project shares its app's (`narrowed(to:)`).
  func indexes(_ other: [ScreenDecl]) -> Bool {
    guard other.count == screens.count else { return false }
    let shared = screens.withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    return shared || zip(screens, other).allSatisfy { $0 === $1 }
  }

  /// Whether `other` holds screens of the same ids and names, in the same order: the tables hold
  /// for them. A screen kept from an earlier read is compared by its strings' storage first.
  func holdsKeys(of other: [ScreenDecl]) -> Bool {
    guard other.count == screens.count else { return false }
    for (mine, theirs) in zip(screens, other) where mine !== theirs {
      guard mine.idString.utf8.elementsEqual(theirs.idString.utf8) else { return false }
      switch (mine.nameString, theirs.nameString) {
      case (nil, nil): continue
      case (let a?, let b?): if !a.utf8.elementsEqual(b.utf8) { return false }
      default: return false
      }
    }
    return true
  }
}
