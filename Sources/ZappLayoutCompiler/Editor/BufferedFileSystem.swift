import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappWriters

/// An editor's unsaved buffers over the disk, and what earlier checks read: files kept while their
/// size, modification time and inode are the same (the loader reads them the first time), JSON
/// documents kept by path while their bytes are the same, and the screens read from them. A change
/// to one file reads, parses and reads the screens of one file.
public final class BufferedFileSystem: ProjectFileSystem, KeepsProjectFacts, Sendable {
  package let projectFacts = FileFacts()

  private struct State {
    var buffers: [String: SourceFile] = [:]
    var parses: [String: (bytes: [UInt8], duplicateKeys: JSONReader.DuplicateKeys, result: JSONReadResult)] = [:]
    var disk: [String: (stamp: FileStamp, source: SourceFile)] = [:]
    /// The stamp of a file taken just before the loader reads it: kept with what it read.
    var stampsBeforeRead: [String: FileStamp] = [:]
    /// The screens read from each kept document.
    var screens: [ObjectIdentifier: (document: JSONDocument, read: ScreensRead)] = [:]
  }

  private let state = Mutex(State())

  /// What tells that a file on disk changed: its size, device and inode, and its modification and
  /// status-change times to the nanosecond. A tool may set the modification time (`tar`, `cp -p`)
  /// and the file system reuse the inode of a file it replaced, but the status-change time is the
  /// system's own.
  struct FileStamp: Equatable, Sendable {
    var size: Int
    var device: UInt64
    var inode: UInt64
    var modified: [Int]
    var changed: [Int]

    init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      size = Int(info.st_size)
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
      #if canImport(Darwin)
        modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        changed = [Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)]
      #else
        modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        changed = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
      #endif
    }
  }

  public init() {}

  /// Uses `source` instead of the file at `path` (nil: the disk again).
  public func setBuffer(_ source: SourceFile?, for path: String) {
    state.withLock { $0.buffers[path] = source }
  }

  /// Every buffer's path: a buffer of a file the disk lacks is an input too.
  public var pathsBesideTheDisk: [String] { state.withLock { Array($0.buffers.keys) } }

  /// Whether an editor's text stands for the file at `path` (rather than the disk's).
  public func hasBuffer(atPath path: String) -> Bool { state.withLock { $0.buffers[path] != nil } }

  public func source(atPath path: String) -> SourceFile? {
    let stamp = FileStamp(path)
    return state.withLock { state -> SourceFile? in
      if let buffer = state.buffers[path] { return buffer }
      if let stamp, let kept = state.disk[path], kept.stamp == stamp { return kept.source }
      state.disk[path] = nil
      state.stampsBeforeRead[path] = stamp
      return nil
    }
  }

  public func parsed(_ source: SourceFile, limits: ReaderLimits, duplicateKeys: JSONReader.DuplicateKeys) -> JSONReadResult? {
    let cached = state.withLock { $0.parses[source.path] }
    let result: JSONReadResult
    if let cached, cached.duplicateKeys == duplicateKeys, Self.same(cached.bytes, source.bytes) {
      result = cached.result
    } else {
      result = JSONReader.read(source, limits: limits, duplicateKeys: duplicateKeys)
    }
    state.withLock { state in
      if let old = state.parses[source.path]?.result.document, old !== result.document {
        state.screens[ObjectIdentifier(old)] = nil
      }
      state.parses[source.path] = (source.bytes, duplicateKeys, result)
      // A file the loader read from disk: kept while its stamp (taken before the read) holds.
      if state.buffers[source.path] == nil, let stamp = state.stampsBeforeRead.removeValue(forKey: source.path) {
        state.disk[source.path] = (stamp, result.document?.source ?? source)
      }
    }
    return result
  }

  /// Lets go of what was kept for files that are no longer among `paths` (the files the last
  /// load read): a file deleted or renamed away, whose document, screens and what the rules keep
  /// with them (`FileFacts`) would otherwise stay for as long as the editor runs. Buffers stay.
  public func keep(onlyPaths paths: Set<String>) {
    state.withLock { state in
      for (path, parse) in state.parses where !paths.contains(path) {
        if let document = parse.result.document { state.screens[ObjectIdentifier(document)] = nil }
        state.parses[path] = nil
      }
      for path in state.disk.keys where !paths.contains(path) { state.disk[path] = nil }
      for path in state.stampsBeforeRead.keys where !paths.contains(path) { state.stampsBeforeRead[path] = nil }
    }
  }

  /// Reads again from disk the files at `paths`, or under them (a folder), whatever their stamps
  /// say: an editor's client reported them changed (`workspace/didChangeWatchedFiles`).
  public func forget(_ paths: [String]) {
    guard !paths.isEmpty else { return }
    state.withLock { state in
      for kept in Array(state.disk.keys) where paths.contains(where: { kept == $0 || kept.hasPrefix($0 + "/") }) {
        state.disk[kept] = nil
      }
    }
  }

  /// How many files' parses are kept (for tests).
  package var keptParseCount: Int { state.withLock { $0.parses.count } }

  public func screens(of document: JSONDocument, read: () -> ScreensRead) -> ScreensRead {
    let key = ObjectIdentifier(document)
    if let kept = state.withLock({ $0.screens[key] }), kept.document === document { return kept.read }
    let fresh = read()
    state.withLock { $0.screens[key] = (document, fresh) }
    return fresh
  }

  /// Whether two byte arrays are equal (memcmp).
  static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    // A file kept from disk comes back as the same storage: no need to compare its bytes.
    let shared = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    if shared { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
  }
}
