import Foundation

extension ScreenBundle {
  /// The bound an app gave `load` (`maxFileBytes`), as the loader applies it: a value above
  /// `ScreenBundle.maxFileBytes` reads no more than that; a value of 0 or less bounds nothing a
  /// bundle holds, and throws `LoadError.invalidFile` for `file` (the first file the load reads)
  /// before any file is read.
  static func fileLimit(_ maxFileBytes: Int, reading file: String) throws -> Int {
    guard maxFileBytes > 0 else {
      throw LoadError.invalidFile(
        file, "not read: maxFileBytes is \(maxFileBytes), and an app bounds bundle files by 1 to \(Self.maxFileBytes) bytes")
    }
    return min(maxFileBytes, Self.maxFileBytes)
  }
}
