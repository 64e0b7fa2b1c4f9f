import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappReaders
import ZappRules

/// One layout project the editor works in: its open buffers over the disk, the last check of it,
/// and what was last published for each file.
final class ProjectSession {
  let root: String
  let fileSystem = BufferedFileSystem()
  private lazy var checker = IncrementalChecker(directory: root, fileSystem: fileSystem)
  private(set) var project: Project?
  private(set) var diagnosticsByPath: [String: [Diagnostic]] = [:]
  /// The last check's findings, for what holds their fix-its back (`fixHolds`).
  private var diagnostics: [Diagnostic] = []
  private var cachedFixHolds: FixApplier.Holds?
  /// `fixItsLeftOut(in:)` of each file asked for since the last check.
  private var cachedLeftOut: [String: Set<String>] = [:]
  /// What was last published per file, to publish a file again only when its diagnostics change.
  private var published: [String: [String]] = [:]

  let limits: ReaderLimits

  init(root: String, limits: ReaderLimits = .default) {
    self.root = root
    self.limits = limits
  }

  /// What the last check did (phases and their times), for the client's log.
  var lastReport: String { checker.lastReport }

  /// Checks the project as `zlc check` does, reading open buffers instead of their files and
  /// redoing only what changed since the last check (`IncrementalChecker`).
  func check() {
    let outcome = checker.check(limits: limits)
    let project = outcome.project
    var byPath: [String: [Diagnostic]] = [:]
    var folders: [String: Bool] = [:]
    func isFolder(_ path: String) -> Bool {
      if let known = folders[path] { return known }
      let folder = isDirectory(path)
      folders[path] = folder
      return folder
    }
    var host: String??  // worked out for the first finding that needs it
    var relocated: Set<String> = []
    for finding in outcome.diagnostics {
      // A finding in a built-in family, which the editor cannot open, goes where the project
      // causes it (its first note in a project file: the device in zlc.json), else on the project's
      // host file; the built-in file and line become a note. The same finding twice is shown once.
      let d = finding.anchoredInProject(fallback: nil)
      if let spot = finding.spot, Diagnostic.isBuiltin(spot.file.path) {
        let key = "\(d.path ?? "") \(Self.place(d.spot)) \(d.code) \(d.message) \(spot.file.path) \(spot.offset)"
        guard relocated.insert(key).inserted else { continue }
      }
      var path = d.path
      // A finding on the project or one of its folders (no screens, too many files) has no file
      // to show it in: it goes on the project's host file, at its start.
      if d.spot == nil, path.map(isFolder) ?? true {
        if host == nil { host = .some(projectFindingsHost(project)) }
        path = host ?? nil
      }
      guard let path else { continue }
      byPath[path, default: []].append(d)
    }
    // The previous project is freed off the request path: a large one takes a while.
    let previous = self.project
    DispatchQueue.global(qos: .background).async { _ = previous }
    self.project = project
    diagnosticsByPath = byPath
    diagnostics = outcome.diagnostics
    cachedFixHolds = nil
    cachedLeftOut = [:]
  }

  /// The file findings on the project itself are published on: `zlc.json` (in any case), else the first open
  /// input file of the project, else its first open file, else its first input file (by path); nil
  /// when it has none.
  func projectFindingsHost(_ project: Project?) -> String? {
    let settings = (root as NSString).appendingPathComponent(ProjectLoader.settingsFileName(in: root) ?? "zlc.json")
    let open = fileSystem.pathsBesideTheDisk.filter { FileURI.isPath($0, in: root) }
    if open.contains(settings) || (FileManager.default.fileExists(atPath: settings) && !isDirectory(settings)) { return settings }
    let inputs = project?.files.map(\.path).filter { FileURI.isPath($0, in: root) } ?? []
    let openInputs = Set(open).intersection(inputs)
    return openInputs.min() ?? open.min() ?? inputs.min()
  }

  /// What holds the last check's fix-its back, as `zlc check --fix` decides it: worked out on the
  /// first quick fix asked for after a check.
  var fixHolds: FixApplier.Holds? {
    if let holds = cachedFixHolds { return holds }
    guard let project else { return nil }
    let holds = FixApplier.Holds(diagnostics, of: project)
    cachedFixHolds = holds
    return holds
  }

