import Foundation
import ZappDiagnostics
import ZappModel

/// The map of an app for the preview: screens as nodes, what opens what as edges, drawn as an SVG
/// with a deterministic layered layout. Layers follow a breadth-first walk from the roots (the
/// home screen first); a layer's order is refined by the mean position of each node's parents;
/// screens nothing opens go in a last row of their own. Wide layers wrap onto several rows.
package struct AppMap {
  package struct Node {
    package var title: String
    package var subtitle: String
    package var href: String?
    /// A CSS class: `home`, `root`, `connected`, `plugin` or `entries`.
    package var kind: String
  }

  package struct Edge: Hashable {
    package var from: Int
    package var to: Int
    /// A CSS class: `navigation`, `target`, `mapping` or `feed`.
    package var kind: String
  }

  package var nodes: [Node]
  /// Each edge with what it stands for (several links between two screens become one edge).
  package var edges: [(edge: Edge, labels: [String])]
  /// Where the walk starts, in order.
  package var roots: [Int]

  package static let nodeWidth = 150.0
  package static let nodeHeight = 46.0
  package static let gapX = 24.0
  package static let gapY = 96.0
  package static let margin = 24.0
  package static let maxPerRow = 6

  /// The layer of each node (nil for nodes the walk does not reach), and the nodes in the order
  /// the walk reached them.
  package func layers() -> (layer: [Int?], order: [Int]) {
    var layer = [Int?](repeating: nil, count: nodes.count)
    var outgoing = [[Int]](repeating: [], count: nodes.count)
    for (edge, _) in edges where edge.from != edge.to { outgoing[edge.from].append(edge.to) }
    var queue: [Int] = []
    for root in roots where layer[root] == nil {
      layer[root] = 0
      queue.append(root)
    }
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for next in outgoing[node] where layer[next] == nil {
        layer[next] = (layer[node] ?? 0) + 1
        queue.append(next)
      }
    }
    return (layer, queue)
  }

  /// The rows of the drawing, top to bottom, each a list of node indices in drawing order, and
  /// the index of the first row of unreached screens (nil when every screen is reached).
  package func rows() -> (rows: [[Int]], unreachedRow: Int?) {
    let (layer, order) = layers()
    let depth = (layer.compactMap { $0 }.max() ?? -1) + 1
    var layered = [[Int]](repeating: [], count: depth)
    for i in order { if let l = layer[i] { layered[l].append(i) } }
    var incoming = [[Int]](repeating: [], count: nodes.count)
    for (edge, _) in edges where edge.from != edge.to { incoming[edge.to].append(edge.from) }
    // Two sweeps of the barycentre heuristic: each node goes under the mean position of its
    // parents in the layers above; ties keep the walk's order.
    var position = [Double](repeating: 0, count: nodes.count)
    for _ in 0..<2 {
      for l in layered.indices {
        for (p, i) in layered[l].enumerated() { position[i] = Double(p) }
        guard l > 0 else { continue }
        let keyed = layered[l].enumerated().map { p, i -> (Double, Int, Int) in
          let parents = incoming[i].filter { (layer[$0] ?? Int.max) < l }
          let mean = parents.isEmpty ? Double(p) : parents.map { position[$0] }.reduce(0, +) / Double(parents.count)
          return (mean, p, i)
        }
        layered[l] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        for (p, i) in layered[l].enumerated() { position[i] = Double(p) }
      }
    }
    var rows = layered.flatMap { chunk($0) }
    let unreached = nodes.indices.filter { layer[$0] == nil }
    let unreachedRow = unreached.isEmpty ? nil : rows.count
    rows += chunk(unreached)
    return (rows, unreachedRow)
  }

  package func chunk(_ list: [Int]) -> [[Int]] {
    stride(from: 0, to: list.count, by: Self.maxPerRow).map { Array(list[$0..<min($0 + Self.maxPerRow, list.count)]) }
  }

  /// The SVG, with links on the nodes and a title (tooltip) on every edge.
  package func svg() -> String {
    var out = PageBytes(capacity: 1 << 12)
    svg(into: &out)
    return out.string
  }

  /// Writes the map's SVG into `out`.
  package func svg(into out: inout PageBytes) {
    let (rows, unreachedRow) = rows()
    let widest = rows.map(\.count).max() ?? 0
    let label = unreachedRow == nil ? 0.0 : 28.0
    let inner = Self.margin * 2 + Double(widest) * Self.nodeWidth + Double(max(0, widest - 1)) * Self.gapX
    var origin = [(x: Double, y: Double)](repeating: (0, 0), count: nodes.count)
    var y = Self.margin
    for (r, row) in rows.enumerated() {
      if r == unreachedRow { y += label }
      let rowWidth = Double(row.count) * Self.nodeWidth + Double(max(0, row.count - 1)) * Self.gapX
      var x = (inner - rowWidth) / 2
      for i in row {
        origin[i] = (x, y)
        x += Self.nodeWidth + Self.gapX
      }
      y += Self.nodeHeight + Self.gapY
    }
    // Room on the right for the edges back up (at least 90), and under the last row for edges
    // between its nodes.
    let width = max(inner + 90, backEdgesReach(origin) + Self.margin)
    let height = rows.isEmpty ? Self.margin * 2 : y - Self.gapY + Self.margin + 48
    out.add("<svg class=\"map\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
    out.px(width)
    out.add("\" height=\"")
    out.px(height)
    out.add("\" viewBox=\"0 0 ")
    out.px(width)
    out.add(" ")
    out.px(height)
    out.add("\" role=\"group\" aria-label=\"Map of the app\">\n<defs>")
    for kind in ["navigation", "target", "mapping", "feed"] {
      out.add("<marker id=\"arrow-")
      out.add(markup: kind)
      out.add("\" class=\"arrow ")
      out.add(markup: kind)
      out.add(
        "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker>"
      )
    }
    // A node's texts stop at its box: a name is cut by characters, and wide ones (CJK) would run on.
    out.add("<clipPath id=\"node-text\"><rect width=\"")
    out.px(Self.nodeWidth - 6)
    out.add("\" height=\"")
    out.px(Self.nodeHeight)
    out.add("\"/></clipPath></defs>\n")
    if let row = unreachedRow {
      out.add("<text class=\"row-label\" x=\"")
      out.px(Self.margin)
      out.add("\" y=\"")
      out.px(Self.margin + Double(row) * (Self.nodeHeight + Self.gapY) + 18)
      out.add("\">Opened by nothing</text>\n")
    }
    for (edge, labels) in edges where edge.from != edge.to {
      self.edge(&out, edge, labels: labels, from: origin[edge.from], to: origin[edge.to])
    }
    for (i, node) in nodes.enumerated() { self.node(&out, node, at: origin[i]) }
    out.add("</svg>")
  }

  /// How far right of its ends an edge back up bulges (its control points' offset).
  private static func bulge(_ y1: Double, _ y2: Double) -> Double { 40 + abs(y2 - y1) / 6 }

  /// The rightmost point any edge back up reaches: a cubic curve whose control points stand
  /// `bulge` right of its ends reaches at most ¾ of it beyond the farther end.
  private func backEdgesReach(_ origin: [(x: Double, y: Double)]) -> Double {
    var reach = 0.0
    for (edge, _) in edges where edge.from != edge.to && origin[edge.to].y < origin[edge.from].y {
      let (a, b) = (origin[edge.from], origin[edge.to])
      reach = max(reach, max(a.x, b.x) + Self.nodeWidth + 0.75 * Self.bulge(a.y, b.y))
    }
    return reach
  }

  /// One edge: a curve from `a`'s node to `b`'s, with its labels as a tooltip.
  private func edge(
    _ out: inout PageBytes, _ edge: Edge, labels: [String], from a: (x: Double, y: Double), to b: (x: Double, y: Double)
  ) {
    let points: [Double]
    if b.y > a.y {
      let x1 = a.x + Self.nodeWidth / 2
      let y1 = a.y + Self.nodeHeight
      let x2 = b.x + Self.nodeWidth / 2
      let y2 = b.y
      let bend = (y2 - y1) / 2
      points = [x1, y1, x1, y1 + bend, x2, y2 - bend, x2, y2]
    } else if b.y == a.y {
      // Within a row: under the row, from one node's bottom to the other's.
      let x1 = a.x + Self.nodeWidth / 2 + (b.x > a.x ? 12 : -12)
      let x2 = b.x + Self.nodeWidth / 2 + (b.x > a.x ? -12 : 12)
      let y1 = a.y + Self.nodeHeight
      let dip = 26 + min(40, abs(x2 - x1) / 12)
      points = [x1, y1, x1, y1 + dip, x2, y1 + dip, x2, y1]
    } else {
      // Back edges leave and enter on the right, bulging outwards.
      let x1 = a.x + Self.nodeWidth
      let y1 = a.y + Self.nodeHeight / 2
      let x2 = b.x + Self.nodeWidth
      let y2 = b.y + Self.nodeHeight / 2
      let bulge = Self.bulge(y1, y2)
      points = [x1, y1, x1 + bulge, y1, x2 + bulge, y2, x2, y2]
    }
    out.add("<path class=\"edge ")
    out.add(markup: edge.kind)
    out.add("\" d=\"")
    // M x1,y1 C c1x,c1y c2x,c2y x2,y2
    for (k, value) in points.enumerated() {
      switch k {
      case 0: out.add("M")
      case 2: out.add(" C")
      case 4, 6: out.add(" ")
      default: out.add(",")
      }
      out.px(value)
    }
    out.add("\" marker-end=\"url(#arrow-")
    out.add(markup: edge.kind)
    out.add(")\"><title>")
    out.isolated(nodes[edge.from].title)
    out.add(" → ")
    out.isolated(nodes[edge.to].title)
    out.add(": ")
    for (k, label) in labels.enumerated() {
      if k > 0 { out.add("; ") }
      out.isolated(label)
    }
    out.add("</title></path>\n")
  }

  /// One node: its box, name and subtitle, in a link to its page when it has one.
  private func node(_ out: inout PageBytes, _ node: Node, at origin: (x: Double, y: Double)) {
    if let href = node.href {
      out.add("<a href=\"")
      out.text(href)
      out.add("\" data-screen-link=\"")
      out.text(href)
      out.add("\"><title>")
      out.isolated(node.title)
      out.add("</title>")
    }
    out.add("<g class=\"node ")
    out.add(markup: node.kind)
    out.add("\" transform=\"translate(")
    out.px(origin.x)
    out.add(",")
    out.px(origin.y)
    out.add(")\"><rect width=\"")
    out.px(Self.nodeWidth)
    out.add("\" height=\"")
    out.px(Self.nodeHeight)
    out.add("\" rx=\"10\"/><g clip-path=\"url(#node-text)\">")
    nodeText(&out, Self.clip(node.title, 20), class: "name", y: 20)
    nodeText(&out, Self.clip(node.subtitle, 25), class: "sub", y: 36)
    out.add("</g></g>")
    if node.href != nil { out.add("</a>") }
    out.add("\n")
  }

  /// A line of a node's text, from its left edge; a right-to-left one (its first strong letter
  /// is) from its right edge, so that the clip cuts its end, not its start.
  private func nodeText(_ out: inout PageBytes, _ text: String, class name: String, y: Double) {
    let rightToLeft = Self.startsRightToLeft(text)
    out.add("<text class=\"")
    out.add(markup: name)
    out.add("\" x=\"")
    out.px(rightToLeft ? Self.nodeWidth - 12 : 12)
    out.add("\" y=\"")
    out.px(y)
    out.add(rightToLeft ? "\" direction=\"rtl\">" : "\">")
    out.isolated(text)
    out.add("</text>")
  }

  /// Whether the first strong letter of `text` is of a right-to-left script (Hebrew, Arabic and
  /// those `PageBytes.isolated` isolates), as the Unicode bidirectional algorithm sets a
  /// paragraph's direction: what an isolate holds is not counted.
  package static func startsRightToLeft(_ text: String) -> Bool {
    var isolates = 0
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x2066...0x2068: isolates += 1
      case 0x2069: isolates = max(0, isolates - 1)
      case _ where isolates > 0: continue
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
        if scalar.properties.isAlphabetic { return true }
      default:
        if scalar.properties.isAlphabetic { return false }
      }
    }
    return false
  }

  /// `text` cut to `columns` columns of a node's box, `…` last when cut: a wide character (CJK, an
  /// emoji) takes two, as in a terminal, so a name in Chinese fits the box as one in Latin letters does.
  package static func clip(_ text: String, _ columns: Int) -> String {
    guard text.reduce(0, { $0 + TerminalText.width($1) }) > columns else { return text }
    var kept = ""
    var used = 0
    for character in text {
      let width = TerminalText.width(character)
      if used + width > columns - 1 { break }
      kept.append(character)
      used += width
    }
    return kept + "…"
  }
}

/// HTML text helpers of the preview.
package enum HTML {
  /// Text safe inside an element or a double-quoted attribute, as `PageBytes.text` writes it. The
  /// five characters are escaped wherever they stand, a combining mark after one included (as a
  /// Character, `"` and a combining mark would be one grapheme and slip through); text without
  /// any, nor a control character, is returned as it is.
  package static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: PageBytes.isSpecial) else { return text }
    var out = PageBytes(capacity: text.utf8.count + 16)
    out.text(text)
    return out.string
  }

  /// Text from the project inside an element, escaped and isolated as `PageBytes.isolated`
  /// writes it.
  package static func isolated(_ text: String) -> String {
    var out = PageBytes()
    out.isolated(text)
    return out.string
  }

  /// A number of points as CSS pixels, to 0.01.
  package static func px(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    guard rounded.isFinite else { return "0" }
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
  }
}
