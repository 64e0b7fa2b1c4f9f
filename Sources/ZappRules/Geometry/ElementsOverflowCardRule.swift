import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0513 elements-overflow-card.
package enum ElementsOverflowCardRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0513", name: "elements-overflow-card", severity: .warning, category: .geometry,
    summary: "A card's elements are higher or wider than its cells on a device: the card cuts them off.",
    explanation: """
      A cell's elements take their heights from their widths (`width ÷ width_height_ratio`), and \
      the cell takes its own from the family (`cellHeight`, `aspectCellRatio`). When the elements \
      end below the cell, a client draws them past the card, over the next cell, or clips them: \
      the banners the card was made for are cut off. The message names the device, or the window \
      of a size class, where they overflow first (the windows ZL0503 checks, then those where a \
      size class with a `max_width` has its widest items: just before its first and last column \
      jumps, and just \
      below `max_width`; a class without one is checked at its devices), and how high the \
      elements and the cell are there. So with an element that ends past the cell's side (in a \
      `one_and_n` card, the elements after the first stand beside it at their own \
      `width_ratio`: the two ratios sum past 1). A `one_and_n` layout's small slots hold the card \
      too, laid out again at their own width, and are checked as the large one is when the \
      component has that one cell style in the family (a section of several draws its later ones \
      there), and, when it has several, in each section that names one alone, which draws it in \
      every slot: reported at the section's cell style. Give the cell a height that holds its \
      elements, or elements that fit it.
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Components><Component type="grid" columns="1"><Cell name=⟦⟧"CARD" cellHeight="100"><Elements><Element display="inline" widthRatio="0.5" widthHeightRatio="1"/></Elements></Cell></Component></Components></Family>"#
      ],
      reports: [
        .init(
          "the elements of cell style 'CARD' of family 'F' are 187.5 high on device 'phone' (375 wide), but its cells are 100 high: the card cuts off 87.5 points"
        )
      ]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Components><Component type="grid" columns="1"><Cell name="CARD" aspectCellRatio="1.5"><Elements><Element display="inline" widthRatio="0.5" widthHeightRatio="1"/></Elements></Cell></Component></Components></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let ranges = LayoutWindows.ranges(context.project)
    NonPositiveWidthRule.forEachStyle(context) { decl, family, component, cell, layouts, devices in
      check(decl, family, component: component, cell: cell, layouts: layouts, devices: devices, ranges: ranges, context)
    }
  }

  /// The sizes a layout gives its items, each with whether it is a `one_and_n` layout's small
  /// slot: the item's, then the small slots' (a client lays a card's elements out again at each
  /// small slot's width, `SectionLayout.elementFrames(forItem:)`) when `withSmall`: the style is
  /// its component's only one, so a section draws it in every slot (a section of several styles
  /// draws its later ones there, in slots the first style's geometry sizes).
  static func slots(_ layout: SectionLayout, withSmall: Bool = true) -> [(width: Double, height: Double?, isSmall: Bool)] {
    let item = (width: layout.item.width, height: layout.item.height, isSmall: false)
    guard withSmall, layout.kind == .oneAndN, let small = layout.small else { return [item] }
    return [item] + small.map { (width: $0.width, height: Optional($0.height), isSmall: true) }
  }

  /// How high the style's elements and its cells are on a layout, when the elements end more than
  /// half a point below the cells (lengths are rounded to 0.01 point) in one of its slots
  /// (`slots`); nil otherwise, or when the cells have no height of their own (a waterfall's
  /// items keep their contents' heights).
  static func overflow(
    _ style: StyleGeometry, _ layout: SectionLayout, withSmall: Bool = true
  ) -> (elements: Double, cell: Double, isSmall: Bool)? {
    guard !style.elements.isEmpty, layout.kind != .waterfall else { return nil }
    for slot in slots(layout, withSmall: withSmall) {
      guard let height = slot.height, height > 0, slot.width > 0 else { continue }
      let frames = ElementLayout.frames(for: style.elements, width: slot.width, kind: style.elementLayout)
      let bottom = frames.map { $0.box.y + $0.box.height }.max() ?? 0
      if bottom > height + 0.5 { return (bottom, height, slot.isSmall) }
    }
    return nil
  }

  /// Where the style's elements end and how wide its cells are on a layout, when an element ends
  /// more than half a point past the cells' side in one of its slots (a `one_and_n` element after
  /// the first stands beside it at its own width); nil otherwise.
  static func sideOverflow(
    _ style: StyleGeometry, _ layout: SectionLayout, withSmall: Bool = true
  ) -> (elements: Double, cell: Double, isSmall: Bool)? {
    guard !style.elements.isEmpty else { return nil }
    for slot in slots(layout, withSmall: withSmall) where slot.width > 0 {
      let frames = ElementLayout.frames(for: style.elements, width: slot.width, kind: style.elementLayout)
      let end = frames.map { $0.box.x + $0.box.width }.max() ?? 0
      if end > slot.width + 0.5 { return (end, slot.width, slot.isSmall) }
    }
    return nil
  }

  /// Reports the first layout and device, or window of `LayoutWindows`, on which the cell style's
  /// elements end below its cells.
  static func check(
    _ decl: FamilyDecl, _ family: Family, component: ComponentStyle, cell: String?, layouts: [String?], devices: [Device],
    ranges: [LayoutWindows.Range], _ context: RuleContext
  ) {
    // A component of one cell style in the family (`component` is narrowed to the one checked):
    // every slot of a `one_and_n` section is that style's.
    let small = decl.family.components.filter { $0.type == component.type }.map(\.cells.count).reduce(0, +) <= 1
    for (style, kind, responsive) in elementGeometries(family, component, cell: cell, layouts: layouts) {
      let layoutOn = { style.layout(kind: kind, responsive: responsive, device: $0) }
      let isBad = { (device: Device) in
        overflow(style, layoutOn(device), withSmall: small) != nil || sideOverflow(style, layoutOn(device), withSmall: small) != nil
      }
      let classes = context.project.settings.sizeClasses
      guard
        let device = devices.first(where: isBad)
          ?? LayoutWindows.first(in: ranges, classes, styles: [style], responsive: responsive, where: isBad)
          ?? LayoutWindows.widest(in: ranges, classes, styles: [style], responsive: responsive, where: isBad)
      else { continue }
      // Worked out again for the one device reported: below the cells first, else past their side.
      let (spot, what, notes) = NonPositiveWidthRule.place(decl, component, cell, device, context)
      let on = NonPositiveWidthRule.naming(device, context.project.settings)
      let elementsOf = "the elements of \(what) of family '\(family.name)'"
      if let (elements, height, isSmall) = overflow(style, layoutOn(device), withSmall: small) {
        context.report(
          rule,
          "\(elementsOf) are \(format(elements)) high \(on), but its \(cells(isSmall)) are \(format(height)) high: the card cuts off \(format(Geometry.round2(elements - height))) points",
          at: spot, notes: notes)
      } else if let (end, width, isSmall) = sideOverflow(style, layoutOn(device), withSmall: small) {
        context.report(
          rule,
          "\(elementsOf) reach \(format(end)) points across \(on), but its \(cells(isSmall)) are \(format(width)) wide: the card cuts off \(format(Geometry.round2(end - width))) points at its side",
          at: spot, notes: notes)
      }
      return
    }
  }
}

extension ElementsOverflowCardRule {
  /// The cells a finding speaks of: a `one_and_n` layout's small slots, which a client lays the
  /// card out in again at their own size, or the items.
  static func cells(_ isSmall: Bool) -> String { isSmall ? "cells in the small slots of its `one_and_n` layout" : "cells" }
}

extension ProjectRule {
  /// The geometry of a cell style with elements in each of its layouts, with the layout's kind and
  /// the responsive rule: none when the style has no elements, or places them by a `layout` the
  /// reader refused (ZL0203, kept as an unknown kind: one finding for the cell).
  package static func elementGeometries(
    _ family: Family, _ component: ComponentStyle, cell: String?, layouts: [String?]
  ) -> [(style: StyleGeometry, kind: LayoutKind, responsive: ResponsiveRule?)] {
    var found: [(style: StyleGeometry, kind: LayoutKind, responsive: ResponsiveRule?)] = []
    for layoutName in layouts {
      let input = GeometryInput(family: family, componentType: component.type, cellStyle: cell, layoutName: layoutName)
      let style = Geometry.styleGeometry(for: input)
      guard !style.elements.isEmpty, style.elementLayout.isKnown else { return [] }
      found.append((style, Geometry.kind(for: input), family.responsive(for: component.type)))
    }
    return found
  }
}

extension Rule {
  public static let elementsOverflowCard = ElementsOverflowCardRule.rule
}
