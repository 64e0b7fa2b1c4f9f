import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

extension PreviewRenderer {
  /// One way a screen opens another.
  package struct Link {
    package enum Kind: String {
      case navigation, target, mapping, feed
    }
    /// The screen the link is on; nil for a `screen_types` or `content_types` mapping, which any
    /// feed entry can use.
    package var from: String?
    package var to: String
    package var kind: Kind
    package var label: String
  }

  /// A screen's links, apart from those to itself: the links that open it and those it opens, each
  /// in the order of `links`.
  package struct ScreenLinks: Sendable {
    package var incoming: [Link] = []
    package var outgoing: [Link] = []
  }

  /// Every screen's incoming and outgoing links, by screen id, in one pass over the links: a page
  /// then costs only its own links, not all of the app's.
  package static func linksByScreen(_ links: [Link]) -> [ExactString: ScreenLinks] {
    var byScreen: [ExactString: ScreenLinks] = [:]
    for link in links {
      let to = ExactString(link.to)
      let from = link.from.map(ExactString.init)
      if from != to { byScreen[to, default: ScreenLinks()].incoming.append(link) }
      if let from, from != to { byScreen[from, default: ScreenLinks()].outgoing.append(link) }
    }
    return byScreen
  }

  /// Every link of the app: each screen's, in screen order (found in parallel), then the mappings'
  /// and the fallback screens' of the types `content_types` leaves unmapped.
  package static func links(
    index: BundleIndex, screens: [ResolvedScreen], senders: [ExactString: FeedEntry], known: Set<ExactString>
  ) -> [Link] {
    var links = joined(parallelMap(screens.count) { Self.links(of: $0, screens: screens, index: index, senders: senders, known: known) })
    for mapping in index.screenTypes.sorted(by: { $0.key < $1.key }) where known.contains(ExactString(mapping.screen)) {
      links.append(Link(from: nil, to: mapping.screen, kind: .mapping, label: "screen_type \(mapping.key)"))
    }
    for mapping in index.contentTypes.sorted(by: { $0.key < $1.key }) where known.contains(ExactString(mapping.screen)) {
      links.append(Link(from: nil, to: mapping.screen, kind: .mapping, label: "type \(mapping.key)"))
    }
    let mapped = Set(index.contentTypes.map { ExactString($0.key) })
    for fallback in index.fallbackScreens.sorted(by: { $0.key < $1.key })
    where !mapped.contains(ExactString(fallback.key)) && known.contains(ExactString(fallback.screen)) {
      links.append(Link(from: nil, to: fallback.screen, kind: .mapping, label: "type \(fallback.key), by default"))
    }
    return links
  }

  /// The links on the screen at `i`: its navigations' items, its sections' targets and, with a
  /// sender, what the mapper's sections open. Read by index, in place, not the screen copied.
  private static func links(
    of i: Int, screens: [ResolvedScreen], index: BundleIndex, senders: [ExactString: FeedEntry], known: Set<ExactString>
  ) -> [Link] {
    var links: [Link] = []
    let id = screens[i].id
    for navigation in screens[i].navigations {
      let menu = navigation.name ?? navigation.category ?? "navigation"
      for item in navigation.allItems {
        guard let target = item.target, known.contains(ExactString(target)) else { continue }
        links.append(Link(from: id, to: target, kind: .navigation, label: "\(menu) › \(item.title ?? item.id ?? target)"))
      }
    }
    for section in screens[i].resolved.sections {
      guard let target = section.target, known.contains(ExactString(target)) else { continue }
      links.append(Link(from: id, to: target, kind: .target, label: "section \(section.section) \(section.componentType)"))
    }
    // `data.parent` names the screen that opens this one.
    if let parent = screens[i]["data"]?["parent"]?.stringValue, ExactString(parent) != ExactString(id), known.contains(ExactString(parent))
    {
      links.append(Link(from: parent, to: id, kind: .target, label: "data.parent"))
    }
    if let sender = senders[ExactString(id)], let device = index.devices.first {
      let result = Mapper.map(screen: screens[i], sender: sender, device: device.name, bundle: index)
      for section in result.sections {
        guard let opens = section.opens, known.contains(ExactString(opens)) else { continue }
        links.append(Link(from: id, to: opens, kind: .feed, label: "section \(section.section): \(section.childTitle ?? "child")"))
      }
    }
    return links
  }

  /// What opens a screen and what it opens, a line each, grouped by the other screen.
  package func screenLinks(_ out: inout PageBytes, _ screen: ResolvedScreen) {
    let own = linksByScreen[ExactString(screen.id)] ?? ScreenLinks()
    if !own.incoming.isEmpty {
      out.add("<div class=\"links\"><b>Opened by</b><ul>")
      for (from, links) in Self.grouped(own.incoming, by: { $0.from ?? "" }) {
        if from.isEmpty {
          out.add("<li>any feed entry with ")
        } else {
          out.add("<li>")
          screenLink(&out, from)
          out.add(" ")
        }
        labels(&out, links)
      }
      out.add("</ul></div>\n")
    }
    if !own.outgoing.isEmpty {
      out.add("<div class=\"links\"><b>Opens</b><ul>")
      for (to, links) in Self.grouped(own.outgoing, by: \.to) {
        out.add("<li>")
        screenLink(&out, to)
        out.add(" ")
        labels(&out, links)
      }
      out.add("</ul></div>\n")
    }
  }

  /// `<small>label, label</small></li>`: what the links between two screens are.
  package func labels(_ out: inout PageBytes, _ links: [Link]) {
    out.add("<small>")
    for (k, link) in links.enumerated() {
      if k > 0 { out.add(", ") }
      out.isolated(link.label)
    }
    out.add("</small></li>")
  }

  /// Links grouped by a key (compared by its exact characters, as ids are), groups in the order
  /// of their first link.
  package static func grouped(_ links: [Link], by key: (Link) -> String) -> [(String, [Link])] {
    var order: [ExactString] = []
    var groups: [ExactString: [Link]] = [:]
    for link in links {
      let k = ExactString(key(link))
      if groups[k] == nil { order.append(k) }
      groups[k, default: []].append(link)
    }
    return order.map { ($0.value, groups[$0] ?? []) }
  }
}
