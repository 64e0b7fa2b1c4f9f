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
  /// Each screen's slot: the position, in the project's screens, of the screen its id names (the
  /// first of duplicates), so the walks below index arrays instead of hashing ids.
  private let slots: [ObjectIdentifier: Int]
  /// For each slot, the screens that open it and where.
  private let openedBy: [[(screen: ScreenDecl, spot: SourceSpot)]]
  /// Slots reachable from the home screen and the mappings.
  private let fromEntries: [Bool]
  /// Slots reachable from those and from every root screen.
  private let fromRoots: [Bool]
  let hasHome: Bool

  init(_ project: Project) {
    let screens = project.screens
    var slots: [ObjectIdentifier: Int] = [:]
    slots.reserveCapacity(screens.count)
    for (position, screen) in screens.enumerated() { slots[ObjectIdentifier(screen)] = position }
    // A duplicate id's screen shares the slot of the screen the id resolves to.
    for screen in screens {
      if let named = project.screen(id: screen.id.value), named !== screen {
        slots[ObjectIdentifier(screen)] = slots[ObjectIdentifier(named)]
      }
    }
    var opens = [[Int]](repeating: [], count: screens.count)
    var openedBy = [[(screen: ScreenDecl, spot: SourceSpot)]](repeating: [], count: screens.count)
    for screen in screens {
      let from = slots[ObjectIdentifier(screen)]!
      var targets: [Located<String>] = screen.navItems.compactMap(\.target) + screen.hookTargets
      func visit(_ c: ComponentDecl) {
        if let t = c.target { targets.append(t) }
        if let t = c.headerTarget { targets.append(t) }
        c.children.forEach(visit)
      }
      screen.components.forEach(visit)
      for target in targets {
        guard let opened = project.screen(id: target.value), let slot = slots[ObjectIdentifier(opened)] else { continue }
        opens[from].append(slot)
        openedBy[slot].append((screen, target.spot))
      }
    }
    // A project of one screen needs no home flag: that screen is the home (ZL0405).
    let homes = screens.count == 1 ? screens : screens.filter(\.isHome)
    var entries: [Int] = homes.map { slots[ObjectIdentifier($0)]! }
    hasHome = !entries.isEmpty
    if let mappings = project.screenTypes {
      for (_, target) in mappings.screenTypes + mappings.contentTypes {
        if let screen = project.screen(named: target.value), let slot = slots[ObjectIdentifier(screen)] { entries.append(slot) }
      }
    }
    // A screen with a ui_tag is opened by the feed items that carry it, as a mapping's is.
    for screen in screens where screen.uiTag != nil {
      if let slot = slots[ObjectIdentifier(screen)] { entries.append(slot) }
    }
    func reachable(from start: [Int]) -> [Bool] {
      var seen = [Bool](repeating: false, count: screens.count)
      var queue: [Int] = []
      for slot in start where !seen[slot] {
        seen[slot] = true
        queue.append(slot)
      }
      while let next = queue.popLast() {
        for target in opens[next] where !seen[target] {
          seen[target] = true
          queue.append(target)
        }
      }
      return seen
    }
    self.slots = slots
    self.openedBy = openedBy
    fromEntries = reachable(from: entries)
    fromRoots = reachable(from: entries + screens.filter { !$0.connected }.map { slots[ObjectIdentifier($0)]! })
  }

  /// Whether the home screen or a mapping leads to `screen` (to the screen its id names).
  func isReachableFromEntries(_ screen: ScreenDecl) -> Bool { slots[ObjectIdentifier(screen)].map { fromEntries[$0] } ?? false }

  /// Whether an entry or any root screen leads to `screen` (to the screen its id names).
  func isReachableFromRoots(_ screen: ScreenDecl) -> Bool { slots[ObjectIdentifier(screen)].map { fromRoots[$0] } ?? false }

  /// The notes for a screen nothing reachable opens: up to three screens that open it.
  func openerNotes(_ screen: ScreenDecl) -> (openers: Int, notes: [DiagnosticNote]) {
    guard let slot = slots[ObjectIdentifier(screen)] else { return (0, []) }
    let openers = openedBy[slot].filter { slots[ObjectIdentifier($0.screen)] != slot }
    return (
      openers.count,
      openers.prefix(3).map { DiagnosticNote("opened from screen '\($0.screen.id.value)', which nothing reachable opens", at: $0.spot) }
    )
  }
}

/// A positive whole number from a number or a string holding one as JSON writes it (`"6"`, not
/// `" 6"`, `"+6"` or `"06"`).
public func parseItemLimit(_ value: JSONValue) -> Int? {
  if let n = value.number, n == n.rounded(), n >= 1, n < 1e9 { return Int(n) }
  if let s = value.string, let n = canonicalWholeNumber(s), n >= 1 { return n }
  return nil
}

/// A length as zlc writes it: rounded to 0.01, without trailing zeros.
public func format(_ value: Double) -> String {
  let rounded = Geometry.round2(value)
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
  return String(rounded)
}
