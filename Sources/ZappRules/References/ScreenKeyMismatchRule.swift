import ZappDiagnostics
import ZappModel

/// ZL0334 screen-key-mismatch.
package enum ScreenKeyMismatchRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0334", name: "screen-key-mismatch", severity: .warning, category: .references,
    summary: "A screen in a map of screens is listed under a key other than its `id`.",
    explanation: """
      A screens file may hold Quick Brick's map of screens, keyed by screen id \
      (`{"home": {"id": "home", …}}`, or the same under `rivers`). A client of that map finds a \
      screen by its key, while zlc, like the bundle it writes, knows each screen by its `id` alone: \
      the key is left out of the bundle. A key that differs from the screen's `id` means one of \
      them was changed without the other, so the screen a reference meant is a guess: a reference \
      by the key finds nothing in the bundle (ZL0307), and one by the id finds a screen the map \
      lists under another name. The key is reported, with a note at the id. Keys are compared \
      with ids exactly, as clients compare them; a screen without an `id` is ZL0201's.
      """,
    bad: .files(
      [
        "screens/o.json":
          #"{⟦⟧"film": {"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}}"#
      ], reports: [.init("screen 'other' is listed under the key 'film'; the bundle knows it by its id alone", notes: ["its id"])]),
    good: .files([
      "screens/o.json":
        #"{"other": {"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}}"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for entry in context.project.screenMapKeys.mismatched {
      context.report(
        rule, "screen '\(entry.id.value)' is listed under the key '\(entry.key.value)'; the bundle knows it by its id alone",
        at: entry.key.spot, notes: [DiagnosticNote("its id", at: entry.id.spot)])
    }
  }
}

extension Rule {
  public static let screenKeyMismatch = ScreenKeyMismatchRule.rule
}