  /// The fix-its of the last check in `file` that `zlc check --fix` would leave out (the file
  /// would not read back with the others: two keys renamed into one), by `FixApplier.identity(of:)`.
  func fixItsLeftOut(in file: SourceFile) -> Set<String> {
    if let known = cachedLeftOut[file.path] { return known }
    let holds = fixHolds
    let applying = (diagnosticsByPath[file.path] ?? []).filter { holds?.files(holding: $0).isEmpty ?? true }
    let leftOut = FixApplier.fixItsLeftOut(applying, in: file)
    cachedLeftOut[file.path] = leftOut
    return leftOut
  }

  /// The files diagnostics were last published for, and not cleared since.
  var publishedPaths: [String] { Array(published.keys) }

  /// The files whose diagnostics differ from what was last published (plus `always`), with the
  /// LSP diagnostics to publish for each, among the files this project `publishes` for; and the
  /// files it published diagnostics for that it no longer publishes for (forgotten here: the
  /// project that does now, if any, is to publish them again).
  func changedPublications(always: Set<String>, publishes: (String) -> Bool = { _ in true })
    -> (publications: [(path: String, diagnostics: [JSONObject])], disowned: [String])
  {
    var paths = Set(diagnosticsByPath.keys).union(published.keys).union(always)
    paths = paths.filter { !$0.hasPrefix("<built-in>") && !isDirectory($0) }
    var result: [(String, [JSONObject])] = []
    var disowned: [String] = []
    var indexes: [String: LineIndex] = [:]
    for path in paths.sorted() {
      let diagnostics = diagnosticsByPath[path] ?? []
      // By line and column as well as offset: an edit before a finding that keeps its offset
      // (a line joined, another broken, of the same length) moves it. The notes too: a note
      // points into another file, whose lines an edit there moves.
      let fingerprint = diagnostics.map { d in
        "\(Self.place(d.spot)) \(d.code) \(d.severity.rawValue) \(d.message)"
          + d.notes.map { "\u{0}\($0.spot?.file.path ?? "") \(Self.place($0.spot)) \($0.message)" }.joined()
      }
      if published[path] == fingerprint, !always.contains(path) { continue }
      guard publishes(path) else {
        if published.removeValue(forKey: path) != nil { disowned.append(path) }
        continue
      }
      published[path] = fingerprint.isEmpty ? nil : fingerprint
      result.append((path, diagnostics.map { lspDiagnostic($0, indexes: &indexes) }))
    }
    return (result, disowned)
  }

  /// A spot's offset, line and column, or `-1` without one.
  static func place(_ spot: SourceSpot?) -> String {
    guard let spot else { return "-1" }
    let location = spot.location
    return "\(spot.offset):\(location.line):\(location.column)"
  }

  private func isDirectory(_ path: String) -> Bool {
    var flag: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
  }

  /// The line index of a file the project read: an editor's text (whose byte order mark, if it
  /// kept one, is a character) or the disk's (whose mark is none).
  func index(for file: SourceFile, _ indexes: inout [String: LineIndex]) -> LineIndex {
    if let index = indexes[file.path], index.bytes.count == file.bytes.count { return index }
    let index = LineIndex(file.bytes, markIsText: fileSystem.hasBuffer(atPath: file.path))
    indexes[file.path] = index
    return index
  }

  /// A diagnostic as LSP publishes it: a range in UTF-16 units, the rule code, and the notes as
  /// related information (notes without a place in a real file stay in the message).
  func lspDiagnostic(_ d: Diagnostic, indexes: inout [String: LineIndex]) -> JSONObject {
    var range: JSONObject = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
    if let spot = d.spot {
      let index = index(for: spot.file, &indexes)
      range = index.range(spot.offset, index.tokenEnd(at: spot.offset))
    }
    var message = d.message
    var related: [JSONObject] = []
    for note in d.notes {
      if let spot = note.spot, !spot.file.path.hasPrefix("<built-in>") {
        let index = index(for: spot.file, &indexes)
        related.append([
          "location": ["uri": FileURI.uri(spot.file.path), "range": index.range(spot.offset, index.tokenEnd(at: spot.offset))],
          "message": note.message,
        ])
      } else {
        message += "\nnote: \(note.message)" + (note.spot.map { " (\($0.file.path):\($0.location.line):\($0.location.column))" } ?? "")
      }
    }
    let severity: Int
    switch d.severity {
    case .error: severity = 1
    case .warning: severity = 2
    case .note: severity = 3
    }
    var result: JSONObject = ["range": range, "severity": severity, "code": d.code, "source": "zlc", "message": message]
    if !related.isEmpty { result["relatedInformation"] = related }
    if let fix = d.fixIt { result["data"] = ["fix": fix.message, "replacement": fix.replacement] }
    return result
  }
}
