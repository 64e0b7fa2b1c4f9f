import ZappDiagnostics
import ZappLayout

/// What opens what: a screen opens the screens `Project.openers(in:)` names (its components' and
/// their headers' targets, its navigation items, its hooks' screens and its plugins'
/// `screen_selector` values) and those whose `data.parent` names it; the home screen, the offline
/// home, every mapped screen, every screen with a `ui_tag` and the fallback screens of the types
/// `content_types` leaves unmapped (any feed item may open those) are entries. Built once per check for the
/// reachability rules, with the references that name no screen, from one walk of the openers.
package struct ScreenGraph: Sendable {
  /// The project's screens and their table by id: a screen's slot is the position of the screen
  /// its id names (the first of duplicates), so the walks below index arrays by slot.
  private let screens: [ScreenDecl]
  private let byID: ScreenTable
  /// The screens that open another and where, grouped by the slot they open: those of slot `s`
  /// are `openers[openersStart[s]..<openersStart[s + 1]]`, in the order of the project (one
  /// array, not one per screen).
  private let openers: [(screen: ScreenDecl, spot: SourceSpot)]
  private let openersStart: [Int]
  /// Slots reachable from the home screen and the mappings.
  private let fromEntries: [Bool]
  /// Slots reachable from those and from every root screen.
  private let fromRoots: [Bool]
  package let hasHome: Bool
  /// The references (`Project.openers(in:)` and the mappings) that name neither the id nor the
  /// name of a screen, in the order of the project.
  package let unresolvedOpeners: [Located<String>]

  package init(_ project: Project) {
    let screens = project.screens
    // A duplicate id's screen shares the slot of the screen the id resolves to.
    let byID = project.screenIndex.byID
    func slotOf(_ screen: ScreenDecl) -> Int? { byID.position(of: screen.idString, in: screens) }
    var walk = Self.walkOpeners(project, keepingEdges: true)
    // Every link, an opener's (walked a batch of screens at a time) then a `data.parent`'s, which
    // names the screen that opens it: counted first, then stored grouped by slot, each batch of
    // edges released once stored.
    func forEachLink(releasingEdges: Bool, _ body: (_ from: Int, _ to: Int, _ opener: ScreenDecl, _ spot: SourceSpot) -> Void) {
      for k in walk.edges.indices {
        for edge in walk.edges[k] {
          let screen = screens[edge.from]
          guard let from = slotOf(screen), let to = slotOf(edge.to) else { continue }
          body(from, to, screen, edge.spot)
        }
        if releasingEdges { walk.edges[k] = [] }
      }
      for screen in screens {
        guard let parent = screen.parent, let opener = project.screen(id: parent.value),
          let from = slotOf(opener), let to = slotOf(screen)
        else { continue }
        body(from, to, opener, parent.spot)
      }
    }
    var opensStart = [Int](repeating: 0, count: screens.count + 1)
    var openersStart = [Int](repeating: 0, count: screens.count + 1)
    forEachLink(releasingEdges: false) { from, to, _, _ in
      opensStart[from + 1] += 1
      openersStart[to + 1] += 1
    }
    for slot in screens.indices {
      opensStart[slot + 1] += opensStart[slot]
      openersStart[slot + 1] += openersStart[slot]
    }
    // Each slot's screens it opens (`opens[opensStart[s]..<opensStart[s + 1]]`) and its openers,
    // each put in its place: the second pass visits the links the first counted.
    var opens = [Int](repeating: 0, count: opensStart[screens.count])
    var nextOpen = opensStart
    var nextOpener = openersStart
    openers = [(screen: ScreenDecl, spot: SourceSpot)](unsafeUninitializedCapacity: openersStart[screens.count]) { buffer, count in
      forEachLink(releasingEdges: true) { from, to, opener, spot in
        opens[nextOpen[from]] = to
        nextOpen[from] += 1
        (buffer.baseAddress! + nextOpener[to]).initialize(to: (opener, spot))
        nextOpener[to] += 1
      }
      count = buffer.count
    }
    unresolvedOpeners = walk.unresolved
    // A project of one screen needs no home flag: that screen is where the app starts (ZL0405);
    // connected, it is ZL0407's error, not also an unreachable one.
    let homes = screens.count == 1 ? screens : screens.filter(\.isHome)
    var entries: [Int] = homes.map { slotOf($0)! }
    hasHome = !entries.isEmpty
    if let mappings = project.screenTypes {
      for target in mappings.targets {
        if let screen = project.screen(named: target.value), let slot = slotOf(screen) { entries.append(slot) }
      }
    }
    // A screen with a ui_tag is opened by the feed items that carry it, as a mapping's is, and so
    // is the player or web view screen a video or link opens when content_types maps none; the
    // app opens its offline home itself.
    for screen in screens where screen.uiTag != nil || screen.isOfflineHome {
      if let slot = slotOf(screen) { entries.append(slot) }
    }
    for screen in project.openedFallbackScreens {
      if let slot = slotOf(screen) { entries.append(slot) }
    }
    func reachable(from start: [Int]) -> [Bool] {
      var seen = [Bool](repeating: false, count: screens.count)
      var queue: [Int] = []
      for slot in start where !seen[slot] {
        seen[slot] = true
        queue.append(slot)
      }
      while let next = queue.popLast() {
        for target in opens[opensStart[next]..<opensStart[next + 1]] where !seen[target] {
          seen[target] = true
          queue.append(target)
        }
      }
      return seen
    }
    self.screens = screens
    self.byID = byID
    self.openersStart = openersStart
    fromEntries = reachable(from: entries)
    fromRoots = reachable(from: entries + screens.filter { !$0.connected }.map { slotOf($0)! })
  }

  /// An opener that names a screen by id: the position of the screen it stands in, the screen it
  /// opens and where.
  package typealias OpenerEdge = (from: Int, to: ScreenDecl, spot: SourceSpot)

  /// Every screen's openers, looked up a batch of screens at a time on every core: those that name
  /// a screen by id (when `keepingEdges`; by batch, not joined, so that each is released when
  /// read), and those that name neither the id nor the name of a screen (with the mappings' ones),
  /// each in the order of the project.
  package static func walkOpeners(_ project: Project, keepingEdges: Bool) -> (edges: [[OpenerEdge]], unresolved: [Located<String>]) {
    let screens = project.screens
    let batch = 256
    let found = parallelMap((screens.count + batch - 1) / batch) { k -> (edges: [OpenerEdge], unresolved: [Located<String>]) in
      var edges: [OpenerEdge] = []
      var unresolved: [Located<String>] = []
      for position in (k * batch)..<min(screens.count, (k + 1) * batch) {
        // A value a plugin takes from its manifest that names no screen is reported there
        // (ZL0307, ZL0322), not where the component stands: only the written ones are listed.
        var written: [Located<String>]?
        for target in project.openers(in: screens[position]) {
          if let opened = project.screen(id: target.value) {
            if keepingEdges { edges.append((position, opened, target.spot)) }
          } else if !project.hasScreens(named: target.value) {
            let writtenOpeners = written ?? project.openers(in: screens[position], takingFilled: false)
            written = writtenOpeners
            if writtenOpeners.contains(where: { $0.spot.offset == target.spot.offset && $0.value == target.value }) {
              unresolved.append(target)
            }
          }
        }
      }
      // A batch's edges kept at their size: the graph holds every batch while it counts them.
      if edges.capacity > edges.count { edges = edges.withUnsafeBufferPointer { Array($0) } }
      return (edges, unresolved)
    }
    var unresolved = joined(found.map(\.unresolved))
    if let mappings = project.screenTypes {
      for mapping in mappings.screenTypes + mappings.contentTypes
      where project.screen(id: mapping.target.value) == nil && !project.hasScreens(named: mapping.target.value) {
        unresolved.append(mapping.target)
      }
    }
    return (found.map(\.edges), unresolved)
  }

  /// The slot of one of the project's screens.
  private func slotOf(_ screen: ScreenDecl) -> Int? { byID.position(of: screen.idString, in: screens) }

  /// Whether the home screen or a mapping leads to `screen` (to the screen its id names).
  package func isReachableFromEntries(_ screen: ScreenDecl) -> Bool { slotOf(screen).map { fromEntries[$0] } ?? false }

  /// Whether an entry or any root screen leads to `screen` (to the screen its id names).
  package func isReachableFromRoots(_ screen: ScreenDecl) -> Bool { slotOf(screen).map { fromRoots[$0] } ?? false }

  /// The notes for a screen nothing reachable opens: up to three screens that open it.
  package func openerNotes(_ screen: ScreenDecl) -> (openers: Int, notes: [DiagnosticNote]) {
    guard let slot = slotOf(screen) else { return (0, []) }
    let others = openers[openersStart[slot]..<openersStart[slot + 1]].filter { self.slotOf($0.screen) != slot }
    return (
      others.count,
      others.prefix(3).map { DiagnosticNote("opened from screen '\($0.screen.id.value)', which nothing reachable opens", at: $0.spot) }
    )
  }
}

extension Project {
  /// Whether a client opens `screen` first: the screen marked `home`, or the one screen of a
  /// project of one, which needs no flag (ZL0405) and is written home in the bundle, unless it is
  /// connected (it shows an opening item's data, and nothing opens it: ZL0407).
  public func opensFirst(_ screen: ScreenDecl) -> Bool { screen.isHome || (screens.count == 1 && !screen.connected) }
}
