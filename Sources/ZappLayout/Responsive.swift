/// A size class: a named range of window widths (S, L and XL by default) and the device class
/// whose family values a window of that width takes.
public struct SizeClass: Hashable, Sendable {
  public var name: String
  /// The smallest width of the class, inclusive.
  public var minWidth: Double
  /// The first width past the class (exclusive), or nil for no upper bound.
  public var maxWidth: Double?
  /// The family device class (`phone`: Android `default`; `tablet`: Android `sw600`) this class reads.
  public var deviceClass: DeviceClass

  public init(name: String, minWidth: Double, maxWidth: Double?, deviceClass: DeviceClass) {
    self.name = name
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.deviceClass = deviceClass
  }

  /// S: phones and iPad slide-over (under 600 pt, Android's `sw600` line); L: iPad portrait,
  /// landscape and split view (600 to 1,199 pt); XL: wider windows (1,200 pt and more).
  public static let defaults: [SizeClass] = [
    SizeClass(name: "S", minWidth: 0, maxWidth: 600, deviceClass: .phone),
    SizeClass(name: "L", minWidth: 600, maxWidth: 1200, deviceClass: .tablet),
    SizeClass(name: "XL", minWidth: 1200, maxWidth: nil, deviceClass: .tablet),
  ]

  /// True when a window of `width` points is of this class.
  public func contains(width: Double) -> Bool { width >= minWidth && (maxWidth.map { width < $0 } ?? true) }

  /// The first class of `classes` that holds `width`.
  public static func containing(width: Double, in classes: [SizeClass]) -> SizeClass? { classes.first { $0.contains(width: width) } }
}

extension SizeClass {
  /// The first fault of a bundle's `size_classes` that zlc never writes (ZL0508 refuses it in
  /// `zlc.json`, which gives S, L and XL when it gives none or an empty list): an empty name, a
  /// range that holds no width, a name given twice, or two ranges that overlap or leave a gap
  /// between them. An empty list is no fault here: a window then has no size class, as the
  /// generated clients read it too (`zlc verify` refuses it, as zlc never writes it). Its path in
  /// the list (`index`, `key`: `[1].max_width`) and what is wrong; nil when there is none.
  package static func firstFault(in classes: [SizeClass]) -> (index: Int, key: String, message: String)? {
    // Names compared by their bytes, as a device's `size_class` is and as every client compares them.
    var named: [[UInt8]: Int] = [:]
    for (i, c) in classes.enumerated() {
      if c.name.isEmpty { return (i, key(\.name), "empty") }
      if let first = named[Array(c.name.utf8)] {
        return (i, key(\.name), "size class '\(c.name)' is defined twice (first at [\(first)])")
      }
      named[Array(c.name.utf8)] = i
      if let max = c.maxWidth, !(max > c.minWidth) {
        return (i, key(\.maxWidth), "size class '\(c.name)' is empty: \(text(max)) is not above min_width \(text(c.minWidth))")
      }
    }
    let order = classes.indices.sorted { classes[$0].minWidth < classes[$1].minWidth }
    for (a, b) in zip(order, order.dropFirst()) {
      let (earlier, later) = (classes[a], classes[b])
      guard let end = earlier.maxWidth, end <= later.minWidth else {
        return (b, key(\.minWidth), "size class '\(later.name)' overlaps size class '\(earlier.name)'")
      }
      if end < later.minWidth {
        return (b, key(\.minWidth), "no size class holds widths from \(text(end)) to \(text(later.minWidth))")
      }
    }
    return nil
  }

  /// A width as a message shows it: as `JSON.exact` writes it.
  static func text(_ d: Double) -> String {
    if case .number(let text) = JSON.exact(d) { return text }
    return String(d)
  }
}

