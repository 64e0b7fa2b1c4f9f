// The bundle contract written straight to bytes: each type's `write(to:)` writes, key for key, what
// its `json` holds (Bundle.swift, BundleResponsive.swift, Renderers.swift), so `encoded()` equals
// `json.encoded()` without the tree. A key added to a `json` is added here too; the tests compare
// the two on every file of the golden bundle and of the demo's build.

extension JSONWriter {
  /// Writes `key` and then its value with `value`.
  mutating func member(_ key: String, _ value: (inout JSONWriter) -> Void) {
    self.key(key)
    value(&self)
  }

  mutating func array<T>(_ items: [T], _ element: (T, inout JSONWriter) -> Void) {
    beginArray()
    for item in items { element(item, &self) }
    endArray()
  }

  mutating func writables<T: JSONWritable>(_ items: [T]) { array(items) { item, w in item.write(to: &w) } }
}

// MARK: bundle.json

extension BundleIndex: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("format_version")
    w.int(formatVersion)
    w.key("app")
    w.optionalString(app)
    w.key("zlc_version")
    w.string(zlcVersion)
    w.key("devices")
    w.writables(devices)
    w.key("size_classes")
    w.writables(sizeClasses)
    w.member("screens") { w in
      w.array(screens) { entry, w in
        w.beginObject()
        w.key("id")
        w.string(entry.id)
        w.key("name")
        w.optionalString(entry.name)
        w.key("file")
        w.string(entry.file)
        w.key("sha256")
        w.string(entry.sha256)
        w.endObject()
      }
    }
    w.member("screen_types") { Self.write(&$0, screenTypes) }
    w.member("content_types") { Self.write(&$0, contentTypes) }
    if !requiredRenderers.isEmpty {
      w.key("required_renderers")
      w.writables(requiredRenderers)
    }
    w.endObject()
  }

  private static func write(_ w: inout JSONWriter, _ mappings: [Mapping]) {
    w.beginObject()
    for mapping in mappings {
      w.key(mapping.key)
      w.string(mapping.screen)
    }
    w.endObject()
  }
}

extension Device: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("name")
    w.string(name)
    w.key("class")
    w.string(deviceClass.rawValue)
    w.key("width")
    w.number(width)
    w.member("size_class", sizeClass)
    w.endObject()
  }
}

extension SizeClass: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("name")
    w.string(name)
    w.key("min_width")
    w.exact(minWidth)
    if let maxWidth {
      w.key("max_width")
      w.exact(maxWidth)
    }
    w.key("class")
    w.string(deviceClass.rawValue)
    w.endObject()
  }
}

extension PlatformRenderers: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("platform")
    w.string(platform)
    w.key("component_types")
    w.strings(renderers.componentTypes)
    w.key("cell_layouts")
    w.strings(renderers.cellLayouts)
    w.key("layout_kinds")
    w.strings(renderers.layoutKinds)
    w.key("screen_plugins")
    w.strings(renderers.screenPlugins)
    w.endObject()
  }
}

// MARK: Screens

extension ResolvedScreen: JSONWritable {
  public func write(to w: inout JSONWriter) {
    Self.write(to: &w) { w in
      for (key, value) in members {
        w.key(key)
        w.value(value)
      }
    } resolved: {
      resolved.write(to: &$0)
    }
  }

  /// Writes a screen whose own keys (`members`: keys and values, without `resolved`) and
  /// `resolved` object are written by the callers' closures, so neither need exist as values.
  public static func write(
    to w: inout JSONWriter, members: (inout JSONWriter) -> Void, resolved: (inout JSONWriter) -> Void
  ) {
    w.beginObject()
    members(&w)
    w.key("resolved")
    resolved(&w)
    w.endObject()
  }
}

extension Resolution: JSONWritable {
  public func write(to w: inout JSONWriter) {
    Self.write(to: &w, family: family, connected: connected, presentation: presentation, launchMode: launchMode) { w in
      for section in sections { section.write(to: &w) }
    }
  }

