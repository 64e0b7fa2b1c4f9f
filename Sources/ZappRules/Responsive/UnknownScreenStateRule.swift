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
      class. Any other word would never match a family value, so it is an error; a state with a \
      side (`landscape_left`, `LandscapeRight`, `portrait_upside_down`) gets the orientation as a \
      hint, as zlc's states stand for either side.
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
      let message = "unknown state '\(shortValue(state.value))' of device '\(entry.name.value)'; expected \(states.joined(separator: ", "))"
      if let sided = orientation(of: state.value) {
        // A side (`landscape_left`, `LandscapeRight`): zlc's states have none, so the rename is a hint.
        var hint = FixIt.didYouMean(sided, at: state.spot)
        hint.range = nil
        context.report(rule, message + " ('\(sided)' stands for either side)", at: state.spot, fixIt: hint)
        continue
      }
      context.report(rule, message, at: state.spot, fixIt: .didYouMean(for: state.value, among: states, at: state.spot))
    }
  }

  /// The orientation a state with a side names (`landscape_left`, `LandscapeRight`,
  /// `portrait_upside_down`: Youku's and UIKit's screen states), nil for another word.
  static func orientation(of state: String) -> String? {
    let words = Suggestion.words(state).map { String($0) }
    guard words.count > 1, let first = words.first, first == "landscape" || first == "portrait" else { return nil }
    return first
  }
}

extension Rule {
  public static let unknownScreenState = UnknownScreenStateRule.rule
}
