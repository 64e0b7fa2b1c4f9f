import ZappDiagnostics
import ZappModel

/// ZL0705 unmapped-screen-type.
package enum UnmappedScreenTypeRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0705", name: "unmapped-screen-type", severity: .warning, category: .mapping,
    summary: "A child's `screen_type` opens no screen.",
    explanation:
      "A child that carries a `screen_type` (or Quick Brick's `screenType`) opens the screen that `screen_types.json` maps it to, or the screen with that id; otherwise a tap on it goes nowhere.",
    bad: .text(#"{ "screen_type": "shw" }"#),
    good: .text(#"{ "screen_type": "show" }"#))
}

extension Rule {
  public static let unmappedScreenType = UnmappedScreenTypeRule.rule
}

extension UnmappedScreenTypeRule {
  package typealias Message = RuleMessage<UnmappedScreenTypeRule>
}

extension RuleMessage where Owner == UnmappedScreenTypeRule {
  package static func opensNoScreen(path: String, screenType: String) -> Self {
    Self("opens-no-screen", "child \(path) has screen_type '\(screenType)', which opens no screen")
  }
}
