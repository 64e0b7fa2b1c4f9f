import Foundation
import ZappDiagnostics
import ZappLayout
import ZappReaders

/// Finds and reads every file of a layout project into an immutable `Project`. It reports only
/// what stops it from reading (I/O, syntax, a file of the wrong kind); every check of what it read
/// is a rule (`RuleRegistry`), the schema included (`SchemaPass`).
public struct ProjectLoader: Sendable {
  public var limits: ReaderLimits
  public var builtinFamilies: [SourceFile]
  /// The one platform checks are narrowed to (`--platform`), when given.
  public var onlyPlatform: String?
  /// Where file contents come from: the disk (nil), or an editor's unsaved buffers over it.
  public var fileSystem: ProjectFileSystem?
  /// Whether JSON files read without a diagnostic keep their bytes with the indentation folded out
  /// (`JSONDocument.foldingIndentation()`): a check or a build that holds every file at once, never
  /// a run that rewrites the files (`--fix`) or hashes them as written (`zlc generate`).
  package var foldsIndentation = false

  public init(
    limits: ReaderLimits = .default, builtinFamilies: [SourceFile] = BuiltinFamilies.files, fileSystem: ProjectFileSystem? = nil
  ) {
    self.limits = limits
    self.builtinFamilies = builtinFamilies
    self.fileSystem = fileSystem
  }

  package enum Role { case settings, screenTypes, screens, manifest, family, registry }

  /// The folders of a project that hold its inputs.
  package static let inputFolders: Set<String> = ["screens", "components", "families", "registries"]
  /// The project's input files at its top level (lower case).
  package static let inputFileNames: Set<String> = ["zlc.json", "screen_types.json", "rivers.json"]

