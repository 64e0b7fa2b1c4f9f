import ZappDiagnostics
import ZappModel

/// ZL0423 duplicate-component-id.
package enum DuplicateComponentIDRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0423", name: "duplicate-component-id", severity: .warning, category: .screens,
    summary: "Two components, navigations or navigation items of one screen have the same `id`.",
    explanation: """
      A component's `id` names it within its screen: the bundle carries it as the section's \
      `component_id`, and a client that looks a component up by it finds one of two that share \
      it, never the other. So do navigations (a screen's `nav_bar_id` names a navigation bar by its \
      id, ZL0333) and navigation items. The components of a screen, groups' components included, \
      have one id each, and so have its navigations, and the items of each navigation (nested \
      items included): items of two navigations (a menu and a bar) may share an id. A builder gives each a new id; two alike are most \
      often a component or item copied with its id. The second is reported, with a note at the \
      first. Nothing is left out of the bundle, so it is a warning. An empty id names nothing and \
      is not compared; ids on different screens may repeat.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"id": "hero", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}, {"id": ⟦⟧"hero", "component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
      ], reports: [.init("component id 'hero' is already used on screen 'other'", notes: ["first used here"])]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"id": "hero", "component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}, {"id": "popular", "component_type": "grid", "data": {"source": "2", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
      )
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    checkComponents(screen, count: components.count, context)
    guard let navigations = screen.value["navigations"], navigations.kind == .array else { return }
    var navigationIDs = Seen(kind: "navigation", place: "on screen '\(screen.idString)'")
    func visitItems(_ items: JSONValue?, _ itemIDs: inout Seen) {
      guard let items, items.kind == .array else { return }
      for item in items.elements where item.kind == .object {
        itemIDs.add(item["id"], context)
        visitItems(item["nav_items"], &itemIDs)
      }
    }
    for navigation in navigations.elements where navigation.kind == .object {
      navigationIDs.add(navigation["id"], context)
      // Each navigation's items have ids of their own.
      let name = navigation["id"]?.nonEmptyString.map { "navigation '\($0.value)'" } ?? "a navigation"
      var itemIDs = Seen(kind: "navigation item", place: "in \(name) of screen '\(screen.idString)'")
      visitItems(navigation["nav_items"], &itemIDs)
    }
  }

  /// The components' ids, groups' components included: their hashes first (a word each), then
  /// only the ids whose hash comes twice by their text, so that a screen of many components holds
  /// no table of every id and where it is written.
  private static func checkComponents(_ screen: ScreenDecl, count: Int, _ context: RuleContext) {
    func forEachID(_ list: [ComponentDecl], _ body: (JSONValue, String) -> Void) {
      for component in list {
        if let id = component.value["id"], let text = id.string, !text.isEmpty { body(id, text) }
        forEachID(component.children, body)
      }
    }
    var hashes = Set<Int>(minimumCapacity: count)
    var repeated = Set<Int>()
    forEachID(screen.components) { _, text in
      let hash = ExactString(text).hashValue
      if !hashes.insert(hash).inserted { repeated.insert(hash) }
    }
    guard !repeated.isEmpty else { return }
    hashes = []
    var seen = Seen(kind: "component", place: "on screen '\(screen.idString)'")
    forEachID(screen.components) { id, text in
      if repeated.contains(ExactString(text).hashValue) { seen.add(id, context) }
    }
  }

  /// The ids of one kind met so far on a screen, each where it is first written.
  private struct Seen {
    let kind: String
    /// Where the ids are compared: `on screen 'home'`, `in navigation 'menu' of screen 'home'`.
    let place: String
    var first: [ExactString: SourceSpot] = [:]

    /// Reports an id met before (an id that is no string is ZL0202's).
    mutating func add(_ id: JSONValue?, _ context: RuleContext) {
      guard let id, let text = id.string, !text.isEmpty else { return }
      if let spot = first[ExactString(text)] {
        context.report(
          rule, "\(kind) id '\(text)' is already used \(place)", at: id.spot,
          notes: [DiagnosticNote("first used here", at: spot)])
      } else {
        first[ExactString(text)] = id.spot
      }
    }
  }
}

extension Rule {
  public static let duplicateComponentID = DuplicateComponentIDRule.rule
}
