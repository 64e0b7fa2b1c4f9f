import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappWriters

/// Renders a `DiffReport` as `zlc diff` prints it: text (a summary like `git diff --stat`, then
/// one line per change), JSON (`{"format_version": 1, "changes": [...]}`) or Markdown (tables for
/// a GitHub job summary). An empty report renders as nothing in every format.
public struct DiffPrinter: Sendable {
  /// The output formats of `zlc diff --format`.
  public enum Format: String, Sendable, CaseIterable {
    case text, json, markdown
  }

  /// The format `render(_:)` writes.
  public let format: Format
  /// ANSI colours in text output.
  public let color: Bool

  /// A printer of `format`, with ANSI colours in text output when `color` is true.
  public init(format: Format, color: Bool = false) {
    self.format = format
    self.color = color
  }

  /// The report in the printer's format. With no change, text and markdown are empty and JSON is
  /// its object with no `changes`, so that a consumer still reads one.
  public func render(_ report: DiffReport) -> String {
    guard !report.isEmpty || format == .json else { return "" }
    switch format {
    case .text: return text(report)
    case .json: return report.json.serialized()
    case .markdown: return DiffMarkdown(report: report).render()
    }
  }

  // MARK: Text

  func text(_ report: DiffReport) -> String {
    let stat = DiffStat(report)
    var out = ""
    let rows = stat.rows.prefix(DiffStat.rowLimit)
    // A long name is cut, as `git diff --stat` cuts a long path, so that every row stays short.
    let names = rows.map { shortValue($0.screen, limit: DiffWording.summaryNameLength) }
    let width = names.map { TerminalText.width(of: $0) }.max() ?? 0
    for (row, shown) in zip(rows, names) {
      let name = shown + String(repeating: " ", count: width - TerminalText.width(of: shown))
      out += " \(name) | \(paint(row.bar.isEmpty ? row.text : row.text + " " + row.bar, row.colour))\n"
    }
    if stat.rows.count > rows.count { out += " … and \(stat.rows.count - rows.count) more screens\n" }
    out += " " + stat.summary + "\n\n"
    for change in report.changes {
      let line = DiffWording.line(change)
      out += paint(change.kind.label, Self.colour(of: change.kind)) + ": " + line.text + "\n"
      if let screens = line.screens { out += "    " + screens + "\n" }
    }
    return out
  }

  /// The SGR colour of a kind: green for what was added, red for what was removed, yellow else.
  static func colour(of kind: DiffChange.Kind) -> Int {
    switch kind {
    case .screenAdded, .componentAdded: return 32
    case .screenRemoved, .componentRemoved, .registry, .clientRefuses: return 31
    default: return 33
    }
  }

  func paint(_ text: String, _ colour: Int?) -> String {
    guard color, let colour else { return text }
    return "\u{1B}[\(colour)m\(text)\u{1B}[0m"
  }
}

/// The per-screen summary: each screen with a change, what happened to it or how many changes
/// name it, and the totals.
struct DiffStat {
  struct Row {
    var screen: String
    /// What happened to the screen, or how many changes name it.
    var text: String
    /// A `~` per change (at most 40) after a count, which text output draws.
    var bar = ""
    var colour: Int?
  }

  /// How many screens the text and Markdown summaries list before they count the rest.
  static let rowLimit = 100

  var rows: [Row] = []
  var summary = ""
  /// Each listed screen's text (`Row.text`), by its id's exact characters.
  var textByScreen: [ExactString: String] = [:]
  /// The ids of the report that read as another of its ids but differ in their scalars (`é` as
  /// one scalar, and as `e` and an accent): shown spelled out (`shownID`), or the two would print alike.
  private var alikeIDs: Set<ExactString> = []

  /// A screen id as the summary and the cards show it: spelled out when another id of the report
  /// reads alike.
  func shownID(_ id: String) -> String {
    let shown = TerminalText.distinct(id)
    return alikeIDs.contains(ExactString(id)) ? DiffWording.spelledOut(shown) : shown
  }

