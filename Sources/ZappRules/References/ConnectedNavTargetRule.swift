import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0329 connected-nav-target.
package enum ConnectedNavTargetRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0329", name: "connected-nav-target", severity: .warning, category: .references,
    summary: "A navigation item opens a connected screen, which then has no data.",
    explanation: """
      A connected screen (`data.connected: true`) shows the children of the item that opened it: \
      its components take no data source of their own. A navigation item (of a menu or a nav \
      bar) that opens it by its `data.target` is no item of a feed, so the screen opens with \
      nothing to show: every section it binds to the sender is empty. It is a warning at the \
      item's target, with a note where the screen says it is connected. Open a root screen from \
      the navigation (one whose components have data sources of their own), or open the \
      connected screen from a component whose items it shows. An item that carries a feed of \
      its own (`data.source`, or a `data.type` whose data the client holds: \
      APPLICASTER_FAVORITES, DOWNLOADS, USER_ACCOUNT_COMPONENT) or says it opens a connected screen (`data.connected: true`) is not \
      reported: it is what the screen is opened with. Neither is a target that names no screen (ZL0307) or the home screen (a connected \
      home is ZL0407). So with a hook of the home screen (`hooks.preload_plugins` or \
      `postload_plugins`) whose `screen_id` is a connected screen: the home screen opens at launch, \
      with no item, and a hook's screen is shown with the item its screen was opened with.
      """,
    bad: .files(
      [
        "screens/home.json": Example.home.replacingOccurrences(of: #""target": "other""#, with: #""target": ⟦⟧"other""#),
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}"#,
          extra: #", "data": {"connected": true}"#),
      ],
      reports: [
        .init(
          "navigation item 'Other' opens connected screen 'other', which shows the children of the item that opens it: opened from a navigation, its sections have no data",
          notes: ["screen 'other' is connected here"])
      ]),
    good: .files([
      "screens/home.json": Example.home.replacingOccurrences(
        of: #""data": {"target": "other"}"#, with: #""data": {"source": "7", "type": "APPLICASTER_CATEGORY", "target": "other"}"#),
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}"#,
        extra: #", "data": {"connected": true}"#),
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    if screen.isHome { checkHooks(of: screen, context) }
    guard let navigations = screen.value["navigations"]?.elements, !navigations.isEmpty else { return }
    for navigation in navigations { check(navigation["nav_items"], context) }
  }

  /// The hooks of the home screen that show a connected screen, which then has no item to show.
  private static func checkHooks(of home: ScreenDecl, _ context: RuleContext) {
    for target in home.hookTargets {
      guard let opened = context.project.screen(id: target.value), opened.connected, !opened.isHome else { continue }
      let connected = opened.value["data"]?["connected"]?.spot ?? opened.id.spot
      context.report(
        rule,
        "a hook of home screen '\(home.id.value)' shows connected screen '\(opened.id.value)', which shows the children of the item its screen was opened with: the home screen opens with none, so its sections have no data",
        at: target.spot, notes: [DiagnosticNote("screen '\(opened.id.value)' is connected here", at: connected)])
    }
  }

  /// Whether a navigation item's `data` gives the screen it opens a feed: a source, a type whose
  /// data the client holds (favorites, downloads), or `connected: true`.
  private static func carriesFeed(_ data: JSONValue?) -> Bool {
    data?["source"]?.nonEmptyString != nil
      || data?["type"]?.nonEmptyString.map { MissingDataSourceRule.sourcelessDataTypes.contains($0.value) } == true
      || flexBool(data?["connected"]) == true
  }

  /// Checks the items of a `nav_items` array and, nested, their own.
  private static func check(_ items: JSONValue?, _ context: RuleContext) {
    for item in items?.elements ?? [] where item.kind == .object {
      let data = item["data"]
      if let target = data?["target"]?.nonEmptyString, !carriesFeed(data),
        let opened = context.project.screen(id: target.value), opened.connected, !opened.isHome
      {
        let title = item["title"]?.nonEmptyString.map { " '\($0.value)'" } ?? ""
        let connected = opened.value["data"]?["connected"]?.spot ?? opened.id.spot
        context.report(
          rule,
          "navigation item\(title) opens connected screen '\(opened.id.value)', which shows the children of the item that opens it: opened from a navigation, its sections have no data",
          at: target.spot, notes: [DiagnosticNote("screen '\(opened.id.value)' is connected here", at: connected)])
      }
      check(item["nav_items"], context)
    }
  }
}

extension Rule {
  public static let connectedNavTarget = ConnectedNavTargetRule.rule
}
