import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0319 unknown-screen-state.
package enum UnknownScreenStateRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0319", name: "unknown-screen-state", severity: .error, category: .references,
    summary: "A device in `zlc.json` names a window state zlc does not know.",
    explanation: """
      A device's `state` says which window it stands for, as Youku's layout framework names them: \
      `portrait`, `landscape`, `slide_over` or `split_view`. A family's values for that state \
      (`<Screen type="landscape">`) apply on the device, over those of its size class and device \
      class. Any other word would never match a family value, so it is an error.
      """,
    bad: .files(
      [
        "zlc.json": #"{"devices": [{"name": "phone", "width": 375}, {"name": "ipad", "width": 1024, "state": ⟦⟧"landscpe"}]}"#
      ],
      reports: [
        .init("unknown state 'landscpe' of device 'ipad'; expected portrait, landscape, slide_over, split_view", fixIt: #""landscape""#)
      ]),
    good: .files([
      "zlc.json": #"{"devices": [{"name": "phone", "width": 375}, {"name": "ipad", "width": 1024, "state": "landscape"}]}"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let states = ScreenState.knownWords
    for entry in context.project.settings.deviceEntries {
      guard let state = entry.state, ScreenState(knownWord: state.value) == nil else { continue }
      context.report(
        rule, "unknown state '\(shortValue(state.value))' of device '\(entry.name.value)'; expected \(states.joined(separator: ", "))",
        at: state.spot, fixIt: .didYouMean(for: state.value, among: states, at: state.spot))
    }
  }
}

extension Rule {
  public static let unknownScreenState = UnknownScreenStateRule.rule
}
