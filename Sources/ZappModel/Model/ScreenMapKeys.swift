import ZappDiagnostics

/// A screen a map of screens lists under a key other than its `id` (ZL0334's): a client of Quick
/// Brick's map finds it by the key, zlc and the bundle by the id.
package struct MismatchedScreenKey: Sendable {
  /// The key, where the map writes it.
  package let key: Located<String>
  /// The screen's `id`.
  package let id: Located<String>
}

/// The screens maps of screens list under keys other than their ids, in file order and by key.
package struct ScreenMapKeys: Sendable {
  package let mismatched: [MismatchedScreenKey]
  package let byKey: [ExactString: MismatchedScreenKey]
}

extension Project {
  /// The screens maps of screens list under keys other than their ids, made on first use.
  package var screenMapKeys: ScreenMapKeys {
    caches.screenMapKeys.value {
      var seen: Set<ObjectIdentifier> = []
      var mismatched: [MismatchedScreenKey] = []
      for screen in screens where seen.insert(ObjectIdentifier(screen.value.document)).inserted {
        guard let root = screen.value.document.root else { continue }
        let container = ProjectLoader.screensContainer(root)
        // A single screen, not a map of them (as the loader tells the two apart).
        guard container.kind == .object, container["id"] == nil, container["type"] == nil, container["ui_components"] == nil
        else { continue }
        container.forEachMember { key, value in
          guard let name = key.string, name != "$schema", value.kind == .object, let id = value["id"], let text = id.string,
            !text.isEmpty, !name.unicodeScalars.elementsEqual(text.unicodeScalars)
          else { return }
          mismatched.append(MismatchedScreenKey(key: Located(name, key.spot), id: Located(text, id.spot)))
        }
      }
      var byKey: [ExactString: MismatchedScreenKey] = [:]
      for entry in mismatched where byKey[ExactString(entry.key.value)] == nil { byKey[ExactString(entry.key.value)] = entry }
      return ScreenMapKeys(mismatched: mismatched, byKey: byKey)
    }
  }

  /// The screen a map of screens lists under `key` (by its exact characters) while its id differs.
  package func screenListed(underKey key: String) -> MismatchedScreenKey? {
    screenMapKeys.byKey[ExactString(key)]
  }
}
