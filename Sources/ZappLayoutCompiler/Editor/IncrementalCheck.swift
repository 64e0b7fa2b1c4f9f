import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

/// `zlc check` for an editor: the same diagnostics, checked again after each edit, redoing only
/// what the edit affects.
///
/// Reading goes through a `ProjectFileSystem` that keeps files unchanged on disk and the parsed
/// documents of unchanged bytes, so only the edited file is read and parsed. The screen and
/// component rules (`RuleRegistry.screenRules`, `componentRules`) are kept per screens file and run
/// again only for files whose document changed, unless something they read changed: a family, a
/// manifest, `zlc.json`, `screen_types.json` or the list of screen ids (with which are connected
/// and which are homes); then every screen is checked again. So are the schema pass's findings on
/// screens (`SchemaPass.check(screen:)`). The screen-set rules (ids, homes, reachability) and
/// ZL0511 (which lays out every style the screens use) keep their findings while what they read
/// from each screens file is the same and none of their findings points into a changed file. The
/// other project rules (families, manifests, the schema of the other inputs) run on every check,
/// in `Checker.run`'s order.
public final class IncrementalChecker {
  public let directory: String
  public let fileSystem: ProjectFileSystem?
  /// Per screens document: its screen and component rules' findings, those its components make
  /// alike with others' (gathered into one over every file, as `Checker.run` does), and the other
  /// files their notes point into (a note names where a suggested screen is defined).
  private var screenRules: [ObjectIdentifier: ScreensFileFindings] = [:]

  private struct ScreensFileFindings {
    var document: JSONDocument
    var diagnostics: [Diagnostic]
    var gathered: [GatheredFindings.Group]
    var notesIn: Set<String>
  }
  /// The screens documents of the last check, by path.
  private var screenDocuments: [String: ObjectIdentifier] = [:]
  /// The screen-set rules' findings, kept while the ids, names and references are the same.
  private var screenSet = KeptFindings()

  /// The project rules over the set of screens and the screen graph, kept while nothing they
  /// could read changed.
  static let screenSetRules: Set<ObjectIdentifier> = [
    ObjectIdentifier(DuplicateScreenIDRule.self), ObjectIdentifier(MissingHomeRule.self), ObjectIdentifier(DuplicateHomeRule.self),
    ObjectIdentifier(ConnectedHomeRule.self), ObjectIdentifier(UnreachableConnectedRule.self), ObjectIdentifier(UnopenedRootRule.self),
    ObjectIdentifier(DuplicateUITagRule.self), ObjectIdentifier(EquivalentScreenIDRule.self),
  ]

  /// ZL0511's findings, kept while what it reads (`MissingItemHeightRule.readKey`) is the same.
  private var itemHeights = KeptFindings()

  /// The schema pass's findings per screens document.
  private var screenShapes: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
  private var environment: Environment?
  /// What the last check did: milliseconds per phase, and how many screens files' rules ran again.
  public private(set) var lastReport = ""

  /// What the screen and component rules read besides their screen: compared between checks.
  private struct Environment: Equatable {
    var inputs: [String: [UInt8]]
    /// The screens' ids, each marked when the screen is connected and when it is a home.
    var screens: [String]
    /// `Project.manifestsUnread`: the schema pass then leaves out the screens' unknown keys.
    var manifestsUnread: Bool
    /// `Project.losesScreenObjects`: the home may be lost, and ZL0405 is not reported.
    var losesScreenObjects: Bool
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
    (fileSystem as? BufferedFileSystem)?.keep(onlyPaths: Set(project.files.map(\.path)))
    lap("read")
    // As Checker.run: project rules once, then each screen's rules.
    let complete = !project.hasUnreadableFiles
    let now = Self.environment(of: project)
    let environmentChanged = now != environment
    if environmentChanged {
      screenRules.removeAll()
      screenShapes.removeAll()
      screenSet.forgetFiles()
    }
    environment = now
    let files = KeptFindings.screensFiles(of: project)
    let keep =
      complete
      && screenSet.canKeep(files, environmentChanged: environmentChanged) {
        Self.screenSetKey($1, in: $0, project: project)
      }
    let keepItemHeights =
      complete && itemHeights.canKeep(files, environmentChanged: environmentChanged) { MissingItemHeightRule.readKey(of: $1, project) }
    if !complete { itemHeights.findings = nil }
    let context = RuleContext(
      project: project, bag: bag, graph: complete && !keep ? ScreenGraph(project) : nil,
      screenIDs: SuggestionIndex(complete ? project.screens.map(\.id.value) : []))
    let screenSetBag = DiagnosticBag()
    let screenSetContext = RuleContext(
      project: project, bag: screenSetBag, graph: context.graph, screenIDs: context.screenIDs, cellStyles: context.cellStyles)
    for rule in RuleRegistry.projectRules where complete || !rule.needsCompleteProject {
      if ObjectIdentifier(rule) == ObjectIdentifier(MissingKeyRule.self) {
        checkShapes(project, context: context)
      } else if Self.screenSetRules.contains(ObjectIdentifier(rule)) {
        if !keep { rule.check(screenSetContext) }
      } else if ObjectIdentifier(rule) == ObjectIdentifier(MissingItemHeightRule.self) {
        if !keepItemHeights {
          let found = DiagnosticBag()
          rule.check(
            RuleContext(project: project, bag: found, graph: context.graph, screenIDs: context.screenIDs, cellStyles: context.cellStyles))
          itemHeights.record(found.all)
        }
        bag.add(contentsOf: itemHeights.findings?.diagnostics ?? [])
      } else {
        rule.check(context)
      }
    }
    if complete {
      if !keep { screenSet.record(screenSetBag.all) }
      bag.add(contentsOf: screenSet.findings?.diagnostics ?? [])
    }
    let kept = (keep ? ["screen set kept"] : []) + (keepItemHeights ? ["item heights kept"] : [])
    lap(kept.isEmpty ? "project rules" : "project rules (\(kept.joined(separator: ", ")))")
    var rechecked = 0
    if complete {
      rechecked = checkScreens(project, context: context)
      lap("screens")
    }
    // As Driver.check: while a family file cannot be read, references to families are not checked.
    let diagnostics = Driver.skipFamilyReferences(bag.all, project: project).sortedForOutput(fileOrder: project.fileOrder)
    lap("sort")
    lastReport =
      "\(project.screens.count) screens in \(project.files.count) files; rules of \(rechecked) screens files run again; ms: "
      + phases.joined(separator: ", ")
    return CheckOutcome(project: project, diagnostics: diagnostics, status: Driver.status(for: diagnostics))
  }

