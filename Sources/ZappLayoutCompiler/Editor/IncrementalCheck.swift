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
/// Reachability (ZL0408, ZL0409) is kept while nothing it could read changed: the environment
/// above, and in every screens file its screens' ids, names, home and connected flags and every
/// string naming a screen id, with its JSON pointer (so a target moved, added or removed, in any
/// field, runs it again); and while none of its findings points into an edited file. The other
/// rules over the whole project (unique ids, one home, families, manifests) run on every check.
/// Phases run in `Checker.run`'s order.
public final class IncrementalChecker {
  public let directory: String
  public let fileSystem: ProjectFileSystem?
  private var screenRules: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
  private var environment: Environment?
  /// Screens files whose document changed since the last check (or all, after an environment change).
  private var changedPaths: Set<String> = []
  private var environmentChanged = true
  /// The strings naming screens of each screens document (valid while the ids are the same).
  private var namesByDocument: [ObjectIdentifier: (document: JSONDocument, names: [String])] = [:]
  private var reachability: (keys: [String: [String]], paths: Set<String>, diagnostics: [Diagnostic])?
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
      checker.checkScreenSet()
      lap("screen set")
      rechecked = checkScreens(project, bag: bag)
      lap("screens")
      let reused = checkReachability(project, checker: checker, bag: bag)
      lap(reused ? "reachability (kept)" : "reachability")
    }
    let diagnostics = bag.all.sortedForOutput(fileOrder: project.fileOrder)
    lap("sort")
    lastReport =
      "\(project.screens.count) screens in \(project.files.count) files; rules of \(rechecked) screens files run again; ms: "
      + phases.joined(separator: ", ")
    return CheckOutcome(project: project, diagnostics: diagnostics, status: Driver.status(for: diagnostics))
  }

  /// Each screen's rules: kept per screens document while neither it nor the environment changed.
  /// Returns how many screens files were checked again.
  private func checkScreens(_ project: Project, bag: DiagnosticBag) -> Int {
    let now = Self.environment(of: project)
    environmentChanged = now != environment
    if environmentChanged {
      screenRules.removeAll()
      namesByDocument.removeAll()
    }
    environment = now
    var byDocument: [ObjectIdentifier: (JSONDocument, [ScreenDecl])] = [:]
    var order: [ObjectIdentifier] = []
    for screen in project.screens {
      let key = ObjectIdentifier(screen.value.document)
      if byDocument[key] == nil {
        byDocument[key] = (screen.value.document, [])
        order.append(key)
      }
      byDocument[key]!.1.append(screen)
    }
    var kept: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
    var stale: [(ObjectIdentifier, JSONDocument, [ScreenDecl])] = []
    for key in order {
      let (document, screens) = byDocument[key]!
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
    changedPaths = Set(stale.map { $0.1.source.path })
    return stale.count
  }

  /// Runs the reachability rules, or adds their findings from the last check when nothing they
  /// read changed; returns true when kept.
  private func checkReachability(_ project: Project, checker: Checker, bag: DiagnosticBag) -> Bool {
    var ids: Set<ExactString>?
    func screenIDs() -> Set<ExactString> {
      if let ids { return ids }
      let made = Set(project.screens.map { ExactString($0.id.value) })
      ids = made
      return made
    }
    var keys: [String: [String]] = [:]
    var documents: [String: JSONDocument] = [:]
    for screen in project.screens {
      let document = screen.value.document
      documents[document.source.path] = document
      keys[document.source.path, default: []].append(
        "screen \(screen.id.value)\u{0}\(screen.name?.value ?? "")\u{0}\(screen.isHome)\u{0}\(screen.connected)")
    }
    var names: [ObjectIdentifier: (document: JSONDocument, names: [String])] = [:]
    for (path, document) in documents {
      let key = ObjectIdentifier(document)
      let found =
        namesByDocument[key].flatMap { $0.document === document ? $0.names : nil } ?? Self.screenNames(in: document, ids: screenIDs())
      names[key] = (document, found)
      keys[path]! += found
    }
    namesByDocument = names
    if !environmentChanged, let previous = reachability, previous.keys == keys, previous.paths.isDisjoint(with: changedPaths) {
      bag.add(contentsOf: previous.diagnostics)
      return true
    }
    let local = DiagnosticBag()
    Checker(project: project, bag: local).checkReachability()
    let diagnostics = local.all
    var paths: Set<String> = []
    for d in diagnostics {
      if let path = d.spot?.file.path { paths.insert(path) }
      for note in d.notes { if let path = note.spot?.file.path { paths.insert(path) } }
    }
    reachability = (keys, paths, diagnostics)
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
