import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappRules
import ZappWriters

/// `zlc diff --html DIR`: `index.html` (the changes and the changed screens) and, for each changed
/// screen, a page with its wireframes before and after, side by side on every device the two
/// projects share (stacked when the window is too narrow, scaled down when one alone is wider
/// than it), drawn by the preview's renderer; the sections that changed on a device are
/// outlined there (class `changed`). Both sides are drawn as the bundle of the first platform
/// they share (`drawnPlatform`), as `zlc preview` draws an app's first platform.
struct DiffHTML {
  let base: DiffSide
  let head: DiffSide
  let report: DiffReport
  /// The platform whose bundle is drawn; nil when the sides share none (drawn as they are).
  let drawnPlatform: String?
  /// The platforms both sides have, in the head's order.
  let sharedPlatforms: [String]
  let before: PreviewRenderer
  let after: PreviewRenderer
  let devices: [Device]
  /// The summary, and how each screen id is shown (`DiffStat.shownID`).
  let stat: DiffStat

  init(base: DiffSide, head: DiffSide, report: DiffReport) {
    stat = DiffStat(report)
    sharedPlatforms = head.platforms.filter(Set(base.platforms).contains)
    drawnPlatform = sharedPlatforms.first
    let (base, head) = drawnPlatform.map { (base.on($0), head.on($0)) } ?? (base, head)
    self.base = base
    self.head = head
    self.report = report
    before = PreviewRenderer(index: base.index, screens: base.allScreens(), pluginNames: PreviewRenderer.pluginNames(of: base.project))
    after = PreviewRenderer(index: head.index, screens: head.allScreens(), pluginNames: PreviewRenderer.pluginNames(of: head.project))
    let names = Set(base.index.devices.map(\.name))
    devices = head.index.devices.filter { names.contains($0.name) }
  }

  /// A changed screen: its id, and where it is in each project.
  struct Screen {
    var id: String
    var base: Int?
    var head: Int?
  }

  /// The screens the report names, in report order of first mention (head order).
  func screens() -> [Screen] {
    // Ids compared by their exact characters, as clients compare them.
    var renamedFrom: [ExactString: String] = [:]
    for change in report.changes where change.kind == .screenRenamed && change.field == "id" {
      if let old = change.old?.stringValue, let new = change.new?.stringValue { renamedFrom[ExactString(new)] = old }
    }
    let named = Set(report.changes.flatMap(\.screens).map(ExactString.init))
    return report.screenOrder.filter { named.contains(ExactString($0)) }.map { id in
      let baseID = renamedFrom[ExactString(id)] ?? id
      return Screen(id: id, base: base.position(of: baseID), head: head.position(of: id))
    }
  }

  /// File name → page, `index.html` first. A screen that only moved, drawn alike on both sides
  /// (`drawnAlike`), has no page: the index lists it as moved.
  func pages() -> [(path: String, html: String)] {
    let changes = changesByScreen()
    let all = screens()
    let moved = Set(all.filter { drawnAlike($0, changes: changes[ExactString($0.id)] ?? []) }.map { ExactString($0.id) })
    let screens = all.filter { !moved.contains(ExactString($0.id)) }
    let files = pageFiles(screens)
    // The pages here of each side's page files, both as the pages write them (escaped).
    var links = (before: ["index.html": "index.html"], after: ["index.html": "index.html"])
    for (screen, file) in zip(screens, files) {
      if let b = screen.base { links.before[HTML.escape(before.files[b])] = HTML.escape(file) }
      if let h = screen.head { links.after[HTML.escape(after.files[h])] = HTML.escape(file) }
    }
    let index = indexPage(screens, files: files, moved: all.filter { moved.contains(ExactString($0.id)) }, changes: changes)
    var pages = [("index.html", index)]
    for (screen, file) in zip(screens, files) {
      pages.append((file, screenPage(screen, changes: changes[ExactString(screen.id)] ?? [], links: links)))
    }
    return pages
  }

  /// Screen id, by its exact characters → the changes that name it, in report order: found once,
  /// not by a scan of every change per screen.
  func changesByScreen() -> [ExactString: [DiffChange]] {
    var byScreen: [ExactString: [DiffChange]] = [:]
    for change in report.changes {
      // A change names a screen once: a screen listed twice would list the change twice.
      for id in Set(change.screens.map(ExactString.init)) { byScreen[id, default: []].append(change) }
    }
    return byScreen
  }