  /// Reads the project in `directory` (a path as the user gave it).
  public func load(_ directory: String, into bag: DiagnosticBag) -> Project {
    var project = Project.Contents()
    let discovered = discover(directory, bag: bag)
    if discovered.failed { project.hasUnreadableFiles = true }
    project.manifestsUnread = discovered.manifestsUnread
    project.unreadableFamilyFiles = discovered.unreadableFamilies
    let entries = discovered.entries

    // Read every file and parse the JSON ones, in parallel; keep sorted order. A file is parsed
    // (and folded) as soon as it is read, so that no more than one file per core is held as written.
    let read = parallelMap(entries.count) { i -> (source: SourceFile?, document: JSONDocument?) in
      guard let source = fileSystem?.source(atPath: entries[i].path) ?? readFile(entries[i].path, bag: bag) else { return (nil, nil) }
      guard entries[i].role != .family, entries[i].role != nil else { return (source, nil) }
      // A plugin manifest's duplicate key keeps its last value, as Zapp's tools read it (ZL0107).
      let duplicateKeys: JSONReader.DuplicateKeys = entries[i].role == .manifest ? .lastWins : .error
      let result =
        fileSystem?.parsed(source, limits: limits, duplicateKeys: duplicateKeys)
        ?? JSONReader.read(source, limits: limits, foldingIndentation: foldsIndentation, duplicateKeys: duplicateKeys)
      bag.add(contentsOf: result.diagnostics)
      guard let document = result.document else { return (source, nil) }
      return (document.source, document)
    }
    let sources = read.map(\.source)
    let documents = read.map(\.document)
    // A family file that cannot be read holds back only the references to families, as one that
    // is not well-formed does (`unreadableFamilyFiles`); any other file, every cross-file rule.
    if entries.indices.contains(where: { sources[$0] == nil && entries[$0].role != .family }) { project.hasUnreadableFiles = true }

    // Families: built-in first, then the project's (which replace built-ins of the same name).
    for file in builtinFamilies {
      let (decl, diagnostics) = FamilyReader.read(file, builtin: true, limits: limits)
      bag.add(contentsOf: diagnostics)
      if let d = decl {
        project.families[d.family.name] = d
        project.builtinFamilies[d.family.name] = d
      }
    }
    var projectFamilies: Set<String> = []
    for (i, entry) in entries.enumerated() where entry.role == .family {
      guard let source = sources[i] else {
        project.unreadableFamilyFiles.append(entry.path)
        continue
      }
      project.files.append(source)
      let (decl, diagnostics) = FamilyReader.read(source, limits: limits)
      bag.add(contentsOf: diagnostics)
      // A file of no family (not well-formed, of no name, of a name that is not a string) holds
      // back the references to families as well: a screen naming its family is not wrong.
      if decl == nil, diagnostics.contains(where: { $0.severity == .error }) { project.unreadableFamilyFiles.append(source.path) }
      guard let d = decl else { continue }
      project.familyDefinitions.append(d)
      // The first definition of a name wins (ZL0311 reports the others) and replaces a built-in (ZL0310).
      if projectFamilies.insert(d.family.name).inserted { project.families[d.family.name] = d }
    }

    for (i, entry) in entries.enumerated() where entry.role != .family && entry.role != nil {
      guard let source = sources[i] else { continue }
      project.files.append(source)
      if documents[i] == nil { project.hasUnreadableFiles = true }
    }
    if entries.indices.contains(where: { entries[$0].role == .manifest && documents[$0] == nil }) { project.manifestsUnread = true }

    // Settings, mappings and manifests, then the screens.
    for (i, entry) in entries.enumerated() {
      guard let root = documents[i]?.root else { continue }
      switch entry.role {
      case .settings: project.settings = readSettings(root, bag: bag)
      case .screenTypes: project.screenTypes = readScreenTypes(root, bag: bag)
      case .manifest: project.manifests += readManifests(root, bag: bag)
      case .registry: project.registries.append(ClientRegistry(root))
      default: break
      }
    }
    project.settings.onlyPlatform = onlyPlatform
    let screenRoots = entries.indices.compactMap { entries[$0].role == .screens ? documents[$0]?.root : nil }
    let screenLists = parallelMap(screenRoots.count) { k in
      let read = { () -> ScreensRead in
        let local = DiagnosticBag()
        let read = readScreens(screenRoots[k], bag: local)
        return ScreensRead(screens: read.screens, objects: read.objects, diagnostics: local.all)
      }
      let screens = fileSystem?.screens(of: screenRoots[k].document, read: read) ?? read()
      bag.add(contentsOf: screens.diagnostics)
      return ScreenList(screens: screens.screens, objects: screens.objects, facts: screens.facts)
    }
    project.screens = joined(screenLists.map(\.screens))
    project.screenObjects = joined(screenLists.map(\.objects))
    project.losesScreenObjects = screenRoots.indices.contains { Self.screenValueCount(screenRoots[$0]) > screenLists[$0].objects.count }
    for root in screenRoots where Self.screensContainer(root).kind == .array && Self.screensContainer(root).elementCount == 0 {
      project.emptyScreensFiles[root.file.path] = root
    }
    project.files.sort { $0.path < $1.path }
    // Where documents are read again unchanged (an editor's file system), what the rules work out
    // from each screens file is kept with its screens.
    for k in screenRoots.indices where fileSystem != nil {
      project.fileFacts[ObjectIdentifier(screenRoots[k].document)] = screenLists[k].facts
    }
    project.screenIndex = Project.index(project.screens, keptIn: (fileSystem as? KeepsProjectFacts)?.projectFacts)
    return Project(directory: directory, project)
  }

  // MARK: Discovery

  package struct Entry {
    package var path: String
    package var relative: String
    package var role: Role?
  }

