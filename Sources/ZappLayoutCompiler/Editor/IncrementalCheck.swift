import Foundation

/// `zlc check` for an editor: the same diagnostics, checked again after each edit, redoing only
/// what the edit affects.
///
/// Reading goes through a `ProjectFileSystem` that keeps parsed documents and screens of unchanged
/// files (so only the edited file is parsed and shape-checked). The rules of each screen are kept
/// per screens file and run again only for files whose document changed, unless something they
/// read changed: a family, a manifest, `zlc.json`, `screen_types.json` or the list of screen ids
/// (references to screens are checked against it); then every screen is checked again.
///
/// The rules over the set of screens (unique ids, one home: ZL0404-ZL0407) and reachability
/// (ZL0408, ZL0409) are kept while nothing they could read changed: the environment above, and in
/// every screens file its screens' ids, names, home and connected flags and every string naming a
/// screen id, with its JSON pointer (so a target moved, added or removed, in any field, runs them
/// again); and while none of their findings points into an edited file. Families and manifests are
/// checked on every check. Phases run in `Checker.run`'s order; diagnostics are sorted at the end.
public final class IncrementalChecker {
  public let directory: String
  public let fileSystem: ProjectFileSystem?
  private var screenRules: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
  private var environment: Environment?
  private var environmentChanged = true
  /// Per screens file: its document, and what the project-wide screen rules read from it.
  private var projectRuleKeys: [String: (document: JSONDocument, key: [String])] = [:]
  /// The findings of the project-wide screen rules, and the files they point into.
  private var projectScreenRules: (paths: Set<String>, diagnostics: [Diagnostic])?
  /// What the last check did: milliseconds per phase, and how many screens files' rules ran again.
  public private(set) var lastReport = ""

  /// What each screen's rules read besides the screen: compared between checks.
  private struct Environment: Equatable {
    var inputs: [String: [UInt8]]
    var screens: [String]
  }

  public init(directory: String, fileSystem: ProjectFileSystem?) {
    self.directory = directory
    self.fileSystem = fileSystem
  }

  /// Reads and checks the project; diagnostics sorted as `zlc check` prints them.
  public func check(limits: ReaderLimits = .default) -> CheckOutcome {
    var clock = DispatchTime.now().uptimeNanoseconds
    var phases: [String] = []
    func lap(_ name: String) {
      let now = DispatchTime.now().uptimeNanoseconds
      phases.append("\(name) \(String(format: "%.1f", Double(now - clock) / 1e6))")
      clock = now
    }
    let bag = DiagnosticBag()
    let project = ProjectLoader(limits: limits, fileSystem: fileSystem).load(directory, into: bag)
    lap("read")
    let checker = Checker(project: project, bag: bag)
    for family in project.families.values.sorted(by: { $0.family.name < $1.family.name }) { checker.checkFamily(family) }
    checker.checkManifests()
    lap("families and manifests")
    var rechecked = 0
    if !project.hasUnreadableFiles {
      let files = Self.screensByDocument(project)
      rechecked = checkScreens(project, files: files, bag: bag)
      lap("screens")
      let kept = checkProjectScreenRules(project, files: files, bag: bag)
      lap(kept ? "screen set and reachability (kept)" : "screen set and reachability")
    }
    let diagnostics = bag.all.sortedForOutput(fileOrder: project.fileOrder)
    lap("sort")
    lastReport =
      "\(project.screens.count) screens in \(project.files.count) files; rules of \(rechecked) screens files run again; ms: "
      + phases.joined(separator: ", ")
    return CheckOutcome(project: project, diagnostics: diagnostics, status: Driver.status(for: diagnostics))
  }

  /// The screens of each screens document, in project order.
  private static func screensByDocument(_ project: Project) -> [(document: JSONDocument, screens: [ScreenDecl])] {
    var index: [ObjectIdentifier: Int] = [:]
    var files: [(document: JSONDocument, screens: [ScreenDecl])] = []
    for screen in project.screens {
      let document = screen.value.document
      if let i = index[ObjectIdentifier(document)] {
        files[i].screens.append(screen)
      } else {
        index[ObjectIdentifier(document)] = files.count
        files.append((document, [screen]))
      }
    }
    return files
  }

