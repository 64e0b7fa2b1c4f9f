import ZappDiagnostics

/// ZL0206 misspelled-key. JSON keys are checked by the schema pass (`SchemaPass`, run as ZL0201's
/// check); this check reports family attributes.
package enum MisspelledKeyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0206", name: "misspelled-key", severity: .error, category: .shape,
    summary: "A key a few edits from one zlc knows, in a structure whose keys zlc knows.",
    explanation: """
      Severity follows harm. Clients ignore a key they do not know, so a misspelled `styles`, \
      `ui_components` or `aspectCellRatio` builds an app that lacks what the key held: a screen \
      without sections, a cell without a height. Where zlc knows every key of a structure (a screen, \
      a component, their `styles`, `data` and `rules` (a size class's item filter too), a screen \
      plugin's or plugin component's `general` and `assets`, and a plugin component's \
      `advertising`, when its manifest declares fields there, a nav bar's or menu's `data` when \
      its plugin's manifest declares data fields, a section \
      header, a navigation and its items (a misspelled `nav_items` empties a menu), a screen's \
      `hooks` (a hook plugin's usual keys too) and `advertising` (a misspelled ad unit id shows \
      no ads), `zlc.json` \
      and its devices, size classes and platforms, `screen_types.json`, a renderer registry, a \
      plugin manifest's sections (`styles`, `general`, … hold `fields` alone), and every element \
      of a family, cells included), a key within the \
      suggestion limit of a known key is an error with the fix as its did-you-mean (on a family \
      element, a hint that `zlc check --fix` does not apply where the two may mean two \
      attributes: another word in a word's place, `insetEnd` near `insetLeft`; a word more or \
      less, `paddingTop` near `padding`; a letter changed into one whose key is not beside it, \
      `paddingSize` near `paddingSide`, or into a word of another name the element takes, \
      `interSpacing` near `innerSpacing`). In an app of \
      several platforms whose manifests of a plugin differ, a screen is checked against each \
      platform's, and a finding of some platforms alone says which; a key another platform's \
      manifest of that plugin declares in that section is that platform's, not a misspelling, \
      when this platform's key is written beside it (`logo2` on Android beside `logo` on iOS) or \
      when the two differ in digits alone (`image_1` on iOS, `image_2` on Android: a field \
      numbered per platform); a numbered one written without this platform's key is a warning \
      (ZL0204): this platform takes the field's default. A plugin \
      manifest's fields (its `custom_configuration_fields` too), their conditions and \
      `characteristics` carry keys of the builder's own, so there only a near miss of a usual key \
      (`intial_value`, `tpye`, a condition's `kye`, `apperance`) is an error, and so is a key of \
      the manifest itself written in its `characteristics` (`data`, `styles`, `data_types`): zlc \
      and clients read it at the manifest's top level alone, so the component would lose its data \
      source or its fields without a word. So is a navigation's own key written in one of its \
      plugin's objects (`styles`, `rules`, `assets`, `data`): `nav_items`, `navigation_type` or \
      `category` there leaves a menu without its items or its plugin; and a nav item's `data` or \
      `nav_items` in its `styles`, `rules`, `assets` or `general`; unless the plugin's manifest \
      declares that key in that object, where it is the plugin's. In those objects of a \
      navigation or nav item plugin, and in a screen plugin's `advertising`, which hold keys of \
      their own beside the declared ones, a key \
      one edit from a declared key and none of the object's own (`icon_sze` beside a declared \
      `icon_size`) is an error too: the plugin takes the field's default. A display rule's \
      `<View>` carries attributes of the client's own too (Android's `drawableEnd`, \
      `drawableTop`), so there only a name one edit from `name`, `visibility`, `drawable`, \
      `isNull` or `isTransparent` (`visibilty`, `nmae`, `isNul`) is reported, and as a warning, \
      with the name clients read as a hint that `zlc check --fix` does not apply: it may be the \
      client's own. A longer name that begins with one of them (`drawableEnd`, `drawables`, \
      `isTransparentBg`) or one further from them all passes. In a structure \
      zlc knows whole, a key of one of its own objects written beside that object (`cell_styles` \
      beside a component's `styles`, `target` beside its `data`) is an error too: clients ignore it \
      there; so is a family element named as an attribute of the format (`<columns>2</columns>` \
      in a component): clients read that value as an attribute alone. The limit is \
      the optimal string alignment distance (an insertion, a deletion, a substitution or a swap of \
      two adjacent characters is one edit), ignoring case, of at most a third of the longer word and never more than 3: \
      1 edit up to 5 characters, 2 up to 8, 3 beyond. A key further from every known key is foreign, \
      not misspelled: real files carry keys of other tools, so it stays a warning (ZL0204). iOS's \
      flow layout names on a family element are errors too: `minimumLineSpacing` and \
      `minimumInteritemSpacing` with the family's name as the fix (`lineSpacing`, \
      `interItemSpacing`), `sectionInset` (`insets`) naming the four insets the family writes; so \
      are other layout systems' names of a cell's shape and columns (`aspectRatio` for \
      `aspectCellRatio`; `numberOfColumns`, `numColumns` and `columnCount` for `columns`). A cell \
      attribute that is not a metric is passed to clients as it is, unless it is a misspelled metric \
      or `layoutId` (Android's own `layout` attribute is not one). One of an element's names \
      behind a namespace prefix (`android:layoutId`, `app:columns`, a `<DisplayRule>`'s `app:copyOf`) is an error too, fixed by \
      the name alone: Android's family reader takes such an attribute under its name alone, but \
      zlc does not, so the bundle and Android would disagree. A family element's attribute \
      that another element takes under the name this one reads is an error too, with the fix: \
      `height` on a cell or its screen entries (a header's; a cell's is `cellHeight`), and \
      `cellHeight` on a header (its is `height`); beside a near miss of that name on the same \
      element (`cellHeigt`, or `cellHeidth`, as near `cellWidth`), which of the two values the \
      element means is a guess, so the rename is a hint, and so is the near miss's fix. A JSON \
      cell's element may hold its keys \
      (`display`, `width_ratio`, `width_height_ratio`, `margin`) and a `style` of more: the \
      style's go over the entry's, so a key set in both to different values is an error at the \
      entry's key, with a note at the style's. On an element without a proportion \
      (`width_height_ratio`, `widthHeightRatio` in XML), a key of a number that names one \
      another way, in words of a box's shape alone (`heightRatio`, `aspect_ratio`, `ratio`; not \
      `line_height_ratio`), is an error too, as the box would be 0 high; its \
      did-you-mean is a hint, as the name may mean height ÷ width. Beside a proportion, it is the \
      client's. A JSON family's `sizeClassMapping` is a component's: written on the family, a \
      screen entry or a cell, where no client reads it, it is an error too.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", ⟦⟧"stlyes": {"cell_styles": ["GRID_1"]}, "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
        )
      ], reports: [.init("misspelled key 'stlyes' in component: clients ignore it", fixIt: #""styles""#)]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static var needsCompleteProject: Bool { false }

  /// The key of a JSON family component's replacements per size class.
  static let sizeClassMappingKey = "sizeClassMapping"

  /// Family attributes: strays with a near allowed name, and cell pass-through attributes near a
  /// metric's name (the reader passes any attribute of a cell through to clients).
  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      let isXML = !decl.isJSON
      // A misspelled height that leaves a cell without one is ZL0510's.
      let heights = UndefinedGeometryRule.misspelledHeights(decl)
      let geometry = Set(heights.map(\.spot.offset))
      let twice = renamedTwice(decl, heights: heights)
      for stray in decl.strays where !geometry.contains(stray.spot.offset) {
        // A misspelled element: its tags come in pairs, so the message names the element, no fix-it.
        if case .element(let name, let place, let expected) = stray.kind, let misread = misreadElement(name, expected: expected) {
          let what: String
          switch misread {
          case .attribute:
            what = "element <\(name)> \(place) names an attribute: clients read '\(name)' as an attribute alone and ignore it"
          case .near(let near) where prefixedElement(name) != nil:
            what = "element <\(name)> \(place) has a namespace prefix: clients read <\(near)> alone and ignore it"
          case .near(let near):
            what = "misspelled element <\(name)> \(place), near <\(near)>: clients ignore it"
          }
          context.report(rule, what, at: stray.spot)
          continue
        }
        guard case .attribute(let name, let element, let allowed) = stray.kind else { continue }
        if name == Self.sizeClassMappingKey, !isXML {
          context.bag.add(Message.misplacedSizeClassMapping(on: element).diagnostic(at: stray.spot))
          continue
        }
        if element == "View", prefixedName(name, allowed: allowed) == nil {
          reportNearViewAttribute(name, at: stray.spot, taken: stray.taken, context)
          continue
        }
        if isInsetsOfFlowLayout(name, allowed: allowed) {
          context.bag.add(Message.insetsOfFlowLayout(name, on: element).diagnostic(at: stray.spot))
          continue
        }
        guard let suggestion = meantAttribute(name, allowed: allowed) else { continue }
        // A display rule and its views are passed to clients as written, their attributes with them.
        context.report(
          rule, message(name, on: element, allowed: allowed, isXML: isXML, passedThrough: element == "DisplayRule" || element == "View"),
          at: stray.spot,
          fixIt: fix(suggestion, for: name, allowed: allowed, at: stray.spot, taken: stray.taken, twice: twice))
      }
      for (_, _, attribute, taken) in decl.cellPassThroughs where !geometry.contains(attribute.spot.offset) {
        if attribute.value == Self.sizeClassMappingKey, !isXML {
          context.bag.add(Message.misplacedSizeClassMapping(on: "Cell").diagnostic(at: attribute.spot))
          continue
        }
        guard let suggestion = misspelledCellName(attribute.value) else { continue }
        context.report(
          rule, message(attribute.value, on: "Cell", allowed: cellNames, isXML: isXML, passedThrough: true), at: attribute.spot,
          fixIt: fix(suggestion, for: attribute.value, allowed: cellNames, at: attribute.spot, taken: taken, twice: twice))
      }
    }
  }

  /// A `<View>` attribute one edit from one clients read (`visibilty`): a view carries attributes
  /// of the client's own, so it may be one of those, a warning, and its did-you-mean is a hint
  /// (no range) that `zlc check --fix` and an editor's quick fix never apply.
  static func reportNearViewAttribute(_ name: String, at spot: SourceSpot, taken: [String], _ context: RuleContext) {
    guard let suggestion = misspelledViewAttribute(name) else { return }
    let hint: FixIt? = taken.contains(suggestion.text) ? nil : .didYouMean(suggestion.text, at: nil)
    context.bag.add(Message.nearViewAttribute(name, near: suggestion.text).diagnostic(at: spot, fixIt: hint, severity: .warning))
  }

  /// The rename to `suggestion`, unless the element holds that name already: the rename would
  /// write a duplicate attribute (ZL0109) or key (ZL0107). A tied suggestion, one another
  /// attribute of the element would be renamed to too (an offset in `twice`), or one that may
  /// change what the attribute means (`changesMeaning`), is a hint.
  static func fix(
    _ suggestion: Suggestion, for name: String, allowed: [String], at spot: SourceSpot, taken: [String], twice: Set<Int>
  ) -> FixIt? {
    guard !taken.contains(suggestion.text) else { return nil }
    var fix: FixIt? = .didYouMean(suggestion, at: spot)
    if twice.contains(spot.offset) || changesMeaning(name, to: suggestion.text, allowed: allowed) { fix?.range = nil }
    return fix
  }

  /// Whether renaming the attribute `name` to its near miss `meant` may change what it means:
  /// another word in a word's place (`insetEnd` and `insetLeft`), a word more or fewer
  /// (`paddingTop` and `padding`, `paddingBottom` and `paddingTopBottom`), a letter changed into one
  /// whose key is not beside it (`paddingSize` and `paddingSide`, `cellWeight` and `cellHeight`),
  /// or one that makes a word of another name the element takes (`interSpacing` and
  /// `innerSpacing`: `inter` of `interItemSpacing`). A letter added, dropped, doubled, swapped or
  /// changed into its key's neighbour (`colunns`, `cellHeoght`), case and separators are a typo's.
  /// Another layout system's name (`minimumLineSpacing`) or one behind a namespace prefix
  /// (`app:columns`) means the one it is renamed to; an element's proportion named another way
  /// (`heightRatio`) may not.
  static func changesMeaning(_ name: String, to meant: String, allowed: [String]) -> Bool {
    guard flowLayoutSpacings[name] != meant, commonNames[name] != meant, prefixedName(name, allowed: allowed) == nil else { return false }
    // A proportion named another way (`heightRatio`) may be height ÷ width.
    if misspelledAttribute(name, allowed: allowed) == nil, elementRatio(name, allowed: allowed) == meant { return true }
    switch WordDifference(name, meant) {
    case .sameLetters, .regrouped: return false
    case .wordsAdded, .severalWords: return true
    case .oneWord(let x, let y):
      guard editDistance(String(x), String(y)) == 1 else { return true }
      // A letter changed: a typo when a key beside it was pressed (`colunns`, `cellHeoght`),
      // unless that makes a word of another name the element takes; another letter may make
      // another word (`paddingSize` for `paddingSide`, `cellWeight` for `cellHeight`).
      let changed = x.count == y.count ? x.indices.filter { x[$0] != y[$0] } : []
      guard changed.count == 1 else { return false }
      if allowed.contains(where: { Suggestion.words($0).contains(x) }) { return true }
      return !areKeyboardNeighbours(x[changed[0]], y[changed[0]])
    }
  }

  /// The rows of a QWERTY keyboard, whose neighbouring keys a finger presses for each other.
  private static let keyboardRows: [[Character]] = [Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm")]

  /// Whether two letters are next to each other on a QWERTY keyboard: in one row, or in
  /// neighbouring rows at the same place or one to the left (a row sits half a key to the right
  /// of the one above it).
  static func areKeyboardNeighbours(_ a: Character, _ b: Character) -> Bool {
    func place(_ c: Character) -> (row: Int, column: Int)? {
      let lower = Character(c.lowercased())
      for (row, keys) in keyboardRows.enumerated() { if let column = keys.firstIndex(of: lower) { return (row, column) } }
      return nil
    }
    guard let p = place(a), let q = place(b), p != q else { return false }
    if p.row == q.row { return abs(p.column - q.column) == 1 }
    guard abs(p.row - q.row) == 1 else { return false }
    let (upper, lower) = p.row < q.row ? (p, q) : (q, p)
    return lower.column == upper.column || lower.column == upper.column - 1
  }

  /// The offsets of the family's misspelled attributes whose fixes would give one element the
  /// same name twice (`dividr` and `divder` both to `divider`). Two attributes are of one element
  /// when their elements hold the same names (`taken`): each such element holds both.
  static func renamedTwice(_ decl: FamilyDecl, heights: [UndefinedGeometryRule.MisspelledHeight]) -> Set<Int> {
    let heightFixes = Dictionary(heights.map { ($0.spot.offset, $0.suggestion) }, uniquingKeysWith: { first, _ in first })
    var renames: [[String]: [(offset: Int, name: String)]] = [:]  // the element's names and the new name, to the renamed
    var misplacedToo = Set<Int>()
    func note(_ name: String, _ suggestion: Suggestion?, at spot: SourceSpot, taken: [String]) {
      guard let target = heightFixes[spot.offset] ?? suggestion, !target.isTied, taken.contains(name) else { return }
      renames[taken.sorted() + [target.text], default: []].append((spot.offset, name))
      // Another element's metric on this one (a cell's `height`) is renamed to the name it means
      // (`FamilyReader.misplacedMetric`): `cellHeigt` beside it would be renamed to it too.
      if taken.contains(where: { $0 != name && FamilyReader.MetricOwner.meaning(of: $0) == target.text }) {
        misplacedToo.insert(spot.offset)
      }
    }
    for stray in decl.strays {
      guard case .attribute(let name, _, let allowed) = stray.kind else { continue }
      note(name, meantAttribute(name, allowed: allowed), at: stray.spot, taken: stray.taken)
    }
    for (_, _, attribute, taken) in decl.cellPassThroughs {
      note(attribute.value, misspelledCellName(attribute.value), at: attribute.spot, taken: taken)
    }
    return Set(renames.values.filter { Set($0.map(\.name)).count > 1 }.flatMap { $0.map(\.offset) }).union(misplacedToo)
  }

  /// The names a cell's pass-through attribute may be a near miss of: the metrics, and the layout
  /// id a client draws the cell with.
  static let cellNames = FamilyReader.metricAttributes.sorted() + ["layoutId"]

  /// The metric or `layoutId` a cell attribute passed through is a near miss of, if any. Android's
  /// own `layout` attribute (the `CellLayout` a cell maps to) is a name of its own. A namespace
  /// prefix (`android:layoutId`, `app:cellHeight`) hides the name from zlc, though Android reads
  /// it under its name alone: the name without it is the fix.
  static func misspelledCellName(_ name: String) -> Suggestion? {
    name == "layout" ? nil : misspelledAttribute(name, allowed: cellNames)
  }

  /// The name of `allowed` a family attribute is a near miss of, or hides behind a namespace
  /// prefix (`app:columns`), if any.
  package static func misspelledAttribute(_ name: String, allowed: [String]) -> Suggestion? {
    if let meant = flowLayoutSpacings[name] ?? commonNames[name], allowed.contains(meant) { return Suggestion(text: meant, isTied: false) }
    if let local = prefixedName(name, allowed: allowed) { return Suggestion(text: local, isTied: false) }
    return nearest(to: name, in: allowed)
  }

  /// The name of `allowed` a family attribute stands for: a near miss's (`misspelledAttribute`),
  /// or an element's proportion named another way (`elementRatio`).
  package static func meantAttribute(_ name: String, allowed: [String]) -> Suggestion? {
    misspelledAttribute(name, allowed: allowed) ?? elementRatio(name, allowed: allowed).map { Suggestion(text: $0, isTied: false) }
  }

  /// The name a cell element's box proportion takes in `allowed` (`widthHeightRatio` in XML,
  /// `width_height_ratio` in JSON) when `name` names a box's proportion another way: words of a
  /// box's shape alone (`aspect`, `ratio`, `height`, `width`, `cell`, `box`), one of them `ratio`
  /// or `aspect` (`heightRatio`, `aspect_ratio`, `aspectCellRatio`, `ratio`), but for the
  /// element's own two ratios in the other format's case. A name of other words
  /// (`line_height_ratio`, `image_aspect`) is the client's. The reader takes such a name as one
  /// only with a number, on an element without a proportion, whose box would be 0 high.
  package static func elementRatio(_ name: String, allowed: [String]) -> String? {
    guard let meant = allowed.first(where: { $0 == "widthHeightRatio" || $0 == "width_height_ratio" }) else { return nil }
    let words = Suggestion.words(name).map { String($0) }
    guard words.contains("ratio") || words.contains("aspect"), words.allSatisfy(boxShapeWords.contains) else { return nil }
    return words == ["width", "ratio"] || words == ["width", "height", "ratio"] ? nil : meant
  }

  /// The words a name of a box's proportion is made of.
  private static let boxShapeWords: Set<String> = ["aspect", "ratio", "height", "width", "cell", "box"]

  /// iOS's flow layout names for the family's spacings (`UICollectionViewFlowLayout`), which an
  /// author coming from iOS writes: clients read the family's names alone.
  static let flowLayoutSpacings = ["minimumLineSpacing": "lineSpacing", "minimumInteritemSpacing": "interItemSpacing"]

  /// Names other layout systems give a cell's shape and columns, which an author writes for the
  /// family's (too far from them for a near miss): a cell passes them to clients, which do not read
  /// them as its shape.
  static let commonNames = [
    "aspectRatio": "aspectCellRatio", "numberOfColumns": "columns", "columnCount": "columns", "numColumns": "columns",
  ]

  /// Whether `name` is one of iOS's names for all four insets at once (`sectionInset`), on an
  /// element that takes the family's four (`insetTop`, …) instead. A cell passes such a name to
  /// clients (`cell_attributes`), which may read it as their own.
  static func isInsetsOfFlowLayout(_ name: String, allowed: [String]) -> Bool {
    ["sectionInset", "sectionInsets", "insets"].contains(name) && allowed.contains("insetLeft")
  }

  /// The attribute clients read that a `<View>` attribute stands for: one behind a namespace
  /// prefix (`app:visibility`), or one a single edit from it, ignoring case (`visibilty`, `nmae`,
  /// `isNul`). A view carries attributes of the client's own, so a longer name that begins with
  /// one clients read (`drawableEnd`, `drawables`, `isTransparentBg`) or one further away
  /// (`drawableLeft`) is none. Tied when two are as near.
  package static func misspelledViewAttribute(_ name: String) -> Suggestion? {
    let known = FamilyReader.viewAttributes
    if let local = prefixedName(name, allowed: known) { return Suggestion(text: local, isTied: false) }
    let lower = name.lowercased()
    let near = known.filter {
      let candidate = $0.lowercased()
      return !(lower.count > candidate.count && lower.hasPrefix(candidate)) && editDistance(lower, candidate) <= 1
    }
    return near.first.map { Suggestion(text: $0, isTied: near.count > 1) }
  }

  /// The name of `allowed` a family attribute writes behind a namespace prefix (`columns` of
  /// `app:columns`), if any.
  static func prefixedName(_ name: String, allowed: [String]) -> String? {
    guard let colon = name.lastIndex(of: ":") else { return nil }
    let local = String(name[name.index(after: colon)...])
    return allowed.contains(local) ? local : nil
  }

  /// The closed structures zlc reads and clients do not (the project's settings, mappings and
  /// registries, a plugin manifest's sections): a key it does not know there is lost to the build.
  static let zlcInputs: Set<String> = [
    "zlc.json", "device", "size class", "platform", "screen_types.json", "registry", "manifest section",
  ]

  /// What an unknown element of a family is taken for, when it is this rule's.
  package enum MisreadElement: Equatable {
    /// A near miss of the element of the format it holds.
    case near(String)
    /// An element named as an attribute of the format (`<columns>`, `<insetLeft>`): its value,
    /// written as the element's text, is lost.
    case attribute
  }

  /// What the unknown element `name` is taken for, nil when it is neither a near miss of an
  /// element of the format nor named as an attribute. A near miss comes first (`<responsive>` is
  /// near `<Responsive>`); an element where a display rule's element is `expected` is never taken
  /// for an attribute (display rules are passed to clients as written).
  package static func misreadElement(_ name: String, expected: String?) -> MisreadElement? {
    if let near = nearElement(name, expected: expected) { return .near(near) }
    let inDisplayRule = expected.map(FamilyReader.displayRuleElements.contains) ?? false
    return FamilyReader.metricAttributes.contains(name) && !inDisplayRule ? .attribute : nil
  }

  /// The element of the family format an unknown element name is a near miss of, if any. A
  /// component named for its type (`<TabComponent>`) is one of the format's.
  /// Inside display rules, where one element is expected (`expected`: `<DisplayRule>` or
  /// `<View>`), only that one is near.
  package static func nearElement(_ name: String, expected: String? = nil) -> String? {
    // A prefixed element of the format (`<app:Screen>`): clients read the element by its name.
    if let local = prefixedElement(name) { return local }
    if let expected, FamilyReader.displayRuleElements.contains(expected) {
      // An element of the format out of its place is misplaced, not misspelled.
      return FamilyReader.elementNames.contains(name) ? nil : closestMatch(to: name, in: [expected])
    }
    guard !FamilyReader.elementNames.contains(name), !name.hasSuffix("Component") else { return nil }
    if let near = closestMatch(to: name, in: FamilyReader.elementNames) { return near }
    return expected == "Component" ? misspelledComponentElement(name) : nil
  }

  /// The element of the format `name` writes with a namespace prefix (`Screen` of `app:Screen`).
  static func prefixedElement(_ name: String) -> String? {
    guard let colon = name.lastIndex(of: ":") else { return nil }
    let local = String(name[name.index(after: colon)...])
    return FamilyReader.elementNames.contains(local) || (local.hasSuffix("Component") && local.count > 9) ? local : nil
  }

  /// The component element `name` misspells in its `Component` (`<GridComponnet>`, at the last
  /// capital whose rest is near `Component`; `<Gridcomponent>`, in another case): the element of
  /// its type, `<GridComponent>`.
  static func misspelledComponentElement(_ name: String) -> String? {
    let characters = Array(name)
    // `Component` in another case (`<Listcomponent>`).
    if characters.count > 9, String(characters.suffix(9)).lowercased() == "component" {
      return String(characters.dropLast(9)) + "Component"
    }
    for split in stride(from: characters.count - 1, through: 1, by: -1) where characters[split].isUppercase {
      guard closestMatch(to: String(characters[split...]), in: ["Component"]) != nil else { continue }
      return String(characters[..<split]) + "Component"
    }
    return nil
  }

  /// A misspelled attribute, or one of an XML family behind a namespace prefix, which Android
  /// reads under its name alone (simpleXML reads attributes by their local name) and zlc does not:
  /// it ignores it, or passes a cell's to clients under the prefixed name. A JSON family's keys
  /// are read whole everywhere.
  package static func message(
    _ name: String, on element: String, allowed: [String], isXML: Bool = true, passedThrough: Bool = false
  ) -> String {
    if let meant = flowLayoutSpacings[name], allowed.contains(meant) {
      return "attribute '\(name)' on <\(element)> is iOS's name for '\(meant)': clients ignore it"
    }
    if let meant = commonNames[name], allowed.contains(meant) {
      return "attribute '\(name)' on <\(element)> is not the family's name for '\(meant)': clients ignore it"
    }
    if isXML, let local = prefixedName(name, allowed: allowed) {
      let zlc = passedThrough ? "zlc passes it to clients as '\(name)'" : "zlc ignores it"
      return "attribute '\(name)' on <\(element)> is behind a namespace prefix: Android reads it as '\(local)', \(zlc)"
    }
    if misspelledAttribute(name, allowed: allowed) == nil, let meant = elementRatio(name, allowed: allowed) {
      return "attribute '\(name)' on <\(element)> is not its box's proportion: zlc reads '\(meant)', and without it the box is 0 high"
    }
    return "misspelled attribute '\(name)' on <\(element)>: clients ignore it"
  }

  /// The names of the objects whose keys zlc knows all of (`ObjectShape.name`): a near miss of one
  /// of their keys is this rule's error, not ZL0204's warning.
  package static let closedShapes: Set<String> = [
    "screen", "screen data", "screen styles", "screen rules", "component", "data", "component styles", "component rules", "header",
    "item filter", "screen plugin general", "component plugin general", "zlc.json", "device", "size class", "platform", "screen_types.json",
    "registry", "navigation",
    "navigation item", "manifest section", "screen hooks", "advertising", "replacement", "plugin assets",
    "component plugin advertising", "navigation plugin data",
  ]

  /// Open structures whose usual keys zlc knows: another key is passed over (manifests carry keys
  /// of the builder's own), but one a few edits from a usual key is a misspelling (`intial_value`
  /// loses a field's default, `tpye` its editor, `apperance` where a component may stand, a
  /// condition's `kye` or `condition_valu` the condition).
  package static let openShapesOfKnownKeys: Set<String> = ["field", "conditional field", "characteristics", "hook plugin"]

  /// The keys of a navigation (of a nav item) that say what it is, lists and opens, and the
  /// objects of its plugin's own keys they are lost in when written there: a menu loses its items
  /// or its plugin, an item what it opens.
  package static let navigationOwnKeys: (keys: Set<String>, sections: [String]) = (
    ["nav_items", "navigation_type", "category"], ["styles", "rules", "assets", "data"]
  )
  package static let navItemOwnKeys: (keys: Set<String>, sections: [String]) = (
    ["nav_items", "data"], ["styles", "rules", "assets", "general"]
  )

  /// The keys of a manifest that hold what the plugin is and takes: written in its
  /// `characteristics`, they are read by nothing.
  package static let manifestKeysOutOfCharacteristics: Set<String> = [
    "identifier", "platform", "min_zapp_sdk", "targets", "ui_frameworks", "data_types", "screen", "react_native",
    "ui_builder_support", "general", "styles", "rules", "data", "assets", "advertising", "localizations", "hooks",
    "custom_configuration_fields",
  ]
}

extension Rule {
  public static let misspelledKey = MisspelledKeyRule.rule
}

extension MisspelledKeyRule {
  package typealias Message = RuleMessage<MisspelledKeyRule>
}

extension RuleMessage where Owner == MisspelledKeyRule {
  /// A key of the object's `holder` object, written beside it (`cell_styles` beside `styles`).
  package static func misplacedKey(_ name: String, in object: String, belongsIn holder: String) -> Self {
    let lost = MisspelledKeyRule.zlcInputs.contains(object) ? "zlc ignores it" : "clients ignore it"
    return Self("misplaced-key", "key '\(name)' in \(object) belongs in its '\(holder)': \(lost) here")
  }
  /// A key of the object's `holder` written inside the object (a manifest's `data` in its
  /// `characteristics`).
  package static func holdersKey(_ name: String, in object: String, of holder: String) -> Self {
    Self("holders-key", "key '\(name)' in \(object) is the \(holder)'s: zlc and clients read it there alone, and ignore it here")
  }
  /// A metric attribute of another element (`height` on a cell is a header's), where this one
  /// takes another name for it.
  package static func otherElementsAttribute(_ name: String, on element: String, isOf owner: String) -> Self {
    Self("other-elements-attribute", "attribute '\(name)' on <\(element)> is \(owner): clients ignore it")
  }
  /// A key of a family cell's element that its `style` sets too, to another value.
  package static func overriddenByStyle(_ name: String) -> Self {
    Self("overridden-by-style", "key '\(name)' of an element is set in its 'style' too, to another value: clients take the style's")
  }
  /// A `<View>` attribute one edit from `known`, an attribute clients read: unless it is the
  /// client's own, clients ignore it.
  package static func nearViewAttribute(_ name: String, near known: String) -> Self {
    Self("near-view-attribute", "attribute '\(name)' on <View> is one edit from '\(known)': clients ignore it unless it is their own")
  }
  /// iOS's name for a family element's four insets at once, which the family writes one by one.
  package static func insetsOfFlowLayout(_ name: String, on element: String) -> Self {
    Self(
      "insets-of-flow-layout",
      "attribute '\(name)' on <\(element)> is iOS's name for the insets: write 'insetTop', 'insetLeft', 'insetBottom' and 'insetRight'; clients ignore it"
    )
  }
  /// A JSON family component's `sizeClassMapping` written on another element (the family, a
  /// screen entry, a cell): no client reads it there.
  package static func misplacedSizeClassMapping(on element: String) -> Self {
    Self(
      "misplaced-size-class-mapping",
      "'sizeClassMapping' on <\(element)> is a component's: write it on the component it replaces; clients ignore it here")
  }
  /// A near miss of a key of a structure zlc knows whole (`closedShapes`).
  package static func misspelledKey(_ name: String, in object: String) -> Self {
    let lost = MisspelledKeyRule.zlcInputs.contains(object) ? "zlc ignores it" : "clients ignore it"
    return Self("misspelled-key", "misspelled key '\(name)' in \(object): \(lost)")
  }
}
