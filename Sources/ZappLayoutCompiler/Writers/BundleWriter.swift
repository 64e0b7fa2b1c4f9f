import Foundation
import ZappLayout

/// Writes a resolved bundle atomically: everything goes to a temporary folder beside the output,
/// which then replaces the output. A failed or interrupted build leaves the previous bundle whole,
/// and no file is written outside the output folder, whatever a screen id contains.
public struct BundleWriter {
  public let project: Project
  public init(project: Project) { self.project = project }

  /// The files of the bundle, relative path → bytes, in a deterministic order.
  public func files() -> [(path: String, bytes: [UInt8])] {
    let resolver = Resolver(project: project)
    let screens = project.screens
    var used: Set<String> = []
    let paths = screens.map { "screens/\(Self.safeFileName(for: $0.id.value, taken: &used)).json" }
    // Screens resolve and serialise independently: in parallel, each into its own slot.
    var screenBytes = [(bytes: [UInt8], sha256: String)](repeating: ([], ""), count: screens.count)
    screenBytes.withUnsafeMutableBufferPointer { slots in
      let slots = UnsafeMutableSendableBuffer(slots)
      DispatchQueue.concurrentPerform(iterations: screens.count) { i in
        let bytes = resolver.resolvedScreen(screens[i]).serializedBytes()
        slots.buffer[i] = (bytes, SHA256.hex(bytes))
      }
    }
    var files: [(String, [UInt8])] = []
    var entries: [JSONOut] = []
    // rivers.json holds the same screens, one level deeper: the screen files re-indented (a JSON
    // string never holds a raw newline, so every newline byte starts a line).
    var rivers: [UInt8] = Array("[".utf8)
    for (i, screen) in screens.enumerated() {
      let (bytes, sha256) = screenBytes[i]
      files.append((paths[i], bytes))
      entries.append(
        .object([
          ("id", .string(screen.id.value)), ("name", .optional(screen.name?.value)),
          ("file", .string(paths[i])), ("sha256", .string(sha256)),
        ]))
      rivers += (i == 0 ? "\n  " : ",\n  ").utf8
      for byte in bytes.dropLast() {
        rivers.append(byte)
        if byte == 0x0A { rivers += "  ".utf8 }
      }
    }
    rivers += (screens.isEmpty ? "]\n" : "\n]\n").utf8
    let (screenTypes, contentTypes) = resolver.mappings()
    let devices = project.settings.devices.map { d -> JSONOut in
      .object([("name", .string(d.name)), ("class", .string(d.deviceClass.rawValue)), ("width", .number(d.width))])
    }
    let index = JSONOut.object([
      ("format_version", .int(BundleIndex.currentFormatVersion)),
      ("app", .optional(project.settings.app)),
      ("zlc_version", .string(zlcVersion)),
      ("devices", .array(devices)),
      ("screens", .array(entries)),
      ("screen_types", .object(screenTypes.map { ($0.0, .string($0.1)) })),
      ("content_types", .object(contentTypes.map { ($0.0, .string($0.1)) })),
    ])
    return [("bundle.json", index.serializedBytes()), ("rivers.json", rivers)] + files
  }

  /// A file name made safe from a screen id: letters, digits, `-`, `_` and `.` only, no leading dot,
  /// at most 80 characters; a short hash of the id is added when anything had to change or when
  /// two ids would share a name.
  public static func safeFileName(for id: String, taken: inout Set<String>) -> String {
    var name = ""
    for scalar in id.unicodeScalars {
      let ok =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
        || scalar == "_" || scalar == "."
      name.unicodeScalars.append(ok ? scalar : "_")
    }
    while name.hasPrefix(".") { name = "_" + name.dropFirst() }
    var changed = name != id || name.isEmpty
    if name.count > 80 {
      name = String(name.prefix(80))
      changed = true
    }
    if changed || taken.contains(name.lowercased()) {
      name = (name.isEmpty ? "screen" : name) + "-" + String(SHA256.hex(Array(id.utf8)).prefix(8))
    }
    taken.insert(name.lowercased())
    return name
  }

