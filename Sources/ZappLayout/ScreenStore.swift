import Foundation

#if canImport(os)
  import os
#else
  import Synchronization
#endif

/// The screens of a `ScreenBundle`: each read from its file and decoded the first time it is
/// asked for, then kept. Shared by the copies of a bundle; safe to use from any thread.
final class ScreenStore: Sendable {
  /// Where the screens come from: the files of a loaded bundle, or values given whole.
  enum Source: Sendable {
    /// `folder` is the bundle folder's path, `root` its real path (links resolved), which every
    /// screen file's real path must be inside.
    case files(folder: String, root: String, entries: [BundleIndex.Entry], layouts: LayoutTable)
    case values([ResolvedScreen])
  }

  /// What the store holds so far: the screens decoded, by position, how many decodings ran, and
  /// the position of each id once one was looked up.
  struct State: Sendable {
    var screens: [Int: ResolvedScreen] = [:]
    var decodings = 0
    var positions: ScreenPositions?
  }

  let source: Source
  /// The client's SHA-256, which each screen file is checked with as it is read (nil: not checked).
  let digest: ScreenBundle.FileDigest?
  /// The largest screen file read, in bytes (the bound the bundle was loaded with).
  let maxFileBytes: Int
  private let state = Locked(State())

  /// The folder of the bundle within the output that errors name files from (a platform's
  /// folder, `tvos`), nil for the output's own bundle.
  let subfolder: String?

  init(
    _ source: Source, digest: ScreenBundle.FileDigest? = nil, maxFileBytes: Int = ScreenBundle.maxFileBytes, subfolder: String? = nil
  ) {
    self.source = source
    self.digest = digest
    self.maxFileBytes = maxFileBytes
    self.subfolder = subfolder
  }

  /// The screen ids in order: those `bundle.json` lists, or the values' own.
  var ids: [String] {
    switch source {
    case .files(_, _, let entries, _): return entries.map(\.id)
    case .values(let screens): return screens.map(\.id)
    }
  }

  var count: Int {
    switch source {
    case .files(_, _, let entries, _): return entries.count
    case .values(let screens): return screens.count
    }
  }

  /// The position of the first screen with `id`, from a table of every id made on the first call.
  func position(of id: String) -> Int? {
    if let positions = state.withLock({ $0.positions }) { return positions.position(of: id) }
    let made = ScreenPositions(ids)
    state.withLock { $0.positions = made }
    return made.position(of: id)
  }

  /// How many screen files have been decoded (a screen decoded by two threads at once counts twice).
  var decodings: Int { state.withLock { $0.decodings } }

  /// The screen at `position`, decoded from its file on the first call; a file that cannot be
  /// read or decoded (one larger than `maxFileBytes` among them), that a link takes outside the
  /// bundle folder, whose bytes `digest` hashes to another hash than its entry's, that holds
  /// another screen than its entry's, or whose layout has a size at zero or below throws on every
  /// call (nothing is kept for it).
  func screen(at position: Int) throws -> ResolvedScreen {
    do {
      return try decodedScreen(at: position)
    } catch let error as ScreenBundle.LoadError {
      throw subfolder.map(error.naming(in:)) ?? error
    }
  }

  /// `screen(at:)`, its errors naming files from the bundle's own folder.
  private func decodedScreen(at position: Int) throws -> ResolvedScreen {
    let (folder, root, entries, layouts): (String, String, [BundleIndex.Entry], LayoutTable)
    switch source {
    case .values(let screens): return screens[position]
    case .files(let f, let r, let e, let l): (folder, root, entries, layouts) = (f, r, e, l)
    }
    if let kept = state.withLock({ $0.screens[position] }) { return kept }
    // Decoded outside the lock, so that threads opening different screens do not wait on each other.
    let entry = entries[position]
    let file = entry.file
    guard ScreenBundle.resolves(file, inside: root, folder: folder) else { throw ScreenBundle.LoadError.fileOutsideBundle(file) }
    let decoded: ResolvedScreen
    do {
      let bytes = try ScreenBundle.read(folder, file, root: root, maxBytes: maxFileBytes)
      // An entry without a hash cannot vouch for its file: with a digest, it is a mismatch.
      if let digest {
        let actual = digest(Data(bytes))
        guard !entry.sha256.isEmpty, actual.lowercased() == entry.sha256.lowercased() else {
          throw ScreenBundle.LoadError.hashMismatch(screen: entry.id, file: file, expected: entry.sha256, actual: actual)
        }
      }
      decoded = try ResolvedScreen(json: try ScreenBundle.parse(bytes, file), layouts: layouts)
    } catch let error as BundleDecodingError {
      throw error.loadError(in: file)
    }
    guard decoded.id.hasSameUTF8(as: entry.id) else {
      throw ScreenBundle.LoadError.invalidFile(file, "id: holds screen '\(decoded.id)', but bundle.json lists it for '\(entry.id)'")
    }
    if let bad = decoded.firstNonPositiveSize {
      throw ScreenBundle.LoadError.invalidFile(file, "\(bad.path): \(bad.value) is no size zlc writes; a size must be above zero")
    }
    return state.withLock { state in
      state.decodings += 1
      if let first = state.screens[position] { return first }
      state.screens[position] = decoded
      return decoded
    }
  }
}

extension ResolvedScreen {
  /// The first size of a section's layout (or its cell body's) on a device that is zero, negative or not a number
  /// (`SectionLayout.firstNonPositiveSize`), with its path in the screen file; nil when there is
  /// none. zlc writes none (ZL0503, ZL0509): a client would draw nothing there, or trap.
  var firstNonPositiveSize: (path: String, value: Double)? {
    for (i, section) in resolved.sections.enumerated() {
      // A compact section's layouts are its `layouts` entry's, named through its reference.
      let at = "resolved.sections[\(i)].\(section.layoutRef == nil ? "" : "layout_ref.")layout"
      for (device, layout) in section.layout {
        if let bad = layout.firstNonPositiveSize { return ("\(at).\(device).\(bad.path)", bad.value) }
      }
      // A cell body's layout is drawn as a section's is.
      let bodyAt = "resolved.sections[\(i)].cell_body.\(section.cellBody?.layoutRef == nil ? "" : "layout_ref.")layout"
      for (device, layout) in section.cellBody?.layout ?? [] {
        if let bad = layout.firstNonPositiveSize { return ("\(bodyAt).\(device).\(bad.path)", bad.value) }
      }
    }
    return nil
  }
}

/// A value behind a lock, for the runtime's few pieces of shared mutable state. On Apple platforms
/// it is `OSAllocatedUnfairLock` (the standard library's `Mutex` needs iOS 18 there), elsewhere
/// `Mutex`.
final class Locked<Value: Sendable>: Sendable {
  #if canImport(os)
    private let lock: OSAllocatedUnfairLock<Value>

    init(_ value: Value) { lock = OSAllocatedUnfairLock(initialState: value) }

    func withLock<Result: Sendable>(_ body: @Sendable (inout Value) -> Result) -> Result { lock.withLock(body) }
  #else
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<Result: Sendable>(_ body: @Sendable (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
  #endif
}
