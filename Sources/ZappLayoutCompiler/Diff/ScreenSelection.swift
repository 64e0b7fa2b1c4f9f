import Foundation
import ZappDiagnostics
import ZappModel

/// How `zlc diff` finds the pairs of screens that may resolve differently, and compares only those.
enum ScreenSelection {
  /// By what resolution reads: a pair whose screens are written alike, in projects whose other
  /// files are the same, resolves alike and is never resolved; any other pair is resolved once per
  /// side and compared when its resolved forms differ.
  case byInputs
  /// By hashing what every screen of both sides resolves to: the reference `byInputs` is held to.
  case byDigests

  /// Whether the projects' files other than their screens files (`zlc.json`, families, manifests,
  /// `screen_types`, registries: all a screen's resolution reads besides the screen) are the same,
  /// each by its path in its project and its bytes. A screens file without a screen counts as one
  /// of the others.
  static func sameSurroundings(_ base: Project, _ head: Project) -> Bool {
    let (a, b) = (surroundings(base), surroundings(head))
    return a.count == b.count && zip(a, b).allSatisfy { $0.path == $1.path && sameBytes($0.file.bytes, $1.file.bytes) }
  }

  /// The project's files but its screens files, each with its path in the project folder.
  private static func surroundings(_ project: Project) -> [(path: String, file: SourceFile)] {
    let screensFiles = Set(project.screenObjects.map(\.file.path))
    return project.files.filter { !screensFiles.contains($0.path) }.map { (relative($0.path, in: project.directory), $0) }
  }

  /// `path` from inside `directory` (unchanged when it is not inside).
  private static func relative(_ path: String, in directory: String) -> String {
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
  /// it is then read alike, and resolves alike where the projects' other files are the same. A
  /// screen written differently (even only indented anew) is resolved and compared.
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
