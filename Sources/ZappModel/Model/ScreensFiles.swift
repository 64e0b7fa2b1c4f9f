import ZappDiagnostics

extension Project {
  /// Calls `body` with each screens file's document and its screens, in project order: each run of
  /// `screens` that shares a document.
  package func forEachScreensFile(_ body: (_ document: JSONDocument, _ screens: ArraySlice<ScreenDecl>) -> Void) {
    let all = screens
    var start = 0
    while start < all.count {
      let document = all[start].value.document
      var end = start + 1
      while end < all.count, all[end].value.document === document { end += 1 }
      body(document, all[start..<end])
      start = end
    }
  }

  /// What `make` works out from a screens file's screens alone, kept with them (`FileFacts`) while
  /// the file holds the same screens, where the project's documents are read again
  /// (`fileFacts`): worked out again only for a file that changed, so that the editor's re-check
  /// does not read every component of every file.
  package func fromScreensFile<Value: Sendable>(
    _ key: String, _ document: JSONDocument, _ screens: ArraySlice<ScreenDecl>, _ make: (ArraySlice<ScreenDecl>) -> Value
  ) -> Value {
    fromScreensFile(key, document, screens, isCurrent: { _ in true }, make)
  }

  /// `fromScreensFile`, kept while `isCurrent` holds for the value too: one worked out with
  /// inputs besides the file's screens.
  package func fromScreensFile<Value: Sendable>(
    _ key: String, _ document: JSONDocument, _ screens: ArraySlice<ScreenDecl>, isCurrent: (Value) -> Bool,
    _ make: (ArraySlice<ScreenDecl>) -> Value
  ) -> Value {
    guard let facts = fileFacts[ObjectIdentifier(document)] else { return make(screens) }
    let places = screens.map(\.value.index)
    let current = { (kept: ScreensFileValue<Value>) in kept.places == places && isCurrent(kept.value) }
    return facts.memo(key, isCurrent: current, make: { ScreensFileValue(places: places, value: make(screens)) }).value
  }
}

/// A value worked out from a screens file's screens, with where those screens are in the file.
private struct ScreensFileValue<Value: Sendable>: Sendable {
  let places: [Int]
  let value: Value
}
