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
  /// connected screens are filled from the sender feeds in that folder. Nothing is written when
  /// the project or a feed has errors. `progress` is told how many screens' pages of how many are
  /// written (a progress bar).
  public static func preview(
    _ directory: String, output: String, feeds: String? = nil, warningsAsErrors: Bool = false, platform: String? = nil,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) -> BuildOutcome {
    let folder: OutputFolder
    do {
      folder = try OutputFolder.validate(output, kind: .preview, project: directory)
    } catch {
      let diagnostics = [OutputRefusedRule.Message.refused(error).diagnostic(at: nil, path: output)]
      let unread = CheckOutcome(project: Project(directory: directory), diagnostics: diagnostics, status: .usage)
      return BuildOutcome(check: unread, diagnostics: diagnostics, status: .usage, written: false, screens: 0, sections: 0)
    }
    let outcome = check(directory, warningsAsErrors: warningsAsErrors, platform: platform)
    var diagnostics = outcome.diagnostics
    var result = BuildOutcome(check: outcome, diagnostics: diagnostics, status: outcome.status, written: false, screens: 0, sections: 0)
    guard outcome.status == .success else { return result }
    var senders: [String: FeedEntry] = [:]
    if let feeds {
      let read = readSenders(feeds, project: outcome.project)
      senders = read.senders
      diagnostics += read.diagnostics
      result.diagnostics = diagnostics
      result.status = status(for: diagnostics)
      guard result.status == .success else { return result }
    }
    do {
      var writer = PreviewWriter(project: outcome.project, senders: senders)
      writer.progress = progress
      try writer.write(to: folder)
    } catch {
      result.diagnostics.append(IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output))
      result.status = .ioFailure
      return result
    }
    result.written = true
    result.screens = outcome.project.screens.count
    return result
  }

  /// The sender feeds in `folder` (`*.json`, not its subfolders), each named after the connected
  /// screen it fills: the screen's id, or a `screen_type` that opens it (`show.json` fills the
  /// screen `show`). Returns screen id → feed, and the diagnostics of the feeds.
  public static func readSenders(_ folder: String, project: Project) -> (senders: [String: FeedEntry], diagnostics: [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    var senders: [String: FeedEntry] = [:]
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      return ([:], [IOErrorRule.Message.feedsFolderIsNotAFolder(folder).diagnostic(at: nil, path: folder)])
    }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasSuffix(".json") && !$0.hasPrefix(".")
    }
    let loader = ProjectLoader()
    for name in names.sorted() {
      let path = (folder as NSString).appendingPathComponent(name)
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
        let candidates = project.screens.filter(\.connected).map(\.id.value) + (project.screenTypes?.screenTypes.map(\.key) ?? [])
        let suggestion = closestMatch(to: reference, in: candidates)
        diagnostics.append(
          UnmatchedPreviewFeedRule.Message.feedNamesNoScreen(name).diagnostic(
            at: nil, fixIt: .didYouMean(suggestion.map { $0 + ".json" }, at: nil), path: path))
        continue
      }
      guard screen.connected else {
        diagnostics.append(
          UnmatchedPreviewFeedRule.Message.feedNamesUnconnectedScreen(name, screen: screen.id.value).diagnostic(at: nil, path: path))
        continue
      }
      senders[screen.id.value] = feed
    }
    return (senders, diagnostics.sortedForOutput(fileOrder: [:]))
  }
}
