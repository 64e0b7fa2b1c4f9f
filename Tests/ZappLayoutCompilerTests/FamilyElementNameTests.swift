import XCTest

@testable import ZappLayoutCompiler

/// A finding on an attribute of a `<GridComponent>` names the element as written, not the element
/// it stands for (`<Component>`).
final class FamilyElementNameTests: XCTestCase {
  func testAnUnknownAttributeNamesTheElementAsWritten() throws {
    let xml = """
      <Family name="X"><Components>
      <GridComponent columns="2" ⟦ZL0204⟧sizeClassMapping="x"><Cells><Cell name="G" aspectCellRatio="1"/></Cells></GridComponent>
      <ListComponent ⟦ZL0204⟧bogus="1"><Cells><Cell name="L" aspectCellRatio="1"/></Cells></ListComponent>
      </Components></Family>
      """
    try assertFindings(
      ["families/x.xml": xml],
      [
        "families/x.xml": [
          ("unknown attribute 'sizeClassMapping' on <GridComponent>", [], nil), ("unknown attribute 'bogus' on <ListComponent>", [], nil),
        ]
      ])
  }

  /// An element of the format written with a namespace prefix is an error: clients read the element
  /// by its name alone, and would lose the values it holds.
  func testAPrefixedElementIsAnError() throws {
    let xml = """
      <Family name="X"><Screens>⟦ZL0206⟧<app:Screen type="default" divider="1"/></Screens>
      <Components>⟦ZL0206⟧<a:GridComponent columns="2"/></Components>⟦ZL0206⟧<a:ListComponent/></Family>
      """
    try assertFindings(
      ["families/x.xml": xml],
      [
        "families/x.xml": [
          ("element <app:Screen> inside <Screens> has a namespace prefix: clients read <Screen> alone and ignore it", [], nil),
          (
            "element <a:GridComponent> inside <Components> has a namespace prefix: clients read <GridComponent> alone and ignore it", [],
            nil
          ),
          ("element <a:ListComponent> in <Family> has a namespace prefix: clients read <ListComponent> alone and ignore it", [], nil),
        ]
      ])
  }

  /// A namespace declaration is XML's own, on any element: no unknown attribute.
  func testANamespaceDeclarationOnAnyElementIsClean() throws {
    let xml = """
      <Family name="X" xmlns:app="urn:a"><Screens><Screen type="default" divider="1" xmlns:b="urn:b"/></Screens>
      <Components><GridComponent columns="2" xmlns="urn:c"><Cell name="G" aspectCellRatio="1"/></GridComponent></Components></Family>
      """
    try assertFindings(["families/x.xml": xml], ["families/x.xml": []])
  }
}
