// The body of a section's cells (`cell_body`): each cell of a two-level component, such as a
// `tab_bar`, holds a component of `styles.cell_body_component_type` drawn with
// `styles.cell_body_styles`. Its keys are in BundleFields+CellBody.swift.

/// The component each cell of a section holds (each tab of a `tab_bar` holds, say, a `list` of
/// `LIST_2`): its type and cell styles, its renderer and the family cell's keys, and its layout per
/// device and at any width, as a section holds its own.
public struct CellBody: Sendable {
  /// The body's component type (`styles.cell_body_component_type`).
  public var componentType: String
  /// The body's cell styles (`styles.cell_body_styles`): item i of a body's data is drawn with
  /// style min(i, n − 1).
  public var cellStyles: [String]
  /// The client renderer of the first cell style: its layout id in the family.
  public var renderer: ResolvedSection.Renderer
  /// The first cell style's own attributes in the family, sorted by name.
  public var cellAttributes: [(String, JSON)]
  /// The first cell style's display rules in the family, passed through as written.
  public var displayRules: JSON?
  /// How the first cell style's cards are drawn: its family cell's `style` (nil when it sets no key).
  public var cardStyle: CardStyle?
  /// Every cell style with its renderer, in order, when the body lists more than one.
  public var cells: [SectionCell] = []
  /// The `layouts` entry holding the family cell's keys, `layout` and `geometry` in the compact
  /// form (nil: held in place).
  public var layoutRef: String?
  /// Per device name, in the order of the bundle's devices: the body's layout there, on each
  /// device whose size class the section's `size_class_mapping` has no entry for
  /// (`ResolvedSection.drawsCellBody(on:)`).
  public var layout: [(device: String, layout: SectionLayout)]
  /// Why `layout` is empty, when it is.
  public var layoutAbsent: LayoutAbsence?
  /// What the runtime needs to lay the body out at any width (`layout(forWidth:sizeClasses:)`).
  public var geometry: SectionGeometry?

  public init(
    componentType: String, cellStyles: [String], renderer: ResolvedSection.Renderer = .init(layoutID: nil),
    cellAttributes: [(String, JSON)] = [], displayRules: JSON? = nil, layout: [(device: String, layout: SectionLayout)] = [],
    layoutAbsent: LayoutAbsence? = nil, geometry: SectionGeometry? = nil
  ) {
    self.componentType = componentType
    self.cellStyles = cellStyles
    self.renderer = renderer
    self.cellAttributes = cellAttributes
    self.displayRules = displayRules
    self.layout = layout
    self.layoutAbsent = layoutAbsent
    self.geometry = geometry
  }

  /// The layout on a device, by name.
  public func layout(on device: String) -> SectionLayout? {
    for i in layout.indices where layout[i].device == device { return layout[i].layout }
    return nil
  }

  /// The body's own geometry laid out on `device` (nil without one), whether or not the section
  /// draws the body there. The compiler writes `layout` with it where the section does
  /// (`ResolvedSection.cellBodyLayout(on:)`); a client that needs to know whether the body is
  /// drawn asks the section too (`ResolvedSection.cellBodyLayout(forWidth:state:sizeClasses:)`).
  public func drawnLayout(on device: Device) -> SectionLayout? { geometry?.layout(on: device) }

  /// The body laid out by its geometry in a window `width` points wide in `state` (nil: no
  /// state), whether or not the section draws it there. A client asks the section instead
  /// (`ResolvedSection.cellBodyLayout(forWidth:state:sizeClasses:)`): it is nil where the width's
  /// size class maps the section to something else.
  public func layout(forWidth width: Double, state: ScreenState? = nil, sizeClasses: [SizeClass]) -> SectionLayout? {
    drawnLayout(on: Device(forWidth: width, state: state, sizeClasses: sizeClasses))?.atLeastZero
  }

  /// What the body needs drawn: its component type, its renderer's layout id and its layout kind.
  public var neededRenderers: RendererSet {
    RendererSet(
      componentTypes: [componentType], cellLayouts: ([renderer.layoutID] + cells.map(\.layoutID)).compactMap { $0 },
      layoutKinds: geometry.map { [$0.kind.word] } ?? [])
  }
}

extension CellBody: Hashable {
  /// Equal when their expanded encodings are: what they draw, whether the body holds its layout
  /// or names a `layouts` entry that holds it.
  public static func == (lhs: CellBody, rhs: CellBody) -> Bool {
    lhs.encoded(pretty: false, form: .expanded) == rhs.encoded(pretty: false, form: .expanded)
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(encoded(pretty: false, form: .expanded)) }
}

extension ResolvedSection {
  /// Whether the section draws its cell body on `device`: it has one, and its `size_class_mapping`
  /// has no entry for the device's size class. Any entry counts, one that hides the section or
  /// maps it to a type, even its own type with another cell style: the body describes the cells
  /// of the section as the compiler resolved it, not of what an entry draws instead.
  public func drawsCellBody(on device: Device) -> Bool {
    guard cellBody != nil else { return false }
    guard let name = device.sizeClass else { return true }
    return !sizeClassMapping.contains { $0.sizeClass == name }
  }

  /// The cell body's layout on `device`: its geometry's there where the section draws its body
  /// (`drawsCellBody(on:)`), else nil, as the compiler writes the body's `layout`.
  public func cellBodyLayout(on device: Device) -> SectionLayout? {
    drawsCellBody(on: device) ? cellBody?.drawnLayout(on: device) : nil
  }

  /// The cell body's layout in a window `width` points wide in `state` (nil: no state): what the
  /// compiler writes for a device of that width and state declared without a class, nil where the
  /// width's size class has a `size_class_mapping` entry (`drawsCellBody(on:)`).
  public func cellBodyLayout(forWidth width: Double, state: ScreenState? = nil, sizeClasses: [SizeClass]) -> SectionLayout? {
    cellBodyLayout(on: Device(forWidth: width, state: state, sizeClasses: sizeClasses))?.atLeastZero
  }
}
