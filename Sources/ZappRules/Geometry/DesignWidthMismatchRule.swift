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
      With W = 320 and insets and spacing 10, one column is 300 and two are 145. A cell's own \
      `designWidth`, or a `universal` entry's, is its design for the phone, checked on the phone \
      window alone (give a tablet's in its `sw600` entry). An entry of a \
      size class or a window state holds when it matches on one device of the project in it (at \
      `designScreenWidth`, when the entry gives one); a size class no device is in is checked on \
      a window of it (the default of its device class, else the class's width nearest it), a \
      state no device is in not at all: nothing draws it.
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
        // The entry holds when it matches one of its windows: the first that does not is reported.
        var mismatch: (designWidth: Double, computed: Double, device: Device, noun: String)?
        for window in windows(of: declared.window, settings) {
          let metrics = Geometry.metrics(for: input, on: window.device)
          guard let designWidth = metrics.designWidth else { continue }
          var device = window.device
          if let width = metrics.designScreenWidth { device.width = width }
          let computed = Geometry.layout(for: input, device: device).item.width
          guard abs(computed - designWidth) > 0.5 else {
            mismatch = nil
            break
          }
          if mismatch == nil { mismatch = (designWidth, computed, device, window.noun) }
        }
        guard let mismatch else { continue }
        context.report(
          rule,
          "cell style '\(declared.cell)' declares a design width of \(format(mismatch.designWidth)) but the family arithmetic gives \(format(mismatch.computed)) on a \(format(mismatch.device.width))-point \(mismatch.noun)",
          at: declared.spot)
      }
    }
  }

  /// The windows an entry's design width is checked on, each with how a message names it (an
  /// entry's `designScreenWidth` gives each its width): a device class's default (320 on phones,
  /// 1024 on tablets); for a size class or a state, each device of the project in it, and for a
  /// size class no device is in, a window of it (the default of its device class, else the
  /// nearest width it holds). A state no device is in: none (nothing draws the entry).
  static func windows(of entry: FamilyEntryWindow, _ settings: ProjectSettings) -> [(device: Device, noun: String)] {
    func width(_ deviceClass: DeviceClass) -> Double { deviceClass == .phone ? 320 : 1024 }
    func named(_ device: Device, _ place: String) -> (device: Device, noun: String) {
      (
        device,
        "\(device.deviceClass.rawValue) window \(place) (device '\(device.name)'; designScreenWidth names the window it was designed for)"
      )
    }
    switch entry {
    case .deviceClass(let selector):
      let deviceClass: DeviceClass = selector == .tablet ? .tablet : .phone
      return [(Device(name: "design", deviceClass: deviceClass, width: width(deviceClass)), deviceClass.rawValue)]
    case .sizeClass(let name):
      guard let sizeClass = settings.sizeClasses.first(where: { $0.name == name }) else { return [] }
      let devices = settings.devices.filter { $0.sizeClass == name }
      guard devices.isEmpty else { return devices.map { named($0, "of size class \(name)") } }
      let upper = sizeClass.maxWidth.map { $0 - 1 } ?? .infinity
      let inside = min(max(width(sizeClass.deviceClass), sizeClass.minWidth), max(upper, sizeClass.minWidth))
      let device = Device(name: "design", deviceClass: sizeClass.deviceClass, width: inside, sizeClass: name)
      return [(device, "\(sizeClass.deviceClass.rawValue) window of size class \(name)")]
    case .state(let state):
      return settings.devices.filter { $0.state == state }.map { named($0, "in \(state.word)") }
    }
  }
}

extension Rule {
  public static let designWidthMismatch = DesignWidthMismatchRule.rule
}