  /// Writes a resolution whose sections `sections` writes one at a time (each with
  /// `ResolvedSection.write(to:)`), so a screen of many sections is never held whole.
  public static func write(
    to w: inout JSONWriter, family: String?, connected: Bool, presentation: Presentation, launchMode: LaunchMode,
    sections: (inout JSONWriter) -> Void
  ) {
    w.beginObject()
    w.key("family")
    w.optionalString(family)
    w.key("connected")
    w.bool(connected)
    w.key("presentation")
    w.string(presentation.word)
    w.key("launch_mode")
    w.string(launchMode.word)
    w.key("sections")
    w.beginArray()
    sections(&w)
    w.endArray()
    w.endObject()
  }
}

extension DataBinding: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("binding")
    w.string(binding.word)
    if case .own = binding {
      w.key("source")
      w.optionalString(source)
      w.key("type")
      w.optionalString(type)
    } else {
      w.member("source", source)
      w.member("type", type)
    }
    w.member("child", child)
    w.member("group_child", groupChild)
    w.endObject()
  }
}

extension ResolvedSection: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    writeIdentity(to: &w)
    writeContent(to: &w)
    writeLayout(to: &w)
    writeSizeClasses(to: &w)
    w.endObject()
  }

  /// `section` to `data`: which component, its family, styles and renderer.
  private func writeIdentity(to w: inout JSONWriter) {
    w.key("section")
    w.int(section)
    w.member("component") { $0.array(component) { n, w in w.int(n) } }
    w.key("component_type")
    w.string(componentType)
    w.member("component_id", componentID)
    w.key("family")
    w.optionalString(family)
    w.key("cell_styles")
    w.strings(cellStyles)
    w.member("renderer") { w in
      w.beginObject()
      w.key("layout_id")
      w.optionalString(renderer.layoutID)
      w.endObject()
    }
    w.member("data") { data.write(to: &$0) }
  }

  /// `item_limit` to `display_rules`: limits, target and the values passed through.
  private func writeContent(to w: inout JSONWriter) {
    w.key("item_limit")
    if let itemLimit { w.int(itemLimit) } else { w.null() }
    if fillRows {
      w.key("fill_rows")
      w.bool(true)
    }
    if !accepts.isEmpty {
      w.key("accepts")
      w.strings(accepts)
    }
    w.member("target", target)
    w.key("styles")
    w.object(styles)
    if !cellAttributes.isEmpty {
      w.key("cell_attributes")
      w.object(cellAttributes)
    }
    if let displayRules {
      w.key("display_rules")
      w.value(displayRules)
    }
  }

  /// `layout`, `layout_absent` and `geometry`.
  private func writeLayout(to w: inout JSONWriter) {
    w.member("layout") { w in
      w.beginObject()
      for (device, layout) in layout {
        w.key(device)
        layout.write(to: &w)
      }
      w.endObject()
    }
    if let layoutAbsent {
      w.key("layout_absent")
      w.string(layoutAbsent.word)
    }
    if let geometry {
      w.key("geometry")
      geometry.write(to: &w)
    }
  }

  /// `size_class_mapping`, `drawn`, `item_limit_by_size_class` and `items_shown`, each when set.
  private func writeSizeClasses(to w: inout JSONWriter) {
    if !sizeClassMapping.isEmpty {
      w.key("size_class_mapping")
      w.writables(sizeClassMapping)
    }
    if !drawn.isEmpty {
      w.key("drawn")
      w.beginObject()
      for (device, drawn) in drawn {
        w.key(device)
        drawn.write(to: &w)
      }
      w.endObject()
    }
    if !itemLimitBySizeClass.isEmpty {
      w.key("item_limit_by_size_class")
      w.beginObject()
      for (sizeClass, limit) in itemLimitBySizeClass {
        w.key(sizeClass)
        w.int(limit)
      }
      w.endObject()
    }
    if !itemsShown.isEmpty {
      w.key("items_shown")
      w.beginObject()
      for (device, count) in itemsShown {
        w.key(device)
        w.int(count)
      }
      w.endObject()
    }
  }
}

// MARK: Geometry

