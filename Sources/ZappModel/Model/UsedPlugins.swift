import ZappDiagnostics

/// `Project.usedPlugins`, worked out file by file: what each screens file's mentions add is kept
/// with the file (`fromScreensFile`) while neither it nor the inputs that say which names are
/// plugins changed, so that an editor's re-check reads the mentions of the edited file alone.
extension Project {
  func makeUsedPlugins() -> PluginUses {
    guard !manifests.isEmpty else { return ([], [:], []) }  // No manifest: no type is a plugin.
    let inputs = PluginInputs(self)
    var seen: Set<String> = []
    var result: [(String, SourceSpot)] = []
    var readings: [String: Set<Bool>] = [:]
    var usedByEveryReading: Set<String> = []
    var drawnAsWritten: Set<String> = []
    // Whether the inputs a file's uses were worked out with hold what this project's do: most
    // files' were those of one earlier check, compared once.
    var compared: [ObjectIdentifier: Bool] = [:]
    func isCurrent(_ uses: FileUses) -> Bool {
      if uses.inputs === inputs { return true }
      if let known = compared[ObjectIdentifier(uses.inputs)] { return known }
      let same = uses.inputs.holdsTheSame(as: inputs)
      compared[ObjectIdentifier(uses.inputs)] = same
      return same
    }
    forEachScreensFile { document, screens in
      let uses = fromScreensFile("plugin uses", document, screens, isCurrent: isCurrent) { _ in fileUses(document, screens, inputs) }
      for (identifier, spot) in uses.firstUses where seen.insert(identifier).inserted { result.append((identifier, spot)) }
      for (identifier, used) in uses.readings { readings[identifier, default: []].formUnion(used) }
      usedByEveryReading.formUnion(uses.usedByEveryReading)
      drawnAsWritten.formUnion(uses.drawnAsWritten)
    }
    var onlyReading: [String: Bool] = [:]
    for (identifier, used) in readings where used.count == 1 && !usedByEveryReading.contains(identifier) {
      onlyReading[identifier] = used.first
    }
    return (result, onlyReading, Set(result.map(\.0)).subtracting(drawnAsWritten))
  }

  /// The plugins one screens file uses, each with its first use in the file.
  private func fileUses(_ document: JSONDocument, _ screens: ArraySlice<ScreenDecl>, _ inputs: PluginInputs) -> FileUses {
    var uses = FileUses(inputs: inputs)
    var seen: Set<String> = []
    // The types a use changes nothing for (no manifest, or used by every reading), and the last.
    var settled: Set<String> = []
    var lastSettled = ""
    // `reading`: the one family reading that uses the type (true: the screen family's), or nil.
    func use(_ type: Located<String>, reading: Bool? = nil) {
      if type.value == lastSettled { return }
      if settled.contains(type.value) {
        lastSettled = type.value
        return
      }
      guard manifest(for: type.value) != nil else {
        settled.insert(type.value)
        return
      }
      uses.drawnAsWritten.insert(type.value)
      if seen.insert(type.value).inserted { uses.firstUses.append((type.value, type.spot)) }
      if let reading {
        uses.readings[type.value, default: []].insert(reading)
      } else {
        uses.usedByEveryReading.insert(type.value)
        settled.insert(type.value)
      }
    }
    // A data type that names a data source provider uses that plugin: it fetches the data.
    let providers = Set(dataSourceProviders.map(\.identifier.value))
    // The family of the last lookup: a screen's components mostly share one.
    var lastFamily: (name: String, decl: FamilyDecl?) = ("", nil)
    func familyMapping(_ name: String?, of type: String) -> JSONValue? {
      guard let name else { return nil }
      if name != lastFamily.name || lastFamily.decl == nil { lastFamily = (name, families[name]) }
      guard let decl = lastFamily.decl, !decl.sizeClassMappings.isEmpty else { return nil }
      return decl.sizeClassMappings[type]
    }
    func useEntries(of mapping: JSONValue?, reading: Bool?) {
      guard let mapping else { return }
      for entry in SizeClassMappingEntry.entries(of: mapping) where !entry.hides { entry.componentType.map { use($0, reading: reading) } }
    }
    for mention in fromScreensFile("plugin mentions", document, screens, PluginMention.mentions) {
      switch mention {
      case .type(let type): use(type)
      case .fallbackType(let type):
        // Of every reading; settled by a use as written alone, which `drawnAsWritten` records.
        guard manifest(for: type.value) != nil else { break }
        if seen.insert(type.value).inserted { uses.firstUses.append((type.value, type.spot)) }
        uses.usedByEveryReading.insert(type.value)
      case .navItem(let type): if declaresNavItemPlugin(type.value) { use(type) }
      case .provider(let type): if providers.contains(type.value) { use(type) }
      case .familyMapping(let type, let own, let ownLocated, let screenFamily):
        // A component without its own mapping takes its family's (`forEachReplacementNeed`):
        // of each family the app's bundles draw it with, used by that reading alone when
        // they differ.
        let drawn = Self.drawnFamily(own: own, screen: screenFamily, platform: clientPlatform)
        if mixesFamilyReadings, let ownLocated, let screenFamily, ownLocated != screenFamily {
          useEntries(of: familyMapping(drawn, of: type), reading: Self.readsScreenFamily(on: clientPlatform))
          useEntries(of: familyMapping(screenFamily, of: type), reading: true)
        } else {
          useEntries(of: familyMapping(drawn, of: type), reading: nil)
        }
      }
    }
    return uses
  }
}

/// What one screens file's mentions add to `Project.usedPlugins`, and the inputs it was worked
/// out with.
private struct FileUses: Sendable {
  let inputs: PluginInputs
  /// Each plugin the file uses, with its first use there, in document order.
  var firstUses: [(String, SourceSpot)] = []
  var readings: [String: Set<Bool>] = [:]
  var usedByEveryReading: Set<String> = []
  /// The plugins some mention other than a fallback names.
  var drawnAsWritten: Set<String> = []
}

/// What, besides a screens file, says which of its names are plugins and how families draw them:
/// the bytes of every manifest, family and `zlc.json` (compared by their storage first, which an
/// editor's re-check keeps for unchanged files), and the family readings the platforms make.
private final class PluginInputs: Sendable {
  let files: [[UInt8]]
  let clientPlatform: String?
  let mixesFamilyReadings: Bool

  init(_ project: Project) {
    var files = project.manifests.map(\.value.file.bytes)
    files += project.families.keys.sorted().compactMap { project.families[$0]?.file.bytes }
    files.append(project.settings.file?.bytes ?? [])
    self.files = files
    clientPlatform = project.clientPlatform
    mixesFamilyReadings = project.mixesFamilyReadings
  }

  func holdsTheSame(as other: PluginInputs) -> Bool {
    files == other.files && clientPlatform == other.clientPlatform && mixesFamilyReadings == other.mixesFamilyReadings
  }
}