  init(_ report: DiffReport) {
    alikeIDs = DiffWording.readingAlike(report.screenOrder)
    // Screen ids keyed by their exact characters, as clients compare them.
    var status: [ExactString: (String, Int)] = [:]
    var moves: [ExactString: String] = [:]
    var counts: [ExactString: Int] = [:]
    for change in report.changes {
      switch (change.kind, change.field) {
      case (.screenAdded, _): for s in change.screens { status[ExactString(s)] = ("added", 32) }
      case (.screenRemoved, _): for s in change.screens { status[ExactString(s)] = ("removed", 31) }
      case (.screenRenamed, "id"):
        // An old id that reads as the new one is spelled out, and the new one with it, as the
        // change's own line spells them.
        for s in change.screens {
          status[ExactString(s)] = ("renamed from \(DiffWording.values(change.old, change.new).0)", 33)
          if let old = change.old?.stringValue, old == s, !old.utf8.elementsEqual(s.utf8) { alikeIDs.insert(ExactString(s)) }
        }
      case (.screenMoved, _): for s in change.screens { moves[ExactString(s)] = "moved from \(DiffWording.value(change.old))" }
      default: for s in change.screens { counts[ExactString(s), default: 0] += 1 }
      }
    }
    // A screen renamed and moved says both.
    for (screen, moved) in moves { status[screen] = status[screen].map { ($0.0 + ", " + moved, $0.1) } ?? (moved, 33) }
    for id in report.screenOrder {
      let shown = shownID(id)
      let screen = ExactString(id)
      if let (text, colour) = status[screen] {
        rows.append(Row(screen: shown, text: text + (counts[screen].map { ", \(Self.plural($0, "change"))" } ?? ""), colour: colour))
      } else if let n = counts[screen] {
        rows.append(Row(screen: shown, text: Self.plural(n, "change"), bar: String(repeating: "~", count: min(n, 40))))
      } else {
        continue
      }
      textByScreen[screen] = rows[rows.count - 1].text
    }
    let added = status.values.filter { $0.0 == "added" }.count
    let removed = status.values.filter { $0.0 == "removed" }.count
    let renamed = Set(report.changes.filter { $0.kind == .screenRenamed }.flatMap(\.screens).map(ExactString.init)).count
    let wide = report.changes.filter { $0.screens.isEmpty }.count
    let moved = moves.isEmpty ? "" : ", \(moves.count) moved"
    summary =
      "\(Self.plural(rows.count, "screen")) changed (\(added) added, \(removed) removed, \(renamed) renamed\(moved)), "
      + "\(Self.plural(report.changes.count, "change"))" + (wide > 0 ? " (\(wide) to the whole project)" : "")
  }

  static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}

/// How one change is worded in text and Markdown.
enum DiffWording {
  /// A value as text: `none` for no value, strings as they are, other values as compact JSON;
  /// control characters escaped; at most `shownLength` characters, then `…` (a megabyte default
  /// value would otherwise fill a job summary, whose limit is 1 MiB).
  static func value(_ value: JSON?) -> String { isolated(shortened(full(value)), leftToRight: isStructured(value)) }

  /// Whether a value is shown as JSON text (an object or array), which reads left to right
  /// whatever language its strings are in.
  private static func isStructured(_ value: JSON?) -> Bool { value?.objectValue != nil || value?.arrayValue != nil }

  /// Whether the text a line takes from the project is isolated from the words around it
  /// (`shown`): set while the HTML report words its changes, where a right-to-left id would
  /// otherwise trade places with the words, arrows and ids beside it (`ספורט → חדשות` read
  /// backwards). Text for a terminal or Markdown is not isolated.
  @TaskLocal static var isolatesProjectText = false

  /// Text from the project as a line shows it: `TerminalText.distinct`, then isolated when
  /// `isolatesProjectText` is set.
  static func shown(_ text: String) -> String { isolated(TerminalText.distinct(text)) }

  /// `text` between `U+2068` and `U+2069` (`U+2066` with `leftToRight`) when `isolatesProjectText`
  /// is set and it holds text that can reorder (`PageBytes.bidiIsolated`); as it is otherwise.
  static func isolated(_ text: String, leftToRight: Bool = false) -> String {
    isolatesProjectText ? PageBytes.bidiIsolated(text, leftToRight: leftToRight) : text
  }

