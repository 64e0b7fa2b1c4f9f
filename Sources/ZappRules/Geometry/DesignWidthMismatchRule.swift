import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0505 design-width-mismatch.
package enum DesignWidthMismatchRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0505", name: "design-width-mismatch", severity: .error, category: .geometry,
    summary: "A cell's declared design width disagrees with the family arithmetic.",
    explanation: """
      A cell style that declares `designWidth` (for a screen of `designScreenWidth`, by default \
      320 on phones and 1024 on tablets) must match `(W − L − R − (n − 1)·s) / n` within 0.5 pt. \
      With W = 320 and insets and spacing 10, one column is 300 and two are 145. An entry of a \
      size class is checked on a window of that class (of `designScreenWidth`, else the class's \
      width nearest the default of its device class), one of a window state on each device of \
      the project in that state (none: nothing draws it, and it is not checked).
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Screens><Screen type="default" padding="10" divider="10"/></Screens><Components><Component type="grid" columns="2"><Cell name="G"><Screens><Screen type="default" designWidth=⟦⟧"150"/></Screens></Cell></Component></Components></Family>"#
      ], reports: [.init("cell style 'G' declares a design width of 150 but the family arithmetic gives 145 on a 320-point phone")]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Screens><Screen type="default" padding="10" divider="10"/></Screens><Components><Component type="grid" columns="2"><Cell name="G"><Screens><Screen type="default" designWidth="145"/></Screens></Cell></Component></Components></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let settings = context.project.settings
    for decl in context.project.families.values where !decl.designWidths.isEmpty {
      let byCell = decl.family.narrowedByCell()
      for declared in decl.designWidths {
        let family = byCell[declared.type.lowercased() + "\u{0}" + declared.cell] ?? decl.family
        let input = GeometryInput(family: family, componentType: declared.type, cellStyle: declared.cell)
        for window in windows(of: declared.window, settings) {
          let metrics = Geometry.metrics(for: input, on: window.device)
          guard let designWidth = metrics.designWidth else { continue }
          var device = window.device
          if let width = metrics.designScreenWidth { device.width = width }
          let computed = Geometry.layout(for: input, device: device).item.width
          guard abs(computed - designWidth) > 0.5 else { continue }
          context.report(
            rule,
            "cell style '\(declared.cell)' declares a design width of \(format(designWidth)) but the family arithmetic gives \(format(computed)) on a \(format(device.width))-point \(window.noun)",
            at: declared.spot)
          break  // one finding per entry
        }
      }
    }
  }

  /// The windows an entry's design width is checked on, each with how a message names it: a
  /// device class's default (320 on phones, 1024 on tablets); for a size class, a window of it
  /// (that width, else the nearest one the class holds); for a state, each device of the project
  /// in that state (none: nothing draws the entry).
  static func windows(of entry: FamilyEntryWindow, _ settings: ProjectSettings) -> [(device: Device, noun: String)] {
    func width(_ deviceClass: DeviceClass) -> Double { deviceClass == .phone ? 320 : 1024 }
    switch entry {
    case .deviceClass(let selector):
      let deviceClass: DeviceClass = selector == .tablet ? .tablet : .phone
      return [(Device(name: "design", deviceClass: deviceClass, width: width(deviceClass)), deviceClass.rawValue)]
    case .sizeClass(let name):
      guard let sizeClass = settings.sizeClasses.first(where: { $0.name == name }) else { return [] }
      let upper = sizeClass.maxWidth.map { $0 - 1 } ?? .infinity
      let inside = min(max(width(sizeClass.deviceClass), sizeClass.minWidth), max(upper, sizeClass.minWidth))
      let device = Device(name: "design", deviceClass: sizeClass.deviceClass, width: inside, sizeClass: name)
      return [(device, "\(sizeClass.deviceClass.rawValue) window of size class \(name)")]
    case .state(let state):
      return settings.devices.filter { $0.state == state }.map {
        ($0, "\($0.deviceClass.rawValue) window in \(state.word) (device '\($0.name)')")
      }
    }
  }
}

extension Rule {
  public static let designWidthMismatch = DesignWidthMismatchRule.rule
}
