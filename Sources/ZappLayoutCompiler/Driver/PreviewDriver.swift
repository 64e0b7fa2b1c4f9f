import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules
import ZappWriters

extension Driver {
  /// Checks the project and writes HTML wireframes of its screens (`zlc preview`); with `feeds`,
  /// connected screens are filled from the sender feeds in that folder, and the mapper's findings
  /// are reported as `zlc map` reports them (warnings: the pages are written). Nothing is written
  /// when the project or a feed has errors. An app of several platforms is drawn as its first
  /// platform's bundle draws it, unless `platform` names another (`previewedPlatform`).
  /// `progress` is told how many screens' pages of how many are written (a progress bar).
  public static func preview(
    _ directory: String, output: String, feeds: String? = nil, warningsAsErrors: Bool = false, platform: String? = nil,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) -> BuildOutcome {
    var senders: [ExactString: FeedEntry] = [:]
    var drawn: Project?
    var feedFiles = 0
    let readFeeds = { (project: Project) -> [Diagnostic] in
      let previewed = previewedProject(project, platform: platform)
      drawn = previewed
      guard let feeds else { return [] }
      let read = readSenders(feeds, project: project)
      senders = read.senders
      feedFiles = read.files
      return read.diagnostics + senderFindings(read.senders, documents: read.documents, project: previewed)
    }
    var outcome = checkThenWrite(
      directory, output: output, kind: .preview, warningsAsErrors: warningsAsErrors, platform: platform, prepare: readFeeds
    ) { project, folder in
      var writer = PreviewWriter(project: drawn ?? project, senders: senders)
      writer.progress = progress
      try writer.write(to: folder)
    }
    if platform == nil { outcome.previewedPlatform = outcome.check.project.bundlePlatforms.first }
    outcome.previewedDevices = (drawn ?? outcome.check.project).settings.devices.count
    outcome.feedFiles = feedFiles
    return outcome
  }

  /// The project as the preview draws it: an app of several platforms as its first platform's
  /// bundle does, as `zlc serve` shows it, unless `--platform` narrowed it already.
  public static func previewedProject(_ project: Project, platform: String?) -> Project {
    guard platform == nil, let first = project.bundlePlatforms.first else { return project }
    return project.narrowed(to: first)
  }

  /// The note of a preview of an app of several platforms drawn as its first platform's bundle.
  public static func previewedPlatformNote(_ outcome: BuildOutcome) -> String? {
    guard let platform = outcome.previewedPlatform else { return nil }
    return "note: the preview draws \(previewedBundle(platform, of: outcome.check.project.bundlePlatforms)); --platform ID draws another"
  }

  /// Which bundle a preview of an app of several platforms draws, as `zlc preview` and `zlc serve`
  /// say it: "the ios bundle, the first of the app's 2 platforms (ios, android)".
  public static func previewedBundle(_ platform: String, of platforms: [String]) -> String {
    "the \(TerminalText.visible(platform)) bundle, the first of the app's \(platforms.count) platforms (\(platforms.map { TerminalText.visible($0) }.joined(separator: ", ")))"
  }

  /// The findings of the mapper on each screen a sender fills, on every device of the project
  /// (which items are shown, and so reported, depends on the device), worded and placed as
  /// `zlc map` words them; a finding made on several devices is reported once.
  public static func senderFindings(
    _ senders: [ExactString: FeedEntry], documents: [ExactString: JSONValue], project: Project
  ) -> [Diagnostic] {
    let devices = project.settings.devices
    guard !senders.isEmpty, !devices.isEmpty else { return [] }
    let resolver = Resolver(project: project)
    let index = resolver.bundleIndex()
    var diagnostics: [Diagnostic] = []
    var reported: Set<String> = []  // rule, file, offset and message of each finding reported
    let screenTypes = (project.screenTypes?.screenTypes.map(\.key) ?? []) + project.screens.map(\.id.value)
    for id in senders.keys.sorted(by: { $0.value.utf8.lexicographicallyPrecedes($1.value.utf8) }) {
      guard let screen = project.screen(id: id.value), let sender = senders[id] else { continue }
      let resolved = resolver.resolvedScreen(screen)
      let leaves = resolver.leafComponents(screen)
      let root = documents[id]
      let locator = SenderLocator(root: root, screenTypes: screenTypes)
      for device in devices {
        let result = Mapper.map(screen: resolved, sender: sender, device: device.name, bundle: index)
        for finding in result.findings {
          let diagnostic = mapDiagnostic(finding, in: locator, leaves: leaves, senderPath: root?.spot.file.path)
          let key = [diagnostic.code, diagnostic.path ?? "", "\(diagnostic.spot?.offset ?? -1)", diagnostic.message]
          if reported.insert(key.joined(separator: "\u{0}")).inserted { diagnostics.append(diagnostic) }
        }
      }
    }
    return DiagnosticList.kept(diagnostics).sortedForOutput(fileOrder: project.fileOrder)
  }

