import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0511 missing-item-height.
package enum MissingItemHeightRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0511", name: "missing-item-height", severity: .error, category: .geometry,
    summary: "A cell's items have a width and no height on a device.",
    explanation: """
      An item's height is its width over `aspectCellRatio`, its width scaled by \
      `cellHeight / cellWidth`, or a fixed `cellHeight`. When none of them is in effect on a \
      device class (a family that sets them for tablets only, say), the items of a flow, list, \
      rail, pager or sticky section have a width and no height there, and a client has nothing to \
      draw. A tablet without a `Screen` entry of its own reads the `default` one, so setting the \
      height there covers both classes. A component is laid out only on the devices where it is \
      drawn as its own type: not where its size class mapping hides or replaces it. A waterfall sizes its items by their content and a \
      one_and_n layout falls back to square items: neither needs one. A misspelled height \
      attribute is ZL0510's. A plugin whose manifest makes it a group is not laid out; one that is a \
      group on some platforms only is laid out on the others, and the finding names them.
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Components><GridComponent name="GRID" columns="2"><Cell name=⟦⟧"G"><Screens><Screen type="sw600" aspectCellRatio="0.66"/></Screens></Cell></GridComponent></Components></Family>"#,
        "screens/o.json": Self.other,
      ],
      reports: [
        .init(
          "cell style 'G' of family 'F' has no item height on device 'phone' (375 wide): its items would be 187.5 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight",
          notes: ["used by component 'grid' of screen 'other'"])
      ]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Components><GridComponent name="GRID" columns="2"><Cell name="G"><Screens><Screen type="default" aspectCellRatio="0.66"/></Screens></Cell></GridComponent></Components></Family>"#,
      "screens/o.json": Self.other,
    ]))

  /// The screen `other`, whose grid uses the cell style.
  package static let other =
    #"[{"id": "other", "type": "general_content", "styles": {"family": "F"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]"#

  /// A cell style as a screen lays it out: each is checked once, however many components use it.
  private struct FamilyType: Hashable {
    var family: String
    var type: String
  }

  /// A cell style as a component of a family's type uses it.
  private struct CellUse: Hashable {
    var cell: String
    var layout: String?
    /// The devices it is laid out on, when not all (a tab bar's body).
    var devices: [String]? = nil
  }

  /// What 10,000 screens ask again and again about one type in one family, worked out once.
  private struct TypeInFamily {
    /// The family, unless the type is a group on every platform or the family is unknown: nothing
    /// to check then.
    var decl: FamilyDecl?
    /// " (on android)": the platforms whose manifests make the type no group, when others make it
    /// one (their bundles draw its components instead); "" when all agree.
    var qualifier = ""
    /// The family's style of the type.
    var style: ComponentStyle?
    /// The type's cell styles by name, the first of a name as the family finds it.
    var cells: [String: CellStyle] = [:]
    /// The family's cell styles with a misspelled height (ZL0510's), or a shape value out of range
    /// (ZL0504's) in the cell or above it.
    var misspelled: Set<String> = []
    /// The cell styles checked; each is laid out once, however many components use it.
    var checkedCells: Set<CellUse> = []
    /// Whether the family's own size class mapping of the type was checked.
    var familyMappingChecked = false
  }

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`):
  /// the family a screen names may be the one in that file.
  package static let checksFamilyReferences = true

  package static func check(_ context: RuleContext) {
    let project = context.project
    var replacementsChecked: Set<String> = []
    var misspelledByFamily: [String: Set<String>] = [:]
    var slots: [FamilyType: Int] = [:]
    var types: [TypeInFamily] = []
    func slot(_ pair: FamilyType) -> Int {
      if let slot = slots[pair] { return slot }
      var state = TypeInFamily()
      // Laid out in the bundles whose manifests make the type no group.
      let readings = project.groupReadings(of: [pair.type])
      let drawn = readings.filter { !project.isGroup(pair.type, on: $0) }
      if !drawn.isEmpty, let decl = project.families[pair.family] {
        state.decl = decl
        state.qualifier = project.qualifier(on: drawn, of: readings)
        state.style = decl.family.component(pair.type)
        for cell in state.style?.cells ?? [] where state.cells[cell.name] == nil { state.cells[cell.name] = cell }
        state.misspelled =
          misspelledByFamily[pair.family]
          ?? {
            let found = Set(UndefinedGeometryRule.misspelledHeights(decl).map(\.cell))
            misspelledByFamily[pair.family] = found
            return found
          }()
        state.misspelled.formUnion(refusedShapes(decl, type: pair.type, cells: state.cells.keys))
      }
      types.append(state)
      slots[pair] = types.count - 1
      return types.count - 1
    }
    // Each cell style of a type is laid out once per layout, however many components use it, and
    // the first use is named.
    func layOut(
      _ cells: [String], layout: String?, slot: Int, use c: ComponentDecl, in screen: ScreenDecl, as role: String?,
      devices: [Device]? = nil, _ context: RuleContext
    ) {
      guard let decl = types[slot].decl, let component = types[slot].style else { return }
      for cell in cells {
        let cellUse = CellUse(cell: cell, layout: layout, devices: devices?.map(\.name))
        guard types[slot].checkedCells.insert(cellUse).inserted,
          let style = types[slot].cells[cell], !types[slot].misspelled.contains(cell)
        else { continue }
        // Laid out in the family narrowed to the style: the same layout, found without a scan.
        let family = decl.family.narrowed(to: component, cell: style)
        check(
          decl, component: component, cell: cell, layoutName: layout, use: c, in: screen, devices: devices, replacing: role,
          family: family, qualifier: types[slot].qualifier, context)
      }
    }
    func use(_ c: ComponentDecl, in screen: ScreenDecl, familyName: String, _ context: RuleContext) {
      // Laid out only on the devices where the component is drawn as its own type.
      let devices = drawnDevices(of: c, family: project.families[familyName], settings: project.settings)
      // A tab bar's body is laid out with the tab bar's family, by its own cell styles.
      if let body = c.cellBodyType {
        let bodySlot = slot(FamilyType(family: familyName, type: body.value))
        layOut(
          c.cellBodyStyles.map(\.value), layout: nil, slot: bodySlot, use: c, in: screen, as: "as its cell body", devices: devices,
          context)
      }
      let slot = slot(FamilyType(family: familyName, type: c.typeName))
      guard let decl = types[slot].decl, types[slot].style != nil else { return }
      // The cell styles as written: a component without any is laid out by the family alone.
      layOut(c.cellStyleNames, layout: c.layout?.value, slot: slot, use: c, in: screen, as: nil, devices: devices, context)
      // Without a mapping or fallback of its own, a component has the family's mapping of its
      // type, whose first use was checked already.
      if c.sizeClassMappingValue == nil, c.fallbackValue == nil {
        if types[slot].familyMappingChecked { return }
        types[slot].familyMappingChecked = true
      }
      checkReplacements(of: c, in: screen, decl: decl, checked: &replacementsChecked, qualifier: types[slot].qualifier, context)
    }
    // The components the app's other reading draws with another family (Checker+Readings).
    var others: [(ComponentDecl, ScreenDecl, family: String)] = []
    for screen in project.screens {
      screen.forEachComponent { c in
        guard let familyName = project.drawnFamilyName(of: c, in: screen) else { return }
        use(c, in: screen, familyName: familyName, context)
        if project.mixesFamilyReadings, let other = project.otherReadingFamily(of: c, in: screen) {
          others.append((c, screen, other.value))
        }
      }
    }
    // Laid out after every other use: a style laid out already is not again.
    for (c, screen, family) in others {
      Checker.checkBothReadings(of: screen, context) { other, context in
        if other { use(c, in: screen, familyName: family, context) }
      }
    }
  }

  /// The devices a component (and a tab bar's body) is drawn on as its own type, as the bundle lays
  /// it out: those of the size classes its mapping (its own, else its family's for its type)
  /// neither hides nor replaces it on; nil for every device.
  static func drawnDevices(of c: ComponentDecl, family: FamilyDecl?, settings: ProjectSettings) -> [Device]? {
    var entries = SizeClassMappingEntry.entries(of: c)
    if c.sizeClassMappingValue == nil, let mapping = family?.sizeClassMappings[c.typeName] {
      entries = SizeClassMappingEntry.entries(of: mapping)
    }
    let mapped = Set(entries.filter { !$0.isFallback }.map(\.key.value))
    guard !mapped.isEmpty else { return nil }
    return settings.devices.filter { device in
      SizeClass.containing(width: device.width, in: settings.sizeClasses).map { !mapped.contains($0.name) } ?? true
    }
  }

  /// The cells of `type` that a shape value zlc refused (`aspectCellRatio`, `cellWidth` or
  /// `cellHeight` out of range: ZL0504) may have left without a height: those holding one, and
  /// every cell when one stands outside any cell.
  static func refusedShapes(_ decl: FamilyDecl, type: String, cells: some Collection<String>) -> Set<String> {
    var refused: Set<String> = []
    for n in decl.numbers where Self.shapeNames.contains(n.name) && !n.isInRange {
      guard let cell = n.cell else { return Set(cells) }
      if cell.type == type { refused.insert(cell.name) }
    }
    return refused
  }

  /// The family numbers that give an item its height.
  static let shapeNames: Set<String> = ["aspectCellRatio", "cellWidth", "cellHeight"]

  /// What the rule reads from `screens`, in order: each screen's id and family, and each
  /// component's family, type, cell styles, layout and replacements. The language server runs the
  /// rule again only when this changes for an edited file (or the families, manifests or settings).
  package static func readKey(of screens: [ScreenDecl], _ project: Project) -> [String] {
    var key: [String] = []
    for screen in screens {
      key.append("screen \(screen.id.value)\u{0}\(screen.family?.value ?? "")")
      screen.forEachComponent { c in
        // A mapping of its own, even an empty one, stands in for the family's.
        let ownMapping = c.sizeClassMappingValue == nil ? "family mapping" : "own mapping"
        var parts = [c.family?.value ?? "", c.typeName, c.layout?.value ?? "", ownMapping] + c.cellStyles.map(\.value)
        if let body = c.cellBodyType { parts += ["cell body", body.value] + c.cellBodyStyles.map(\.value) }
        for entry in SizeClassMappingEntry.replacements(of: c) {
          parts += [entry.key.value, entry.hides ? "hide" : "", entry.componentType?.value ?? "", entry.cellStyle?.value ?? ""]
        }
        key.append(parts.joined(separator: "\u{0}"))
      }
    }
    return key
  }

  /// A component's size class replacements (its own `size_class_mapping`, else its family's), each
  /// on the devices of its size class, and its fallback on every device.
  package static func checkReplacements(
    of c: ComponentDecl, in screen: ScreenDecl, decl: FamilyDecl, checked: inout Set<String>, qualifier: String = "",
    _ context: RuleContext
  ) {
    var entries = SizeClassMappingEntry.entries(of: c)
    if c.sizeClassMappingValue == nil, let mapping = decl.sizeClassMappings[c.typeName] {
      entries = SizeClassMappingEntry.entries(of: mapping)
    }
    if let fallback = SizeClassMappingEntry.fallback(of: c) { entries.append(fallback) }
    let settings = context.project.settings
    for entry in entries where !entry.hides {
      guard let type = entry.componentType?.value, let cell = entry.cellStyle?.value, let style = decl.family.component(type),
        style.cell(named: cell) != nil, !refusedShapes(decl, type: type, cells: [cell]).contains(cell)
      else { continue }
      let sizeClass = entry.isFallback ? nil : entry.key.value
      let key = [decl.family.name, type, cell, "", sizeClass ?? "\u{1}fallback"].joined(separator: "\u{0}")
      guard checked.insert(key).inserted else { continue }
      let devices = settings.devices.filter { device in
        sizeClass.map { SizeClass.containing(width: device.width, in: settings.sizeClasses)?.name == $0 } ?? true
      }
      check(
        decl, component: style, cell: cell, layoutName: nil, use: c, in: screen, devices: devices,
        replacing: sizeClass.map { "as its size class '\($0)' replacement" } ?? "as its fallback", qualifier: qualifier, context)
    }
  }

  /// Reports the first device on which a cell style (or a component), as a screen uses it, has
  /// items of a width and no height, outside a waterfall and a one_and_n layout.
  package static func check(
    _ decl: FamilyDecl, component: ComponentStyle, cell: String, layoutName: String?, use: ComponentDecl, in screen: ScreenDecl,
    devices: [Device]? = nil, replacing: String? = nil, family: Family? = nil, qualifier: String = "", _ context: RuleContext
  ) {
    // `family`: the family narrowed to the style, when the caller has it (laid out alike, faster).
    let input = GeometryInput(family: family ?? decl.family, componentType: component.type, cellStyle: cell, layoutName: layoutName)
    switch Geometry.kind(for: input) {
    case .flow, .horizontal, .linear, .paged, .sticky: break
    default: return
    }
    let layoutOn = Geometry.layouter(for: input)
    for device in devices ?? context.project.settings.devices {
      let layout = layoutOn(device)
      guard layout.item.width > 0, layout.item.height == nil else { continue }
      let (spot, what, notes) = NonPositiveWidthRule.place(decl, component, cell, device, context)
      let used = DiagnosticNote(
        "used by component '\(use.type.value)' of screen '\(screen.id.value)'" + (replacing.map { " " + $0 } ?? ""), at: use.type.spot)
      context.report(
        rule,
        "\(what) of family '\(decl.family.name)' has no item height on device '\(device.name)' (\(format(device.width)) wide): its items would be \(format(layout.item.width)) wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight"
          + elementsHeight(component.cell(named: cell), width: layout.item.width)
          + partialShape(component.cell(named: cell), on: device) + qualifier,
        at: spot, notes: [used] + notes)
      return
    }
  }
}

extension MissingItemHeightRule {
  /// For a cell with elements, how high they are in an item of `width`, and the `aspectCellRatio`
  /// that holds them there (elements scale with the width, their margins do not): a card is as
  /// high as its cell, not its elements. "" for none.
  static func elementsHeight(_ cell: CellStyle?, width: Double) -> String {
    guard let cell, !cell.elements.isEmpty else { return "" }
    let frames = ElementLayout.frames(for: cell.elements, width: width, kind: cell.elementLayout)
    let height = frames.map { $0.box.y + $0.box.height }.max() ?? 0
    guard height > 0 else { return "" }
    // To three places: the frames are rounded to 0.01 point, so an exact 3 reads as 2.9999; the
    // cell is then within a fraction of a point of its elements' height (ZL0513 allows half one).
    let ratio = (width / height * 1_000).rounded() / 1_000
    let shown = ratio == ratio.rounded() ? String(Int(ratio)) : String(ratio)
    return " (its elements are \(format(height)) high in that width: aspectCellRatio \(shown) holds them)"
  }
}

extension MissingItemHeightRule {
  /// For a cell whose own attributes give it a height that an entry for `device` takes away by
  /// setting `cellWidth` alone (an entry that sets part of the shape sets the whole of it), what
  /// to write there. "" for another cell.
  static func partialShape(_ cell: CellStyle?, on device: Device) -> String {
    guard let cell else { return "" }
    let own = cell.metrics.base
    let resolved = cell.metrics.resolved(on: device)
    guard own.cellHeight != nil || own.aspectCellRatio != nil, resolved.cellWidth != nil, resolved.cellHeight == nil,
      resolved.aspectCellRatio == nil
    else { return "" }
    return " (an entry for this device sets cellWidth alone, which replaces the cell's whole shape: write cellHeight beside it there)"
  }
}

extension Rule {
  public static let missingItemHeight = MissingItemHeightRule.rule
}