  /// A screen id as a reviewer reads it: what shows nothing or reorders made visible (a screen
  /// `shows\u{200B}` cannot pass for `shows`), spelled out when another id reads alike, and
  /// isolated from the words around it.
  func shownID(_ id: String) -> String { HTML.isolated(stat.shownID(id)) }

  /// The page file of each screen: the one the head's wireframes link to (the preview's name of
  /// the screen, `index` reserved), else, for a removed screen, the base's, made unique.
  func pageFiles(_ screens: [Screen]) -> [String] {
    var taken = Set(screens.compactMap { $0.head.map { after.files[$0].lowercased() } })
    return screens.map { screen in
      if let h = screen.head { return after.files[h] }
      let stem = String(before.files[screen.base ?? 0].dropLast(".html".count))
      var (file, k) = (stem + ".html", 2)
      while !taken.insert(file.lowercased()).inserted {
        file = stem + "~\(k).html"
        k += 1
      }
      return file
    }
  }

  /// `html`, a side's wireframes, with each link pointed at the page here of the screen it opens
  /// (`pages`: the preview's page file → the page here, both as the pages write them): the base's
  /// wireframes by the base's page files, the head's by the head's. A link to a screen without a
  /// page here (one that did not change, or only moved) loses its `href` and reads as text.
  static func relinked(_ html: String, to pages: [String: String]) -> String {
    var out = ""
    var rest = html[...]
    while let start = rest.range(of: " href=\"") {
      out += rest[..<start.lowerBound]
      let value = rest[start.upperBound...]
      guard let end = value.firstIndex(of: "\"") else { return out + rest[start.lowerBound...] }
      if let page = pages[String(value[..<end])] { out += " href=\"" + page + "\"" }
      rest = value[value.index(after: end)...]
    }
    return out + rest
  }

  /// Writes the pages to the folder, swapped in whole like the preview.
  func write(to output: OutputFolder) throws {
    let pages = pages()
    try output.replace { staging, shown, reuse in
      for (path, text) in pages {
        let status = BundleWriter.writeFile(staging + "/" + path, Array(text.utf8), reuse: reuse)
        if status != 0 { throw BundleWriter.WriteError.io("cannot write '\(shown)/\(path)': \(String(cString: strerror(status)))") }
      }
    }
  }

  /// The index: the totals, a card per screen with a page (`screens`, written to `files`), a card
  /// without a link per screen that only moved (`moved`), each move with its old and new place,
  /// and every change.
  func indexPage(_ screens: [Screen], files: [String], moved: [Screen], changes: [ExactString: [DiffChange]]) -> String {
    var body = "<main class=\"index\"><h1>zlc diff</h1>\n<p class=\"lede\">\(HTML.escape(stat.summary))</p>\n"
    body += drawnNote
    if !screens.isEmpty {
      body += "<h2>Changed screens</h2>\n<ul class=\"cards\">\n"
      for (screen, file) in zip(screens, files) {
        // As text and Markdown say it: "renamed from show, 2 changes".
        let count = changes[ExactString(screen.id)]?.count ?? 0
        let state = stat.textByScreen[ExactString(screen.id)] ?? DiffStat.plural(count, "change")
        body +=
          "<li class=\"card\"><a href=\"\(HTML.escape(file))\"><b>\(shownID(screen.id))</b><small>\(HTML.escape(state))</small></a></li>\n"
      }
      body += "</ul>\n"
    }
    if !moved.isEmpty {
      body += "<h2>Moved screens</h2>\n<p>Drawn alike before and after: no page.</p>\n<ul class=\"cards moved\">\n"
      for screen in moved {
        let moves = (changes[ExactString(screen.id)] ?? []).map { "<small>\(Self.moveHTML($0))</small>" }
        body += "<li class=\"card\"><b>\(shownID(screen.id))</b>\(moves.joined())</li>\n"
      }
      body += "</ul>\n"
    }
    body += "<h2>Changes</h2>\n" + changesTable(report.changes) + "</main>\n"
    return document(title: "zlc diff", body: body)
  }

  /// Whether a screen both sides have only moved (to another file or id, or its components among
  /// themselves) and is drawn alike on every device: a page would show the same pictures twice.
  func drawnAlike(_ screen: Screen, changes: [DiffChange]) -> Bool {
    guard let b = screen.base, let h = screen.head, !changes.isEmpty,
      changes.allSatisfy(Self.isMove)
    else { return false }
    let (old, new) = (before.screens[b], after.screens[h])
    return devices.allSatisfy { before.deviceHTML(old, device: $0, mapped: nil) == after.deviceHTML(new, device: $0, mapped: nil) }
  }

