import Foundation
import ZappDiagnostics
import ZappModel

/// ZL0307 unknown-screen.
package enum UnknownScreenRule: ProjectRule, ScreenRule, ComponentRule {
  package static let rule = Rule(
    code: "ZL0307", name: "unknown-screen", severity: .error, category: .references,
    summary: "A reference to a screen that does not exist.",
    explanation: """
      `data.target`, `data.parent`, navigation item targets, a header's or footer's target \
      (`styles.header.data.target`), a hook's `screen_id` and the values of `screen_types.json` \
      name a screen by its `id` (or, in mappings, a unique `name`; a blank one names none). A plugin component that leaves \
      out `data.target` opens its manifest's `initial_value` for it, as a builder fills it in: \
      that value is checked too, reported in the manifest once, with a note at each component that \
      takes it. The screen it names counts as opened (ZL0408, ZL0409). Its did-you-mean is the \
      nearest id (in mappings, the nearer of the nearest id and the nearest unique name); a reference with spaces around exactly one screen's id (`"show "`) is fixed to \
      that id, unless another id is nearer. An id two screens share (ZL0404) is named as a hint, \
      never a fix: the reference would open either. So is an id that is the reference with a \
      plural's `s` (`shows` for `show`: another screen), and, for a reference that is no screen's \
      id but, ignoring case, one screen's name (its id renamed, its name kept), that screen's id; \
      and, for a reference that is the key under which a map of screens lists a screen of another \
      id (ZL0334), that screen's id: the key may be the name meant and the id the typo.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": ⟦⟧"hom"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
      ], reports: [.init("target screen 'hom' is not the id of any screen", notes: ["screen 'home' is defined here"], fixIt: #""home""#)]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "home"}, "styles": {"cell_styles": ["GRID_1"]}}"#
      )
    ]))

  /// Mapped screens: a mapping names a screen by id or by a unique name (ZL0308 reports a shared
  /// one), so its did-you-mean is the nearer of the nearest id and the nearest unique name.
  package static func check(_ context: RuleContext) {
    guard let mappings = context.project.screenTypes else { return }
    // Most mappings name a screen by its id: the names are indexed only for one that names none.
    let missing = mappings.targets.filter { context.project.screen(id: $0.value) == nil && !context.project.hasScreens(named: $0.value) }
    guard !missing.isEmpty else { return }
    let names = SuggestionIndex(uniqueScreenNames(context.project))
    for target in missing {
      check(target, what: "mapped screen", context, names: names)
    }
  }

  /// The names exactly one screen has, in project order.
  private static func uniqueScreenNames(_ project: Project) -> [String] {
    var seen: Set<String> = []
    return project.screens.compactMap { screen in
      guard let name = screen.nameString, !name.isEmpty, seen.insert(name).inserted, project.screens(named: name).count == 1 else {
        return nil
      }
      return name
    }
  }

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    // A screen is never its own parent (ZL0408): its id is no did-you-mean for its parent.
    if let parent = screen.parent { check(parent, what: "parent screen", context, excluding: screen.idString) }
    for item in screen.navItems {
      if let target = item.target { check(target, what: "navigation target", context) }
    }
    for target in screen.hookTargets { check(target, what: "hook screen", context) }
  }

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    if let target = visit.component.target { check(target, what: "target screen", context) }
    for filled in visit.filled("target", in: "data", context) {
      guard let target = filled.value.nonEmptyString else { continue }
      check(target, what: "target screen", context, filling: filled)
    }
    if let target = visit.component.headerTarget { check(target, what: "header target screen", context) }
    if let target = visit.component.footerTarget { check(target, what: "footer target screen", context) }
  }

  /// Reports `reference` as `rule` (this one, or ZL0322 for a `screen_selector` value, which
  /// names its `field`) unless it is the id of a screen: with a note at a screen whose id differs
  /// only in normalisation, else at the nearest id (or the id it holds when it has spaces at its
  /// ends: `heldID`), which is its did-you-mean. A manifest's
  /// `initial_value` a component takes (`filling`) is reported with a note at the component, and
  /// its did-you-mean is a hint: the manifest is the plugin's. A written value the bundles of
  /// some built platforms alone hold as a screen id names them (`platforms`).
  package static func check(
    _ reference: Located<String>, what: String, _ context: RuleContext, as rule: Rule = rule, field: String? = nil,
    filling: ManifestFilledValue? = nil, platforms: [String] = [], names: SuggestionIndex? = nil, excluding: String? = nil
  ) {
    let project = context.project
    if project.screen(id: reference.value) != nil { return }
    let message =
      "\(what) '\(reference.value)'\(field.map { " (\($0))" } ?? "")"
      + (names == nil ? " is not the id of any screen" : " is neither the id nor the name of any screen")
      + (filling?.qualifier ?? (platforms.isEmpty ? "" : " (on \(platforms.joined(separator: ", ")))"))
    if let twin = project.screen(differingOnlyInNormalisation: reference.value) {
      context.report(
        rule, message, at: reference.spot,
        notes: [
          DiagnosticNote(
            "screen '\(twin.id.value)' differs only in Unicode normalisation (NFC and NFD); clients compare ids by their exact characters",
            at: twin.id.spot)
        ], gathering: filling?.note, noun: filling?.what ?? "component")
      return
    }
    // A map of screens lists a screen under this key while its id differs (ZL0334): either may be
    // the name meant, so the screen is a hint, never a fix that spreads a mistyped id.
    if let listed = project.screenListed(underKey: reference.value) {
      let note = DiagnosticNote(
        "a map of screens lists screen '\(listed.id.value)' under the key '\(reference.value)'", at: listed.key.spot)
      let suggestion = Suggestion(text: listed.id.value, isTied: true)
      report(reference, message, notes: [note], suggestion: suggestion, rule: rule, filling: filling, context)
      return
    }
    var suggestion =
      heldID(in: reference.value, context).map { Suggestion(text: $0, isTied: false) }
      ?? context.screenIDs.nearest(to: reference.value)
    if let byName = names?.nearest(to: reference.value), isNearer(byName, than: suggestion, to: reference.value) {
      suggestion = byName
    }
    if let excluding, suggestion?.text == excluding { suggestion = nil }
    // An id two screens share may open either: a hint for a person, never a fix.
    if let shared = suggestion?.text, project.isSharedScreenID(shared) { suggestion?.isTied = true }
    // A screen named as the reference is written (a screen's id renamed, its name kept) is what
    // it means more likely than a near id: its id is the hint.
    if names == nil, let named = namedScreen(reference.value, project), named.id.value != suggestion?.text,
      named.id.value != excluding, let name = named.name
    {
      suggestion = Suggestion(text: named.id.value, isTied: true)
      let note = DiagnosticNote("screen '\(named.id.value)' is named '\(name.value)' here", at: name.spot)
      report(reference, message, notes: [note], suggestion: suggestion, rule: rule, filling: filling, context)
      return
    }
    let notes = suggestion.map { note(at: $0.text, project) } ?? []
    report(reference, message, notes: notes, suggestion: suggestion, rule: rule, filling: filling, context)
  }

  /// Reports `reference` with its notes and its did-you-mean (a hint for a manifest's value).
  private static func report(
    _ reference: Located<String>, _ message: String, notes: [DiagnosticNote], suggestion: Suggestion?, rule: Rule,
    filling: ManifestFilledValue?, _ context: RuleContext
  ) {
    var fixIt = FixIt.didYouMean(suggestion, forName: reference.value, at: reference.spot)
    if filling != nil { fixIt?.range = nil }
    context.report(
      rule, message, at: reference.spot, notes: notes, fixIt: fixIt, gathering: filling?.note, noun: filling?.what ?? "component")
  }

  /// The one screen named `reference` but for case and spaces at its ends; none when several are.
  private static func namedScreen(_ reference: String, _ project: Project) -> ScreenDecl? {
    let named = project.screens(namedIgnoringCase: reference.trimmingCharacters(in: .whitespaces))
    return named.count == 1 ? named[0] : nil
  }

  /// The note at the screen a did-you-mean names: at its id, or at its name when it names it so.
  private static func note(at suggested: String, _ project: Project) -> [DiagnosticNote] {
    if let screen = project.screen(id: suggested) { return [DiagnosticNote("screen '\(suggested)' is defined here", at: screen.id.spot)] }
    guard let screen = project.screen(named: suggested), let name = screen.name else { return [] }
    return [DiagnosticNote("screen '\(screen.id.value)' is named '\(suggested)' here", at: name.spot)]
  }

  /// Whether `candidate` is strictly nearer `word` than `current` (none is farthest), ignoring case.
  private static func isNearer(_ candidate: Suggestion, than current: Suggestion?, to word: String) -> Bool {
    guard let current else { return true }
    let lowered = word.lowercased()
    return editDistance(lowered, candidate.text.lowercased()) < editDistance(lowered, current.text.lowercased())
  }

  /// The id a reference with spaces at its ends holds (`"show "` holds `show`), a fix however near
  /// another id is (`shows`): when it is the only id that trims to the same text (with `show ` also
  /// a screen, `" show "` may mean either) and no id is nearer (`"show  "` to `shows `), as the
  /// did-you-mean measures it, ignoring case.
  private static func heldID(in reference: String, _ context: RuleContext) -> String? {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed != reference, context.project.screen(id: trimmed) != nil, context.project.screenIDs(trimmingTo: trimmed).isEmpty
    else { return nil }
    let own = editDistance(reference.lowercased(), trimmed.lowercased())
    if let nearest = context.screenIDs.nearest(to: reference), editDistance(reference.lowercased(), nearest.text.lowercased()) < own {
      return nil
    }
    return trimmed
  }
}

extension Rule {
  public static let unknownScreen = UnknownScreenRule.rule
}
