import Foundation

extension Diagnostic {
  /// Whether a path names a file embedded in zlc (a built-in family) rather than a file on disk.
  public static func isBuiltin(_ path: String) -> Bool { path.hasPrefix("<built-in>/") }

  /// This diagnostic with its primary location in a file of the project, for code scanning and
  /// annotations, which can only show findings in the repository. When it points into a built-in
  /// family, its first note in a project file takes the primary place (else `fallback`, a file or
  /// folder of the project), and the built-in spot becomes the first note.
  public func anchoredInProject(fallback: String?) -> Diagnostic {
    guard let path, Self.isBuiltin(path) else { return self }
    var copy = self
    let builtin = DiagnosticNote("where the built-in family \(path.dropFirst("<built-in>/".count)) is involved", at: spot)
    if let i = notes.firstIndex(where: { $0.spot.map { !Self.isBuiltin($0.file.path) } ?? false }), let moved = notes[i].spot {
      copy.spot = moved
      copy.path = moved.file.path
      copy.notes.remove(at: i)
    } else {
      copy.spot = nil
      copy.path = fallback
    }
    if spot != nil { copy.notes.insert(builtin, at: 0) }
    return copy
  }
}

/// Where paths in SARIF and annotations are relative to: the repository that holds the working
/// folder (the nearest folder upwards with a `.git`), else the working folder itself.
public struct SourceRoot: Sendable {
  /// The absolute path of the root, without a trailing slash (but `/` itself).
  public var path: String
  /// The absolute path that relative input paths are relative to.
  public var workingDirectory: String

  public init(path: String, workingDirectory: String) {
    self.path = path
    self.workingDirectory = workingDirectory
  }

  /// The root for the process's working folder. A working folder that no longer exists (replaced
  /// by a build into it) is the path it had; with none ever known, `/`.
  public static func current() -> SourceRoot {
    let cwd = URL(fileURLWithPath: WorkingFolder.path() ?? "/").resolvingSymlinksInPath().path
    guard cwd.hasPrefix("/") else { return SourceRoot(path: "/", workingDirectory: "/") }
    var candidate = cwd
    while true {
      if FileManager.default.fileExists(atPath: candidate + (candidate == "/" ? "" : "/") + ".git") {
        return SourceRoot(path: candidate, workingDirectory: cwd)
      }
      let parent = PathText.deletingLastComponent(candidate)
      if parent == candidate || parent.isEmpty { return SourceRoot(path: cwd, workingDirectory: cwd) }
      candidate = parent
    }
  }

  /// The absolute, normalised form of an input path, links resolved (macOS's /var is /private/var).
  public func absolute(_ path: String) -> String {
    let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
    return URL(fileURLWithPath: joined).resolvingSymlinksInPath().path
  }

  /// The path relative to the root, or nil when it lies outside (or is a built-in file).
  public func relative(_ path: String) -> String? {
    guard !Diagnostic.isBuiltin(path) else { return nil }
    let full = absolute(path)
    if full == self.path { return "" }
    let prefix = self.path == "/" ? "/" : self.path + "/"
    return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : nil
  }
}
