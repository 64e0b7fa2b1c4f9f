import Foundation
import ZappLayout

/// Runs every rule of `RuleRegistry` over a project and reports into a bag: project rules once,
/// screen rules per screen and component rules per component (at any depth), screens in parallel.
public struct Checker: Sendable {
  public static let builtinComponentTypes =
    [
      "list", "grid", "hero", "carousel", "horizontal_list", "html_ticker", "tab_bar", "group", "web_view",
    ] + quickBrickComponentTypes

  /// `builtinComponentTypes` for lookups.
  public static let builtinComponentTypeSet = Set(builtinComponentTypes)

  /// QuickBrick's built-in component types (zapp-react-native-utils componentsUtils).
  public static let quickBrickComponentTypes = [
    "group-qb", "group-info-qb", "group-info", "empty_group_component", "gallery-qb", "screen-picker-qb-tv", "horizontal_list_qb",
  ]

  /// The built-in group types: native `group` and QuickBrick's `group-qb`.
  public static let builtinGroupTypes: Set<String> = ["group", "group-qb"]

  let project: Project
  let bag: DiagnosticBag

  public init(project: Project, bag: DiagnosticBag) {
    self.project = project
    self.bag = bag
  }

  /// Runs the rules. Rules that cross files are skipped when a file could not be read, since every
  /// reference into it would be reported as missing.
  ///
  /// Everything runs side by side on all cores: each project rule is one job, the screen graph is
  /// built in the job of the rules that read it, and the screens are checked in chunks. The rules
  /// report into the (locked) bag and the printers sort the diagnostics, so the order is stable.
  public func run() {
    let complete = !project.hasUnreadableFiles
    let context = RuleContext(
      project: project, bag: bag, graph: nil, screenIDs: SuggestionIndex(complete ? project.screens.map(\.id.value) : []))
    let projectRules = RuleRegistry.projectRules.filter { complete || !$0.needsCompleteProject }
    let graphRules = projectRules.filter { $0.usesScreenGraph }
    let otherRules = projectRules.filter { !$0.usesScreenGraph }
    let screens = complete ? project.screens : []
    let chunk = 64
    let chunks = (screens.count + chunk - 1) / chunk
    DispatchQueue.concurrentPerform(iterations: 1 + otherRules.count + chunks) { job in
      if job == 0 {
        guard !graphRules.isEmpty else { return }
        let withGraph = RuleContext(
          project: project, bag: bag, graph: ScreenGraph(project), screenIDs: context.screenIDs, cellStyles: context.cellStyles)
        for rule in graphRules { rule.check(withGraph) }
      } else if job <= otherRules.count {
        otherRules[job - 1].check(context)
      } else {
        let k = job - 1 - otherRules.count
        for screen in screens[(k * chunk)..<min(screens.count, (k + 1) * chunk)] { check(screen, context) }
      }
    }
  }

  func check(_ screen: ScreenDecl, _ context: RuleContext) {
    var visits: [ComponentVisit] = []
    func walk(_ component: ComponentDecl, inGroup: Bool) {
      let visit = ComponentVisit(component, screen: screen, inGroup: inGroup, project: project)
      visits.append(visit)
      guard Project.isGroup(visit.type, manifest: visit.manifest) else { return }
      for child in component.children { walk(child, inGroup: true) }
    }
    for component in screen.components { walk(component, inGroup: false) }
    for rule in RuleRegistry.screenRules { rule.check(screen, components: visits, context) }
    for visit in visits {
      for rule in RuleRegistry.componentRules { rule.check(visit, context) }
    }
  }
}

/// What opens what: a screen opens the screens its components (and their headers) target, its
/// navigation items name and its hooks show (`hooks.preload_plugins[].screen_id`); the home screen and every mapped screen (any feed item may open those)
/// are entries. Built once per check for the reachability rules.
struct ScreenGraph: Sendable {
  /// For each screen, the screens that open it and where.
  let openedBy: [ExactString: [(screen: ScreenDecl, spot: SourceSpot)]]
  /// Screens reachable from the home screen and the mappings.
  let fromEntries: Set<ExactString>
  /// Screens reachable from those and from every root screen.
  let fromRoots: Set<ExactString>
  let hasHome: Bool

  init(_ project: Project) {
    var opens: [ExactString: [ExactString]] = [:]
    var openedBy: [ExactString: [(screen: ScreenDecl, spot: SourceSpot)]] = [:]
    for screen in project.screens {
      let from = ExactString(screen.id.value)
      var targets: [Located<String>] = screen.navItems.compactMap(\.target) + screen.hookTargets
      func visit(_ c: ComponentDecl) {
        if let t = c.target { targets.append(t) }
        if let t = c.headerTarget { targets.append(t) }
        c.children.forEach(visit)
      }
      screen.components.forEach(visit)
      for target in targets {
        guard let opened = project.screen(id: target.value) else { continue }
        opens[from, default: []].append(ExactString(opened.id.value))
        openedBy[ExactString(opened.id.value), default: []].append((screen, target.spot))
      }
    }
    // A project of one screen needs no home flag: that screen is the home (ZL0405).
    let homes = project.screens.count == 1 ? project.screens : project.screens.filter(\.isHome)
    var entries: [ExactString] = homes.map { ExactString($0.id.value) }
    hasHome = !entries.isEmpty
    if let mappings = project.screenTypes {
      for (_, target) in mappings.screenTypes + mappings.contentTypes {
        if let screen = project.screen(named: target.value) { entries.append(ExactString(screen.id.value)) }
      }
    }
    func reachable(from start: [ExactString]) -> Set<ExactString> {
      var seen = Set(start)
      var queue = start
      while let next = queue.popLast() {
        for target in opens[next] ?? [] where seen.insert(target).inserted { queue.append(target) }
      }
      return seen
    }
    self.openedBy = openedBy
    fromEntries = reachable(from: entries)
    fromRoots = reachable(from: entries + project.screens.filter { !$0.connected }.map { ExactString($0.id.value) })
  }

  /// The notes for a screen nothing reachable opens: up to three screens that open it.
  func openerNotes(_ screen: ScreenDecl) -> (openers: Int, notes: [DiagnosticNote]) {
    let id = ExactString(screen.id.value)
    let openers = (openedBy[id] ?? []).filter { ExactString($0.screen.id.value) != id }
    return (
      openers.count,
      openers.prefix(3).map { DiagnosticNote("opened from screen '\($0.screen.id.value)', which nothing reachable opens", at: $0.spot) }
    )
  }
}

/// A positive whole number from a number or a numeric string.
public func parseItemLimit(_ value: JSONValue) -> Int? {
  if let n = value.number, n == n.rounded(), n >= 1, n < 1e9 { return Int(n) }
  if let s = value.string, let n = Int(s.trimmingSpaces), n >= 1 { return n }
  return nil
}

/// A length as zlc writes it: rounded to 0.01, without trailing zeros.
public func format(_ value: Double) -> String {
  let rounded = Geometry.round2(value)
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
  return String(rounded)
}
