import Foundation

/// An editor's unsaved buffers over the disk, and what earlier checks read: JSON documents kept by
/// path while their bytes are the same, and the screens read from them while the manifests are the
/// same. A change to one file parses and reads one file.
public final class BufferedFileSystem: ProjectFileSystem, @unchecked Sendable {
  private var buffers: [String: SourceFile] = [:]
  private var parses: [String: (bytes: [UInt8], result: JSONReadResult)] = [:]
  private var screenReads: [ObjectIdentifier: (document: JSONDocument, manifests: [JSONDocument], result: ([ScreenDecl], [Diagnostic]))] =
    [:]
  private let lock = NSLock()

  public init() {}

  /// Uses `source` instead of the file at `path` (nil: the disk again).
  public func setBuffer(_ source: SourceFile?, for path: String) {
    lock.lock()
    buffers[path] = source
    lock.unlock()
  }

  public func source(atPath path: String) -> SourceFile? {
    lock.lock()
    defer { lock.unlock() }
    return buffers[path]
  }

  public func parsed(_ source: SourceFile, limits: ReaderLimits) -> JSONReadResult? {
    lock.lock()
    let cached = parses[source.path]
    lock.unlock()
    if let cached, Self.same(cached.bytes, source.bytes) { return cached.result }
    let result = JSONReader.read(source, limits: limits)
    lock.lock()
    parses[source.path] = (source.bytes, result)
    lock.unlock()
    return result
  }

  public func screens(
    of document: JSONDocument, manifests: [ManifestDecl], read: () -> ([ScreenDecl], [Diagnostic])
  ) -> ([ScreenDecl], [Diagnostic]) {
    let key = ObjectIdentifier(document)
    let manifestDocuments = manifests.map(\.value.document)
    lock.lock()
    let cached = screenReads[key]
    lock.unlock()
    if let cached, cached.document === document, cached.manifests.count == manifestDocuments.count,
      zip(cached.manifests, manifestDocuments).allSatisfy({ $0 === $1 })
    {
      return cached.result
    }
    let result = read()
    lock.lock()
    screenReads[key] = (document, manifestDocuments, result)
    lock.unlock()
    return result
  }

  /// Forgets what was kept for documents no longer parsed (replaced by an edit).
  public func prune() {
    lock.lock()
    let live = Set(parses.values.compactMap { $0.result.document.map(ObjectIdentifier.init) })
    screenReads = screenReads.filter { live.contains($0.key) }
    lock.unlock()
  }

  /// Whether two byte arrays are equal (memcmp).
  static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
  }
}
