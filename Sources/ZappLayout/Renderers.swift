import Foundation

/// What a client build can render, or what a bundle needs rendered: component types, cell layouts
/// (`layout_id` / `layoutId`), layout kinds and screen plugins. Each list is sorted and unique.
public struct RendererSet: Hashable, Sendable {
  public var componentTypes: [String]
  public var cellLayouts: [String]
  public var layoutKinds: [String]
  public var screenPlugins: [String]

  public init(componentTypes: [String] = [], cellLayouts: [String] = [], layoutKinds: [String] = [], screenPlugins: [String] = []) {
    self.componentTypes = Array(Set(componentTypes)).sorted()
    self.cellLayouts = Array(Set(cellLayouts)).sorted()
    self.layoutKinds = Array(Set(layoutKinds)).sorted()
    self.screenPlugins = Array(Set(screenPlugins)).sorted()
  }

  /// Whether every list is empty.
  public var isEmpty: Bool { componentTypes.isEmpty && cellLayouts.isEmpty && layoutKinds.isEmpty && screenPlugins.isEmpty }

  /// What this set holds that `available` lacks, list by list.
  public func subtracting(_ available: RendererSet) -> RendererSet {
    RendererSet(
      componentTypes: componentTypes.filter { !available.componentTypes.contains($0) },
      cellLayouts: cellLayouts.filter { !available.cellLayouts.contains($0) },
      layoutKinds: layoutKinds.filter { !available.layoutKinds.contains($0) },
      screenPlugins: screenPlugins.filter { !available.screenPlugins.contains($0) })
  }

  /// The union of two sets.
  public func union(_ other: RendererSet) -> RendererSet {
    RendererSet(
      componentTypes: componentTypes + other.componentTypes, cellLayouts: cellLayouts + other.cellLayouts,
      layoutKinds: layoutKinds + other.layoutKinds, screenPlugins: screenPlugins + other.screenPlugins)
  }
}

/// The renderers a bundle needs on one platform (`bundle.json` → `required_renderers[]`).
public struct PlatformRenderers: Hashable, Sendable {
  /// A platform id as manifests write it: `ios`, `android_for_quickbrick`, `samsung_tv`, …
  public var platform: String
  public var renderers: RendererSet

  public init(platform: String, renderers: RendererSet) {
    self.platform = platform
    self.renderers = renderers
  }
}

extension BundleIndex {
  /// What the bundle needs on `platform` that a client with `available` renderers lacks: an
  /// empty set means the client can draw every screen. A platform the bundle lists no
  /// requirements for needs nothing checked (nil). Fallbacks are not counted: a client that
  /// applies them decides with `ScreenBundle.renderingPlan(available:)`.
  public func missingRenderers(for platform: String, available: RendererSet) -> RendererSet? {
    requiredRenderers.first { $0.platform == platform }.map { $0.renderers.subtracting(available) }
  }
}
