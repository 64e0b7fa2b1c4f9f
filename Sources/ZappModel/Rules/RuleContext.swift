import ZappDiagnostics
import ZappLayout

/// A rule that checks the project as a whole (its families, manifests, screen graph).
package protocol ProjectRule: RuleDefinition {
  /// Whether the rule needs every file read: a rule that crosses files would report every
  /// reference into an unreadable file as missing.
  static var needsCompleteProject: Bool { get }
  /// Whether the rule reads `RuleContext.graph` (the checker builds the graph for these rules only).
  static var usesScreenGraph: Bool { get }
  static func check(_ context: RuleContext)
}

extension ProjectRule {
  package static var needsCompleteProject: Bool { true }
  package static var usesScreenGraph: Bool { false }
}

/// A rule that checks one screen at a time (screens are checked in parallel), with its
/// components at every depth in document order.
package protocol ScreenRule: RuleDefinition {
  /// Whether the rule reads `ComponentVisit.family`: the checker then also checks the visits under
  /// the app's other reading (`ComponentVisit.underOtherReading`).
  static var readsDrawnFamily: Bool { get }
  static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext)
}

/// A rule that checks one component (at any depth) at a time.
package protocol ComponentRule: RuleDefinition {
  /// Whether the rule reads `ComponentVisit.family` (see `ScreenRule.readsDrawnFamily`).
  static var readsDrawnFamily: Bool { get }
  static func check(_ visit: ComponentVisit, _ context: RuleContext)
}

extension RuleDefinition {
  package static var readsDrawnFamily: Bool { false }
}

/// What a check sees: the project, the screen graph, and where to report.
package struct RuleContext: Sendable {
  package let project: Project
  package private(set) var bag: DiagnosticBag
  /// What opens what, for the rules that say they use it; nil for the others and when a file could not be read.
  package let graph: ScreenGraph?
  /// Did-you-mean over the screen ids, built once for every reference to a screen.
  package let screenIDs: SuggestionIndex
  /// The built-in component types and the project's ui_component manifests', in that order.
  private let knownTypeList: [String]
  private let knownTypeSet: Set<String>

  package init(
    project: Project, bag: DiagnosticBag, graph: ScreenGraph?, screenIDs: SuggestionIndex,
    cellStyles: CellStyleCandidates = CellStyleCandidates(), gathered: GatheredFindings = GatheredFindings()
  ) {
    self.project = project
    self.gathered = gathered
    self.bag = bag
    self.graph = graph
    self.screenIDs = screenIDs
    self.cellStyles = cellStyles
    knownTypeList = project.knownComponentTypes
    knownTypeSet = Set(knownTypeList)
  }
  /// Each family's cell styles per component type, worked out on first use.
  package let cellStyles: CellStyleCandidates
  /// The platforms whose bundles draw with the family a reading checks (`Checker.checkBothReadings`:
  /// an app of `ios` and another platform draws a component of two families two ways); nil for all.
  package var readingPlatforms: Set<String>?
  /// What a check of one key finds, for the component rules whose findings depend only on a few
  /// of a component's values (the family, type, cell styles and layout), worked out once per key.
  package let findingsByKey = SharedMemo<[String], [KeyedFinding]>()
  /// The findings of values components take from their manifests, gathered into one per value by
  /// whoever runs the rules (`GatheredFindings.merged(fileOrder:)`).
  package let gathered: GatheredFindings

  package func report(
    _ rule: Rule, _ message: String, at spot: SourceSpot?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil,
    severity: Severity? = nil
  ) {
    bag.add(Diagnostic(rule, message, at: spot, severity: severity, notes: notes, fixIt: fixIt))
  }

  /// Reports a finding that many components (or screens: `noun`) may make alike, each with its
  /// own note (`gathering`): gathered into one with a note per component, or reported as it is
  /// without that note.
  package func report(
    _ rule: Rule, _ message: String, at spot: SourceSpot?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil,
    gathering note: DiagnosticNote?, noun: String = "component"
  ) {
    guard let note else { return report(rule, message, at: spot, notes: notes, fixIt: fixIt) }
    gathered.add(Diagnostic(rule, message, at: spot, notes: notes, fixIt: fixIt), note: note, noun: noun)
  }

  /// The context with its findings reported into `bag`.
  package func reporting(into bag: DiagnosticBag) -> RuleContext {
    var context = self
    context.bag = bag
    return context
  }

  /// The built-in component types and the project's ui_component manifests (for suggestions).
  package func knownComponentTypes() -> [String] { knownTypeList }

  /// Whether a component type is built in or a ui_component manifest's.
  package func isKnownComponentType(_ type: String) -> Bool { knownTypeSet.contains(type) }
}

