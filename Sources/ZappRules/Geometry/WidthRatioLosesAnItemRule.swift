import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0522 width-ratio-loses-an-item.
package enum WidthRatioLosesAnItemRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0522", name: "width-ratio-loses-an-item", severity: .warning, category: .geometry,
    summary: "A flow cell's `widthRatio` of a half, a third, … fits one item fewer a row than it names, for the spacing between items.",
    explanation: """
      A `flow` cell with a `widthRatio` takes that share of the content width for each item, and a \
      row holds as many items as fit with `interItemSpacing` between them. A share of 1/n (`0.5`, \
      `0.3333`, `0.25`) leaves no room for that spacing: two halves and a spacing are wider than \
      the row, so a row holds one item, half of it empty. Unlike a card's elements, which have no \
      spacing between them, items are not shrunk to fit. It is a warning at the cell style, on \
      the first device where the row holds fewer than n items; for n a row with spacing between \
      them, set `columns` in place of `widthRatio`, or a share a little below 1/n.
      """,
    bad: .files(
      [
        "families/f.xml": """
        <Family name="F"><Screens><Screen type="default" interItemSpacing="10"/></Screens>\
        <Components><Component type="grid"><Cell name=⟦⟧"HALF" widthRatio="0.5" cellHeight="100"/></Component></Components></Family>
        """
      ],
      reports: [
        .init(
          "cell style 'HALF' of family 'F' fits 1 item a row on device 'phone' (375 wide), not 2: each takes widthRatio 0.5 of the content width (187.5 of 375), and interItemSpacing 10 between them leaves no room for the next; for 2 a row, use columns 2 in place of widthRatio"
        )
      ]),
    good: .files([
      "families/f.xml": """
      <Family name="F"><Screens><Screen type="default" interItemSpacing="10"/></Screens>\
      <Components><Component type="grid" columns="2"><Cell name="HALF" cellHeight="100"/></Component></Components></Family>
      """
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    NonPositiveWidthRule.forEachStyle(context) { decl, family, component, cell, layouts, devices in
      for layoutName in layouts {
        let input = GeometryInput(family: family, componentType: component.type, cellStyle: cell, layoutName: layoutName)
        guard Geometry.kind(for: input) == .flow else { continue }
        let style = Geometry.styleGeometry(for: input)
        let responsive = family.responsive(for: component.type)
        for device in devices {
          let m = Geometry.metrics(for: input, on: device)
          guard let ratio = m.widthRatio, let meant = meantItems(ratio), (m.interItemSpacing ?? 0) > 0 else { continue }
          let layout = style.layout(kind: .flow, responsive: responsive, device: device)
          guard layout.columns < meant, layout.item.width > 0 else { continue }
          let (spot, what, notes) = NonPositiveWidthRule.place(decl, component, cell, device, context)
          let content = device.width - (m.insetLeft ?? 0) - (m.insetRight ?? 0)
          let items = layout.columns == 1 ? "1 item" : "\(layout.columns) items"
          context.report(
            rule,
            "\(what) of family '\(family.name)' fits \(items) a row \(NonPositiveWidthRule.naming(device, context.project.settings)), not \(meant): each takes widthRatio \(String(ratio)) of the content width (\(format(layout.item.width)) of \(format(content))), and interItemSpacing \(format(m.interItemSpacing ?? 0)) between them leaves no room for the next; for \(meant) a row, use columns \(meant) in place of widthRatio",
            at: spot, notes: notes)
          return
        }
      }
    }
  }

  /// The items a row of `ratio` is meant to hold: n for a share within 1% of 1/n (n from 2 to
  /// 12); nil for another share (`0.3`, `0.7`), which names no count.
  static func meantItems(_ ratio: Double) -> Int? {
    guard ratio > 0, ratio < 1 else { return nil }
    let n = (1 / ratio).rounded()
    guard n >= 2, n <= 12, abs(1 / ratio - n) <= n * 0.01 else { return nil }
    return Int(n)
  }
}

extension Rule {
  public static let widthRatioLosesAnItem = WidthRatioLosesAnItemRule.rule
}
