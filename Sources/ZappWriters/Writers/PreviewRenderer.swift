import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules

/// The pages of the preview, drawn from a resolved bundle exactly as a client decodes it (one CSS
/// pixel per point): every section of every screen on every device, with the number of items the
/// client shows, headers at their height, cell style names, a tab bar's body below its tabs
/// (`cell_body`), plugins as labelled placeholders, every link between screens, and a map of the
/// app. With sender feeds, connected screens show the items the runtime mapper binds to each
/// section.
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
  /// Screen id → the sender feed that fills it, by the id's exact characters (a feed of `é` fills
  /// no screen `e` and an accent).
  public let senders: [ExactString: FeedEntry]
  /// Pages served by `zlc serve`: they reload when the server pushes a new build.
  public var live = false
  /// The build a served page shows (`data-generation` on its root): it reloads when the server
  /// says a later one is current.
  public var generation: Int?
  /// The id of the server that drew a served page (`data-server` on its root): it reloads when
  /// another server answers, whose build numbers start again at 1.
  public var server: String?
  /// The last build's errors, shown at the top of every page (`zlc serve` keeps the last good
  /// bundle while the project has errors).
  public var problems: String?

  /// The page file of each screen, in bundle order.
  public let files: [String]
  /// Screen id → its page. Ids are keyed by their exact characters, as clients compare them (`é`
  /// written as one scalar or as `e` and an accent are two screens).
  package let fileByID: [ExactString: String]
  package let positionByID: [ExactString: Int]
  /// Page file → the first screen with that file.
  package let positionByFile: [String: Int]
  package let links: [Link]
  /// Screen id → the links that open it and those it opens, made once with `links`.
  package let linksByScreen: [ExactString: ScreenLinks]
  /// Screen id → each registered client that draws some of its sections with their fallbacks
  /// (the bundle's `fallbacks`, by position there), with those sections' numbers.
  package let fallbacksByScreen: [ExactString: [(client: Int, sections: [Int])]]
  public init(index: BundleIndex, screens: [ResolvedScreen], pluginNames: [String: String] = [:], senders: [ExactString: FeedEntry] = [:]) {
    self.index = index
    self.screens = screens
    self.pluginNames = pluginNames
    self.senders = senders
    let ids = screens.indices.map { screens[$0].id }
    // `index.html` is the app map's page: a screen with the id `index` gets a name of its own.
    files = BundleWriter.safeFileNames(for: ids, reserving: ["index"]).map { $0 + ".html" }
    var byID: [ExactString: String] = [:]
    var position: [ExactString: Int] = [:]
    for (i, id) in ids.enumerated().map({ ($0, ExactString($1)) }) where byID[id] == nil {
      byID[id] = files[i]
      position[id] = i
    }
    fileByID = byID
    positionByID = position
    var byFile: [String: Int] = [:]
    for (i, file) in files.enumerated() where byFile[file] == nil { byFile[file] = i }
    positionByFile = byFile
    links = Self.links(index: index, screens: screens, senders: senders, known: Set(byID.keys))
    linksByScreen = Self.linksByScreen(links)
    var fallbacks: [ExactString: [(client: Int, sections: [Int])]] = [:]
    for (client, entry) in index.fallbacks.enumerated() {
      for (screen, sections) in Dictionary(grouping: entry.sections, by: { ExactString($0.screen) }) {
        fallbacks[screen, default: []].append((client, sections.map(\.section)))
      }
    }
    fallbacksByScreen = fallbacks.mapValues { $0.sorted { $0.client < $1.client } }
  }

  // MARK: Pages

  /// Every page, file name → HTML, `index.html` first; the screens' pages are drawn in parallel.
  public func pages() -> [(path: String, html: String)] {
    [("index.html", indexPage()), ("screens.js", screensScript()), (Self.styleFile, Self.style), (Self.scriptFile, Self.script)]
      + parallelMap(screens.count) { (files[$0], screenPage(at: $0)) }
  }

  /// The page of the screen at `position` in bundle order (its file is `files[position]`).
  public func screenPage(at position: Int) -> String { String(decoding: screenPageBytes(position), as: UTF8.self) }

  /// One page (or `screens.js`, `preview.css`, `preview.js`) by its file name, or nil.
  public func page(named name: String) -> String? {
    if name == "index.html" { return indexPage() }
    if name == "screens.js" { return screensScript() }
    if name == Self.styleFile { return Self.style }
    if name == Self.scriptFile { return Self.script }
    guard let i = positionByFile[name] else { return nil }
    return screenPage(at: i)
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
    !ResolvedScreen.zappTypes.contains(screen.type) && screen.resolved.sections.isEmpty
  }

  /// A link to a screen's page named after the screen (or `text`); only the name when it has no
  /// page, and the id itself when it names no screen of the bundle.
  package func screenLink(_ out: inout PageBytes, _ id: String, _ text: String? = nil) {
    let name = text ?? positionByID[ExactString(id)].flatMap { screens[$0].name } ?? id
    guard let file = fileByID[ExactString(id)] else { return out.isolated(name) }
    out.add("<a href=\"")
    out.text(file)
    out.add("\">")
    out.isolated(name)
    out.add("</a>")
  }

  /// The size class of a device, shown beside its name.
  package func sizeClass(of device: Device) -> String? { device.sizeClass.map { "size class \($0)" } }

  /// Writes the map of the app, an SVG, into `out`.
  package func mapSVG(into out: inout PageBytes) {
    var nodes = screens.enumerated().map { i, s in
      let label = kindLabel(kind(of: s))
      return AppMap.Node(
        // The id isolated alone, so that a right-to-left one does not carry the words after it.
        title: s.name ?? s.id,
        subtitle: s.id == label ? "\(label) screen" : "\(PageBytes.bidiIsolated(TerminalText.distinct(s.id))) · \(label)", href: files[i],
        kind: kind(of: s))
    }
    let entries = links.contains { $0.from == nil }
    if entries { nodes.append(AppMap.Node(title: "Any feed entry", subtitle: "screen_types, content_types", href: nil, kind: "entries")) }
    var order: [AppMap.Edge] = []
    var labels: [AppMap.Edge: [String]] = [:]
    for link in links {
      guard let to = positionByID[ExactString(link.to)] else { continue }
      let from = link.from.flatMap { positionByID[ExactString($0)] } ?? (nodes.count - 1)
      let edge = AppMap.Edge(from: from, to: to, kind: link.kind.rawValue)
      if labels[edge] == nil { order.append(edge) }
      labels[edge, default: []].append(link.label)
    }
    var roots = screens.indices.filter { screens[$0].home == true }
    if roots.isEmpty, !screens.isEmpty { roots = [0] }
    if entries { roots.append(nodes.count - 1) }
    AppMap(nodes: nodes, edges: order.map { ($0, labels[$0] ?? []) }, roots: roots).svg(into: &out)
  }

  /// `index.html`: the app's map, a card per screen and the mappings.
  public func indexPage() -> String {
    var out = PageBytes(capacity: 1 << 16)
    indexPage(into: &out)
    return out.string
  }

  /// Writes `index.html` into `out`.
  package func indexPage(into out: inout PageBytes) {
    beginDocument(&out, title: [appName], ending: " — preview")
    topBar(&out, current: nil, devices: false)
    out.add("<main class=\"index\">\n")
    problems(&out)
    out.add("<h1>")
    out.isolated(appName)
    out.add("</h1>\n<p class=\"lede\">")
    out.int(screens.count)
    out.add(screens.count == 1 ? " screen on " : " screens on ")
    out.int(index.devices.count)
    out.add(index.devices.count == 1 ? " device · " : " devices · ")
    for (k, device) in index.devices.enumerated() {
      if k > 0 { out.add(" · ") }
      out.isolated(device.name)
      out.add(" ")
      out.text(Self.widthAsWritten(device.width))
      out.add(" pt")
    }
    out.add("</p>\n<h2>Map</h2>\n<div class=\"legend\">")
    for (kind, text) in [
      ("navigation", "navigation item"), ("target", "data.target"), ("feed", "feed child"), ("mapping", "screen_types / content_types"),
    ] {
      out.add(markup: "<span class=\"key \(kind)\">\(text)</span>")
    }
    out.add("</div>\n<div class=\"mapbox\">")
    mapSVG(into: &out)
    out.add("</div>\n<h2>Screens</h2>\n<ul class=\"cards\">\n")
    for i in screens.indices { card(&out, i) }
    out.add("</ul>\n")
    mappings(&out)
    out.add("</main>\n")
    endDocument(&out)
  }

  /// A screen's card on the index: its name, kind, id and what it holds.
  package func card(_ out: inout PageBytes, _ i: Int) {
    let screen = screens[i]
    let k = kind(of: screen)
    out.add("<li class=\"card ")
    out.add(markup: k)
    out.add("\"><a href=\"")
    out.text(files[i])
    out.add("\"><b>")
    out.isolated(screen.name ?? screen.id)
    out.add("</b><span class=\"badge ")
    out.add(markup: k)
    out.add("\">")
    out.add(markup: kindLabel(k))
    out.add("</span><small>")
    out.isolated(TerminalText.distinct(screen.id))
    out.add(" · ")
    if isScreenPlugin(screen) {
      out.add("plugin ")
      out.isolated(pluginNames[screen.type] ?? screen.type)
    } else {
      out.int(screen.resolved.sections.count)
      out.add(screen.resolved.sections.count == 1 ? " section · " : " sections · ")
      out.isolated(screen.resolved.family ?? "no family")
    }
    if senders[ExactString(screen.id)] != nil { out.add(" · filled from a feed") }
    out.add("</small></a></li>\n")
  }

  /// The index's table of `screen_types` and content types, and the screens they open: the
  /// fallback screens of the types `content_types` leaves unmapped too.
  package func mappings(_ out: inout PageBytes) {
    let fallbacks = index.fallbackScreens.filter { fallback in !index.contentTypes.contains { $0.key == fallback.key } }
    guard !index.screenTypes.isEmpty || !index.contentTypes.isEmpty || !fallbacks.isEmpty else { return }
    out.add("<h2>Mappings</h2>\n<table class=\"mappings\">\n")
    let lists = [("screen_type", index.screenTypes), ("content type", index.contentTypes), ("content type, by default", fallbacks)]
    for (what, list) in lists {
      for mapping in list.sorted(by: { $0.key < $1.key }) {
        out.add(markup: "<tr><td>\(what)</td><td><code>")
        out.isolated(mapping.key)
        out.add("</code></td><td>→ ")
        screenLink(&out, mapping.screen)
        out.add("</td></tr>\n")
      }
    }
    out.add("</table>\n")
  }

  /// The last build's errors, when `zlc serve` has them.
  package func problems(_ out: inout PageBytes) {
    guard let problems, !problems.isEmpty else { return }
    // Above the page's heading, so no heading of its own (a page's outline starts at its <h1>).
    out.add("<section class=\"problems\" id=\"problems\" aria-label=\"Errors\"><p class=\"problems-head\">The project has errors: ")
    out.add(screens.isEmpty ? "nothing has built yet" : "this is the last good build")
    out.add("</p><pre>")
    out.text(problems)
    out.add("</pre></section>\n")
  }

  /// `screens.js`: every screen's name and page, shared by the pages' screen menus (a page of a
  /// project of 1,000 screens would otherwise carry 1,000 options).
  package func screensScript() -> String { String(decoding: screensScriptBytes(), as: UTF8.self) }

  /// `screens.js` as UTF-8 bytes, each screen's pair written straight as JSON.
  package func screensScriptBytes() -> [UInt8] {
    var writer = JSONWriter(pretty: false)
    writer.beginArray()
    for i in screens.indices { writer.strings([screens[i].name ?? screens[i].id, files[i]]) }
    writer.endArray()
    return Array("window.zlcScreens = ".utf8) + writer.bytes + Array(";\n".utf8)
  }

  /// The bar on top: the app, a menu of screens (filled from `screens.js`), and on a screen's
  /// page the device picker and the zoom.
  package func topBar(_ out: inout PageBytes, current: Int?, devices: Bool) {
    out.add("<nav class=\"bar\"><a class=\"home\" href=\"index.html\">")
    out.isolated(appName)
    let file = current.map { files[$0] } ?? "index.html"
    out.add("</a><select class=\"jump\" aria-label=\"Screen\" data-current=\"")
    out.text(file)
    out.add("\"><option value=\"index.html\">Map and screens</option>")
    if let current {
      out.add("<option value=\"")
      out.text(file)
      out.add("\" selected>")
      out.isolated(screens[current].name ?? screens[current].id)
      out.add("</option>")
    }
    // The menu goes to the screen chosen by pointer, or on Enter or Go: arrowing through it
    // with the keyboard leaves the page where it is.
    out.add("</select><button class=\"go\" type=\"button\">Go</button>")
    if let platform = index.platform {
      // An app of several platforms: each platform's bundle draws the screens its own way.
      out.add("<span class=\"platform\" title=\"The bundle these pages draw\">")
      out.isolated(platform)
      out.add(" bundle</span>")
    }
    if devices {
      out.add("<span class=\"seg\" role=\"group\" aria-label=\"Devices\"><button data-device=\"\" aria-pressed=\"true\">All</button>")
      for device in index.devices {
        out.add("<button data-device=\"")
        out.text(device.name)
        out.add("\" aria-pressed=\"false\">")
        out.isolated(device.name)
        out.add("</button>")
      }
      out.add(
        "</span><span class=\"seg\" role=\"group\" aria-label=\"Zoom\"><button data-zoom=\"fit\" aria-pressed=\"true\">Fit</button><button data-zoom=\"0.5\" aria-pressed=\"false\">50%</button>"
      )
      out.add(
        "<button data-zoom=\"0.75\" aria-pressed=\"false\">75%</button><button data-zoom=\"1\" aria-pressed=\"false\">100%</button></span>")
    }
    if live { out.add("<span class=\"live\" title=\"Reloads when the project changes\">● live</span>") }
    out.add("</nav>\n")
  }

  // MARK: A section

  /// What a section draws: how many items, and each one's title, image and link.
  package struct Items {
    /// The cells drawn: the items, then `placeholders`.
    package var count: Int
    /// The last cells that fill the last row (`pad_rows`), which are no items.
    package var placeholders = 0
    package var titles: [String?] = []
    package var images: [String?] = []
    package var opens: [String?] = []
    /// The page of each item's screen in `opens` (`findFiles`).
    package var files: [String?] = []
    /// Why the number is what it is, for the caption.
    package var note: String
    /// The device's size class: where it replaces the section, the items are drawn with the
    /// replacement's card style.
    package var sizeClass: String?
    /// Each item's card style as the mapper gives it, its own `style` over its cell style's (nil
    /// where none is drawn); nil for a sample, whose items have their cell style's.
    package var cards: [CardStyle?]?

    /// Finds the page of each item's screen, once for a run of items that open the same one.
    package mutating func findFiles(in fileByID: [ExactString: String]) {
      var last: (id: ExactString?, file: String?)?
      files = opens.map { opened in
        let id = opened.map(ExactString.init)
        if let last, last.id == id { return last.file }
        let file = id.flatMap { fileByID[$0] }
        last = (id, file)
        return file
      }
    }
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

  /// What the section draws on `device`, with each item's page found; `mergedIn` holds the
  /// entries of the next section's child where the section shows them.
  package func items(
    _ section: ResolvedSection, _ layout: SectionLayout, device: Device, mapped: Mapper.Section?, sender: FeedEntry?,
    mergedIn: [FeedEntry]? = nil
  ) -> Items {
    var items = unfiledItems(section, layout, device: device, mapped: mapped, sender: sender, mergedIn: mergedIn)
    items.sizeClass = device.sizeClass
    items.findFiles(in: fileByID)
    return items
  }

  /// The caption of a bound section's items: the real items shown of those its child holds (with
  /// the next section's child's, where it merges them), and the placeholders added to fill the
  /// last row, as `zlc map` counts them.
  static func itemsNote(_ mapped: Mapper.Section, ownCount: Int, merges: Bool) -> String {
    let real = mapped.items?.after ?? ownCount
    let total = mapped.items?.before ?? ownCount
    let child = "‘\(mapped.childTitle ?? "child")’"
    var note = "\(real) of \(total) items of \(child)" + (merges && total > ownCount ? " and the next section's child" : "")
    if let placeholders = mapped.items?.placeholders, placeholders > 0 {
      note += ", and \(placeholders) placeholder\(placeholders == 1 ? "" : "s")"
    }
    return note
  }

  /// Why a section the mapper bound to no child's items shows none (unbound, incompatible, merged
  /// into the section before); nil for any other.
  static func unboundNote(_ mapped: Mapper.Section) -> String? {
    switch mapped.status {
    case .empty: return "unbound: the sender has no child for it"
    case .incompatible: return "incompatible: child type \(mapped.type ?? "none") is not accepted"
    case .merged: return "merged: its items are shown by section \(mapped.mergedInto.map(String.init) ?? "above")"
    default: return nil
    }
  }

  /// What the section draws on `device`: its items' count, titles, images and the screens they open.
  private func unfiledItems(
    _ section: ResolvedSection, _ layout: SectionLayout, device: Device, mapped: Mapper.Section?, sender: FeedEntry?,
    mergedIn: [FeedEntry]?
  ) -> Items {
    let sectionOpens = section.target.flatMap { fileByID[ExactString($0)] == nil ? nil : $0 }
    if let mapped {
      if let note = Self.unboundNote(mapped) { return Items(count: 0, note: note) }
      switch mapped.status {
      case .bound:
        if let sender, let entries = childEntries(of: mapped, in: sender), let after = mapped.items?.after {
          // The mapper's items when it shaped them (filtered, merged, padded): a placeholder has no
          // entry, an item merged in from the next section has one of that section's child.
          // At most `maxDrawnItems` of them: a child of 100,000 entries without a limit would
          // otherwise be drawn whole on every device.
          let mappedItems = mapped.entries.map { $0.prefix(Self.maxDrawnItems) }
          let shown: [FeedEntry] =
            mappedItems.map { items in
              items.map { item in
                let from = item.section == nil ? entries : mergedIn ?? []
                guard let i = item.index, i < from.count else { return FeedEntry(id: item.id, title: item.title ?? item.id) }
                return from[i]
              }
            } ?? Array(entries.prefix(min(after, Self.maxDrawnItems)))
          // Where the mapper says each item's tap goes (a placeholder goes nowhere).
          let fallback = mapped.opens ?? sectionOpens
          let opened = mappedItems.map { items in items.map(\.opens) } ?? shown.map { opens(of: $0) ?? fallback }
          let shownCount = mapped.entries?.count ?? after
          let cards = section.drawnCards(sizeClass: device.sizeClass)
          var items = Items(
            count: shown.count, titles: shown.map(\.title), images: shown.map { Self.drawnImage($0.imageURL) }, opens: opened,
            note: Self.itemsNote(mapped, ownCount: entries.count, merges: mergedIn != nil)
              + (shownCount > shown.count ? ", the first \(shown.count) drawn" : ""))
          items.cards = mappedItems.map { $0.map(\.cardStyle) } ?? shown.indices.map { cards.itemCard($0, entry: shown[$0]) }
          // The mapper's placeholders end its items: they fill the last row.
          items.placeholders = mappedItems.map { $0.reversed().prefix { $0.placeholder }.count } ?? 0
          return items
        }
        // A child with no source to load (a live channel given as a child) brings no items.
        guard let source = mapped.source else {
          return Items(count: 0, opens: [], note: "the child has neither a source to load nor items of its own")
        }
        let count = sampleItems(section, layout, device: device)
        return Items(count: count, opens: Array(repeating: mapped.opens ?? sectionOpens, count: count), note: "items load from \(source)")
      default: break
      }
    }
    let count = sampleItems(section, layout, device: device)
    var note: String
    // The limit of the device's size class (`item_limit_by_size_class`), else the section's.
    if let limit = section.itemLimit(sizeClass: device.sizeClass) {
      note =
        "limit \(limit)" + (section.fillRows == true ? ", whole rows" : "")
        + (count == Self.maxDrawnItems && limit > count ? ", the first \(count) drawn" : "")
    } else {
      note = "no limit: \(count) drawn"
    }
    // With `pad_rows`, the last row filled with placeholders, as the client fills it.
    let placeholders = section.padRows && count > 0 ? max(0, min(layout.wholeRowCount(from: count), Self.maxDrawnItems) - count) : 0
    if placeholders > 0 { note += ", and \(placeholders) placeholder\(placeholders == 1 ? "" : "s")" }
    let drawn = count + placeholders
    var items = Items(
      count: drawn, opens: Array(repeating: sectionOpens, count: count) + Array(repeating: nil, count: placeholders), note: note)
    items.placeholders = placeholders
    return items
  }

  /// Without a feed: the limit (or a sample) as the client would cut it.
  package func sampleItems(_ section: ResolvedSection, _ layout: SectionLayout, device: Device) -> Int {
    let limit = section.itemLimit(sizeClass: device.sizeClass)
    let count = section.itemsShown(of: limit ?? Self.sampleCount(layout), layout: layout, sizeClass: device.sizeClass)
    // `itemsShown` keeps a one_and_n section to its 1 + n slots.
    return min(count, Self.maxDrawnItems)
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
    if let st = entry.screenType, !st.isEmpty, let id = index.screenID(forScreenType: st), fileByID[ExactString(id)] != nil { return id }
    if let tag = entry.uiTag, !tag.isEmpty, let id = index.screenID(forUITag: tag), fileByID[ExactString(id)] != nil { return id }
    if let type = entry.typeValue, let id = index.screenID(forContentType: type), fileByID[ExactString(id)] != nil { return id }
    return nil
  }

  /// The image a page draws for a feed entry's image URL: an absolute `http` or `https` URL, or
  /// a `data:image/` one, as the URL parser reads it (spaces and controls around it, and tabs and
  /// line breaks in it, left out); nil for any other (a relative path, `file:`, `javascript:`, a
  /// network path `//host/…` or `\\host\…`), which a page would read from the disk or the
  /// network where the feed named nothing.
  package static func drawnImage(_ url: String?) -> String? {
    guard let url else { return nil }
    let scalars = url.unicodeScalars.drop { $0.value <= 0x20 }.reversed().drop { $0.value <= 0x20 }.reversed()
    let cleaned = String(String.UnicodeScalarView(scalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
    guard let colon = cleaned.firstIndex(of: ":") else { return nil }
    let scheme = cleaned[..<colon].lowercased()
    let rest = cleaned[cleaned.index(after: colon)...]
    switch scheme {
    case "http", "https":
      // `http:host` and `http:/host` are read as `http://host` too; the host must follow `//`.
      guard rest.hasPrefix("//"), !rest.dropFirst(2).isEmpty else { return nil }
      return cleaned
    case "data": return rest.prefix(6).lowercased() == "image/" ? cleaned : nil
    default: return nil
    }
  }

  /// A stable hue per component type, so the same component looks the same everywhere.
  package static func hue(_ text: String) -> Int {
    var h: UInt32 = 2_166_136_261
    for byte in text.utf8 { h = (h ^ UInt32(byte)) &* 16_777_619 }
    return Int(h % 360)
  }
}
