/// Where a project's file contents come from when they are not (only) on disk: an editor's unsaved
/// buffers, and what earlier checks of the same bytes read from them. `ProjectLoader` asks it first
/// and reads the disk (and parses, and reads screens) itself when it answers nil.
public protocol ProjectFileSystem: Sendable {
  /// The contents to use for the file at `path` instead of the disk's, or nil to read the disk.
  func source(atPath path: String) -> SourceFile?
  /// The result of reading `source` as JSON, kept from an earlier check of the same bytes, or nil
  /// to read it now.
  func parsed(_ source: SourceFile, limits: ReaderLimits) -> JSONReadResult?
  /// The screens of a screens file and the diagnostics of their shapes: kept from an earlier check
  /// when it read the same document with the same manifests (which decide components' keys), else
  /// what `read` reads now.
  func screens(
    of document: JSONDocument, manifests: [ManifestDecl], read: () -> ([ScreenDecl], [Diagnostic])
  ) -> ([ScreenDecl], [Diagnostic])
}

extension ProjectFileSystem {
  public func screens(
    of document: JSONDocument, manifests: [ManifestDecl], read: () -> ([ScreenDecl], [Diagnostic])
  ) -> ([ScreenDecl], [Diagnostic]) { read() }
}