  package func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// Finds the project's input files: `zlc.json`, `screen_types.json` and `rivers.json` at the top,
  /// and the files under `screens/`, `components/` and `families/`. Nothing else is walked or
  /// counted (a `.git` or `node_modules` beside the inputs costs nothing); hidden names and
  /// `node_modules` inside the input folders are passed over too, and a name near an input's is
  /// reported (ZL0122). Only regular files are inputs: a FIFO, socket or device is reported, also
  /// behind a link.
  package func discover(_ directory: String, bag: DiagnosticBag) -> (
    entries: [Entry], failed: Bool, unreadableFamilies: [String], manifestsUnread: Bool
  ) {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      bag.add(IOErrorRule.Message.absentFolder(directory).diagnostic(at: nil, path: directory))
      return ([], true, [], true)
    }
    guard isDirectory.boolValue else {
      bag.add(IOErrorRule.Message.projectIsAFile(directory).diagnostic(at: nil, path: directory))
      return ([], true, [], true)
    }
    // A bundle zlc built holds screens too, but no project: ZL0112 says so (`NoProjectRule`).
    if Self.isBuildOutput(directory) { return ([], false, [], false) }
    let rootReal = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    var walker = InputWalker(directory: directory, rootReal: rootReal, limits: limits, bag: bag, fileSystem: fileSystem)
    walker.walk(directory, relative: "", depth: 0)
    var entries = walker.entries
    if walker.tooMany { entries.removeAll() }
    // Files an editor holds that the disk does not (yet): inputs all the same. One the disk holds
    // but the walk left out (a link out of the project, a FIFO) stays out.
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let found = Set(entries.map(\.relative))
    for path in fileSystem?.pathsBesideTheDisk ?? [] where path.hasPrefix(prefix) && !walker.tooMany {
      let relative = String(path.dropFirst(prefix.count))
      let hidden = relative.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "node_modules" }
      var status = stat()
      guard !found.contains(relative), !hidden, lstat(path, &status) != 0, errno == ENOENT else { continue }
      entries.append((path: path, relative: relative))
    }
    entries.sort { $0.relative < $1.relative }
    let inputs = entries.compactMap { entry in
      Self.role(of: entry.relative).map { Entry(path: entry.path, relative: entry.relative, role: $0) }
    }
    return (Self.withoutCaseTwins(inputs, bag: bag), walker.failed, walker.unreadableFamilies, walker.manifestsUnread)
  }

  /// The entries without a second `zlc.json` or `screen_types.json` whose name differs only in
  /// case (ZL0120): the one spelled in lower case is read, else the first.
  static func withoutCaseTwins(_ entries: [Entry], bag: DiagnosticBag) -> [Entry] {
    func isLowerCase(_ entry: Entry) -> Bool { entry.relative == entry.relative.lowercased() }
    var read: [Role: Entry] = [:]
    for entry in entries {
      guard let role = entry.role, role == .settings || role == .screenTypes else { continue }
      if let first = read[role], isLowerCase(first) || !isLowerCase(entry) { continue }
      read[role] = entry
    }
    var kept: [Entry] = []
    for entry in entries {
      guard let role = entry.role, let chosen = read[role], chosen.path != entry.path else {
        kept.append(entry)
        continue
      }
      bag.add(DuplicateInputFileRule.Message.secondFile(entry.relative, read: chosen.relative).diagnostic(at: nil, path: entry.path))
    }
    return kept
  }

  /// Whether a path below the top level is an input by its folder and extension.
  package static func isInputPath(_ relative: String) -> Bool { role(of: relative) != nil }

  package static func role(of relative: String) -> Role? {
    let lower = relative.lowercased()
    switch lower {
    case "zlc.json": return .settings
    case "screen_types.json": return .screenTypes
    case "rivers.json": return .screens
    default: break
    }
    if lower.hasPrefix("screens/") && lower.hasSuffix(".json") { return .screens }
    if lower.hasPrefix("components/") && lower.hasSuffix(".json") { return .manifest }
    if lower.hasPrefix("families/") && (lower.hasSuffix(".xml") || lower.hasSuffix(".json")) { return .family }
    if lower.hasPrefix("registries/") && lower.hasSuffix(".json") { return .registry }
    return nil
  }

  /// Reads a regular file of at most `limits.maxFileBytes` bytes, whatever `stat` says of its size
  /// (`/proc` files and devices report 0): a FIFO, socket or device is reported, never read.
  package func readFile(_ path: String, bag: DiagnosticBag) -> SourceFile? {
    switch BoundedFile.read(path, maxBytes: limits.maxFileBytes) {
    case .success(let bytes): return SourceFile(path: path, bytes: bytes)
    case .failure(.tooLarge(let size)):
      bag.add(LimitRule.Message.fileTooLarge(bytes: size, limit: limits.maxFileBytes).diagnostic(at: nil, path: path))
    case .failure(let error):
      bag.add(IOErrorRule.Message.cannotRead(path, error).diagnostic(at: nil, path: path))
    }
    return nil
  }

  // MARK: Settings and mappings

  package func readSettings(_ root: JSONValue, bag: DiagnosticBag) -> ProjectSettings {
    var settings = ProjectSettings(file: root.file)
    settings.root = root
    settings.app = root["app"]?.string
    settings.readSizeClasses(root["size_classes"])
    if let devices = root["devices"], devices.kind == .array {
      settings.devicesValue = devices
      for d in devices.elements {
        guard let nameValue = d["name"], let name = nameValue.string, !name.isEmpty, let widthValue = d["width"],
          let width = flexNumber(widthValue)
        else { continue }
        let sizeClass = SizeClass.containing(width: width, in: settings.sizeClasses)
        // A device written without a class (or `""`, `null`: absent, as the shape check reads them)
        // takes its size class's (phone when none holds it).
        let declared = d["class"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        if let declared, DeviceClass(alias: declared) == nil { continue }
        let deviceClass = declared.flatMap(DeviceClass.init(alias:)) ?? sizeClass?.deviceClass ?? .phone
        settings.deviceEntries.append(
          DeviceEntry(
            name: Located(name, nameValue.spot), deviceClass: deviceClass, width: width, widthValue: widthValue,
            state: d["state"].flatMap { value in value.string.map { Located($0, value.spot) } }))
      }
      // Entries out of range (ZL0203) or named twice (ZL0205) are left out.
      var seen: Set<String> = []
      let list = settings.deviceEntries.filter { ProjectSettings.deviceWidths.contains($0.width) && seen.insert($0.name.value).inserted }
      if !list.isEmpty {
        settings.usesDefaultDevices = false
        // An unknown state (ZL0319) is left out.
        settings.devices = list.map {
          Device(
            name: $0.name.value, deviceClass: $0.deviceClass, width: $0.width,
            state: $0.state.flatMap { ScreenState(knownWord: $0.value) })
        }
        settings.deviceSpots = Dictionary(list.map { ($0.name.value, $0.name.spot) }, uniquingKeysWith: { first, _ in first })
      }
    }
    settings.placeDevices()
    settings.dataTypes = (root["data_types"]?.elements ?? []).compactMap(\.string)
    settings.dataTypesUnread = ProjectSettings.dataTypesUnread(in: root)
    settings.platforms = readPlatforms(root)
    return settings
  }

  package func readScreenTypes(_ root: JSONValue, bag: DiagnosticBag) -> ScreenTypesDecl {
    func mappings(_ section: String) -> [ScreenTypesDecl.Mapping] {
      guard let map = root[section], map.kind == .object else { return [] }
      return map.members.compactMap { key, value in
        // A screen id or name, or QuickBrick's `{ "screen_id": "…" }`.
        guard let k = key.string, let v = value.string ?? value["screen_id"]?.string else { return nil }
        return (k, key.spot, Located(v, value["screen_id"]?.spot ?? value.spot))
      }
    }
    return ScreenTypesDecl(file: root.file, root: root, screenTypes: mappings("screen_types"), contentTypes: mappings("content_types"))
  }

  // MARK: Manifests

  package func readManifests(_ root: JSONValue, bag: DiagnosticBag) -> [ManifestDecl] {
    // A manifest file holds one manifest, an array of them, or the build pipeline's
    // plugin_configurations shape: [{ "plugin": manifest, "configuration_json": … }].
    var candidates: [(value: JSONValue, delivered: Bool)] = []
    if root.kind == .object {
      candidates = [(root, false)]
    } else if root.kind == .array {
      for e in root.elements {
        if let plugin = e["plugin"], plugin.kind == .object {
          candidates.append((plugin, true))
        } else {
          candidates.append((e, false))
        }
      }
    } else {
      bag.add(WrongTypeRule.Message.manifestFile(found: root.kind).diagnostic(at: root.spot))
      return []
    }
    var result: [ManifestDecl] = []
    for (value, delivered) in candidates {
      guard value.kind == .object else {
        bag.add(WrongTypeRule.Message.notAnObject("a manifest", found: value.kind).diagnostic(at: value.spot))
        continue
      }
      var m = ManifestDecl.Fields()
      m.isDelivered = delivered
      if let id = value["identifier"], let s = id.string, !s.isEmpty { m.identifier = Located(s, id.spot) }
      m.type = value["type"]?.string
      m.isScreen = flexBool(value["screen"]) ?? false
      if let c = value["characteristics"], c.kind == .object {
        m.canHaveComponents = flexBool(c["can_have_components"]) ?? false
        m.isGroup = flexBool(c["group"]) ?? false
        if let a = c["appearance"], a.kind == .array { m.appearance = a.elements.compactMap(\.string) }
      }
      if let types = value["data_types"], types.kind == .array { m.dataTypes = types.elements.compactMap(\.string) }
      for section in ["general", "styles", "rules", "data", "assets", "advertising", "localizations", "hooks"] {
        guard let fields = value[section]?["fields"], fields.kind == .array else { continue }
        collectFields(fields, section: section, into: &m.fields)
      }
      result.append(ManifestDecl(value: value, m))
    }
    return result
  }

  package func collectFields(_ fields: JSONValue, section: String, into list: inout [FieldDecl]) {
    for f in fields.elements where f.kind == .object {
      if flexBool(f["group"]) == true, let nested = f["fields"], nested.kind == .array {
        collectFields(nested, section: section, into: &list)
        continue
      }
      guard let key = f["key"]?.string else { continue }
      let type = f["type"].flatMap { t in t.string.map { Located($0, t.spot) } }
      list.append(FieldDecl(section: section, key: key, type: type, initialValue: f["initial_value"], value: f))
    }
  }

  // MARK: Screens

  /// The screens of a screens file, and every screen object in it (also those without an id or a
  /// type, which the schema rules check).
  package func readScreens(_ root: JSONValue, bag: DiagnosticBag) -> (screens: [ScreenDecl], objects: [JSONValue]) {
    let container = Self.screensContainer(root)
    if let kind = MisplacedInputRule.misplacedKind(container) {
      bag.add(MisplacedInputRule.Message.misplaced(kind).diagnostic(at: container.spot))
      return ([], [])
    }
    var screens: [ScreenDecl] = []
    var objects: [JSONValue] = []
    // The screens are read where they are, without a list of them first: a file of a million
    // values that are not screens costs its findings (capped), not a copy of its values.
    switch container.kind {
    case .array:
      // Reserved to size: a file of a million objects holds one list of them, not one grown by doubling.
      objects.reserveCapacity(Self.objectCount(container))
      container.forEachElement { readScreen($0, bag: bag, into: &screens, objects: &objects) }
    case .object:
      if Self.isOneScreen(container) {
        readScreen(container, bag: bag, into: &screens, objects: &objects)
      } else {
        // Quick Brick keeps rivers as a map keyed by screen id (and `$schema` may name a schema).
        var read = false
        container.forEachMember { key, value in
          guard !key.stringEquals("$schema") else { return }
          read = true
          readScreen(value, bag: bag, into: &screens, objects: &objects)
        }
        // `{}`: neither a screen nor a map of any: the file's screens are lost.
        if !read { bag.add(WrongTypeRule.Message.noScreenInObject.diagnostic(at: container.spot)) }
      }
    default:
      bag.add(WrongTypeRule.Message.screensFile(found: container.kind).diagnostic(at: container.spot))
    }
    return (screens, objects)
  }

  /// How many elements of an array are objects.
  private static func objectCount(_ array: JSONValue) -> Int {
    var count = 0
    array.forEachElement { if $0.kind == .object { count += 1 } }
    return count
  }

  /// One value of a screens file: a screen object (kept in `objects` for the schema pass) and, when
  /// it has an id and a type, its declaration.
  private func readScreen(_ value: JSONValue, bag: DiagnosticBag, into screens: inout [ScreenDecl], objects: inout [JSONValue]) {
    guard value.kind == .object else {
      bag.add(WrongTypeRule.Message.notAnObject("a screen", found: value.kind).diagnostic(at: value.spot))
      return
    }
    objects.append(value)
    guard let id = StringValue(nonEmpty: value["id"]), let type = StringValue(nonEmpty: value["type"]) else { return }
    var screen = ScreenDecl.Fields()
    screen.name = StringValue(value["name"])
    screen.uiTag = StringValue(nonEmpty: value["ui_tag"])
    if let h = value["home"], flexBool(h) == true {
      screen.isHome = true
      screen.home = h
    }
    if let data = value["data"], data.kind == .object {
      screen.connected = flexBool(data["connected"]) ?? false
      screen.parent = StringValue(nonEmpty: data["parent"])
    }
    if let styles = value["styles"], styles.kind == .object {
      screen.family = StringValue(nonEmpty: styles["family"])
      // `presentation`, else its other name `stack_mode` (ZL0419 refuses the two when they differ).
      for key in ["stack_mode", "presentation"] {
        if let p = styles[key]?.string, Shapes.presentations.contains(p) { screen.presentation = p }
      }
      if let l = styles["launch_mode"]?.string, Shapes.launchModes.contains(l) { screen.launchMode = l }
      screen.viewOptions = readViewOptions(styles)
    }
    if let components = value["ui_components"], components.kind == .array {
      screen.componentsValue = components
      screen.components = readComponents(components, path: [])
    }
    for nav in value["navigations"]?.elements ?? [] {
      collectNavItems(nav["nav_items"], into: &screen.navItems)
    }
    screens.append(ScreenDecl(value: value, id: id, type: type, screen))
  }

  /// The components of a `ui_components` array whose path is `path`; siblings share that array.
  package func readComponents(_ array: JSONValue, path: [Int]) -> [ComponentDecl] {
    var result: [ComponentDecl] = []
    var i = -1
    array.forEachElement { value in
      i += 1
      guard value.kind == .object else { return }
      let members = ComponentMembers(value)
      guard let type = StringValue(nonEmpty: members.type) else { return }
      var children: [ComponentDecl] = []
      if let nested = members.children, nested.kind == .array {
        var childPath = path
        childPath.append(i)
        children = readComponents(nested, path: childPath)
      }
      result.append(
        ComponentDecl(
          value: value, parentPath: path, position: i, type: type, children: children,
          styles: members.styles, data: members.data, rules: members.rules, sizeClassMapping: members.sizeClassMapping,
          fallback: members.fallback))
    }
    return result
  }

  package func collectNavItems(_ items: JSONValue?, into list: inout [NavItemDecl]) {
    for item in items?.elements ?? [] where item.kind == .object {
      list.append(NavItemDecl(title: item["title"]?.string, target: item["data"]?["target"]?.nonEmptyString))
      collectNavItems(item["nav_items"], into: &list)
    }
  }
}

