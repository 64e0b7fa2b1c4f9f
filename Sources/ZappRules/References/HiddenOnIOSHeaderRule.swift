import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0330 header-hidden-on-ios.
package enum HiddenOnIOSHeaderRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0330", name: "header-hidden-on-ios", severity: .warning, category: .references,
    summary: "A header or footer with a style whose `visible` is not `true`, which the `ios` client hides.",
    explanation: """
      Zapp's native iOS SDK (`ios`) shows a section's header or footer only when its `visible` is \
      the boolean `true`: it reads `visible` as a `Bool`, so a header that leaves `visible` out, or \
      writes it as the string `"true"`, is hidden there, and the `ios` bundle lays the section out \
      without it. In an app that targets `ios`, such a header with a style is a warning at its \
      `visible` (at the header when it has none), naming the other target platforms, which show it; \
      write `"visible": true` to show it on `ios` too, or `false` to hide it everywhere.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "header": {"visible": ⟦⟧"true", "style": "HEADER_1"}}}"#
        ),
      ],
      reports: [
        .init(
          #"the ios client hides header 'HEADER_1': it shows one only when 'visible' is true, found "true" (android shows it)"#,
          fixIt: "true")
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}, "android": {}}}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"], "header": {"visible": true, "style": "HEADER_1"}}}"#
      ),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let styles = visit.component.value["styles"], styles.kind == .object else { return }
    check(styles["header"], what: "header", context)
    check(styles["footer"], what: "footer", context)
  }

  /// A header or footer that other clients show and the `ios` client hides.
  private static func check(_ link: JSONValue?, what: String, _ context: RuleContext) {
    guard let link, link.kind == .object, !link.strictlyVisible, let style = link.headerStyle(hidden: false) else { return }
    let platforms = context.project.targetPlatforms
    guard platforms.contains(where: { ComponentDecl.readsStrictVisibility(on: $0) }) else { return }
    let others = platforms.filter { !ComponentDecl.readsStrictVisibility(on: $0) }
    let shown = others.isEmpty ? "" : " (\(summarizedList(others)) \(others.count == 1 ? "shows" : "show") it)"
    let visible = link["visible"]
    let found = visible.map { "found \($0.quotedSource)" } ?? "and it has none"
    context.report(
      rule, "the ios client hides \(what) '\(style.value)': it shows one only when 'visible' is true, \(found)\(shown)",
      at: visible?.spot ?? link.spot,
      fixIt: visible.map {
        FixIt(message: "show it on ios", replacement: "true", range: $0.sourceRange)
      })
  }
}

extension Rule {
  public static let headerHiddenOnIOS = HiddenOnIOSHeaderRule.rule
}
