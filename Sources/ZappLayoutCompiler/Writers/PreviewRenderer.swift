import Foundation
import ZappLayout

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
  let fileByID: [String: String]
  let positionByID: [String: Int]
  let links: [Link]

  /// One way a screen opens another.
  struct Link {
    enum Kind: String {
      case navigation, target, mapping, feed
    }
    /// The screen the link is on; nil for a `screen_types` or `content_types` mapping, which any
    /// feed entry can use.
    var from: String?
    var to: String
    var kind: Kind
    var label: String
  }

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
    links = Self.links(index: index, screens: screens, senders: senders, known: Set(byID.keys))
  }

  static func links(index: BundleIndex, screens: [ResolvedScreen], senders: [String: FeedEntry], known: Set<String>) -> [Link] {
    var links: [Link] = []
    for screen in screens {
      for navigation in screen.navigations {
        let menu = navigation.name ?? navigation.category ?? "navigation"
        for item in navigation.allItems {
          guard let target = item.target, known.contains(target) else { continue }
          links.append(Link(from: screen.id, to: target, kind: .navigation, label: "\(menu) › \(item.title ?? item.id ?? target)"))
        }
      }
      for section in screen.resolved.sections {
        guard let target = section.target, known.contains(target) else { continue }
        links.append(Link(from: screen.id, to: target, kind: .target, label: "section \(section.section) \(section.componentType)"))
      }
      if let sender = senders[screen.id], let device = index.devices.first {
        let result = Mapper.map(screen: screen, sender: sender, device: device.name, bundle: index)
        for section in result.sections {
          guard let opens = section.opens, known.contains(opens) else { continue }
          links.append(
            Link(from: screen.id, to: opens, kind: .feed, label: "section \(section.section): \(section.childTitle ?? "child")"))
        }
      }
    }
    for mapping in index.screenTypes.sorted(by: { $0.key < $1.key }) where known.contains(mapping.screen) {
      links.append(Link(from: nil, to: mapping.screen, kind: .mapping, label: "screen_type \(mapping.key)"))
    }
    for mapping in index.contentTypes.sorted(by: { $0.key < $1.key }) where known.contains(mapping.screen) {
      links.append(Link(from: nil, to: mapping.screen, kind: .mapping, label: "type \(mapping.key)"))
    }
    return links
  }

  // MARK: Pages

  /// Every page, file name → HTML, `index.html` first.
  public func pages() -> [(path: String, html: String)] {
    [("index.html", indexPage()), ("screens.js", screensScript())] + screens.indices.map { (files[$0], screenPage($0)) }
  }

  /// One page (or `screens.js`) by its file name, or nil.
  public func page(named name: String) -> String? {
    if name == "index.html" { return indexPage() }
    if name == "screens.js" { return screensScript() }
    guard let i = files.firstIndex(of: name) else { return nil }
    return screenPage(i)
  }

  var appName: String { index.app ?? "Layout" }

  func kind(of screen: ResolvedScreen) -> String {
    if isScreenPlugin(screen) { return "plugin" }
    if screen.home == true { return "home" }
    return screen.resolved.connected ? "connected" : "root"
  }

  func kindLabel(_ kind: String) -> String {
    switch kind {
    case "plugin": return "screen plugin"
    case "home": return "home"
    case "connected": return "connected"
    default: return "root"
    }
  }

  /// A screen drawn by a plugin rather than by zlc's sections.
  func isScreenPlugin(_ screen: ResolvedScreen) -> Bool {
    screen.type != "general_content" && screen.type != "favorites" && screen.resolved.sections.isEmpty
  }

  func screenLink(_ id: String, _ text: String? = nil) -> String {
    let name = text ?? screens[positionByID[id] ?? 0].name ?? id
    guard let file = fileByID[id] else { return HTML.escape(name) }
    return "<a href=\"\(HTML.escape(file))\">\(HTML.escape(name))</a>"
  }

  /// The map of the app, as an SVG.
  func mapSVG() -> String {
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

  func problemsHTML() -> String {
    guard let problems, !problems.isEmpty else { return "" }
    return
      "<section class=\"problems\" id=\"problems\"><h2>The project has errors: \(screens.isEmpty ? "nothing has built yet" : "this is the last good build")</h2><pre>\(HTML.escape(problems))</pre></section>\n"
  }

  /// `screens.js`: every screen's name and page, shared by the pages' screen menus (a page of a
  /// project of 1,000 screens would otherwise carry 1,000 options).
  func screensScript() -> String {
    let list = JSONOut.array(screens.indices.map { .array([.string(screens[$0].name ?? screens[$0].id), .string(files[$0])]) })
    return "window.zlcScreens = " + list.serialized(pretty: false).trimmingCharacters(in: .newlines) + ";\n"
  }

  /// The bar on top: the app, a menu of screens (filled from `screens.js`), and on a screen's
  /// page the device picker and the zoom.
  func topBar(current: Int?, devices: Bool) -> String {
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

  func screenPage(_ position: Int) -> String {
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

  func linksHTML(_ screen: ResolvedScreen) -> String {
    let incoming = links.filter { $0.to == screen.id && $0.from != screen.id }
    let outgoing = links.filter { $0.from == screen.id && $0.to != screen.id }
    var out = ""
    if !incoming.isEmpty {
      let items = Self.grouped(incoming, by: { $0.from ?? "" }).map { from, links -> String in
        let what = "<small>\(HTML.escape(links.map(\.label).joined(separator: ", ")))</small>"
        return from.isEmpty ? "<li>any feed entry with \(what)</li>" : "<li>\(screenLink(from)) \(what)</li>"
      }
      out += "<div class=\"links\"><b>Opened by</b><ul>\(items.joined())</ul></div>\n"
    }
    if !outgoing.isEmpty {
      let items = Self.grouped(outgoing, by: \.to).map { to, links in
        "<li>\(screenLink(to)) <small>\(HTML.escape(links.map(\.label).joined(separator: ", ")))</small></li>"
      }
      out += "<div class=\"links\"><b>Opens</b><ul>\(items.joined())</ul></div>\n"
    }
    return out
  }

  /// Links grouped by a key, groups in the order of their first link.
  static func grouped(_ links: [Link], by key: (Link) -> String) -> [(String, [Link])] {
    var order: [String] = []
    var groups: [String: [Link]] = [:]
    for link in links {
      let k = key(link)
      if groups[k] == nil { order.append(k) }
      groups[k, default: []].append(link)
    }
    return order.map { ($0, groups[$0] ?? []) }
  }

  func navigationsHTML(_ screen: ResolvedScreen) -> String {
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
  func sizeClass(of device: Device) -> String? { device.sizeClass.map { "size class \($0)" } }

  /// One device's wireframe of a screen; the sections in `outlined` (section indices) get the
  /// class `changed` (`zlc diff --html` outlines them).
  func deviceHTML(_ screen: ResolvedScreen, device: Device, mapped: Mapper.Result?, outlined: Set<Int> = []) -> String {
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
  struct Items {
    var count: Int
    var titles: [String?] = []
    var images: [String?] = []
    var opens: [String?] = []
    /// Why the number is what it is, for the caption.
    var note: String
  }

  /// The sample size of a section without a feed or a limit.
  static func sampleCount(_ layout: SectionLayout) -> Int {
    switch layout.kind {
    case .flow, .waterfall, .unknown: return max(1, layout.columns) * 2
    case .horizontal: return max(1, layout.columns) + 1
    case .paged, .linear: return 3
    case .sticky: return 1
    case .oneAndN: return 1 + (layout.small?.count ?? 0)
    }
  }

  func items(_ section: ResolvedSection, _ layout: SectionLayout, device: Device, mapped: Mapper.Section?, sender: FeedEntry?) -> Items {
    let sectionOpens = section.target.flatMap { fileByID[$0] == nil ? nil : $0 }
    if let mapped {
      switch mapped.status {
      case .empty: return Items(count: 0, note: "unbound: the sender has no child for it")
      case .incompatible: return Items(count: 0, note: "incompatible: child type \(mapped.type ?? "none") is not accepted")
      case .bound:
        if let sender, let entries = childEntries(of: mapped, in: sender), let after = mapped.items?.after {
          let shown = Array(entries.prefix(after))
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
      note = "limit \(limit)" + (section.fillRows == true ? ", whole rows" : "")
    } else {
      note = "no limit: \(count) drawn"
    }
    return Items(count: count, opens: Array(repeating: sectionOpens, count: count), note: note)
  }

  /// Without a feed: the limit (or a sample) as the client would cut it.
  func sampleItems(_ section: ResolvedSection, _ layout: SectionLayout, device: Device) -> Int {
    let limit = section.itemLimit(sizeClass: device.sizeClass)
    let count = section.itemsShown(of: limit ?? Self.sampleCount(layout), on: device.name, sizeClass: device.sizeClass)
    return layout.kind == .oneAndN ? min(count, 1 + (layout.small?.count ?? 0)) : count
  }

  /// The children of a bound feed child, when the feed carries them inline.
  func childEntries(of mapped: Mapper.Section, in sender: FeedEntry) -> [FeedEntry]? {
    guard let c = mapped.child, let children = sender.entries, c < children.count else { return nil }
    var child = children[c]
    if let g = mapped.groupChild {
      guard let grand = child.entries, g < grand.count else { return nil }
      child = grand[g]
    }
    return child.entries
  }

  /// The screen a tap on a feed item opens: its `screen_type`, else its type's content mapping.
  func opens(of entry: FeedEntry) -> String? {
    if let st = entry.screenType, !st.isEmpty, let id = index.screenID(forScreenType: st), fileByID[id] != nil { return id }
    if let type = entry.typeValue, let id = index.screenID(forContentType: type), fileByID[id] != nil { return id }
    return nil
  }

  func sectionHTML(_ section: ResolvedSection, device: Device, mapped: Mapper.Section?, sender: FeedEntry?) -> String {
    let hue = Self.hue(section.componentType)
    let style = section.cellStyles.isEmpty ? "no cell style" : section.cellStyles.joined(separator: " → ")
    var attributes =
      "class=\"sec\" data-section=\"\(section.section)\" data-component=\"\(HTML.escape(section.componentType))\" style=\"--h: \(hue)\""
    if let drawn = section.drawn.first(where: { $0.device == device.name })?.drawn, drawn.hidden {
      return
        "<section \(attributes) data-hidden=\"true\" data-items=\"0\"><small>hidden on size class \(HTML.escape(drawn.sizeClass ?? ""))</small></section>\n"
    }
    guard let layout = section.layout(on: device.name) else {
      let name = pluginNames[section.componentType]
      let what = name == nil ? "no layout in family \(section.family ?? "none")" : "plugin component"
      attributes = attributes.replacingOccurrences(of: "class=\"sec\"", with: "class=\"sec plugin\"")
      var out = "<section \(attributes) data-plugin=\"\(HTML.escape(section.componentType))\" data-items=\"0\">"
      out += caption(section, layout: nil, items: nil)
      out +=
        "<div class=\"placeholder\"><b>\(HTML.escape(name ?? section.componentType))</b><span>\(what) <code>\(HTML.escape(section.componentType))</code> · \(HTML.escape(style))</span><small>sized by the plugin at run time</small></div>"
      return out + "</section>\n"
    }
    let items = items(section, layout, device: device, mapped: mapped, sender: sender)
    let status = mapped?.status.word ?? ""
    var out =
      "<section \(attributes.replacingOccurrences(of: "class=\"sec\"", with: "class=\"sec \(layout.kind.word)\(status.isEmpty ? "" : " " + status)\"")) data-kind=\"\(layout.kind.word)\" data-items=\"\(items.count)\">"
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

  func caption(_ section: ResolvedSection, layout: SectionLayout?, items: Items?) -> String {
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

  func bodyHTML(_ section: ResolvedSection, _ layout: SectionLayout, items: Items) -> String {
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
  static func itemSize(_ n: Int, _ layout: SectionLayout) -> ItemSize {
    guard let cells = layout.cells, !cells.isEmpty else { return layout.item }
    return cells[min(n, cells.count - 1)].item
  }

  func cell(_ n: Int, _ section: ResolvedSection, _ items: Items, layout: SectionLayout) -> String {
    let size = Self.itemSize(n, layout)
    let known = size.height != nil
    let height = size.height ?? (layout.kind == .waterfall ? size.width : 64)
    return cell(n, section, items, width: size.width, height: height, extra: nil, unsized: !known)
  }

  func cell(
    _ n: Int, _ section: ResolvedSection, _ items: Items, width: Double, height: Double, extra: String?, unsized: Bool = false
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
    inner += "<span class=\"s\">\(HTML.escape(unsized ? "\(styleName) · height from data" : styleName))</span>"
    let classes = "cell" + (unsized ? " unsized" : "") + (title == nil ? "" : " filled") + (height < 64 ? " short" : "")
    if let opens, let file = fileByID[opens] {
      return "<a class=\"\(classes)\" href=\"\(HTML.escape(file))\" data-opens=\"\(HTML.escape(opens))\" style=\"\(style)\">\(inner)</a>"
    }
    return "<div class=\"\(classes)\" style=\"\(style)\">\(inner)</div>"
  }

  /// A stable hue per component type, so the same component looks the same everywhere.
  static func hue(_ text: String) -> Int {
    var h: UInt32 = 2_166_136_261
    for byte in text.utf8 { h = (h ^ UInt32(byte)) &* 16_777_619 }
    return Int(h % 360)
  }

  // MARK: The document

  func document(title: String, body: String) -> String {
    var script = Self.script
    if live { script += Self.liveScript }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <link rel="icon" href="data:,">
      <title>\(HTML.escape(title))</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      \(body)<script src="screens.js"></script>
      <script>\(script)</script>
      </body>
      </html>

      """
  }

  static let style = """
    :root { --bg: #eceef3; --ink: #1c2230; --muted: #687086; --line: #d8dce5; --accent: #4353ff; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
    a { color: var(--accent); text-decoration: none; }
    a:hover { text-decoration: underline; }
    code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .bar { position: sticky; top: 0; z-index: 20; display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: center; padding: 9px 20px; background: #151925; color: #e8eaf2; box-shadow: 0 1px 0 #0003; }
    .bar .home { color: #fff; font-weight: 650; font-size: 15px; margin-right: 4px; }
    .bar select { background: #242a3a; color: #e8eaf2; border: 1px solid #343b50; border-radius: 7px; padding: 4px 8px; font: inherit; }
    .seg { display: inline-flex; border: 1px solid #343b50; border-radius: 8px; overflow: hidden; }
    .seg button { background: #1e2332; color: #c3c8d8; border: 0; border-right: 1px solid #343b50; padding: 4px 10px; font: inherit; cursor: pointer; }
    .seg button:last-child { border-right: 0; }
    .seg button.on { background: var(--accent); color: #fff; }
    .live { margin-left: auto; color: #62e09a; font-size: 12px; }
    main { padding: 18px 24px 48px; }
    main.index { max-width: 1180px; margin: 0 auto; }
    h1 { font-size: 24px; margin: 4px 0 6px; letter-spacing: -0.01em; }
    h2 { font-size: 15px; margin: 26px 0 10px; }
    .lede, .facts { color: var(--muted); margin: 0 0 8px; }
    .badge { display: inline-block; border-radius: 999px; padding: 0 8px; font-size: 11px; font-weight: 600; background: #dfe3ec; color: #3b4256; }
    .badge.home { background: #ffe6b8; color: #7a4b00; }
    .badge.connected { background: #d4f3e2; color: #14643b; }
    .badge.plugin { background: #ecdfff; color: #5b2ea6; }
    .screen-head { margin-bottom: 8px; }
    .links, .nav, .feed { margin: 6px 0; color: var(--muted); }
    .links b, .nav b { color: var(--ink); margin-right: 6px; }
    .links ul { display: inline; margin: 0; padding: 0; }
    .links li { display: inline; margin-right: 12px; }
    .chip { display: inline-block; margin: 2px 4px 2px 0; padding: 1px 9px; border-radius: 999px; background: #fff; border: 1px solid var(--line); color: var(--ink); }
    a.chip { color: var(--accent); }
    .chip.missing { color: #b3261e; border-color: #f0b8b3; }
    .problems { background: #fff1f0; border: 1px solid #f0b8b3; border-radius: 12px; padding: 10px 16px; margin-bottom: 16px; }
    .problems h2 { color: #b3261e; margin: 4px 0 8px; }
    .problems pre { margin: 0; white-space: pre-wrap; font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
    .devices { display: flex; gap: 32px; align-items: flex-start; padding-top: 10px; transform-origin: 0 0; }
    .device { flex: none; }
    .device[hidden] { display: none; }
    .device > h2 { margin: 0 0 8px 4px; font-size: 12px; font-weight: 500; color: var(--muted); }
    .device > h2 b { color: var(--ink); }
    .screen { background: #fff; border-radius: 22px; overflow: hidden; padding: 10px 0 28px; box-shadow: 0 0 0 1px #dde1ea, 0 1px 2px #0000000f, 0 12px 32px #1a24480f; }
    .sec { position: relative; margin-bottom: 6px; }
    .cap { display: flex; flex-wrap: wrap; gap: 2px 7px; align-items: baseline; padding: 8px 12px 5px; font-size: 11px; color: var(--muted); }
    .cap b { color: var(--ink); font-weight: 600; }
    .cap .num { display: inline-block; min-width: 18px; text-align: center; border-radius: 5px; background: hsl(var(--h) 45% 92%); color: hsl(var(--h) 35% 32%); font-weight: 600; }
    .cap .style { font: 10.5px ui-monospace, SFMono-Regular, Menlo, monospace; color: hsl(var(--h) 35% 32%); }
    .hdr { display: flex; align-items: center; justify-content: space-between; padding: 0 14px; font-weight: 600; font-size: 14px; color: #2a3142; }
    .hdr small { font-weight: 400; font-size: 10px; color: var(--muted); }
    .body { position: relative; }
    .body.flow, .body.waterfall, .body.linear, .body.sticky { display: grid; align-items: start; }
    .body.horizontal, .body.paged { display: flex; overflow-x: auto; scrollbar-width: none; }
    .body.overflows { -webkit-mask-image: linear-gradient(to right, #000 86%, #0004); mask-image: linear-gradient(to right, #000 86%, #0004); }
    .body.horizontal::-webkit-scrollbar, .body.paged::-webkit-scrollbar { display: none; }
    .cell { flex: none; position: relative; display: block; overflow: hidden; border-radius: 10px; color: inherit; text-decoration: none;
      background: linear-gradient(155deg, hsl(var(--h) 62% 90%), hsl(var(--h) 48% 80%)); }
    a.cell:hover { outline: 2px solid hsl(var(--h) 60% 45%); text-decoration: none; }
    .one_and_n .cell { position: absolute; }
    .cell .n { position: absolute; top: 6px; left: 6px; z-index: 2; font-size: 10px; font-weight: 600; padding: 0 6px; border-radius: 8px; background: #ffffffcc; color: hsl(var(--h) 35% 30%); }
    .cell .s { position: absolute; left: 8px; right: 8px; bottom: 4px; z-index: 2; font: 10px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; color: hsl(var(--h) 35% 28%); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .cell .t { position: absolute; left: 8px; right: 8px; bottom: 18px; z-index: 2; font-weight: 600; font-size: 12px; line-height: 1.2; color: #1c2230; max-height: 2.4em; overflow: hidden; }
    .cell.short { display: flex; align-items: center; gap: 8px; padding: 0 8px; }
    .cell.short .n, .cell.short .t, .cell.short .s { position: static; }
    .cell.short .s { flex: 1; text-align: right; }
    .cell img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
    .cell.unsized { background: repeating-linear-gradient(135deg, hsl(var(--h) 55% 91%) 0 8px, hsl(var(--h) 50% 86%) 8px 16px); }
    .sticky .cell { box-shadow: inset 0 -3px 0 hsl(var(--h) 60% 55%); }
    .sec.sticky .cap::after { content: "pinned"; font-size: 10px; padding: 0 6px; border-radius: 6px; background: #fff3c4; color: #6b5200; }
    .dots { display: flex; justify-content: center; gap: 5px; margin-top: -4px; }
    .dots i { width: 6px; height: 6px; border-radius: 50%; background: #c8cdd8; }
    .dots i:first-child { background: #5b6378; }
    .note { margin: 0 12px 4px; font-size: 11px; color: var(--muted); font-style: italic; }
    .placeholder, .screen-plugin { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px; margin: 4px 12px; min-height: 96px; text-align: center;
      border: 2px dashed #b9a3e6; border-radius: 14px; background: #f8f4ff; color: #5b2ea6; padding: 10px; }
    .placeholder b, .screen-plugin b { font-size: 15px; }
    .placeholder span, .screen-plugin span { font-size: 12px; color: #6d4fb0; }
    .placeholder small, .screen-plugin small { color: #8c7bb8; }
    .screen-plugin { min-height: 560px; }
    .empty-screen { padding: 40px; text-align: center; color: var(--muted); }
    .unbound { margin: 2px 12px 6px; padding: 8px 12px; border-radius: 10px; font-size: 12px; font-weight: 600; }
    .unbound.empty { background: #f3f4f7; color: #5f667a; border: 1px dashed #c2c7d3; }
    .unbound.incompatible { background: #fff1f0; color: #b3261e; border: 1px dashed #e7a19b; }
    .legend { display: flex; gap: 16px; flex-wrap: wrap; color: var(--muted); font-size: 12px; margin-bottom: 8px; }
    .key::before { content: ""; display: inline-block; width: 22px; height: 0; margin-right: 6px; vertical-align: middle; border-top: 2px solid; }
    .key.navigation::before { border-color: #8b5cf6; } .key.target::before { border-color: #4353ff; }
    .key.feed::before { border-color: #16a34a; } .key.mapping::before { border-color: #9aa1b2; border-top-style: dashed; }
    .mapbox { overflow: auto; background: #fff; border: 1px solid var(--line); border-radius: 16px; padding: 8px; }
    .map .node rect { fill: #f6f7fb; stroke: #c9cfdc; stroke-width: 1.2; }
    .map .node.home rect { fill: #fff4dc; stroke: #e3b45c; }
    .map .node.connected rect { fill: #e8f8ef; stroke: #7cc59c; }
    .map .node.plugin rect { fill: #f4edff; stroke: #b39ae6; }
    .map .node.entries rect { fill: #fff; stroke: #9aa1b2; stroke-dasharray: 4 3; }
    .map a:hover rect { stroke: var(--accent); stroke-width: 2; }
    .map .name { font: 600 13px system-ui, sans-serif; fill: #1c2230; }
    .map .sub { font: 10.5px system-ui, sans-serif; fill: #687086; }
    .map .row-label { font: 600 12px system-ui, sans-serif; fill: #687086; }
    .map .edge { fill: none; stroke-width: 1.6; opacity: 0.85; }
    .map .edge.navigation { stroke: #8b5cf6; } .map .arrow.navigation { fill: #8b5cf6; }
    .map .edge.target { stroke: #4353ff; } .map .arrow.target { fill: #4353ff; }
    .map .edge.feed { stroke: #16a34a; } .map .arrow.feed { fill: #16a34a; }
    .map .edge.mapping { stroke: #9aa1b2; stroke-dasharray: 5 4; } .map .arrow.mapping { fill: #9aa1b2; }
    .map .edge:hover { stroke-width: 3; opacity: 1; }
    .cards { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 12px; }
    .card a { display: block; padding: 12px 14px; background: #fff; border: 1px solid var(--line); border-radius: 14px; color: var(--ink); }
    .card a:hover { border-color: var(--accent); text-decoration: none; }
    .card b { font-size: 14px; margin-right: 8px; }
    .card small { display: block; margin-top: 4px; color: var(--muted); }
    .mappings td { padding: 3px 14px 3px 0; }
    """

  /// The device picker and the zoom: `?device=NAME&zoom=1` in the address overrides the choice
  /// kept in localStorage.
  static let script = """

    (function () {
      var jump = document.querySelector('select.jump');
      if (!jump || !window.zlcScreens) return;
      var current = jump.dataset.current;
      jump.textContent = '';
      [['Map and screens', 'index.html']].concat(window.zlcScreens).forEach(function (s) {
        var option = document.createElement('option');
        option.textContent = s[0];
        option.value = s[1];
        jump.appendChild(option);
      });
      jump.value = current;
    })();
    (function () {
      var devices = document.querySelector('.devices');
      if (!devices) return;
      var query = new URLSearchParams(location.search);
      var store = {};
      try { store = JSON.parse(localStorage.getItem('zlc-preview') || '{}'); } catch (e) {}
      var state = { device: query.get('device') || store.device || 'all', zoom: query.get('zoom') || store.zoom || 'fit' };
      function apply() {
        var shown = [];
        devices.querySelectorAll('.device').forEach(function (d) {
          d.hidden = state.device !== 'all' && d.dataset.device !== state.device;
          if (!d.hidden) shown.push(d);
        });
        if (!shown.length) { state.device = 'all'; return apply(); }
        var zoom = parseFloat(state.zoom);
        if (state.zoom === 'fit') {
          var natural = shown.reduce(function (sum, d) { return sum + parseFloat(d.dataset.width) + 34; }, 0);
          zoom = Math.min(1, (document.documentElement.clientWidth - 56) / natural);
        }
        devices.style.zoom = String(zoom);
        document.querySelectorAll('[data-device]').forEach(function (b) {
          if (b.tagName === 'BUTTON') b.classList.toggle('on', b.dataset.device === state.device);
        });
        document.querySelectorAll('[data-zoom]').forEach(function (b) { b.classList.toggle('on', b.dataset.zoom === state.zoom); });
        try { localStorage.setItem('zlc-preview', JSON.stringify(state)); } catch (e) {}
      }
      document.querySelectorAll('button[data-device]').forEach(function (b) {
        b.addEventListener('click', function () { state.device = b.dataset.device; apply(); });
      });
      document.querySelectorAll('button[data-zoom]').forEach(function (b) {
        b.addEventListener('click', function () { state.zoom = b.dataset.zoom; apply(); });
      });
      window.addEventListener('resize', function () { if (state.zoom === 'fit') apply(); });
      apply();
    })();

    """

  /// `zlc serve`: reload when the server announces a new build.
  static let liveScript = """

    (function () {
      if (!window.EventSource) return;
      var events = new EventSource('/_zlc/events');
      events.addEventListener('open', function () { document.documentElement.dataset.live = 'open'; });
      events.addEventListener('reload', function () { location.reload(); });
    })();

    """
}
