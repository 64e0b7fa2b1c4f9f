import ZappDiagnostics
import ZappModel

/// ZL0333 unknown-nav-bar.
package enum UnknownNavBarRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0333", name: "unknown-nav-bar", severity: .warning, category: .references,
    summary:
      "A screen's `nav_bar_id` (or a plugin's `nav_bar_selector` value) names a menu, a screen or a component, or misspells a navigation bar.",
    explanation: """
      A screen's `nav_bar_id` overrides the navigation bar it opens with: it names a navigation of \
      category `nav_bar` by its `id` (what a manifest's `nav_bar_selector` field picks). Clients \
      look the id up among the app's navigation bars, and a screen whose id is none of them opens \
      with the home screen's bar instead, without a word. zlc reports an id that is a menu \
      navigation's (of another category than `nav_bar`), a screen's or a component's (the wrong \
      kind of thing), and one that is a near miss of a navigation bar's id, with that id as its \
      fix (applied by `--fix` only when the two differ in case or spaces around the id, otherwise \
      a hint). An id far from every navigation bar passes, and so do a numbered sibling of one \
      (`nb1` beside `nb2`) and a navigation's without a category: the builder may keep \
      navigation bars that no screen of the project holds. The value of a `nav_bar_selector` \
      field of a screen plugin's or plugin component's manifest (a screen plugin's \
      `general.nav_bar_id`) names a bar the same way and is checked alike. It is a warning: the \
      screen opens, with another bar.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          Example.grid,
          extra:
            #", "nav_bar_id": ⟦⟧"main-bar ", "navigations": [{"id": "main-bar", "category": "nav_bar", "navigation_type": "navigation_bar"}]"#
        )
      ],
      reports: [
        .init(
          "nav_bar_id 'main-bar ' is not the id of a navigation bar", notes: ["navigation bar 'main-bar' is defined here"],
          fixIt: #""main-bar""#)
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        Example.grid,
        extra:
          #", "nav_bar_id": "main-bar", "navigations": [{"id": "main-bar", "category": "nav_bar", "navigation_type": "navigation_bar"}]"#
      )
    ]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    // Only a screen that names a bar is read further: usually none does.
    let naming = self.naming(in: project)
    guard !naming.isEmpty else { return }
    var bars: [String: SourceSpot] = [:]
    var others: [String: String] = [:]
    var barIDs: [String] = []
    for screen in project.screens {
      for navigation in screen.value["navigations"]?.elements ?? [] {
        guard let id = navigation["id"]?.nonEmptyString else { continue }
        let category = navigation["category"]?.string ?? ""
        if category == "nav_bar" {
          if bars[id.value] == nil { barIDs.append(id.value) }
          bars[id.value] = bars[id.value] ?? id.spot
        } else if !category.isEmpty, others[id.value] == nil {
          // A navigation without a category may be a bar: it is not the wrong kind.
          others[id.value] = "a '\(category)' navigation"
        }
      }
    }
    let barNames = SuggestionIndex(barIDs)
    for (key, id) in naming where bars[id.value] == nil {
      if let kind = others[id.value] ?? kind(of: id.value, in: project) {
        context.report(rule, "\(key) '\(id.value)' names \(kind), not a navigation bar", at: id.spot)
      } else if let near = barNames.nearest(to: id.value), !UnusedFamilyRule.areNumberedSiblings(id.value, near.text) {
        // `nb1` and `nb2` are numbered siblings, the first maybe a bar the builder keeps: no
        // misspelling. Only another case or spaces around the id are certain enough for `--fix`.
        var fix = FixIt.didYouMean(near, at: id.spot)
        if !isSameID(id.value, near.text) { fix?.range = nil }
        context.report(
          rule, "\(key) '\(id.value)' is not the id of a navigation bar", at: id.spot,
          notes: bars[near.text].map { [DiagnosticNote("navigation bar '\(near.text)' is defined here", at: $0)] } ?? [],
          fixIt: fix)
      }
    }
  }

  /// Every value that names a navigation bar, with the key it stands under: a screen's
  /// `nav_bar_id`, and the value of each `nav_bar_selector` field of the manifest of a screen
  /// plugin or a plugin component (`general.nav_bar_id`).
  static func naming(in project: Project) -> [(key: String, id: Located<String>)] {
    var found: [(key: String, id: Located<String>)] = []
    var selectors: [String: [FieldDecl]] = [:]
    for manifest in project.manifests {
      guard let id = manifest.identifier?.value, selectors[id] == nil, let used = project.manifest(for: id) else { continue }
      let fields = used.fields.filter { $0.type?.value == "nav_bar_selector" }
      if !fields.isEmpty { selectors[id] = fields }
    }
    func values(of object: JSONValue, plugin: String) {
      for field in selectors[plugin] ?? [] {
        if let id = object[field.section]?[field.key]?.nonEmptyString { found.append(("\(field.section).\(field.key)", id)) }
      }
    }
    for screen in project.screens {
      if let id = screen.value["nav_bar_id"]?.nonEmptyString { found.append(("nav_bar_id", id)) }
      guard !selectors.isEmpty else { continue }
      if screen.isPluginScreen { values(of: screen.value, plugin: screen.type.value) }
      screen.forEachComponent { values(of: $0.value, plugin: $0.typeName) }
    }
    return found
  }

  /// Whether two ids differ only in case or in spaces around them: the same id, mistyped.
  static func isSameID(_ a: String, _ b: String) -> Bool {
    func folded(_ s: String) -> String { String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased() }
    return folded(a) == folded(b)
  }

  /// What else of the app's `id` is: a screen or a component (at any depth).
  private static func kind(of id: String, in project: Project) -> String? {
    if project.screen(id: id) != nil { return "a screen" }
    var found = false
    for screen in project.screens where !found {
      screen.forEachComponent { if !found, $0.value["id"]?.string == id { found = true } }
    }
    return found ? "a component" : nil
  }
}

extension Rule {
  public static let unknownNavBar = UnknownNavBarRule.rule
}
