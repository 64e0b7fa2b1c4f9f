import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules

/// The pages of the preview, drawn from a resolved bundle exactly as a client decodes it (one CSS
/// pixel per point): every section of every screen on every device, with the number of items the
/// client shows, headers at their height, cell style names, plugins as labelled placeholders,
/// every link between screens, and a map of the app. With sender feeds, connected screens show
/// the items the runtime mapper binds to each section.
///
/// Without a feed, a section draws `item_limit` items (whole rows with `fill_rows`); a section
/// without a limit draws a sample: two rows of a grid or waterfall, one more item than fits on
/// screen for a horizontal list, three for a list or a pager, one for a sticky section, and the
/// frames of a 1 + n layout. `docs/preview.md` describes the page.
public struct PreviewRenderer: Sendable {
  public let index: BundleIndex
  public let screens: [ResolvedScreen]
  /// Plugin identifier (a component type or a screen type) → the name in its manifest.
  public let pluginNames: [String: String]
  /// Screen id → the sender feed that fills it.
  public let senders: [String: FeedEntry]
  /// Pages served by `zlc serve`: they reload when the server pushes a new build.
  public var live = false
  /// The last build's errors, shown at the top of every page (`zlc serve` keeps the last good
  /// bundle while the project has errors).
  public var problems: String?

  /// The page file of each screen, in bundle order.
  public let files: [String]
  package let fileByID: [String: String]
  package let positionByID: [String: Int]
  /// Page file → the first screen with that file.
  package let positionByFile: [String: Int]
  package let links: [Link]
  /// Screen id → the links that open it and those it opens, made once with `links`.
  package let linksByScreen: [String: ScreenLinks]

  public init(index: BundleIndex, screens: [ResolvedScreen], pluginNames: [String: String] = [:], senders: [String: FeedEntry] = [:]) {
    self.index = index
    self.screens = screens
    self.pluginNames = pluginNames
    self.senders = senders
    files = BundleWriter.safeFileNames(for: screens.map(\.id)).map { $0 + ".html" }
    var byID: [String: String] = [:]
    var position: [String: Int] = [:]
    for (i, screen) in screens.enumerated() where byID[screen.id] == nil {
      byID[screen.id] = files[i]
      position[screen.id] = i
    }
    fileByID = byID
    positionByID = position
    var byFile: [String: Int] = [:]
    for (i, file) in files.enumerated() where byFile[file] == nil { byFile[file] = i }
    positionByFile = byFile
    links = Self.links(index: index, screens: screens, senders: senders, known: Set(byID.keys))
    linksByScreen = Self.linksByScreen(links)
  }

  // MARK: Pages

  /// Every page, file name → HTML, `index.html` first; the screens' pages are drawn in parallel.
  public func pages() -> [(path: String, html: String)] {
    [("index.html", indexPage()), ("screens.js", screensScript()), (Self.styleFile, Self.style), (Self.scriptFile, Self.script)]
      + parallelMap(screens.count) { (files[$0], screenPage($0)) }
  }

  /// The page of the screen at `position` in bundle order (its file is `files[position]`).
  public func screenPage(at position: Int) -> String { screenPage(position) }

  /// One page (or `screens.js`, `preview.css`, `preview.js`) by its file name, or nil.
  public func page(named name: String) -> String? {
    if name == "index.html" { return indexPage() }
    if name == "screens.js" { return screensScript() }
    if name == Self.styleFile { return Self.style }
    if name == Self.scriptFile { return Self.script }
    guard let i = positionByFile[name] else { return nil }
    return screenPage(i)
  }

  package var appName: String { index.app ?? "Layout" }

  package func kind(of screen: ResolvedScreen) -> String {
    if isScreenPlugin(screen) { return "plugin" }
    if screen.home == true { return "home" }
    return screen.resolved.connected ? "connected" : "root"
  }

  package func kindLabel(_ kind: String) -> String {
    switch kind {
    case "plugin": return "screen plugin"
    case "home": return "home"
    case "connected": return "connected"
    default: return "root"
    }
  }

  /// A screen drawn by a plugin rather than by zlc's sections.
  package func isScreenPlugin(_ screen: ResolvedScreen) -> Bool {
    screen.type != "general_content" && screen.type != "favorites" && screen.resolved.sections.isEmpty
  }