  /// What the screen-set rules read from a screens file: its screens' ids, names, home, offline
  /// home and connected flags, ui_tags, types and plugin types (a player or web view screen is
  /// opened by the items of its type), every string naming a screen id (with its JSON pointer),
  /// and every screen its screens open, by value: the references that name no screen id, and
  /// those a plugin takes from its manifest, which the file does not write.
  private static func screenSetKey(_ screens: [ScreenDecl], in document: JSONDocument, project: Project) -> [String] {
    var key = screens.map {
      "screen \($0.id.value)\u{0}\($0.name?.value ?? "")\u{0}\($0.isHome)\u{0}\($0.isOfflineHome)\u{0}\($0.connected)\u{0}\($0.uiTag?.value ?? "\u{1}")\u{0}\($0.type.value)\u{0}\(project.builtPluginTypes(of: $0).map { $0 ?? "\u{1}" })"
    }
    key += screenNames(in: document, project: project)
    // A screen marked home that is left out for its shape keeps ZL0405 quiet.
    var markedHome = 0
    if let root = document.root {
      let container = ProjectLoader.screensContainer(root)
      let count = { (value: JSONValue) in if flexBool(value["home"]) == true { markedHome += 1 } }
      if container.kind == .array { container.forEachElement(count) } else { container.forEachMember { count($1) } }
      count(container)
    }
    key.append("marked home \(markedHome)")
    // References that name no screen id (one near an id adds a note to that screen's findings),
    // and the targets and selections a component or screen takes from its manifest (adding or
    // removing a component that takes one opens or closes a screen the file never names).
    for screen in screens {
      // Keyed by the screen it stands in: a screen that opens itself is not opened by it.
      for opener in project.openers(in: screen) { key.append("opener\u{0}\(screen.id.value)\u{0}\(opener.value)") }
    }
    return key
  }

  /// Every string of a document that is a screen id, with its JSON pointer.
  private static func screenNames(in document: JSONDocument, project: Project) -> [String] {
    var found: [String] = []
    let bytes = document.source.bytes
    // A string written without escapes is an id only if it is as long as one: most are not decoded.
    let lengths = project.screenIDLengths
    let escaped = JSONNode.hasEscapes | JSONNode.needsRepair
    for (index, node) in document.nodes.enumerated() where node.kind == .string {
      if node.flags & escaped == 0, !lengths.contains(node.end - node.start - 2) { continue }
      let text = JSONStrings.decode(bytes, node)
      if project.screen(id: text) != nil { found.append(document.pointer(to: index) + "\u{0}" + text) }
    }
    return found
  }