/// `true`/`false` or the strings `"true"`/`"false"`.
package func flexBool(_ value: JSONValue?) -> Bool? {
  guard let v = value else { return nil }
  if let b = v.bool { return b }
  if let s = v.string { return s == "true" ? true : s == "false" ? false : nil }
  return nil
}

/// A finite number, or a string holding one written as JSON writes numbers (not `nan`, `inf`,
/// `1e400` or hexadecimal, which `Double(_:)` would take).
package func flexNumber(_ value: JSONValue?) -> Double? {
  guard let v = value else { return nil }
  if let n = v.number { return n.isFinite ? n : nil }
  guard let s = v.string?.trimmingSpaces, isJSONNumber(s), let n = Double(s), n.isFinite else { return nil }
  return n
}

/// Whether `text` is a number as RFC 8259 writes it.
package func isJSONNumber(_ text: String) -> Bool {
  var bytes = Array(text.utf8)[...]
  func digits() -> Bool {
    let start = bytes.startIndex
    while let b = bytes.first, b >= 0x30, b <= 0x39 { bytes.removeFirst() }
    return bytes.startIndex > start
  }
  if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
  guard digits() else { return false }
  if bytes.first == UInt8(ascii: ".") {
    bytes.removeFirst()
    guard digits() else { return false }
  }
  if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
    bytes.removeFirst()
    if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
    guard digits() else { return false }
  }
  return bytes.isEmpty
}

