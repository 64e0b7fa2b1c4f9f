// The bundle form of the responsive models: size classes (bundle.json), a section's `geometry`,
// `size_class_mapping` and `drawn` (screen files). `BundleSchema` describes the same keys.

extension JSON {
  /// A family value exactly as the arithmetic reads it (no rounding), so that geometry recomputed
  /// from the bundle equals the compiler's.
  public static func exact(_ value: Double) -> JSON { NumberForm.exact(value).json }
}

extension SizeClass {
  public var json: JSON {
    .object(
      [("name", .string(name)), ("min_width", .exact(minWidth))] + (maxWidth.map { [("max_width", JSON.exact($0))] } ?? [])
        + [("class", .string(deviceClass.rawValue))])
  }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    let word = try r.string("class")
    guard let deviceClass = DeviceClass(rawValue: word) else {
      throw BundleDecodingError(path: r.at("class"), message: "unknown device class '\(word)'")
    }
    self.init(
      name: try r.string("name"), minWidth: try r.double("min_width"), maxWidth: try r.optionalDouble("max_width"), deviceClass: deviceClass
    )
  }
}

extension Metrics {
  /// The values the arithmetic reads, by their bundle names, each only when set.
  static var bundleKeys: [(String, WritableKeyPath<Metrics, Double?>)] {
    [
      ("inset_top", \.insetTop), ("inset_left", \.insetLeft), ("inset_bottom", \.insetBottom), ("inset_right", \.insetRight),
      ("inter_item_spacing", \.interItemSpacing), ("line_spacing", \.lineSpacing), ("aspect_cell_ratio", \.aspectCellRatio),
      ("cell_width", \.cellWidth), ("cell_height", \.cellHeight), ("width_ratio", \.widthRatio),
    ]
  }

  /// The metrics the arithmetic reads, in the bundle's names.
  public var json: JSON {
    var m: [(String, JSON)] = Self.bundleKeys.compactMap { key, path in self[keyPath: path].map { (key, JSON.exact($0)) } }
    if let columns { m.append(("columns", .int(columns))) }
    if let smallItems { m.append(("small_items", .int(smallItems))) }
    if let responsive { m.append(("responsive", .bool(responsive))) }
    return .object(m)
  }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    self.init()
    for (key, keyPath) in Self.bundleKeys { self[keyPath: keyPath] = try r.optionalDouble(key) }
    columns = try r.optionalInt("columns")
    smallItems = try r.optionalInt("small_items")
    responsive = try r.optionalBool("responsive")
  }
}

extension SectionGeometry {
  public var json: JSON {
    var m: [(String, JSON)] = [("kind", .string(kind.word))]
    if let responsive {
      m.append(("responsive", .object([("standard_width", .exact(responsive.standardWidth)), ("scale", .exact(responsive.scale))])))
    }
    m.append(("styles", .array(styles.map(\.json))))
    if !headerHeights.isEmpty { m.append(("header_height", .object(headerHeights.map { ($0.0.rawValue, JSON.exact($0.1)) }))) }
    return .object(m)
  }

  public init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    let responsive = try r.optional("responsive").map { value -> ResponsiveRule in
      let rule = try ObjectReader(value, path: r.at("responsive"))
      return ResponsiveRule(standardWidth: try rule.double("standard_width"), scale: try rule.double("scale"))
    }
    self.init(
      kind: try r.vocabulary("kind", as: LayoutKind.self), responsive: responsive,
      styles: try r.array("styles").enumerated().map { try StyleGeometry(json: $1, path: r.at("styles") + "[\($0)]") },
      headerHeights: try r.object("header_height").compactMap { word, value in
        guard let height = value.doubleValue else {
          throw BundleDecodingError(path: r.at("header_height") + ".\(word)", message: "expected a number")
        }
        return DeviceClass(rawValue: word).map { ($0, height) }
      })
  }
}

