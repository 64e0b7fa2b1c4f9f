import Foundation
import ZappReaders

/// The files of an output folder zlc wrote, listed in its marker: the marker says whose folder it
/// is, and the list finds a file someone else put there since (a `MyRenderers.kt` beside the
/// generated code), which replacing the folder would delete.
///
/// The marker also holds a fingerprint of the folder's entries (their count and the sum of their
/// paths' hashes, which no order changes), so that an output of 10,000 files is checked by reading
/// its folders' entries once, without a string for each; the list is read only when the
/// fingerprint differs, to name what is in the way.
extension OutputFolder {
  /// The marker's second line, before the fingerprint and the list; a marker without it (written
  /// by an earlier zlc, or changed) lists nothing, and its folder is replaced only when it is
  /// exactly a bundle (`checkUnmarkedBundle`).
  static let listHeader = "# zlc replaces this folder whole, and only while it holds no files but these, which it wrote:"

  /// The marker's second line while zlc fills a staging folder, before it lists the files, with
  /// the device, inode and birth time of the folder it made: they tie the marker to that folder,
  /// so that a marker copied into another folder (or a copy of the folder) is not taken for zlc's.
  static let fillingHeader = "# zlc is filling this folder, made as"

  /// The first marker of the staging folder at `folder`, tied to it (`fillingHeader`); nil when
  /// the folder cannot be examined.
  static func fillingMarker(of folder: String, kind: Kind) -> [UInt8]? {
    guard let identity = identity(of: folder) else { return nil }
    let born = identity.birth.map { " born \($0.seconds)." + String(String($0.nanoseconds + 1_000_000_000).dropFirst()) } ?? ""
    return Array("zlc \(kind.rawValue)\n\(fillingHeader) \(identity.device) \(identity.inode)\(born)\n".utf8)
  }

  /// What tells a folder from any other: its device and inode, and its birth time where the file
  /// system keeps one. An inode is reused once its folder is removed (a copy restored with `cp -a`
  /// may get it), but not with the same birth time, which no one can set.
  struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
    var birth: (seconds: Int64, nanoseconds: UInt32)?

    init(device: UInt64, inode: UInt64, birth: (seconds: Int64, nanoseconds: UInt32)?) {
      (self.device, self.inode, self.birth) = (device, inode, birth)
    }

    /// Read from a marker's `DEVICE INODE` or `DEVICE INODE born SECONDS.NANOSECONDS` (nine digits).
    init?(line: Substring) {
      let parts = line.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 2 || (parts.count == 4 && parts[2] == "born"), let device = UInt64(parts[0]), let inode = UInt64(parts[1])
      else { return nil }
      (self.device, self.inode) = (device, inode)
      guard parts.count == 4 else { return }
      let time = parts[3].split(separator: ".", omittingEmptySubsequences: false)
      guard time.count == 2, time[1].utf8.count == 9, let seconds = Int64(time[0]), let nanoseconds = UInt32(time[1]) else { return nil }
      birth = (seconds, nanoseconds)
    }