  /// Each screen's rules: kept per screens document while neither it, the environment nor a file
  /// its findings' notes point into changed. Returns how many screens files were checked again.
  private func checkScreens(_ project: Project, context: RuleContext) -> Int {
    var index: [ObjectIdentifier: Int] = [:]
    var files: [(document: JSONDocument, screens: [ScreenDecl])] = []
    for screen in project.screens {
      let key = ObjectIdentifier(screen.value.document)
      if let i = index[key] {
        files[i].screens.append(screen)
      } else {
        index[key] = files.count
        files.append((screen.value.document, [screen]))
      }
    }
    let documents = Dictionary(files.map { ($0.document.source.path, ObjectIdentifier($0.document)) }, uniquingKeysWith: { a, _ in a })
    let changed = Set(documents.filter { screenDocuments[$0.key] != $0.value }.keys)
      .union(screenDocuments.keys.filter { documents[$0] == nil })
    screenDocuments = documents
    var kept: [ObjectIdentifier: ScreensFileFindings] = [:]
    var stale: [(ObjectIdentifier, JSONDocument, [ScreenDecl])] = []
    let gathered = GatheredFindings()
    for (document, screens) in files {
      let key = ObjectIdentifier(document)
      if let cached = screenRules[key], cached.document === document, cached.notesIn.isDisjoint(with: changed) {
        context.bag.add(contentsOf: cached.diagnostics)
        gathered.add(contentsOf: cached.gathered)
        kept[key] = cached
      } else {
        stale.append((key, document, screens))
      }
    }
    let toCheck = stale
    let checked = parallelMap(toCheck.count) { k in
      let local = DiagnosticBag()
      let fileContext = RuleContext(
        project: project, bag: local, graph: context.graph, screenIDs: context.screenIDs, cellStyles: context.cellStyles)
      let checker = Checker(project: project, bag: local)
      for screen in toCheck[k].2 { checker.check(screen, fileContext) }
      return (local.all, fileContext.gathered.all)
    }
    for (k, (diagnostics, found)) in checked.enumerated() {
      context.bag.add(contentsOf: diagnostics)
      gathered.add(contentsOf: found)
      let notesIn = Set((diagnostics + found.map(\.diagnostic)).flatMap { $0.notes.compactMap { $0.spot?.file.path } })
      kept[stale[k].0] = ScreensFileFindings(
        document: stale[k].1, diagnostics: diagnostics, gathered: found, notesIn: notesIn.subtracting([stale[k].1.source.path]))
    }
    // One finding per manifest value, with a note at each component of every file that takes it.
    context.bag.add(contentsOf: gathered.merged(fileOrder: project.fileOrder))
    screenRules = kept
    return stale.count
  }

  /// The schema pass (`MissingKeyRule`'s check): the inputs but screens every time, the screens
  /// of each screens file kept while neither the file nor the environment (manifests) changed.
  private func checkShapes(_ project: Project, context: RuleContext) {
    SchemaPass.checkInputsButScreens(context)
    var index: [ObjectIdentifier: Int] = [:]
    var files: [(document: JSONDocument, objects: [JSONValue])] = []
    for object in project.screenObjects {
      let key = ObjectIdentifier(object.document)
      if let i = index[key] {
        files[i].objects.append(object)
      } else {
        index[key] = files.count
        files.append((object.document, [object]))
      }
    }
    var kept: [ObjectIdentifier: (document: JSONDocument, diagnostics: [Diagnostic])] = [:]
    var stale: [(ObjectIdentifier, JSONDocument, [JSONValue])] = []
    for (document, objects) in files {
      let key = ObjectIdentifier(document)
      if let cached = screenShapes[key], cached.document === document {
        context.bag.add(contentsOf: cached.diagnostics)
        kept[key] = cached
      } else {
        stale.append((key, document, objects))
      }
    }
    let toCheck = stale
    let shapes = PlatformShapes(project)
    let checked = parallelMap(toCheck.count) { k in toCheck[k].2.flatMap { SchemaPass.check(screen: $0, project, shapes) } }
    for (k, diagnostics) in checked.enumerated() {
      context.bag.add(contentsOf: diagnostics)
      kept[stale[k].0] = (stale[k].1, diagnostics)
    }
    screenShapes = kept
  }

  private static func environment(of project: Project) -> Environment {
    var inputs: [String: [UInt8]] = [:]
    for family in project.families.values { inputs["family:" + family.file.path] = family.file.bytes }
    for manifest in project.manifests { inputs["manifest:" + manifest.value.file.path] = manifest.value.file.bytes }
    if let file = project.settings.file { inputs["settings"] = file.bytes }
    if let file = project.screenTypes?.file { inputs["screen types"] = file.bytes }
    // Each screen's id, and whether it is connected and a home: a navigation item's finding reads
    // both flags of the screen it opens (ZL0329), which may stand in another file.
    return Environment(
      inputs: inputs,
      screens: project.screens.map { $0.id.value + ($0.connected ? "\u{0}connected" : "") + ($0.isHome ? "\u{0}home" : "") },
      manifestsUnread: project.manifestsUnread, losesScreenObjects: project.losesScreenObjects)
  }
}
