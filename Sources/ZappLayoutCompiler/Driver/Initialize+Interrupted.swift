import Foundation
import ZappDiagnostics
import ZappReaders
import ZappWriters

extension Driver {
  /// What a `zlc init` killed (`kill -9`, a power cut) left in an existing folder, found under the
  /// folder's lock (`lockForInit`), so no `zlc init` running now is writing it.
  enum InitLeftovers: Equatable {
    /// Nothing of an earlier `zlc init`.
    case none
    /// Staging folders whose starter was never moved in (the folder holds nothing else but hidden
    /// entries), each holding only what zlc wrote: removed before the starter is written again.
    case unmoved(stagings: [String])
    /// A starter moved in part: the staging folder holds the rest of it, written whole and flushed
    /// to the disk before the first entry was moved (every file checked), so the move is finished.
    case halfMoved(staging: String, remaining: [String])
    /// A staging folder beside nothing visible that holds what zlc did not write: kept, and the
    /// folder refused.
    case foreign(staging: String)
    /// Staging folders beside the folder's entries (`holding`, sorted) that are not together the
    /// whole starter: all kept, and the folder refused.
    case unfinished(staging: String, holding: [String])
  }

  /// The prefix of the staging folder `zlc init` makes inside an existing folder.
  static let initStagingPrefix = ".zlc-init-"

  /// Takes the advisory lock every `zlc init` holds on an existing folder while it looks into it
  /// and writes the starter into it (`flock`, given back when zlc ends, however it ends); the
  /// folder's descriptor, or -1 when it cannot be opened. When another zlc run holds it (an init,
  /// or a build or preview writing beside its output there), says on the standard error that it
  /// waits (`waiting for another zlc run writing in 'shown' (to init 'target')`), then waits.
  static func lockForInit(_ absolute: String, shown: String, target: String) -> Int32 {
    let folder = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return folder }
    _ = OutputFolder.takeLock(folder, LOCK_EX, waitingSays: OutputFolder.waiting(in: shown, to: "init", target))
    return folder
  }

  /// What an earlier `zlc init` of `template` left in `absolute`: its staging folders
  /// (`.zlc-init-` and eight hexadecimal digits, each a folder, not a link) and, when the folder
  /// holds entries other than hidden ones, whether they are a starter moved in part: the one
  /// staging folder and the folder's entries, none in both, are together the whole starter of
  /// `template`, every file the starter's byte for byte. Staging folders beside nothing visible
  /// are removable only when all they hold is zlc's (`holdsOnlyStarter`).
  static func initLeftovers(in absolute: String, template: StarterTemplate) -> InitLeftovers {
    let manager = FileManager.default
    let entries = (try? manager.contentsOfDirectory(atPath: absolute)) ?? []
    let stagings = entries.filter { isStaging($0, prefix: initStagingPrefix, in: absolute) }.sorted()
    guard !stagings.isEmpty else { return .none }
    let app = appName(folder: (absolute as NSString).lastPathComponent)
    let visible = entries.filter { !$0.hasPrefix(".") }.sorted()
    guard !visible.isEmpty else {
      let foreign = stagings.filter { !holdsOnlyStarter(absolute + "/" + $0, app: { _ in app }, rootedAt: [""]) }
      return foreign.isEmpty ? .unmoved(stagings: stagings) : .foreign(staging: foreign[0])
    }
    guard stagings.count == 1, let remaining = try? manager.contentsOfDirectory(atPath: absolute + "/" + stagings[0]),
      !remaining.isEmpty, Set(visible).isDisjoint(with: remaining),
      var staged = fileTree(absolute + "/" + stagings[0], below: "")
    else { return .unfinished(staging: stagings[0], holding: visible) }
    for name in visible {
      guard let moved = fileTree(absolute, below: name) else { return .unfinished(staging: stagings[0], holding: visible) }
      staged.files.merge(moved.files) { first, _ in first }
      staged.folders += moved.folders
    }
    let starter = Dictionary(uniqueKeysWithValues: template.files(app: app).map { ($0.path, Array($0.contents.utf8)) })
    let folders = Set(starter.keys.flatMap(folderPaths))
    guard Set(staged.files.keys) == Set(starter.keys), Set(staged.folders).isSubset(of: folders),
      staged.files.allSatisfy({ path, full in FileManager.default.contents(atPath: full).map(Array.init) == starter[path] })
    else { return .unfinished(staging: stagings[0], holding: visible) }
    return .halfMoved(staging: stagings[0], remaining: remaining.sorted())
  }

  /// The regular files (relative path to full path) and folders (relative paths) at and below
  /// `below` in `folder` (`""`: all of it), links not followed; nil when it holds anything else (a
  /// link, a device), cannot be read, or holds more than a starter could (100 entries).
  static func fileTree(_ folder: String, below: String) -> (files: [String: String], folders: [String])? {
    var files: [String: String] = [:]
    var folders: [String] = []
    var pending = [below]
    while let relative = pending.popLast() {
      var status = stat()
      let full = relative.isEmpty ? folder : folder + "/" + relative
      guard lstat(full, &status) == 0, files.count + folders.count < 100 else { return nil }
      switch status.st_mode & S_IFMT {
      case S_IFREG:
        files[relative] = full
      case S_IFDIR:
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return nil }
        if !relative.isEmpty { folders.append(relative) }
        pending += names.map { relative.isEmpty ? $0 : relative + "/" + $0 }
      default:
        return nil
      }
    }
    return (files, folders)
  }

  /// The folders `path` lies in, relative (`a`, `a/b` for `a/b/c`).
  private static func folderPaths(_ path: String) -> [String] {
    let parts = path.split(separator: "/").dropLast()
    return parts.indices.map { parts[...$0].joined(separator: "/") }
  }

  /// Whether everything in `staging` is what a `zlc init` killed while it wrote would leave there:
  /// the folders down to one of the `roots` (relative to `staging`), and below it files of one
  /// starter for `app(root)`, each the starter's byte for byte, but for one that may stop short
  /// (the file being written when zlc was killed), and the folders they lie in. Anything else is
  /// a user's and is kept.
  static func holdsOnlyStarter(_ staging: String, app: (String) -> String, rootedAt roots: [String]) -> Bool {
    guard let tree = fileTree(staging, below: "") else { return false }
    return roots.contains { root in
      let prefix = root.isEmpty ? "" : root + "/"
      let above = Set(folderPaths(prefix + "x"))
      return StarterTemplate.allCases.contains { template in
        let starter = Dictionary(uniqueKeysWithValues: template.files(app: app(root)).map { ($0.path, Array($0.contents.utf8)) })
        let folders = Set(starter.keys.flatMap(folderPaths).map { prefix + $0 }).union(above)
        var short = 0
        return Set(tree.folders).isSubset(of: folders)
          && tree.files.allSatisfy { path, full in
            guard path.hasPrefix(prefix), let expected = starter[String(path.dropFirst(prefix.count))],
              let bytes = FileManager.default.contents(atPath: full).map(Array.init)
            else { return false }
            if bytes == expected { return true }
            short += 1
            return short == 1 && bytes.count < expected.count && expected.starts(with: bytes)
          }
      }
    }
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
    return StoppedRunLeftoverRule.isStagingName(name, prefix: prefix)
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
