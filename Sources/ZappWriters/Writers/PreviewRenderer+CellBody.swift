import ZappLayout
import ZappModel

/// A section's cell body (a tab bar's `cell_body`): below the section's own items, the selected
/// tab's content, drawn as a section of the body's type laid out by the body's layout on the
/// device, or a note saying why the bundle has no such layout there.
extension PreviewRenderer {
  /// The body of `section`'s cells on `device`, after its items; nothing when it has none, or
  /// when its size class hides it (the section then draws nothing at all).
  package func cellBody(_ out: inout PageBytes, _ section: ResolvedSection, device: Device, mapped: Mapper.Section?, sender: FeedEntry?) {
    guard let body = section.cellBody else { return }
    out.add("<div class=\"cell-body\" data-cell-body=\"")
    out.text(body.componentType)
    out.add("\" style=\"--h: ")
    out.int(Self.hue(body.componentType))
    out.add("\">")
    let drawn = body.drawnAsSection(of: section)
    guard section.drawsCellBody(on: device), let layout = body.layout(on: device.name) else {
      cellBodyCaption(&out, section, body, layout: nil, items: nil)
      out.add("<div class=\"note\">")
      out.isolated(cellBodyAbsence(section, body, device: device))
      out.add("</div></div>")
      return
    }
    let items = cellBodyItems(drawn, layout, device: device, firstTab: firstTab(mapped, sender: sender))
    cellBodyCaption(&out, section, body, layout: layout, items: items)
    self.body(&out, drawn, layout, items: items)
    out.add("</div>")
  }

  /// The body's caption: whose body it is, its type and cell styles, and its layout's facts.
  package func cellBodyCaption(_ out: inout PageBytes, _ section: ResolvedSection, _ body: CellBody, layout: SectionLayout?, items: Items?)
  {
    out.add("<div class=\"cap\"><span class=\"num\">")
    out.int(section.section)
    out.add("</span> <span>")
    out.isolated(section.componentType)
    out.add(" body:</span> <b>")
    out.isolated(body.componentType)
    out.add("</b>")
    styleNames(&out, body.cellStyles)
    if let layout {
      out.add(" <span>")
      layoutFacts(&out, layout)
      if let items {
        out.add(" · ")
        out.isolated(items.note)
      }
      out.add("</span>")
    }
    out.add("</div>")
  }

  /// Why the bundle has no layout of the body on `device`.
  package func cellBodyAbsence(_ section: ResolvedSection, _ body: CellBody, device: Device) -> String {
    if !section.drawsCellBody(on: device) {
      let drawn = section.drawn(on: device)
      return "No body on size class \(device.sizeClass ?? "?"): the \(section.componentType) is drawn as \(drawn.componentType) there."
    }
    switch body.layoutAbsent {
    case .noFamily?: return "No layout: the \(section.componentType) has no family."
    case .notInFamily?: return "No layout: family \(section.family ?? "none") has no styles for \(body.componentType)."
    case .unknown(let word)?: return "No layout (\(word))."
    case nil: return "No layout on this device."
    }
  }

  /// The tab a bound tab bar shows first: its child's first entry the client shows, when the
  /// feed carries the child's entries inline.
  package func firstTab(_ mapped: Mapper.Section?, sender: FeedEntry?) -> FeedEntry? {
    guard let mapped, mapped.status == .bound, let sender, let tabs = childEntries(of: mapped, in: sender) else { return nil }
    guard let shown = mapped.entries else { return tabs.first }
    guard let first = shown.first, first.section == nil, let i = first.index, i < tabs.count else { return nil }
    return tabs[i]
  }

  /// What the body draws: the entries the first tab carries inline (the client shows them all, up
  /// to `maxDrawnItems` here), else the sample a section of its layout draws.
  package func cellBodyItems(_ drawn: ResolvedSection, _ layout: SectionLayout, device: Device, firstTab: FeedEntry?) -> Items {
    guard let tab = firstTab, let entries = tab.entries else {
      var items = items(drawn, layout, device: device, mapped: nil, sender: nil)
      if let firstTab { items.note = "items load from the first tab ‘\(firstTab.title ?? firstTab.id ?? "tab")’" }
      return items
    }
    let clientShows = layout.kind == .oneAndN ? min(entries.count, 1 + (layout.small?.count ?? 0)) : entries.count
    let shown = Array(entries.prefix(min(clientShows, Self.maxDrawnItems)))
    var items = Items(
      count: shown.count, titles: shown.map(\.title), images: shown.map { Self.drawnImage($0.imageURL) },
      opens: shown.map { opens(of: $0) },
      note: "\(clientShows) of \(entries.count) items of the first tab ‘\(tab.title ?? tab.id ?? "tab")’"
        + (clientShows > shown.count ? ", the first \(shown.count) drawn" : ""))
    items.sizeClass = device.sizeClass
    items.findFiles(in: fileByID)
    return items
  }
}

extension CellBody {
  /// The body as a section of its own type in place of `section`'s cells: its cell styles,
  /// renderers, card styles and layouts, the section's number, component and family.
  package func drawnAsSection(of section: ResolvedSection) -> ResolvedSection {
    var drawn = ResolvedSection(
      section: section.section, component: section.component, componentType: componentType, family: section.family,
      cellStyles: cellStyles, renderer: renderer, data: DataBinding(binding: .none), cellAttributes: cellAttributes,
      displayRules: displayRules, layout: layout, layoutAbsent: layoutAbsent)
    drawn.cardStyle = cardStyle
    drawn.cells = cells
    drawn.geometry = geometry
    return drawn
  }
}
