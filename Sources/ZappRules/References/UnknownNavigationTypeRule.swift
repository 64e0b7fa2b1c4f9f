import ZappDiagnostics
import ZappModel

/// ZL0325 unknown-navigation-type.
package enum UnknownNavigationTypeRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0325", name: "unknown-navigation-type", severity: .warning, category: .references,
    summary: "A navigation's `navigation_type` is a near miss of a navigation plugin's identifier, or names another kind of plugin.",
    explanation: """
      A navigation's `navigation_type` names the plugin that draws it by `identifier`, and clients \
      compare the two exactly: the home screen's first `menu` navigation picks the app's root menu \
      plugin this way. Apps have navigation plugins of their own, so an identifier zlc does not \
      know is not reported, unless it is within the suggestion limit (whatever its case) of a \
      navigation plugin Zapp ships \
      (\(Shapes.navigationTypes.map { "`\($0)`" }.joined(separator: ", "))) or of a manifest's \
      identifier (on any platform): that is most likely a misspelling, and the navigation would \
      have no plugin to draw it. Where another identifier is about as near (one edit farther at \
      most: a plugin's identifiers on Quick Brick and natively may differ by a few letters), the \
      did-you-mean is a hint that `--fix` does not apply. A `navigation_type` that is the \
      identifier of a manifest of the project whose `type` is that of no navigation plugin (a \
      `ui_component`, a `player`, an `analytics` plugin: any but `menu`, `nav_bar`, `nav_item` \
      and `general`) names the wrong kind of plugin, which draws no navigation.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          Example.grid, extra: #", "navigations": [{"category": "menu", "navigation_type": ⟦⟧"TwoLeveRNMenu", "nav_items": []}]"#)
      ],
      reports: [.init("navigation type 'TwoLeveRNMenu' is not the identifier of a navigation plugin", fixIt: #""TwoLevelRNMenu""#)]),
    good: .files([
      "components/m.json": Example.manifest("", identifier: "brand_side_menu", type: "menu"),
      "screens/o.json": Example.screen(
        Example.grid,
        extra: #"""
          , "navigations": [{"category": "nav_bar", "navigation_type": "navigation_bar"}, {"category": "menu", "navigation_type": "brand_side_menu"},
            {"category": "menu", "navigation_type": "my_own_menu_plugin"}]
          """#),
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard let navigations = screen.value["navigations"]?.elements, !navigations.isEmpty else { return }
    let project = context.project
    var candidates: [String]?
    for navigation in navigations {
      guard let type = navigation["navigation_type"]?.nonEmptyString, !Shapes.navigationTypes.contains(type.value) else { continue }
      if let manifest = project.manifest(for: type.value) {
        if let kind = manifest.type, !Shapes.navigationPluginTypes.contains(kind) {
          context.report(
            rule, "navigation type '\(type.value)' is a '\(kind)' plugin, not a navigation plugin", at: type.spot,
            notes: [DiagnosticNote("'\(type.value)' is declared here", at: manifest.identifier?.spot ?? manifest.spot)])
        }
        continue
      }
      if candidates == nil { candidates = uniqued(Shapes.navigationTypes + project.manifests.compactMap { $0.identifier?.value }) }
      guard let suggestion = unambiguous(nearest(to: type.value, in: candidates ?? []), of: type.value, among: candidates ?? [])
      else { continue }
      let declared = project.manifest(for: suggestion.text).map {
        [DiagnosticNote("'\(suggestion.text)' is declared here", at: $0.identifier?.spot ?? $0.spot)]
      }
      context.report(
        rule, "navigation type '\(type.value)' is not the identifier of a navigation plugin", at: type.spot, notes: declared ?? [],
        fixIt: .didYouMean(suggestion, forName: type.value, except: Set(Shapes.navigationTypes), at: type.spot))
    }
  }
}

/// The strings in their first order, each once.
func uniqued(_ strings: [String]) -> [String] {
  var seen = Set<String>()
  return strings.filter { seen.insert($0).inserted }
}

/// A suggestion for `word`, tied (a hint) when another of `candidates` is within the suggestion
/// limit of `word` and at most one edit farther (ignoring case, as suggestions do): either may be
/// the one meant.
func unambiguous(_ suggestion: Suggestion?, of word: String, among candidates: [String]) -> Suggestion? {
  guard var suggestion else { return nil }
  if !suggestion.isTied, let next = nearest(to: word, in: candidates.filter { $0 != suggestion.text }) {
    let typed = word.lowercased()
    if editDistance(typed, next.text.lowercased()) <= editDistance(typed, suggestion.text.lowercased()) + 1 { suggestion.isTied = true }
  }
  return suggestion
}

extension Rule {
  public static let unknownNavigationType = UnknownNavigationTypeRule.rule
}