  /// Writes a new file; returns 0 or the errno of what failed.
  static func writeFile(_ path: String, _ bytes: [UInt8]) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o644)
    if fd < 0 { return errno }
    var written = 0
    let error: Int32 = bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return 0 }
      while written < raw.count {
        let n = Foundation.write(fd, base + written, raw.count - written)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += n
      }
      return 0
    }
    if close(fd) != 0, error == 0 { return errno }
    return error
  }

  public enum WriteError: Error, CustomStringConvertible {
    case outputIsFile(String)
    case io(String)
    public var description: String {
      switch self {
      case .outputIsFile(let p): return "output '\(p)' is a file; zlc writes a bundle folder there"
      case .io(let m): return m
      }
    }
  }

  /// Writes the bundle to `output`, replacing what is there only when everything was written.
  public func write(to output: String) throws {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    let exists = fm.fileExists(atPath: output, isDirectory: &isDirectory)
    if exists, !isDirectory.boolValue { throw WriteError.outputIsFile(output) }
    let trimmed = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
    let parent = (trimmed as NSString).deletingLastPathComponent
    let base = (trimmed as NSString).lastPathComponent
    let staging = (parent.isEmpty ? "" : parent + "/") + ".\(base).zlc-new-\(getpid())"
    let previous = (parent.isEmpty ? "" : parent + "/") + ".\(base).zlc-old-\(getpid())"
    restoreInterrupted(parent: parent.isEmpty ? "." : parent, base: base, output: trimmed, outputExists: exists)
    try? fm.removeItem(atPath: staging)
    do {
      if !parent.isEmpty { try fm.createDirectory(atPath: parent, withIntermediateDirectories: true) }
      try fm.createDirectory(atPath: staging + "/screens", withIntermediateDirectories: true)
      let files = files()
      // Files are written in parallel with plain POSIX calls: no per-file fsync or temporary file
      // (the staging folder as a whole is what replaces the output).
      let failures = UnsafeMutableSendableBuffer(UnsafeMutableBufferPointer<Int32>.allocate(capacity: files.count))
      defer { failures.buffer.deallocate() }
      DispatchQueue.concurrentPerform(iterations: files.count) { i in
        failures.buffer[i] = Self.writeFile(staging + "/" + files[i].path, files[i].bytes)
      }
      if let i = failures.buffer.firstIndex(where: { $0 != 0 }) {
        throw WriteError.io("cannot write '\(trimmed)/\(files[i].path)': \(String(cString: strerror(failures.buffer[i])))")
      }
    } catch let error as WriteError {
      try? fm.removeItem(atPath: staging)
      throw error
    } catch {
      try? fm.removeItem(atPath: staging)
      throw WriteError.io("cannot write the bundle beside '\(trimmed)': \(error.localizedDescription)")
    }
    // Swap in one step where the system can (Linux renameat2 RENAME_EXCHANGE, Darwin RENAME_SWAP):
    // at every instant the output is either the whole old bundle or the whole new one.
    if fm.fileExists(atPath: trimmed), Self.exchange(staging, trimmed) {
      try? fm.removeItem(atPath: staging)
      return
    }
    do {
      if fm.fileExists(atPath: trimmed) {
        try fm.moveItem(atPath: trimmed, toPath: previous)
        try fm.moveItem(atPath: staging, toPath: trimmed)
        try? fm.removeItem(atPath: previous)
      } else {
        try fm.moveItem(atPath: staging, toPath: trimmed)
      }
    } catch {
      if !fm.fileExists(atPath: trimmed), fm.fileExists(atPath: previous) { try? fm.moveItem(atPath: previous, toPath: trimmed) }
      try? fm.removeItem(atPath: staging)
      throw WriteError.io("cannot replace '\(trimmed)': \(error.localizedDescription)")
    }
  }

  /// Exchanges two paths atomically; false when the system or file system cannot.
  static func exchange(_ a: String, _ b: String) -> Bool {
    #if os(Linux)
      // glibc has renameat2 since 2.28 but Swift's Glibc module does not import it.
      typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return false }
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let renameExchange: UInt32 = 2
      return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    #elseif canImport(Darwin)
      return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
    #else
      return false
    #endif
  }

  /// Tidies up after builds that were killed: a bundle left aside between two renames is put back
  /// when the output is missing, and staging or set-aside folders of processes that no longer run
  /// are removed.
  private func restoreInterrupted(parent: String, base: String, output: String, outputExists: Bool) {
    let fm = FileManager.default
    guard let names = try? fm.contentsOfDirectory(atPath: parent) else { return }
    var outputExists = outputExists
    for name in names.sorted() {
      let isOld = name.hasPrefix(".\(base).zlc-old-")
      guard isOld || name.hasPrefix(".\(base).zlc-new-") else { continue }
      guard let pid = Int32(name.split(separator: "-").last ?? ""), pid != getpid(), !Self.isRunning(pid) else { continue }
      let path = parent + "/" + name
      if isOld, !outputExists, (try? fm.moveItem(atPath: path, toPath: output)) != nil {
        outputExists = true
      } else {
        try? fm.removeItem(atPath: path)
      }
    }
  }

  static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}

/// A buffer that concurrent iterations write to, each at its own index only.
struct UnsafeMutableSendableBuffer<Element>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Element>
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
