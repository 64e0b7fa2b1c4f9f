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
}