  package func screenLink(_ id: String, _ text: String? = nil) -> String {
    let name = text ?? screens[positionByID[id] ?? 0].name ?? id
    guard let file = fileByID[id] else { return HTML.escape(name) }
    return "<a href=\"\(HTML.escape(file))\">\(HTML.escape(name))</a>"
  }

  /// The map of the app, as an SVG.
  package func mapSVG() -> String {
    var nodes = screens.enumerated().map { i, s in
      let label = kindLabel(kind(of: s))
      return AppMap.Node(
        title: s.name ?? s.id, subtitle: s.id == label ? "\(label) screen" : "\(s.id) · \(label)", href: files[i], kind: kind(of: s))
    }
    let entries = links.contains { $0.from == nil }
    if entries { nodes.append(AppMap.Node(title: "Any feed entry", subtitle: "screen_types, content_types", href: nil, kind: "entries")) }
    var order: [AppMap.Edge] = []
    var labels: [AppMap.Edge: [String]] = [:]
    for link in links {
      guard let to = positionByID[link.to] else { continue }
      let from = link.from.flatMap { positionByID[$0] } ?? (nodes.count - 1)
      let edge = AppMap.Edge(from: from, to: to, kind: link.kind.rawValue)
      if labels[edge] == nil { order.append(edge) }
      labels[edge, default: []].append(link.label)
    }
    var roots = screens.indices.filter { screens[$0].home == true }
    if roots.isEmpty, !screens.isEmpty { roots = [0] }
    if entries { roots.append(nodes.count - 1) }
    return AppMap(nodes: nodes, edges: order.map { ($0, labels[$0] ?? []) }, roots: roots).svg()
  }

  public func indexPage() -> String {
    var body = topBar(current: nil, devices: false)
    body += "<main class=\"index\">\n"
    body += problemsHTML()
    body += "<h1>\(HTML.escape(appName))</h1>\n"
    body +=
      "<p class=\"lede\">\(screens.count) screens on \(index.devices.count) devices · \(index.devices.map { "\(HTML.escape($0.name)) \(HTML.px($0.width)) pt" }.joined(separator: " · "))</p>\n"
    body += "<h2>Map</h2>\n<div class=\"legend\">"
    for (kind, text) in [
      ("navigation", "navigation item"), ("target", "data.target"), ("feed", "feed child"), ("mapping", "screen_types / content_types"),
    ] {
      body += "<span class=\"key \(kind)\">\(text)</span>"
    }
    body += "</div>\n<div class=\"mapbox\">\(mapSVG())</div>\n"
    body += "<h2>Screens</h2>\n<ul class=\"cards\">\n"
    for (i, screen) in screens.enumerated() {
      let k = kind(of: screen)
      let detail: String
      if isScreenPlugin(screen) {
        detail = "plugin \(HTML.escape(pluginNames[screen.type] ?? screen.type))"
      } else {
        detail = "\(screen.resolved.sections.count) sections · \(HTML.escape(screen.resolved.family ?? "no family"))"
      }
      let feed = senders[screen.id] == nil ? "" : " · filled from a feed"
      body +=
        "<li class=\"card \(k)\"><a href=\"\(HTML.escape(files[i]))\"><b>\(HTML.escape(screen.name ?? screen.id))</b><span class=\"badge \(k)\">\(kindLabel(k))</span><small>\(HTML.escape(screen.id)) · \(detail)\(feed)</small></a></li>\n"
    }
    body += "</ul>\n"
    if !index.screenTypes.isEmpty || !index.contentTypes.isEmpty {
      body += "<h2>Mappings</h2>\n<table class=\"mappings\">\n"
      for mapping in index.screenTypes.sorted(by: { $0.key < $1.key }) {
        body += "<tr><td>screen_type</td><td><code>\(HTML.escape(mapping.key))</code></td><td>→ \(screenLink(mapping.screen))</td></tr>\n"
      }
      for mapping in index.contentTypes.sorted(by: { $0.key < $1.key }) {
        body += "<tr><td>content type</td><td><code>\(HTML.escape(mapping.key))</code></td><td>→ \(screenLink(mapping.screen))</td></tr>\n"
      }
      body += "</table>\n"
    }
    body += "</main>\n"
    return document(title: "\(appName) — preview", body: body)
  }

