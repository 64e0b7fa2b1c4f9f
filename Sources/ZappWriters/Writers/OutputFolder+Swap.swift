import Foundation
import ZappDiagnostics
import ZappModel

extension OutputFolder {
  /// Refuses, as an I/O error and before anything is written, an existing output that cannot be
  /// swapped away and removed: a mount point (another file system than its parent), or a folder
  /// in it that may not be written (`WritableFolder.refusal`), so a folder made read-only
  /// (`chmod a-w`) is kept even for root.
  package func checkReplaceable() throws {
    var own = stat()
    var holder = stat()
    guard lstat(path, &own) == 0, own.st_mode & S_IFMT == S_IFDIR else { return }  // absent: created by the swap
    if stat(parent, &holder) == 0, holder.st_dev != own.st_dev { throw swapFailure(EXDEV) }
    for folder in [path] + subfolders(of: path) {
      let name = folder == path ? shown : shown + folder.dropFirst(path.count)
      var status = stat()
      guard lstat(folder, &status) == 0 else { continue }
      guard let refusal = WritableFolder.refusal(folder, status: status) else { continue }
      let advice = status.st_mode & S_IWUSR == 0 ? ": make it writable (chmod -R u+w) or choose another folder" : ""
      throw BundleWriter.WriteError.io("cannot replace '\(shown)': '\(name)' \(refusal); zlc keeps it as it is\(advice)")
    }
  }

  /// Every folder under `folder`, found without following links.
  private func subfolders(of folder: String) -> [String] {
    var found: [String] = []
    var pending = [folder]
    while let next = pending.popLast() {
      for child in Self.childFolders(of: next) {
        found.append(child)
        pending.append(child)
      }
    }
    return found.sorted()
  }

