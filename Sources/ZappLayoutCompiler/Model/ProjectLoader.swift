import Foundation
import ZappLayout

/// Finds, reads and shape-checks every file of a layout project.
public struct ProjectLoader {
  public var limits: ReaderLimits
  public var builtinFamilies: [SourceFile]

  public init(limits: ReaderLimits = .default, builtinFamilies: [SourceFile] = BuiltinFamilies.files) {
    self.limits = limits
    self.builtinFamilies = builtinFamilies
  }

  enum Role { case settings, screenTypes, screens, manifest, family }

  /// The project's input files at its top level (lower case).
  static let inputFileNames: Set<String> = ["zlc.json", "screen_types.json", "rivers.json"]

  /// Reads the project in `directory` (a path as the user gave it).
  public func load(_ directory: String, into bag: DiagnosticBag) -> Project {
    let project = Project(directory: directory)
    let discovered = discover(directory, bag: bag)
    if discovered.failed { project.hasUnreadableFiles = true }
    let entries = discovered.entries

    // Read every file's bytes, in parallel; keep sorted order.
    var sources = [SourceFile?](repeating: nil, count: entries.count)
    let lock = NSLock()
    DispatchQueue.concurrentPerform(iterations: entries.count) { i in
      let source = readFile(entries[i].path, bag: bag)
      lock.lock()
      sources[i] = source
      lock.unlock()
    }
    if sources.contains(where: { $0 == nil }) { project.hasUnreadableFiles = true }

    // Families: built-in first, then the project's (which replace built-ins of the same name).
    for file in builtinFamilies {
      let (decl, diagnostics) = FamilyReader.read(file, builtin: true, limits: limits)
      bag.add(contentsOf: diagnostics)
      if let d = decl { project.families[d.family.name] = d }
    }
    var projectFamilies: [String: FamilyDecl] = [:]
    for (i, entry) in entries.enumerated() where entry.role == .family {
      guard let source = sources[i] else { continue }
      project.files.append(source)
      let (decl, diagnostics) = FamilyReader.read(source, limits: limits)
      bag.add(contentsOf: diagnostics)
      if decl == nil, diagnostics.contains(where: { $0.rule.category == .reading }) { project.unreadableFamilyFiles.append(source.path) }
      guard let d = decl else { continue }
      if let existing = projectFamilies[d.family.name] {
        bag.report(
          .duplicateFamily, "family '\(d.family.name)' is defined twice", at: d.spot,
          notes: [DiagnosticNote("first defined here", at: existing.spot)])
        continue
      }
      if let builtin = project.families[d.family.name], builtin.isBuiltin {
        bag.report(
          .familyReplaced, "family '\(d.family.name)' replaces the built-in family of the same name", at: d.spot,
          notes: [DiagnosticNote("the built-in family", at: builtin.spot)])
      }
      projectFamilies[d.family.name] = d
      project.families[d.family.name] = d
    }

    // Parse the JSON files in parallel.
    var documents = [JSONDocument?](repeating: nil, count: entries.count)
    DispatchQueue.concurrentPerform(iterations: entries.count) { i in
      guard entries[i].role != .family, entries[i].role != nil, let source = sources[i] else { return }
      let result = JSONReader.read(source, limits: limits)
      bag.add(contentsOf: result.diagnostics)
      lock.lock()
      documents[i] = result.document
      lock.unlock()
    }
    for (i, entry) in entries.enumerated() where entry.role != .family && entry.role != nil {
      guard let source = sources[i] else { continue }
      project.files.append(source)
      if documents[i] == nil { project.hasUnreadableFiles = true }
    }

    // Settings, mappings and manifests first: screens' shapes depend on manifests.
    for (i, entry) in entries.enumerated() {
      guard let root = documents[i]?.root else { continue }
      switch entry.role {
      case .settings: project.settings = readSettings(root, bag: bag)
      case .screenTypes: project.screenTypes = readScreenTypes(root, bag: bag)
      case .manifest: project.manifests += readManifests(root, bag: bag)
      default: break
      }
    }
    let screenIndices = entries.indices.filter { entries[$0].role == .screens && documents[$0]?.root != nil }
    var screenLists = [[ScreenDecl]](repeating: [], count: entries.count)
    DispatchQueue.concurrentPerform(iterations: screenIndices.count) { k in
      let i = screenIndices[k]
      let local = DiagnosticBag()
      let screens = readScreens(documents[i]!.root!, project: project, bag: local)
      bag.add(contentsOf: local.all)
      lock.lock()
      screenLists[i] = screens
      lock.unlock()
    }
    project.screens = screenLists.flatMap { $0 }
    project.files.sort { $0.path < $1.path }
    return project
  }

