import ZappLayout
import ZappModel

/// A section's items: the body that lays them out as the client does, and each item's box with its
/// number, title, image, cell style (the last style repeats to the end of the data), the layout id
/// that draws it, and its elements at their frames.
extension PreviewRenderer {
  /// The box of a section's items, laid out by its kind, and what follows it (a pager's dots).
  package func body(_ out: inout PageBytes, _ section: ResolvedSection, _ layout: SectionLayout, items: Items) {
    switch layout.kind {
    case .oneAndN:
      let frames = [layout.large].compactMap { $0 } + (layout.small ?? [])
      let bottom = frames.map { $0.y + $0.height }.max() ?? 0
      out.add("<div class=\"body one_and_n\"")
      sharedStyleAttributes(&out, section)
      out.add(" style=\"height: ")
      out.px(bottom + layout.insets.bottom)
      out.add("px\">")
      for (n, frame) in frames.prefix(items.count).enumerated() {
        cell(&out, n, section, items, width: frame.width, height: frame.height, at: frame, layout: layout)
      }
      out.add("</div>")
    case .horizontal, .paged:
      let overflows = layout.kind == .horizontal && Self.rowOverflows(items.count, layout)
      out.add("<div class=\"body ")
      out.text(layout.kind.word)
      out.add(overflows ? " overflows\"" : "\"")
      sharedStyleAttributes(&out, section)
      out.add(" style=\"")
      spacing(&out, layout)
      let shared = Self.drawnSize(items.count - 1, layout)
      sharedSize(&out, shared)
      out.add("\">")
      for n in 0..<items.count { cell(&out, n, section, items, layout: layout, shared: shared) }
      out.add("</div>")
      if layout.kind == .paged && items.count > 1 {
        out.add("<div class=\"dots\">")
        for _ in 0..<min(items.count, 12) { out.add("<i></i>") }
        out.add("</div>")
      }
    case .flow, .waterfall, .linear, .sticky, .unknown:
      // A kind newer than this zlc is drawn as a grid of its columns.
      if layout.kind == .waterfall {
        out.add("<div class=\"note\">Waterfall: each item's height comes from its data at run time; drawn square here.</div>")
      }
      out.add("<div class=\"body ")
      out.text(layout.kind.word)
      out.add("\"")
      sharedStyleAttributes(&out, section)
      out.add(" style=\"")
      spacing(&out, layout)
      if layout.cells == nil {
        out.add("; grid-template-columns: repeat(")
        out.int(layout.kind == .linear || layout.kind == .sticky ? 1 : max(1, layout.columns))
        out.add(", ")
        out.px(layout.columnWidth ?? layout.item.width)
        out.add("px)")
      } else {
        out.add("; display: flex; flex-wrap: wrap; align-items: flex-start")
      }
      let shared = Self.drawnSize(items.count - 1, layout)
      sharedSize(&out, shared)
      out.add("\">")
      for n in 0..<items.count { cell(&out, n, section, items, layout: layout, shared: shared) }
      out.add("</div>")
    }
  }

  /// A body's ` data-cell-style="…" data-layout-id="…"` when every item has the section's one cell
  /// style: its items then leave them out.
  package func sharedStyleAttributes(_ out: inout PageBytes, _ section: ResolvedSection) {
    guard Self.hasOneCellStyle(section) else { return }
    Self.cellStyleAttributes(&out, section, item: 0, styleName: section.cellStyles[0])
  }

  /// Whether every item of the section is drawn with one cell style and one layout id.
  package static func hasOneCellStyle(_ section: ResolvedSection) -> Bool {
    section.cellStyles.count == 1 && section.cells.count <= 1
  }

  /// `padding: …; column-gap: …; row-gap: …` of a section's body.
  package func spacing(_ out: inout PageBytes, _ layout: SectionLayout) {
    let i = layout.insets
    out.add("padding: ")
    for (k, inset) in [i.top, i.right, i.bottom, i.left].enumerated() {
      if k > 0 { out.add(" ") }
      out.px(inset)
      out.add("px")
    }
    out.add("; column-gap: ")
    out.px(layout.interItemSpacing)
    out.add("px; row-gap: ")
    out.px(layout.lineSpacing)
    out.add("px")
  }

  /// The size of item `n`: its cell style's (the last style repeats), else the section's.
  package static func itemSize(_ n: Int, _ layout: SectionLayout) -> ItemSize {
    guard let cells = layout.cells, !cells.isEmpty else { return layout.item }
    return cells[min(n, cells.count - 1)].item
  }

  /// Whether `count` items of a sideways row reach past the screen: more than its columns when
  /// they share one size; with several cell styles, wider together (their spacing between them)
  /// than the content width, which the first style's columns fill.
  package static func rowOverflows(_ count: Int, _ layout: SectionLayout) -> Bool {
    let columns = max(1, layout.columns)
    guard (layout.cells?.count ?? 0) > 1 else { return count > columns }
    let spacing = layout.interItemSpacing
    let content = Double(columns) * drawnSize(0, layout).width + Double(columns - 1) * spacing
    let row = (0..<count).reduce(0.0) { $0 + drawnSize($1, layout).width } + Double(max(0, count - 1)) * spacing
    // Each of the first style's widths is rounded down by less than 0.01.
    return row > content + 0.01 * Double(columns)
  }

