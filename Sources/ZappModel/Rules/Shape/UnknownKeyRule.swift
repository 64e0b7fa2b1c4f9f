import ZappDiagnostics

/// ZL0204 unknown-key. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
package enum UnknownKeyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0204", name: "unknown-key", severity: .warning, category: .shape,
    summary: "A key zlc does not know.",
    explanation: """
      A key that is not part of the format: clients ignore it silently. Real files carry keys of \
      other tools, so a foreign key is a warning, with a did-you-mean when it is close to a known \
      key. In a structure whose keys zlc knows whole, a close key is a misspelling: ZL0206, an error. \
      A plugin component, or a screen plugin's screen, may carry any key its manifest declares, in \
      the section that declares it (its `general` or `assets` too, when the manifest declares \
      fields there); its `localizations`, when the manifest declares fields there, holds one \
      object per language (`en`, `he`), whose keys are not checked. A navigation whose \
      `navigation_type` names a navigation plugin holds in its `styles`, `rules` and `assets`, and \
      a navigation item whose `type` names a `nav_item` plugin in its `general`, `styles`, `rules` \
      and `assets`, the keys its manifest declares there (when it declares some) beside their own: \
      an item's `home` and `new`; a nav bar's `state`, `presentation_style`, `style`, colours, \
      title sizes, `ios_font_family` and `android_font_family` in its `styles`, and in its \
      `assets` the images Zapp's nav bars draw: `app_logo`, `back_button`, `close_button`, \
      `menu_button`, `background` and `background_tablet` (a colour or title size one edit from a \
      declared key the bar lacks, `tittle_color` beside a declared `title_color`, is reported as a \
      hint, which `--fix` does not apply). \
      Another key there is unknown, with the declared or built-in key it nearly is as its \
      did-you-mean (`app_logoo`: `app_logo`); one a single edit from a declared key \
      (`icon_sze`: `icon_size`) is a misspelling, ZL0206's error. A \
      sender feed (`zlc map \
      --sender`, `zlc preview --feeds`) carries many keys of its own, so there only a near miss of \
      a key the mapper reads is reported (`contnet`, `content.scr`, `screen_typ`), and an array \
      under `children`, `entries` or `items` where an entry has no `entry`: the mapper would see \
      no children. A family header (or footer) reads `height` alone: another length of the \
      format on it (`insetTop`) is reported as one it does not read. A family element holds \
      elements alone: text in one (a stray character, a value written as text instead of an \
      attribute, a CDATA section), in a cell's `<DisplayRules>` too, is reported at its first \
      character, since no client reads it.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", ⟦⟧"analytics_tag": "x", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
      ], reports: [.init("unknown key 'analytics_tag' in component")]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static var needsCompleteProject: Bool { false }

  /// Open structures whose keys are mostly others' (a feed's entries), by `ObjectShape.name`:
  /// only a key within the suggestion limit of one of these keys, the ones zlc reads, is reported,
  /// with the key as its did-you-mean.
  package static let nearMissKeys: [String: [String]] = [
    "feed entry": ["title", "type", "content", "link", "screen_type", "screenType", "ui_tag", "media_group", "entry", "style"],
    "feed entry type": ["value"], "feed entry content": ["src", "type"], "feed entry link": ["href"],
  ]

  /// Keys other feed formats hold an entry's children under, by structure: an array under one of
  /// them, where the structure lacks the key zlc reads, is reported with that key as its did-you-mean.
  package static let arraySynonyms: [String: [String: String]] = [
    "feed entry": ["children": "entry", "entries": "entry", "items": "entry"]
  ]

  /// What family files hold that the format does not have; unknown JSON keys are the schema
  /// pass's, near misses ZL0206's.
  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for stray in decl.strays {
        switch stray.kind {
        case .attribute(let name, let element, let allowed):
          // A near miss of an allowed name is ZL0206's, and so is a component's key on another
          // element of a JSON family.
          if decl.isJSON, name == MisspelledKeyRule.sizeClassMappingKey { continue }
          if closestMatch(to: name, in: allowed) == nil, MisspelledKeyRule.meantAttribute(name, allowed: allowed) == nil,
            !MisspelledKeyRule.isInsetsOfFlowLayout(name, allowed: allowed)
          {
            context.report(rule, "unknown attribute '\(name)' on <\(element)>", at: stray.spot)
          }
        case .element(let name, let place, let expected):
          // A near miss of an element of the format, or one named as an attribute, is ZL0206's.
          if MisspelledKeyRule.misreadElement(name, expected: expected) == nil {
            context.report(rule, "unexpected <\(name)> \(place)" + (expected.map { "; expected <\($0)>" } ?? ""), at: stray.spot)
          }
        case .text(let element):
          context.report(rule, "text inside <\(element)> is ignored", at: stray.spot)
        }
      }
    }
  }
}

extension Rule {
  public static let unknownKey = UnknownKeyRule.rule
}

extension UnknownKeyRule {
  package typealias Message = RuleMessage<UnknownKeyRule>
}

extension RuleMessage where Owner == UnknownKeyRule {
  /// A JSON key no structure `object` takes (`object` as the schema names it).
  /// A screen's `screen_type` says how feed items open a screen: by its id, or by a key of
  /// `screen_types.json` that maps to it.
  package static func unknownKey(_ name: String, in object: String) -> Self {
    guard object == "screen", name == "screen_type" else { return Self("unknown-key", "unknown key '\(name)' in \(object)") }
    return Self(
      "screen-type-of-screen",
      "unknown key 'screen_type' in screen: a feed item's screen_type opens the screen screen_types.json maps it to, else the screen of that id"
    )
  }
  /// A key shaped as a nav bar's own (`title_color`) one edit from `declared`, a key its plugin's
  /// manifest declares that the bar (`object`) lacks.
  package static func ownKeyNearDeclared(_ name: String, declared: String, in object: String) -> Self {
    Self(
      "own-key-near-declared",
      "'\(name)' in \(object) is a nav bar's own key or a misspelling of '\(declared)', which the plugin's manifest declares and this bar lacks"
    )
  }
  /// A metric of cells or the family (`name`) on a header or one of its `<Screen>` entries
  /// (`element`), which read only the metrics `reads`.
  package static func notReadByHeaders(_ name: String, on element: String, reads: [String]) -> Self {
    Self(
      "not-read-by-headers", "attribute '\(name)' on <\(element)> is not one headers read: they read \(reads.joined(separator: ", ")) alone"
    )
  }
}
