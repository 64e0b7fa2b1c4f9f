import ZappDiagnostics
import ZappLayout
import ZappModel

/// A screen's page: its facts, links and navigations, then a wireframe per device with every
/// section at its size, written into one `PageBytes` buffer.
extension PreviewRenderer {
  /// The page of the screen at `position` in bundle order, as UTF-8 bytes.
  package func screenPageBytes(_ position: Int) -> [UInt8] {
    var out = PageBytes(capacity: 1 << 15)
    screenPage(position, into: &out)
    return out.bytes
  }

  /// Writes the page of the screen at `position` into `out`, in place of what it held (a buffer
  /// used again keeps its memory).
  package func screenPage(_ position: Int, into out: inout PageBytes) {
    let screen = screens[position]
    let title = screen.name ?? screen.id
    out.clear()
    beginDocument(&out, title: [title, appName], ending: " preview")
    topBar(&out, current: position, devices: true)
    out.add("<main>\n")
    problems(&out)
    out.add("<header class=\"screen-head\"><h1>")
    out.isolated(title)
    out.add("</h1>")
    facts(&out, screen)
    screenLinks(&out, screen)
    navigations(&out, screen)
    fallbacks(&out, screen)
    let sender = senders[ExactString(screen.id)]
    if let sender {
      out.add("<p class=\"feed\">Filled from the sender feed <b>")
      out.isolated(sender.title ?? sender.id ?? "feed")
      out.add("</b> (")
      out.int(sender.entries?.count ?? 0)
      out.add(sender.entries?.count == 1 ? " child) through the runtime mapper.</p>\n" : " children) through the runtime mapper.</p>\n")
    }
    out.add("</header>\n<div class=\"devices\">\n")
    let entries = screen.resolved.sections.map(DeviceEntries.init)
    // Without a feed, a screen is mapped only for its merges: a section merged into the one before
    // is not drawn on that size class, as the client does not draw it (on a connected screen, as
    // when the children hold the items the sample stands for).
    let merges = screen.resolved.sections.contains { !$0.mergeNextBySizeClass.isEmpty }
    for device in index.devices {
      let result =
        sender.map { Mapper.map(screen: screen, sender: $0, device: device.name, bundle: index) }
        ?? (merges ? Mapper.mergedWithoutData(screen: screen, device: device.name, bundle: index) : nil)
      self.device(&out, screen, device: device, mapped: result, entries: entries)
    }
    out.add("</div>\n</main>\n")
    endDocument(&out)
  }

  /// The line under a screen's title: its kind, id, type, family, presentation and launch mode.
  package func facts(_ out: inout PageBytes, _ screen: ResolvedScreen) {
    let k = kind(of: screen)
    out.add("<p class=\"facts\"><span class=\"badge ")
    out.add(markup: k)
    out.add("\">")
    out.add(markup: kindLabel(k))
    out.add("</span> · <code>")
    out.isolated(TerminalText.distinct(screen.id))
    out.add("</code> · type ")
    out.isolated(screen.type)
    if let family = screen.resolved.family {
      out.add(" · family ")
      out.isolated(family)
    }
    out.add(" · ")
    out.text(screen.resolved.presentation.word)
    out.add(" · ")
    out.text(screen.resolved.launchMode.word)
    out.add("</p>\n")
  }

  /// A line per registered client that lacks a renderer of some of the screen's sections and
  /// draws their fallbacks instead: which sections, and what it draws (the devices below draw
  /// what the client that has every renderer draws).
  package func fallbacks(_ out: inout PageBytes, _ screen: ResolvedScreen) {
    for (client, numbers) in fallbacksByScreen[ExactString(screen.id)] ?? [] {
      let entry = index.fallbacks[client]
      out.add("<p class=\"facts fallbacks\">Client <b>")
      out.isolated(entry.clientVersion)
      out.add("</b> on ")
      out.text(entry.platform)
      out.add(" lacks a renderer here and draws ")
      for (k, number) in numbers.enumerated() {
        out.add(k == 0 ? "section " : ", section ")
        out.int(number)
        guard let section = screen.resolved.sections.first(where: { $0.section == number }) else { continue }
        out.add(" (")
        out.isolated(section.componentType)
        out.add(")")
        switch section.fallback?.replacement {
        case .use(let type, let style)?:
          out.add(" as ")
          out.isolated(type)
          if let style {
            out.add(" ")
            out.isolated(style)
          }
        case .hide?: out.add(" hidden")
        case nil: break
        }
      }
      out.add("</p>\n")
    }
  }

