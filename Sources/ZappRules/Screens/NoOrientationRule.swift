import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0427 no-orientation.
package enum NoOrientationRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0427", name: "no-orientation", severity: .error, category: .screens,
    summary: "A screen's `styles.supported_interface_orientations` names no orientation.",
    explanation: """
      `supported_interface_orientations` lists the orientations a screen turns to: `portrait`, \
      `portrait_upside_down`, `landscape_left`, `landscape_right`. An empty list leaves the screen no \
      orientation at all, and a client refuses to show it (UIKit stops the app with \
      `UIApplicationInvalidInterfaceOrientation`). Name at least one orientation, or remove the key to \
      keep the app's own orientations.
      """,
    bad: .files(
      [
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1", "supported_interface_orientations": ⟦⟧[]}, "ui_components": [\#(Example.grid)]}]"#
      ],
      reports: [
        .init(
          "screen 'other' turns to no orientation: 'supported_interface_orientations' names none; name at least one, or remove the key",
          notes: [])
      ]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1", "supported_interface_orientations": ["portrait"]}, "ui_components": [\#(Example.grid)]}]"#
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    // A list holding a word that is not an orientation is the shape check's (ZL0203); one holding
    // only blanks (`""`, `null`) names none, as an empty one does.
    guard let list = screen.value["styles"]?["supported_interface_orientations"], list.kind == .array,
      list.elements.allSatisfy({ $0.isNull || $0.string == "" })
    else { return }
    context.bag.add(Message.none(screen: screen.id.value).diagnostic(at: list.spot))
  }
}

extension Rule {
  public static let noOrientation = NoOrientationRule.rule
}

extension NoOrientationRule {
  package typealias Message = RuleMessage<NoOrientationRule>
}

extension RuleMessage where Owner == NoOrientationRule {
  /// `screen`'s `supported_interface_orientations` is empty or holds only blanks.
  package static func none(screen: String) -> Self {
    Self(
      "none",
      "screen '\(screen)' turns to no orientation: 'supported_interface_orientations' names none; name at least one, or remove the key")
  }
}