  /// Whether a change only gives a screen, or a component in it, another place: another file,
  /// index path or id.
  static func isMove(_ change: DiffChange) -> Bool {
    change.kind == .screenMoved || change.kind == .componentMoved || (change.kind == .screenRenamed && change.field == "id")
  }

  /// A move as the index lists it, with its old and new place, as HTML: `moved from
  /// screens/more.json to screens/kids.json`, `home-shows moved [2] → [1,0]`. A screen's old and
  /// new id or file are each isolated from the words around them.
  static func moveHTML(_ change: DiffChange) -> String {
    guard change.kind == .componentMoved else {
      let verb = change.kind == .screenRenamed ? "renamed" : "moved"
      // Spelled apart when the two read alike (a rename into another Unicode form).
      let (before, after) = DiffWording.values(change.old, change.new)
      return "\(verb) from \(HTML.isolated(before)) to \(HTML.isolated(after))"
    }
    let position = change.position.map { ", " + TerminalText.distinct($0.text) } ?? ""
    let moved = DiffWording.$isolatesProjectText.withValue(true) {
      "\(DiffWording.component(change))\(DiffWording.name(change)) moved \(DiffWording.arrow(change.old, change.new))"
    }
    return HTML.escape(moved + position)
  }

  /// The paragraph that names the platform drawn, when the sides share one.
  var drawnNote: String {
    guard let drawnPlatform else { return "" }
    let shared = sharedPlatforms.joined(separator: ", ")
    let first = sharedPlatforms.count > 1 ? ", the first of the platforms both projects have (\(shared))" : ""
    return "<p class=\"drawn\">Wireframes of the \(HTML.escape(drawnPlatform)) bundle\(HTML.escape(first)).</p>\n"
  }

  func changesTable(_ changes: [DiffChange]) -> String {
    var out = "<table class=\"changes\"><thead><tr><th>Change</th><th>What</th></tr></thead><tbody>\n"
    for change in changes {
      // Each id, name and value isolated: a right-to-left one would trade places with its neighbours.
      let line = DiffWording.$isolatesProjectText.withValue(true) { DiffWording.line(change) }
      let screens = line.screens.map { screensHTML(change, listed: $0) } ?? ""
      out += "<tr><td>\(HTML.escape(change.kind.label))</td><td>\(HTML.escape(line.text))\(screens)</td></tr>\n"
    }
    return out + "</tbody></table>\n"
  }

  /// The screens a change names, as HTML after its line: the line that lists them (`listed`), or,
  /// past the first ten, those ten and `… and 184 more`, which opens to show every other one.
  func screensHTML(_ change: DiffChange, listed: String) -> String {
    let limit = diagnosticListLimit
    guard change.screens.count > limit else { return "<br><small>\(HTML.escape(listed))</small>" }
    let names = DiffWording.$isolatesProjectText.withValue(true) { Array(DiffWording.shownScreens(change.screens)) }
    let first = HTML.escape("on \(names.count) screens: " + names.prefix(limit).joined(separator: ", ") + ",")
    let rest = HTML.escape(names.dropFirst(limit).joined(separator: ", "))
    return
      "<details class=\"more\"><summary><small>\(first) … and \(names.count - limit) more</small></summary><small>\(rest)</small></details>"
  }

  /// The page of a changed screen: `changes` are those that name it.
  func screenPage(_ screen: Screen, changes: [DiffChange], links: (before: [String: String], after: [String: String])) -> String {
    var body = "<nav class=\"bar\"><a class=\"home\" href=\"index.html\">zlc diff</a></nav>\n<main>\n"
    body += "<header class=\"screen-head\"><h1>\(shownID(screen.id))</h1></header>\n"
    body += drawnNote + changesTable(changes)
    let outlined = outlinedSections(screen)
    for device in devices {
      body += "<div class=\"pair\" data-device=\"\(HTML.escape(device.name))\">\n"
      body += side(
        "before", "Before", screen.base.map { (before, before.screens[$0]) }, device: device, outlined: outlined.base, links: links.before)
      body += side(
        "after", "After", screen.head.map { (after, after.screens[$0]) }, device: device, outlined: outlined.head, links: links.after)
      body += "</div>\n"
    }
    return document(title: "\(TerminalText.distinct(screen.id)) — zlc diff", body: body + "</main>\n" + Self.fitScript)
  }