  package func problemsHTML() -> String {
    guard let problems, !problems.isEmpty else { return "" }
    return
      "<section class=\"problems\" id=\"problems\"><h2>The project has errors: \(screens.isEmpty ? "nothing has built yet" : "this is the last good build")</h2><pre>\(HTML.escape(problems))</pre></section>\n"
  }

  /// `screens.js`: every screen's name and page, shared by the pages' screen menus (a page of a
  /// project of 1,000 screens would otherwise carry 1,000 options).
  package func screensScript() -> String {
    let list = JSONOut.array(screens.indices.map { .array([.string(screens[$0].name ?? screens[$0].id), .string(files[$0])]) })
    return "window.zlcScreens = " + list.serialized(pretty: false).trimmingCharacters(in: .newlines) + ";\n"
  }

  /// The bar on top: the app, a menu of screens (filled from `screens.js`), and on a screen's
  /// page the device picker and the zoom.
  package func topBar(current: Int?, devices: Bool) -> String {
    var bar = "<nav class=\"bar\"><a class=\"home\" href=\"index.html\">\(HTML.escape(appName))</a>"
    let file = current.map { files[$0] } ?? "index.html"
    bar += "<select class=\"jump\" aria-label=\"Screen\" data-current=\"\(HTML.escape(file))\" onchange=\"location.href=this.value\">"
    bar += "<option value=\"index.html\">Map and screens</option>"
    if let current {
      bar += "<option value=\"\(HTML.escape(file))\" selected>\(HTML.escape(screens[current].name ?? screens[current].id))</option>"
    }
    bar += "</select>"
    if devices {
      bar += "<span class=\"seg\" role=\"group\" aria-label=\"Devices\"><button data-device=\"all\">All</button>"
      for device in index.devices {
        bar += "<button data-device=\"\(HTML.escape(device.name))\">\(HTML.escape(device.name))</button>"
      }
      bar += "</span><span class=\"seg\" role=\"group\" aria-label=\"Zoom\">"
      for (value, text) in [("fit", "Fit"), ("0.5", "50%"), ("0.75", "75%"), ("1", "100%")] {
        bar += "<button data-zoom=\"\(value)\">\(text)</button>"
      }
      bar += "</span>"
    }
    if live { bar += "<span class=\"live\" title=\"Reloads when the project changes\">● live</span>" }
    return bar + "</nav>\n"
  }

  // MARK: A screen

  package func screenPage(_ position: Int) -> String {
    let screen = screens[position]
    let title = screen.name ?? screen.id
    var body = topBar(current: position, devices: true)
    body += "<main>\n" + problemsHTML()
    body += "<header class=\"screen-head\"><h1>\(HTML.escape(title))</h1>"
    let k = kind(of: screen)
    var facts = ["<span class=\"badge \(k)\">\(kindLabel(k))</span>", "<code>\(HTML.escape(screen.id))</code>"]
    facts.append("type \(HTML.escape(screen.type))")
    if let family = screen.resolved.family { facts.append("family \(HTML.escape(family))") }
    facts.append("\(HTML.escape(screen.resolved.presentation.word)) · \(HTML.escape(screen.resolved.launchMode.word))")
    body += "<p class=\"facts\">\(facts.joined(separator: " · "))</p>\n"
    body += linksHTML(screen)
    body += navigationsHTML(screen)
    let sender = senders[screen.id]
    if let sender {
      body +=
        "<p class=\"feed\">Filled from the sender feed <b>\(HTML.escape(sender.title ?? sender.id ?? "feed"))</b> (\(sender.entries?.count ?? 0) children) through the runtime mapper.</p>\n"
    }
    body += "</header>\n<div class=\"devices\">\n"
    for device in index.devices {
      let result = sender.map { Mapper.map(screen: screen, sender: $0, device: device.name, bundle: index) }
      body += deviceHTML(screen, device: device, mapped: result)
    }
    body += "</div>\n</main>\n"
    return document(title: "\(title) — \(appName) preview", body: body)
  }

