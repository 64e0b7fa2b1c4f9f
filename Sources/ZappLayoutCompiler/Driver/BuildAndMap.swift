import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules
import ZappWriters

extension Driver {
  /// What a build did.
  public struct BuildOutcome {
    public var check: CheckOutcome
    public var diagnostics: [Diagnostic]
    public var status: ExitStatus
    public var written: Bool
    public var screens: Int
    public var sections: Int
    /// What the bundle writer wrote, when it wrote.
    public var bundle: WrittenBundle? = nil
    /// The platform whose bundle a preview of an app of several draws, when `--platform` named none.
    public var previewedPlatform: String? = nil
    /// The devices a preview drew its pages on (its platform's bundle's).
    public var previewedDevices: Int? = nil
    /// The preview feeds read (`--feeds`), which the summary counts with the project's files.
    public var feedFiles = 0
  }

  /// Checks the output folder and the project, then reads what `prepare` reads for the write (a
  /// preview's feeds) and finds what the write will keep beside the output (ZL0126), then runs
  /// `write` when none of them has an error (with `warningsAsErrors`, no warning either: those of
  /// `prepare` and the kept folders too); a failed write is an I/O error. A refused output
  /// is reported before the project is read.
  static func checkThenWrite(
    _ directory: String, output: String, kind: OutputFolder.Kind, warningsAsErrors: Bool, platform: String? = nil,
    prepare: (Project) -> [Diagnostic] = { _ in [] }, write: (Project, OutputFolder) throws -> Void
  ) -> BuildOutcome {
    let folder: OutputFolder
    do {
      folder = try OutputFolder.validate(output, kind: kind, project: directory)
    } catch {
      let (diagnostic, isIOFailure) = OutputFolder.notAccepted(error, output: output)
      let status: ExitStatus = isIOFailure ? .ioFailure : .usage
      let unread = CheckOutcome(project: Project(directory: directory), diagnostics: [diagnostic], status: status)
      return BuildOutcome(check: unread, diagnostics: [diagnostic], status: status, written: false, screens: 0, sections: 0)
    }
    let outcome = check(directory, warningsAsErrors: warningsAsErrors, platform: platform, foldsIndentation: true)
    var diagnostics = outcome.diagnostics
    guard outcome.status == .success else {
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: outcome.status, written: false, screens: 0, sections: 0)
    }
    let prepared =
      promoted(prepare(outcome.project), warningsAsErrors: warningsAsErrors)
      + keptLeftoverWarnings(folder, warningsAsErrors: warningsAsErrors)
    diagnostics += prepared
    if !prepared.isEmpty, case let status = status(for: diagnostics), status != .success {
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: status, written: false, screens: 0, sections: 0)
    }
    do {
      try write(outcome.project, folder)
    } catch let refusal as OutputFolder.Refusal {  // found under the folder's lock, written meanwhile
      diagnostics.append(OutputRefusedRule.Message.refused(refusal).diagnostic(at: nil, path: output))
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: .usage, written: false, screens: 0, sections: 0)
    } catch {
      diagnostics.append(IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output))
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: .ioFailure, written: false, screens: 0, sections: 0)
    }
    return BuildOutcome(
      check: outcome, diagnostics: diagnostics, status: .success, written: true, screens: outcome.project.screens.count, sections: 0)
  }

  /// Checks a project and, when it has no errors, writes its bundle to `output` (compact and
  /// minified unless `bundle` says otherwise).
  public static func build(
    _ directory: String, output: String, warningsAsErrors: Bool = false, platform: String? = nil,
    bundle: BundleWriter.Options = BundleWriter.Options()
  ) -> BuildOutcome {
    var written: WrittenBundle?
    var outcome = checkThenWrite(directory, output: output, kind: .bundle, warningsAsErrors: warningsAsErrors, platform: platform) {
      written = try BundleWriter(project: $0, options: bundle).write(to: $1)
    }
    if outcome.written, let written {
      // Each platform's bundle holds the same screens; the sections are the first bundle's.
      outcome.sections = written.bundles.first?.sections ?? 0
      outcome.bundle = written
    }
    return outcome
  }

  /// What `zlc map` found.
  public struct MapOutcome {
    public var diagnostics: [Diagnostic]
    public var status: ExitStatus
    /// The map, when the screen maps alike on every platform the app builds a bundle for (nil
    /// when `byPlatform` holds the maps).
    public var result: Mapper.Result?
    public var files: Int
    /// Without `--platform`, in an app whose platforms' bundles map the screen differently: each
    /// distinct map with the platforms whose bundles make it, in the app's platform order.
    public var byPlatform: [PlatformMap] = []
  }

  /// The map of a screen as one or more platforms' bundles make it.
  public struct PlatformMap {
    public var platforms: [String]
    public var result: Mapper.Result
    /// The map's own findings, worded, without the platforms named.
    public var findings: [Diagnostic]
    /// The diagnostics of the project and the feed, and the map's findings: what `zlc map
    /// --platform` prints for one of `platforms`.
    public var diagnostics: [Diagnostic] = []
  }

  /// Finds a screen by id, unique name, screen_type or ui_tag (a client opens a screen by either).
  static func findScreen(_ reference: String, in project: Project) -> ScreenDecl? {
    if let s = project.screen(named: reference) { return s }
    // A client compares screen_type keys by their exact characters, as zlc compares screen ids.
    let exact = ExactString(reference)
    if let mapped = project.screenTypes?.screenTypes.first(where: { ExactString($0.key) == exact }) {
      return project.screen(named: mapped.target.value)
    }
    // A name several screens share is refused as such, never taken as a third screen's ui_tag.
    guard project.screens(named: reference).count < 2 else { return nil }
    return project.screens.first { $0.uiTag.map { ExactString($0.value) == exact } ?? false }
  }

  /// Maps a sender feed onto a screen of a checked project.
  public static func map(
    screen reference: String, project directory: String, sender: String?, device: String?, platform: String? = nil
  ) -> MapOutcome {
    let outcome = check(directory, platform: platform)
    var diagnostics = outcome.diagnostics
    guard outcome.status == .success else {
      return MapOutcome(diagnostics: diagnostics, status: outcome.status, result: nil, files: outcome.project.files.count)
    }
    let project = outcome.project
    let fileCount = project.files.count + (sender == nil ? 0 : 1)
    guard let screen = findScreen(reference, in: project) else {
      let sharing = project.screens(named: reference)
      if sharing.count > 1 {
        diagnostics.append(
          UnknownMapScreenRule.Message.sharedName(reference, ids: sharing.map(\.id.value)).diagnostic(at: nil, path: directory))
        return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
      }
      let candidates =
        project.screens.map(\.id.value) + project.screens.compactMap { $0.name?.value }
        + (project.screenTypes?.screenTypes.map(\.key) ?? []) + project.screens.compactMap { $0.uiTag?.value }
      let suggestion = closestMatch(to: reference, in: candidates)
      diagnostics.append(
        UnknownMapScreenRule.Message.noScreen(reference).diagnostic(
          at: nil, fixIt: .didYouMean(suggestion, at: nil), path: directory))
      // A bad argument, as an unknown --device is: 64.
      return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
    }
    if sender != nil, !screen.connected {
      diagnostics.append(UnknownMapScreenRule.Message.senderForRootScreen(screen.id.value).diagnostic(at: nil, path: directory))
      return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
    }
    let deviceName = device ?? project.settings.devices[0].name
    // Each platform's bundle has its own devices (a TV platform's the TV): a device named must be
    // in every bundle mapped, and without one each bundle is mapped on its first device.
    let narrowedProjects = project.bundlePlatforms.map { (platform: $0, project: project.narrowed(to: $0)) }
    if let device {
      let lacking = narrowedProjects.filter { each in !each.project.settings.devices.contains { $0.name == device } }
      let having = narrowedProjects.filter { each in each.project.settings.devices.contains { $0.name == device } }
      if !lacking.isEmpty, !having.isEmpty {
        // The platforms without it, grouped by the devices their bundles have.
        var others: [(platforms: [String], devices: [String])] = []
        for each in lacking {
          let devices = each.project.settings.devices.map(\.name)
          if let same = others.firstIndex(where: { $0.devices == devices }) {
            others[same].platforms.append(each.platform)
          } else {
            others.append(([each.platform], devices))
          }
        }
        diagnostics.append(
          UnknownDeviceRule.Message.notOnEveryPlatform(device, on: having.map(\.platform), others: others).diagnostic(
            at: nil, path: directory))
        return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
      }
    }
    guard project.settings.devices.contains(where: { $0.name == deviceName }) else {
      let names = project.settings.devices.map(\.name)
      diagnostics.append(
        UnknownDeviceRule.Message.noDevice(deviceName, devices: names).diagnostic(
          at: nil, fixIt: .didYouMean(closestMatch(to: deviceName, in: names), at: nil), path: directory))
      return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
    }
    var children: FeedChildren?
    var feedSource: (JSONDocument, JSONValue)?
    if let path = sender {
      let bag = DiagnosticBag()
      guard let file = ProjectLoader().readFile(path, bag: bag) else {
        diagnostics += bag.all
        return MapOutcome(diagnostics: diagnostics, status: .ioFailure, result: nil, files: fileCount)
      }
      // Its children are read from the document as the mapper takes them.
      let read = FeedReader.read(file, lazily: true)
      diagnostics += read.diagnostics
      guard read.feed != nil, !read.diagnostics.contains(where: { $0.severity == .error }) else {
        return MapOutcome(diagnostics: diagnostics, status: .inputErrors, result: nil, files: fileCount)
      }
      children = read.children
      if let doc = read.document, let root = doc.root { feedSource = (doc, root) }
    }
    // Run the runtime mapper on the resolved screen, the same value a client loads: each
    // platform's, where the app builds a bundle per platform (their manifests may disagree on
    // which plugins take data, or on what they accept).
    func mapped(_ project: Project) -> (Mapper.Result, [Diagnostic]) {
      let resolver = Resolver(project: project)
      let onDevice = device ?? project.settings.devices[0].name
      let result = Mapper.map(
        screen: resolver.resolvedScreen(screen), children: children ?? FeedChildren([]), device: onDevice, bundle: resolver.bundleIndex())
      let leaves = resolver.leafComponents(screen)
      let screenTypes = (project.screenTypes?.screenTypes.map(\.key) ?? []) + project.screens.map(\.id.value)
      let locator = SenderLocator(root: feedSource?.1, screenTypes: screenTypes)
      let findings = result.findings.lazy.map { mapDiagnostic($0, in: locator, leaves: leaves, senderPath: sender) }
      return (result, DiagnosticList.kept(findings))
    }
    var maps: [PlatformMap] = []
    for (platform, narrowed) in narrowedProjects {
      let (result, findings) = mapped(narrowed)
      if let same = maps.firstIndex(where: { $0.result == result }) {
        maps[same].platforms.append(platform)
      } else {
        maps.append(PlatformMap(platforms: [platform], result: result, findings: findings))
      }
    }
    var mapOutcome = MapOutcome(diagnostics: [], status: .success, result: nil, files: fileCount)
    if maps.count > 1 {
      mapOutcome.byPlatform = maps.map { map in
        var each = map
        each.diagnostics = (diagnostics + map.findings).sortedForOutput(fileOrder: project.fileOrder)
        return each
      }
      diagnostics += platformFindings(maps)
    } else {
      let (result, findings) = maps.first.map { ($0.result, $0.findings) } ?? mapped(project)
      mapOutcome.result = result
      diagnostics += findings
    }
    mapOutcome.diagnostics = diagnostics.sortedForOutput(fileOrder: project.fileOrder)
    return mapOutcome
  }

  /// The findings of maps that differ by platform: a finding of every map once, as it is; one of
  /// some maps once, naming their platforms (`… (on ios)`).
  static func platformFindings(_ maps: [PlatformMap]) -> [Diagnostic] {
    var found: [(diagnostic: Diagnostic, platforms: [String], maps: Int)] = []
    // Each finding's place in `found` by what it says where (`FindingKey`): one lookup a finding.
    var places: [FindingKey: Int] = [:]
    for map in maps {
      for finding in map.findings {
        if let same = places[FindingKey(finding)] {
          found[same].platforms += map.platforms
          found[same].maps += 1
        } else {
          places[FindingKey(finding)] = found.count
          found.append((finding, map.platforms, 1))
        }
      }
    }
    return found.map { finding in
      var diagnostic = finding.diagnostic
      if finding.maps < maps.count { diagnostic.message += " (on \(finding.platforms.joined(separator: ", ")))" }
      return diagnostic
    }
  }

  /// What makes two worded findings the same: what they say, at which place.
  struct FindingKey: Hashable {
    let code: String
    let message: String
    let path: String?
    let offset: Int?
    init(_ finding: Diagnostic) {
      code = finding.code
      message = finding.message
      path = finding.path
      offset = finding.spot?.offset
    }
  }

  /// Words a mapper finding and places it: at the sender's child it is about (or its `entry`
  /// array, found by `sender`), or, for a section that gets no child, at the component. A
  /// `screen_type` that opens no screen gets the nearest screen type (`sender.suggestion(for:)`) as
  /// its did-you-mean, at its value.
  static func mapDiagnostic(
    _ finding: Mapper.Finding, in sender: SenderLocator, leaves: [ComponentDecl], senderPath: String?
  ) -> Diagnostic {
    let root = sender.root
    func child(_ path: [Int]) -> JSONValue? { sender.child(path) }
    func dotted(_ path: [Int]) -> String { path.map(String.init).joined(separator: ".") }
    switch finding {
    case .unusedChildren(let indices, let titles, let count, let taken):
      let names = summarizedList(indices.indices.lazy.map { "\(indices[$0]) ('\(titles[$0])')" })
      let spot = indices.first.flatMap { child([$0]) }?.spot
      return UnusedChildrenRule.Message.unusedChildren(count: count, taken: taken, names: names).diagnostic(
        at: spot, path: spot?.file.path ?? senderPath)
    case .unusedGrandchildren(let c, let title, let indices, let titles, let count, let taken):
      let names = summarizedList(indices.indices.lazy.map { "\(c).\(indices[$0]) ('\(titles[$0])')" })
      let spot = indices.first.flatMap { child([c, $0]) }?.spot
      return UnusedChildrenRule.Message.unusedGrandchildren(child: c, title: title, count: count, taken: taken, names: names).diagnostic(
        at: spot, path: spot?.file.path ?? senderPath)
    case .emptyComponent(let section, let type, let path):
      let spot = section < leaves.count ? leaves[section].spot : (root?["entry"] ?? root)?.spot
      // A group's child that is there but holds no `entry`: its sections get nothing from it.
      let groupChild = path.count == 2 ? child([path[0]]) : nil
      let message =
        senderPath == nil
        ? EmptyComponentRule.Message.noSender(section: section, type: type)
        : groupChild.map { $0["entry"] == nil || $0["entry"]?.kind == .null } == true
          ? EmptyComponentRule.Message.noInlineChildren(
            section: section, type: type, child: "\(path[0])", title: groupChild?["title"]?.string)
          : EmptyComponentRule.Message.noChild(section: section, type: type, path: dotted(path))
      return message.diagnostic(at: spot, path: spot?.file.path ?? senderPath)
    case .incompatibleChild(_, let type, let path, let title, let dataType, let accepts):
      let spot = child(path)?.spot
      let message = IncompatibleChildRule.Message.incompatible(
        path: dotted(path), title: title, dataType: dataType, type: type, accepts: accepts)
      return message.diagnostic(at: spot, path: spot?.file.path ?? senderPath)
    case .unmappedScreenType(_, let path, let screenType):
      let node = child(path)
      let spot = node?.spot
      // The key the entry's screen type was read from: `screen_type`, else Quick Brick's `screenType`.
      let value = [node?["screen_type"], node?["screenType"]].lazy.compactMap { $0 }.first { $0.string == screenType }
      let fixIt = FixIt.didYouMean(sender.suggestion(for: screenType), at: value?.spot)
      // At the value, where the entry writes it; else at the entry.
      let at = value?.spot ?? spot
      return UnmappedScreenTypeRule.Message.opensNoScreen(path: dotted(path), screenType: screenType).diagnostic(
        at: at, fixIt: fixIt, path: at?.file.path ?? senderPath)
    }
  }
}