  /// A line per navigation: its name, kind and items (a link each to the screen it opens).
  package func navigations(_ out: inout PageBytes, _ screen: ResolvedScreen) {
    for navigation in screen.navigations {
      let items = navigation.allItems
      out.add("<div class=\"nav\"><b>")
      out.isolated(navigation.name ?? navigation.category ?? "navigation")
      out.add("</b> <small>")
      out.isolated([navigation.category, navigation.navigationType].compactMap { $0 }.joined(separator: " · "))
      out.add("</small> ")
      if items.isEmpty { out.add("<span class=\"none\">no items</span>") }
      for item in items {
        let file = item.target.flatMap { fileByID[ExactString($0)] }
        if let target = item.target, let file {
          out.add("<a class=\"chip\" data-nav-target=\"")
          out.text(target)
          out.add("\" href=\"")
          out.text(file)
          out.add("\">")
        } else if let target = item.target {
          out.add("<span class=\"chip missing\" title=\"no screen '")
          out.text(target)
          out.add("'\">")
        } else {
          out.add("<span class=\"chip\">")
        }
        out.isolated(item.title ?? item.id ?? "item")
        out.add(file == nil ? "</span>" : "</a>")
      }
      out.add("</div>\n")
    }
  }

  /// One device's wireframe of a screen, as a string; the sections in `outlined` (section indices)
  /// get the class `changed` (`zlc diff --html` outlines them).
  package func deviceHTML(_ screen: ResolvedScreen, device: Device, mapped: Mapper.Result?, outlined: Set<Int> = []) -> String {
    var out = PageBytes()
    self.device(&out, screen, device: device, mapped: mapped, outlined: outlined)
    return out.string
  }

  /// A section's entries by device, found once for a page of every device rather than by a scan
  /// of the section's devices per device (nil tables: the section has few).
  package struct DeviceEntries {
    let layoutIndex: [String: Int]?
    let drawnIndex: [String: Int]?

    init(_ section: ResolvedSection) {
      layoutIndex = section.layoutIndexByDevice
      drawnIndex = section.drawnIndexByDevice
    }
  }

  /// A device's width as the bundle writes it: not rounded to hundredths as the drawing's sizes
  /// are, so that a label never shows a width of another size class (599.999 pt is not 600).
  static func widthAsWritten(_ width: Double) -> String {
    if case .number(let text) = JSON.exact(width) { return text }
    return String(width)
  }

  /// One device's wireframe of a screen; the sections in `outlined` get the class `changed`.
  /// `entries`, one per section, are the sections' entries by device, when the caller has them.
  package func device(
    _ out: inout PageBytes, _ screen: ResolvedScreen, device: Device, mapped: Mapper.Result?, outlined: Set<Int> = [],
    entries: [DeviceEntries]? = nil
  ) {
    out.add("<div class=\"device\" data-device=\"")
    out.text(device.name)
    out.add("\" data-width=\"")
    out.text(Self.widthAsWritten(device.width))
    out.add("\"><h2><b>")
    out.isolated(device.name)
    out.add("</b> ")
    out.text(Self.widthAsWritten(device.width))
    out.add(" pt · ")
    out.text(device.deviceClass.rawValue)
    if let sizeClass = sizeClass(of: device) {
      out.add(" · ")
      out.text(sizeClass)
    }
    // The window state: two devices of one width and class may differ by it alone.
    if let state = device.state {
      out.add(" · ")
      out.text(String(state.word.map { $0 == "_" ? " " : $0 }))
    }
    out.add("</h2>\n<div class=\"screen\" style=\"width: ")
    out.px(device.width)
    out.add("px\">\n")
    if isScreenPlugin(screen) {
      screenPlugin(&out, screen)
    } else if screen.resolved.sections.isEmpty {
      out.add("<div class=\"empty-screen\">No components</div>\n")
    }
    let sender = senders[ExactString(screen.id)]
    // The mapped sections by index, found once: a connected screen may have thousands.
    let mappedIndex = mapped.map { $0.sections.firstIndices { $0.section } } ?? [:]
    for (i, section) in screen.resolved.sections.enumerated() {
      let drawn = mappedIndex[section.section].flatMap { mapped?.sections[$0] }
      // The entries of the next section's child, where this section shows them (merged).
      let next = i + 1 < screen.resolved.sections.count ? screen.resolved.sections[i + 1].section : nil
      let mergedIn = next.flatMap { mappedIndex[$0] }.flatMap { mapped?.sections[$0] }.flatMap { into in
        into.mergedInto == section.section ? sender.flatMap { childEntries(of: into, in: $0) } : nil
      }
      // One device alone (`deviceHTML`) scans; a page of every device has the tables.
      let found = entries?[i]
      self.section(
        &out, section, device: device, mapped: drawn, sender: sender, mergedIn: mergedIn, changed: outlined.contains(section.section),
        layout: section.layout(on: device.name, through: found?.layoutIndex),
        drawnHere: section.drawnEntry(on: device.name, through: found?.drawnIndex))
    }
    out.add("</div></div>\n")
  }

