import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0523 element-without-area.
package enum ElementWithoutAreaRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0523", name: "element-without-area", severity: .warning, category: .geometry,
    summary: "An element of a cell lays out to no width on a device: a client draws nothing of it.",
    explanation: """
      A cell's elements take their widths from the item's, as their `layout` places them (by \
      `width_ratio`, or the width the elements before them leave), and their contents are inset by \
      their `margin`. Each value may be in range and the element still \
      end up with no width: a `width_ratio` of 1e-9 rounds to a box 0 points wide, and a left and \
      right margin that add up to the box's width or more leave its content none (so do a top and \
      bottom margin its height, in a box that has one). A client then draws nothing of the banner \
      the element was made for. It is a warning at the cell style, on the first device where an \
      element has no area, naming the element (counted from 1) and why. Give the element a larger \
      `width_ratio`, or smaller margins.
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Components><Component type="grid" columns="1"><Cell name=⟦⟧"CARD" aspectCellRatio="1.5"><Elements><Element display="block" widthHeightRatio="2" margin="0,200,0,200"/></Elements></Cell></Component></Components></Family>"#
      ],
      reports: [
        .init(
          "element 1 of cell style 'CARD' of family 'F' has no area on device 'phone' (375 wide): its left and right margins (200 + 200) take the whole of its box, 375 wide"
        )
      ]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Components><Component type="grid" columns="1"><Cell name="CARD" aspectCellRatio="1.5"><Elements><Element display="block" widthHeightRatio="2" margin="0,20,0,20"/></Elements></Cell></Component></Components></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    NonPositiveWidthRule.forEachStyle(context) { decl, family, component, cell, layouts, devices in
      for (style, kind, responsive) in elementGeometries(family, component, cell: cell, layouts: layouts) {
        for device in devices {
          let layout = style.layout(kind: kind, responsive: responsive, device: device)
          // An item with no width of its own is ZL0503's.
          guard layout.item.width > 0, let (element, why) = emptyElement(style, width: layout.item.width) else { continue }
          let (spot, what, notes) = NonPositiveWidthRule.place(decl, component, cell, device, context)
          let on = NonPositiveWidthRule.naming(device, context.project.settings)
          context.report(
            rule, "element \(element + 1) of \(what) of family '\(family.name)' has no area \(on): \(why)", at: spot, notes: notes)
          return
        }
      }
    }
  }

  /// What leaves element `k` no width: its own tiny `width_ratio`, else, in a `one_and_n` card, the
  /// first element's taking the width.
  static func cause(of k: Int, _ style: StyleGeometry, width: Double) -> String {
    let element = style.elements[k]
    if let ratio = element.widthRatio, element.display != .block, width * ratio < 0.01 {
      // A ratio that rounds to 0 is shown in full.
      return " (width_ratio \(format(ratio) == "0" ? "\(ratio)" : format(ratio)))"
    }
    guard style.elementLayout == .oneAndN, k > 0 else { return "" }
    let first = style.elements[0].widthRatio ?? 0.5
    return " (the first element, at width_ratio \(format(first)), leaves it none)"
  }

  /// The first of the style's elements that lays out to no width (or, in a box with a height, no
  /// height) in an item `width` wide, and why; nil when each has an area.
  static func emptyElement(_ style: StyleGeometry, width: Double) -> (Int, String)? {
    let frames = ElementLayout.frames(for: style.elements, width: width, kind: style.elementLayout)
    for (k, (frame, element)) in zip(frames, style.elements).enumerated() {
      let margin = element.margin
      if frame.box.width < 0.01 {
        return (k, "its box is \(format(frame.box.width)) wide in an item \(format(width)) wide" + cause(of: k, style, width: width))
      }
      if frame.content.width < 0.01 {
        return (
          k,
          "its left and right margins (\(format(margin.left)) + \(format(margin.right))) take the whole of its box, \(format(frame.box.width)) wide"
        )
      }
      if frame.box.height >= 0.01, frame.content.height < 0.01 {
        return (
          k,
          "its top and bottom margins (\(format(margin.top)) + \(format(margin.bottom))) take the whole of its box, \(format(frame.box.height)) high"
        )
      }
    }
    return nil
  }
}

extension Rule {
  public static let elementWithoutArea = ElementWithoutAreaRule.rule
}