/// The screens of one screens file and their objects, as read in parallel.
/// The members of a component object the model keeps, found in one walk of its keys (the first of
/// each name, as `JSONValue[key]` finds it): keys are told apart by length, then bytes.
package struct ComponentMembers {
  package var type: JSONValue?
  package var children: JSONValue?
  package var styles: JSONValue?
  package var data: JSONValue?
  package var rules: JSONValue?
  package var sizeClassMapping: JSONValue?
  package var fallback: JSONValue?

  package init(_ object: JSONValue) {
    object.forEachMember { key, member in
      let plain = key.withPlainStringBytes { name -> Bool in
        switch name.count {
        case 14: if type == nil, Self.equal(name, "component_type") { type = member }
        case 13: if children == nil, Self.equal(name, "ui_components") { children = member }
        case 6: if styles == nil, Self.equal(name, "styles") { styles = member }
        case 5: if rules == nil, Self.equal(name, "rules") { rules = member }
        case 4: if data == nil, Self.equal(name, "data") { data = member }
        case 18: if sizeClassMapping == nil, Self.equal(name, "size_class_mapping") { sizeClassMapping = member }
        case 8: if fallback == nil, Self.equal(name, "fallback") { fallback = member }
        default: break
        }
        return true
      }
      guard plain == nil else { return }
      // A key written with escapes: decoded and compared.
      switch key.string {
      case "component_type" where type == nil: type = member
      case "ui_components" where children == nil: children = member
      case "styles" where styles == nil: styles = member
      case "rules" where rules == nil: rules = member
      case "data" where data == nil: data = member
      case "size_class_mapping" where sizeClassMapping == nil: sizeClassMapping = member
      case "fallback" where fallback == nil: fallback = member
      default: break
      }
    }
  }

  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    bytes.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
  }
}

