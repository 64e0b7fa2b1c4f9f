import Foundation
import ZappDiagnostics
import ZappWriters

extension Driver {
  /// What a `zlc init` killed (`kill -9`, a power cut) left in an existing folder, found under the
  /// folder's lock (`lockForInit`), so no `zlc init` running now is writing it.
  enum InitLeftovers: Equatable {
    /// Nothing of an earlier `zlc init`.
    case none
    /// Staging folders whose starter was never moved in (the folder holds nothing else but hidden
    /// entries): removed before the starter is written again.
    case unmoved(stagings: [String])
    /// A starter moved in part: the staging folder holds the rest of it, written whole and flushed
    /// to the disk before the first entry was moved, so the move is finished.
    case halfMoved(staging: String, remaining: [String])
  }

  /// The prefix of the staging folder `zlc init` makes inside an existing folder.
  static let initStagingPrefix = ".zlc-init-"

  /// The top-level entries of every starter (`zlc.json`, `screens`, …).
  static var starterTopLevelNames: Set<String> {
    Set(StarterTemplate.allCases.flatMap { $0.files(app: "App").map { String($0.path.split(separator: "/")[0]) } })
  }

  /// Takes the advisory lock every `zlc init` holds on an existing folder while it looks into it
  /// and writes the starter into it (`flock`, given back when zlc ends, however it ends); the
  /// folder's descriptor, or -1 when it cannot be opened.
  static func lockForInit(_ absolute: String) -> Int32 {
    let folder = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      while flock(folder, LOCK_EX) != 0, errno == EINTR {}
    }
    return folder
  }

  /// What an earlier `zlc init` left in `absolute`: its staging folders (`.zlc-init-` and eight
  /// hexadecimal digits, each a folder, not a link) and, when the folder holds entries other than
  /// hidden ones, whether they are a starter moved in part: each one a starter's top-level entry,
  /// with the rest of the starter in the one staging folder and nothing of it in both.
  static func initLeftovers(in absolute: String) -> InitLeftovers {
    let manager = FileManager.default
    let entries = (try? manager.contentsOfDirectory(atPath: absolute)) ?? []
    let stagings = entries.filter { isStaging($0, prefix: initStagingPrefix, in: absolute) }.sorted()
    guard !stagings.isEmpty else { return .none }
    let visible = Set(entries.filter { !$0.hasPrefix(".") })
    guard !visible.isEmpty else { return .unmoved(stagings: stagings) }
    let names = starterTopLevelNames
    guard stagings.count == 1, visible.isSubset(of: names),
      let remaining = try? manager.contentsOfDirectory(atPath: absolute + "/" + stagings[0]),
      !remaining.isEmpty, Set(remaining).isSubset(of: names), visible.isDisjoint(with: remaining)
    else { return .none }
    return .halfMoved(staging: stagings[0], remaining: remaining.sorted())
  }

  /// The staging folders a `zlc init` of the new folder `top` of `holder` (`.NAME.zlc-init-` and
  /// eight hexadecimal digits) left when it was killed before its one rename: found under
  /// `holder`'s lock (`lockForInit`), so none is a running one's.
  static func staleStagings(in holder: String, beside top: String) -> [String] {
    let prefix = "." + SiblingName.stem(top, leaving: 1 + initStagingPrefix.utf8.count + 8) + initStagingPrefix
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: holder)) ?? []
    return entries.filter { isStaging($0, prefix: prefix, in: holder) }.sorted()
  }

  /// Whether `name` in `folder` is a staging folder `zlc init` names: `prefix` and eight
  /// hexadecimal digits, a folder, not a link.
  private static func isStaging(_ name: String, prefix: String, in folder: String) -> Bool {
    var status = stat()
    let tag = name.unicodeScalars.dropFirst(prefix.unicodeScalars.count)
    return name.hasPrefix(prefix) && tag.count == 8 && tag.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
      && lstat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Finishes the move of a starter an earlier `zlc init` left half moved into `absolute`: each
  /// remaining entry renamed out of the staging folder (never over an entry), the staging folder
  /// removed, the folder flushed. A stop signal waits for the renames.
  static func finishMove(into absolute: String, from staging: String, remaining: [String]) throws {
    try StopSignals.unlessStopping {
      for name in remaining {
        var status = stat()
        guard lstat(absolute + "/" + name, &status) != 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(EEXIST)) }
        if rename(absolute + "/" + staging + "/" + name, absolute + "/" + name) != 0 {
          throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
        }
      }
      rmdir(absolute + "/" + staging)
    }
    let folder = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      Durability.syncDirectory(folder)
      close(folder)
    }
  }

  /// The files under `absolute`, relative to it, sorted; hidden entries left out.
  static func starterFiles(in absolute: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: absolute)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
      if FileManager.default.fileExists(atPath: absolute + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
        files.append(relative)
      }
    }
    return files.sorted()
  }
}
