import ZappDiagnostics
import ZappLayout

/// ZL0203 invalid-value. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
package enum InvalidValueRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0203", name: "invalid-value", severity: .error, category: .shape,
    summary: "A value is outside the set the key allows.",
    explanation: """
      Keys such as `styles.presentation` (push, present, present_then_push), \
      `styles.launch_mode` (standard, single_top, single_instance), a device `class` (phone, \
      tablet), a family `layout`, a family screen entry's `type` (a device class, a size class \
      of the project or a window state), or the `layout` of a cell with elements (1 flow, 2 \
      linear, 3 one_and_n, 4 waterfall, or the word) take one of a known set of values. A cell's \
      `layout` is reported when it is another number or a near miss of a word (`FLOW`); any \
      other value is another reader's (Android's layout mapping, `TAB_01`), and the elements \
      flow. A display rule `<View>`'s `visibility` is `VISIBLE`, `INVISIBLE` or `GONE`, as \
      Android's views take it (any case), with the nearest as its fix; a `<DisplayRule>`'s \
      `type` or a `<View>`'s `name` with spaces at its ends matches no entry type or view, and is \
      reported with the trimmed name as its fix. A cell's `layoutId` names the native cell \
      layout a client draws the cell with: an empty one (`layoutId=""`, or spaces alone) names \
      none, and the bundle lists no such name among the layouts a client needs; one with spaces \
      at its ends matches no layout a client registers, and is reported with the trimmed id as \
      its fix. A key of \
      `screen_types.json`'s `screen_types` or `content_types` that is empty or has spaces at its \
      ends (`"season "`) matches no type, as clients compare keys exactly: it is reported, with \
      the trimmed key as its fix. So is a device `name` of `zlc.json` with spaces at its ends \
      (`" phone"`), which `zlc map --device phone` and a reader of the bundle asking for `phone` \
      do not find, and a size class `name` (`" S"`), which no `size_class_mapping` key written \
      without the spaces matches. `devices` or `size_classes` that list nothing (`[]`, or `""` \
      alone) are reported too: the project would take the defaults as if the key were left out. \
      A trimmed name that another of its kind beside it has already, or trims to as \
      well (a rule's type, a view of the rule, a device, a key of the map), gets no fix: either may \
      be the one meant. A registry's `client_version` range holds a version: one whose lower end is \
      not below its upper end (`21.0.0..<20.0.0`, `19.0.0..<19.0.0`), or above it for a range \
      through it (`19.5.0...19.0.0`), lists no client build, and is not read as one older than \
      the platform's `min_zapp_sdk`; nor is one with a number past 64 bits \
      (`18446744073709551616.0.0`), which clients compare as 0, nor a range marked by two dots \
      alone (`19.0.0..20.0.0`: write `..<` or `...`), nor npm's hyphen range (`19.0.0 - 20.0.0`, \
      which reads as a pre-release of 19.0.0: its fix is `19.0.0...20.0.0`), nor numbers and dots with a stray dot or a \
      missing end (`19.0.0.`, `19.0.0..<`), nor a version with a letter for a digit or a comma \
      for a dot (`19.5.O`, `2l.0.0`, `19,5.0`) or a leading `v` (`v19.5.0`), reported with the \
      spelling meant, nor a version whose pre-release or build tag is empty or malformed \
      (`18.0.0+`, `18.0.0-`); text of other \
      characters (`18.x`) is the team's own. A component's `data.source` with spaces at its ends \
      (`" 3119"`, an address such as `https://feeds.example.com/a.xml` with a space after it) is \
      sent as written: a client asks its feed service for the id with the spaces and gets \
      nothing, or may load another address, or none. It is reported at the value with the \
      trimmed source as its fix, a tab or a no-break space at its ends shown escaped (`\\u{A0}`); \
      spaces inside a source are kept. Not reported: a source on a connected screen (ZL0403 \
      reports any), on a component whose type takes no data, or of a data type the client fills \
      itself (`APPLICASTER_FAVORITES`, `DOWNLOADS`, `USER_ACCOUNT_COMPONENT`). A source of spaces \
      alone is reported as no source (ZL0401) and a `data.type` or `data.target` with spaces \
      around it as an unknown type (ZL0402) or screen (ZL0307).
      """,
    bad: .files(
      ["screens/o.json": Example.screen(Example.grid, extra: #", "rules": {"refresh": ⟦⟧"sometimes"}"#)],
      reports: [.init("'sometimes' is not a valid 'refresh'; expected one of none, auto, pull, auto_and_pull")]),
    good: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "rules": {"refresh": "pull"}"#)]))

  package static var needsCompleteProject: Bool { false }

  /// Device entries of `zlc.json`, and device classes and layout kinds of families; values of
  /// closed sets in JSON are the schema pass's.
  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions { check(decl, context) }
    let settings = context.project.settings
    for entry in settings.deviceEntries where !ProjectSettings.deviceWidths.contains(entry.width) {
      context.report(
        rule, "device width must be from 1 to \(format(Metrics.maxLength)) points, found \(entry.widthValue.quotedSource)",
        at: entry.widthValue.spot)
    }
    checkInstalls(context)
    checkClientVersions(context)
    checkSizeClassNames(context)
    checkScreenTypeKeys(context)
    checkDeviceNames(context)
    checkSizeClassNameSpaces(context)
    checkDataSources(context)
    checkEmptyLists(context)
  }

  /// A registry's `installs` is a share from 0 to 1, and a platform's shares add up to at most 1.
  package static func checkInstalls(_ context: RuleContext) {
    var byPlatform: [String: [Located<Double>]] = [:]
    for registry in context.project.registries {
      guard let installs = registry.installs else { continue }
      guard (0...1).contains(installs.value) else {
        context.report(
          rule, "'installs' is a share of the platform's active installs from 0 to 1, found \(format(installs.value))", at: installs.spot)
        continue
      }
      guard let platform = registry.platform?.value else { continue }
      byPlatform[platform, default: []].append(installs)
    }
    for (platform, shares) in byPlatform.sorted(by: { $0.key < $1.key }) {
      let total = shares.map(\.value).reduce(0, +)
      guard total > 1 + 1e-9, let last = shares.last else { continue }
      context.report(
        rule, "the '\(platform)' registries' 'installs' add up to \(format(total)), more than all of the platform's installs (1)",
        at: last.spot, notes: shares.dropLast().map { DiagnosticNote("'installs' of another '\(platform)' registry", at: $0.spot) })
    }
  }

  /// A size class's name may not be a state or a device class: a family's `Screen` entry of that
  /// name would read as the state or the class, never as the size class.
  package static func checkSizeClassNames(_ context: RuleContext) {
    for entry in context.project.settings.sizeClassEntries {
      let name = entry.sizeClass.name
      let meaning =
        ScreenState(knownWord: name) != nil ? "a window state" : ClassSelector(alias: name) != nil ? "a device class" : nil
      guard let meaning, let spot = entry.value["name"]?.spot else { continue }
      context.report(
        rule,
        "size class name '\(shortValue(name))' is \(meaning), which a family's entry of that name means; name the size class otherwise",
        at: spot)
    }
  }

  package static let deviceClasses = ["default", "phone", "iphone", "sw600", "tablet", "ipad", "universal"]

  /// Whether two `<Screen>` types name one entry: a device class under any of its names, else
  /// the same name.
  static func sameScreenType(_ a: String, _ b: String) -> Bool {
    a == b || (ClassSelector(alias: a).map { $0 == ClassSelector(alias: b) } ?? false)
  }

  /// A `<Screen>` entry's `type` is a device class, a size class of the project or a window state.
  package static func check(_ decl: FamilyDecl, _ context: RuleContext) {
    let sizeClasses = context.project.settings.sizeClasses.map(\.name)
    let states = ScreenState.knownWords
    // Made once for the family, not per screen type: a project may declare many size classes.
    let declared = Set(sizeClasses)
    let expected =
      "expected a device class (default, sw600, universal), a size class (\(summarizedList(sizeClasses))) or a state (\(states.joined(separator: ", ")))"
    let suggestions = SuggestionIndex(deviceClasses + sizeClasses + states)
    for list in decl.deviceClassLists {
      for type in list.types
      where ClassSelector(alias: type.value) == nil && ScreenState(knownWord: type.value) == nil && !declared.contains(type.value) {
        var suggestion = type.value.allSatisfy(\.isWhitespace) ? nil : suggestions.nearest(to: type.value)
        // A sibling entry of the suggested type already, or one once its key's case is fixed:
        // either may be the one meant (ZL0507).
        if let text = suggestion?.text,
          list.types.contains(where: { sameScreenType($0.value, text) }) || list.miscased.contains(where: { sameScreenType($0, text) })
        {
          suggestion?.isTied = true
        }
        // A size class is a name the project gives: `S` for a renamed class is not `L`.
        if let text = suggestion?.text, declared.contains(text) { suggestion = suggestion?.forName(type.value) }
        context.report(
          rule, "unknown screen type '\(shortValue(type.value))'; \(expected)", at: type.spot,
          fixIt: .didYouMean(suggestion, at: type.spot))
      }
    }
    let kinds = LayoutKind.knownWords
    for (values, what) in [(decl.layoutAttributes, "layout"), (decl.layoutKinds, "layout kind")] {
      for value in values where LayoutKind(knownWord: value.value) == nil {
        // A card's layout code (1 flow, 2 linear, 3 one_and_n, 4 waterfall) names its kind's word.
        let coded = ElementLayoutKind(cardLayout: value.value).map { FixIt.didYouMean($0.word, at: value.spot) }
        context.report(
          rule, "unknown \(what) '\(shortValue(value.value))'; expected one of \(kinds.joined(separator: ", "))", at: value.spot,
          fixIt: coded ?? .didYouMean(for: value.value, among: kinds, at: value.spot))
      }
    }
  }
}