  /// The most characters of a screen's name the text summary shows.
  static let summaryNameLength = 60

  /// The most characters of one value a change shows.
  static let shownLength = 200

  static func shortened(_ text: String) -> String {
    guard text.count > shownLength else { return text }
    // An isolate the cut leaves open (of names `shown` isolated) is closed before the ellipsis.
    let kept = text.prefix(shownLength)
    let open = kept.unicodeScalars.reduce(0) { $0 + ($1 == "\u{2068}" ? 1 : $1 == "\u{2069}" ? -1 : 0) }
    return String(kept) + String(repeating: "\u{2069}", count: max(0, open)) + "…"
  }

  /// `old → new`.
  static func arrow(_ old: JSON?, _ new: JSON?) -> String {
    let (before, after) = values(old, new)
    return "\(before) → \(after)"
  }

  /// Two values as a change shows them: when one is long and both begin alike, from a little before
  /// where they part (`…"target": "kids"}]` → `…"target": "kids-2"}]`), so that what changed is
  /// not cut off.
  static func values(_ old: JSON?, _ new: JSON?) -> (String, String) {
    let (before, after) = spelledApart(full(old), full(new))
    let (oldJSON, newJSON) = (isStructured(old), isStructured(new))
    guard before.count > shownLength || after.count > shownLength else {
      return (isolated(before, leftToRight: oldJSON), isolated(after, leftToRight: newJSON))
    }
    let common = zip(before, after).prefix { $0 == $1 }.count
    let skipped = max(0, common - Self.contextBeforeChange)
    let cut = { (text: String) in skipped == 0 ? shortened(text) : "…" + shortened(String(text.dropFirst(skipped))) }
    return (
      isolated(old.map { _ in cut(before) } ?? before, leftToRight: oldJSON),
      isolated(new.map { _ in cut(after) } ?? after, leftToRight: newJSON)
    )
  }

  /// Two texts as they are, or, when they read alike but differ in their scalars (`é` as one
  /// scalar, then as `e` and an accent), each with its characters beyond ASCII spelled out
  /// (`caf\u{E9}`, `cafe\u{301}`), so that a reviewer sees what changed.
  static func spelledApart(_ before: String, _ after: String) -> (String, String) {
    guard before == after, !before.unicodeScalars.elementsEqual(after.unicodeScalars) else { return (before, after) }
    return (spelledOut(before), spelledOut(after))
  }