    static func == (a: Self, b: Self) -> Bool {
      a.device == b.device && a.inode == b.inode && a.birth?.seconds == b.birth?.seconds && a.birth?.nanoseconds == b.birth?.nanoseconds
    }
  }

  /// The identity of the folder at `path` (links are not followed).
  static func identity(of path: String) -> Identity? {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    return Identity(
      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino), birth: birthTime(of: path))
  }

  /// When the entry at `path` was made (links not followed), where the file system keeps it:
  /// `statx` on Linux, `st_birthtimespec` on Apple's systems; nil elsewhere. `statxSymbol` names
  /// glibc's function, called when it has it, else the system call.
  static func birthTime(of path: String, statxSymbol: String = "statx") -> (seconds: Int64, nanoseconds: UInt32)? {
    #if os(Linux)
      // The kernel's layout (`stx_mask` at 0, `stx_btime` at 80) and constants.
      let birthTimeMask: UInt32 = 0x800  // STATX_BTIME
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
      defer { buffer.deallocate() }
      buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
      guard statx(path, mask: birthTimeMask, into: buffer, symbol: statxSymbol), buffer.load(as: UInt32.self) & birthTimeMask != 0
      else { return nil }
      return (buffer.load(fromByteOffset: 80, as: Int64.self), buffer.load(fromByteOffset: 88, as: UInt32.self))
    #elseif canImport(Darwin)
      var status = stat()
      guard lstat(path, &status) == 0 else { return nil }
      return (Int64(status.st_birthtimespec.tv_sec), UInt32(status.st_birthtimespec.tv_nsec))
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// `statx` of the entry at `path` (links not followed) into the 256 bytes at `buffer`; whether
    /// it succeeded. It is not in Swift's Glibc module, and glibc has it only from 2.28: called by
    /// its symbol, else through `syscall` with the kernel's number for it.
    private static func statx(_ path: String, mask: UInt32, into buffer: UnsafeMutableRawPointer, symbol: String) -> Bool {
      typealias StatX = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32
      typealias SystemCall = @convention(c) (Int, Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int
      let process = dlopen(nil, RTLD_NOW)
      if let function = dlsym(process, symbol) {
        return unsafeBitCast(function, to: StatX.self)(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, mask, buffer) == 0
      }
      #if arch(x86_64) || arch(arm64)
        #if arch(x86_64)
          let number = 332
        #else
          let number = 291
        #endif
        guard let function = dlsym(process, "syscall") else { return false }
        return unsafeBitCast(function, to: SystemCall.self)(number, AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, mask, buffer) == 0
      #else
        return false
      #endif
    }
  #endif

  /// The count of a folder's entries, files and folders at any depth but the marker, and the sum
  /// of their relative paths' FNV-1a hashes.
  struct Fingerprint: Equatable {
    var entries = 0
    var sum: UInt64 = 0

    /// The marker's line for it.
    var line: String { "# \(entries) entries, \(String(sum, radix: 16))" }

    init() {}

    init?(line: Substring) {
      let parts = line.split(separator: " ")
      guard parts.count == 4, parts[0] == "#", parts[2] == "entries,", let entries = Int(parts[1]),
        let sum = UInt64(parts[3], radix: 16)
      else { return nil }
      self.entries = entries
      self.sum = sum
    }

    mutating func add(folder: [UInt8], name: UnsafeBufferPointer<UInt8>) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      if !folder.isEmpty {
        folder.forEach(mix)
        mix(UInt8(ascii: "/"))
      }
      name.forEach(mix)
      entries += 1
      sum &+= hash
    }
  }

  /// What zlc found in a marker: the kind of output and, when there is a list, the fingerprint
  /// and the text of the list (read line by line only when the fingerprint differs).
  struct Marker {
    var kind: Kind
    var fingerprint: Fingerprint?
    var list: Substring = ""
    /// For the first marker of a staging folder (`fillingHeader`): the identity of the folder zlc
    /// made.
    var filling: Identity?

    /// Whether this is the first marker zlc wrote into the folder at `folder`, there and not
    /// copied from elsewhere: then zlc made the folder and marked it before it wrote anything else.
    /// Only a marker with the folder's birth time proves it: on a file system that keeps none, a
    /// folder that reused the inode of zlc's (a copy restored in its place) has the same device and
    /// inode, and no other mark (a random token, an extended attribute) survives a removal but not
    /// a copy, so such a folder is kept rather than taken for zlc's.
    func isFilling(_ folder: String) -> Bool {
      guard let filling, filling.birth != nil, let identity = OutputFolder.identity(of: folder) else { return false }
      return filling == identity
    }

    /// The listed files' relative paths.
    var listed: [Substring] { list.split(separator: "\n") }
  }

  /// The marker of the folder at `path`, or nil when it has none zlc can read. zlc writes its
  /// marker as a regular file: a link named so (to another output's marker, whose list a folder of
  /// the user's files of the same names would match) marks nothing.
  static func readMarker(in path: String) -> Marker? {
    let fd = open(path + "/" + markerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    var status = stat()
    // Within the reader's file limit, by its size and by what it gives: a marker of 50 GB (a
    // sparse file) is no marker zlc wrote, and is not allocated.
    let limit = ReaderLimits.default.maxFileBytes
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit,
      let data = try? file.read(upToCount: limit + 1), data.count <= limit, let text = String(data: data, encoding: .utf8)
    else { return nil }
    var rest = Substring(text)
    func line() -> Substring? {
      guard !rest.isEmpty else { return nil }
      let end = rest.firstIndex(of: "\n") ?? rest.endIndex
      defer { rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...] }
      return rest[..<end]
    }
    guard let first = line(), first.hasPrefix("zlc "), let kind = Kind(rawValue: String(first.dropFirst(4))) else { return nil }
    let second = line()
    if let second, second.hasPrefix(fillingHeader + " ") {
      return Marker(kind: kind, filling: Identity(line: second.dropFirst(fillingHeader.count + 1)))
    }
    guard second == Substring(listHeader), let fingerprintLine = line(), let fingerprint = Fingerprint(line: fingerprintLine)
    else { return Marker(kind: kind) }
    return Marker(kind: kind, fingerprint: fingerprint, list: rest)
  }

  /// Writes the marker of a filled staging folder again, now with its fingerprint and every file
  /// in it listed, in byte order (a name with a line break, which a line cannot keep, leaves the
  /// list out).
  static func listFiles(inMarkerOf staging: String, kind: Kind) -> Int32 {
    var fingerprint = Fingerprint()
    var paths: [UInt8] = []
    var ranges: [Range<Int>] = []
    var listable = true
    walk(staging) { folder, name, isFolder, _ in
      guard !(folder.isEmpty && name.elementsEqual(markerName.utf8)) else { return false }
      fingerprint.add(folder: folder, name: name)
      if name.contains(0x0A) || name.contains(0x0D) { listable = false }
      if !isFolder {
        let start = paths.count
        if !folder.isEmpty { paths += folder + [UInt8(ascii: "/")] }
        paths += name
        ranges.append(start..<paths.count)
      }
      return true
    }
    var text = Array("zlc \(kind.rawValue)\n".utf8)
    if listable {
      text += Array((listHeader + "\n" + fingerprint.line + "\n").utf8)
      for range in ranges.sorted(by: { paths[$0].lexicographicallyPrecedes(paths[$1]) }) {
        text += paths[range]
        text.append(0x0A)
      }
    }
    // Written beside the first marker, then renamed over it: a kill never leaves the folder's
    // files without a marker.
    let marker = staging + "/" + markerName
    let written = BundleWriter.writeFile(marker + ".new", text)
    guard written == 0 else {
      unlink(marker + ".new")
      return written
    }
    return rename(marker + ".new", marker) == 0 ? 0 : errno
  }

  /// The first `limit` entries under `path`, in byte order, that `marker` does not list: a file
  /// not listed, and a folder that holds no listed file (named with a slash, not walked into);
  /// none when the folder's fingerprint is the marker's. A folder that cannot be listed is among
  /// them (named with a slash): what it holds cannot be told to be zlc's.
  static func unlistedEntries(in path: String, marker: Marker, limit: Int = 3) -> [String] {
    let found = unlisted(in: path, marker: marker, limit: limit)
    return Array((found.entries + (found.unreadable.map { [$0.folder + "/"] } ?? [])).prefix(limit))
  }

  /// `unlistedEntries`' entries, and apart from them the first folder under `path` that cannot be
  /// listed, with the error that listing it gave.
  static func unlisted(in path: String, marker: Marker, limit: Int = 3) -> (entries: [String], unreadable: (folder: String, code: Int32)?) {
    guard let expected = marker.fingerprint else { return ([], nil) }
    var fingerprint = Fingerprint()
    var unreadable: (folder: String, code: Int32)?
    let noteUnreadable = { (folder: [UInt8], code: Int32) in
      if unreadable == nil { unreadable = (String(decoding: folder, as: UTF8.self), code) }
    }
    walk(path, unreadable: noteUnreadable) { folder, name, _, _ in
      guard !(folder.isEmpty && name.elementsEqual(markerName.utf8)) else { return false }
      fingerprint.add(folder: folder, name: name)
      return true
    }
    if let unreadable { return ([], unreadable) }
    guard fingerprint != expected else { return ([], nil) }
    let files = Set(marker.listed.map { Array($0.utf8) })
    var folders: Set<[UInt8]> = []  // every folder that holds a listed file, at any depth
    for file in files {
      for (n, byte) in file.enumerated() where byte == UInt8(ascii: "/") { folders.insert(Array(file[..<n])) }
    }
    var found: [String] = []
    walk(path, unreadable: noteUnreadable) { folder, name, isFolder, isLink in
      guard !(folder.isEmpty && name.elementsEqual(markerName.utf8)) else { return false }
      let relative = folder.isEmpty ? Array(name) : folder + [UInt8(ascii: "/")] + name
      // A file manager's metadata file goes with the folder zlc wrote (`desktop.ini` by its name,
      // as its format has nothing to tell it by); a file of the user's that only has such a
      // name, a folder of that name or a link is the user's.
      if !isFolder, !isLink, let entry = metadataEntry(name),
        entry.magic == nil
          || isMetadataFile(
            String(decoding: name, as: UTF8.self), in: path + (folder.isEmpty ? "" : "/" + String(decoding: folder, as: UTF8.self)))
      {
        return false
      }
      if isFolder, !folders.contains(relative) {
        found.append(String(decoding: relative, as: UTF8.self) + "/")
        return false
      }
      // A link where zlc wrote a folder is replaced as that folder would be: removing a link
      // removes nothing it points to.
      if !isFolder, !files.contains(relative), !(isLink && folders.contains(relative)) {
        found.append(String(decoding: relative, as: UTF8.self))
      }
      return true
    }
    return (Array(found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.prefix(limit)), unreadable)
  }

  /// The files a file manager writes into any folder it shows, lowercase (`._` a prefix of the
  /// name: AppleDouble), each with the first bytes of its format at their offset; nil for one
  /// (`desktop.ini`) whose format has none to tell it by.
  static let metadataFiles: [(name: String, isPrefix: Bool, magic: (offset: Int, bytes: [UInt8])?)] = [
    ("._", true, (0, [0x00, 0x05, 0x16, 0x07])),
    (".ds_store", false, (4, Array("Bud1".utf8))),
    ("thumbs.db", false, (0, [0xD0, 0xCF, 0x11, 0xE0])),
    ("desktop.ini", false, nil),
  ]

  /// The entry of `metadataFiles` that names `name` (its ASCII letters in any case).
  private static func metadataEntry<Name: Collection<UInt8>>(_ name: Name) -> (
    name: String, isPrefix: Bool, magic: (offset: Int, bytes: [UInt8])?
  )? {
    metadataFiles.first { entry in
      let known = entry.name.utf8
      guard entry.isPrefix ? name.count >= known.count : name.count == known.count else { return false }
      return zip(name, known).allSatisfy { ((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) == $1 }
    }
  }

  /// Whether the entry `name` of `folder` is a file manager's metadata file, by its name and its
  /// first bytes: a regular file `._*` (AppleDouble), `.DS_Store` or `Thumbs.db` in that format.
  /// A folder, or a file of the user's that only has such a name, is not.
  static func isMetadataFile(_ name: String, in folder: String) -> Bool {
    guard let magic = metadataEntry(name.utf8)?.magic else { return false }
    let path = folder + "/" + name
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var head = [UInt8](repeating: 0, count: magic.offset + magic.bytes.count)
    let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return count == head.count && Array(head[magic.offset...]) == magic.bytes
  }

  /// The name of a directory entry, read in place up to its terminating zero. A `dirent` that
  /// `readdir` returns is only as long as its name needs (`d_reclen`), so the name is never copied
  /// as the whole `d_name` array: the last entry of the buffer would be read past its end.
  static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> UnsafeBufferPointer<UInt8> {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    let start = UnsafeRawPointer(entry).advanced(by: offset)
    return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: strlen(start.assumingMemoryBound(to: CChar.self)))
  }

  /// Visits every entry under `root` by the folder that holds it (its path relative to `root`, as
  /// bytes; empty for `root` itself), its name and whether it is a folder or a link; `visit`
  /// returns whether to go into a folder. Links are entries, never followed. A folder that cannot
  /// be listed is given to `unreadable`, with the error.
  private static func walk(
    _ root: String, unreadable: (_ folder: [UInt8], _ code: Int32) -> Void = { _, _ in },
    _ visit: (_ folder: [UInt8], _ name: UnsafeBufferPointer<UInt8>, _ isFolder: Bool, _ isLink: Bool) -> Bool
  ) {
    var pending: [[UInt8]] = [[]]
    while let folder = pending.popLast() {
      let path = folder.isEmpty ? root : root + "/" + String(decoding: folder, as: UTF8.self)
      guard let stream = opendir(path) else {
        if errno != ENOENT { unreadable(folder, errno) }  // one removed meanwhile holds nothing
        continue
      }
      defer { closedir(stream) }
      while let entry = readdir(stream) {
        let type = entry.pointee.d_type
        let descend = { () -> [UInt8]? in
          let name = entryName(entry)
          guard !name.elementsEqual([UInt8(ascii: ".")]), !name.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) else {
            return nil
          }
          var (isFolder, isLink) = (type == UInt8(DT_DIR), type == UInt8(DT_LNK))
          if type == UInt8(DT_UNKNOWN) {
            var status = stat()
            if lstat(path + "/" + String(decoding: name, as: UTF8.self), &status) == 0 {
              (isFolder, isLink) = (status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_IFMT == S_IFLNK)
            }
          }
          guard visit(folder, name, isFolder, isLink), isFolder else { return nil }
          return folder.isEmpty ? Array(name) : folder + [UInt8(ascii: "/")] + name
        }()
        if let descend { pending.append(descend) }
      }
    }
  }
}