extension Rule {
  public static let invalidValue = InvalidValueRule.rule
}

extension InvalidValueRule {
  package typealias Message = RuleMessage<InvalidValueRule>
}

extension RuleMessage where Owner == InvalidValueRule {
  /// A cell's `layoutId` that is empty or of spaces alone: it names no cell layout.
  package static func emptyLayoutID(_ value: String) -> Self {
    Self(
      "empty-layout-id",
      "'layoutId' \(value.isEmpty ? "is empty" : "is spaces alone"): it names no cell layout a client draws with; write the layout's id or leave 'layoutId' out"
    )
  }
  /// A key of `screen_types.json`'s map `map` that is empty or of spaces alone.
  package static func blankMapKey(in map: String) -> Self {
    Self("blank-map-key", "a \(map) key of spaces alone, or none, matches no type")
  }
  /// A key of `screen_types.json`'s map `map` with spaces at its ends.
  package static func mapKeyWithSpaces(_ key: String, in map: String) -> Self {
    Self("map-key-with-spaces", "\(map) key '\(key)' has spaces at its ends: it matches no type")
  }
  /// A name of a display rule (its entry `type`, a `<View>`'s `name`) with spaces at its ends,
  /// which clients compare exactly: it matches no `what`.
  package static func nameWithSpaces(_ value: String, attribute: String, matches what: String) -> Self {
    Self("name-with-spaces", "'\(attribute)' '\(shortValue(value))' has spaces at its ends: it matches no \(what)")
  }
  package static func notOneOf(_ value: String, subject: String, options: [String]) -> Self {
    Self(
      "not-one-of", "'\(shortValue(value))' is not a valid \(subject); expected one of \(options.joined(separator: ", "))")
  }
  package static func familyRoot(found name: String) -> Self {
    Self("family-root", "the root element of a family file is <Family>, found <\(name)>")
  }
  /// An element's `display` that is neither `inline` nor `block` (`value`, when it is a string).
  package static func display(found value: String?) -> Self {
    Self("display", "'display' is \"inline\" or \"block\"" + (value.map { ", found '\(shortValue($0))'" } ?? ""))
  }
  /// A card's `layout` (of a cell with elements) that names no way to place them.
  package static func elementLayout(found value: String) -> Self {
    Self("element-layout", "a card's 'layout' is \(ElementLayoutKind.acceptedValues), found '\(shortValue(value))'")
  }
  package static var marginCount: Self { Self("margin-count", "'margin' holds four values: top, left, bottom, right") }
  /// A cell element's ratio or margin (`name` as written in JSON or XML) out of its range, or nil:
  /// a `width_ratio` is a share (above 0, at most 1), a `width_height_ratio` from 0.01 to 100 (as
  /// `aspectCellRatio`), a margin from 0 to the longest length a family takes (10,000 points), so
  /// every frame is a finite size.
  package static func elementValueOutOfRange(_ name: String, _ v: Double) -> Self? {
    func shown() -> String { JSON.exact(v).encodedString(pretty: false) }
    switch name {
    case "width_ratio", "widthRatio":
      guard !(v > 0 && v <= 1) else { return nil }
      return Self("width-ratio-range", "'\(name)' is a share of the cell's width: above 0 and at most 1, found \(shown())")
    case "width_height_ratio", "widthHeightRatio":
      guard !(v >= 0.01 && v <= 100) else { return nil }
      return Self("width-height-ratio-range", "'\(name)' is a width ÷ height from 0.01 to 100, found \(shown())")
    default:
      guard !(v >= 0 && v <= Metrics.maxLength) else { return nil }
      return Self("length-range", "'\(name)' values are from 0 to 10,000, found \(shown())")
    }
  }
}
