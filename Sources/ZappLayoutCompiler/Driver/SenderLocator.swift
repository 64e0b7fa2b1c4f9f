import Foundation
import ZappDiagnostics

/// Where the mapper's findings about one sender are placed: each child by its path in the sender
/// (`[2, 5]`: child 2's item 5), reached through a cursor per `entry` array, so that a finding per
/// item of a long list costs the list once in all, not once a finding; and the nearest name of each
/// `screen_type` that opens no screen, worked out once per word.
final class SenderLocator {
  /// The sender's root value (nil: no sender, or one not read from a document).
  let root: JSONValue?
  /// What a `screen_type` may name: the `screen_types` keys and the screen ids.
  let screenTypes: [String]
  private var cursors: [[Int]: JSONArrayCursor] = [:]
  private var suggestions: [String: Suggestion?] = [:]

  init(root: JSONValue?, screenTypes: [String]) {
    self.root = root
    self.screenTypes = screenTypes
  }

  /// The child at `path` (nil where the sender has none there).
  func child(_ path: [Int]) -> JSONValue? {
    var node = root
    for depth in path.indices {
      let parent = Array(path[..<depth])
      guard var cursor = cursors[parent] ?? node?["entry"].flatMap(JSONArrayCursor.init) else { return nil }
      node = cursor.element(at: path[depth])
      cursors[parent] = cursor
    }
    return node
  }

  /// The screen type a `screen_type` that opens no screen was meant to be: the one it holds written
  /// with spaces at its ends (`" show "`) or in another Unicode form (keys are compared by their
  /// bytes), in the key's own form, else the nearest.
  func suggestion(for screenType: String) -> Suggestion? {
    if let known = suggestions[screenType] { return known }
    let trimmed = screenType.trimmingCharacters(in: .whitespaces)
    // Swift's `==` takes the two Unicode forms of a text as one; the bytes tell them apart.
    let same = screenTypes.first { $0 == trimmed && !$0.utf8.elementsEqual(screenType.utf8) }
    let found = same.map { Suggestion(text: $0, isTied: false) } ?? nearest(to: screenType, in: screenTypes)
    suggestions[screenType] = found
    return found
  }
}
