// The responsive parts of the bundle: a section's `size_class_mapping` and how a section is drawn
// on a device or at a width. Their keys are in BundleFields+Geometry.swift.

extension JSON {
  /// A family value exactly as the arithmetic reads it (no rounding), so that geometry recomputed
  /// from the bundle equals the compiler's.
  package static func exact(_ value: Double) -> JSON { NumberForm.exact(value).json }
}

/// One entry of a section's `size_class_mapping` as the bundle writes it: the replacement and, for
/// a replacement the family styles, its geometry.
public struct MappedSizeClass: Hashable, Sendable {
  public var sizeClass: String
  public var replacement: SizeClassReplacement
  /// The replacement cell style's layout id in the family, when it has one.
  public var layoutID: String?
  /// How the replacement's cards are drawn: its cell's `style`, with each key the component's
  /// `styles` sets in its place.
  public var cardStyle: CardStyle?
  /// The replacement's geometry (nil when hidden, or when the family has no styles for its type).
  public var geometry: SectionGeometry?
  /// The `layouts` entry holding `geometry` in the compact form (nil: held in place).
  public var layoutRef: String?
  /// A plugin replacement's styles, an object as a plugin component's section `styles` is filled
  /// (bundle.md's `size_class_mapping`); nil for a built-in replacement, or a plugin with none.
  public var styles: JSON?
  /// A plugin replacement's other sections as it reads them, as a section's `pluginValues`;
  /// nil when its manifest has no field there, or no value.
  public var pluginValues: JSON?

  public init(sizeClass: String, replacement: SizeClassReplacement, geometry: SectionGeometry?) {
    self.sizeClass = sizeClass
    self.replacement = replacement
    self.geometry = geometry
  }
}

extension ResolvedSection {
  /// The section as drawn on a device: the replacement its size class maps it to (or hidden),
  /// laid out by the section's `geometry` (or the replacement's). The compiler writes `layout`
  /// and `drawn` with this, and clients call it for any device.
  public func drawn(on device: Device) -> DrawnSection {
    let sizeClass = device.sizeClass
    if let name = sizeClass, let mapped = sizeClassMapping.first(where: { $0.sizeClass == name }) {
      switch mapped.replacement {
      case .hide:
        return DrawnSection(sizeClass: sizeClass, componentType: componentType, cellStyles: cellStyles, hidden: true, layout: nil)
      case .use(let type, let style):
        return DrawnSection(
          sizeClass: sizeClass, componentType: type, cellStyles: style.map { [$0] } ?? [], hidden: false,
          layout: mapped.geometry?.layout(on: device))
      }
    }
    return DrawnSection(
      sizeClass: sizeClass, componentType: componentType, cellStyles: cellStyles, hidden: false, layout: geometry?.layout(on: device))
  }

  /// The section as drawn in a window `width` points wide: its size class and device class follow
  /// from the width (`sizeClasses` is the bundle's), and the result is exactly what the compiler
  /// writes for a device of that width declared without a class, every length at least 0 (a
  /// window narrower than the insets has items of no size, not of a negative one).
  public func drawn(forWidth width: Double, sizeClasses: [SizeClass]) -> DrawnSection {
    drawn(forWidth: width, state: nil, sizeClasses: sizeClasses)
  }

  /// The section as drawn in a window `width` points wide in `state` (nil: no state): exactly what
  /// the compiler writes for a device of that width and state declared without a class.
  public func drawn(forWidth width: Double, state: ScreenState?, sizeClasses: [SizeClass]) -> DrawnSection {
    var drawn = drawn(on: Device(forWidth: width, state: state, sizeClasses: sizeClasses))
    drawn.layout = drawn.layout?.atLeastZero
    return drawn
  }
}

extension Device {
  /// A device of a width alone (and a state, when given): its size class and device class follow
  /// from the width (phone when no class holds it). A width above `Metrics.maxLength` (the widest
  /// device a bundle holds, and the widest window zlc checks) is laid out as that wide, so every
  /// length stays finite; a negative width, or NaN, is taken as 0, size class included.
  public init(name: String = "", forWidth width: Double, state: ScreenState? = nil, sizeClasses: [SizeClass]) {
    let width = width >= 0 ? width : 0
    let sizeClass = SizeClass.containing(width: width, in: sizeClasses)
    let laidOut = width > Metrics.maxLength ? Metrics.maxLength : width
    self.init(name: name, deviceClass: sizeClass?.deviceClass ?? .phone, width: laidOut, sizeClass: sizeClass?.name, state: state)
  }
}

extension ResolvedScreen {
  /// Every section of the screen as drawn in a window `width` points wide (hidden ones included,
  /// marked `hidden`).
  public func sections(forWidth width: Double, sizeClasses: [SizeClass]) -> [DrawnSection] {
    sections(forWidth: width, state: nil, sizeClasses: sizeClasses)
  }

  /// Every section of the screen as drawn in a window `width` points wide in `state`.
  public func sections(forWidth width: Double, state: ScreenState?, sizeClasses: [SizeClass]) -> [DrawnSection] {
    resolved.sections.map { $0.drawn(forWidth: width, state: state, sizeClasses: sizeClasses) }
  }

  /// For each section, the index (in `resolved.sections`) of the section that shows its items in
  /// a window `width` points wide, the one before it merging the next on the width's size class
  /// (`merge_next_by_size_class`); nil for the others. A client draws a merged section's items in
  /// that section, after its own (`shownEntries`), and not the merged section. As the mapper
  /// merges: one level deep, between sections that draw data there; by default a section not
  /// hidden at the width that takes data (a client that knows which got none passes `drawsData`).
  public func mergedInto(
    forWidth width: Double, state: ScreenState? = nil, sizeClasses: [SizeClass], drawsData: ((ResolvedSection) -> Bool)? = nil
  ) -> [Int?] {
    let device = Device(forWidth: width, state: state, sizeClasses: sizeClasses)
    let draws = drawsData ?? { !$0.drawn(on: device).hidden && $0.data.binding != .none }
    return Mapper.mergeTargets(resolved.sections, sizeClass: device.sizeClass, drawsData: draws)
  }
}

extension SectionLayout {
  /// The layout with every length below zero taken as zero (sizes, frames and their origins), as
  /// the calls by window width return it: a window narrower than the insets and spacing leaves no
  /// room, and its cells are drawn with none rather than a negative size. The compiler's own
  /// layouts are not clamped: zlc refuses a device without room (ZL0503), so it never writes one.
  var atLeastZero: SectionLayout {
    func clamp(_ v: Double) -> Double { v > 0 ? v : 0 }
    func clamp(_ f: Frame) -> Frame { Frame(x: clamp(f.x), y: clamp(f.y), width: clamp(f.width), height: clamp(f.height)) }
    func clamp(_ i: ItemSize) -> ItemSize { ItemSize(width: clamp(i.width), height: i.height.map(clamp)) }
    var layout = self
    layout.item = clamp(item)
    layout.large = large.map(clamp)
    layout.small = small?.map(clamp)
    layout.columnWidth = columnWidth.map(clamp)
    layout.cells = cells?.map { cell in
      var cell = cell
      cell.item = clamp(cell.item)
      cell.elements = cell.elements?.map { ElementFrame(box: clamp($0.box), content: clamp($0.content)) }
      return cell
    }
    layout.headerHeight = headerHeight.map(clamp)
    layout.footerHeight = footerHeight.map(clamp)
    return layout
  }
}
