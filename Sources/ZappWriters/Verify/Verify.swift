import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules

/// One thing a client could not load in a bundle: the file, where in it when known, and why.
public struct BundleProblem: Sendable, Equatable {
  public var file: String
  public var line: Int?
  public var column: Int?
  public var message: String
  /// The file or folder could not be read (exit status 74), rather than read and found wrong.
  public var isIOFailure: Bool

  public init(file: String, line: Int? = nil, column: Int? = nil, message: String, isIOFailure: Bool = false) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.isIOFailure = isIOFailure
  }

  /// `file:line:column: error: message`, as the other commands print diagnostics.
  public var text: String {
    let location = line.map { "\(file):\($0):\(column ?? 1): " } ?? "\(file): "
    return location + "error: " + message
  }
}

/// What `zlc verify` found in a bundle folder.
public struct VerifyOutcome: Sendable {
  public var problems: [BundleProblem]
  /// The screens of the bundle that loads (0 when it does not).
  public var screens: Int
  /// 0 when the bundle loads; 74 when a file or folder could not be read; else 1.
  public var status: ExitStatus {
    if problems.isEmpty { return .success }
    return problems.contains(where: \.isIOFailure) ? .ioFailure : .inputErrors
  }
}

/// Loads a bundle as a client app does, with the runtime library (`ScreenBundle.load`, and
/// `rivers.json` read as resolved screens, `layout_ref`s resolved), and reports each file that
/// does not load with the place in it (a `layout_ref` that names no entry at the reference). It
/// also checks what a client relies on without decoding: screen files match their `sha256`, the ids
/// in `bundle.json`, the screen files and `rivers.json` agree byte for byte, each device is listed
/// once, the mappings name screens of the bundle, each section can be drawn on every device (`sectionProblems`) and read
/// in its form (`expandedFormProblems`), and a platform's bundle lists that platform's needs,
/// whole (`platformProblems`). The screen files agree with one another, with `bundle.json` and
/// with `rivers.json` on the screens' shape (`screenSetProblems`, `connectionProblems`,
/// `riversProblems`), and `screens/` holds the listed files alone (`unlistedScreenFiles`). A
/// bundle this release wrote (its `zlc_version` this one's) is also held to the bundle's schema
/// (`schemaProblems`): a misspelled key or word, which a client reads past as a newer release's,
/// is this release's mistake.
public enum BundleVerifier {
  public static func verify(_ folder: String) -> VerifyOutcome { verify(folder, readsPlatformList: true) }

