import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0503 non-positive-width.
package enum NonPositiveWidthRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0503", name: "non-positive-width", severity: .error, category: .geometry,
    summary: "The columns do not fit: the item width is zero or less on a device, or at a width a client may use.",
    explanation: """
      Item width is `(W − L − R − (n − 1)·s) / n`. When the insets are as wide as a device of the \
      project, when insets and spacing leave no room for the columns, or when a one_and_n spacing \
      takes the whole content width, cells would have no width, and zlc never writes one. The \
      message names the device and the cause. A client lays a section out at any width of a size \
      class, so each size class is checked too, from its `min_width` (a class from 0: from its \
      narrowest device, else 320) up to its `max_width` (else 10,000): at its lower bound, and \
      where the responsive rule adds a column, the narrowest item with those columns, without a \
      state and in each state the family gives values for. A TV app's \
      windows do not change width: there, only its devices are checked. In a \
      section of several cell styles, each style is sized within the \
      section's insets and spacing (its first style's), and is reported at its entry of \
      `cell_styles` when it has no room there (not on size classes where the section is hidden or \
      replaced); so is each style of a cell body (`cell_body_styles`), within its first style's. A \
      family zlc ships (`FAMILY_1`, `FAMILY_2`) is checked only when a screen or component names \
      it, every style of it then: one the app does not draw with is not the app's to fix (so for \
      ZL0509).
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" divider="60"/></Screens><Components><Component type="grid" columns="8"><Cell name=⟦⟧"G"/></Component></Components></Family>"#
      ], reports: [.init("cell style 'G' of family 'F' has no room on device 'phone' (375 wide): 8 columns leave an item width of -5.63")]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Screens><Screen type="default" divider="6"/></Screens><Components><Component type="grid" columns="8"><Cell name="G"/></Component></Components></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let ranges = LayoutWindows.ranges(context.project)
    forEachStyle(context) { decl, family, component, cell, layouts, devices in
      check(decl, family, component: component, cell: cell, layouts: layouts, devices: devices, ranges: ranges, context)
    }
  }

  /// How a message names a device, or a window of `LayoutWindows` (with its state, when it has one).
  package static func naming(_ device: Device, _ settings: ProjectSettings) -> String {
    guard device.name.isEmpty, let sizeClass = device.sizeClass else {
      return "on device '\(device.name)' (\(format(device.width)) wide)"
    }
    let atBound = settings.sizeClasses.contains { $0.name == sizeClass && $0.minWidth == device.width }
    let state = device.state.map { " in state '\($0.word)'" } ?? ""
    return "at \(format(device.width)) wide, \(atBound ? "the narrowest window" : "a window") of size class '\(sizeClass)'\(state)"
  }

  /// The note at where a device, or the size class of a window of `LayoutWindows`, is declared;
  /// for a window of a size class that holds no device of the project, a note that says so.
  package static func notes(at device: Device, _ settings: ProjectSettings) -> [DiagnosticNote] {
    if device.name.isEmpty, let name = device.sizeClass {
      let entry = settings.sizeClassEntries.first { $0.sizeClass.name == name }
      var notes = (entry?.value["min_width"]?.spot).map { [DiagnosticNote("size class '\(name)' starts here", at: $0)] } ?? []
      if !settings.devices.contains(where: { $0.sizeClass == name }) {
        notes.append(DiagnosticNote("no device of the project is in size class '\(name)', but a client lays sections out at any width"))
      }
      return notes
    }
    return settings.deviceSpots[device.name].map { [DiagnosticNote("device '\(device.name)' is declared here", at: $0)] } ?? []
  }

  /// Calls `body` once for each cell style of each component of each family (once for a component
  /// with none), with the family narrowed to that component and cell, and the layouts and devices
  /// to lay it out with.
  package static func forEachStyle(
    _ context: RuleContext,
    _ body: (_ decl: FamilyDecl, _ family: Family, _ component: ComponentStyle, _ cell: String?, _ layouts: [String?], _ devices: [Device])
      -> Void
  ) {
    let devices = context.project.settings.devices
    // A built-in family no screen draws with is not the app's: its findings could not be acted
    // on. All are checked while a file is unread, as a screen in it may draw with one.
    let drawn = context.project.hasUnreadableFiles ? nil : context.project.familyNamesInUse
    for decl in context.project.families.values where !decl.isBuiltin || drawn?.contains(decl.family.name) ?? true {
      let family = decl.family
      for component in family.components {
        let layouts: [String?] = [nil] + component.layouts.map(\.name)
        guard !component.cells.isEmpty else {
          body(decl, family.narrowed(to: component, cell: nil), component, nil, layouts, devices)
          continue
        }
        for cell in component.cells {
          let single = family.narrowed(to: component, cell: cell)
          body(decl, single, single.components[0], cell.name, layouts, devices)
        }
      }
    }
  }

  /// Where a finding about a cell style (or a component) points, what names it, and the note at
  /// the device it fails on.
  package static func place(_ decl: FamilyDecl, _ component: ComponentStyle, _ cell: String?, _ device: Device, _ context: RuleContext)
    -> (spot: SourceSpot, what: String, notes: [DiagnosticNote])
  {
    let spot = cell.flatMap { decl.cellSpots[component.type]?[$0] } ?? decl.componentSpots[component.type] ?? decl.spot
    let what = cell.map { "cell style '\($0)'" } ?? "component '\(component.type)'"
    return (spot, what, notes(at: device, context.project.settings))
  }

  /// Reports the first layout and device, or window of `LayoutWindows`, on which the cell style
  /// (or component) has no room; `family` is the declaration's family, or that family narrowed to
  /// the component and cell.
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
      let width = { (layout: SectionLayout) in
        layout.kind == .oneAndN ? min(layout.large?.width ?? 0, layout.small?.first?.width ?? 0) : layout.item.width
      }
      let isBad = { (device: Device) in !(width(layoutOn(device)) > 0) }
      guard
        let device = devices.first(where: isBad)
          ?? LayoutWindows.first(
            in: ranges, context.project.settings.sizeClasses, styles: [style], responsive: responsive, where: isBad)
      else { continue }
      let layout = layoutOn(device)
      var (spot, what, notes) = place(decl, component, cell, device, context)
      notes += responsiveNote(decl, component, style, responsive, device, columns: layout.columns)
      let m = Geometry.metrics(for: input, on: device)
      let left = m.insetLeft ?? 0
      let right = m.insetRight ?? 0
      let spacing = m.interItemSpacing ?? 0
      let content = device.width - left - right
      let on = naming(device, context.project.settings)
      let cause: String
      if !(Geometry.round2(content) > 0) {
        cause =
          "its left and right insets (\(format(left)) + \(format(right))) are as wide as the \(device.name.isEmpty ? "window" : "device")"
      } else if layout.kind == .oneAndN {
        cause = "its one_and_n spacing of \(format(spacing)) leaves no width for the large and small items in \(format(content))"
      } else {
        cause = "\(layout.columns) columns leave an item width of \(format(width(layout)))"
      }
      context.report(rule, "\(what) of family '\(family.name)' has no room \(on): \(cause)", at: spot, notes: notes)
      return
    }
  }

  /// On a device, or in a window of `LayoutWindows`, whose columns the responsive rule sets, the
  /// note at the family's rule, with the width from which it gives those columns (and, where it
  /// would give more than a row holds, that they are cut to `Metrics.maxColumns`).
  package static func responsiveNote(
    _ decl: FamilyDecl, _ component: ComponentStyle, _ style: StyleGeometry, _ responsive: ResponsiveRule?, _ device: Device,
    columns: Int
  ) -> [DiagnosticNote] {
    let entry = style.metrics(on: device)
    guard let responsive, entry.metrics.responsive == true, !entry.setsColumns, columns > 1 else { return [] }
    let unit = responsive.standardWidth / Double(style.phoneColumns) * responsive.scale
    let given = (device.width / unit).rounded(.down)
    let cut = columns == Metrics.maxColumns && given > Double(columns) ? " (it would give \(format(given)), cut to \(columns))" : ""
    return [
      DiagnosticNote(
        "\(responsiveRule(of: component)) gives \(columns) columns from \(format(Double(columns) * unit)) wide, one every \(format(unit)) points"
          + cut,
        at: decl.responsiveDefinitions.first)
    ]
  }
}

extension ProjectRule {
  /// How a note names the responsive rule `component`'s sections lay out with: the family's, with
  /// the component's own scale when it gives one.
  package static func responsiveRule(of component: ComponentStyle?) -> String {
    guard let component, let scale = component.scale else { return "the family's responsive rule" }
    return "the family's responsive rule (with the scale \(format(scale)) of component '\(component.type)')"
  }
}

extension Rule {
  public static let nonPositiveWidth = NonPositiveWidthRule.rule
}
