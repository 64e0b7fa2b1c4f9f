import ZappLayout
import ZappModel

/// What the preview draws of an item's cell style: the style and the layout id that draws it (the
/// last style repeats to the end of the data), and the cell's elements at their frames.
extension PreviewRenderer {
  /// ` data-cell-style="…" data-layout-id="…"` for item `item` (the layout id only when the family
  /// gives one).
  package static func cellStyleAttributes(_ section: ResolvedSection, item: Int, styleName: String) -> String {
    guard !styleName.isEmpty else { return "" }
    var out = " data-cell-style=\"\(HTML.escape(styleName))\""
    if let id = section.cellStyle(forItem: item)?.layoutID { out += " data-layout-id=\"\(HTML.escape(id))\"" }
    return out
  }

  /// One box per element, at its content frame (the box inset by its margins) in the cell.
  package static func elementsHTML(_ frames: [ElementFrame]?) -> String {
    guard let frames, !frames.isEmpty else { return "" }
    return frames.enumerated().map { k, frame in
      let f = frame.content
      return
        "<i class=\"el\" data-element=\"\(k)\" style=\"left: \(HTML.px(f.x))px; top: \(HTML.px(f.y))px; width: \(HTML.px(f.width))px; height: \(HTML.px(f.height))px\"></i>"
    }.joined()
  }
}