  /// The size item `n` is drawn at: its cell style's, 64 high (square in a waterfall) when its
  /// height comes from the data.
  package static func drawnSize(_ n: Int, _ layout: SectionLayout) -> (width: Double, height: Double) {
    let size = itemSize(max(0, n), layout)
    return (size.width, size.height ?? (layout.kind == .waterfall ? size.width : 64))
  }

  /// `; --cw: …; --ch: …`: the size most of a body's items are drawn at (its last item's), which
  /// the style sheet gives every item of the body that has no size of its own.
  package func sharedSize(_ out: inout PageBytes, _ size: (width: Double, height: Double)) {
    out.add("; --cw: ")
    out.px(size.width)
    out.add("px; --ch: ")
    out.px(size.height)
    out.add("px")
  }

  /// Item `n` of a section laid out in rows or columns, at its drawn size; a size other than the
  /// body's `shared` one is written on the item.
  package func cell(
    _ out: inout PageBytes, _ n: Int, _ section: ResolvedSection, _ items: Items, layout: SectionLayout,
    shared: (width: Double, height: Double)
  ) {
    let size = Self.drawnSize(n, layout)
    let own = size != shared
    cell(
      &out, n, section, items, width: size.width, height: size.height, sized: own, unsized: Self.itemSize(n, layout).height == nil,
      layout: layout)
  }

  /// Item `n`: a link to the screen it opens, or a box; placed `at` a frame in a 1 + n layout.
  package func cell(
    _ out: inout PageBytes, _ n: Int, _ section: ResolvedSection, _ items: Items, width: Double, height: Double, at frame: Frame? = nil,
    sized: Bool = true, unsized: Bool = false, layout: SectionLayout? = nil
  ) {
    let styleName = section.cellStyles.isEmpty ? "" : section.cellStyles[min(n, section.cellStyles.count - 1)]
    let title = n < items.titles.count ? items.titles[n] : nil
    let file = n < items.files.count ? items.files[n].flatMap { file in items.opens[n].map { ($0, file) } } : nil
    let card = Self.card(n, section, items)
    let isPlaceholder = n >= items.count - items.placeholders
    out.add(file == nil ? "<div class=\"cell" : "<a class=\"cell")
    if isPlaceholder { out.add(" pad") }
    if card != nil { out.add(" carded") }
    if unsized { out.add(" unsized") }
    if title != nil { out.add(" filled") }
    if height < 64 { out.add(" short") }
    if let (id, file) = file {
      out.add("\" href=\"")
      out.text(file)
      out.add("\" data-opens=\"")
      out.text(id)
    }
    out.add("\"")
    if !Self.hasOneCellStyle(section) { Self.cellStyleAttributes(&out, section, item: n, styleName: styleName) }
    if sized { Self.placement(&out, width: width, height: height, at: frame) }
    out.add(">")
    let image = n < items.images.count ? items.images[n] : nil
    if let card {
      Self.cardBox(&out, card, image: image)
    } else if let image {
      Self.itemImage(&out, image)
    }
    // An element's frame is from the cell's top-left corner, in the item's width (the bundle lays
    // elements out in it, the card's margin aside): its box is placed in the item, not the card.
    if let layout { Self.elements(&out, layout.elementFrames(forItem: n, geometry: section.geometry)) }
    // The item's number, title and style name are drawn in its card, inset as the card is.
    let inset = Self.contentInset(card, width: width, height: height)
    if let inset { Self.contentBox(&out, inset) }
    // A placeholder is no item: it has no number.
    if !isPlaceholder {
      out.add("<span class=\"n\">")
      out.int(n + 1)
      out.add("</span>")
    }
    if let title {
      out.add("<span class=\"t\">")
      out.isolated(title)
      out.add("</span>")
    }
    out.add("<span class=\"s\">")
    out.isolated(styleName)
    if unsized { out.add(" · height from data") }
    out.add("</span>")
    if inset != nil { out.add("</span>") }
    out.add(file == nil ? "</div>" : "</a>")
  }

  /// ` style="width: …; height: …"` of an item and its place in a 1 + n layout.
  package static func placement(_ out: inout PageBytes, width: Double, height: Double, at frame: Frame?) {
    out.add(" style=\"width: ")
    out.px(width)
    out.add("px; height: ")
    out.px(height)
    if let frame {
      out.add("px; left: ")
      out.px(frame.x)
      out.add("px; top: ")
      out.px(frame.y)
    }
    out.add("px\"")
  }

  /// ` data-cell-style="…" data-layout-id="…"` for item `item` (the layout id only when the family
  /// gives one).
  package static func cellStyleAttributes(_ out: inout PageBytes, _ section: ResolvedSection, item: Int, styleName: String) {
    guard !styleName.isEmpty else { return }
    out.add(" data-cell-style=\"")
    out.text(styleName)
    out.add("\"")
    if let id = section.cellStyle(forItem: item)?.layoutID {
      out.add(" data-layout-id=\"")
      out.text(id)
      out.add("\"")
    }
  }

  /// One box per element, at its content frame (the box inset by its margins) in the cell.
  package static func elements(_ out: inout PageBytes, _ frames: [ElementFrame]?) {
    guard let frames else { return }
    for (k, frame) in frames.enumerated() {
      let f = frame.content
      out.add("<i class=\"el\" data-element=\"")
      out.int(k)
      out.add("\" style=\"left: ")
      out.px(f.x)
      out.add("px; top: ")
      out.px(f.y)
      out.add("px; width: ")
      out.px(f.width)
      out.add("px; height: ")
      out.px(f.height)
      out.add("px\"></i>")
    }
  }
}
