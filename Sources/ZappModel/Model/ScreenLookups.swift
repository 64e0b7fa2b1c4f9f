import ZappDiagnostics

/// The project's screens by id and by name (`screenIndex`, made once when it is read), and the
/// lookups the rules make in them.
extension Project {
  /// The first screen with an id, compared by its exact characters (see `ExactString`).
  public func screen(id: String) -> ScreenDecl? { screenIndex.byID.position(of: id, in: screens).map { screens[$0] } }

  /// A screen whose id is canonically equivalent to `id` but written differently (NFC against NFD):
  /// a client would not find it, so a reference to it is reported with a note.
  public func screen(differingOnlyInNormalisation id: String) -> ScreenDecl? {
    let byCanonicalID = caches.screensByCanonicalID.value { Self.canonicalIndex(screens) }
    guard let candidate = byCanonicalID[id], ExactString(candidate.id.value) != ExactString(id) else { return nil }
    return candidate
  }

  /// Every screen with a name, in project order; none for a blank name (`""`, spaces alone).
  public func screens(named name: String) -> [ScreenDecl] {
    guard let first = position(ofName: name) else { return [] }
    return sharedScreens(named: name) ?? [screens[first]]
  }

  /// The screens whose name is `name` but for case (`Show` for `show`), in project order.
  public func screens(namedIgnoringCase name: String) -> [ScreenDecl] {
    let byName = caches.screensByLowercasedName.value {
      Dictionary(grouping: screens.filter { $0.nameString?.isEmpty == false }) { $0.nameString!.lowercased() }
    }
    return byName[name.lowercased()] ?? []
  }

  /// Whether more than one screen has this id (ZL0404's error): a reference to it may open either.
  public func isSharedScreenID(_ id: String) -> Bool { screenIndex.sharedIDs.contains(ExactString(id)) }

  /// How many UTF-8 bytes each screen id has: a string of another length is no id.
  package var screenIDLengths: Set<Int> { screenIndex.idLengths }

  /// Whether a screen has that name; never for a blank name.
  public func hasScreens(named name: String) -> Bool { position(ofName: name) != nil }

  /// The screen with an id, else the one screen with that name (not a blank one).
  public func screen(named reference: String) -> ScreenDecl? {
    if let byID = screen(id: reference) { return byID }
    guard let first = position(ofName: reference), sharedScreens(named: reference) == nil else { return nil }
    return screens[first]
  }

  /// The position of the first screen with a name. A blank name (`""`, spaces alone) names no
  /// screen: a mapping to it would open whichever screen a builder left unnamed.
  private func position(ofName name: String) -> Int? {
    guard name.contains(where: { !$0.isWhitespace }) else { return nil }
    return screenIndex.byName.position(of: name, in: screens)
  }

  /// The screens of a name several screens share.
  private func sharedScreens(named name: String) -> [ScreenDecl]? {
    screenIndex.sharedNames.isEmpty ? nil : screenIndex.sharedNames[ExactString(name)]?.map { screens[$0] }
  }

  /// The screens' tables by id and by name (`screenIndex`).
  struct ScreenIndex: Sendable {
    /// The screens the tables hold positions in (shared storage, not a copy).
    var screens: [ScreenDecl]
    var byID: ScreenTable
    var byName: ScreenTable
    /// The positions of the screens of each name screens of more than one id share.
    var sharedNames: [ExactString: [Int]]
    /// The ids more than one screen has.
    var sharedIDs: Set<ExactString>
    /// How many UTF-8 bytes each id has: a string of another length is no id.
    var idLengths: Set<Int>
  }

  /// The tables of `screens` by id and by name, the screens of each name several screens of more
  /// than one id share, and the ids several share.
  static func index(_ screens: [ScreenDecl]) -> ScreenIndex {
    let byID = ScreenTable(screens, by: .id)
    let byName = ScreenTable(screens, by: .name)
    var sharedNames: [ExactString: [Int]] = [:]
    for position in byName.repeats {
      guard let name = screens[position].nameString, let first = byName.position(of: name, in: screens) else { continue }
      sharedNames[ExactString(name), default: [first]].append(position)
    }
    // A screen written twice (one id, ZL0404's error) does not make its name ambiguous.
    sharedNames = sharedNames.filter { _, sharing in
      sharing.contains { !screens[$0].idString.utf8.elementsEqual(screens[sharing[0]].idString.utf8) }
    }
    return ScreenIndex(
      screens: screens, byID: byID, byName: byName, sharedNames: sharedNames,
      sharedIDs: Set(byID.repeats.map { ExactString(screens[$0].idString) }), idLengths: Set(screens.map(\.idString.utf8.count)))
  }

  /// `index(screens)`, kept in `facts` (an editor's, across checks) and made again only when the
  /// screens' ids or names changed: its tables hold positions, which stay right while they hold
  /// the same keys in the same order.
  static func index(_ screens: [ScreenDecl], keptIn facts: FileFacts?) -> ScreenIndex {
    guard let facts else { return index(screens) }
    return facts.update("screen index") { (kept: ScreenIndex?) in
      guard let kept, kept.holdsKeys(of: screens) else { return index(screens) }
      var rebased = kept
      rebased.screens = screens
      return rebased
    }
  }

  /// The first screen of each id, ids compared by canonical equivalence (Swift's `String`).
  private static func canonicalIndex(_ screens: [ScreenDecl]) -> [String: ScreenDecl] {
    var byCanonicalID: [String: ScreenDecl] = Dictionary(minimumCapacity: screens.count)
    for screen in screens where byCanonicalID[screen.id.value] == nil { byCanonicalID[screen.id.value] = screen }
    return byCanonicalID
  }
}
