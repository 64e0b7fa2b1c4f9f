import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappWriters

/// One difference between what two projects resolve to (`zlc diff`). A change that is the same
/// on many screens (a family edit that moves the tablet grid of 200 screens) is one change that
/// lists the screens: `DiffReport` groups changes that agree on everything but `screens`,
/// `platforms` and `components`. docs/diff.md describes each kind and its fields.
public struct DiffChange: Hashable, Sendable {
  /// What changed. The raw value is the `kind` of the JSON form.
  public enum Kind: String, Sendable, CaseIterable {
    case screenAdded = "screen_added"
    case screenRemoved = "screen_removed"
    case screenRenamed = "screen_renamed"
    case screenMoved = "screen_moved"
    case familyMoved = "family_moved"
    case manifestMoved = "manifest_moved"
    case screenChanged = "screen_changed"
    case navigationChanged = "navigation_changed"
    case componentAdded = "component_added"
    case componentRemoved = "component_removed"
    case componentMoved = "component_moved"
    case componentRetyped = "component_retyped"
    case componentChanged = "component_changed"
    case layout
    case binding
    case target
    case mapping
    case device
    case platform
    case requiredRenderers = "required_renderers"
    case registry
    case clientRefuses = "client_refuses"
    case bundleIndex = "bundle_index"

    /// Kinds in the order a report lists them.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The kind as text output words it.
    public var label: String { rawValue.split(separator: "_").joined(separator: " ") }
  }

  /// What changed.
  public var kind: Kind
  /// The ids of the screens the change is on, in project order (empty for a change of the whole
  /// project: a mapping, a device, a platform, its renderers).
  public var screens: [String] = []
  /// The platforms the change is about; empty when it holds on every platform of both projects.
  public var platforms: [String] = []
  /// The component. Added, removed, moved and retyped components are named by their `id`, else
  /// `type@path` (`grid@1.0`), and an id several components of the screen have by `id@path`; a
  /// change of a component's layout, binding, target or other key by its type and cell styles
  /// (`grid (GRID_5)`), which is what an edit changes on every screen alike, so that it groups; a
  /// change of a component's key that reaches no section (its `name`, a group's keys) by its `id`,
  /// else `type@path`. A group is a component too (type `group`). A manifest moved, by its
  /// identifier.
  public var component: String?
  /// The components the change is on, by `id` (else `type@path`), in screen order: several when
  /// a change grouped by type names components of several screens.
  public var components: [String] = []
  /// A group's `name`, for a group added, removed or moved.
  public var name: String?
  /// The family of the component, for layout changes; the family moved, for `family_moved`.
  public var family: String?
  /// The device, for layout changes.
  public var device: String?
  /// What changed: a field name (`columns, item.width`, `data`, `name`, `cell_layouts`, …).
  public var field: String?
  /// A `screen_types` or `content_types` key, for mapping changes; the nav item, for a
  /// navigation change of one.
  public var key: String?
  /// The client version of a renderer registry, for `registry` and `client_refuses` changes.
  public var client: String?
  /// For a component moved that kept its index path, how it moved among the others (`now after
  /// home-new, was after home-promo`, `into another group`).
  public var position: MovePosition?
  /// For a `registry` change, whether its client took no bundle of the base (the base's SDK range
  /// refused it, or the base did not target its platform): it lacked nothing of the base, and
  /// text words it as not drawing, not as no longer drawing.
  public var clientTookNoBase = false
  /// The value before (nil: none).
  public var old: JSON?
  /// The value after (nil: none).
  public var new: JSON?

  /// The change without the lists it is grouped by.
  var groupKey: DiffChange {
    var copy = self
    copy.screens = []
    copy.platforms = []
    copy.components = []
    return copy
  }

  /// The JSON form: every key present, `null` or `[]` when it does not apply.
  public var json: JSON {
    .object([
      ("kind", .string(kind.rawValue)), ("screens", .array(screens.map(JSON.string))),
      ("platforms", .array(platforms.map(JSON.string))), ("component", .optional(component)),
      ("components", .array(components.map(JSON.string))), ("name", .optional(name)),
      ("family", .optional(family)), ("device", .optional(device)), ("field", .optional(field)),
      ("key", .optional(key)), ("client", .optional(client)), ("took_base", kind == .registry ? .bool(!clientTookNoBase) : .null),
      ("position", position?.json ?? .null), ("old", old ?? .null),
      ("new", new ?? .null),
    ])
  }
}

