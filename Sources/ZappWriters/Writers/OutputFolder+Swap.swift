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
  /// staging folder and leaves the output as it was.
  package func swap(_ staging: String) throws {
    if rename(staging, path) == 0 { return }  // no output yet, or an empty one
    let code = Self.exchange(staging, path)
    if code == 0 {
      try? FileManager.default.removeItem(atPath: staging)
      return
    }
    guard Self.cannotExchange(code) else {
      try? FileManager.default.removeItem(atPath: staging)
      throw swapFailure(code)
    }
    try swapByRenaming(staging)
  }

  /// The swap where the file system cannot exchange: the output is renamed aside, the staging
  /// folder into its place, and the previous output removed (put back when the second rename fails).
  private func swapByRenaming(_ staging: String) throws {
    let previous = parent + "/.\(stagingStem).zlc-old-\(UUID().uuidString.prefix(8).lowercased())"
    var code: Int32 = 0
    if rename(path, previous) != 0 {
      code = errno
    } else if rename(staging, path) != 0 {
      code = errno
      _ = rename(previous, path)
    }
    if code != 0 {
      try? FileManager.default.removeItem(atPath: staging)
      throw swapFailure(code)
    }
    try? FileManager.default.removeItem(atPath: previous)
  }

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
