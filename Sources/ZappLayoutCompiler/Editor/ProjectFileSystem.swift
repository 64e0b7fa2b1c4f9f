import ZappLayout

/// Where a project's file contents come from when they are not (only) on disk: an editor's unsaved
/// buffers, and what earlier checks of the same bytes read from them. `ProjectLoader` asks it first
/// and reads (and parses) the disk itself when it answers nil.
public protocol ProjectFileSystem: Sendable {
  /// The contents to use for the file at `path` instead of the disk's, or nil to read the disk.
  func source(atPath path: String) -> SourceFile?
  /// The result of reading `source` as JSON, kept from an earlier check of the same bytes, or nil
  /// to read it now.
  func parsed(_ source: SourceFile, limits: ReaderLimits) -> JSONReadResult?
}
