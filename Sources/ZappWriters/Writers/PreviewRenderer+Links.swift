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
  package static func linksByScreen(_ links: [Link]) -> [String: ScreenLinks] {
    var byScreen: [String: ScreenLinks] = [:]
    for link in links {
      if link.from != link.to { byScreen[link.to, default: ScreenLinks()].incoming.append(link) }
      if let from = link.from, from != link.to { byScreen[from, default: ScreenLinks()].outgoing.append(link) }
    }
    return byScreen
  }

  package static func links(index: BundleIndex, screens: [ResolvedScreen], senders: [String: FeedEntry], known: Set<String>) -> [Link] {
    var links: [Link] = []
    for screen in screens {
      for navigation in screen.navigations {
        let menu = navigation.name ?? navigation.category ?? "navigation"
        for item in navigation.allItems {
          guard let target = item.target, known.contains(target) else { continue }
          links.append(Link(from: screen.id, to: target, kind: .navigation, label: "\(menu) › \(item.title ?? item.id ?? target)"))
        }
      }
      for section in screen.resolved.sections {
        guard let target = section.target, known.contains(target) else { continue }
        links.append(Link(from: screen.id, to: target, kind: .target, label: "section \(section.section) \(section.componentType)"))
      }
      if let sender = senders[screen.id], let device = index.devices.first {
        let result = Mapper.map(screen: screen, sender: sender, device: device.name, bundle: index)
        for section in result.sections {
          guard let opens = section.opens, known.contains(opens) else { continue }
          links.append(
            Link(from: screen.id, to: opens, kind: .feed, label: "section \(section.section): \(section.childTitle ?? "child")"))
        }
      }
    }
    for mapping in index.screenTypes.sorted(by: { $0.key < $1.key }) where known.contains(mapping.screen) {
      links.append(Link(from: nil, to: mapping.screen, kind: .mapping, label: "screen_type \(mapping.key)"))
    }
    for mapping in index.contentTypes.sorted(by: { $0.key < $1.key }) where known.contains(mapping.screen) {
      links.append(Link(from: nil, to: mapping.screen, kind: .mapping, label: "type \(mapping.key)"))
    }
    return links
  }

  package func linksHTML(_ screen: ResolvedScreen) -> String {
    let own = linksByScreen[screen.id] ?? ScreenLinks()
    let (incoming, outgoing) = (own.incoming, own.outgoing)
    var out = ""
    if !incoming.isEmpty {
      let items = Self.grouped(incoming, by: { $0.from ?? "" }).map { from, links -> String in
        let what = "<small>\(HTML.escape(links.map(\.label).joined(separator: ", ")))</small>"
        return from.isEmpty ? "<li>any feed entry with \(what)</li>" : "<li>\(screenLink(from)) \(what)</li>"
      }
      out += "<div class=\"links\"><b>Opened by</b><ul>\(items.joined())</ul></div>\n"
    }
    if !outgoing.isEmpty {
      let items = Self.grouped(outgoing, by: \.to).map { to, links in
        "<li>\(screenLink(to)) <small>\(HTML.escape(links.map(\.label).joined(separator: ", ")))</small></li>"
      }
      out += "<div class=\"links\"><b>Opens</b><ul>\(items.joined())</ul></div>\n"
    }
    return out
  }

  /// Links grouped by a key, groups in the order of their first link.
  package static func grouped(_ links: [Link], by key: (Link) -> String) -> [(String, [Link])] {
    var order: [String] = []
    var groups: [String: [Link]] = [:]
    for link in links {
      let k = key(link)
      if groups[k] == nil { order.append(k) }
      groups[k, default: []].append(link)
    }
    return order.map { ($0, groups[$0] ?? []) }
  }
}
