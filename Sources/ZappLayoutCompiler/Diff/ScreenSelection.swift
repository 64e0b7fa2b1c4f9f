import Foundation
import ZappDiagnostics
import ZappModel

/// How `zlc diff` finds the pairs of screens that may resolve differently, and compares only those.
enum ScreenSelection {
  /// By what resolution reads: a pair whose screens are written alike is never resolved when
  /// nothing else its resolution reads changed (`SurroundingChanges`); any other pair is resolved
  /// once per side and compared when its resolved forms differ.
  case byInputs
  /// By hashing what every screen of both sides resolves to: the reference `byInputs` is held to.
  case byDigests

  /// `path` from inside `directory` (unchanged when it is not inside).
  static func relative(_ path: String, in directory: String) -> String {
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
  }

  /// Whether two byte arrays hold the same bytes.
  static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in
        guard let x = x.baseAddress, let y = y.baseAddress else { return true }  // both empty
        return memcmp(x, y, a.count) == 0
      }
    }
  }
}

extension DiffSide {
  /// Whether screen `i` is written as screen `j` of `other`, byte for byte from its `{` to its `}`:
  /// it is then read alike, and resolves alike where nothing else its resolution reads changed
  /// (`SurroundingChanges`). A screen written differently (even only indented anew) is resolved
  /// and compared.
  func writesAlike(_ i: Int, as j: Int, of other: DiffSide) -> Bool {
    let (a, b) = (project.screens[i].value, other.project.screens[j].value)
    let (aEnd, bEnd) = (a.document.end(of: a.index), b.document.end(of: b.index))
    let count = aEnd - a.offset
    guard count == bEnd - b.offset else { return false }
    return a.file.bytes.withUnsafeBufferPointer { x in
      b.file.bytes.withUnsafeBufferPointer { y in
        guard let x = x.baseAddress, let y = y.baseAddress else { return count == 0 }
        return memcmp(x + a.offset, y + b.offset, count) == 0
      }
    }
  }
}