extension SectionLayout: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("kind")
    w.string(kind.word)
    w.key("columns")
    w.int(columns)
    w.member("item") { item.write(to: &$0) }
    w.member("insets") { w in
      w.beginObject()
      w.key("top")
      w.number(insets.top)
      w.key("left")
      w.number(insets.left)
      w.key("bottom")
      w.number(insets.bottom)
      w.key("right")
      w.number(insets.right)
      w.endObject()
    }
    w.key("inter_item_spacing")
    w.number(interItemSpacing)
    w.key("line_spacing")
    w.number(lineSpacing)
    writeOptionalKeys(to: &w)
    w.endObject()
  }

  /// The keys written only when set, in their order.
  private func writeOptionalKeys(to w: inout JSONWriter) {
    if let scrollDirection {
      w.key("scroll_direction")
      w.string(scrollDirection.word)
    }
    if let large {
      w.key("large")
      large.write(to: &w)
    }
    if let small {
      w.key("small")
      w.writables(small)
    }
    if let columnWidth {
      w.key("column_width")
      w.number(columnWidth)
    }
    w.member("pinned", pinned)
    if let cells {
      w.member("cells") { w in
        w.array(cells) { cell, w in
          w.beginObject()
          w.key("style")
          w.string(cell.style)
          w.key("columns")
          w.int(cell.columns)
          w.member("item") { cell.item.write(to: &$0) }
          w.endObject()
        }
      }
    }
    if let headerHeight {
      w.key("header_height")
      w.number(headerHeight)
    }
  }
}

extension ItemSize: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("width")
    w.number(width)
    if let height {
      w.key("height")
      w.number(height)
    }
    w.endObject()
  }
}

extension Frame: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("x")
    w.number(x)
    w.key("y")
    w.number(y)
    w.key("width")
    w.number(width)
    w.key("height")
    w.number(height)
    w.endObject()
  }
}

extension Metrics: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    for (key, path) in Self.bundleKeys {
      if let value = self[keyPath: path] {
        w.key(key)
        w.exact(value)
      }
    }
    w.member("columns", columns)
    w.member("small_items", smallItems)
    w.member("responsive", responsive)
    w.endObject()
  }
}

extension SectionGeometry: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("kind")
    w.string(kind.word)
    if let responsive {
      w.member("responsive") { w in
        w.beginObject()
        w.key("standard_width")
        w.exact(responsive.standardWidth)
        w.key("scale")
        w.exact(responsive.scale)
        w.endObject()
      }
    }
    w.key("styles")
    w.writables(styles)
    if !headerHeights.isEmpty {
      w.key("header_height")
      w.beginObject()
      for (deviceClass, height) in headerHeights {
        w.key(deviceClass.rawValue)
        w.exact(height)
      }
      w.endObject()
    }
    w.endObject()
  }
}

extension StyleGeometry: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("style")
    w.optionalString(style)
    w.key("phone_columns")
    w.int(phoneColumns)
    w.key("classes")
    w.beginObject()
    for entry in classes {
      w.key(entry.deviceClass.rawValue)
      w.beginObject()
      w.key("metrics")
      entry.metrics.write(to: &w)
      w.key("sets_columns")
      w.bool(entry.setsColumns)
      w.endObject()
    }
    w.endObject()
    w.endObject()
  }
}

extension MappedSizeClass: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("size_class")
    w.string(sizeClass)
    switch replacement {
    case .hide:
      w.key("hide")
      w.bool(true)
    case .use(let type, let style):
      w.key("component_type")
      w.string(type)
      w.member("cell_style", style)
      if let geometry {
        w.key("geometry")
        geometry.write(to: &w)
      }
    }
    w.endObject()
  }
}

extension DrawnSection: JSONWritable {
  public func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key("size_class")
    w.optionalString(sizeClass)
    if hidden {
      w.key("hidden")
      w.bool(true)
    } else {
      w.key("component_type")
      w.string(componentType)
      w.key("cell_styles")
      w.strings(cellStyles)
    }
    w.endObject()
  }
}