  /// Each screen's rules: kept per screens document while neither it nor the environment changed.
  /// Returns how many screens files were checked again.
  private func checkScreens(_ project: Project, files: [(document: JSONDocument, screens: [ScreenDecl])], bag: DiagnosticBag) -> Int {
    let now = Self.environment(of: project)
    environmentChanged = now != environment
    if environmentChanged {
      screenRules.removeAll()
      projectRuleKeys.removeAll()
    }
    environment = now
    var kept: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
    var stale: [(ObjectIdentifier, JSONDocument, [ScreenDecl])] = []
    for (document, screens) in files {
      let key = ObjectIdentifier(document)
      if let cached = screenRules[key], cached.document === document {
        bag.add(contentsOf: cached.diagnostics)
        kept[key] = cached
      } else {
        stale.append((key, document, screens))
      }
    }
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: stale.count) { k in
      let (key, document, screens) = stale[k]
      let local = DiagnosticBag()
      let checker = Checker(project: project, bag: local)
      for screen in screens { checker.checkScreen(screen) }
      let diagnostics = local.all
      bag.add(contentsOf: diagnostics)
      lock.lock()
      kept[key] = (document, diagnostics)
      lock.unlock()
    }
    screenRules = kept
    return stale.count
  }

  /// Runs the rules over the set of screens (unique ids, one home) and reachability, or adds
  /// their findings from the last check when nothing they could read changed; returns true when kept.
  private func checkProjectScreenRules(
    _ project: Project, files: [(document: JSONDocument, screens: [ScreenDecl])], bag: DiagnosticBag
  ) -> Bool {
    var ids: Set<ExactString>?
    func screenIDs() -> Set<ExactString> {
      if let ids { return ids }
      let made = Set(project.screens.map { ExactString($0.id.value) })
      ids = made
      return made
    }
    var keys: [String: (document: JSONDocument, key: [String])] = [:]
    var changed = Set(projectRuleKeys.keys)
    var inputsChanged = false
    for (document, screens) in files {
      let path = document.source.path
      changed.remove(path)
      if let previous = projectRuleKeys[path], previous.document === document {
        keys[path] = previous
        continue
      }
      changed.insert(path)
      var key = screens.map { "screen \($0.id.value)\u{0}\($0.name?.value ?? "")\u{0}\($0.isHome)\u{0}\($0.connected)" }
      key += Self.screenNames(in: document, ids: screenIDs())
      if projectRuleKeys[path]?.key != key { inputsChanged = true }
      keys[path] = (document, key)
    }
    if keys.count != projectRuleKeys.count { inputsChanged = true }
    projectRuleKeys = keys
    if !environmentChanged, !inputsChanged, let previous = projectScreenRules, previous.paths.isDisjoint(with: changed) {
      bag.add(contentsOf: previous.diagnostics)
      return true
    }
    let local = DiagnosticBag()
    let checker = Checker(project: project, bag: local)
    checker.checkScreenSet()
    checker.checkReachability()
    let diagnostics = local.all
    var paths: Set<String> = []
    for d in diagnostics {
      if let path = d.path { paths.insert(path) }
      for note in d.notes { if let path = note.spot?.file.path { paths.insert(path) } }
    }
    projectScreenRules = (paths, diagnostics)
    bag.add(contentsOf: diagnostics)
    return false
  }

  /// Every string of a document that is a screen id, with its JSON pointer.
  private static func screenNames(in document: JSONDocument, ids: Set<ExactString>) -> [String] {
    var found: [String] = []
    let bytes = document.source.bytes
    for (index, node) in document.nodes.enumerated() where node.kind == .string {
      let text = JSONStrings.decode(bytes, node)
      if ids.contains(ExactString(text)) { found.append(document.pointer(to: index) + "\u{0}" + text) }
    }
    return found
  }

  private static func environment(of project: Project) -> Environment {
    var inputs: [String: [UInt8]] = [:]
    for family in project.families.values { inputs["family:" + family.file.path] = family.file.bytes }
    for manifest in project.manifests { inputs["manifest:" + manifest.value.file.path] = manifest.value.file.bytes }
    if let file = project.settings.file { inputs["settings"] = file.bytes }
    if let file = project.screenTypes?.file { inputs["screen types"] = file.bytes }
    return Environment(inputs: inputs, screens: project.screens.map(\.id.value))
  }
}