  /// `verify(_:)`; a platform's folder of a multi-platform output is verified with
  /// `readsPlatformList` false: a client reads its `bundle.json` alone, whatever `platforms.json`
  /// it holds (folders nested thousands deep, each listing the next, recurse no further).
  package static func verify(_ folder: String, readsPlatformList: Bool) -> VerifyOutcome {
    if let problem = folderProblem(folder) { return VerifyOutcome(problems: [problem], screens: 0) }
    var problems: [BundleProblem] = []
    let indexPath = join(folder, "bundle.json")
    if readsPlatformList, exists(join(folder, PlatformBundles.fileName)) { return verifyPlatforms(folder) }
    if !exists(indexPath) {
      let isProject = exists(join(folder, "zlc.json")) || exists(join(folder, "screens/")) || exists(join(folder, "rivers.json"))
      let hint: String
      if isProject {
        // The folder as a shell word: a path with a space is one argument of the command shown.
        hint = "; it looks like a layout project: build it first (zlc build \(TerminalText.shellWord(folder)) -o OUT) and verify OUT"
      } else if let marker = OutputFolder.readMarker(in: folder), marker.kind != .bundle {
        let holds: String
        switch marker.kind {
        case .bundle: holds = "zlc build's bundle"
        case .preview: holds = "zlc preview's pages"
        case .diff: holds = "zlc diff's pages"
        case .client: holds = "zlc generate's client code"
        }
        hint = "; it holds \(holds): zlc verify reads the folder zlc build writes (zlc build PROJECT -o OUT)"
      } else if let folders = platformFolders(in: folder), !folders.isEmpty {
        // A build of several platforms whose `platforms.json` is gone: its folders are bundles.
        let named = folders.prefix(3).joined(separator: ", ") + (folders.count > 3 ? ", …" : "")
        hint =
          "; its folders \(named) hold bundles, but no \(PlatformBundles.fileName) lists them: verify one (zlc verify \(TerminalText.shellWord(join(folder, folders[0])))), or build again"
      } else {
        hint = "; zlc verify reads the folder zlc build writes (zlc build PROJECT -o OUT)"
      }
      return VerifyOutcome(problems: [BundleProblem(file: folder, message: "holds no bundle (no bundle.json)" + hint)], screens: 0)
    }
    let readable = BundleIndex.readableFormatVersions
    // The version first, as the runtime reads it: a newer format may change any other key.
    var unreadableVersion: Int?
    guard let indexBytes = readOwn("bundle.json", in: folder, problems: &problems) else {
      return VerifyOutcome(problems: problems, screens: 0)
    }
    guard
      case .some(let decoded) = decode(
        indexBytes, at: indexPath, problems: &problems,
        { json -> BundleIndex? in
          if let version = json[BundleIndex.key(\.formatVersion)]?.intValue, !readable.contains(version) {
            unreadableVersion = version
            return nil
          }
          return try BundleIndex(json: json)
        })
    else {
      return VerifyOutcome(problems: problems, screens: 0)
    }
    let indexFile = ValueLocator(SourceFile(path: indexPath, bytes: indexBytes))
    guard let index = decoded else {
      problems.append(
        indexFile.problem(
          "format_version \(unreadableVersion ?? 0); this runtime reads \(readable.lowerBound) to \(readable.upperBound)",
          at: [.key(BundleIndex.key(\.formatVersion))]))
      return VerifyOutcome(problems: problems, screens: 0)
    }
    // format_version 1 has no `layouts`: its readers would pass over them and find no layout.
    if index.formatVersion == 1, !index.layouts.isEmpty {
      problems.append(
        indexFile.problem(
          "format_version 1 holds no '\(BundleIndex.layoutsField.key)' (the compact form's, format_version 2): a reader of format_version 1 would find no layout in its sections",
          at: [.key(BundleIndex.layoutsField.key)]))
    }
    let sizeClassFaults = sizeClassProblems(index, file: indexFile)
    // A device's size class is checked against size classes that hold widths.
    problems += sizeClassFaults.isEmpty ? deviceProblems(index, file: indexFile) : sizeClassFaults
    problems += repeatedDeviceProblems(index, file: indexFile)
    problems += layoutsSizeProblems(index, file: indexFile)
    // A bundle this release wrote is also held to its schema, file by file (`schemaProblems`):
    // bundle.json's problems stand here, before the screens'.
    let ownBundle = isOwnBundle(writtenBy: index.zlcVersion)
    let indexSchemaAt = problems.count
    // By their bytes, as clients find screens: an id in another Unicode form names no screen.
    let ids = Set(index.screens.map { ExactString($0.id) })
    let layouts = index.layoutTable
    // Once: each screen file's real path must be inside it.
    let root = realPath(folder)
    // The screen files on every core, their problems in the order of the index.
    let entries = index.screens
    // rivers.json, read first: each screen file is compared with its screen there as it is checked.
    var riversFound: [BundleProblem] = []
    let riversPath = join(folder, "rivers.json")
    let riversBytes = readOwn("rivers.json", in: folder, problems: &riversFound)
    var riversTree = JSON.null
    let rivers = riversBytes.flatMap { bytes in
      decode(bytes, at: riversPath, problems: &riversFound) { json -> [ResolvedScreen] in
        riversTree = json
        guard let items = json.arrayValue else { throw BundleDecodingError(path: "", message: "expected an array of screens") }
        return try items.enumerated().map { try ResolvedScreen(json: $1, path: "[\($0)]", layouts: layouts) }
      }
    }
    let riversItems = rivers == nil ? [] : riversTree.arrayValue ?? []
    // A file two entries name is read once: 100,000 entries naming one large file must not read
    // it 100,000 times. The second entry is wrong anyway (the file holds one screen).
    let sharing = entriesSharingAFile(entries, folder: folder, root: root)
    let checked = parallelMap(entries.count) { i in
      var found: [BundleProblem] = []
      if let first = sharing[i] {
        let message =
          "screen '\(entries[i].id)' has file '\(entries[i].file)', the file of screen '\(entries[first].id)' (screens[\(first)]); each screen has a file of its own"
        found.append(indexFile.problem(message, at: [.key(BundleIndex.key(\.screens)), .index(i), .key(BundleIndex.Entry.key(\.file))]))
        return (found, [RendererUse](), false, ResolvedScreen?.none, String?.none)
      }
      var tree = JSON.null
      let screen = verifyScreen(
        entries[i], folder: folder, root: root, index: index, ids: ids, layouts: layouts, schema: ownBundle, tree: &tree,
        problems: &found
      ) {
        indexFile.problem($0, at: [.key(BundleIndex.key(\.screens)), .index(i), .key(BundleIndex.Entry.key(\.file))])
      }
      // Where rivers.json's screen first differs from the file's tree (nil: nowhere).
      let differing = i < riversItems.count && riversItems[i] != tree ? firstDifference(riversItems[i], tree, at: "")?.0 ?? "" : nil
      // A screen whose tree is rivers.json's is kept once, there.
      let kept = differing == nil && i < riversItems.count ? nil : screen
      return (found, screen.map(RendererUse.uses) ?? [], screen != nil, kept, differing)
    }
    problems += checked.flatMap(\.0)
    let screens = checked.indices.map { i in checked[i].2 ? checked[i].3 ?? rivers?[i] : nil }
    // What the screen files show together, of files with no problem of their own.
    let faulty = Set(problems.map(\.file))
    problems += screenSetProblems(entries, screens: screens, folder: folder, faulty: faulty, index: indexFile)
    // Past a screen file that does not load (a `file` that names no file of the bundle, say).
    if !screens.contains(where: { $0 == nil }) { problems += unlistedScreenFiles(entries, folder: folder) }
    problems += platformProblems(index, uses: checked.flatMap(\.1), file: indexFile)
    for (kind, mappings) in [
      (BundleIndex.screenTypesField.key, index.screenTypes), (BundleIndex.contentTypesField.key, index.contentTypes),
      (BundleIndex.key(\.uiTags), index.uiTags), (BundleIndex.key(\.fallbackScreens), index.fallbackScreens),
    ] {
      for mapping in mappings where !ids.contains(ExactString(mapping.screen)) {
        problems.append(
          indexFile.problem(
            "\(kind) maps '\(mapping.key)' to '\(mapping.screen)', which is not a screen of the bundle",
            at: [.key(kind), .key(mapping.key)]))
      }
    }
    problems += riversFound
    if let rivers, let riversBytes, rivers.map({ ExactString($0.id) }) != index.screens.map({ ExactString($0.id) }) {
      // At the first screen that is not the one bundle.json lists there (the array when none is).
      let first =
        zip(rivers, index.screens).enumerated().first { ExactString($1.0.id) != ExactString($1.1.id) }?.offset
        ?? min(rivers.count, index.screens.count)
      problems.append(
        ValueLocator(SourceFile(path: riversPath, bytes: riversBytes)).problem(
          "holds \(rivers.count) screens that are not the \(index.screens.count) of bundle.json in the same order",
          at: first < rivers.count ? [.index(first), .key(ResolvedScreen.idKey)] : []))
    }
    if let rivers, let riversBytes, rivers.map({ ExactString($0.id) }) == index.screens.map({ ExactString($0.id) }) {
      problems += riversProblems(
        rivers, trees: riversItems, differing: checked.map(\.4), entries: entries, screens: screens, folder: folder,
        faulty: Set(problems.map(\.file)), expanded: index.formatVersion == BundleForm.expanded.formatVersion,
        in: SourceFile(path: riversPath, bytes: riversBytes))
    }
    if let rivers { problems += fallbackProblems(index.fallbacks, screens: rivers, file: indexFile) }
    // The schema pass of a file the checks above found whole (its problems are not said twice):
    // rivers.json repeats the screen files, so not while one of them has a problem. A screen of
    // rivers.json whose tree is its screen file's holds to the schema as that file did: only the
    // screens whose trees differ (a key the compact form derives, written) are checked again.
    if ownBundle {
      if rivers != nil, let riversBytes, !problems.contains(where: { $0.file == riversPath }), checked.allSatisfy(\.0.isEmpty) {
        let differing = Set(checked.indices.filter { checked[$0].4 != nil })
        if !differing.isEmpty {
          problems += schemaProblems(
            riversBytes, at: riversPath, definition: screenDefinition(formatVersion: index.formatVersion), array: true,
            elements: differing)
        }
      }
      if !problems.contains(where: { $0.file == indexPath }) {
        problems.insert(contentsOf: schemaProblems(indexBytes, at: indexPath, definition: BundleIndex.schemaName), at: indexSchemaAt)
      }
    }
    guard problems.isEmpty else { return VerifyOutcome(problems: problems, screens: 0) }
    // Last, the one call a client makes at start: whatever the checks above missed, it must load.
    // Each screen file was decoded above as opening its screen decodes it (`ResolvedScreen` of the
    // file's bytes with the index's layouts), so the screens are not decoded a third time.
    do {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: folder))
      return VerifyOutcome(problems: [], screens: bundle.screenIDs.count)
    } catch {
      return VerifyOutcome(problems: [BundleProblem(file: folder, message: "ScreenBundle.load fails: \(error)")], screens: 0)
    }
  }

  /// Checks one screen file of the index: its path, inside `root` (the folder's real path) once
  /// links are followed, its bytes against `sha256`, that it loads (each `layout_ref` naming an
  /// entry of `layouts`), that it is the screen the index says, and its sections on `devices`
  /// (`sectionProblems`) on the index's devices, the screens it names beyond its sections'
  /// targets (`referenceProblems`), in its form (`expandedFormProblems`); with
  /// `schema`, when the file has no other problem, against the bundle's schema (`schemaProblems`).
  /// `atFile` locates a problem at the entry's `file` in `bundle.json`; `tree` gets the file's tree.
  @discardableResult
  package static func verifyScreen(
    _ entry: BundleIndex.Entry, folder: String, root: String, index: BundleIndex, ids: Set<ExactString>, layouts: LayoutTable,
    schema: Bool = false, tree: inout JSON, problems: inout [BundleProblem], atFile: (String) -> BundleProblem
  ) -> ResolvedScreen? {
    guard ScreenBundle.isInside(entry.file) else {
      let shown = entry.file.replacingOccurrences(of: "\u{0}", with: "\\u0000")
      problems.append(atFile("screen '\(entry.id)' has file '\(shown)', \(whyNotInside(entry.file))"))
      return nil
    }
    let path = join(folder, entry.file)
    // A folder of the bundle (`.`, `screens`) is no screen file: the entry's fault, not a link's.
    if isFolder(path), realPath(path) == root || ScreenBundle.resolves(entry.file, inside: root, folder: folder) {
      problems.append(atFile("screen '\(entry.id)' has file '\(entry.file)', which is a folder, not a file"))
      return nil
    }
    guard ScreenBundle.resolves(entry.file, inside: root, folder: folder) else {
      problems.append(
        atFile("screen '\(entry.id)' has file '\(entry.file)', which a link takes outside the bundle; \(ScreenBundle.ownFilesOnly)"))
      return nil
    }
    // A file that is not there is the entry's fault: it is located at the entry (one that cannot
    // be looked at, in a folder that cannot be searched, is an I/O failure, which `read` says).
    guard !isAbsent(path) else {
      problems.append(
        atFile("screen '\(entry.id)' has file '\(entry.file)', which is not there: build the bundle again, or restore the file"))
      return nil
    }
    guard let bytes = read(path, problems: &problems) else { return nil }
    let hash = Digest.sha256Hex(bytes)
    if hash != entry.sha256.lowercased() {
      let says = entry.sha256.isEmpty ? "but bundle.json gives no hash to check it against" : "not \(entry.sha256) as bundle.json says"
      problems.append(BundleProblem(file: path, message: "its SHA-256 is \(hash), \(says)"))
    }
    var parsed = JSON.null
    let decoded = decode(bytes, at: path, problems: &problems) { json in
      parsed = json
      return try ResolvedScreen(json: json, layouts: layouts)
    }
    tree = parsed
    guard let screen = decoded else { return nil }
    if ExactString(screen.id) != ExactString(entry.id) {
      // Ids that differ only in Unicode form look the same: say why they are two.
      let form = screen.id == entry.id ? ", the same text in another Unicode form (ids are compared by their bytes)" : ""
      problems.append(
        ValueLocator(SourceFile(path: path, bytes: bytes)).problem(
          "holds screen '\(screen.id)', but bundle.json lists it for '\(entry.id)'\(form)", at: [.key(ResolvedScreen.idKey)]))
    }
    problems += sizeProblems(screen, in: SourceFile(path: path, bytes: bytes))
    problems += connectionProblems(screen).map { locate($0, in: SourceFile(path: path, bytes: bytes)) }
    problems += sectionProblems(
      screen, tree: tree, devices: index.devices, ids: ids, in: SourceFile(path: path, bytes: bytes), ownArithmetic: schema)
    problems += referenceProblems(screen, tree: tree, ids: ids, in: SourceFile(path: path, bytes: bytes))
    problems += sizeClassNameProblems(screen, sizeClasses: index.sizeClasses, in: SourceFile(path: path, bytes: bytes))
    if index.formatVersion == BundleForm.expanded.formatVersion {
      problems += expandedFormProblems(screen, tree: tree, in: SourceFile(path: path, bytes: bytes))
    }
    if schema, !problems.contains(where: { $0.file == path }) {
      problems += schemaProblems(bytes, at: path, definition: screenDefinition(formatVersion: index.formatVersion))
    }
    return screen
  }

  /// For each entry whose file (inside the bundle, links followed) is the very file of an earlier
  /// entry (the same device and inode, however its path is written), the earlier entry's index.
  static func entriesSharingAFile(_ entries: [BundleIndex.Entry], folder: String, root: String) -> [Int: Int] {
    var first: [[UInt64]: Int] = [:]
    var sharing: [Int: Int] = [:]
    for (i, entry) in entries.enumerated() {
      var status = stat()
      guard ScreenBundle.isInside(entry.file), ScreenBundle.resolves(entry.file, inside: root, folder: folder),
        stat(join(folder, entry.file), &status) == 0, status.st_mode & S_IFMT == S_IFREG
      else { continue }
      let key = [UInt64(status.st_dev), UInt64(status.st_ino)]
      if let earlier = first[key] { sharing[i] = earlier } else { first[key] = i }
    }
    return sharing
  }

  /// What keeps `file` (a path `ScreenBundle.isInside` refuses) from naming a file inside the
  /// bundle folder, as the runtime reads it.
  static func whyNotInside(_ file: String) -> String {
    let parts = file.split(separator: "/", omittingEmptySubsequences: false)
    if file.isEmpty { return "which is empty; a screen file is a path inside the bundle folder" }
    if file.utf8.contains(0) { return "which holds a NUL, where the system would end the path" }
    if file.hasPrefix("/") { return "an absolute path; a screen file is relative to the bundle folder" }
    if parts.contains("..") {
      // `screens/../screens/a.json` stays inside, and is refused still: a path of named parts.
      var depth = 0
      for part in parts where part != "." && !part.isEmpty {  // the system reads `a//b` as `a/b`
        depth += part == ".." ? -1 : 1
        if depth < 0 { return "which '..' takes outside the bundle" }
      }
      return "which holds '..'; the runtime reads a path of named parts alone"
    }
    if file.hasSuffix("/") { return "which ends in '/', naming a folder, not a file" }
    return "which holds an empty part ('//'); the runtime reads a path of named parts alone"
  }

  /// The real path of `path` (links resolved), else `path`.
  package static func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A size at zero or below (an item, a frame, a column, a header): a client would draw nothing
  /// or trap. Each is located at its value and named by its screen, section and device. A
  /// section naming a `layouts` entry holds no layout of its own: the entry's sizes are
  /// `layoutsSizeProblems`'.
  package static func sizeProblems(_ screen: ResolvedScreen, in file: SourceFile) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    for (i, section) in screen.resolved.sections.enumerated() where section.layoutRef == nil {
      for (device, layout) in section.layout {
        guard let bad = layout.firstNonPositiveSize else { continue }
        let message =
          "screen '\(screen.id)', section \(section.section) ('\(section.componentType)'), device '\(device)': \(bad.path) is \(bad.value); a size must be above zero"
        problems.append(
          locate(BundleDecodingError(path: "resolved.sections[\(i)].layout.\(device).\(bad.path)", message: message), in: file))
      }
    }
    return problems
  }

  /// A size at zero or below in an entry of `bundle.json`'s `layouts`, which every section
  /// naming the entry draws: located at its value there, once, and named by the entry and device.
  package static func layoutsSizeProblems(_ index: BundleIndex, file: ValueLocator) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    let layoutKey = ResolvedSection.key(\.layout)
    for entry in index.layouts {
      for (device, json) in entry.value[layoutKey]?.objectValue ?? [] {
        guard let layout = try? SectionLayout.decode(json, path: "", layouts: .empty), let bad = layout.firstNonPositiveSize else {
          continue
        }
        problems.append(
          file.problem(
            "layouts entry '\(entry.id)', device '\(device)': \(bad.path) is \(bad.value); a size must be above zero",
            at: [.key(BundleIndex.layoutsField.key), .key(entry.id), .key(layoutKey), .key(device)] + steps(of: bad.path)))
      }
    }
    return problems
  }

  /// Parses and reads the bytes with the runtime library, as a client does; a value that is not
  /// what the contract says is located with zlc's own reader.
  package static func decode<T>(_ bytes: [UInt8], at path: String, problems: inout [BundleProblem], _ type: (JSON) throws -> T) -> T? {
    if let found = byteOrderMarkProblem(bytes, at: path) { problems.append(found) }
    do {
      return try type(try JSON.parse(bytes))
    } catch let error as JSON.ParseError {
      // The runtime's place and words, with zlc's reader's fuller words for the same problem.
      let ours = readerError(at: error, in: bytes, path: path)
      // zlc's words alone when they begin with the runtime's ("expected a key, found the end of the file").
      let words = ours.map { $0.message.hasPrefix(error.message) ? $0.message : "\(error.message) (\($0.message))" } ?? error.message
      problems.append(BundleProblem(file: path, line: error.line, column: error.column, message: "not JSON: " + words))
    } catch let error as BundleDecodingError {
      problems.append(locate(error, in: SourceFile(path: path, bytes: bytes)))
    } catch {
      problems.append(BundleProblem(file: path, message: "does not load: \(error)"))
    }
    return nil
  }

  /// A leading UTF-8 byte order mark, which zlc never writes: the runtime library reads past it,
  /// but the decoders zlc generates for Swift, Kotlin and TypeScript refuse one in `bundle.json`,
  /// and a client's JSON reader (JavaScript's `JSON.parse`) one in any file.
  static func byteOrderMarkProblem(_ bytes: [UInt8], at path: String) -> BundleProblem? {
    guard bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return nil }
    let refusedBy =
      path.hasSuffix("/bundle.json") || path == "bundle.json"
      ? "the decoders zlc generates (Swift, Kotlin, TypeScript)" : "JSON readers such as JavaScript's JSON.parse"
    return BundleProblem(
      file: path, line: 1, column: 1, message: "starts with a UTF-8 byte order mark, which \(refusedBy) refuse; zlc writes none")
  }

  /// zlc's reader's error for the problem the runtime stopped at: the last on the runtime's line at
  /// or before its byte (zlc puts an escape's error at its backslash, the runtime past it). Those
  /// before it are problems the runtime read past (a `\u0000` escape, which RFC 8259 allows and zlc
  /// refuses in a project's text); those after it, ones it never reached.
  static func readerError(at error: JSON.ParseError, in bytes: [UInt8], path: String) -> Diagnostic? {
    var lineStart = 0
    var line = 1
    while line < error.line, let next = bytes[lineStart...].firstIndex(of: 0x0A) {
      lineStart = next + 1
      line += 1
    }
    let offset = lineStart + error.column - 1
    return JSONReader.read(SourceFile(path: path, bytes: bytes), limits: .bundle).diagnostics
      .filter { diagnostic in
        guard diagnostic.severity == .error, diagnostic.rule.category == .reading, let at = diagnostic.location else { return false }
        return at.line == error.line && at.offset <= offset
      }
      .max { $0.location?.offset ?? 0 < $1.location?.offset ?? 0 }
  }

  /// Where the value of a decoding error is: its path (`sections[2].layout.phone.item`) walked in
  /// the document as far as it goes.
  package static func locate(_ error: BundleDecodingError, in file: SourceFile) -> BundleProblem {
    let message = (error.path.isEmpty ? "the file" : error.path) + ": " + error.message
    return problem(message, at: steps(of: error.path), root: JSONReader.read(file, limits: .bundle).document?.root, file: file.path)
  }

  /// A problem at the value `steps` lead to from `root`, walked as far as it goes (the file alone
  /// when the file holds no document).
  /// `element` finds an array's element by its index (`ValueLocator` keeps each array's elements, so
  /// that thousands of problems in one list cost no more than reading the list).
  package static func problem(
    _ message: String, at steps: [Step], root: JSONValue?, file: String,
    element: (JSONValue, Int) -> JSONValue? = { $0.element(at: $1) }
  ) -> BundleProblem {
    var node = root
    var found = node
    for step in steps {
      switch step {
      case .index(let i):
        // A map's key written like an index (`"[2]"`) is that key; an index outside the list
        // (negative, or past its end) leads nowhere.
        if let key = node?["[\(i)]"] {
          node = key
        } else {
          node = node.flatMap { element($0, i) }
        }
      case .key(let key):
        node = node?[key]
      }
      guard let next = node else { break }
      found = next
    }
    guard let spot = found?.spot else { return BundleProblem(file: file, message: message) }
    let location = spot.location
    return BundleProblem(file: file, line: location.line, column: location.column, message: message)
  }

  package enum Step: Equatable, Sendable {
    case key(String)
    case index(Int)
  }

  /// The keys and indices of a path such as `[3].resolved.sections[2].layout`.
  package static func steps(of path: String) -> [Step] {
    var steps: [Step] = []
    for part in path.split(separator: ".", omittingEmptySubsequences: true) {
      var rest = Substring(part)
      if let bracket = rest.firstIndex(of: "[") {
        if bracket > rest.startIndex { steps.append(.key(String(rest[..<bracket]))) }
        rest = rest[bracket...]
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
          if let i = Int(rest[rest.index(after: rest.startIndex)..<close]) { steps.append(.index(i)) }
          rest = rest[rest.index(after: close)...]
        }
      } else {
        steps.append(.key(String(rest)))
      }
    }
    return steps
  }
}

