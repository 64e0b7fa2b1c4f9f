import ZappDiagnostics

/// ZL0335 component-element-name. Reported by the family reader (`FamilyReader.xmlNode`).
package enum ComponentElementNameRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0335", name: "component-element-name", severity: .warning, category: .shape,
    summary: "A family XML component element's `name` names another component type than the element.",
    explanation: """
      In family XML, a component element names its type twice: `<ListComponent name="LIST">` \
      styles the `list` type, by its element and by its `name`. When the two disagree, the `name` \
      wins, as clients read it: `<GridComponent name="G">` styles a type `g`, and screens whose \
      grids use its cell styles find none for `grid` (ZL0304). The `name` is a warning, with a \
      note at the element. Make the two agree, or write `<Component type="…">` to name the type \
      once.
      """,
    bad: .files(
      [
        "families/f.xml": """
        <Family name="F"><Components><GridComponent name=⟦⟧"G" columns="2"><Cell name="G_1" aspectCellRatio="1"/>\
        </GridComponent></Components></Family>
        """
      ],
      reports: [
        .init(
          "<GridComponent name=\"G\"> styles component type 'g', not 'grid': the name, not the element, names the type",
          notes: ["the element names 'grid'"])
      ]),
    good: .files([
      "families/f.xml": """
      <Family name="F"><Components><GridComponent name="GRID" columns="2"><Cell name="G_1" aspectCellRatio="1"/>\
      </GridComponent></Components></Family>
      """
    ]))
}

extension Rule {
  public static let componentElementName = ComponentElementNameRule.rule
}

extension ComponentElementNameRule {
  package typealias Message = RuleMessage<ComponentElementNameRule>
}

extension RuleMessage where Owner == ComponentElementNameRule {
  /// `element` as written (`GridComponent`); `named` the type its `name` gives, `elementType` the
  /// one the element's own name gives.
  package static func nameDiffers(element: String, name: String, named: String, elementType: String) -> Self {
    Self(
      "name-differs",
      "<\(element) name=\"\(shortValue(name))\"> styles component type '\(shortValue(named))', not '\(elementType)': "
        + "the name, not the element, names the type")
  }
}
