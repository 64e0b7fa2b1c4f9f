import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

/// Runs every rule of `RuleRegistry` over a project and reports into a bag: project rules once,
/// screen rules per screen and component rules per component (at any depth), screens in parallel.
public struct Checker: Sendable {
  package let project: Project
  package let bag: DiagnosticBag

  public init(project: Project, bag: DiagnosticBag) {
    self.project = project
    self.bag = bag
  }

  /// Runs the rules. Rules that cross files are skipped when a file could not be read, since every
  /// reference into it would be reported as missing.
  ///
  /// Everything runs side by side on all cores: the screen graph is built first (its walk of the
  /// openers, on every core, also finds the references the did-you-mean is asked for), then each
  /// project rule is one job, and the screens are checked in chunks of whole files
  /// (`chunks(files:maxChunk:)`). The rules report into the (locked) bag and the printers sort the
  /// diagnostics, so the order is stable. The findings of a value many components take from their
  /// manifest are gathered into one (`GatheredFindings`) when every rule has run.
  public func run() {
    let complete = !project.hasUnreadableFiles
    let context = RuleContext(
      project: project, bag: bag, graph: nil, screenIDs: SuggestionIndex(complete ? project.screens.map(\.id.value) : []))
    let projectRules = RuleRegistry.projectRules.filter { complete || !$0.needsCompleteProject }
    let graphRules = projectRules.filter { $0.usesScreenGraph }
    let otherRules = projectRules.filter { !$0.usesScreenGraph }
    let graph = complete && !graphRules.isEmpty ? ScreenGraph(project) : nil
    if complete { warmSuggestions(context, graph: graph) }
    let screens = complete ? project.screens : []
    let chunks = Self.chunks(files: screens.map { ObjectIdentifier($0.value.document) })
    DispatchQueue.concurrentPerform(iterations: 1 + otherRules.count + chunks.count) { job in
      if job == 0 {
        guard let graph else { return }
        let withGraph = RuleContext(
          project: project, bag: bag, graph: graph, screenIDs: context.screenIDs, cellStyles: context.cellStyles,
          gathered: context.gathered)
        for rule in graphRules { rule.check(withGraph) }
      } else if job <= otherRules.count {
        otherRules[job - 1].check(context)
      } else {
        for screen in screens[chunks[job - 1 - otherRules.count]] { check(screen, context) }
      }
    }
    bag.add(contentsOf: context.gathered.merged(fileOrder: project.fileOrder))
  }

  /// The screens checked in one job, given each screen's file: whole files together, up to
  /// `maxChunk` screens, and a larger file in even pieces. Every value a rule reads retains its
  /// file's document, and two cores retaining one object take turns at its cache line: jobs cut
  /// at files keep the cores on different documents (on 10,000 variety screens in 100 files, a
  /// check took 8% less time than with jobs of 64 screens that straddled files).
  package static func chunks<File: Equatable>(files: [File], maxChunk: Int = 128) -> [Range<Int>] {
    var chunks: [Range<Int>] = []
    var chunkStart = 0
    var start = 0
    while start < files.count {
      var end = start + 1
      while end < files.count, files[end] == files[start] { end += 1 }
      if end - chunkStart > maxChunk, start > chunkStart {
        chunks.append(chunkStart..<start)
        chunkStart = start
      }
      if end - start > maxChunk {
        let pieces = (end - start + maxChunk - 1) / maxChunk
        for piece in 0..<pieces {
          chunks.append((start + (end - start) * piece / pieces)..<(start + (end - start) * (piece + 1) / pieces))
        }
        chunkStart = end
      }
      start = end
    }
    if chunkStart < files.count { chunks.append(chunkStart..<files.count) }
    return chunks
  }

  /// Asks the did-you-mean of every target, navigation item and mapping that names no screen on all
  /// cores, before the rules (a `parent` or hook target is still asked inside its rule):
  /// ZL0307 and the notes of ZL0408/ZL0409 then find each in the index's cache. Asked inside the
  /// rules, the searches ran on whichever one or two jobs held those rules, one core often idle.
  func warmSuggestions(_ context: RuleContext, graph: ScreenGraph?) {
    let unresolved = graph?.unresolvedOpeners ?? ScreenGraph.walkOpeners(project, keepingEdges: false).unresolved
    context.screenIDs.prepare(unresolved.map(\.value))
  }

  package func check(_ screen: ScreenDecl, _ context: RuleContext) {
    var visits: [ComponentVisit] = []
    // The visits drawn with another family under the app's other reading (Checker+Readings).
    var others: [Int: ComponentVisit] = [:]
    func walk(_ component: ComponentDecl, inGroup: Bool, on platforms: [String]?) {
      let visit = ComponentVisit(component, screen: screen, inGroup: inGroup, inGroupPlatforms: platforms, project: project)
      if let other = visit.underOtherReading() { others[visits.count] = other }
      visits.append(visit)
      // A group on any platform: its components are drawn in that platform's bundle.
      guard visit.isGroup || visit.groupPlatforms != nil else { return }
      for child in component.children { walk(child, inGroup: true, on: visit.drawnGroupPlatforms) }
    }
    for component in screen.components { walk(component, inGroup: false, on: nil) }
    guard others.isEmpty else { return check(screen, visits: visits, others: others, context) }
    for rule in RuleRegistry.screenRules { rule.check(screen, components: visits, context) }
    for visit in visits {
      for rule in RuleRegistry.componentRules { rule.check(visit, context) }
    }
  }
}