extension BundleVerifier {
  /// Each section `fallbacks` names is a section of the bundle that has a `fallback`.
  package static func fallbackProblems(_ fallbacks: [ClientFallbacks], screens: [ResolvedScreen], file: ValueLocator) -> [BundleProblem] {
    let byID = Dictionary(screens.map { (ExactString($0.id), $0) }, uniquingKeysWith: { first, _ in first })
    var problems: [BundleProblem] = []
    // Each screen's sections by their `section`, found once: a screen may have thousands.
    var sectionIndex: [ExactString: [Int: Int]] = [:]
    for (c, client) in fallbacks.enumerated() {
      for (r, reference) in client.sections.enumerated() {
        let id = ExactString(reference.screen)
        let sections = byID[id]?.resolved.sections ?? []
        if sectionIndex[id] == nil { sectionIndex[id] = sections.firstIndices { $0.section } }
        let section = sectionIndex[id]?[reference.section].map { sections[$0] }
        guard section?.fallback == nil else { continue }
        let what = section == nil ? "which is not a section of the bundle" : "which has no fallback"
        problems.append(
          file.problem(
            "fallbacks of the \(client.platform) client \(client.clientVersion) name section \(reference.section) of screen '\(reference.screen)', \(what)",
            at: [.key(BundleIndex.key(\.fallbacks)), .index(c), .key(ClientFallbacks.key(\.sections)), .index(r)]))
      }
    }
    return problems
  }
}
