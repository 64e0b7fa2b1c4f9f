import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0407 connected-home.
package enum ConnectedHomeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0407", name: "connected-home", severity: .error, category: .screens,
    summary: "The home screen is a connected screen.",
    explanation: """
      Nothing opens the home screen, so it has no sender to take data from: it must be a root \
      screen. The same holds for the offline home (`home_offline: true`), which the app opens \
      itself, and for the one screen of an app of one, which is its home without the flag.
      """,
    bad: .files(
      [
        "screens/home.json": Example.home.replacingOccurrences(of: #""home": true"#, with: #""home": ⟦⟧true, "data": {"connected": true}"#)
          .replacingOccurrences(of: #""source": "1", "type": "APPLICASTER_COLLECTION""#, with: #""source": "", "type": """#)
      ], reports: [.init("the home screen 'home' is a connected screen; nothing opens it, so it has no sender")]),
    good: .files([
      "screens/home.json": Example.home.replacingOccurrences(of: #""home": true"#, with: #""home": true, "data": {"connected": false}"#)
    ]))

  package static func check(_ context: RuleContext) {
    let screens = context.project.screens
    if screens.count == 1, let only = screens.first, only.connected, !only.isHome {
      let connected = only.value["data"]?["connected"]
      context.report(
        rule, "the only screen '\(only.id.value)', the app's home, is a connected screen; nothing opens it, so it has no sender",
        at: connected?.spot ?? only.spot)
    }
    for home in screens where home.connected {
      if home.isHome {
        context.report(
          rule, "the home screen '\(home.id.value)' is a connected screen; nothing opens it, so it has no sender",
          at: home.homeSpot ?? home.spot)
      }
      if home.isOfflineHome {
        context.report(
          rule, "the offline home screen '\(home.id.value)' is a connected screen; nothing opens it, so it has no sender",
          at: home.offlineHomeSpot)
      }
    }
  }
}

extension Rule {
  public static let connectedHome = ConnectedHomeRule.rule
}
