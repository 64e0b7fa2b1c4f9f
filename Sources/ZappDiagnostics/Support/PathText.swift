/// Paths taken apart by their text, as the shell reads them. Foundation's
/// `NSString.deletingLastPathComponent` traps on a path of one character (`.`, `a`, `a/`), which
/// users type: every parent of a path zlc was given is worked out here instead.
package enum PathText {
  /// The path without its last component, as `NSString.deletingLastPathComponent` gives it:
  /// `a/b` → `a`, `/a` → `/`, `a` → `` (none), `.` → ``, `/` → `/`; trailing slashes are dropped
  /// first (`a/b/` → `a`).
  package static func deletingLastComponent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    if trimmed == "/" { return "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    var head = trimmed[..<slash]
    while head.hasSuffix("/") { head = head.dropLast() }
    return head.isEmpty ? "/" : String(head)
  }

  /// The folder that holds `path`, written as the user may type it from where they typed `path`:
  /// `manifests` for `manifests/screens`, `..` for `.`, `../..` for `..`, `/` for `/screens`.
  /// Worked out from the path's own components (`.` and empty ones dropped), not from the file
  /// system, so a link is climbed as the shell climbs it.
  package static func folderHolding(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts = path.split(separator: "/").filter { $0 != "." }.map(String.init)
    if parts.isEmpty || parts.last == ".." { parts.append("..") } else { parts.removeLast() }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}
