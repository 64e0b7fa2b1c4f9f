import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappWriters

extension Driver {
  /// The json form of a map (documented in docs/mapper.md): one object, or, for maps that differ
  /// by platform, each map's object under `by_platform` with its `platforms` and its own
  /// diagnostics; nil when there is no map.
  public static func mapJSON(_ outcome: MapOutcome) -> String? {
    if let result = outcome.result { return mapJSON(result, diagnostics: outcome.diagnostics) }
    guard let first = outcome.byPlatform.first else { return nil }
    let maps = outcome.byPlatform.map { mapObject($0.result, diagnostics: $0.diagnostics, platforms: $0.platforms) }
    return JSONOut.object([
      ("screen", .string(first.result.screen)), ("device", .string(first.result.device)), ("by_platform", .array(maps)),
      ("diagnostics", .array(outcome.diagnostics.map(DiagnosticPrinter.jsonObject))),
    ]).serialized()
  }

  /// The json form of a map result (documented in docs/mapper.md).
  public static func mapJSON(_ result: Mapper.Result, diagnostics: [Diagnostic]) -> String {
    mapObject(result, diagnostics: diagnostics, platforms: nil).serialized()
  }

  /// A map result's object, naming the platforms whose bundles make it when they are given.
  static func mapObject(_ result: Mapper.Result, diagnostics: [Diagnostic], platforms: [String]?) -> JSONOut {
    let sections = result.sections.map { s -> JSONOut in
      .object(
        [
          ("section", .int(s.section)), ("component", .array(s.component.map { .int($0) })),
          ("component_type", .string(s.componentType)), ("status", .string(s.status.word)),
          ("child", s.child.map { .int($0) } ?? .null),
          ("group_child", s.groupChild.map { .int($0) } ?? .null),
          ("child_id", .optional(s.childID)), ("child_title", .optional(s.childTitle)),
          ("source", .optional(s.source)), ("type", .optional(s.type)),
          (
            "items",
            s.items.map {
              .object(
                [("before", $0.before.map { .int($0) } ?? .null), ("after", $0.after.map { .int($0) } ?? .null)]
                  + ($0.filtered > 0 ? [("filtered", .int($0.filtered))] : [])
                  + ($0.placeholders > 0 ? [("placeholders", .int($0.placeholders))] : []))
            } ?? .null
          ),
          ("opens", .optional(s.opens)),
        ] + (s.mergedInto.map { [("merged_into", .int($0))] } ?? []) + (s.entries.map { [("entries", .array($0.map(entryJSON)))] } ?? []))
    }
    var members: [(String, JSONOut)] = []
    if let platforms { members.append(("platforms", .array(platforms.map { .string($0) }))) }
    members += [
      ("screen", .string(result.screen)), ("device", .string(result.device)),
      ("sections", .array(sections)),
      ("unused_children", .array(result.unusedChildren.map { .int($0) })),
      ("diagnostics", .array(diagnostics.map(DiagnosticPrinter.jsonObject))),
    ]
    return JSONOut.object(members)
  }

  /// One item of a section in the json form: a placeholder is `{"placeholder": true}`.
  static func entryJSON(_ e: Mapper.Entry) -> JSON {
    if e.placeholder { return .object([("placeholder", .bool(true))] + (e.cardStyle.map { [("card_style", $0.json)] } ?? [])) }
    var members: [(String, JSON)] = [("index", e.index.map { .int($0) } ?? .null)]
    if let s = e.section { members.append(("section", .int(s))) }
    members += [("id", .optional(e.id)), ("title", .optional(e.title)), ("type", .optional(e.type)), ("opens", .optional(e.opens))]
    if let card = e.cardStyle { members.append(("card_style", card.json)) }
    if let elements = e.elements { members.append(("elements", .array(elements.map(\.json)))) }
    if let frames = e.frames { members.append(("frames", .array(frames.map(\.json)))) }
    return .object(members)
  }

