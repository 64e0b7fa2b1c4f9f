import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0509 non-positive-height.
package enum NonPositiveHeightRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0509", name: "non-positive-height", severity: .error, category: .geometry,
    summary: "A cell would be zero or less high on a device: a one_and_n hero too short for its small items.",
    explanation: """
      A one_and_n layout stacks its `smallItems` beside the large item, with the spacing between \
      them: each is `(H − (N − 1)·s) / N` high, where H is the large item's height. When the large \
      item is no higher than the spacing between the small ones, they would have no height, or a \
      negative one. An item whose shape makes it less than 0.01 high (a tiny width with a large \
      `aspectCellRatio`) has none either, also a later style of a section of several, sized \
      within its first style's insets and spacing (reported at its entry of `cell_styles`, with a \
      note at the first). zlc never writes such a size; the message names the \
      device, or the window of a size class, where it happens (size classes are checked at every \
      width a client may use, as for ZL0503).
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" divider="12"/></Screens><Components><Component type="hero" layout="one_and_n" smallItems="2"><Cell name=⟦⟧"H" cellHeight="5"/></Component></Components></Family>"#
      ],
      reports: [
        .init(
          "cell style 'H' of family 'F' has no height on device 'phone' (375 wide): its one_and_n large item is 5 high, too short for 2 small items with 12-point spacing: each would be -3.5 high"
        )
      ]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Screens><Screen type="default" divider="12"/></Screens><Components><Component type="hero" layout="one_and_n" smallItems="2"><Cell name="H" cellHeight="200"/></Component></Components></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let ranges = LayoutWindows.ranges(context.project)
    NonPositiveWidthRule.forEachStyle(context) { decl, family, component, cell, layouts, devices in
      check(decl, family, component: component, cell: cell, layouts: layouts, devices: devices, ranges: ranges, context)
    }
  }

  /// Reports the first layout and device, or window of `LayoutWindows`, on which the cell style
  /// (or component) has a width but no height (ZL0503 reports one with no width).
  package static func check(
    _ decl: FamilyDecl, _ family: Family, component: ComponentStyle, cell: String?, layouts: [String?], devices: [Device],
    ranges: [LayoutWindows.Range], _ context: RuleContext
  ) {
    for layoutName in layouts {
      let input = GeometryInput(family: family, componentType: component.type, cellStyle: cell, layoutName: layoutName)
      let style = Geometry.styleGeometry(for: input)
      let kind = Geometry.kind(for: input)
      let responsive = family.responsive(for: component.type)
      let layoutOn = { style.layout(kind: kind, responsive: responsive, device: $0) }
      let isBad = { (device: Device) in
        let layout = layoutOn(device)
        return layout.sizes.allSatisfy { !$0.path.hasSuffix("width") || $0.value > 0 } && layout.firstNonPositiveSize != nil
      }
      guard
        let device = devices.first(where: isBad)
          ?? LayoutWindows.first(
            in: ranges, context.project.settings.sizeClasses, styles: [style], responsive: responsive, where: isBad)
      else { continue }
      let layout = layoutOn(device)
      guard let bad = layout.firstNonPositiveSize else { continue }
      var (spot, what, notes) = NonPositiveWidthRule.place(decl, component, cell, device, context)
      notes += NonPositiveWidthRule.responsiveNote(decl, component, style, responsive, device, columns: layout.columns)
      let m = Geometry.metrics(for: input, on: device)
      let on = NonPositiveWidthRule.naming(device, context.project.settings)
      let cause: String
      if let large = layout.large, let small = layout.small, bad.path.hasPrefix("small") {
        let spacing = m.interItemSpacing ?? 0
        cause =
          "its one_and_n large item is \(format(large.height)) high, too short for \(small.count) small items with \(format(spacing))-point spacing: each would be \(format(small[0].height)) high"
      } else {
        cause = "its items would be \(format(bad.value)) high (`\(bad.path)`), \(format(layout.item.width)) wide"
      }
      context.report(rule, "\(what) of family '\(family.name)' has no height \(on): \(cause)", at: spot, notes: notes)
      return
    }
  }
}

extension Rule {
  public static let nonPositiveHeight = NonPositiveHeightRule.rule
}
