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
      With W = 320 and insets and spacing 10, one column is 300 and two are 145.
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
    for decl in context.project.families.values where !decl.designWidths.isEmpty {
      let byCell = decl.family.narrowedByCell()
      for declared in decl.designWidths {
        let deviceClass: DeviceClass = declared.selector == .tablet ? .tablet : .phone
        let family = byCell[declared.type.lowercased() + "\u{0}" + declared.cell] ?? decl.family
        let input = GeometryInput(family: family, componentType: declared.type, cellStyle: declared.cell)
        let metrics = Geometry.metrics(for: input, on: deviceClass)
        guard let designWidth = metrics.designWidth else { continue }
        let screenWidth = metrics.designScreenWidth ?? (deviceClass == .phone ? 320 : 1024)
        let device = Device(name: "design", deviceClass: deviceClass, width: screenWidth)
        let computed = Geometry.layout(for: input, device: device).item.width
        if abs(computed - designWidth) > 0.5 {
          context.report(
            rule,
            "cell style '\(declared.cell)' declares a design width of \(format(designWidth)) but the family arithmetic gives \(format(computed)) on a \(format(screenWidth))-point \(deviceClass.rawValue)",
            at: declared.spot)
        }
      }
    }
  }
}

extension Rule {
  public static let designWidthMismatch = DesignWidthMismatchRule.rule
}
