import ZappLayout

/// A rule in one type: its descriptor, its messages and (unless the readers raise it) its check.
/// Adding a rule is one file holding such a type and one line in `RuleRegistry.all`.
public protocol RuleDefinition: Sendable {
  /// The descriptor: code, name, severity, category, explanation and examples.
  static var rule: Rule { get }
  /// How the checker runs the rule; `ProjectRule`, `ScreenRule` and `ComponentRule` say.
  static var checks: RuleChecks { get }
  /// Whether the rule checks references against the project's families, so that its findings are
  /// dropped while a family file cannot be read (`Driver.familyReferenceRules`).
  static var checksFamilyReferences: Bool { get }
}

extension RuleDefinition {
  public static var checks: RuleChecks { RuleChecks() }
  public static var checksFamilyReferences: Bool { false }
}

/// The checker's entry points into a rule: which of `ProjectRule`, `ScreenRule` and
/// `ComponentRule` it is, known when it is compiled. Casting instead (`as? any ProjectRule.Type`)
/// scans every protocol conformance of the binary for each rule, half of a short `zlc check`.
public struct RuleChecks: Sendable {
  var project: (any ProjectRule.Type)?
  var screen: (any ScreenRule.Type)?
  var component: (any ComponentRule.Type)?
}

/// A rule that checks the project as a whole (its families, manifests, screen graph).
protocol ProjectRule: RuleDefinition {
  /// Whether the rule needs every file read: a rule that crosses files would report every
  /// reference into an unreadable file as missing.
  static var needsCompleteProject: Bool { get }
  /// Whether the rule reads `RuleContext.graph` (the checker builds the graph for these rules only).
  static var usesScreenGraph: Bool { get }
  static func check(_ context: RuleContext)
}

extension ProjectRule {
  static var needsCompleteProject: Bool { true }
  static var usesScreenGraph: Bool { false }
}

/// A rule that checks one screen at a time (screens are checked in parallel), with its
/// components at every depth in document order.
protocol ScreenRule: RuleDefinition {
  static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext)
}

/// A rule that checks one component (at any depth) at a time.
protocol ComponentRule: RuleDefinition {
  static func check(_ visit: ComponentVisit, _ context: RuleContext)
}

// Each combination of the three, so that a rule of two or three kinds is each of them.
extension ProjectRule { static var checks: RuleChecks { RuleChecks(project: self) } }
extension ScreenRule { static var checks: RuleChecks { RuleChecks(screen: self) } }
extension ComponentRule { static var checks: RuleChecks { RuleChecks(component: self) } }
extension ProjectRule where Self: ScreenRule { static var checks: RuleChecks { RuleChecks(project: self, screen: self) } }
extension ProjectRule where Self: ComponentRule { static var checks: RuleChecks { RuleChecks(project: self, component: self) } }
extension ScreenRule where Self: ComponentRule { static var checks: RuleChecks { RuleChecks(screen: self, component: self) } }
extension ProjectRule where Self: ScreenRule & ComponentRule {
  static var checks: RuleChecks { RuleChecks(project: self, screen: self, component: self) }
}

/// What a check sees: the project, the screen graph, and where to report.
struct RuleContext: Sendable {
  let project: Project
  let bag: DiagnosticBag
  /// What opens what, for the rules that say they use it; nil for the others and when a file could not be read.
  let graph: ScreenGraph?
  /// Did-you-mean over the screen ids, built once for every reference to a screen.
  let screenIDs: SuggestionIndex
  /// The built-in component types and the project's ui_component manifests', in that order.
  private let knownTypeList: [String]
  private let knownTypeSet: Set<String>

  init(
    project: Project, bag: DiagnosticBag, graph: ScreenGraph?, screenIDs: SuggestionIndex,
    cellStyles: CellStyleCandidates = CellStyleCandidates()
  ) {
    self.project = project
    self.bag = bag
    self.graph = graph
    self.screenIDs = screenIDs
    self.cellStyles = cellStyles
    knownTypeList = Checker.builtinComponentTypes + project.manifests.filter(\.isUIComponent).compactMap { $0.identifier?.value }
    knownTypeSet = Set(knownTypeList)
  }
  /// Each family's cell styles per component type, worked out on first use.
  let cellStyles: CellStyleCandidates

  func report(_ rule: Rule, _ message: String, at spot: SourceSpot?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil) {
    bag.add(Diagnostic(rule, message, at: spot, notes: notes, fixIt: fixIt))
  }

  /// The built-in component types and the project's ui_component manifests (for suggestions).
  func knownComponentTypes() -> [String] { knownTypeList }

  /// Whether a component type is built in or a ui_component manifest's.
  func isKnownComponentType(_ type: String) -> Bool { knownTypeSet.contains(type) }
}

/// A component as the component rules see it, with what several of them need worked out once.
final class ComponentVisit {
  let component: ComponentDecl
  let screen: ScreenDecl
  /// Whether the component stands inside a group.
  let inGroup: Bool
  /// The component type's manifest, if a manifest declares it.
  let manifest: ManifestDecl?
  /// A built-in type or a ui_component manifest's.
  let isKnownType: Bool
  /// Whether the type takes a data source (`Project.takesData`).
  let takesData: Bool
  /// The family named on the component or else on its screen, when it exists.
  let family: FamilyDecl?
  /// `styles.family`, `styles.cell_styles`, `styles.layout` and `data.source` of the component,
  /// read once for the rules that need them.
  let ownFamily: Located<String>?
  let cellStyles: [Located<String>]
  let layout: Located<String>?
  let source: Located<String>?

  init(_ component: ComponentDecl, screen: ScreenDecl, inGroup: Bool, project: Project) {
    self.component = component
    self.screen = screen
    self.inGroup = inGroup
    let type = component.type.value
    manifest = project.manifest(for: type)
    isKnownType = Checker.builtinComponentTypeSet.contains(type) || (manifest?.isUIComponent ?? false)
    takesData = Project.takesData(type, manifest: manifest)
    ownFamily = component.family
    family = (ownFamily ?? screen.family).flatMap { project.families[$0.value] }
    cellStyles = component.cellStyles
    layout = component.layout
    source = component.source
  }

  var type: String { component.type.value }
}