  // MARK: Discovery

  struct Entry {
    var path: String
    var relative: String
    var role: Role?
  }

  func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// Finds the project's input files: `zlc.json`, `screen_types.json` and `rivers.json` at the top,
  /// and the files under `screens/`, `components/` and `families/`. Nothing else is walked or
  /// counted (a `.git` or `node_modules` beside the inputs costs nothing); hidden names and
  /// `node_modules` inside the input folders are passed over too. Only regular files are inputs:
  /// a FIFO, socket or device is reported, also behind a link.
  func discover(_ directory: String, bag: DiagnosticBag) -> (entries: [Entry], failed: Bool) {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      bag.add(Diagnostic(.ioError, "no such folder '\(directory)'", at: nil, path: directory))
      return ([], true)
    }
    guard isDirectory.boolValue else {
      bag.add(Diagnostic(.ioError, "'\(directory)' is a file; zlc reads a project folder", at: nil, path: directory))
      return ([], true)
    }
    let rootReal = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    var walker = InputWalker(directory: directory, rootReal: rootReal, limits: limits, bag: bag)
    walker.walk(directory, relative: "", depth: 0)
    var entries = walker.entries
    if walker.tooMany { entries.removeAll() }
    entries.sort { $0.relative < $1.relative }
    return (
      entries.compactMap { entry in Self.role(of: entry.relative).map { Entry(path: entry.path, relative: entry.relative, role: $0) } },
      walker.failed
    )
  }

  /// Whether a path below the top level is an input by its folder and extension.
  static func isInputPath(_ relative: String) -> Bool { role(of: relative) != nil }

  static func role(of relative: String) -> Role? {
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
    return nil
  }

  /// Reads a regular file of at most `limits.maxFileBytes` bytes, whatever `stat` says of its size
  /// (`/proc` files and devices report 0): a FIFO, socket or device is reported, never read.
  func readFile(_ path: String, bag: DiagnosticBag) -> SourceFile? {
    switch BoundedFile.read(path, maxBytes: limits.maxFileBytes) {
    case .success(let bytes): return SourceFile(path: path, bytes: bytes)
    case .failure(.tooLarge(let size)):
      let shown = size.map { "file is \($0) bytes" } ?? "file is larger than \(limits.maxFileBytes) bytes"
      bag.add(Diagnostic(.limit, "\(shown); zlc reads files of at most \(limits.maxFileBytes) bytes", at: nil, path: path))
    case .failure(let error):
      bag.add(Diagnostic(.ioError, "cannot read '\(path)': \(error)", at: nil, path: path))
    }
    return nil
  }

  // MARK: Settings and mappings

  func readSettings(_ root: JSONValue, bag: DiagnosticBag) -> ProjectSettings {
    var checker = ShapeChecker()
    checker.check(root, .object(Shapes.settings), what: "zlc.json")
    bag.add(contentsOf: checker.diagnostics)
    var settings = ProjectSettings(file: root.file)
    settings.app = root["app"]?.string
    if let devices = root["devices"], devices.kind == .array {
      var list: [Device] = []
      var seen: [String: SourceSpot] = [:]
      for d in devices.elements {
        guard let name = d["name"]?.string, !name.isEmpty, let cls = d["class"]?.string, let deviceClass = DeviceClass(alias: cls),
          let widthValue = d["width"], let width = flexNumber(widthValue)
        else { continue }
        if width < 1 || width > Metrics.maxLength {
          bag.report(
            .invalidValue, "device width must be from 1 to \(format(Metrics.maxLength)) points, found \(widthValue.sourceText)",
            at: widthValue.spot)
          continue
        }
        if let first = seen[name] {
          bag.report(
            .duplicateKey, "device '\(name)' is listed twice", at: d["name"]!.spot, notes: [DiagnosticNote("first listed here", at: first)])
          continue
        }
        seen[name] = d["name"]!.spot
        list.append(Device(name: name, deviceClass: deviceClass, width: width))
      }
      if devices.elements.isEmpty {
        bag.report(.invalidValue, "'devices' is empty; list at least one device or leave the key out for the defaults", at: devices.spot)
      }
      if !list.isEmpty { (settings.devices, settings.deviceSpots) = (list, seen) }
    }
    settings.dataTypes = (root["data_types"]?.elements ?? []).compactMap(\.string)
    return settings
  }

  func readScreenTypes(_ root: JSONValue, bag: DiagnosticBag) -> ScreenTypesDecl {
    var checker = ShapeChecker()
    checker.check(root, .object(Shapes.screenTypes), what: "screen_types.json")
    bag.add(contentsOf: checker.diagnostics)
    var decl = ScreenTypesDecl(file: root.file)
    for (section, isScreenTypes) in [("screen_types", true), ("content_types", false)] {
      guard let map = root[section], map.kind == .object else { continue }
      for (key, value) in map.members {
        guard let k = key.string, let v = value.string else { continue }
        let located = Located(v, value.spot)
        if isScreenTypes { decl.screenTypes.append((k, located)) } else { decl.contentTypes.append((k, located)) }
      }
    }
    return decl
  }

  // MARK: Manifests

  func readManifests(_ root: JSONValue, bag: DiagnosticBag) -> [ManifestDecl] {
    // A manifest file holds one manifest, an array of them, or the build pipeline's
    // plugin_configurations shape: [{ "plugin": manifest, "configuration_json": … }].
    var candidates: [JSONValue] = []
    if root.kind == .object {
      candidates = [root]
    } else if root.kind == .array {
      for e in root.elements {
        if let plugin = e["plugin"], plugin.kind == .object {
          candidates.append(plugin)
        } else {
          candidates.append(e)
        }
      }
    } else {
      bag.report(.wrongType, "a manifest file holds an object (or an array of manifests), found \(root.kind.article)", at: root.spot)
      return []
    }
    var result: [ManifestDecl] = []
    for value in candidates {
      guard value.kind == .object else {
        bag.report(.wrongType, "a manifest is an object, found \(value.kind.article)", at: value.spot)
        continue
      }
      var checker = ShapeChecker { name, _ in name == "field" ? .object(Shapes.manifestField) : .any }
      checker.check(value, .object(Shapes.manifest), what: "manifest")
      bag.add(contentsOf: checker.diagnostics)
      let m = ManifestDecl(value: value)
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
        collectFields(fields, section: section, into: m)
      }
      m.takesData = !m.fields(in: "data").isEmpty
      result.append(m)
    }
    return result
  }

  func collectFields(_ fields: JSONValue, section: String, into m: ManifestDecl) {
    for f in fields.elements where f.kind == .object {
      if flexBool(f["group"]) == true, let nested = f["fields"], nested.kind == .array {
        collectFields(nested, section: section, into: m)
        continue
      }
      guard let key = f["key"]?.string else { continue }
      let type = f["type"].flatMap { t in t.string.map { Located($0, t.spot) } }
      m.fields.append(FieldDecl(section: section, key: key, type: type, initialValue: f["initial_value"], value: f))
    }
  }

  // MARK: Screens

  func readScreens(_ root: JSONValue, project: Project, bag: DiagnosticBag) -> [ScreenDecl] {
    var list: [JSONValue] = []
    var container = root
    if root.kind == .object, let rivers = root["rivers"] { container = rivers }
    switch container.kind {
    case .array:
      list = container.elements
    case .object:
      if container["id"] != nil || container["type"] != nil || container["ui_components"] != nil {
        list = [container]
      } else {
        // Quick Brick keeps rivers as a map keyed by screen id.
        list = container.members.map(\.value)
      }
    default:
      bag.report(
        .wrongType, "a screens file holds a rivers array of screens or one screen object, found \(container.kind.article)",
        at: container.spot)
      return []
    }
    var screens: [ScreenDecl] = []
    for value in list {
      guard value.kind == .object else {
        bag.report(.wrongType, "a screen is an object, found \(value.kind.article)", at: value.spot)
        continue
      }
      let typeName = value["type"]?.string
      let plugin = typeName.flatMap { t in t == "general_content" || t == "favorites" ? nil : project.manifest(for: t) }
      var checker = ShapeChecker { name, v in
        switch name {
        case "component": return .object(componentShape(for: v, project: project))
        case "navItem": return .object(Shapes.navItem)
        case "screenStyles": return .object(Shapes.screenStyles.adding(plugin?.fields(in: "styles").map(\.key) ?? []))
        case "screenRules": return .object(Shapes.screenRules.adding(plugin?.fields(in: "rules").map(\.key) ?? []))
        default: return .any
        }
      }
      checker.checkObject(value, Shapes.screen, what: "screen")
      bag.add(contentsOf: checker.diagnostics)
      guard let idValue = value["id"], let id = idValue.string, !id.isEmpty, let typeValue = value["type"], let type = typeValue.string,
        !type.isEmpty
      else {
        continue
      }
      let screen = ScreenDecl(
        value: value, id: Located(id, idValue.spot),
        type: Located(type, typeValue.spot))
      if let n = value["name"], let s = n.string { screen.name = Located(s, n.spot) }
      if let h = value["home"], flexBool(h) == true {
        screen.isHome = true
        screen.homeSpot = h.spot
      }
      if let data = value["data"], data.kind == .object {
        screen.connected = flexBool(data["connected"]) ?? false
        screen.parent = data["parent"]?.nonEmptyString
      }
      if let styles = value["styles"], styles.kind == .object {
        screen.family = styles["family"]?.nonEmptyString
        if let p = styles["presentation"]?.string, Shapes.presentations.contains(p) { screen.presentation = p }
        if let l = styles["launch_mode"]?.string, Shapes.launchModes.contains(l) { screen.launchMode = l }
      }
      if let components = value["ui_components"], components.kind == .array {
        screen.componentsSpot = components.spot
        screen.components = readComponents(components, path: [])
      }
      for nav in value["navigations"]?.elements ?? [] {
        collectNavItems(nav["nav_items"], into: screen)
      }
      screens.append(screen)
    }
    return screens
  }

  func componentShape(for value: JSONValue, project: Project) -> ObjectShape {
    guard let type = value["component_type"]?.string, let manifest = project.manifest(for: type) else { return Shapes.component }
    var shape = Shapes.component
    shape.fields = shape.fields.map { field in
      switch field.key {
      case "styles": return (field.key, .object(Shapes.componentStyles.adding(manifest.fields(in: "styles").map(\.key))), field.summary)
      case "rules": return (field.key, .object(Shapes.componentRules.adding(manifest.fields(in: "rules").map(\.key))), field.summary)
      case "data": return (field.key, .object(Shapes.dataSource.adding(manifest.fields(in: "data").map(\.key))), field.summary)
      default: return field
      }
    }
    return shape
  }

  func readComponents(_ array: JSONValue, path: [Int]) -> [ComponentDecl] {
    var result: [ComponentDecl] = []
    for (i, value) in array.elements.enumerated() where value.kind == .object {
      guard let typeValue = value["component_type"], let type = typeValue.string, !type.isEmpty else { continue }
      let c = ComponentDecl(value: value, path: path + [i], type: Located(type, typeValue.spot))
      if let nested = value["ui_components"], nested.kind == .array {
        c.children = readComponents(nested, path: path + [i])
      }
      result.append(c)
    }
    return result
  }

  func collectNavItems(_ items: JSONValue?, into screen: ScreenDecl) {
    for item in items?.elements ?? [] where item.kind == .object {
      screen.navItems.append(NavItemDecl(title: item["title"]?.string, target: item["data"]?["target"]?.nonEmptyString))
      collectNavItems(item["nav_items"], into: screen)
    }
  }
}

/// `true`/`false` or the strings `"true"`/`"false"`.
func flexBool(_ value: JSONValue?) -> Bool? {
  guard let v = value else { return nil }
  if let b = v.bool { return b }
  if let s = v.string { return s == "true" ? true : s == "false" ? false : nil }
  return nil
}

/// A finite number, or a string holding one written as JSON writes numbers (not `nan`, `inf`,
/// `1e400` or hexadecimal, which `Double(_:)` would take).
func flexNumber(_ value: JSONValue?) -> Double? {
  guard let v = value else { return nil }
  if let n = v.number { return n.isFinite ? n : nil }
  guard let s = v.string?.trimmingCharacters(in: .whitespaces), isJSONNumber(s), let n = Double(s), n.isFinite else { return nil }
  return n
}

/// Whether `text` is a number as RFC 8259 writes it.
func isJSONNumber(_ text: String) -> Bool {
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