extension StyleGeometry {
  public var json: JSON {
    .object([
      ("style", .optional(style)), ("phone_columns", .int(phoneColumns)),
      (
        "classes",
        .object(
          classes.map {
            ($0.deviceClass.rawValue, .object([("metrics", $0.metrics.json), ("sets_columns", .bool($0.setsColumns))]))
          })
      ),
    ])
  }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    self.init(
      style: try r.optionalString("style"), phoneColumns: try r.int("phone_columns"),
      classes: try r.object("classes").compactMap { word, value in
        let c = try ObjectReader(value, path: r.at("classes") + ".\(word)")
        guard let deviceClass = DeviceClass(rawValue: word) else { return nil }
        return ClassMetrics(
          deviceClass: deviceClass, metrics: try Metrics(json: try c.required("metrics"), path: c.at("metrics")),
          setsColumns: try c.bool("sets_columns"))
      })
  }
}

/// One entry of a section's `size_class_mapping` as the bundle writes it: the replacement and, for
/// a replacement the family styles, its geometry.
public struct MappedSizeClass: Hashable, Sendable {
  public var sizeClass: String
  public var replacement: SizeClassReplacement
  /// The replacement's geometry (nil when hidden, or when the family has no styles for its type).
  public var geometry: SectionGeometry?

  public init(sizeClass: String, replacement: SizeClassReplacement, geometry: SectionGeometry?) {
    self.sizeClass = sizeClass
    self.replacement = replacement
    self.geometry = geometry
  }

  public var json: JSON {
    switch replacement {
    case .hide: return .object([("size_class", .string(sizeClass)), ("hide", .bool(true))])
    case .use(let type, let style):
      var m: [(String, JSON)] = [("size_class", .string(sizeClass)), ("component_type", .string(type))]
      if let style { m.append(("cell_style", .string(style))) }
      if let geometry { m.append(("geometry", geometry.json)) }
      return .object(m)
    }
  }

  init(json: JSON, path: String) throws {
    let r = try ObjectReader(json, path: path)
    sizeClass = try r.string("size_class")
    if try r.optionalBool("hide") == true {
      replacement = .hide
      geometry = nil
    } else {
      replacement = .use(componentType: try r.string("component_type"), cellStyle: try r.optionalString("cell_style"))
      geometry = try r.optional("geometry").map { try SectionGeometry(json: $0, path: r.at("geometry")) }
    }
  }
}

extension DrawnSection {
  /// The bundle form of one device's entry of `drawn` (the layout is the section's `layout`).
  public var json: JSON {
    var m: [(String, JSON)] = [("size_class", .optional(sizeClass))]
    if hidden {
      m.append(("hidden", .bool(true)))
    } else {
      m.append(("component_type", .string(componentType)))
      m.append(("cell_styles", .array(cellStyles.map(JSON.string))))
    }
    return .object(m)
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
  /// writes for a device of that width declared without a class.
  public func drawn(forWidth width: Double, sizeClasses: [SizeClass]) -> DrawnSection {
    drawn(on: Device(forWidth: width, sizeClasses: sizeClasses))
  }
}

extension Device {
  /// A device of a width alone: its size class and device class follow from the width (phone when
  /// no class holds it).
  public init(name: String = "", forWidth width: Double, sizeClasses: [SizeClass]) {
    let sizeClass = SizeClass.containing(width: width, in: sizeClasses)
    self.init(name: name, deviceClass: sizeClass?.deviceClass ?? .phone, width: width, sizeClass: sizeClass?.name)
  }
}

extension ResolvedScreen {
  /// Every section of the screen as drawn in a window `width` points wide (hidden ones included,
  /// marked `hidden`).
  public func sections(forWidth width: Double, sizeClasses: [SizeClass]) -> [DrawnSection] {
    resolved.sections.map { $0.drawn(forWidth: width, sizeClasses: sizeClasses) }
  }
}