  func side(
    _ kind: String, _ title: String, _ drawn: (PreviewRenderer, ResolvedScreen)?, device: Device, outlined: [String: Set<Int>],
    links: [String: String]
  ) -> String {
    var out = "<div class=\"side \(kind)\"><h3>\(title)<span class=\"scale\"></span></h3>\n"
    if let (renderer, screen) = drawn {
      out += Self.relinked(renderer.deviceHTML(screen, device: device, mapped: nil, outlined: outlined[device.name] ?? []), to: links)
    } else {
      out += "<p class=\"absent\">\(kind == "before" ? "Not in the base" : "Removed")</p>\n"
    }
    return out + "</div>\n"
  }

  /// Per device name, the sections (by index) to outline on each side: the components added or
  /// removed, and those with a change on that device or on every device (`devices`).
  func outlinedSections(_ screen: Screen) -> (base: [String: Set<Int>], head: [String: Set<Int>]) {
    guard let b = screen.base, let h = screen.head else { return ([:], [:]) }
    let all = devices.map(\.name)
    let (old, new) = (before.screens[b], after.screens[h])
    let matching = ComponentKeyComparison(base: old, head: new).matching()
    let comparison = SectionComparison(
      base: old.resolved.sections, head: new.resolved.sections, screen: screen.id, devices: all,
      enclosing: matching.enclosing, leaves: matching.leaves)
    var outlinedBase: [String: Set<Int>] = [:]
    var outlinedHead: [String: Set<Int>] = [:]
    let pairs = comparison.matchedPairs()
    for (pair, moved) in zip(pairs, comparison.movedPairs(pairs)) {
      let changes = comparison.compare(comparison.base[pair.base], comparison.head[pair.head], moved: moved)
      for device in Set(changes.flatMap(Self.devices(all))) {
        outlinedBase[device, default: []].insert(comparison.base[pair.base].section)
        outlinedHead[device, default: []].insert(comparison.head[pair.head].section)
      }
    }
    let pairedBase = Set(pairs.map(\.base))
    let pairedHead = Set(pairs.map(\.head))
    for device in all {
      for (i, s) in comparison.base.enumerated() where !pairedBase.contains(i) { outlinedBase[device, default: []].insert(s.section) }
      for (i, s) in comparison.head.enumerated() where !pairedHead.contains(i) { outlinedHead[device, default: []].insert(s.section) }
    }
    return (outlinedBase, outlinedHead)
  }

  /// The devices a change of a section shows on: its device, else every one; a new
  /// `size_class_mapping` shows only where what is drawn changed (its `layout` changes).
  static func devices(_ all: [String]) -> (DiffChange) -> [String] {
    { change in change.device.map { [$0] } ?? (change.field == "size_class_mapping" ? [] : all) }
  }

  /// A script that fits each wireframe wider than its pair's room (a TV's in a laptop's window)
  /// to that width, all of it drawn smaller, its heading saying how much; the window's width
  /// is measured again when it changes. Pairs too wide side by side stack (`.pair` wraps).
  static let fitScript = """
    <script>(function () {
      function fit() {
        document.querySelectorAll('.pair').forEach(function (pair) {
          var room = pair.clientWidth;
          pair.querySelectorAll('.side').forEach(function (side) {
            var device = side.querySelector('.device'), shown = side.querySelector('h3 .scale');
            if (!device) return;
            var scale = Math.min(1, room / (parseFloat(device.dataset.width) || room));
            device.style.zoom = scale < 1 ? String(scale) : '';
            shown.textContent = scale < 1 ? ' · shown at ' + Math.floor(scale * 100) + '%' : '';
          });
        });
      }
      fit();
      window.addEventListener('resize', fit);
    })();</script>

    """

  static let style = """
    .pair { display: flex; flex-wrap: wrap; gap: 18px 28px; align-items: flex-start; margin: 18px 0 30px; }
    .side { flex: none; max-width: 100%; }
    .side h3 { margin: 0 0 6px 4px; font-size: 13px; }
    .side h3 .scale { font-weight: 400; color: var(--muted); }
    .side.before h3 { color: #b3261e; } .side.after h3 { color: #14643b; }
    .sec.changed { outline: 3px solid #f59e0b; outline-offset: -3px; }
    .absent { padding: 40px; color: var(--muted); font-style: italic; }
    table.changes { border-collapse: collapse; background: #fff; margin: 8px 0 16px; }
    table.changes td, table.changes th { border: 1px solid var(--line); padding: 4px 10px; text-align: left; vertical-align: top; }
    table.changes td:last-child { overflow-wrap: anywhere; }
    details.more summary { cursor: pointer; }
    """

  func document(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
    <title>\(HTML.escape(title))</title>
    <style>\(PreviewRenderer.style)
    \(Self.style)</style>
    </head>
    <body>
    \(body)</body>
    </html>

    """
  }
}
