import ZappDiagnostics
import ZappLayout

/// What opens what: a screen opens the screens `Project.openers(in:)` names (its components' and
/// their headers' targets, its navigation items, its hooks' screens and its plugins'
/// `screen_selector` values); the home screen, the offline home, every mapped screen and every
/// screen with a `ui_tag` (any feed item may open those) are entries. Built once per check for the
/// reachability rules.
package struct ScreenGraph: Sendable {
  /// Each screen's slot: the position, in the project's screens, of the screen its id names (the
  /// first of duplicates), so the walks below index arrays instead of hashing ids.
  private let slots: [ObjectIdentifier: Int]
  /// For each slot, the screens that open it and where.
  private let openedBy: [[(screen: ScreenDecl, spot: SourceSpot)]]
  /// Slots reachable from the home screen and the mappings.
  private let fromEntries: [Bool]
  /// Slots reachable from those and from every root screen.
  private let fromRoots: [Bool]
  package let hasHome: Bool

  package init(_ project: Project) {
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
      for target in project.openers(in: screen) {
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
      for target in mappings.targets {
        if let screen = project.screen(named: target.value), let slot = slots[ObjectIdentifier(screen)] { entries.append(slot) }
      }
    }
    // A screen with a ui_tag is opened by the feed items that carry it, as a mapping's is; the
    // app opens its offline home itself.
    for screen in screens where screen.uiTag != nil || screen.isOfflineHome {
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
  package func isReachableFromEntries(_ screen: ScreenDecl) -> Bool { slots[ObjectIdentifier(screen)].map { fromEntries[$0] } ?? false }

  /// Whether an entry or any root screen leads to `screen` (to the screen its id names).
  package func isReachableFromRoots(_ screen: ScreenDecl) -> Bool { slots[ObjectIdentifier(screen)].map { fromRoots[$0] } ?? false }

  /// The notes for a screen nothing reachable opens: up to three screens that open it.
  package func openerNotes(_ screen: ScreenDecl) -> (openers: Int, notes: [DiagnosticNote]) {
    guard let slot = slots[ObjectIdentifier(screen)] else { return (0, []) }
    let openers = openedBy[slot].filter { slots[ObjectIdentifier($0.screen)] != slot }
    return (
      openers.count,
      openers.prefix(3).map { DiagnosticNote("opened from screen '\($0.screen.id.value)', which nothing reachable opens", at: $0.spot) }
    )
  }
}