  /// The placeholder of a screen drawn by a plugin.
  package func screenPlugin(_ out: inout PageBytes, _ screen: ResolvedScreen) {
    out.add("<div class=\"screen-plugin\" data-plugin=\"")
    out.text(screen.type)
    out.add("\"><b>")
    out.isolated(pluginNames[screen.type] ?? screen.type)
    out.add("</b><span>screen plugin <code>")
    out.isolated(screen.type)
    out.add("</code></span><small>drawn by the plugin · presentation ")
    out.text(screen.resolved.presentation.word)
    out.add("</small></div>\n")
  }

  /// One section on one device: hidden, a plugin's placeholder, or its caption, header and items;
  /// `changed` adds the class `changed`.
  package func section(
    _ out: inout PageBytes, _ section: ResolvedSection, device: Device, mapped: Mapper.Section?, sender: FeedEntry?,
    mergedIn: [FeedEntry]? = nil, changed: Bool, layout: SectionLayout?, drawnHere: DrawnSection?
  ) {
    out.add(changed ? "<section class=\"sec changed" : "<section class=\"sec")
    if let drawn = drawnHere, drawn.hidden {
      out.add("\"")
      sectionAttributes(&out, section)
      out.add(" data-hidden=\"true\" data-items=\"0\"><small>hidden on size class ")
      out.isolated(drawn.sizeClass ?? "")
      out.add("</small></section>\n")
      return
    }
    // On a size class that replaces the component, the replacement's type, cell style and layout
    // id (its body, if any, is the written component's: `cellBody` says where it is not drawn).
    let written = section
    let section = Self.asDrawn(section, drawnHere)
    guard let layout else { return pluginSection(&out, section, mapped: mapped) }
    let items = items(section, layout, device: device, mapped: mapped, sender: sender, mergedIn: mergedIn)
    let status = mapped?.status.word ?? ""
    out.add(" ")
    out.text(layout.kind.word)
    if !status.isEmpty {
      out.add(" ")
      out.text(status)
    }
    out.add("\"")
    sectionAttributes(&out, section)
    out.add(" data-kind=\"")
    out.text(layout.kind.word)
    // The items the client shows; the placeholders that fill the last row apart.
    out.add("\" data-items=\"")
    out.int(items.count - items.placeholders)
    if items.placeholders > 0 {
      out.add("\" data-placeholders=\"")
      out.int(items.placeholders)
    }
    out.add("\">")
    caption(&out, section, layout: layout, items: items)
    // A section merged into the one before it is not drawn: no header, items or footer of its own.
    if mapped?.status == .merged {
      out.add("</section>\n")
      return
    }
    if let header = layout.headerHeight {
      out.add("<div class=\"hdr\" style=\"height: ")
      out.px(header)
      out.add("px\"><span>")
      out.isolated(mapped?.childTitle ?? "Header")
      out.add("</span><small>header · ")
      out.px(header)
      out.add(" pt</small></div>")
    }
    if let mapped, mapped.status == .empty || mapped.status == .incompatible {
      out.add("<div class=\"unbound ")
      out.text(status)
      out.add("\">")
      out.isolated(items.note)
      out.add("</div>")
    }
    body(&out, section, layout, items: items)
    cellBody(&out, written, device: device, mapped: mapped, sender: sender)
    if let footer = layout.footerHeight {
      out.add("<div class=\"hdr ftr\" style=\"height: ")
      out.px(footer)
      out.add("px\"><span>Footer</span><small>footer · ")
      out.px(footer)
      out.add(" pt</small></div>")
    }
    out.add("</section>\n")
  }