  /// The folders directly in `folder` (not links to folders), by the type each entry gives, so
  /// that the files of an output of 10,000 screens are not examined one by one.
  package static func childFolders(of folder: String) -> [String] {
    guard let stream = opendir(folder) else { return [] }
    defer { closedir(stream) }
    var found: [String] = []
    while let entry = readdir(stream) {
      let type = entry.pointee.d_type
      guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
      let name = String(decoding: entryName(entry), as: UTF8.self)
      guard name != ".", name != ".." else { continue }
      let child = folder + "/" + name
      var status = stat()
      if type == UInt8(DT_DIR) || (lstat(child, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR) { found.append(child) }
    }
    return found
  }

  /// Puts the staging folder in the output's place: one exchange where the system can (Linux
  /// renameat2 RENAME_EXCHANGE, Darwin RENAME_SWAP), else two renames. A failure removes the
  /// staging folder and leaves the output as it was. The renames run under `tidy.exclusive`, so a
  /// stop signal never removes a folder while it is renamed.
  ///
  /// After the exchange, the earlier output (now at the staging folder's path) is looked at once
  /// more before it is removed: a file someone put into it since the last check, in the moment
  /// before the exchange, is not deleted with it. The exchange is undone, so that the output is
  /// the earlier one with that file, as it was, and the output is refused as one that holds files
  /// zlc did not write (`Refusal.foreignContents`).
  package func swap(_ staging: String, tidy: StopTidying? = nil) throws {
    enum Step {
      case moved
      /// The earlier output is at the staging path, with the entries its marker does not list.
      case exchanged(unlisted: [String])
      case failed(Int32)
      /// A file took the output's place at the exchange, and the exchange could not be undone.
      case fileSetAside(Int32)
    }
    let step = try Self.unlessStopping(tidy) { () -> Step in
      if rename(staging, path) == 0 { return .moved }  // no output yet, or an empty one
      // A file put in the output's place since it was checked is never exchanged, so never removed.
      if errno == ENOTDIR { return .failed(ENOTDIR) }
      let code = Self.exchange(staging, path)
      guard code == 0 else { return .failed(code) }
      guard Self.isFolder(staging) else {  // the file came between the rename and the exchange
        let undone = Self.exchange(staging, path)
        if undone != 0 { tidy?.forget(staging) }  // the file, set aside there: never removed by a stop
        return undone == 0 ? .failed(ENOTDIR) : .fileSetAside(undone)
      }
      // The staging path holds the earlier output now, looked at before a stop may remove it (a
      // stop waits): a file that appeared in it just before the exchange is never removed.
      let unlisted = unlistedEntries(inEarlierOutput: staging)
      if !unlisted.isEmpty { tidy?.forget(staging) }
      return .exchanged(unlisted: unlisted)
    }
    switch step {
    case .moved: return
    case .fileSetAside(let code):
      throw BundleWriter.WriteError.io(
        "cannot replace '\(shown)': a file took its place as it was replaced, and could not be put back (\(String(cString: strerror(code)))); it is kept as '\((staging as NSString).lastPathComponent)' beside the output"
      )
    case .exchanged(let unlisted):
      guard !unlisted.isEmpty else {
        Self.removeMarkerLast(staging)  // a stop may remove it too
        tidy?.holdIfStopping()  // a stop that came meanwhile removes what is left and ends zlc
        return
      }
      let undone = try Self.unlessStopping(tidy) { Self.exchange(staging, path) }
      guard undone == 0 else {
        // The new output stays; the earlier one, with the file, is kept beside it, not removed.
        throw BundleWriter.WriteError.io(
          "cannot replace '\(shown)': files appeared in it as it was replaced (\(Self.quoted(unlisted))), and the earlier output could not be put back (\(String(cString: strerror(undone)))); it is kept as '\((staging as NSString).lastPathComponent)' beside the output: move those files out of it"
        )
      }
      removeUnlessChanged(staging, tidy: tidy)
      throw Refusal.foreignContents(shown, examples: unlisted)
    case .failed(let code):
      guard code != ENOTDIR else {
        Self.removeMarkerLast(staging)
        throw Refusal.isFile(shown)
      }
      guard Self.cannotExchange(code) else {
        Self.removeMarkerLast(staging)
        throw swapFailure(code)
      }
      try swapByRenaming(staging, tidy: tidy)
    }
  }

  /// The swap where the file system cannot exchange: the output is renamed aside, the staging
  /// folder into its place, and the previous output removed (put back when the second rename
  /// fails, or when files appeared in it, as after an exchange).
  package func swapByRenaming(_ staging: String, tidy: StopTidying?) throws {
    let previous = parent + "/.\(stagingStem).zlc-old-\(UUID().uuidString.prefix(8).lowercased())"
    // The earlier output, once renamed aside, is looked at before a stop may remove it (a stop
    // waits): a file that appeared in it just before the rename is never removed.
    let (code, unlisted) = try Self.unlessStopping(tidy) { () -> (Int32, [String]) in
      if rename(path, previous) != 0 { return (errno, []) }
      guard Self.isFolder(previous) else {
        _ = rename(previous, path)  // a file put in the output's place since it was checked: put back
        return (ENOTDIR, [])
      }
      if rename(staging, path) != 0 {
        let code = errno
        _ = rename(previous, path)
        return (code, [])
      }
      let unlisted = unlistedEntries(inEarlierOutput: previous)
      if unlisted.isEmpty { tidy?.removeOnStop(previous) }
      return (0, unlisted)
    }
    if code != 0 {
      Self.removeMarkerLast(staging)
      throw code == ENOTDIR ? Refusal.isFile(shown) : swapFailure(code)
    }
    guard !unlisted.isEmpty else {
      Self.removeMarkerLast(previous)  // a stop may remove it too
      tidy?.holdIfStopping()  // a stop that came meanwhile removes what is left and ends zlc
      tidy?.forget(previous)
      return
    }
    let undone = try Self.unlessStopping(tidy) { () -> Int32 in
      if rename(path, staging) != 0 { return errno }
      if rename(previous, path) != 0 {
        let code = errno
        _ = rename(staging, path)
        return code
      }
      return 0
    }
    guard undone == 0 else {
      throw BundleWriter.WriteError.io(
        "cannot replace '\(shown)': files appeared in it as it was replaced (\(Self.quoted(unlisted))), and the earlier output could not be put back (\(String(cString: strerror(undone)))); it is kept as '\((previous as NSString).lastPathComponent)' beside the output: move those files out of it"
      )
    }
    removeUnlessChanged(staging, tidy: tidy)
    throw Refusal.foreignContents(shown, examples: unlisted)
  }

  /// The first entries of the earlier output at `folder` that its marker does not list; for a
  /// folder without a marker that lists its files (it was empty, or a bundle written before zlc
  /// wrote its list), those at its top that `checkContents` would refuse there.
  func unlistedEntries(inEarlierOutput folder: String) -> [String] {
    let marker = Self.readMarker(in: folder)
    guard let marker, marker.fingerprint != nil else {
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      let foreign = names.filter { name in
        !(marker != nil && name == Self.markerName) && !Self.isMetadataFile(name, in: folder)
          && (kind != .bundle || !Self.unmarkedBundleNames.contains(name))
      }
      return Array(foreign.prefix(3))
    }
    return Self.unlistedEntries(in: folder, marker: marker)
  }

  /// Removes the new output that a swap undone put back at `staging`, unless a file appeared in it
  /// too while it was the output: then it is kept, for the user (a leftover holding files its
  /// marker does not list is never removed).
  private func removeUnlessChanged(_ staging: String, tidy: StopTidying?) {
    guard unlistedEntries(inEarlierOutput: staging).isEmpty else {
      tidy?.forget(staging)
      return
    }
    Self.removeMarkerLast(staging)
  }

  /// Whether `path` is a folder (links are not followed).
  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  private static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

  /// Whether an exchange failed only because the system or file system cannot exchange.
  package static func cannotExchange(_ code: Int32) -> Bool {
    code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP
  }

  /// The error for a swap that failed with `code`, in words: a mount point, or a folder on another
  /// file system, cannot be renamed (EXDEV, EBUSY).
  package func swapFailure(_ code: Int32) -> BundleWriter.WriteError {
    guard code == EXDEV || code == EBUSY else {
      return .io("cannot replace '\(shown)': \(String(cString: strerror(code))); zlc keeps it as it is")
    }
    return .io(
      "cannot replace '\(shown)': it is a mount point or on another file system than the folder that holds it, and zlc replaces its output by renaming a folder beside it, which is impossible there; zlc keeps it as it is: build into a folder inside it (-o \(shown)/bundle)"
    )
  }

  /// Exchanges two paths atomically; 0, or the errno (ENOSYS where the system has no exchange).
  package static func exchange(_ a: String, _ b: String) -> Int32 {
    #if os(Linux)
      // glibc has renameat2 since 2.28 but Swift's Glibc module does not import it.
      typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return ENOSYS }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 2
      return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 ? 0 : errno
    #elseif canImport(Darwin)
      return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
    #else
      return ENOSYS
    #endif
  }
}
