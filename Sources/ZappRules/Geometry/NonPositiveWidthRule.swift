import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0503 non-positive-width.
package enum NonPositiveWidthRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0503", name: "non-positive-width", severity: .error, category: .geometry,
    summary: "The columns do not fit: the item width is zero or less on a device.",
    explanation: """
      Item width is `(W − L − R − (n − 1)·s) / n`. When the insets are as wide as a device of the \
      project, when insets and spacing leave no room for the columns, or when a one_and_n spacing \
      takes the whole content width, cells would have no width, and zlc never writes one. The \
      message names the device and the cause. A client lays a section out at any width of a size \
      class, so each size class that starts above 0 and holds a device of the project is checked \
      at its `min_width` too. In a section of several cell styles, each style is sized within the \
      section's insets and spacing (its first style's), and is reported at its entry of \
      `cell_styles` when it has no room there (not on size classes where the section is hidden or \
      replaced).
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
    let windows = narrowestWindows(context.project.settings)
    forEachStyle(context) { decl, family, component, cell, layouts, devices in
      check(decl, family, component: component, cell: cell, layouts: layouts, devices: devices + windows, context)
    }
  }

  /// A window at the `min_width` of each size class that starts above 0 and holds one of the
  /// project's devices, without a name: a client lays a section out at any width of a class, and
  /// with the same columns an item is narrowest at the class's smallest width. (A class from 0 is
  /// checked at the project's devices alone; a class no device is in, as a TV app's phone and
  /// tablet classes, is never drawn.)
  package static func narrowestWindows(_ settings: ProjectSettings) -> [Device] {
    settings.sizeClasses.compactMap { sizeClass in
      guard sizeClass.minWidth > 0, ProjectSettings.deviceWidths.contains(sizeClass.minWidth),
        settings.devices.contains(where: { $0.sizeClass == sizeClass.name })
      else { return nil }
      let window = Device(forWidth: sizeClass.minWidth, sizeClasses: settings.sizeClasses)
      // Overlapping or empty ranges are ZL0508's.
      return window.sizeClass == sizeClass.name ? window : nil
    }
  }

  /// How a message names a device, or a window of `narrowestWindows`.
  package static func naming(_ device: Device) -> String {
    guard device.name.isEmpty, let sizeClass = device.sizeClass else {
      return "on device '\(device.name)' (\(format(device.width)) wide)"
    }
    return "at \(format(device.width)) wide, the narrowest window of size class '\(sizeClass)'"
  }

  /// The note at where a device, or the size class of a window of `narrowestWindows`, is declared.
  package static func notes(at device: Device, _ settings: ProjectSettings) -> [DiagnosticNote] {
    if device.name.isEmpty, let name = device.sizeClass {
      let entry = settings.sizeClassEntries.first { $0.sizeClass.name == name }
      return (entry?.value["min_width"]?.spot).map { [DiagnosticNote("size class '\(name)' starts here", at: $0)] } ?? []
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
    for decl in context.project.families.values {
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

  /// Reports the first layout and device on which the cell style (or component) has no room;
  /// `family` is the declaration's family, or that family narrowed to the component and cell.
  package static func check(
    _ decl: FamilyDecl, _ family: Family, component: ComponentStyle, cell: String?, layouts: [String?], devices: [Device],
    _ context: RuleContext
  ) {
    for layoutName in layouts {
      let input = GeometryInput(family: family, componentType: component.type, cellStyle: cell, layoutName: layoutName)
      let layoutOn = Geometry.layouter(for: input)
      for device in devices {
        let layout = layoutOn(device)
        let width = layout.kind == .oneAndN ? min(layout.large?.width ?? 0, layout.small?.first?.width ?? 0) : layout.item.width
        guard !(width > 0) else { continue }
        let (spot, what, notes) = place(decl, component, cell, device, context)
        let m = Geometry.metrics(for: input, on: device)
        let left = m.insetLeft ?? 0
        let right = m.insetRight ?? 0
        let spacing = m.interItemSpacing ?? 0
        let content = device.width - left - right
        let on = naming(device)
        let cause: String
        if !(Geometry.round2(content) > 0) {
          cause =
            "its left and right insets (\(format(left)) + \(format(right))) are as wide as the \(device.name.isEmpty ? "window" : "device")"
        } else if layout.kind == .oneAndN {
          cause = "its one_and_n spacing of \(format(spacing)) leaves no width for the large and small items in \(format(content))"
        } else {
          cause = "\(layout.columns) columns leave an item width of \(format(width))"
        }
        context.report(rule, "\(what) of family '\(family.name)' has no room \(on): \(cause)", at: spot, notes: notes)
        return
      }
    }
  }
}

extension Rule {
  public static let nonPositiveWidth = NonPositiveWidthRule.rule
}
