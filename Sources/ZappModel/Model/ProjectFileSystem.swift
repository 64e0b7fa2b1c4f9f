import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappReaders

/// Where a project's file contents come from when they are not (only) on disk: an editor's unsaved
/// buffers, and what earlier checks of the same bytes read from them. `ProjectLoader` asks it first
/// and reads (and parses) the disk itself when it answers nil.
public protocol ProjectFileSystem: Sendable {
  /// The contents to use for the file at `path` instead of the disk's, or nil to read the disk.
  func source(atPath path: String) -> SourceFile?
  /// The result of reading `source` as JSON (a duplicate key read as `duplicateKeys` says), kept
  /// from an earlier check of the same bytes read the same way, or nil to read it now.
  func parsed(_ source: SourceFile, limits: ReaderLimits, duplicateKeys: JSONReader.DuplicateKeys) -> JSONReadResult?
  /// The screens of a screens file and what reading them reported, kept from an earlier check of
  /// the same document, or what `read` reads now.
  func screens(of document: JSONDocument, read: () -> ScreensRead) -> ScreensRead
  /// The path of every file it holds a buffer of, whether or not the disk holds the file too:
  /// inputs of the project as much as the disk's files are (an editor's buffer of a new file, or
  /// of a file deleted since it was opened). Of a file the disk reaches by several paths (a link),
  /// the loader keeps the one listed here, the path the editor has open; so every buffer's path is
  /// listed, not only those the disk lacks.
  var pathsBesideTheDisk: [String] { get }
}

extension ProjectFileSystem {
  public func screens(of document: JSONDocument, read: () -> ScreensRead) -> ScreensRead { read() }
  public var pathsBesideTheDisk: [String] { [] }
}

/// A file system that keeps what the loader works out from the whole project across checks
/// (an editor's): the screen index, made again only when the screens' ids or names change.
package protocol KeepsProjectFacts {
  var projectFacts: FileFacts { get }
}

/// What reading one screens file gives: its screens, every screen object (with or without an id),
/// and the diagnostics of reading them.
public struct ScreensRead: Sendable {
  public var screens: [ScreenDecl]
  public var objects: [JSONValue]
  public var diagnostics: [Diagnostic]
  /// What the project rules work out from these screens alone, kept with them
  /// (`Project.fromScreensFile`).
  package let facts = FileFacts()

  public init(screens: [ScreenDecl], objects: [JSONValue], diagnostics: [Diagnostic]) {
    self.screens = screens
    self.objects = objects
    self.diagnostics = diagnostics
  }
}

/// The screens of one screens file, as the loader joins them, with what is kept with them.
package struct ScreenList: Sendable {
  package var screens: [ScreenDecl]
  package var objects: [JSONValue]
  package var facts: FileFacts
}

/// Values worked out from one screens file's screens alone, by name: kept while the file is read
/// again unchanged (an editor's re-check keeps its `ScreensRead`), and let go with them. Nothing
/// the document holds points here, so a document an edit replaced is freed with its facts.
package final class FileFacts: Sendable {
  private let memos = Mutex<[String: any Sendable]>([:])

  package init() {}

  /// The value `body` makes of the one kept under `key` (nil when none is), kept in its place.
  package func update<Value: Sendable>(_ key: String, _ body: (Value?) -> Value) -> Value {
    let made = body(memos.withLock { $0[key] } as? Value)
    memos.withLock { $0[key] = made }
    return made
  }

  /// The value `make` gives, kept under `key` and returned again while `isCurrent` holds for it.
  package func memo<Value: Sendable>(_ key: String, isCurrent: (Value) -> Bool, make: () -> Value) -> Value {
    if let kept = memos.withLock({ $0[key] }) as? Value, isCurrent(kept) { return kept }
    let made = make()
    memos.withLock { $0[key] = made }
    return made
  }
}