extension Device {
  /// Why the device's `size_class` is not the size class of `classes` its width falls in, as the
  /// compiler works it out (`device 'phone' has size_class 'S', which is not a size class of the
  /// bundle`); nil when it is, or when the device names none. Names are compared by their bytes.
  package func sizeClassFault(in classes: [SizeClass]) -> String? {
    guard let named = sizeClass else { return nil }
    func same(_ a: String, _ b: String) -> Bool { a.hasSameUTF8(as: b) }
    let holding = SizeClass.containing(width: width, in: classes)
    if let holding, same(holding.name, named) { return nil }
    let why =
      !classes.contains(where: { same($0.name, named) })
      ? "which is not a size class of the bundle"
      : "but its width \(SizeClass.text(width)) falls in \(holding.map { "size class '\($0.name)'" } ?? "no size class")"
    return "device '\(name)' has size_class '\(named)', \(why)"
  }
}

/// The state of a window, as Youku's layout framework names its screen types: an iPad in portrait
/// or landscape, a slide-over window, or one side of a split view. A device in `zlc.json` may name
/// its state, and a family may give values per state (`<Screen type="landscape">`). A word this
/// library does not know reads as `unknown`.
public enum ScreenState: Vocabulary, Codable {
  case portrait, landscape, slideOver, splitView
  case unknown(String)

  public static let known: [ScreenState] = [.portrait, .landscape, .slideOver, .splitView]
  public var word: String {
    switch self {
    case .portrait: return "portrait"
    case .landscape: return "landscape"
    case .slideOver: return "slide_over"
    case .splitView: return "split_view"
    case .unknown(let word): return word
    }
  }

  public init(from decoder: Decoder) throws { self.init(word: try decoder.singleValueContainer().decode(String.self)) }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(word)
  }
}

/// What a section becomes on one size class: drawn as another component type (with its cell
/// style), or hidden.
public enum SizeClassReplacement: Hashable, Sendable {
  case hide
  case use(componentType: String, cellStyle: String?)
}

/// A component's mapping per size class, in the order written: `{"S": "hide", "L": {"component_type": …}}`.
public struct SizeClassMapping: Hashable, Sendable {
  public var entries: [(sizeClass: String, replacement: SizeClassReplacement)]

  public init(entries: [(sizeClass: String, replacement: SizeClassReplacement)]) { self.entries = entries }

  public static func == (lhs: SizeClassMapping, rhs: SizeClassMapping) -> Bool { lhs.json == rhs.json }
  public func hash(into hasher: inout Hasher) { hasher.combine(json) }

  /// The replacement for a size class, or nil where the component is drawn as written.
  public func replacement(for sizeClass: String) -> SizeClassReplacement? { entries.first { $0.sizeClass == sizeClass }?.replacement }

  /// Reads the mapping as written in a screen component or a JSON family; nil when it is not an
  /// object of size class → `"hide"` or `{component_type, cell_style?}` (the checker reports why).
  public init?(json: JSON) {
    guard let members = json.objectValue else { return nil }
    var entries: [(String, SizeClassReplacement)] = []
    for (name, value) in members {
      if value.stringValue == "hide" {
        entries.append((name, .hide))
      } else if let object = value.objectValue, let type = object.first(where: { $0.0 == "component_type" })?.1.stringValue {
        let style = object.first { $0.0 == "cell_style" }?.1.stringValue
        entries.append((name, .use(componentType: type, cellStyle: style)))
      } else {
        return nil
      }
    }
    self.entries = entries
  }

  public var json: JSON {
    .object(
      entries.map { name, replacement in
        switch replacement {
        case .hide: return (name, .string("hide"))
        case .use(let type, let style):
          return (name, .object([("component_type", .string(type))] + (style.map { [("cell_style", JSON.string($0))] } ?? [])))
        }
      })
  }
}

/// A section as it is drawn on one device or window width: its size class, the component type
/// and cell styles in effect there, and its layout; `hidden` when the mapping hides it.
public struct DrawnSection: Hashable, Sendable {
  public var sizeClass: String?
  public var componentType: String
  public var cellStyles: [String]
  public var hidden: Bool
  /// The layout there (nil when hidden, or when the family has no styles for the type).
  public var layout: SectionLayout?

  public init(sizeClass: String?, componentType: String, cellStyles: [String], hidden: Bool, layout: SectionLayout?) {
    self.sizeClass = sizeClass
    self.componentType = componentType
    self.cellStyles = cellStyles
    self.hidden = hidden
    self.layout = layout
  }
}
