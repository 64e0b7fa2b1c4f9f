import ZappLayout

/// ZL0503 non-positive-width.
enum NonPositiveWidthRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0503", name: "non-positive-width", severity: .error, category: .geometry,
    summary: "The columns do not fit: the item width is zero or less on a device.",
    explanation: """
      Item width is `(W − L − R − (n − 1)·s) / n`. When insets and spacing leave no room for the \
      columns on a device of the project, cells would have no width.
      """,
    bad: .files([
      "families/f.xml":
        #"<Family name="F"><Screens><Screen type="default" divider="60"/></Screens><Components><Component type="grid" columns="8"><Cell name=⟦⟧"G"/></Component></Components></Family>"#
    ]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Screens><Screen type="default" divider="6"/></Screens><Components><Component type="grid" columns="8"><Cell name="G"/></Component></Components></Family>"#
    ]))

  static var needsCompleteProject: Bool { false }

  static func check(_ context: RuleContext) {
    for decl in context.project.families.values {
      let family = decl.family
      for component in family.components {
        let layouts: [String?] = [nil] + component.layouts.map(\.name)
        let devices = context.project.settings.devices
        guard !component.cells.isEmpty else {
          check(decl, family, component: component, cell: nil, layouts: layouts, devices: devices, context)
          continue
        }
        for cell in component.cells {
          // The geometry looks a cell up by name: given a family of this component with this one
          // cell, the lookup is immediate instead of a scan of every cell (quadratic in the cells).
          var single = component
          single.cells = [cell]
          var narrowed = family
          narrowed.components = [single]
          check(decl, narrowed, component: single, cell: cell.name, layouts: layouts, devices: devices, context)
        }
      }
    }
  }

  /// Reports the first layout and device on which the cell style (or component) has no room;
  /// `family` is the declaration's family, or that family narrowed to the component and cell.
  static func check(
    _ decl: FamilyDecl, _ family: Family, component: ComponentStyle, cell: String?, layouts: [String?], devices: [Device],
    _ context: RuleContext
  ) {
    for layoutName in layouts {
      for device in devices {
        let layout = Geometry.layout(
          for: GeometryInput(family: family, componentType: component.type, cellStyle: cell, layoutName: layoutName), device: device)
        let width = layout.kind == .oneAndN ? min(layout.large?.width ?? 0, layout.small?.first?.width ?? 0) : layout.item.width
        guard width <= 0 else { continue }
        let spot = cell.flatMap { decl.cellSpots[component.type]?[$0] } ?? decl.componentSpots[component.type] ?? decl.spot
        let what = cell.map { "cell style '\($0)'" } ?? "component '\(component.type)'"
        context.report(
          rule,
          "\(what) of family '\(family.name)' has no room on device '\(device.name)' (\(format(device.width)) wide): \(layout.columns) columns leave an item width of \(format(width))",
          at: spot,
          notes: context.project.settings.deviceSpots[device.name].map {
            [DiagnosticNote("device '\(device.name)' is declared here", at: $0)]
          }
            ?? [])
        return
      }
    }
  }
}

extension Rule {
  public static let nonPositiveWidth = NonPositiveWidthRule.rule
}