/// A finding of a component rule worked out for a key of `RuleContext.findingsByKey`: which of the
/// component's values it is at, and where not on the component, its message and notes.
package struct KeyedFinding: Sendable {
  package var position: Int
  package var message: String
  package var device: Device?

  package init(position: Int, message: String, device: Device? = nil) {
    self.position = position
    self.message = message
    self.device = device
  }
}

/// A component as the component rules see it, with what several of them need worked out once.
package final class ComponentVisit {
  package let component: ComponentDecl
  package let screen: ScreenDecl
  /// Whether the component stands inside a group.
  package let inGroup: Bool
  /// The platforms whose bundles draw the component inside a group, when not every platform's
  /// does (nil: every platform's, when `inGroup`): those where its holder, and each holder above,
  /// is a group (`groupPlatforms`).
  package let inGroupPlatforms: [String]?
  /// The component type's manifest, if a manifest declares it.
  package let manifest: ManifestDecl?
  /// A built-in type or a ui_component manifest's.
  package let isKnownType: Bool
  /// Whether the type takes a data source (`Project.takesData`).
  package let takesData: Bool
  /// The platforms whose manifest of the type takes data, when only some do.
  package let dataPlatforms: ComponentTypeFacts.DataPlatforms?
  /// Whether the type is a group (`Project.isGroup`).
  package let isGroup: Bool
  /// The platforms whose manifest makes the type a group, when only some do
  /// (`ComponentTypeFacts.groupPlatforms`).
  package let groupPlatforms: [String]?
  /// The family the component is drawn with in the project's bundle (`Project.drawnFamily`), when
  /// it exists.
  package let family: FamilyDecl?
  /// The family the component is drawn with under the app's other reading, when it differs and
  /// exists (`Project.otherReadingFamily`).
  package let otherReadingFamily: FamilyDecl?
  /// `styles.family`, `styles.cell_styles`, `styles.layout` and `data.source` of the component,
  /// read once for the rules that need them.
  package let ownFamily: Located<String>?
  package let cellStyles: [Located<String>]
  package let layout: Located<String>?
  package let source: Located<String>?

  package init(
    _ component: ComponentDecl, screen: ScreenDecl, inGroup: Bool, inGroupPlatforms: [String]? = nil, project: Project
  ) {
    self.component = component
    self.screen = screen
    self.inGroup = inGroup
    self.inGroupPlatforms = inGroupPlatforms
    let type = component.typeName
    let facts = project.facts(ofType: type)
    manifest = facts.manifest
    isKnownType = facts.isKnown
    takesData = facts.takesData
    dataPlatforms = facts.dataPlatforms
    isGroup = facts.isGroup
    groupPlatforms = facts.groupPlatforms
    ownFamily = component.family
    family = project.drawnFamily(of: component, in: screen).flatMap { project.families[$0.value] }
    otherReadingFamily = project.otherReadingFamily(of: component, in: screen).flatMap { project.families[$0.value] }
    cellStyles = component.cellStyles
    layout = component.layout
    source = component.source
  }

  /// The visit as the app's clients of the other reading draw it: the same, with the family they draw
  /// it with.
  private init(_ visit: ComponentVisit, family: FamilyDecl) {
    component = visit.component
    screen = visit.screen
    inGroup = visit.inGroup
    inGroupPlatforms = visit.inGroupPlatforms
    manifest = visit.manifest
    isKnownType = visit.isKnownType
    takesData = visit.takesData
    dataPlatforms = visit.dataPlatforms
    isGroup = visit.isGroup
    groupPlatforms = visit.groupPlatforms
    self.family = family
    otherReadingFamily = visit.family
    ownFamily = visit.ownFamily
    cellStyles = visit.cellStyles
    layout = visit.layout
    source = visit.source
  }

  /// The visit under the app's other reading (`otherReadingFamily`), when that family differs.
  package func underOtherReading() -> ComponentVisit? { otherReadingFamily.map { ComponentVisit(self, family: $0) } }

  package var type: String { component.typeName }

  /// The platforms whose bundles draw the components this one holds inside it as a group, when
  /// not every platform's does (nil: every platform's): those that draw it (`inGroupPlatforms`,
  /// every platform's on a screen itself) and make it a group. Empty when none does.
  package var drawnGroupPlatforms: [String]? {
    let own = groupPlatforms ?? (isGroup ? nil : [])
    guard inGroup, let above = inGroupPlatforms else { return own }
    return own.map { $0.filter(above.contains) } ?? above
  }
}
