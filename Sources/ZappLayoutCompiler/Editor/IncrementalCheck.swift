import Foundation

/// `zlc check` for an editor: the same diagnostics, checked again after each edit, redoing only
/// what the edit affects.
///
/// Reading goes through a `ProjectFileSystem` that keeps parsed documents and screens of unchanged
/// files (so only the edited file is parsed and shape-checked). The rules of each screen are kept
/// per screens file and run again only for files whose document changed, unless something they
/// read changed: a family, a manifest, `zlc.json`, `screen_types.json` or the list of screen ids
/// (references to screens are checked against it); then every screen is checked again. The rules over the whole project (unique ids, one
/// home, reachability, families, manifests) run on every check. Phases run in `Checker.run`'s order.
public final class IncrementalChecker {
  public let directory: String
  public let fileSystem: ProjectFileSystem?
  private var screenRules: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
  private var environment: Environment?
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
      checker.checkReachability()
      lap("reachability")
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
    if now != environment { screenRules.removeAll() }
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
    return stale.count
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
