/// The names written beside a name that must stay unique among them (the types of a family's
/// display rules, the devices of `zlc.json`, the keys of a manifest section's fields), for a fix
/// that trims the spaces at a name's ends (`FixIt.trimming`): the trimmed name is taken when one
/// of them is it, or when another of them trims to it too. Found once for all the names.
public struct SiblingNames: Sendable {
  private let written: Set<String>
  private let trimmedCounts: [String: Int]

  /// The names, with how a fix trims one.
  public init(_ names: some Sequence<String>, trim: (String) -> String) {
    var written = Set<String>()
    var counts: [String: Int] = [:]
    for name in names {
      written.insert(name)
      let trimmed = trim(name)
      if trimmed != name { counts[trimmed, default: 0] += 1 }
    }
    self.written = written
    trimmedCounts = counts
  }

  /// Whether a name trimmed to `trimmed` would be one of the names: written so already, or the
  /// trim of another name as well.
  public func take(_ trimmed: String) -> Bool { written.contains(trimmed) || trimmedCounts[trimmed, default: 0] > 1 }
}