  package func navigationsHTML(_ screen: ResolvedScreen) -> String {
    var out = ""
    for navigation in screen.navigations {
      let items = navigation.allItems
      let name = navigation.name ?? navigation.category ?? "navigation"
      let kind = [navigation.category, navigation.navigationType].compactMap { $0 }.joined(separator: " · ")
      let chips =
        items.isEmpty
        ? "<span class=\"none\">no items</span>"
        : items.map { item -> String in
          let text = item.title ?? item.id ?? "item"
          guard let target = item.target else { return "<span class=\"chip\">\(HTML.escape(text))</span>" }
          if let file = fileByID[target] {
            return "<a class=\"chip\" data-nav-target=\"\(HTML.escape(target))\" href=\"\(HTML.escape(file))\">\(HTML.escape(text))</a>"
          }
          return "<span class=\"chip missing\" title=\"no screen '\(HTML.escape(target))'\">\(HTML.escape(text))</span>"
        }.joined()
      out += "<div class=\"nav\"><b>\(HTML.escape(name))</b> <small>\(HTML.escape(kind))</small> \(chips)</div>\n"
    }
    return out
  }

  /// The size class of a device, shown beside its name.
  package func sizeClass(of device: Device) -> String? { device.sizeClass.map { "size class \($0)" } }

  /// One device's wireframe of a screen; the sections in `outlined` (section indices) get the
  /// class `changed` (`zlc diff --html` outlines them).
  package func deviceHTML(_ screen: ResolvedScreen, device: Device, mapped: Mapper.Result?, outlined: Set<Int> = []) -> String {
    var head = "<b>\(HTML.escape(device.name))</b> \(HTML.px(device.width)) pt · \(HTML.escape(device.deviceClass.rawValue))"
    if let sizeClass = sizeClass(of: device) { head += " · \(HTML.escape(sizeClass))" }
    var out =
      "<div class=\"device\" data-device=\"\(HTML.escape(device.name))\" data-width=\"\(HTML.px(device.width))\"><h2>\(head)</h2>\n"
    out += "<div class=\"screen\" style=\"width: \(HTML.px(device.width))px\">\n"
    if isScreenPlugin(screen) {
      let name = pluginNames[screen.type] ?? screen.type
      out +=
        "<div class=\"screen-plugin\" data-plugin=\"\(HTML.escape(screen.type))\"><b>\(HTML.escape(name))</b><span>screen plugin <code>\(HTML.escape(screen.type))</code></span><small>drawn by the plugin · presentation \(HTML.escape(screen.resolved.presentation.word))</small></div>\n"
    } else if screen.resolved.sections.isEmpty {
      out += "<div class=\"empty-screen\">No components</div>\n"
    }
    for section in screen.resolved.sections {
      let html = sectionHTML(
        section, device: device, mapped: mapped?.sections.first { $0.section == section.section }, sender: senders[screen.id])
      let opening = "<section class=\"sec"
      out += outlined.contains(section.section) && html.hasPrefix(opening) ? opening + " changed" + html.dropFirst(opening.count) : html
    }
    return out + "</div></div>\n"
  }

  // MARK: A section

  /// What a section draws: how many items, and each one's title, image and link.
  package struct Items {
    package var count: Int
    package var titles: [String?] = []
    package var images: [String?] = []
    package var opens: [String?] = []
    /// Why the number is what it is, for the caption.
    package var note: String
  }

  /// The most items of one section a page draws: an `item_limit` of up to 999,999,999 checks
  /// clean, and a box for each would take the memory and the disk. The caption says so.
  package static let maxDrawnItems = 1_000

  /// The sample size of a section without a feed or a limit.
  package static func sampleCount(_ layout: SectionLayout) -> Int {
    switch layout.kind {
    case .flow, .waterfall, .unknown: return max(1, layout.columns) * 2
    case .horizontal: return max(1, layout.columns) + 1
    case .paged, .linear: return 3
    case .sticky: return 1
    case .oneAndN: return 1 + (layout.small?.count ?? 0)
    }
  }