/// The view options of a screen's styles: each value of the right type and vocabulary (the schema
/// rules report the others), orientations in their fixed order.
package func readViewOptions(_ styles: JSONValue) -> ViewOptions {
  var options = ViewOptions()
  // One pass over the members, where most screens set none of these: the first member of a key
  // counts, as a lookup of it would find.
  var seen = 0
  func first(_ bit: Int) -> Bool {
    defer { seen |= 1 << bit }
    return seen & (1 << bit) == 0
  }
  func bool(_ value: JSONValue) -> Bool? { value.isNull ? nil : flexBool(value) }
  func word(_ value: JSONValue, in words: [String]) -> String? { value.string.flatMap { words.contains($0) ? $0 : nil } }
  styles.forEachMember { key, value in
    guard let name = key.string else { return }
    switch name {
    case "status_bar": if first(0) { options.statusBar = bool(value) }
    case "nav_bar": if first(1) { options.navBar = bool(value) }
    case "tab_bar": if first(2) { options.tabBar = bool(value) }
    case "tool_bar": if first(3) { options.toolBar = bool(value) }
    case "status_bar_style": if first(4) { options.statusBarStyle = word(value, in: ViewOptions.statusBarStyles) }
    case "nav_bar_style": if first(5) { options.navBarStyle = word(value, in: ViewOptions.navBarStyles) }
    case "nav_bar_translucent": if first(6) { options.navBarTranslucent = bool(value) }
    case "hides_bottom_bar_when_pushed": if first(7) { options.hidesBottomBarWhenPushed = bool(value) }
    case "supported_interface_orientations":
      if first(8), value.kind == .array {
        let written = Set(value.elements.compactMap(\.string))
        options.supportedInterfaceOrientations = ViewOptions.orientations.filter { written.contains($0) }
      }
    case "autorotate": if first(9) { options.autorotate = bool(value) }
    case "animated": if first(10) { options.animated = bool(value) }
    default: break
    }
  }
  return options
}
