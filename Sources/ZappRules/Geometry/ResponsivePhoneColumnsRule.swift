import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0514 responsive-phone-columns.
package enum ResponsivePhoneColumnsRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0514", name: "responsive-phone-columns", severity: .warning, category: .geometry,
    summary: "Responsive columns turned on for phones replace the columns a family gives them.",
    explanation: """
      The responsive rule gives a window `n = max(1, floor(W / (S / n₀ · k)))` columns, where n₀ \
      is the columns a phone has: it is meant for wider windows. Turned on where phones read it \
      (a `default` or `phone` entry, `universal`, or an element's own `responsive`), it applies \
      on phones too, and a phone no longer has the columns the family gives it: with \
      `standardWidth` 440 and `scale` 1.2, a grid of 2 columns has 1 on a 375-point phone. It is \
      a warning at the `responsive` attribute when a phone of the project's devices gets other \
      columns than the family gives it in a cell style the attribute governs (every one for the \
      family's entries; for a component's, cell's or layout's, its own cell styles), with a note \
      at the family's rule. Turn the rule on for tablets alone \
      (`<Screen type=\"sw600\" responsive=\"true\"/>`), or set `columns` on the phone's entry of \
      the component, cell or layout, which turns it off there.
      """,
    bad: .files(
      [
        "families/f.xml": """
        <Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="default" responsive=⟦⟧"true"/></Screens>\
        <Components><Component type="grid" columns="2"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>
        """
      ],
      reports: [
        .init(
          "responsive columns are turned on for phones here: on device 'phone' (375 wide), cell style 'G' of 'grid' has 1 column, not the 2 family 'F' gives it",
          notes: ["the family's responsive rule adds a column every 440 / 2 × 1.2 = 264 points"])
      ]),
    good: .files([
      "families/f.xml": """
      <Family name="F"><Responsive standardWidth="440" scale="1.2"/><Screens><Screen type="sw600" responsive="true"/></Screens>\
      <Components><Component type="grid" columns="2"><Cell name="G" aspectCellRatio="1"/></Component></Components></Family>
      """
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let phones = context.project.settings.devices.filter { $0.deviceClass == .phone }
    guard !phones.isEmpty else { return }
    for decl in context.project.families.values {
      guard decl.family.responsive != nil else { continue }
      // The entries phones read: an element's own attribute, `universal`, `default` or `phone`.
      let spots = decl.responsiveSpots.filter { $0.entry.map { ClassSelector(alias: $0).map { $0 != .tablet } ?? false } ?? true }
      for spot in spots {
        // The family's entries govern every style; an element's own, only the styles it is part of.
        guard let change = firstChange(decl.family, among: styles(of: spot.owner, in: decl.family), on: phones) else { continue }
        guard let responsive = decl.family.responsive(for: change.type) else { continue }
        let unit = responsive.standardWidth / Double(change.written) * responsive.scale
        let note = DiagnosticNote(
          "\(responsiveRule(of: decl.family.component(change.type))) adds a column every \(format(responsive.standardWidth)) / \(change.written) × \(format(responsive.scale)) = \(format(unit)) points",
          at: decl.responsiveDefinitions.first)
        context.report(
          rule,
          "responsive columns are turned on for phones here: on device '\(change.device.name)' (\(format(change.device.width)) wide), cell style '\(change.cell)' of '\(change.type)' has \(change.drawn) \(change.drawn == 1 ? "column" : "columns"), not the \(change.written) family '\(decl.family.name)' gives it",
          at: spot.spot, notes: [note])
      }
    }
  }

  /// The cell styles (in the family's order) a `responsive="true"` of `owner` governs: every
  /// component's for the family's, a component's own for a component's, the one cell for a cell's,
  /// and a component's cells in the named layout for a layout's.
  private static func styles(of owner: ResponsiveOwner?, in family: Family) -> [(type: String, cell: String, layout: String?)] {
    guard let owner else { return family.components.flatMap { c in c.cells.map { (c.type, $0.name, nil) } } }
    guard let component = family.component(owner.type) else { return [] }
    let cells = component.cells.map(\.name).filter { owner.cell == nil || owner.cell == $0 }
    return cells.map { (component.type, $0, owner.layout) }
  }

  /// The first phone and cell style of `styles` whose columns the responsive rule changes: those
  /// it has there, and those it has without the rule.
  private static func firstChange(
    _ family: Family, among styles: [(type: String, cell: String, layout: String?)], on phones: [Device]
  ) -> (device: Device, type: String, cell: String, drawn: Int, written: Int)? {
    guard !styles.isEmpty else { return nil }
    var unruled = family
    unruled.responsive = nil
    for device in phones {
      for style in styles {
        let drawn = Geometry.columns(
          for: GeometryInput(family: family, componentType: style.type, cellStyle: style.cell, layoutName: style.layout), device: device)
        let written = Geometry.columns(
          for: GeometryInput(family: unruled, componentType: style.type, cellStyle: style.cell, layoutName: style.layout), device: device)
        if drawn != written { return (device, style.type, style.cell, drawn, written) }
      }
    }
    return nil
  }
}

extension Rule {
  public static let responsivePhoneColumns = ResponsivePhoneColumnsRule.rule
}
