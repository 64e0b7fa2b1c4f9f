import ZappDiagnostics
import ZappModel

/// ZL0415 screen-without-sections.
package enum ScreenWithoutSectionsRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0415", name: "screen-without-sections", severity: .error, category: .screens,
    summary: "A screen that resolves to no section.",
    explanation: """
      A `general_content` or `favorites` screen draws its `ui_components`, one section each (a \
      group's children in its place). Without `ui_components` (often a misspelled key, which the \
      note points at) the screen opens empty. A `general_content` screen whose components resolve \
      to no section (an empty list, or groups with no children) opens empty too. A `favorites` \
      screen may hold an empty list (the client's favorites screen), and a screen plugin draws \
      itself: its `ui_components` may be absent or empty. A plugin is a group where its platform's \
      manifest says so: a screen that resolves to no section on some platforms only is reported \
      naming them.
      """,
    bad: .files(
      [
        "screens/o.json": #"[{"id": ⟦⟧"other", "type": "general_content", "styles": {"family": "FAMILY_1"}, ⟦ZL0206⟧"ui_component": []}]"#
      ],
      reports: [
        .init(
          "screen 'other' has no ui_components: it opens without sections",
          notes: ["'ui_component' would hold them if it were named 'ui_components'"])
      ]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard !screen.isPluginScreen else { return }
    let id = screen.id.value
    guard let list = screen.componentsSpot else {
      // A `ui_components` of another type is ZL0202's.
      guard screen.value["ui_components"]?.isNull ?? true else { return }
      let notes = screen.value.members.compactMap { member -> DiagnosticNote? in
        guard let name = member.key.string, name != "ui_components", closestMatch(to: name, in: ["ui_components"]) != nil else {
          return nil
        }
        return DiagnosticNote("'\(name)' would hold them if it were named 'ui_components'", at: member.key.spot)
      }
      context.report(rule, "screen '\(id)' has no ui_components: it opens without sections", at: screen.id.spot, notes: notes)
      return
    }
    guard screen.type.value == "general_content" else { return }
    // Entries dropped for their own errors (no component_type) are reported there, not here.
    let project = context.project
    let written = screen.value["ui_components"]?.elements.count ?? 0
    if written == 0 {
      context.report(rule, "screen '\(id)' has no components: it opens without sections", at: list)
      return
    }
    guard written == screen.components.count else { return }
    // Each platform's manifests say which plugins are groups in its bundle: the finding names the
    // platforms whose bundles draw no section, when not all.
    let readings = project.groupReadings(of: screen.components.map(\.type.value))
    let empty = readings.filter { platform in
      screen.components.allSatisfy {
        project.isGroup($0.type.value, on: platform) && ($0.value["ui_components"]?.elements.isEmpty ?? true)
      }
    }
    guard !empty.isEmpty else { return }
    context.report(
      rule,
      "screen '\(id)' resolves to no section: its groups hold no components" + project.qualifier(on: empty, of: readings),
      at: list)
  }
}

extension Rule {
  public static let screenWithoutSections = ScreenWithoutSectionsRule.rule
}
