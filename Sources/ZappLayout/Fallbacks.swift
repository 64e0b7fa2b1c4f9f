// Fallbacks for clients in the field: what a client that lacks a section's renderers draws
// instead, and the check a client runs against its own renderers. Their keys are in
// BundleFields+Fallbacks.swift.

/// What a client lacking one of a section's renderers draws instead (a screen component's
/// `fallback`): nothing (`hide`), or another component type with one of its cell styles.
public struct SectionFallback: Hashable, Sendable {
  /// `hide`, or the component type and cell style drawn instead.
  public var replacement: SizeClassReplacement
  /// The replacement cell style's layout id in the family (nil for `hide` or a style without one).
  public var layoutID: String?
  /// How the replacement's cards are drawn: its cell's `style`, with each key the component's
  /// `styles` sets in its place.
  public var cardStyle: CardStyle?
  /// The replacement's geometry, when the family styles its type.
  public var geometry: SectionGeometry?
  /// A plugin replacement's styles, an object as a plugin component's section `styles` is filled
  /// (bundle.md's `size_class_mapping`); nil for a built-in replacement, or a plugin with none.
  public var styles: JSON?
  /// A plugin replacement's other sections as it reads them, as a section's `pluginValues`;
  /// nil when its manifest has no field there, or no value.
  public var pluginValues: JSON?

  public init(
    replacement: SizeClassReplacement, layoutID: String? = nil, cardStyle: CardStyle? = nil, geometry: SectionGeometry? = nil,
    styles: JSON? = nil, pluginValues: JSON? = nil
  ) {
    self.replacement = replacement
    self.layoutID = layoutID
    self.cardStyle = cardStyle
    self.geometry = geometry
    self.styles = styles
    self.pluginValues = pluginValues
  }

  /// What the fallback itself needs drawn (nothing for `hide`).
  public var neededRenderers: RendererSet {
    guard case .use(let type, _) = replacement else { return RendererSet() }
    return RendererSet(
      componentTypes: [type], cellLayouts: layoutID.map { [$0] } ?? [], layoutKinds: geometry.map { [$0.kind.word] } ?? [])
  }
}

/// How a client with a given set of renderers draws a section.
public enum SectionRendering: Hashable, Sendable {
  /// As the bundle writes it: the client has every renderer the section needs.
  case asWritten
  /// With its fallback, which the client can draw (`hide`, or the replacement).
  case fallback(SectionFallback)
  /// Not at all: the client lacks these renderers and the section has no fallback it can draw.
  case missing(RendererSet)
}

extension ResolvedSection {
  /// What the section needs drawn on every window: its component type, its cell styles' layout
  /// ids, its layout kind, and the same of its size class replacements and of its cell body.
  public var neededRenderers: RendererSet {
    var types = [componentType]
    var layouts = ([renderer.layoutID] + cells.map(\.layoutID)).compactMap { $0 }
    var kinds = geometry.map { [$0.kind.word] } ?? []
    for mapped in sizeClassMapping {
      guard case .use(let type, _) = mapped.replacement else { continue }
      types.append(type)
      if let id = mapped.layoutID { layouts.append(id) }
      if let kind = mapped.geometry?.kind { kinds.append(kind.word) }
    }
    if let body = cellBody?.neededRenderers {
      types += body.componentTypes
      layouts += body.cellLayouts
      kinds += body.layoutKinds
    }
    return RendererSet(componentTypes: types, cellLayouts: layouts, layoutKinds: kinds)
  }

  /// How a client with `available` renderers draws the section: as written, with its fallback, or
  /// not at all (with what it lacks). The compiler records the fallbacks of each registered client
  /// with this function.
  public func rendering(with available: RendererSet) -> SectionRendering {
    let lacking = neededRenderers.subtracting(available)
    if lacking.isEmpty { return .asWritten }
    if let fallback, fallback.neededRenderers.subtracting(available).isEmpty { return .fallback(fallback) }
    return .missing(lacking)
  }
}

/// The sections one registered client draws with their fallbacks (`bundle.json` → `fallbacks[]`).
public struct ClientFallbacks: Hashable, Sendable {
  /// The client's platform.
  public var platform: String
  /// The client build, as its registry writes it (`19.0.0..<20.0.0`).
  public var clientVersion: String
  /// The share of the platform's active installs the registry says it covers, when it says.
  public var installs: Double?
  /// Each section drawn with its fallback, in project order.
  public var sections: [SectionReference]

  public init(platform: String, clientVersion: String, installs: Double?, sections: [SectionReference]) {
    self.platform = platform
    self.clientVersion = clientVersion
    self.installs = installs
    self.sections = sections
  }
}

/// A section of a screen: the screen's id and the section's index.
public struct SectionReference: Hashable, Sendable {
  /// The screen's id.
  public var screen: String
  /// The section's index in the screen.
  public var section: Int

  public init(screen: String, section: Int) {
    self.screen = screen
    self.section = section
  }

  /// Equal when the screen ids' bytes are (an id in another Unicode form names another screen)
  /// and the sections are.
  public static func == (lhs: SectionReference, rhs: SectionReference) -> Bool {
    lhs.section == rhs.section && ScreenPositions.same(lhs.screen, rhs.screen)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(section)
    hasher.combine(ScreenPositions.bytesHash(screen))
  }
}

/// What a client with a given set of renderers does with a bundle: the sections it draws with
/// their fallbacks, and the sections and plugin screens it cannot draw at all.
public struct RenderingPlan: Hashable, Sendable {
  /// A section the client draws with its fallback.
  public struct Applied: Hashable, Sendable {
    public var section: SectionReference
    public var fallback: SectionFallback
  }

  /// A section the client cannot draw, with what it lacks.
  public struct Missing: Hashable, Sendable {
    public var section: SectionReference
    public var lacking: RendererSet
  }

  /// The sections the client draws with their fallbacks.
  public var fallbacks: [Applied] = []
  /// The sections the client cannot draw.
  public var missing: [Missing] = []
  /// The ids of plugin screens whose screen plugin the client lacks.
  public var missingScreens: [String] = []

  public init() {}

  /// Whether the client can show every screen (with the fallbacks applied).
  public var drawsEveryScreen: Bool { missing.isEmpty && missingScreens.isEmpty }
}

extension ScreenBundle {
  /// What a client with `available` renderers does with each section: keep the bundle when it
  /// `drawsEveryScreen` (applying each of `fallbacks`), else refuse it and keep the previous one.
  /// It opens every screen (see `screens`), and throws as that does.
  public func renderingPlan(available: RendererSet) throws -> RenderingPlan {
    var plan = RenderingPlan()
    // The platforms' screen plugins; a bundle of no platform lists none: there, every type Zapp
    // does not draw itself is one.
    let plugins = Set(index.requiredRenderers.flatMap(\.renderers.screenPlugins))
    let isPlugin = { (type: String) in
      index.requiredRenderers.isEmpty ? !ResolvedScreen.zappTypes.contains(type) : plugins.contains(type)
    }
    for screen in try screens {
      if isPlugin(screen.type), !available.screenPlugins.contains(screen.type) { plan.missingScreens.append(screen.id) }
      for section in screen.resolved.sections {
        let reference = SectionReference(screen: screen.id, section: section.section)
        switch section.rendering(with: available) {
        case .asWritten: continue
        case .fallback(let fallback): plan.fallbacks.append(.init(section: reference, fallback: fallback))
        case .missing(let lacking): plan.missing.append(.init(section: reference, lacking: lacking))
        }
      }
    }
    return plan
  }
}
