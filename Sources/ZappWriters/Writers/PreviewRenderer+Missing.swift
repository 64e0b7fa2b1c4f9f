/// The page `zlc serve` answers for a screen page the preview does not hold now: its screen was
/// removed, or renamed (a screen whose id differs from another's in case only gets a page name of
/// its own). It listens for builds as every live page does, so a tab left on it follows the
/// project: when the page is back, the reload shows it.
extension PreviewRenderer {
  /// The page for `name`, a page name no screen has now.
  package func missingPage(named name: String) -> String {
    var out = PageBytes(capacity: 1 << 12)
    // A name below the preview's folder (`sub/gone.html`): its links and its event stream start
    // from that folder, as every page's do.
    let base = String(repeating: "../", count: name.utf8.filter { $0 == UInt8(ascii: "/") }.count)
    beginDocument(&out, title: [appName], ending: " — page not found", base: base)
    topBar(&out, current: nil, devices: false)
    out.add("<main class=\"index\">\n")
    problems(&out)
    out.add("<h1>No screen has this page now</h1>\n<p class=\"lede\">The preview holds no page <code>")
    out.isolated(name)
    out.add(
      "</code>: its screen was removed or renamed. This page reloads when the project changes, so it shows the screen again once it is back.</p>\n<p><a href=\"index.html\">All screens</a></p>\n</main>\n"
    )
    endDocument(&out)
    return out.string
  }
}