/// The changes between two projects, grouped and in a fixed order.
public struct DiffReport: Sendable {
  /// The grouped changes: by kind, then in the order their first screen comes in the projects.
  public var changes: [DiffChange]
  /// Every screen id of the head project, then the removed ones of the base, in project order.
  public var screenOrder: [String]

  /// A report of `changes` as they are (`grouped(_:screenOrder:)` groups and orders them).
  public init(changes: [DiffChange], screenOrder: [String]) {
    self.changes = changes
    self.screenOrder = screenOrder
  }

  /// True when the two projects resolve to the same screens, mappings and renderers.
  public var isEmpty: Bool { changes.isEmpty }

  /// Merges changes that agree on everything but their screens, platforms and components, keeping the first
  /// one's place, then orders them by kind, then by their first screen in `screenOrder`, changes of
  /// no screen first (a stable sort: on one screen, and for changes of no screen, first seen first). Changes
  /// merge across platforms only when they name the same screens and components, so that a change
  /// names every platform of each of its screens.
  public static func grouped(_ changes: [DiffChange], screenOrder: [String]) -> DiffReport {
    var position: [ExactString: Int] = [:]  // ids by their exact characters, as clients compare them
    for (i, screen) in screenOrder.enumerated() where position[ExactString(screen)] == nil { position[ExactString(screen)] = i }
    let merged = mergingPlatforms(mergingScreens(changes)).map { change in
      var change = change
      change.screens = change.screens.enumerated().sorted { a, b in
        (position[ExactString(a.element)] ?? Int.max, a.offset) < (position[ExactString(b.element)] ?? Int.max, b.offset)
      }.map(\.element)
      return change
    }
    // A change of no screen (a device, a mapping) comes before those of a screen of its kind.
    let first = { (c: DiffChange) in c.screens.first.flatMap { position[ExactString($0)] } ?? -1 }
    let ordered = merged.enumerated().sorted { a, b in
      (a.element.kind.rank, first(a.element), a.offset) < (b.element.kind.rank, first(b.element), b.offset)
    }
    return DiffReport(changes: ordered.map(\.element), screenOrder: screenOrder)
  }

  /// Changes on the same platforms that agree on everything but their screens and components,
  /// merged into the first.
  static func mergingScreens(_ changes: [DiffChange]) -> [DiffChange] {
    var groups: [DiffChange] = []
    var position: [DiffChange: Int] = [:]
    var seen: [(screens: Set<ExactString>, components: Set<ExactString>)] = []
    for change in changes {
      var key = change.groupKey
      key.platforms = change.platforms
      guard let at = position[key] else {
        position[key] = groups.count
        groups.append(change)
        seen.append((Set(change.screens.map(ExactString.init)), Set(change.components.map(ExactString.init))))
        continue
      }
      for screen in change.screens where seen[at].screens.insert(ExactString(screen)).inserted { groups[at].screens.append(screen) }
      for component in change.components where seen[at].components.insert(ExactString(component)).inserted {
        groups[at].components.append(component)
      }
    }
    return groups
  }

  /// Changes of some platforms each that agree on everything but their platforms, on the same
  /// screens and components, merged into the first. A change of a component's fields, binding or
  /// target merges across platforms that draw the component with different families (an app of
  /// `ios` and another platform): the family is only the line's context there, and the merged
  /// change names none. A layout change keeps its family: its values are the family's.
  static func mergingPlatforms(_ changes: [DiffChange]) -> [DiffChange] {
    struct Key: Hashable {
      var change: DiffChange
      var screens: Set<ExactString>
      var components: Set<ExactString>
    }
    var groups: [DiffChange] = []
    var position: [Key: Int] = [:]
    for change in changes {
      var grouped = change.groupKey
      if change.kind != .layout { grouped.family = nil }
      let key = Key(
        change: grouped, screens: Set(change.screens.map(ExactString.init)), components: Set(change.components.map(ExactString.init)))
      guard !change.platforms.isEmpty, let at = position[key] else {
        if !change.platforms.isEmpty { position[key] = groups.count }
        groups.append(change)
        continue
      }
      for platform in change.platforms where !groups[at].platforms.contains(platform) { groups[at].platforms.append(platform) }
      if groups[at].family != change.family { groups[at].family = nil }
    }
    return groups
  }

  /// The JSON form: `{"format_version": 1, "changes": [...]}`.
  public var json: JSON {
    .object([("format_version", .int(1)), ("changes", .array(changes.map(\.json)))])
  }
}
