import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappWriters

/// The projects of the open files, and what each publishes.
///
/// Each open file's text is in one project, the one it belongs to as the disk stands
/// (`projectRoot`), and only that project publishes for it; a closed file is published for by the
/// project it belongs to on disk. A file moves when its project changes (a `rivers.json` saved
/// where there was none, a `zlc.json` made or removed): on its open and each change, and for every
/// open file on a save and on a change the client reports on disk. A project no open file is in
/// whose folder is no project (a workspace folder) is dropped.
extension LanguageServer {
  /// Whether a folder above `path` holds zlc's output marker: a bundle (one per platform in
  /// folders of their own), a preview or generated code, which are no project.
  static func isInZlcsOutput(_ path: String) -> Bool {
    var folder = PathText.deletingLastComponent(path)
    while folder.count > 1 {
      if FileManager.default.fileExists(atPath: folder + "/" + OutputFolder.markerName) { return true }
      folder = PathText.deletingLastComponent(folder)
    }
    return false
  }

  /// Whether `folder` is marked as a project: it holds zlc.json, a screens folder, or (Quick
  /// Brick's) rivers.json alone, each named in any case, as the project loader reads them
  /// (`ZLC.json`, `Screens/`). A marked folder inside an input folder of an enclosing project is
  /// that project's input, not a project (`markedProject`), unless it holds its own `zlc.json` and
  /// screens.
  static func isProjectFolder(_ folder: String) -> Bool {
    holdsSettings(folder) || holdsScreens(folder)
  }

  /// Whether `folder` holds screens of its own: a screens folder or (Quick Brick's) `rivers.json`,
  /// each named in any case.
  static func holdsScreens(_ folder: String) -> Bool {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    if fm.fileExists(atPath: folder + "/rivers.json")
      || (fm.fileExists(atPath: folder + "/screens", isDirectory: &isDirectory) && isDirectory.boolValue)
    {
      return true
    }
    let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
    return names.contains { name in
      switch name.lowercased() {
      case "rivers.json": return true
      case "screens":
        return fm.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
      default: return false
      }
    }
  }

  /// The project a file belongs to: the nearest folder above it with `zlc.json`, `rivers.json` or
  /// `screens/` in no input folder of another (`markedProject`), else (`orWorkspace`) the
  /// workspace folder holding it when the file would be a project's input there (`wouldBeInput`);
  /// nil otherwise. So a `package.json` or
  /// a `.vscode/settings.json` in a workspace whose project is in a folder of it is in no project.
  func projectRoot(for path: String, orWorkspace: Bool = true) -> String? {
    if let marked = Self.markedProject(of: PathText.deletingLastComponent(path)) { return marked }
    return orWorkspace ? workspaceRoot(for: path) : nil
  }

  /// The nearest project folder at or above `folder` (`isProjectFolder`) that lies in no input
  /// folder (`screens/`, `components/`, `families/`, `registries/`, in any case) of a project
  /// folder above it: what the folder alone decides of the project of a file in it. A
  /// `screens/rivers.json` or a `screens/screens/` is an input of the project above, which
  /// `zlc check` of that project reads, not a project of its own. A folder in an input folder
  /// holding its own `zlc.json` and screens is a project (`app/screens/shop/` with `zlc.json`
  /// and `screens/`); the input folder itself is not, nor is a folder holding a `zlc.json` without
  /// screens (a `zlc.json` saved into `app/screens/` or `app/screens/sub/` is one more screens file
  /// of `app`, as `zlc check app` reads it, beside the folder's other files).
  static func markedProject(of folder: String) -> String? {
    var directory = folder
    while directory.count > 1 {
      if isProjectFolder(directory),
        !isInputOfProjectAbove(directory)
          || (holdsSettings(directory) && holdsScreens(directory) && !isInputFolderOfProjectAbove(directory))
      {
        return directory
      }
      directory = PathText.deletingLastComponent(directory)
    }
    return nil
  }

  /// Whether `folder` is itself an input folder (`screens/`, `components/`, `families/`,
  /// `registries/`, in any case) of the project folder holding it.
  static func isInputFolderOfProjectAbove(_ folder: String) -> Bool {
    ProjectLoader.inputFolders.contains((folder as NSString).lastPathComponent.lowercased())
      && isProjectFolder(PathText.deletingLastComponent(folder))
  }