  /// The sender feeds in `folder` (`*.json`, not its subfolders), each named after the connected
  /// screen it fills: the screen's id, a unique screen name, a `screen_type` that opens it, or its `ui_tag`
  /// (`show.json` fills the screen `show`). Returns screen id → feed, screen id → the feed's
  /// root value (where its findings are placed), and the diagnostics of the feeds. Screen ids are
  /// keyed by their exact characters, as clients compare them: feeds of `é` written as one scalar
  /// and as `e` and an accent fill two screens.
  public static func readSenders(
    _ folder: String, project: Project
  ) -> (senders: [ExactString: FeedEntry], documents: [ExactString: JSONValue], diagnostics: [Diagnostic], files: Int) {
    var diagnostics: [Diagnostic] = []
    var senders: [ExactString: FeedEntry] = [:]
    var documents: [ExactString: JSONValue] = [:]
    var filledBy: [ExactString: String] = [:]  // screen id → the feed's file name
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      return ([:], [:], [IOErrorRule.Message.noSuchFeedsFolder(folder).diagnostic(at: nil, path: folder)], 0)
    }
    guard isDirectory.boolValue else {
      return ([:], [:], [IOErrorRule.Message.feedsFolderIsNotAFolder(folder).diagnostic(at: nil, path: folder)], 0)
    }
    // Listed by the names' bytes: names equal as Swift strings (`é` and `e` and an accent) are
    // ordered by their bytes, and a name that is not UTF-8 is reported, never read by the name it
    // is listed with (a valid `\u{FFFD}.json` beside `\xff.json` is another file).
    let entries = FolderListing.list(folder) ?? []
    let loader = ProjectLoader()
    var unmatched: [(name: String, reference: String, path: String)] = []
    var files = 0  // the feeds read, as the summary counts them with the project's files
    for entry in entries where ProjectLoader.isFeedsFolderEntry(entry.name) {
      let name = entry.name
      let path = (folder as NSString).appendingPathComponent(name)
      // `.JSON`, as a file is often exported, is read as `.json`; a near miss (`.jsn`,
      // `.json.txt`) is said to be left out, as in the project.
      guard name.lowercased().hasSuffix(".json") else {
        if let corrected = ProjectLoader.nearMiss(ofFile: name, extensions: ["json"]) {
          let message = MisnamedInputRule.Message.nearExtension(
            name, folder: (folder as NSString).lastPathComponent, extensions: ["json"])
          diagnostics.append(message.diagnostic(at: nil, fixIt: .didYouMean(corrected, at: nil), path: path))
        }
        continue
      }
      guard entry.isUTF8 else {
        diagnostics.append(IOErrorRule.Message.nameNotUTF8(path).diagnostic(at: nil, path: path))
        continue
      }
      files += 1
      let bag = DiagnosticBag()
      guard let file = loader.readFile(path, bag: bag) else {
        diagnostics += bag.all
        continue
      }
      let read = FeedReader.read(file)
      diagnostics += read.diagnostics
      guard let feed = read.feed, !read.diagnostics.contains(where: { $0.severity == .error }) else { continue }
      let reference = String(name.dropLast(".json".count))
      guard let screen = findScreen(reference, in: project) else {
        let sharing = project.screens(named: reference)
        if sharing.count > 1 {
          diagnostics.append(
            UnmatchedPreviewFeedRule.Message.feedNamesSharedName(name, ids: sharing.map(\.id.value)).diagnostic(at: nil, path: path))
          continue
        }
        unmatched.append((name, reference, path))
        continue
      }
      guard screen.connected else {
        diagnostics.append(
          UnmatchedPreviewFeedRule.Message.feedNamesUnconnectedScreen(name, screen: screen.id.value).diagnostic(at: nil, path: path))
        continue
      }
      let id = ExactString(screen.id.value)
      if let first = filledBy[id] {
        diagnostics.append(
          UnmatchedPreviewFeedRule.Message.feedFillsAFilledScreen(name, screen: screen.id.value, first: first).diagnostic(
            at: nil, path: path))
        continue
      }
      filledBy[id] = name
      senders[id] = feed
      documents[id] = read.document?.root
    }
    // A feed named after no screen is near the name of one another feed does not fill already.
    let connected = project.screens.filter { $0.connected && filledBy[ExactString($0.id.value)] == nil }
    let names = connected.compactMap { $0.name?.value }.filter { project.screen(named: $0) != nil }
    let types = (project.screenTypes?.screenTypes.map(\.key) ?? []).filter { key in
      findScreen(key, in: project).map { $0.connected && filledBy[ExactString($0.id.value)] == nil } ?? false
    }
    let candidates = connected.map(\.id.value) + names + types + connected.compactMap { $0.uiTag?.value }
    for (name, reference, path) in unmatched {
      // A name that reads as a screen's but differs in its scalars (a file system that stores
      // names decomposed): said so, both spelled out, since the two print alike.
      if let twin = candidates.first(where: { $0 == reference && !$0.utf8.elementsEqual(reference.utf8) }) {
        diagnostics.append(
          UnmatchedPreviewFeedRule.Message.feedNamesNoScreen(name, inAnotherFormOf: twin).diagnostic(
            at: nil, fixIt: .didYouMean(twin + ".json", at: nil), path: path))
        continue
      }
      let suggestion = closestMatch(to: reference, in: candidates)
      diagnostics.append(
        UnmatchedPreviewFeedRule.Message.feedNamesNoScreen(name).diagnostic(
          at: nil, fixIt: .didYouMean(suggestion.map { $0 + ".json" }, at: nil), path: path))
    }
    return (senders, documents, diagnostics.sortedForOutput(fileOrder: [:]), files)
  }
}
