import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappWriters

/// `zlc diff --format markdown`: a heading and the totals, a table of the changed screens (the
/// first 100), and a table of the changes (one row per change group, the first 1,000, each with
/// its device and its platforms in columns of their own), for a GitHub job summary or a merge
/// request note, in at most `byteLimit` bytes. Every cell is escaped: names from the project cannot break the table or add markup.
struct DiffMarkdown {
  let report: DiffReport

  /// How many changes the table lists: a GitHub job summary holds at most 1 MiB.
  static let changeLimit = 1_000

  /// The most UTF-8 bytes the Markdown takes, below the 1 MiB (1,048,576 bytes) a GitHub job
  /// summary holds (a larger one is dropped whole), with room for what a job's other steps add:
  /// long ids fill it before the row counts do.
  static let byteLimit = 1_000_000

  /// The bytes kept free for the lines after a row: the changes table's head and the lines saying
  /// how many more there are.
  private static let closingRoom = 512

  func render() -> String {
    let stat = DiffStat(report)
    var out = "### zlc diff\n\n\(Self.escape(stat.summary))\n\n"
    if !stat.rows.isEmpty {
      out += "| Screen | Changes |\n|---|---|\n"
      let shown = Self.append(
        stat.rows.prefix(DiffStat.rowLimit).lazy.map { "| \(Self.escape($0.screen)) | \(Self.escape($0.text)) |\n" }, to: &out)
      if stat.rows.count > shown { out += "| … and \(stat.rows.count - shown) more |  |\n" }
      out += "\n"
    }
    out += "| Change | Screens | Component | Device | Platform | Field | Old | New |\n|---|---|---|---|---|---|---|---|\n"
    let shown = Self.append(report.changes.prefix(Self.changeLimit).lazy.map(row), to: &out)
    if report.changes.count > shown {
      out += "\n… and \(report.changes.count - shown) more changes: `zlc diff --format json` lists them all.\n"
    }
    return out
  }

  /// Appends `lines` to `out` while they leave `closingRoom` within `byteLimit`; the number appended.
  private static func append(_ lines: some Sequence<String>, to out: inout String) -> Int {
    var count = 0
    for line in lines {
      guard out.utf8.count + line.utf8.count + closingRoom <= byteLimit else { break }
      out += line
      count += 1
    }
    return count
  }

  /// A change's row; names from the project with control characters escaped, as text shows them.
  func row(_ c: DiffChange) -> String {
    let visible = { (text: String?) in TerminalText.distinct(text ?? "") }
    var component = DiffWording.component(c) + DiffWording.name(c)
    if let family = c.family { component += component.isEmpty ? "family \(visible(family))" : " (family \(visible(family)))" }
    if let position = c.position { component += ", " + visible(position.text) }
    let platforms = c.platforms.map(visible).joined(separator: ", ")
    var field = visible(c.field)
    if let key = c.key, c.kind != .navigationChanged { field += " '\(visible(key))'" }
    if let client = c.client { field = "client \(visible(client)): \(field)" }
    let (old, new) = values(c)
    let cells = [c.kind.label, DiffWording.screens(c), component, visible(c.device), platforms, field, old, new]
    return "| " + cells.map(Self.escape).joined(separator: " | ") + " |\n"
  }

  /// The Old and New cells: a layout's fields as `columns 5, item.width 140.8`; a geometry's changed fields by
  /// where they hold (`tablet XL: columns 4`); a list of
  /// renderers as what was removed and what was added; an order as its names; a registry's names the client lacks, the
  /// Old cell saying `new screen` for a screen the head adds.
  func values(_ c: DiffChange) -> (String, String) {
    switch c.kind {
    case .layout:
      let fields = { (value: JSON?) in
        (value?.objectValue ?? []).map { "\($0.0) \(DiffWording.value($0.1))" }.joined(separator: ", ")
      }
      return (fields(c.old), fields(c.new))
    case .requiredRenderers:
      let old = c.old?.arrayValue?.compactMap(\.stringValue).map { TerminalText.distinct($0) } ?? []
      let new = c.new?.arrayValue?.compactMap(\.stringValue).map { TerminalText.distinct($0) } ?? []
      let has = { (list: [String], name: String) in list.contains { $0.utf8.elementsEqual(name.utf8) } }
      let removed = old.filter { !has(new, $0) }
      let added = new.filter { !has(old, $0) }
      return (
        removed.isEmpty ? "" : "no longer: " + removed.joined(separator: ", "), added.isEmpty ? "" : "now: " + added.joined(separator: ", ")
      )
    case .device where c.field == "order", .platform where c.field == "order": return DiffWording.order(c)
    case .navigationChanged where c.field == "order" || c.field == "nav_items.order": return DiffWording.order(c)
    case .componentChanged where DiffWording.isStyleReorder(c): return DiffWording.order(c)
    case .componentChanged where c.field == "geometry": return DiffWording.geometrySides(c)
    case .registry:
      let names = c.new?.arrayValue?.compactMap(\.stringValue).map { TerminalText.distinct($0) } ?? []
      return (c.old == nil ? "new screen" : "", names.joined(separator: ", "))
    default:
      let (old, new) = DiffWording.values(c.old, c.new)
      return (c.old == nil ? "" : old, c.new == nil ? "" : new)
    }
  }

  /// A table cell's text: Markdown punctuation escaped with a backslash, HTML's special
  /// characters as entities, line breaks as spaces.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!": out += "\\" + String(character)
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "\n", "\r", "\r\n": out += " "
      default: out.append(character)
      }
    }
    return out
  }
}