  /// Whether `folder` holds a `zlc.json`, named in any case.
  static func holdsSettings(_ folder: String) -> Bool {
    FileManager.default.fileExists(atPath: folder + "/zlc.json")
      || ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.lowercased() == "zlc.json" }
  }

  /// Whether `folder` is an input folder of a project folder above it, or lies in one: a folder
  /// above it, one of whose input folders is on the way down to it, is a project folder.
  static func isInputOfProjectAbove(_ folder: String) -> Bool {
    var child = folder
    var parent = PathText.deletingLastComponent(folder)
    while parent.count > 1 {
      let name = (child as NSString).lastPathComponent.lowercased()
      if ProjectLoader.inputFolders.contains(name), isProjectFolder(parent) { return true }
      child = parent
      parent = PathText.deletingLastComponent(parent)
    }
    return false
  }

  /// The innermost workspace folder that `path`, in no project folder, would be an input of
  /// (`wouldBeInput`): this depends on the file's own name, not only on its folder.
  func workspaceRoot(for path: String) -> String? {
    workspaceRoots.filter { Self.wouldBeInput(path, in: $0) }.max { $0.count < $1.count }
  }

  /// Whether the file at `path` would be an input of a project in a folder between it and
  /// `workspace` (the workspace folder or one in it): `zlc.json`, `rivers.json` or
  /// `screen_types.json` (`app/rivers.json` not saved yet), or any file under `screens/`,
  /// `components/`, `families/` or `registries/`, whose findings the project reports whatever its
  /// name (a broken link `components/a`); never a hidden one or one in a hidden folder or in
  /// `node_modules` (`.vscode/settings.json`, `components/.DS_Store`), which no project reads.
  static func wouldBeInput(_ path: String, in workspace: String) -> Bool {
    guard let relative = FileURI.relativePath(path, in: workspace) else { return false }
    let names = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard !names.contains(where: { $0.hasPrefix(".") || $0 == "node_modules" }) else { return false }
    if names.contains(where: { ProjectLoader.inputFolders.contains($0.lowercased()) }) { return true }
    return names.indices.contains { EditorKnowledge.inputKind(relativePath: names[$0...].joined(separator: "/")) != nil }
  }

  /// The root of the project a file is checked in: its `projectRoot`; nil for a file in no
  /// project, and for one in zlc's own output (a bundle's `rivers.json` is no project to check).
  func sessionRoot(for path: String) -> String? {
    guard let root = projectRoot(for: path), !Self.isInZlcsOutput(path) else { return nil }
    return root
  }

  /// The session of the project a file belongs to (`sessionRoot`), started when there is none.
  func session(for path: String) -> ProjectSession? { sessionRoot(for: path).map(session(at:)) }

  /// The session of the project at `root`, started (and marked to be checked) when there is none.
  func session(at root: String) -> ProjectSession {
    if let session = sessions[root] { return session }
    let session = ProjectSession(root: root, limits: limits)
    sessions[root] = session
    dirty.insert(root)
    return session
  }

  /// A document's text arrived (opened or changed): it is its file's latest, which the file's
  /// project reads.
  func textArrived(_ document: OpenDocument) {
    textsArrived += 1
    document.arrival = textsArrived
    place(document.path)
    retireIdleSessions()
  }

  /// Whether `document`'s text is the one its file's project reads: the latest of the URIs the
  /// file is open under, or the same text.
  func isCheckedText(_ document: OpenDocument) -> Bool {
    let latest = documents.values.filter { $0.path == document.path }.max { $0.arrival < $1.arrival }
    return latest === document || latest?.bytes == document.bytes
  }

  /// Puts the latest text of an open file (of any URI it is open under) in the project it belongs
  /// to now, taking it out of the project it was in; once no URI of it is open, gives the file back
  /// to the disk. A file outside any project is in none, and gets no diagnostics.
  func place(_ path: String) {
    let latest = documents.values.filter { $0.path == path }.max { $0.arrival < $1.arrival }
    let root = latest == nil ? nil : sessionRoot(for: path)
    if let old = owners[path], old != root, let session = sessions[old] {
      session.fileSystem.setBuffer(nil, for: path)
      // Closed: its project publishes what the disk holds.
      markDirty(session, publishing: latest == nil ? path : nil)
    }
    owners[path] = root
    guard let latest, let root else { return }
    let session = session(at: root)
    session.fileSystem.setBuffer(latest.source, for: path)
    markDirty(session, publishing: path)
  }

  /// Moves every open file whose project changed to its project now (a save or another tool
  /// may have made or removed one), then drops the projects left without a reason to be.
  func rehome() {
    for path in Set(documents.values.map(\.path)).sorted() where owners[path] != sessionRoot(for: path) { place(path) }
    retireIdleSessions()
  }

  /// Drops each project no open file is in whose folder is no project (a workspace folder that
  /// held a file before its project was made; a project since removed). What it published goes
  /// to the project that owns each file now, or is cleared.
  func retireIdleSessions() {
    let held = Set(owners.values)
    for (root, session) in sessions where !held.contains(root) && Self.markedProject(of: root) != root {
      sessions[root] = nil
      dirty.remove(root)
      mustPublish[root] = nil
      for path in session.publishedPaths.sorted() {
        if let owner = owner(of: path), owner != root, let other = sessions[owner] {
          markDirty(other, publishing: path)
        } else {
          publish([], for: path)
        }
      }
    }
  }

  /// What a folder decides of the project of a closed file in it: zlc's output (no project), the
  /// project folder at or above it, or, without one, the workspace fallback, which the file's own
  /// name decides (`wouldBeInput`).
  enum FolderOwner {
    case output
    case project(String)
    case workspace
  }

  /// The root of the project that publishes for `path`: the one its open text is in, else the one
  /// it belongs to on disk (`sessionRoot`). `folders` keeps what each folder decides of it; the
  /// workspace fallback is worked out for each path.
  func owner(of path: String, folders: inout [String: FolderOwner]) -> String? {
    if let owner = owners[path] { return owner }
    let folder = PathText.deletingLastComponent(path)
    let decided: FolderOwner
    if let known = folders[folder] {
      decided = known
    } else {
      decided = Self.isInZlcsOutput(path) ? .output : Self.markedProject(of: folder).map(FolderOwner.project) ?? .workspace
      folders[folder] = decided
    }
    switch decided {
    case .output: return nil
    case .project(let root): return root
    case .workspace: return workspaceRoot(for: path)
    }
  }

  func owner(of path: String) -> String? {
    var folders: [String: FolderOwner] = [:]
    return owner(of: path, folders: &folders)
  }

  func markDirty(_ session: ProjectSession, publishing path: String?) {
    dirty.insert(session.root)
    if let path { mustPublish[session.root, default: []].insert(path) }
  }

  /// Publishes `diagnostics` for a file: to `uris`, else to each URI it is open under (with that
  /// document's version), else to the file's own URI.
  func publish(_ diagnostics: [JSONObject], for path: String, to uris: [String]? = nil) {
    let open = documents.values.filter { $0.path == path }.sorted { $0.uri < $1.uri }
    let targets: [(uri: String, version: Int?)] =
      uris.map { $0.map { ($0, nil) } } ?? (open.isEmpty ? [(FileURI.uri(path), nil)] : open.map { ($0.uri, $0.version) })
    for (uri, version) in targets {
      var params: JSONObject = ["uri": uri, "diagnostics": diagnostics]
      if let version { params["version"] = version }
      channel.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params])
    }
  }

  /// Checks every project changed since its last check and publishes what changed, for the files
  /// each owns.
  func flushChecks() {
    var folders: [String: FolderOwner] = [:]
    var done: Set<String> = []
    while let root = dirty.subtracting(done).min() {
      done.insert(root)
      guard let session = sessions[root] else { continue }
      let start = DispatchTime.now().uptimeNanoseconds
      session.check()
      let checked = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      let (publications, disowned) = session.changedPublications(always: mustPublish[root] ?? []) { path in
        // A file beyond the project's folder that it reads is its own to publish.
        owners[path] == nil && !FileURI.isPath(path, in: root) ? true : owner(of: path, folders: &folders) == root
      }
      for (path, diagnostics) in publications { publish(diagnostics, for: path) }
      // What this project published for a file another owns now: that one publishes it again,
      // or, when none does, it is cleared.
      for path in disowned {
        if let owner = owner(of: path, folders: &folders), owner != root, let other = sessions[owner] {
          if !done.contains(owner) { markDirty(other, publishing: path) }
        } else {
          publish([], for: path)
        }
      }
      let message = "zlc: checked \(root) in \(String(format: "%.1f", checked)) ms: \(session.lastReport)"
      channel.send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 4, "message": message]])
    }
    dirty.removeAll()
    mustPublish.removeAll()
  }
}