  /// `text` with every scalar beyond ASCII escaped (`\u{301}`).
  static func spelledOut(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.isASCII { out.append(scalar) } else { out.append(contentsOf: TerminalText.escape(scalar).unicodeScalars) }
    }
    return String(out)
  }

  /// The characters shown before the first that differs, when the start is left out.
  static let contextBeforeChange = 40

  /// A value as text in full: `none` for no value, strings as they are, other values as compact
  /// JSON; control characters escaped.
  private static func full(_ value: JSON?) -> String {
    guard let value, !value.isNull else { return "none" }
    if case .string(let s) = value { return TerminalText.distinct(s) }
    var text = value.serialized(pretty: false)
    if text.hasSuffix("\n") { text.removeLast() }
    return TerminalText.distinct(text)
  }

  /// The fields of a layout change: `columns 5 → 4, item.width 140.8 → 177.5`.
  static func layoutFields(_ change: DiffChange) -> String {
    let old = change.old?.objectValue ?? []
    let new = change.new?.objectValue ?? []
    return zip(old, new).map { "\($0.0) \(arrow($0.1, $1.1))" }.joined(separator: ", ")
  }

  /// The screens, shortened past ten.
  static func screens(_ change: DiffChange) -> String {
    // Only the names the line shows are formatted: a change on 5,000 screens lists ten.
    summarizedList(shownScreens(change.screens))
  }

  /// Screen ids as a line lists them: each `shown`, or spelled out (`spelledOut`) when another id
  /// of the list reads alike (`café` added twice, once as `e` and an accent). Lazy: each is
  /// formatted when read, under the wording then in force.
  static func shownScreens(_ ids: [String]) -> LazyMapCollection<[String], String> {
    let alike = readingAlike(ids)
    return ids.lazy.map { alike.contains(ExactString($0)) ? isolated(spelledOut(TerminalText.distinct($0))) : shown($0) }
  }

  /// The ids of `ids` that read as another of them but differ in their scalars.
  static func readingAlike(_ ids: [String]) -> Set<ExactString> {
    var result: Set<ExactString> = []
    for group in Dictionary(grouping: ids, by: { $0 }).values where group.count > 1 {
      let exact = Set(group.map(ExactString.init))
      if exact.count > 1 { result.formUnion(exact) }
    }
    return result
  }

  /// A list change as what was added and removed: `+a +b -c`.
  static func delta(_ change: DiffChange) -> String {
    let old = change.old?.arrayValue?.compactMap(\.stringValue) ?? []
    let new = change.new?.arrayValue?.compactMap(\.stringValue) ?? []
    let has = { (list: [String], name: String) in list.contains { $0.utf8.elementsEqual(name.utf8) } }
    let added = new.filter { !has(old, $0) }
    let removed = old.filter { !has(new, $0) }
    // A name in another form of one on the other side reads alike: both are spelled out.
    let alike = added.contains { name in removed.contains { $0 == name } }
    let written = { (name: String) in alike ? isolated(spelledOut(TerminalText.distinct(name))) : shown(name) }
    return (added.map { "+" + written($0) } + removed.map { "-" + written($0) }).joined(separator: " ")
  }

  /// An order's names before and after, as lists (`phone, tablet`).
  static func order(_ c: DiffChange) -> (String, String) {
    let list = { (value: JSON?) in (value?.arrayValue ?? []).compactMap(\.stringValue) }
    let (old, new) = (list(c.old), list(c.new))
    // Lists that read alike but differ in their scalars are spelled out.
    let alike = old.joined(separator: ", ") == new.joined(separator: ", ") && !old.elementsEqual(new) { $0.utf8.elementsEqual($1.utf8) }
    let names = { (list: [String]) in
      shortened(list.map { alike ? isolated(spelledOut(TerminalText.distinct($0))) : shown($0) }.joined(separator: ", "))
    }
    return (names(old), names(new))
  }

  /// Whether a change is a component's cell styles listed in another order.
  static func isStyleReorder(_ c: DiffChange) -> Bool {
    let styles = { (value: JSON?) in value?.arrayValue?.compactMap(\.stringValue) }
    guard c.kind == .componentChanged, c.field == "cell_styles", let old = styles(c.old), let new = styles(c.new) else { return false }
    return CellStyleOrder.isReorder(old, new)
  }

  /// The component as a line names it: its type and cell styles, and the one component's id
  /// when the change is on one (`grid (GRID_5) 'home-shows'`).
  static func component(_ c: DiffChange) -> String {
    var text = c.component ?? ""
    // A navigation change names its navigation, then its nav item (`main-menu nav item menu-live`).
    if c.kind == .navigationChanged {
      if let item = c.key { text += " nav item " + item }
      return shown(text)
    }
    if c.components.count == 1, let only = c.components.first, only != c.component { text += " '\(only)'" }
    return shown(text)
  }

  /// A group's name as a line shows it after the group: ` 'Kids'`, or nothing.
  static func name(_ c: DiffChange) -> String { c.name.map { " '\(shown($0))'" } ?? "" }

  /// The line of a change and, when it names screens not already in the line, the line listing them.
  static func line(_ c: DiffChange) -> (text: String, screens: String?) {
    let component = component(c)
    let field = c.field.map { shown($0) } ?? ""
    let on = c.screens.count == 1 ? " on \(screens(c))" : ""
    let list = c.screens.count > 1 ? "on \(c.screens.count) screens: \(screens(c))" : nil
    let family = c.family.map { ", family \(shown($0))" } ?? ""
    let platforms = c.platforms.isEmpty ? "" : " on \(c.platforms.map { shown($0) }.joined(separator: ", "))"
    switch c.kind {
    case .screenAdded, .screenRemoved: return (screens(c), nil)
    case .screenRenamed:
      return c.field == "id" ? (arrow(c.old, c.new), nil) : ("\(screens(c)): name \(arrow(c.old, c.new))", nil)
    case .screenMoved: return ("\(arrow(c.old, c.new))\(on)", list)
    case .familyMoved: return ("\(shown(c.family ?? "")) \(arrow(c.old, c.new))", nil)
    case .manifestMoved: return ("\(component) \(arrow(c.old, c.new))\(platforms)", nil)
    case .screenChanged: return ("\(field) \(arrow(c.old, c.new))\(on)\(platforms)", list)
    case .navigationChanged where c.field == nil:
      return ("\(component) \(c.old == nil ? "added" : "removed")\(on)\(platforms)", list)
    case .navigationChanged where c.field == "order" || c.field == "nav_items.order":
      let (old, new) = order(c)
      return ("\(component.isEmpty ? "" : component + " ")\(field): \(old) → \(new)\(on)\(platforms)", list)
    case .navigationChanged: return ("\(component) \(field) \(arrow(c.old, c.new))\(on)\(platforms)", list)
    case .componentAdded: return ("\(component) (\(value(c.new))\(name(c)))\(on)\(platforms)", list)
    case .componentRemoved: return ("\(component) (\(value(c.old))\(name(c)))\(on)\(platforms)", list)
    case .componentMoved:
      let position = c.position.map { ", " + shown($0.text) } ?? ""
      return ("\(component)\(name(c)) \(arrow(c.old, c.new))\(position)\(on)\(platforms)", list)
    case .componentRetyped: return ("\(component) \(arrow(c.old, c.new))\(on)\(platforms)", list)
    case .componentChanged where isStyleReorder(c):
      let (old, new) = order(c)
      return ("\(component)\(family): cell_styles reordered: \(old) → \(new)\(on)\(platforms)", list)
    case .componentChanged where c.field == "geometry":
      return ("\(component)\(family): geometry \(geometryFields(c))\(on)\(platforms)", list)
    case .componentChanged, .binding, .target:
      return ("\(component)\(family): \(field) \(arrow(c.old, c.new))\(on)\(platforms)", list)
    case .layout:
      return ("\(component)\(family) on \(shown(c.device ?? "")): \(layoutFields(c))\(on)\(platforms)", list)
    case .mapping: return ("\(field) '\(shown(c.key ?? ""))' \(arrow(c.old, c.new))", nil)
    case .device where c.field == "order", .platform where c.field == "order":
      let (old, new) = order(c)
      return ("order\(platforms): \(old) → \(new)", nil)
    case .device: return ("\(shown(c.device ?? ""))\(platforms) \(arrow(c.old, c.new))", nil)
    case .platform where c.field == "targeted":
      return (c.new?.boolValue == true ? "now targeted\(platforms)" : "no longer targeted\(platforms)", nil)
    case .platform: return ("\(field)\(platforms) \(arrow(c.old, c.new))", nil)
    case .requiredRenderers: return ("\(field)\(platforms): \(delta(c))", nil)
    case .bundleIndex: return ("\(field)\(platforms) \(arrow(c.old, c.new))", nil)
    case .clientRefuses:
      return ("\(shown(c.client ?? ""))\(platforms) keeps the bundle it has: \(field) \(arrow(c.old, c.new))", nil)
    case .registry:
      let names = c.new?.arrayValue?.compactMap(\.stringValue).map { shown($0) }.joined(separator: ", ") ?? ""
      let client = shown(c.client ?? "")
      let what =
        c.old == nil
        ? (c.screens.count == 1 ? "cannot draw new screen" : "cannot draw new screens")
        : c.clientTookNoBase ? "cannot draw" : "can no longer draw"
      let tookNone = c.clientTookNoBase ? ", which took no bundle of the base," : ""
      return ("client \(client)\(platforms)\(tookNone) \(what): \(field) \(names)\(on)", list)
    }
  }
}
