import ZappLayout
import ZappModel
import ZappWriters

/// The changes of a whole project: `screen_types` and `content_types` mappings, devices, target
/// platforms and the renderers each platform needs (`required_renderers`).
struct ProjectWideDiff {
  let base: DiffSide
  let head: DiffSide

  /// The changes of the whole project but its devices and `bundle.json`'s other fields
  /// (`bundleChanges`), which each platform's bundle has its own.
  func changes() -> [DiffChange] {
    mappingChanges("screen_types", base.index.screenTypes, head.index.screenTypes)
      + mappingChanges("content_types", base.index.contentTypes, head.index.contentTypes) + platformChanges() + rendererChanges()
  }

  /// The changes of one bundle's devices (each platform's default devices are its own) and of its
  /// other `bundle.json` fields.
  func bundleChanges() -> [DiffChange] { deviceChanges() + indexChanges() }

  /// `bundle.json`'s fields that the changes above do not cover (`size_classes`, `ui_tags`,
  /// `fallbacks`, the `app` name, and any a later format adds), compared as data: whatever a
  /// client reads there and would read differently. Left out: those compared above, what names the
  /// writer (`zlc_version`), and the `layouts` table, which the sections' changes cover.
  static let indexFieldsCompared: Set<String> = [
    "format_version", "zlc_version", "platform", "screens", "screen_types", "content_types", "devices",
    "required_renderers", "layouts",
  ]

  func indexChanges() -> [DiffChange] {
    let fields = { (index: BundleIndex) in (index.json.objectValue ?? []).filter { !Self.indexFieldsCompared.contains($0.0) } }
    return changedMembers(fields(base.index), fields(head.index)).map {
      DiffChange(kind: .bundleIndex, field: $0.field, old: $0.old, new: $0.new)
    }
  }

  func mappingChanges(_ field: String, _ old: [BundleIndex.Mapping], _ new: [BundleIndex.Mapping]) -> [DiffChange] {
    changedMembers(old.map { ($0.key, JSON.string($0.screen)) }, new.map { ($0.key, JSON.string($0.screen)) }).map {
      DiffChange(kind: .mapping, field: field, key: $0.field, old: $0.old, new: $0.new)
    }
  }

  /// A device's fields; `state` only when it names one.
  static func json(_ device: Device) -> JSON {
    .object(
      [("class", .string(device.deviceClass.rawValue)), ("width", .exact(device.width)), ("size_class", .optional(device.sizeClass))]
        + (device.state.map { [("state", JSON.string($0.word))] } ?? []))
  }

  /// Each device added, removed or changed, then, when the devices both bundles have come in
  /// another order (the screens' layouts are written in it, and the first is `zlc map`'s default),
  /// one change of the order (`field: "order"`, `old` and `new` every device's name).
  func deviceChanges() -> [DiffChange] {
    let (old, new) = (base.index.devices.map(\.name), head.index.devices.map(\.name))
    let changed = changedMembers(base.index.devices.map { ($0.name, Self.json($0)) }, head.index.devices.map { ($0.name, Self.json($0)) })
      .map {
        DiffChange(kind: .device, device: $0.field, field: "device", old: $0.old, new: $0.new)
      }
    guard Self.reordered(old, new) else { return changed }
    return changed + [DiffChange(kind: .device, field: "order", old: .array(old.map(JSON.string)), new: .array(new.map(JSON.string)))]
  }

  /// Whether the names both lists hold come in another order in `new`.
  static func reordered(_ old: [String], _ new: [String]) -> Bool {
    let (inOld, inNew) = (Set(old), Set(new))
    return old.filter(inNew.contains) != new.filter(inOld.contains)
  }

  func platformChanges() -> [DiffChange] {
    let old = base.project.targetPlatforms
    let new = head.project.targetPlatforms
    let added = new.filter { !old.contains($0) }.map {
      DiffChange(kind: .platform, platforms: [$0], field: "targeted", old: .bool(false), new: .bool(true))
    }
    let removed = old.filter { !new.contains($0) }.map {
      DiffChange(kind: .platform, platforms: [$0], field: "targeted", old: .bool(true), new: .bool(false))
    }
    // platforms.json lists the bundles in the app's order.
    guard Self.reordered(old, new) else { return added + removed }
    return added + removed + [
      DiffChange(kind: .platform, field: "order", old: .array(old.map(JSON.string)), new: .array(new.map(JSON.string)))
    ]
  }

  /// Per platform either side targets, each list of `required_renderers` that changed, old → new
  /// (sorted), and its `min_zapp_sdk` and `unsupported_since_zapp_sdk` as `platform` changes naming
  /// it. A platform one side does not target needs nothing and supports no client there, so that
  /// a platform added and one removed list the same changes, the other way round.
  func rendererChanges() -> [DiffChange] {
    let (olds, news) = (base.index.requiredRenderers, head.index.requiredRenderers)
    let platforms = news.map(\.platform) + olds.map(\.platform).filter { platform in !news.contains { $0.platform == platform } }
    var changes: [DiffChange] = []
    for platform in platforms {
      let (was, needs) = (olds.first { $0.platform == platform }, news.first { $0.platform == platform })
      for path in [\PlatformRenderers.minZappSDK, \.unsupportedSinceZappSDK] {
        let (old, new) = (was?[keyPath: path], needs?[keyPath: path])
        guard Self.differ(old, new) else { continue }
        changes.append(
          DiffChange(
            kind: .platform, platforms: [platform], field: PlatformRenderers.key(path), old: old.map(JSON.string),
            new: new.map(JSON.string)))
      }
      let (old, new) = (Self.lists(was?.renderers ?? RendererSet()), Self.lists(needs?.renderers ?? RendererSet()))
      for (i, kind) in RendererNeed.Kind.allCases.enumerated() where old[i] != new[i] {
        changes.append(
          DiffChange(
            kind: .requiredRenderers, platforms: [platform], field: kind.key, old: .array(old[i].map(JSON.string)),
            new: .array(new[i].map(JSON.string))))
      }
    }
    return changes
  }

  /// Whether two `min_zapp_sdk`s support different clients: one given and not the other, or two
  /// versions `ZappSDKVersion.compare` tells apart (`20.0` and `20.0.0` are the same).
  static func differ(_ old: String?, _ new: String?) -> Bool {
    guard let old, let new else { return (old == nil) != (new == nil) }
    return ZappSDKVersion.compare(old, new) != 0
  }

  /// A renderer set's lists, sorted, in the order of `RendererNeed.Kind.allCases`.
  static func lists(_ set: RendererSet) -> [[String]] {
    [
      set.componentTypes.sorted(), set.cellLayouts.sorted(), set.layoutKinds.sorted(), set.screenPlugins.sorted(),
      (set.navigationPlugins ?? []).sorted(),
    ]
  }
}
