import Foundation
import ZappDiagnostics
import ZappLayout
import ZappReaders

/// A family read from a file, with the source locations rules point at. A class, made once by the
/// reader: every component of every screen refers to its family, and a reference costs less to pass
/// around than a copy of every field.
public final class FamilyDecl: Sendable {
  public let family: Family
  public let file: SourceFile
  public let spot: SourceSpot
  public let isBuiltin: Bool
  /// Whether the family is written in JSON (a `.json` file), not XML: the messages name its keys
  /// as JSON does.
  public var isJSON: Bool { file.path.lowercased().hasSuffix(".json") }
  /// Where each component type, cell style, named layout and header is defined.
  public let componentSpots: [String: SourceSpot]
  /// The component types an XML element's `name` gives against the element's own (ZL0335's).
  public let typesNamedAgainstElement: Set<String>
  /// The component types a typed XML element names (`<GridComponent>`, with or without a `name`).
  public let typesOfTypedElements: Set<String>
  public let cellSpots: [String: [String: SourceSpot]]
  /// The shadow keys of each JSON cell's `style` that sets one, by component type and cell style.
  public let cellShadowKeys: [String: [String: CellShadowKeys]]
  public let layoutSpots: [String: [String: SourceSpot]]
  public let headerSpots: [String: SourceSpot]
  /// A JSON family's `sizeClassMapping` per component type, as written (the component's own
  /// `size_class_mapping` on a screen wins).
  public let sizeClassMappings: [String: JSONValue]
  /// `designWidth` declarations: component type, cell style, device class selector, spot.
  public let designWidths: [(type: String, cell: String, window: FamilyEntryWindow, spot: SourceSpot)]
  /// Every `responsive="true"` (a device class's, a size class's or state's, a component's, a
  /// cell's or a layout's): each needs the family's `<Responsive>` rule. `entry` is the `type` of
  /// the `<Screen>` entry that holds it, nil for an element's own attribute; `owner` the element
  /// it is of (its own or its `<Screen>` entry's), nil for the family's `<Screens>`.
  public let responsiveSpots: [(spot: SourceSpot, entry: String?, owner: ResponsiveOwner?)]
  /// Every number an attribute holds, in or out of range, as written.
  public let numbers: [FamilyNumber]
  /// Attributes the elements do not take.
  public let strays: [FamilyStray]
  /// The attributes cells pass through to clients (not metrics, `name` or `layoutId`), by cell.
  /// Each attribute a cell passes to clients, with the names the cell holds (`taken`).
  public let cellPassThroughs: [(type: String, cell: String, name: Located<String>, taken: [String])]
  /// Each XML cell style's `<DisplayRule>` entries (its first `<DisplayRules>`), one list a cell.
  public let displayRules: [[DisplayRuleEntry]]
  /// For each element with `<Screen>` children, their `type` attributes.
  public let deviceClassLists: [ScreenTypeList]
  /// Every component's `layout` attribute and every `<Layout>`'s `kind`, known or not.
  public let layoutAttributes: [Located<String>]
  public let layoutKinds: [Located<String>]
  /// Every component definition (its type), cell style, layout and header style definition,
  /// repeated ones included.
  public let componentDefinitions: [Located<String>]
  public let cellDefinitions: [(type: String, name: Located<String>)]
  public let layoutDefinitions: [(type: String, name: Located<String>)]
  public let headerDefinitions: [Located<String>]
  /// Every `<Responsive>` element, repeated ones included (the first one counts).
  public let responsiveDefinitions: [SourceSpot]
  /// The `scale` of each component style that gives one in range (the first style of a type).
  public let componentScales: [(type: String, spot: SourceSpot)]
  /// The component types (lower case) whose layout, or one of whose named layouts, is sticky:
  /// most families have none, and a check of every component for one then looks nothing up.
  public let stickyTypes: [String]
  /// The component types defining each cell style name, sorted (`cellTypes(defining:)`),
  /// made on the first question: only a finding asks it.
  private let cellTypesByName = Once<[String: [String]]>()

  /// The component types whose cells include one named `name`, sorted.
  public func cellTypes(defining name: String) -> [String] {
    cellTypesByName.value {
      var byName: [String: [String]] = [:]
      for (type, cells) in cellSpots.sorted(by: { $0.key < $1.key }) {
        for cell in cells.keys { byName[cell, default: []].append(type) }
      }
      return byName
    }[name] ?? []
  }

  package init(_ parts: FamilyParts) {
    family = parts.family
    file = parts.file
    spot = parts.spot
    isBuiltin = parts.isBuiltin
    componentSpots = parts.componentSpots
    typesNamedAgainstElement = parts.typesNamedAgainstElement
    typesOfTypedElements = parts.typesOfTypedElements
    cellSpots = parts.cellSpots
    cellShadowKeys = parts.cellShadowKeys
    layoutSpots = parts.layoutSpots
    headerSpots = parts.headerSpots
    sizeClassMappings = parts.sizeClassMappings
    designWidths = parts.designWidths
    responsiveSpots = parts.responsiveSpots
    numbers = parts.numbers
    strays = parts.strays
    cellPassThroughs = parts.cellPassThroughs
    displayRules = parts.displayRules
    deviceClassLists = parts.deviceClassLists
    layoutAttributes = parts.layoutAttributes
    layoutKinds = parts.layoutKinds
    componentDefinitions = parts.componentDefinitions
    cellDefinitions = parts.cellDefinitions
    layoutDefinitions = parts.layoutDefinitions
    headerDefinitions = parts.headerDefinitions
    responsiveDefinitions = parts.responsiveDefinitions
    componentScales = parts.componentScales
    stickyTypes = parts.family.components.filter { $0.layout == .sticky || $0.layouts.contains { $0.kind == .sticky } }.map(\.type)
  }

