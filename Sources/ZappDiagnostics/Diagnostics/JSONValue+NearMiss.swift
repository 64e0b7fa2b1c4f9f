extension JSONValue {
  /// Whether the object holds a key, other than `name` and `renamed`, that is a likely typo of
  /// `name` (`intial_value` for `initial_value`): a fix-it renaming `renamed` to `name` would take
  /// the place that key's own did-you-mean means, so it is left a hint.
  public func holdsNearMiss(of name: String, besides renamed: String) -> Bool {
    guard kind == .object else { return false }
    return members.contains { member in
      guard let key = member.key.string, key != name, key != renamed else { return false }
      return closestMatch(to: key, in: [name]) == name
    }
  }
}
