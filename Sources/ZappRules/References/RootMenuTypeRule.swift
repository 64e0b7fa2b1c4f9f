import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0340 root-menu-without-type.
package enum RootMenuTypeRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0340", name: "root-menu-without-type", severity: .error, category: .references,
    summary: "The home screen's first `menu` navigation has no `navigation_type`.",
    explanation: """
      The app's root menu is drawn by the plugin that the home screen's first `menu` navigation \
      names in `navigation_type` (`TwoLevelRNMenu`, `quick_brick_side_menu`, a menu plugin of the \
      project): clients pick the root plugin by it, and other screens without a navigation of \
      their own use the home screen's (the only screen of a project of one is its home). Without \
      it (left out, `null`, `""` or spaces alone, or moved into the \
      navigation's `styles`, which are the plugin's own and open) no plugin draws the root menu, \
      and the app starts without one. Name the menu plugin the app uses.
      """,
    bad: .files(
      [
        "screens/home.json": Example.home.replacingOccurrences(of: #", "navigation_type": "TwoLevelRNMenu"}"#, with: "}")
          .replacingOccurrences(
            of: #""navigations": [{"category": "menu","#,
            with: #""navigations": [⟦⟧{"category": "menu","#)
      ],
      reports: [
        .init("the home screen's first menu navigation has no 'navigation_type': no plugin draws the app's root menu")
      ]),
    good: .files(["screens/home.json": Example.home]))

  /// It reads no component's family.
  package static let readsDrawnFamily = false

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    // The app's first screen: the home, or the only screen of a project of one.
    guard context.project.opensFirst(screen), let navigations = screen.value["navigations"]?.elements else { return }
    guard let menu = navigations.first(where: { $0["category"]?.string == "menu" }) else { return }
    // A value of another type is the shape rules' (ZL0202); spaces alone name no plugin.
    if let type = menu["navigation_type"], !type.isNull,
      type.kind != .string || type.string?.contains(where: { !$0.isWhitespace }) == true
    {
      return
    }
    context.report(
      rule, "the home screen's first menu navigation has no 'navigation_type': no plugin draws the app's root menu", at: menu.spot)
  }
}

extension Rule {
  public static let rootMenuWithoutType = RootMenuTypeRule.rule
}