  /// The item lines of a section under the map table: index (or `section:index` for an item
  /// merged in from another section), id, title and type; its card style; each element's style
  /// and content frame; `placeholder` for an item that fills the last row.
  static func entryLines(_ s: Mapper.Section) -> String {
    guard let entries = s.entries, !entries.isEmpty else { return "" }
    // Listed when they are more than a count: filtered, merged, padded or styled.
    let shaped =
      (s.items?.filtered ?? 0) > 0 || entries.contains { $0.placeholder || $0.section != nil || $0.cardStyle != nil || $0.elements != nil }
    guard shaped else { return "" }
    func n(_ v: Double) -> String { JSON.exact(v).encodedString(pretty: false) }
    var out = "section \(s.section) items:\n"
    for e in entries {
      if e.placeholder {
        out += "  placeholder\n"
        continue
      }
      let index = (e.section.map { "\($0):" } ?? "") + (e.index.map(String.init) ?? "-")
      let fields = [index, e.id ?? "-", e.title ?? "-", e.type ?? "-"].map { TerminalText.visible($0) }
      out += "  " + fields.joined(separator: "  ") + "\n"
      if let card = e.cardStyle {
        let parts =
          [card.backgroundColor.map { "background \(TerminalText.visible($0))" }, card.cornerRadius.map { "corner radius \(n($0))" }]
          + [card.margin.map { "margin \([$0.top, $0.left, $0.bottom, $0.right].map(n).joined(separator: " "))" }]
          + [card.backgroundImage.map { "image \(TerminalText.visible($0))" }]
          + [
            card.shadow.flatMap { s in
              s.color.map { "shadow \(TerminalText.visible($0)) radius \(n(s.radius)) offset \(n(s.offset.x)) \(n(s.offset.y))" }
            }
          ]
        out += "    card: " + parts.compactMap { $0 }.joined(separator: ", ") + "\n"
      }
      for (j, element) in (e.elements ?? []).enumerated() {
        let m = element.margin
        var line = "    element \(j): \(element.display.rawValue)"
        if let r = element.widthRatio { line += " width_ratio \(n(r))" }
        if let r = element.widthHeightRatio { line += " width_height_ratio \(n(r))" }
        if m != .zero { line += " margin \([m.top, m.left, m.bottom, m.right].map(n).joined(separator: " "))" }
        if let f = e.frames?[j].content { line += " → \(n(f.width)) × \(n(f.height)) at \(n(f.x)), \(n(f.y))" }
        out += line + "\n"
      }
    }
    return out
  }

  /// The text tables of a map: one, or one per distinct map of the platforms, each naming them,
  /// a blank line between.
  public static func mapTables(_ outcome: MapOutcome) -> String {
    if let result = outcome.result { return mapTable(result) }
    return outcome.byPlatform.map { mapTable($0.result, platforms: $0.platforms) }.joined(separator: "\n")
  }

  /// The screens a tap in a section opens: those its items open, each once, in order, where the
  /// child carries items it shows (an item opens its child's screen only when it names none of
  /// its own, so items whose `screen_type` resolves to nothing open nothing); else the child's
  /// (`-` for none).
  static func opensCell(_ s: Mapper.Section) -> String {
    let items = (s.entries ?? []).filter { !$0.placeholder }
    guard !items.isEmpty else { return s.opens ?? "-" }
    var seen: Set<String> = []
    let opened = items.compactMap(\.opens).filter { seen.insert($0).inserted }
    return opened.isEmpty ? "-" : summarizedList(opened)
  }

  /// The text table of a map result; `platforms` names the platforms whose bundles make it.
  public static func mapTable(_ result: Mapper.Result, platforms: [String] = []) -> String {
    let header = ["SECTION", "COMPONENT", "STATUS", "CHILD", "SOURCE", "TYPE", "ITEMS", "OPENS"]
    var rows: [[String]] = [header]
    for s in result.sections {
      let child = s.child.map { c in s.groupChild.map { "\(c).\($0)" } ?? "\(c)" } ?? "-"
      let childText = child + (s.childTitle.map { " \($0)" } ?? "")
      let items =
        s.items.map { i in
          "\(i.before.map(String.init) ?? "?") → \(i.after.map(String.init) ?? "?")" + (i.placeholders > 0 ? " (+\(i.placeholders))" : "")
        } ?? "-"
      // Cells come from the project and the feed: control characters escaped, widths in columns,
      // and cut where long (a feed title of a whole article), so that every row stays readable.
      rows.append(
        [
          "\(s.section)", "\(s.componentType) [\(s.component.map(String.init).joined(separator: "."))]", s.status.word,
          childText, s.source ?? "-", s.type ?? "-", items, opensCell(s),
        ].map { shortValue(TerminalText.visible($0), limit: DiffWording.shownLength) })
    }
    let widths = header.indices.map { i in rows.map { TerminalText.width(of: $0[i]) }.max() ?? 0 }
    let named = platforms.isEmpty ? "" : " for " + platforms.map { TerminalText.visible($0) }.joined(separator: ", ")
    var out = "screen \(TerminalText.visible(result.screen)) on \(TerminalText.visible(result.device))\(named)\n"
    for row in rows {
      out +=
        row.enumerated().map { i, cell in
          i == row.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[i] - TerminalText.width(of: cell)))
        }
        .joined(separator: "  ") + "\n"
    }
    for s in result.sections {
      if let into = s.mergedInto { out += "section \(s.section) merged into section \(into)\n" }
      out += entryLines(s)
    }
    if !result.unusedChildren.isEmpty { out += "unused children: \(summarizedList(result.unusedChildren.lazy.map(String.init)))\n" }
    for case .unusedGrandchildren(let c, _, let indices, _, _, _) in result.findings {
      out += "unused children of child \(c): \(summarizedList(indices.lazy.map { "\(c).\($0)" }))\n"
    }
    return out
  }
}
