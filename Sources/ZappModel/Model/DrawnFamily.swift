import ZappDiagnostics

extension Project {
  /// Of a component's own `styles.family` and its screen's, the one it is drawn with on
  /// `platform`. Zapp's native iOS SDK (`ios`) reads the screen's family and hands it to every
  /// component, so there the screen's comes first; every other client (Quick Brick's
  /// `ios_for_quickbrick` too) reads the component's first, as a bundle of no platform does.
  public static func drawnFamily<Name>(own: Name?, screen: Name?, platform: String?) -> Name? {
    readsScreenFamily(on: platform) ? screen ?? own : own ?? screen
  }

  /// Whether `platform`'s client draws a component with its screen's family before its own. The
  /// reference documents the screen's family only for the native iOS SDK: native tvOS and every
  /// other client are read the component's way, by choice.
  public static func readsScreenFamily(on platform: String?) -> Bool { platform == screenFamilyPlatform }

  /// The platform whose client draws a component with its screen's family: Zapp's native iOS SDK.
  public static let screenFamilyPlatform = "ios"

  /// Whether `platforms` hold clients of both readings: `ios` beside any other.
  static func mixReadings(_ platforms: [String]) -> Bool {
    platforms.contains { readsScreenFamily(on: $0) } && platforms.contains { !readsScreenFamily(on: $0) }
  }

  /// The family `component` of `screen` is drawn with by the app's clients of the other reading than
  /// `drawnFamily(of:in:)`'s, when the app targets both (`mixesFamilyReadings`) and it differs: the
  /// screen's family of a component whose own is another. The family rules check it under both.
  public func otherReadingFamily(of component: ComponentDecl, in screen: ScreenDecl) -> Located<String>? {
    guard mixesFamilyReadings, let own = component.family, let screenFamily = screen.family, own.value != screenFamily.value else {
      return nil
    }
    return screenFamily
  }

  /// The family `component` of `screen` is drawn with on `platform`, where it is written.
  public static func drawnFamily(of component: ComponentDecl, in screen: ScreenDecl, platform: String?) -> Located<String>? {
    drawnFamily(own: component.family, screen: screen.family, platform: platform)
  }

  /// The family `component` of `screen` is drawn with in the project's bundle (`clientPlatform`).
  public func drawnFamily(of component: ComponentDecl, in screen: ScreenDecl) -> Located<String>? {
    Self.drawnFamily(of: component, in: screen, platform: clientPlatform)
  }

  /// The family names that screens and components (at any depth) write in `styles.family`: the
  /// families some client draws with, under either reading. Worked out once per project.
  public var familyNamesInUse: Set<String> {
    caches.familyNamesInUse.value {
      var used: Set<String> = []
      forEachScreensFile { document, screens in
        used.formUnion(
          fromScreensFile("family names in use", document, screens) { screens in
            var names: Set<String> = []
            for screen in screens {
              if let family = screen.family { names.insert(family.value) }
              screen.forEachComponent { if let name = $0.familyName { names.insert(name) } }
            }
            return names
          })
      }
      return used
    }
  }

  /// The project's own family names, sorted, as did-you-mean candidates: one index for every
  /// unknown family a check reports.
  public var familyNameIndex: SuggestionIndex { caches.familyNameIndex.value { SuggestionIndex(families.keys.sorted()) } }

  /// The name of `drawnFamily(of:in:)`, read without spots (for rules that look it up for every
  /// component).
  public func drawnFamilyName(of component: ComponentDecl, in screen: ScreenDecl) -> String? {
    Self.drawnFamily(own: component.familyName, screen: screen.family?.value, platform: clientPlatform)
  }
}
