import ZappLayout
import ZappModel

extension DiffChange {
  /// How a component moved that kept its index path: among its neighbours (the component after
  /// which it is, or before which when it is the first, on each side) or into another group.
  public struct MovePosition: Hashable, Sendable {
    /// Where it moved relative to.
    public enum Relation: String, Sendable {
      /// After its neighbour (`now` and `was`).
      case after
      /// Before its neighbour, being the first among its siblings.
      case before
      /// Into another group than the one that held it (`group`).
      case intoGroup = "into_group"
    }
    public var relation: Relation
    /// The neighbour in the head, as text output names it.
    public var now: String?
    /// The neighbour in the base, as text output names it.
    public var was: String?
    /// For `intoGroup`, the head's index path of its group, when the group is on both sides.
    public var group: [Int]?
    /// The index path of the neighbours `now` and `was` name (a component or a group): one path,
    /// as the moved component keeps its own on both sides.
    public var neighbourPath: [Int]?

    /// How text and Markdown word it: `now after home-new, was after home-promo`.
    public var text: String {
      switch relation {
      case .after, .before: return "now \(relation.rawValue) \(now ?? ""), was \(relation.rawValue) \(was ?? "")"
      case .intoGroup: return "into another group" + (group.map { " (its group is now at \(SectionComparison.pathText($0)))" } ?? "")
      }
    }

    /// The JSON form: every key present, `null` when it does not apply.
    public var json: JSON {
      .object([
        ("relation", .string(relation.rawValue)), ("now", .optional(now)), ("was", .optional(was)),
        ("group", Self.json(group)), ("neighbour_path", Self.json(neighbourPath)),
      ])
    }

    /// An index path as JSON: an array of integers, `null` when there is none.
    static func json(_ path: [Int]?) -> JSON { path.map { .array($0.map(JSON.int)) } ?? .null }
  }
}

extension SectionComparison {
  /// How a component moved at the same index path: into another group when its group is not the
  /// one that held it, else among its neighbours, after the component before it (before the one
  /// after it, when it is the first), as each side has them. A group is named by its label and
  /// name; two neighbours of one name are told apart (`toldApart`).
  func position(of b: ResolvedSection, in h: ResolvedSection) -> DiffChange.MovePosition {
    let outer = Array(b.component.dropLast())
    if !outer.isEmpty, enclosing[outer] != outer { return DiffChange.MovePosition(relation: .intoGroup, group: enclosing[outer]) }
    let at = b.component.last ?? 0
    let neighbour = outer + [at == 0 ? 1 : at - 1]
    var now = name(of: neighbour, in: head, groups: groups.head, repeated: repeated.head)
    var was = name(of: neighbour, in: base, groups: groups.base, repeated: repeated.base)
    if now == was, now != Self.pathText(neighbour) { (now, was) = toldApart(neighbour, now: now, was: was) }
    return DiffChange.MovePosition(relation: at == 0 ? .before : .after, now: now, was: was, neighbourPath: neighbour)
  }

  /// The component or group at `path` of one side as changes name it; its index path when there is none.
  func name(of path: [Int], in sections: [ResolvedSection], groups: [[Int]: String], repeated: Set<ExactString>) -> String {
    if let group = groups[path] { return group }
    return sections.first { $0.component == path }.map { Self.label($0, repeated: repeated) } ?? Self.pathText(path)
  }

  /// Two neighbours at the same index path named alike (components without an id, of one type):
  /// unless they are one component, each with its data source when these differ, else with where
  /// it is on the other side (`from [4]`, `now at [3]`) or that the other side has not it.
  func toldApart(_ path: [Int], now: String, was: String) -> (now: String, was: String) {
    // Where each side's neighbour is on the other side: the groups the head keeps, and the pairs.
    var fromPath: [[Int]: [Int]] = [:]  // head → base
    var toPath: [[Int]: [Int]] = [:]  // base → head
    for (old, new) in enclosing {
      fromPath[new] = old
      toPath[old] = new
    }
    for pair in matchedPairs() {
      fromPath[head[pair.head].component] = base[pair.base].component
      toPath[base[pair.base].component] = head[pair.head].component
    }
    guard fromPath[path] != path else { return (now, was) }
    let source = { (sections: [ResolvedSection]) in sections.first { $0.component == path }?.data.source }
    if let new = source(head), let old = source(base), new != old { return ("\(now) (source \(new))", "\(was) (source \(old))") }
    return (
      now + (fromPath[path].map { " (from \(Self.pathText($0)))" } ?? " (added)"),
      was + (toPath[path].map { " (now at \(Self.pathText($0)))" } ?? " (removed)")
    )
  }
}