  /// Whether the family may lay out `type` (in any case) as sticky: false for a type without a
  /// sticky layout, without finding its style.
  public func maySticky(_ type: String) -> Bool {
    guard !stickyTypes.isEmpty else { return false }
    let lower = type.utf8.contains { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 } ? type.lowercased() : type
    return stickyTypes.contains(lower)
  }
}

/// The fields of a `FamilyDecl` (documented there) while the reader fills them in.
package struct FamilyParts {
  package var family: Family
  package var file: SourceFile
  package var spot: SourceSpot
  package var isBuiltin: Bool
  package var componentSpots: [String: SourceSpot] = [:]
  package var typesNamedAgainstElement: Set<String> = []
  package var typesOfTypedElements: Set<String> = []
  package var cellSpots: [String: [String: SourceSpot]] = [:]
  package var cellShadowKeys: [String: [String: CellShadowKeys]] = [:]
  package var layoutSpots: [String: [String: SourceSpot]] = [:]
  package var headerSpots: [String: SourceSpot] = [:]
  package var sizeClassMappings: [String: JSONValue] = [:]
  package var designWidths: [(type: String, cell: String, window: FamilyEntryWindow, spot: SourceSpot)] = []
  package var responsiveSpots: [(spot: SourceSpot, entry: String?, owner: ResponsiveOwner?)] = []
  package var numbers: [FamilyNumber] = []
  package var strays: [FamilyStray] = []
  package var cellPassThroughs: [(type: String, cell: String, name: Located<String>, taken: [String])] = []
  package var displayRules: [[DisplayRuleEntry]] = []
  package var deviceClassLists: [ScreenTypeList] = []
  package var layoutAttributes: [Located<String>] = []
  package var layoutKinds: [Located<String>] = []
  package var componentDefinitions: [Located<String>] = []
  package var cellDefinitions: [(type: String, name: Located<String>)] = []
  package var layoutDefinitions: [(type: String, name: Located<String>)] = []
  package var headerDefinitions: [Located<String>] = []
  package var responsiveDefinitions: [SourceSpot] = []
  package var componentScales: [(type: String, spot: SourceSpot)] = []
}

/// The element of a family a `responsive="true"` turns the rule on for: a component style, one of
/// its cell styles or one of its named layouts.
public struct ResponsiveOwner: Sendable, Equatable {
  /// The component type, lower case.
  public var type: String
  /// The cell style's name, for a cell's.
  public var cell: String?
  /// The named layout's name, for a layout's.
  public var layout: String?

  public init(type: String, cell: String? = nil, layout: String? = nil) {
    self.type = type
    self.cell = cell
    self.layout = layout
  }
}

/// The shadow keys a JSON cell's `style` writes (valid or not): whether it gives a `shadowColor`,
/// and the first key that shapes a shadow (`shadowRadius`, `shadowOffset`), where it stands.
public struct CellShadowKeys: Sendable {
  /// Whether the style gives a `shadowColor` (not `null`), valid or not.
  public var hasColor: Bool
  /// The keys that shape a shadow (`shadowRadius`, `shadowOffset`) the style gives (not `null`), in
  /// the order written, each where it stands.
  public var shapeKeys: [Located<String>]
  /// The first key that shapes a shadow, where it stands; nil when the style gives none.
  public var shapeKey: Located<String>? { shapeKeys.first }

  /// The shadow keys of a cell's `style` object; nil when it writes none.
  package init?(style: JSONValue) {
    var hasColor = false
    var shapeKeys: [Located<String>] = []
    style.forEachMember { key, value in
      guard !value.isNull, let name = key.string else { return }
      if name == "shadowColor" { hasColor = true }
      if CardStyle.shadowShapeKeys.contains(name) { shapeKeys.append(Located(name, key.spot)) }
    }
    guard hasColor || !shapeKeys.isEmpty else { return nil }
    self.hasColor = hasColor
    self.shapeKeys = shapeKeys
  }
}

/// The windows a family's `Screen` entry applies to: a device class (or every class), a size
/// class, or a window state.
public enum FamilyEntryWindow: Hashable, Sendable {
  case deviceClass(ClassSelector)
  case sizeClass(String)
  case state(ScreenState)
}

/// The `type`s of one element's `<Screen>` children.
public struct ScreenTypeList: Sendable {
  /// Each `type` attribute, in order, known or not.
  public let types: [Located<String>]
  /// The values of the `<Screen>`s that write the key in another case (`Type="sw600"`): the
  /// entries their fix, which renames the key to `type`, makes.
  public let miscased: [String]
}
