import ZappLayout
import ZappModel

extension Resolver {
  /// The component each cell of `c` holds (`styles.cell_body_component_type`, drawn with
  /// `styles.cell_body_styles` in the section's family): its renderer and the family cell's keys,
  /// its geometry (no layout name, header or footer of its own: the body's layout kind is its
  /// family style's, as `required_renderers` counts it). Its card styles, its first style's and
  /// each of its `cells`', are the family cells' alone: the component's own `styles` are its own.
  /// Its layout per device is the section's to set (`setCellBody`). Nil when the component names
  /// no body type.
  package func cellBody(_ c: ComponentDecl, familyName: String?) -> CellBody? {
    guard let type = c.cellBodyType?.value else { return nil }
    let family = familyName.flatMap { project.families[$0]?.family }
    let cellStyles = c.cellBodyStyles.map(\.value)
    let cells = cellStyles.map { name in sectionCell(name, family?.component(type)?.cell(named: name)) }
    var body = CellBody(
      componentType: type, cellStyles: cellStyles, renderer: ResolvedSection.Renderer(layoutID: cells.first?.layoutID),
      cellAttributes: cells.first?.cellAttributes ?? [], displayRules: cells.first?.displayRules)
    body.cardStyle = cells.first?.cardStyle
    body.cells = cells.count > 1 ? cells : []
    guard let familyName, let family else {
      body.layoutAbsent = .noFamily
      return body
    }
    let key = GeometryMemo.Key(
      family: ExactString(familyName), componentType: ExactString(type), cellStyles: cellStyles.map(ExactString.init),
      layoutName: nil, header: nil, footer: nil)
    guard let geometry = sectionGeometry(family, key: key) else {
      body.layoutAbsent = .notInFamily
      return body
    }
    body.geometry = geometry
    return body
  }
}

extension ResolvedSection {
  /// Gives the section the component its cells hold (`cellBody`), laid out on each of `devices`
  /// where the section draws it (`drawsCellBody(on:)`).
  package mutating func setCellBody(_ body: CellBody?, devices: [Device]) {
    cellBody = body
    guard var body, body.geometry != nil else { return }
    body.layout = devices.compactMap { device in
      cellBodyLayout(on: device).map { (device.name, $0) }
    }
    cellBody = body
  }
}
