/// The names of what zlc writes beside a file or folder for a moment (a staging folder beside
/// an output, a fixed file's new copy beside it): the file's name with a tag added. A name too
/// long to take the tag within a file name's limit gets a shorter stem in its place.
package enum SiblingName {
  /// The longest file name, in bytes, of the file systems zlc writes to (`NAME_MAX`).
  package static let maxBytes = 255

  /// `name` when `extra` more bytes fit beside it in a file name; else its first whole characters
  /// and a hash of all of it (`~` and 16 hex digits), exactly as long as fits: the same for one
  /// name every time, and unlike any other long name's.
  package static func stem(_ name: String, leaving extra: Int) -> String {
    let room = maxBytes - extra
    guard name.utf8.count > room else { return name }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    let suffix = "~" + String(repeating: "0", count: 16 - digits.count) + digits
    var prefix = ""
    var bytes = 0
    for scalar in name.unicodeScalars {
      let width = String(scalar).utf8.count
      guard bytes + width + suffix.utf8.count <= room else { break }
      prefix.unicodeScalars.append(scalar)
      bytes += width
    }
    return prefix + suffix
  }
}
