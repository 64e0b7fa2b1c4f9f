import Foundation
import ZappLayout

/// `zlc preview`: HTML wireframes of every screen on every device of the project, drawn from the
/// resolved screens exactly as a client decodes them (one pixel per point). A page per screen
/// shows the devices side by side; `index.html` lists the screens. Written like the bundle:
/// deterministic, and swapped in whole.
public struct PreviewWriter {
  public let project: Project
  public init(project: Project) { self.project = project }

  /// Writes the preview folder.
  public func write(to output: OutputFolder) throws {
    try output.replace { staging, shown in
      for (path, text) in try pages() {
        let status = BundleWriter.writeFile(staging + "/" + path, Array(text.utf8))
        if status != 0 { throw BundleWriter.WriteError.io("cannot write '\(shown)/\(path)': \(String(cString: strerror(status)))") }
      }
    }
  }

  /// The pages, file name → HTML, `index.html` first.
  public func pages() throws -> [(path: String, html: String)] {
    let resolver = Resolver(project: project)
    let names = BundleWriter.safeFileNames(for: project.screens.map(\.id.value))
    var pages: [(String, String)] = []
    var links = ""
    for (declared, name) in zip(project.screens, names) {
      let screen = resolver.resolvedScreen(declared)
      let file = name + ".html"
      let kind = screen.resolved.connected ? "connected" : (screen.home == true ? "home" : "root")
      links +=
        "<li><a href=\"\(escape(file))\">\(escape(screen.name ?? screen.id))</a> <small>\(escape(screen.id)) · \(kind)</small></li>\n"
      pages.append((file, page(screen)))
    }
    let index = document(
      title: "\(project.settings.app ?? "Layout") — preview",
      body: "<h1>\(escape(project.settings.app ?? "Layout"))</h1>\n<ul>\n\(links)</ul>\n")
    return [("index.html", index)] + pages
  }

  func page(_ screen: ResolvedScreen) -> String {
    var body = "<p><a href=\"index.html\">all screens</a></p>\n<h1>\(escape(screen.name ?? screen.id))</h1>\n"
    body +=
      "<p>\(escape(screen.id)) · family \(escape(screen.resolved.family ?? "none")) · \(screen.resolved.connected ? "connected" : "root") · \(screen.resolved.presentation)</p>\n"
    body += "<div class=\"devices\">\n"
    for device in project.settings.devices {
      body += "<div class=\"device\" style=\"width: \(px(device.width))px\">\n<h2>\(escape(device.name)) · \(px(device.width)) pt</h2>\n"
      for section in screen.resolved.sections {
        guard let layout = section.layout(on: device.name) else { continue }
        body += sectionHTML(section, layout)
      }
      body += "</div>\n"
    }
    body += "</div>\n"
    return document(title: screen.name ?? screen.id, body: body)
  }

  func sectionHTML(_ section: ResolvedSection, _ layout: SectionLayout) -> String {
    let insets = layout.insets
    let binding: String
    switch section.data.binding {
    case .own: binding = "own: \(section.data.source ?? "")"
    case .senderChild:
      binding = "sender child \(section.data.child.map(String.init) ?? "")" + (section.data.groupChild.map { ".\($0)" } ?? "")
    default: binding = "no data"
    }
    let height = layout.item.height ?? 120
    var items = ""
    switch layout.kind {
    case .oneAndN:
      for frame in [layout.large].compactMap({ $0 }) + (layout.small ?? []) {
        items +=
          "<div class=\"item\" style=\"left: \(px(frame.x))px; top: \(px(frame.y))px; width: \(px(frame.width))px; height: \(px(frame.height))px\"></div>"
      }
      let bottom = ([layout.large].compactMap { $0 } + (layout.small ?? [])).map { $0.y + $0.height }.max() ?? 0
      return wrap(section, layout, binding, "<div class=\"frames\" style=\"height: \(px(bottom + insets.bottom))px\">\(items)</div>")
    case .horizontal, .paged:
      for _ in 0..<(layout.columns + 1) { items += itemBox(layout.item.width, height) }
      return wrap(section, layout, binding, row(layout, items, wraps: false))
    default:
      let count = layout.kind == .sticky ? 1 : max(1, layout.columns) * 2
      for _ in 0..<count { items += itemBox(layout.item.width, height) }
      return wrap(section, layout, binding, row(layout, items, wraps: true))
    }
  }

  func row(_ layout: SectionLayout, _ items: String, wraps: Bool) -> String {
    let i = layout.insets
    return "<div class=\"row\" style=\"padding: \(px(i.top))px \(px(i.right))px \(px(i.bottom))px \(px(i.left))px; "
      + "column-gap: \(px(layout.interItemSpacing))px; row-gap: \(px(layout.lineSpacing))px; flex-wrap: \(wraps ? "wrap" : "nowrap")\">\(items)</div>"
  }

  func itemBox(_ width: Double, _ height: Double) -> String {
    "<div class=\"cell\" style=\"width: \(px(width))px; height: \(px(height))px\"></div>"
  }

  func wrap(_ section: ResolvedSection, _ layout: SectionLayout, _ binding: String, _ content: String) -> String {
    let size = "\(px(layout.item.width)) × \(layout.item.height.map(px) ?? "auto")"
    let label =
      "\(section.section) · \(escape(section.componentType)) · \(layout.kind.word) · \(layout.columns) col · \(size) · \(escape(binding))"
    return "<section class=\"\(layout.kind.word)\"><header>\(label)</header>\(content)</section>\n"
  }

  func document(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>\(escape(title))</title>
    <style>
    body { font: 13px -apple-system, system-ui, sans-serif; margin: 24px; color: #222; }
    .devices { display: flex; gap: 32px; align-items: flex-start; overflow-x: auto; }
    .device { flex: none; border: 1px solid #888; background: #fafafa; }
    .device h2 { font-size: 13px; margin: 0; padding: 6px 8px; background: #333; color: #fff; }
    section { border-bottom: 1px dashed #bbb; overflow: hidden; }
    section header { font-size: 11px; padding: 2px 4px; background: #eef; color: #335; }
    .row { display: flex; box-sizing: border-box; overflow: hidden; }
    .cell, .item { flex: none; background: #cdd9ee; border: 1px solid #7a93c2; box-sizing: border-box; }
    .frames { position: relative; }
    .item { position: absolute; }
    section.sticky .cell { background: #f2d9a6; border-color: #c29a4e; }
    </style>
    </head>
    <body>
    \(body)</body>
    </html>

    """
  }

  /// A number of points as CSS pixels, to 0.01.
  func px(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
  }

  func escape(_ text: String) -> String {
    var out = ""
    for ch in text {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(ch)
      }
    }
    return out
  }
}
