import ZappDiagnostics
import ZappModel

/// ZL0125 equivalent-screen-id.
package enum EquivalentScreenIDRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0125", name: "equivalent-screen-id", severity: .warning, category: .screens,
    summary: "Two screen ids are the same text in different Unicode forms.",
    explanation: """
      zlc and the bundle tell screen ids apart by their bytes, so `café` written with one \
      character for `é` (U+00E9) and `café` written with `e` and a combining accent (U+0301) are \
      two screens, and the runtime library finds each by its own bytes. A Swift `String` compares \
      text by what it reads as, not by its bytes: app code that compares screen ids as Swift \
      strings (`==`, a dictionary keyed by id) reads the two as one id, and keeps one of the \
      screens or stops on a duplicate key (the generated Swift client keeps them apart), so it \
      is a warning (an \
      error with `--warnings-as-errors`). The second screen is reported, with both ids \
      spelled out by their code points and a note at the first. Ids that are the same bytes are \
      ZL0404's. Write each id in one form (most editors write the one-character form).
      """,
    bad: .files(
      [
        "screens/o.json": opening([#"caf\u00e9"#, #"cafe\u0301"#]),
        "screens/p.json": #"""
        [{"id": "caf\u00e9", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]},
         {"id": ⟦⟧"cafe\u0301", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}]
        """#,
      ],
      reports: [
        .init(
          "screen id 'cafe\\u{301}' is screen id 'caf\\u{e9}' in another Unicode form: Swift code comparing strings reads the two as one id",
          notes: ["first used here"])
      ]),
    good: .files([
      "screens/o.json": opening([#"caf\u00e9"#, "cafe"]),
      "screens/p.json": #"""
      [{"id": "caf\u00e9", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]},
       {"id": "cafe", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}]
      """#,
    ]))

  /// The screen `other`, whose grids open the screens of `ids` (as JSON writes them).
  private static func opening(_ ids: [String]) -> String {
    Example.screen(ids.map(Example.gridOpening).joined(separator: ", "))
  }

  package static func check(_ context: RuleContext) {
    // Ids as Swift compares them (canonical equivalence).
    let asSwiftReadsIt = { (id: String) -> String? in id }
    forEachScreen(readingAsAnEarlierOne: asSwiftReadsIt, in: context.project) { screen, earlier in
      let id = screen.id.value
      context.report(
        rule,
        "screen id '\(spelled(id))' is screen id '\(spelled(earlier.id.value))' in another Unicode form: "
          + "Swift code comparing strings reads the two as one id",
        at: screen.id.spot, notes: [DiagnosticNote("first used here", at: earlier.id.spot)])
    }
  }

  /// Calls `body` with each screen whose id reads as an earlier screen's under `key` (nil: the id
  /// is not compared) but has other bytes, and the first screen of that key: once per id, at the
  /// first screen of its own bytes (a later one of the same bytes is ZL0404's).
  static func forEachScreen<Key: Hashable>(
    readingAsAnEarlierOne key: (String) -> Key?, in project: Project, _ body: (_ screen: ScreenDecl, _ earlier: ScreenDecl) -> Void
  ) {
    var first: [Key: ScreenDecl] = [:]
    for screen in project.screens {
      let id = screen.id.value
      guard let k = key(id) else { continue }
      guard let earlier = first[k] else {
        first[k] = screen
        continue
      }
      guard !earlier.id.value.utf8.elementsEqual(id.utf8), project.screen(id: id) === screen else { continue }
      body(screen, earlier)
    }
  }

  /// `id` with each character outside ASCII as its code point: `cafe\u{301}`, `caf\u{e9}`.
  static func spelled(_ id: String) -> String { TerminalText.codePoints(id) }
}

extension Rule {
  public static let equivalentScreenID = EquivalentScreenIDRule.rule
}
