import Foundation

/// What killed builds leave beside an output (a staging folder, an earlier output set aside by the
/// two-rename swap, one a stop signal renamed aside to remove it), how zlc knows them for its own,
/// and how it removes a folder it marked: its marker last.
extension OutputFolder {
  /// Removes what killed builds left beside the output, under the lock: a staging folder, or an
  /// earlier output set aside between two renames (put back when the output is missing). A folder
  /// is zlc's by its name (`.STEM.zlc-new-` or `.STEM.zlc-old-` and eight hexadecimal digits) and
  /// by what it holds (`isLeftover`); any other folder, whatever its name, is left as it is.
  func tidyLeftovers() {
    let fm = FileManager.default
    for (leftover, isOld) in namedLikeLeftovers() where isLeftover(leftover, staging: !isOld) {
      var status = stat()
      let isFolder = lstat(leftover, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      if isOld, isFolder, !fm.fileExists(atPath: path), (try? fm.moveItem(atPath: leftover, toPath: path)) != nil { continue }
      Self.removeMarkerLast(leftover)
    }
  }

  /// The folders beside the output named as zlc names what it leaves there, which zlc cannot tell
  /// for its own and so keeps (`isLeftover`), by their paths in byte order: a folder of the user's
  /// so named, or one whose marker zlc did not write there (copied, or written by hand) or that
  /// holds files its marker does not list. Nothing is removed.
  public func keptLeftovers() -> [String] {
    namedLikeLeftovers().filter { !isLeftover($0.path, staging: !$0.isOld) }.map(\.path)
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

  /// Whether `name` is `.STEM.TAG-` and eight lowercase hexadecimal digits, as zlc names what it
  /// writes beside an output.
  static func isTagged(_ name: String, stem: String, tag: String) -> Bool {
    let prefix = ".\(stem).\(tag)-"
    guard name.hasPrefix(prefix) else { return false }
    let suffix = name.utf8.dropFirst(prefix.utf8.count)
    return suffix.count == 8
      && suffix.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
  }

  /// Whether the folder at `leftover`, beside the output, is provably zlc's, so that it may be
  /// removed or put back: it holds zlc's marker listing its files and no other; or, for a staging
  /// folder (`staging`), the first marker zlc wrote into that very folder before anything else
  /// (`Marker.isFilling`), or no file at all (a build stopped before it wrote the marker, or as it
  /// made it); or it
  /// is an earlier output of a bundle without a list, exactly a bundle zlc could have written. A
  /// marker that lists nothing and is not tied to the folder (copied from elsewhere, written by
  /// hand) proves nothing: its folder is kept, whatever it holds. An empty file so named (a stop
  /// puts one in a folder's place while it removes the folder) holds nothing, and is removed.
  func isLeftover(_ leftover: String, staging: Bool) -> Bool {
    var status = stat()
    guard lstat(leftover, &status) == 0 else { return false }
    if status.st_mode & S_IFMT == S_IFREG { return status.st_size == 0 }
    guard status.st_mode & S_IFMT == S_IFDIR else { return false }
    let marker = Self.readMarker(in: leftover)
    if let marker, marker.fingerprint != nil {
      return Self.unlistedEntries(in: leftover, marker: marker, limit: 1).isEmpty
    }
    if staging { return marker?.isFilling(leftover) ?? Self.holdsNoFile(leftover, allowingEmptyMarker: true) }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: leftover)) ?? []).filter { $0 != Self.markerName }
    guard kind == .bundle, !names.isEmpty, names.allSatisfy(Self.unmarkedBundleNames.contains) else { return false }
    return (try? OutputFolder(shown: leftover, path: leftover, kind: .bundle).checkUnmarkedBundle()) != nil
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

  /// Removes what `folder` holds, its marker (`markerName`) last, and links never followed.
  private static func removeContents(of folder: String) {
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
    for (name, isFolder) in ordered {
      let child = folder + "/" + name
      if isFolder {
        removeContents(of: child)
        rmdir(child)
      } else {
        unlink(child)
      }
    }
  }
}
