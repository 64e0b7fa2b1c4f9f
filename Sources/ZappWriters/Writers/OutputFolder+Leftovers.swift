import Foundation
import ZappDiagnostics

/// What killed builds leave beside an output (a staging folder, an earlier output set aside by the
/// two-rename swap, one a stop signal renamed aside to remove it), how zlc knows them for its own,
/// and how it removes a folder it marked: its marker last.
extension OutputFolder {
  /// Removes what killed builds left beside the output, under the lock: a staging folder, or an
  /// earlier output set aside between two renames (put back when the output is missing). A folder
  /// is zlc's by its name (`.STEM.zlc-new-` or `.STEM.zlc-old-` and eight hexadecimal digits) and
  /// by what it holds (`whyKept`); any other folder, whatever its name, is left as it is.
  func tidyLeftovers() {
    let fm = FileManager.default
    for (leftover, isOld) in namedLikeLeftovers() where whyKept(leftover, staging: !isOld) == nil {
      var status = stat()
      let isFolder = lstat(leftover, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      if isOld, isFolder, !fm.fileExists(atPath: path), (try? fm.moveItem(atPath: leftover, toPath: path)) != nil { continue }
      Self.removeMarkerLast(leftover)
    }
  }

  /// A path beside the output named as zlc names what it leaves there, which zlc cannot tell for
  /// its own and so keeps.
  public struct KeptLeftover: Equatable, Sendable {
    /// Why zlc cannot tell it for its own.
    public enum Reason: Equatable, Sendable {
      /// It is not a folder (`what`: "a file", "a link", …), nor an empty file a stop put there.
      case notAFolder(what: String)
      /// A folder that holds files but no marker zlc can read.
      case noMarker
      /// Its marker lists no files, and is not the first marker zlc wrote there.
      case markerListsNothing
      /// Its marker is the first marker of a staging folder, but of another folder: copied from
      /// there, or a folder that reused its inode.
      case markerOfAnotherFolder
      /// Its marker is the first marker of a staging folder, without the birth time that would
      /// tell that folder from one that reused its inode (zlc could not learn it).
      case markerWithoutBirthTime
      /// It holds these files, the first few, that its marker does not list.
      case unlisted([String])
    }

    /// Its path as the user would write it: beside the output as the output was given.
    public var path: String
    public var reason: Reason
  }

  /// The paths beside the output that zlc cannot tell for its own and so keeps (`whyKept`), in
  /// byte order: a folder of the user's so named, or one whose marker zlc did not write there
  /// (copied, or written by hand) or that holds files its marker does not list. Whether a path is
  /// kept does not depend on a build: a build finds them before it writes. Nothing is removed.
  public func keptLeftovers() -> [KeptLeftover] {
    namedLikeLeftovers().compactMap { leftover in
      whyKept(leftover.path, staging: !leftover.isOld).map { KeptLeftover(path: shownBeside(leftover.path), reason: $0) }
    }
  }

  /// `sibling`, a path in the output's folder, as the user would write it: beside the output as
  /// given (`out` gives `.out.zlc-new-…`, `build/out` gives `build/.out.zlc-new-…`), else absolute.
  func shownBeside(_ sibling: String) -> String {
    let name = (sibling as NSString).lastPathComponent
    let given = shown.hasSuffix("/") ? String(shown.dropLast()) : shown
    guard (given as NSString).lastPathComponent == (path as NSString).lastPathComponent, !given.isEmpty else { return sibling }
    let head = PathText.deletingLastComponent(given)
    return head.isEmpty ? name : (head.hasSuffix("/") ? head + name : head + "/" + name)
  }

  /// The paths beside the output named `.STEM.zlc-new-…` or `.STEM.zlc-old-…` (eight hexadecimal
  /// digits, and `.stopped` after them for one a stop signal renamed aside), and whether each is an
  /// earlier output set aside (`.zlc-old-` without `.stopped`), which may be put back.
  private func namedLikeLeftovers() -> [(path: String, isOld: Bool)] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return [] }
    let stem = stagingStem
    return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { name in
      // One a stop signal renamed aside to remove it (`StopSignals`) is removed, never put back.
      let stopped = name.hasSuffix(".stopped")
      let tagged = stopped ? String(name.dropLast(".stopped".count)) : name
      let isOld = Self.isTagged(tagged, stem: stem, tag: "zlc-old")
      guard isOld || Self.isTagged(tagged, stem: stem, tag: "zlc-new") else { return nil }
      return (parent + "/" + name, isOld && !stopped)
    }
  }

  /// Whether `name` is named as zlc names what it writes beside an output of any name
  /// (`.STEM.zlc-new-` or `.STEM.zlc-old-` and eight lowercase hexadecimal digits, `.stopped` after
  /// them or not): such a folder a build beside it may remove, so it is no output.
  static func isNamedLikeStaging(_ name: String) -> Bool {
    let tagged = name.hasSuffix(".stopped") ? String(name.dropLast(".stopped".count)) : name
    guard tagged.hasPrefix("."), tagged.utf8.count > ".zlc-new-".utf8.count + 8 else { return false }
    let tagStart = tagged.utf8.index(tagged.utf8.endIndex, offsetBy: -(".zlc-new-".utf8.count + 8))
    let stem = String(tagged[tagged.index(after: tagged.startIndex)..<tagStart])
    return isTagged(tagged, stem: stem, tag: "zlc-new") || isTagged(tagged, stem: stem, tag: "zlc-old")
  }

  /// Whether `name` is `.STEM.TAG-` and eight lowercase hexadecimal digits, as zlc names what it
  /// writes beside an output.
  static func isTagged(_ name: String, stem: String, tag: String) -> Bool {
    let prefix = ".\(stem).\(tag)-"
    guard name.hasPrefix(prefix) else { return false }
    let suffix = name.utf8.dropFirst(prefix.utf8.count)
    return suffix.count == 8
      && suffix.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
  }

  /// Nil when the folder at `leftover`, beside the output, is provably zlc's, so that it may be
  /// removed or put back; else why it is kept. It is zlc's when it holds zlc's marker listing its
  /// files and no other; or, for a staging folder (`staging`), the first marker zlc wrote into that
  /// very folder before anything else (`Marker.isFilling`), or no file at all (a build stopped
  /// before it wrote the marker, or as it made it); or when it is an earlier output of a bundle
  /// without a list, exactly a bundle zlc could have written. A marker that lists nothing and is
  /// not tied to the folder (copied from elsewhere, written by hand) proves nothing: its folder is
  /// kept, whatever it holds. An empty file so named (a stop puts one in a folder's place while it
  /// removes the folder) holds nothing, and is removed.
  func whyKept(_ leftover: String, staging: Bool) -> KeptLeftover.Reason? {
    var status = stat()
    guard lstat(leftover, &status) == 0 else { return nil }  // gone meanwhile: nothing to keep
    if status.st_mode & S_IFMT == S_IFREG { return status.st_size == 0 ? nil : .notAFolder(what: "a file") }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      return .notAFolder(what: status.st_mode & S_IFMT == S_IFLNK ? "a link" : Self.kindOfNonFolder(status.st_mode))
    }
    let marker = Self.readMarker(in: leftover)
    if let marker, marker.fingerprint != nil {
      let unlisted = Self.unlistedEntries(in: leftover, marker: marker)
      return unlisted.isEmpty ? nil : .unlisted(unlisted)
    }
    if staging {
      guard let marker else { return Self.holdsNoFile(leftover, allowingEmptyMarker: true) ? nil : .noMarker }
      if marker.isFilling(leftover) { return nil }
      guard let filling = marker.filling else { return .markerListsNothing }
      return filling.birth == nil ? .markerWithoutBirthTime : .markerOfAnotherFolder
    }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: leftover)) ?? []).filter { $0 != Self.markerName }
    if kind == .bundle, !names.isEmpty, names.allSatisfy(Self.unmarkedBundleNames.contains),
      (try? OutputFolder(shown: leftover, path: leftover, kind: .bundle).checkUnmarkedBundle()) != nil
    {
      return nil
    }
    return marker == nil ? .noMarker : .markerListsNothing
  }

  /// Whether `folder` holds nothing but folders, at any depth, that hold nothing else; with
  /// `allowingEmptyMarker`, an empty marker in it (a build killed as it made its first marker) too.
  private static func holdsNoFile(_ folder: String, allowingEmptyMarker: Bool = false) -> Bool {
    guard let stream = opendir(folder) else { return false }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
      let name = String(decoding: entryName(entry), as: UTF8.self)
      guard name != ".", name != ".." else { continue }
      var status = stat()
      let child = folder + "/" + name
      guard lstat(child, &status) == 0 else { return false }
      if allowingEmptyMarker, name == markerName, status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 { continue }
      guard status.st_mode & S_IFMT == S_IFDIR, holdsNoFile(child) else { return false }
    }
    return true
  }

  /// Removes a folder zlc marked with its marker last, in it and in every folder inside it: a
  /// removal cut short (a kill) leaves the marker with part of what it marks, which the next build
  /// recognises and removes, never files without their marker, which no build may remove.
  /// Anything but a folder (a file, a link, even to a folder) is removed itself, never what it
  /// points to.
  package static func removeMarkerLast(_ folder: String) {
    var status = stat()
    guard lstat(folder, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      unlink(folder)
      return
    }
    // Again, should something still write into it (a thread a stop signal cut short).
    for _ in 0..<3 {
      removeContents(of: folder)
      if rmdir(folder) == 0 || errno == ENOENT { return }
    }
  }

  /// Removes what `folder` holds, its marker (`markerName`) last, and links never followed; keeps
  /// the marker while anything else stays (a folder that could not be listed or removed), so
  /// files are never left without it. Returns whether the folder is empty.
  @discardableResult
  private static func removeContents(of folder: String) -> Bool {
    var entries: [(name: String, isFolder: Bool)] = []
    if let stream = opendir(folder) {
      while let entry = readdir(stream) {
        let name = String(decoding: entryName(entry), as: UTF8.self)
        guard name != ".", name != ".." else { continue }
        var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
        if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
          var status = stat()
          isFolder = lstat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
        entries.append((name, isFolder))
      }
      closedir(stream)
    }
    // Stable: the marker after every other entry, whatever order the folder lists them in.
    let ordered = entries.filter { $0.name != markerName } + entries.filter { $0.name == markerName }
    var removedAll = true
    for (name, isFolder) in ordered {
      let child = folder + "/" + name
      if name == markerName, !removedAll { return false }
      if isFolder {
        removeContents(of: child)
        if rmdir(child) != 0, errno != ENOENT { removedAll = false }
      } else if unlink(child) != 0, errno != ENOENT {
        removedAll = false
      }
    }
    return removedAll
  }
}
