import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0419 conflicting-presentation.
package enum ConflictingPresentationRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0419", name: "conflicting-presentation", severity: .error, category: .screens,
    summary: "A screen's `styles.stack_mode` and `styles.presentation` name different ways to show it.",
    explanation: """
      `stack_mode` is another name of `presentation`, as view options write it: `push`, `present` or \
      `present_then_push`. A screen that sets one of them is shown that way; one that sets both to \
      different words is refused, since a client reading either name would show it differently. \
      Keep one of them.
      """,
    bad: .files(
      [
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1", "presentation": "push", "stack_mode": ⟦⟧"present"}, "ui_components": [\#(Example.grid)]}]"#
      ],
      reports: [
        .init(
          "screen 'other' has 'stack_mode' \"present\" and 'presentation' \"push\"; they are two names of one setting",
          notes: ["'presentation' is set here"])
      ]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1", "stack_mode": "present"}, "ui_components": [\#(Example.grid)]}]"#
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let styles = screen.value["styles"], let stackMode = styles["stack_mode"], let presentation = styles["presentation"],
      let stackWord = stackMode.string, let presentationWord = presentation.string,
      Shapes.presentations.contains(stackWord), Shapes.presentations.contains(presentationWord), stackWord != presentationWord
    else { return }
    let message = Message.twoNames(screen: screen.id.value, stackMode: stackWord, presentation: presentationWord)
    context.bag.add(message.diagnostic(at: stackMode.spot, notes: [DiagnosticNote("'presentation' is set here", at: presentation.spot)]))
  }
}

extension Rule {
  public static let conflictingPresentation = ConflictingPresentationRule.rule
}

extension ConflictingPresentationRule {
  package typealias Message = RuleMessage<ConflictingPresentationRule>
}

extension RuleMessage where Owner == ConflictingPresentationRule {
  /// `screen` sets `stack_mode` and `presentation` to different words.
  package static func twoNames(screen: String, stackMode: String, presentation: String) -> Self {
    Self(
      "two-names",
      "screen '\(screen)' has 'stack_mode' \"\(stackMode)\" and 'presentation' \"\(presentation)\"; they are two names of one setting")
  }
}