  /// A section without a layout on the device (a plugin component, or a type its family lacks),
  /// after `<section class="sec`: a placeholder sized by the plugin; one the mapper left without
  /// its child's items (`mapped`: unbound, incompatible) says so, as a section with a layout does.
  package func pluginSection(_ out: inout PageBytes, _ section: ResolvedSection, mapped: Mapper.Section? = nil) {
    let name = pluginNames[section.componentType]
    let unbound = mapped.flatMap { m in Self.unboundNote(m).map { (status: m.status.word, note: $0) } }
    out.add(" plugin")
    if let (status, _) = unbound {
      out.add(" ")
      out.text(status)
    }
    out.add("\"")
    sectionAttributes(&out, section)
    out.add(" data-plugin=\"")
    out.text(section.componentType)
    out.add("\" data-items=\"0\">")
    caption(&out, section, layout: nil, items: nil)
    if let (status, note) = unbound {
      out.add("<div class=\"unbound ")
      out.text(status)
      out.add("\">")
      out.isolated(note)
      out.add("</div>")
    }
    out.add("<div class=\"placeholder\"><b>")
    out.isolated(name ?? section.componentType)
    out.add("</b><span>")
    if name == nil {
      out.add("no layout in family ")
      out.isolated(section.family ?? "none")
    } else {
      out.add("plugin component")
    }
    out.add(" <code>")
    out.isolated(section.componentType)
    out.add("</code> · ")
    out.isolated(section.cellStyles.isEmpty ? "no cell style" : section.cellStyles.joined(separator: " → "))
    out.add("</span><small>sized by the plugin at run time</small></div></section>\n")
  }

  /// ` data-section="…" data-component="…" style="--h: …"`: a section's attributes after its classes.
  package func sectionAttributes(_ out: inout PageBytes, _ section: ResolvedSection) {
    out.add(" data-section=\"")
    out.int(section.section)
    out.add("\" data-component=\"")
    out.text(section.componentType)
    out.add("\" style=\"--h: ")
    out.int(Self.hue(section.componentType))
    out.add("\"")
  }

  /// The section as a device draws it (`drawn`): on a size class whose `size_class_mapping`
  /// replaces the component, the replacement's component type, cell style and layout id; the
  /// section itself elsewhere.
  static func asDrawn(_ section: ResolvedSection, _ drawn: DrawnSection?) -> ResolvedSection {
    guard let drawn, !drawn.hidden, drawn.componentType != section.componentType || drawn.cellStyles != section.cellStyles
    else { return section }
    var shown = section
    shown.componentType = drawn.componentType
    shown.cellStyles = drawn.cellStyles
    shown.cells = []
    shown.renderer.layoutID = section.sizeClassMapping.first { $0.sizeClass == drawn.sizeClass }?.layoutID
    return shown
  }

  /// A section's caption: its number, component type, cell styles and facts.
  package func caption(_ out: inout PageBytes, _ section: ResolvedSection, layout: SectionLayout?, items: Items?) {
    out.add("<div class=\"cap\"><span class=\"num\">")
    out.int(section.section)
    out.add("</span> <b>")
    out.isolated(section.componentType)
    out.add("</b>")
    styleNames(&out, section.cellStyles)
    out.add(" <span>")
    if let layout {
      layoutFacts(&out, layout)
      out.add(" · ")
    }
    if let items {
      out.isolated(items.note)
      out.add(" · ")
    }
    dataFact(&out, section.data)
    if let target = section.target {
      out.add(" · opens ")
      screenLink(&out, target)
    }
    out.add("</span></div>")
  }

  /// Cell style names, each in its own badge, in a caption.
  package func styleNames(_ out: inout PageBytes, _ styles: [String]) {
    for style in styles {
      out.add(" <span class=\"style\">")
      out.isolated(style)
      out.add("</span>")
    }
  }

  /// A layout's kind, columns and item size, in a caption.
  package func layoutFacts(_ out: inout PageBytes, _ layout: SectionLayout) {
    out.text(layout.kind.word)
    out.add(" · ")
    out.int(layout.columns)
    out.add(" col · ")
    out.px(layout.item.width)
    out.add(" × ")
    if let height = layout.item.height { out.px(height) } else { out.add("auto") }
  }

  /// Where a section's data comes from, in the caption: its own source, else its type (the
  /// client holds a favorites or downloads component's data), else `?`.
  package func dataFact(_ out: inout PageBytes, _ data: DataBinding) {
    switch data.binding {
    case .own:
      out.add("data ")
      out.isolated(data.source ?? data.type ?? "?")
    case .senderChild:
      out.add("sender child ")
      if let child = data.child { out.int(child) } else { out.add("?") }
      if let group = data.groupChild {
        out.add(".")
        out.int(group)
      }
    default: out.add("no data")
    }
  }
}