  package func items(_ section: ResolvedSection, _ layout: SectionLayout, device: Device, mapped: Mapper.Section?, sender: FeedEntry?)
    -> Items
  {
    let sectionOpens = section.target.flatMap { fileByID[$0] == nil ? nil : $0 }
    if let mapped {
      switch mapped.status {
      case .empty: return Items(count: 0, note: "unbound: the sender has no child for it")
      case .incompatible: return Items(count: 0, note: "incompatible: child type \(mapped.type ?? "none") is not accepted")
      case .merged: return Items(count: 0, note: "merged: its items are shown by section \(mapped.mergedInto.map(String.init) ?? "above")")
      case .bound:
        if let sender, let entries = childEntries(of: mapped, in: sender), let after = mapped.items?.after {
          // The mapper's items when it shaped them (filtered, merged, padded): a placeholder or an
          // item merged in from the next section has no entry of this child.
          let shown: [FeedEntry] =
            mapped.entries.map { items in
              items.map { item in
                guard item.section == nil, let i = item.index, i < entries.count else { return FeedEntry(id: item.id, title: item.id) }
                return entries[i]
              }
            } ?? Array(entries.prefix(after))
          let fallback = mapped.opens ?? sectionOpens
          return Items(
            count: shown.count, titles: shown.map(\.title), images: shown.map(\.imageURL), opens: shown.map { opens(of: $0) ?? fallback },
            note: "\(shown.count) of \(entries.count) items of ‘\(mapped.childTitle ?? "child")’")
        }
        let count = sampleItems(section, layout, device: device)
        return Items(
          count: count, opens: Array(repeating: mapped.opens ?? sectionOpens, count: count),
          note: "items load from \(mapped.source ?? "the child's source")")
      default: break
      }
    }
    let count = sampleItems(section, layout, device: device)
    let note: String
    if let limit = section.itemLimit {
      note =
        "limit \(limit)" + (section.fillRows == true ? ", whole rows" : "")
        + (count == Self.maxDrawnItems && limit > count ? ", the first \(count) drawn" : "")
    } else {
      note = "no limit: \(count) drawn"
    }
    return Items(count: count, opens: Array(repeating: sectionOpens, count: count), note: note)
  }

  /// Without a feed: the limit (or a sample) as the client would cut it.
  package func sampleItems(_ section: ResolvedSection, _ layout: SectionLayout, device: Device) -> Int {
    let limit = section.itemLimit(sizeClass: device.sizeClass)
    let count = section.itemsShown(of: limit ?? Self.sampleCount(layout), on: device.name, sizeClass: device.sizeClass)
    return min(layout.kind == .oneAndN ? min(count, 1 + (layout.small?.count ?? 0)) : count, Self.maxDrawnItems)
  }

  /// The children of a bound feed child, when the feed carries them inline.
  package func childEntries(of mapped: Mapper.Section, in sender: FeedEntry) -> [FeedEntry]? {
    guard let c = mapped.child, let children = sender.entries, c < children.count else { return nil }
    var child = children[c]
    if let g = mapped.groupChild {
      guard let grand = child.entries, g < grand.count else { return nil }
      child = grand[g]
    }
    return child.entries
  }

  /// The screen a tap on a feed item opens: its `screen_type`, else its type's content mapping.
  package func opens(of entry: FeedEntry) -> String? {
    if let st = entry.screenType, !st.isEmpty, let id = index.screenID(forScreenType: st), fileByID[id] != nil { return id }
    if let tag = entry.uiTag, !tag.isEmpty, let id = index.screenID(forUITag: tag), fileByID[id] != nil { return id }
    if let type = entry.typeValue, let id = index.screenID(forContentType: type), fileByID[id] != nil { return id }
    return nil
  }

  package func sectionHTML(_ section: ResolvedSection, device: Device, mapped: Mapper.Section?, sender: FeedEntry?) -> String {
    let hue = Self.hue(section.componentType)
    let style = section.cellStyles.isEmpty ? "no cell style" : section.cellStyles.joined(separator: " → ")
    // The attributes after the section's classes, which differ by what is drawn.
    let rest = " data-section=\"\(section.section)\" data-component=\"\(HTML.escape(section.componentType))\" style=\"--h: \(hue)\""
    if let drawn = section.drawn.first(where: { $0.device == device.name })?.drawn, drawn.hidden {
      return
        "<section class=\"sec\"\(rest) data-hidden=\"true\" data-items=\"0\"><small>hidden on size class \(HTML.escape(drawn.sizeClass ?? ""))</small></section>\n"
    }
    guard let layout = section.layout(on: device.name) else {
      let name = pluginNames[section.componentType]
      let what = name == nil ? "no layout in family \(section.family ?? "none")" : "plugin component"
      var out = "<section class=\"sec plugin\"\(rest) data-plugin=\"\(HTML.escape(section.componentType))\" data-items=\"0\">"
      out += caption(section, layout: nil, items: nil)
      out +=
        "<div class=\"placeholder\"><b>\(HTML.escape(name ?? section.componentType))</b><span>\(what) <code>\(HTML.escape(section.componentType))</code> · \(HTML.escape(style))</span><small>sized by the plugin at run time</small></div>"
      return out + "</section>\n"
    }
    let items = items(section, layout, device: device, mapped: mapped, sender: sender)
    let status = mapped?.status.word ?? ""
    var out =
      "<section class=\"sec \(layout.kind.word)\(status.isEmpty ? "" : " " + status)\"\(rest) data-kind=\"\(layout.kind.word)\" data-items=\"\(items.count)\">"
    out += caption(section, layout: layout, items: items)
    if let header = layout.headerHeight {
      let text = mapped?.childTitle ?? "Header"
      out +=
        "<div class=\"hdr\" style=\"height: \(HTML.px(header))px\"><span>\(HTML.escape(text))</span><small>header · \(HTML.px(header)) pt</small></div>"
    }
    if let mapped, mapped.status == .empty || mapped.status == .incompatible {
      out += "<div class=\"unbound \(status)\">\(HTML.escape(items.note))</div>"
    }
    out += bodyHTML(section, layout, items: items)
    return out + "</section>\n"
  }

  package func caption(_ section: ResolvedSection, layout: SectionLayout?, items: Items?) -> String {
    var head = ["<span class=\"num\">\(section.section)</span>", "<b>\(HTML.escape(section.componentType))</b>"]
    for style in section.cellStyles { head.append("<span class=\"style\">\(HTML.escape(style))</span>") }
    var facts: [String] = []
    if let layout {
      facts.append(
        "\(layout.kind.word) · \(layout.columns) col · \(HTML.px(layout.item.width)) × \(layout.item.height.map(HTML.px) ?? "auto")")
    }
    if let items { facts.append(HTML.escape(items.note)) }
    switch section.data.binding {
    case .own: facts.append("data \(HTML.escape(section.data.source ?? "?"))")
    case .senderChild:
      facts.append("sender child \(section.data.child.map(String.init) ?? "?")" + (section.data.groupChild.map { ".\($0)" } ?? ""))
    default: facts.append("no data")
    }
    if let target = section.target { facts.append("opens \(screenLink(target))") }
    return "<div class=\"cap\">\(head.joined(separator: " ")) <span>\(facts.joined(separator: " · "))</span></div>"
  }

  package func bodyHTML(_ section: ResolvedSection, _ layout: SectionLayout, items: Items) -> String {
    let i = layout.insets
    let padding = "padding: \(HTML.px(i.top))px \(HTML.px(i.right))px \(HTML.px(i.bottom))px \(HTML.px(i.left))px"
    let gaps = "column-gap: \(HTML.px(layout.interItemSpacing))px; row-gap: \(HTML.px(layout.lineSpacing))px"
    var cells = ""
    switch layout.kind {
    case .oneAndN:
      let frames = [layout.large].compactMap { $0 } + (layout.small ?? [])
      for (n, frame) in frames.prefix(items.count).enumerated() {
        let position = "left: \(HTML.px(frame.x))px; top: \(HTML.px(frame.y))px"
        cells += cell(n, section, items, width: frame.width, height: frame.height, extra: position)
      }
      let bottom = frames.map { $0.y + $0.height }.max() ?? 0
      return "<div class=\"body one_and_n\" style=\"height: \(HTML.px(bottom + i.bottom))px\">\(cells)</div>"
    case .horizontal, .paged:
      for n in 0..<items.count { cells += cell(n, section, items, layout: layout) }
      let dots =
        layout.kind == .paged && items.count > 1
        ? "<div class=\"dots\">" + String(repeating: "<i></i>", count: min(items.count, 12)) + "</div>" : ""
      let overflows = layout.kind == .horizontal && items.count > max(1, layout.columns) ? " overflows" : ""
      return "<div class=\"body \(layout.kind.word)\(overflows)\" style=\"\(padding); \(gaps)\">\(cells)</div>\(dots)"
    case .flow, .waterfall, .linear, .sticky, .unknown:
      // A kind newer than this zlc is drawn as a grid of its columns.
      for n in 0..<items.count { cells += cell(n, section, items, layout: layout) }
      let columns = layout.kind == .linear || layout.kind == .sticky ? 1 : max(1, layout.columns)
      let width = layout.columnWidth ?? layout.item.width
      let template =
        layout.cells == nil
        ? "grid-template-columns: repeat(\(columns), \(HTML.px(width))px)" : "display: flex; flex-wrap: wrap; align-items: flex-start"
      let note =
        layout.kind == .waterfall
        ? "<div class=\"note\">Waterfall: each item's height comes from its data at run time; drawn square here.</div>" : ""
      return "\(note)<div class=\"body \(layout.kind.word)\" style=\"\(padding); \(gaps); \(template)\">\(cells)</div>"
    }
  }

  /// The size of item `n`: its cell style's (the last style repeats), else the section's.
  package static func itemSize(_ n: Int, _ layout: SectionLayout) -> ItemSize {
    guard let cells = layout.cells, !cells.isEmpty else { return layout.item }
    return cells[min(n, cells.count - 1)].item
  }

  package func cell(_ n: Int, _ section: ResolvedSection, _ items: Items, layout: SectionLayout) -> String {
    let size = Self.itemSize(n, layout)
    let known = size.height != nil
    let height = size.height ?? (layout.kind == .waterfall ? size.width : 64)
    return cell(n, section, items, width: size.width, height: height, extra: nil, unsized: !known, layout: layout)
  }

  package func cell(
    _ n: Int, _ section: ResolvedSection, _ items: Items, width: Double, height: Double, extra: String?, unsized: Bool = false,
    layout: SectionLayout? = nil
  ) -> String {
    let styleName = section.cellStyles.isEmpty ? "" : section.cellStyles[min(n, section.cellStyles.count - 1)]
    let title = n < items.titles.count ? items.titles[n] : nil
    let image = n < items.images.count ? items.images[n] : nil
    let opens = n < items.opens.count ? items.opens[n] : nil
    var style = "width: \(HTML.px(width))px; height: \(HTML.px(height))px"
    if let extra { style += "; " + extra }
    var inner = "<span class=\"n\">\(n + 1)</span>"
    if let image, !image.isEmpty {
      inner += "<img alt=\"\" loading=\"lazy\" src=\"\(HTML.escape(image))\" onerror=\"this.remove()\">"
    }
    if let title { inner += "<span class=\"t\">\(HTML.escape(title))</span>" }
    inner += layout.map { Self.elementsHTML($0.cell(forItem: n).elements) } ?? ""
    inner += "<span class=\"s\">\(HTML.escape(unsized ? "\(styleName) · height from data" : styleName))</span>"
    let classes = "cell" + (unsized ? " unsized" : "") + (title == nil ? "" : " filled") + (height < 64 ? " short" : "")
    let named = Self.cellStyleAttributes(section, item: n, styleName: styleName)
    if let opens, let file = fileByID[opens] {
      return
        "<a class=\"\(classes)\" href=\"\(HTML.escape(file))\" data-opens=\"\(HTML.escape(opens))\"\(named) style=\"\(style)\">\(inner)</a>"
    }
    return "<div class=\"\(classes)\"\(named) style=\"\(style)\">\(inner)</div>"
  }

  /// A stable hue per component type, so the same component looks the same everywhere.
  package static func hue(_ text: String) -> Int {
    var h: UInt32 = 2_166_136_261
    for byte in text.utf8 { h = (h ^ UInt32(byte)) &* 16_777_619 }
    return Int(h % 360)
  }
}
