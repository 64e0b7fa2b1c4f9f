import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappRules

extension BundleVerifier {
  /// A multi-platform output: `platforms.json` loads, names each platform once, and each folder it
  /// names is a bundle that verifies and says it is that platform's. The screens of every bundle
  /// are counted.
  package static func verifyPlatforms(_ folder: String) -> VerifyOutcome {
    var problems: [BundleProblem] = []
    let listPath = join(folder, PlatformBundles.fileName)
    let readable = BundleIndex.readableFormatVersions
    // The version first, as the runtime reads it: a newer format may change any other key.
    var unreadableVersion: Int?
    guard let listBytes = readOwn(PlatformBundles.fileName, in: folder, problems: &problems),
      case .some(let decoded) = decode(
        listBytes, at: listPath, problems: &problems,
        { json -> PlatformBundles? in
          if let version = json["format_version"]?.intValue, !readable.contains(version) {
            unreadableVersion = version
            return nil
          }
          return try PlatformBundles(json: json)
        })
    else {
      return VerifyOutcome(problems: problems, screens: 0)
    }
    let listFile = ValueLocator(SourceFile(path: listPath, bytes: listBytes))
    guard let list = decoded else {
      let message = "format_version \(unreadableVersion ?? 0); this runtime reads \(readable.lowerBound) to \(readable.upperBound)"
      return VerifyOutcome(problems: [listFile.problem(message, at: [.key("format_version")])], screens: 0)
    }
    if list.platforms.isEmpty { problems.append(listFile.problem("names no platform", at: [.key("platforms")])) }
    // A client of a multi-platform output reads its platform's folder: a bundle.json beside
    // platforms.json (left by an earlier single-platform build, say) is never read, and misleads.
    if exists(join(folder, "bundle.json")) {
      problems.append(
        BundleProblem(
          file: join(folder, "bundle.json"),
          message: "stands beside \(PlatformBundles.fileName); clients read each platform's folder, so this file is never read"))
    }
    var screens = 0
    var seen: Set<String> = []
    // Whether a platform's bundle says this release wrote it: platforms.json, which names no
    // version, is then held to the schema too.
    var ownOutput = false
    for (i, entry) in list.platforms.enumerated() {
      guard seen.insert(entry.platform).inserted else {
        problems.append(listFile.problem("names platform '\(entry.platform)' twice", at: [.key("platforms"), .index(i), .key("platform")]))
        continue
      }
      let parts = entry.folder.split(separator: "/", omittingEmptySubsequences: false)
      let inside = !entry.folder.hasPrefix("/") && !parts.contains("..") && !parts.contains("") && !parts.contains(".")
      guard inside, !entry.folder.utf8.contains(0), ScreenBundle.resolves(entry.folder, inside: realPath(folder), folder: folder) else {
        let how =
          inside && !entry.folder.utf8.contains(0)
          ? "which a link takes outside the output; a client reads only the output's own folders: copy the output with its links resolved (cp -RL)"
          : whyNotAPlatformFolder(entry.folder)
        problems.append(
          listFile.problem(
            "platform '\(entry.platform)' has folder '\(entry.folder.replacingOccurrences(of: "\u{0}", with: "\\u0000"))', \(how)",
            at: [.key("platforms"), .index(i), .key("folder")]))
        continue
      }
      let bundleFolder = join(folder, entry.folder)
      // A folder the list names that is not there, or is no folder, is a broken output, as a
      // screen file the index names is: at the entry.
      if let missing = missingFolder(bundleFolder) {
        problems.append(
          listFile.problem(
            "platform '\(entry.platform)' has folder '\(entry.folder)', \(missing)", at: [.key("platforms"), .index(i), .key("folder")]))
        continue
      }
      let outcome = verify(bundleFolder, readsPlatformList: false)
      problems += outcome.problems
      screens += outcome.screens
      guard outcome.problems.isEmpty else { continue }
      let indexPath = join(bundleFolder, "bundle.json")
      if let bytes = read(indexPath, problems: &problems),
        let index = decode(bytes, at: indexPath, problems: &problems, BundleIndex.init(json:))
      {
        let indexFile = ValueLocator(SourceFile(path: indexPath, bytes: bytes))
        ownOutput = ownOutput || isOwnBundle(writtenBy: index.zlcVersion)
        if index.platform != entry.platform {
          let found = index.platform.map { "'\($0)'" } ?? "no platform"
          problems.append(
            indexFile.problem("names \(found), but \(PlatformBundles.fileName) lists it for '\(entry.platform)'", at: [.key("platform")]))
        }
        if index.formatVersion != list.formatVersion {
          problems.append(
            indexFile.problem(
              "has format_version \(index.formatVersion), but \(PlatformBundles.fileName) says \(list.formatVersion)",
              at: [.key("format_version")]))
        }
      }
    }
    problems += unlistedPlatformBundles(list, folder: folder, file: listFile)
    if ownOutput, !problems.contains(where: { $0.file == listPath }) {
      problems += schemaProblems(listBytes, at: listPath, definition: PlatformBundles.schemaName)
    }
    return VerifyOutcome(problems: problems, screens: problems.isEmpty ? screens : 0)
  }
}

extension BundleVerifier {
  /// The folders of a multi-platform output that hold a bundle (a `bundle.json`) that
  /// `platforms.json` names for no platform: a client of that platform would find no bundle.
  static func unlistedPlatformBundles(_ list: PlatformBundles, folder: String, file: ValueLocator) -> [BundleProblem] {
    let named = Set(list.platforms.map { ExactString($0.folder) })
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().compactMap { name in
      var status = stat()
      guard !named.contains(ExactString(name)), lstat(join(folder, name), &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        exists(join(join(folder, name), "bundle.json"))
      else { return nil }
      return file.problem(
        "names no platform for folder '\(name)', which holds a bundle (\(name)/bundle.json); a client of its platform would find no bundle",
        at: [.key("platforms")])
    }
  }

  /// What keeps `folder` (a `platforms.json` entry's, with a `.`, `..` or empty part, a NUL, or
  /// absolute) from being a platform's folder, as a client refuses it: only a path that leaves the
  /// output is outside it; one that stays inside is named as it should be written, or, when a
  /// `..` changes which folder it names (`ios/../android`), by the folder it names.
  static func whyNotAPlatformFolder(_ folder: String) -> String {
    if folder.isEmpty { return "which is empty" }
    if folder.utf8.contains(0) { return "which holds a NUL, where the system would end the path" }
    if folder.hasPrefix("/") { return "outside the output" }
    var kept: [Substring] = []
    for part in folder.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
      guard part == ".." else {
        kept.append(part)
        continue
      }
      guard !kept.isEmpty else { return "outside the output" }
      kept.removeLast()
    }
    guard !kept.isEmpty else { return "which names the output folder itself, not a platform's" }
    let plain = kept.joined(separator: "/")
    let refused = "(a client refuses a '.', '..' or empty part)"
    guard !folder.split(separator: "/").contains("..") else {
      return "which names the folder '\(plain)' through a '..' part \(refused)"
    }
    return "which is not written as a plain folder name \(refused): write '\(plain)'"
  }

  /// Why `path` names no folder (nothing there, or something else); nil when it does, or when it
  /// cannot be told (`verify` then says why the folder cannot be read).
  static func missingFolder(_ path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return errno == ENOENT ? "which is not there" : nil }
    guard status.st_mode & S_IFMT != S_IFDIR else { return nil }
    return "which is \(BoundedFile.kind(of: status.st_mode) ?? "a file"), not a folder"
  }
}

/// A renderer a section needs: its component type, a cell layout or its layout kind, its own or a
/// size class replacement's; the screen plugin a plugin screen opens with; or the plugin a
/// screen's navigation is drawn with.
package struct RendererUse: Sendable {
  enum Kind: CaseIterable {
    case componentType, cellLayout, layoutKind, screenPlugin, navigationPlugin

    /// The list of `required_renderers` that names it.
    var listKey: String {
      switch self {
      case .componentType: PlatformRenderers.key(\.renderers.componentTypes)
      case .cellLayout: PlatformRenderers.key(\.renderers.cellLayouts)
      case .layoutKind: PlatformRenderers.key(\.renderers.layoutKinds)
      case .screenPlugin: PlatformRenderers.key(\.renderers.screenPlugins)
      case .navigationPlugin: PlatformRenderers.key(\.renderers.navigationPlugins)
      }
    }

    /// The renderer as a message names it.
    var noun: String {
      switch self {
      case .componentType: "component type"
      case .cellLayout: "cell layout"
      case .layoutKind: "layout kind"
      case .screenPlugin: "screen plugin"
      case .navigationPlugin: "navigation plugin"
      }
    }

    /// What `renderers` lists of this kind.
    func names(in renderers: RendererSet) -> [String] {
      switch self {
      case .componentType: renderers.componentTypes
      case .cellLayout: renderers.cellLayouts
      case .layoutKind: renderers.layoutKinds
      case .screenPlugin: renderers.screenPlugins
      case .navigationPlugin: renderers.navigationPlugins ?? []
      }
    }
  }

  var kind: Kind
  var name: String
  var screen: String
  /// The section that uses it; nil for a screen plugin, which the screen itself needs.
  var section: Int?
  /// The size class a replacement is drawn on; nil for the section's own needs.
  var sizeClass: String?
  /// The navigation (its index in the screen's `navigations`) drawn with a navigation plugin.
  var navigation: Int? = nil

  /// The first use of each renderer in a screen, in section order: what
  /// `ResolvedSection.neededRenderers` counts (its cell body's included), after the screen plugin
  /// of a plugin screen and the plugin of each of its navigations (its `navigation_type`; a nav
  /// item's `type` names a plugin or one of the SDK's own items, which the bundle cannot tell).
  static func uses(of screen: ResolvedScreen) -> [RendererUse] {
    var seen: [Kind: Set<ExactString>] = [:]
    var uses: [RendererUse] = []
    if !screen.type.isEmpty, !ResolvedScreen.zappTypes.contains(screen.type) {
      uses.append(RendererUse(kind: .screenPlugin, name: screen.type, screen: screen.id, section: nil, sizeClass: nil))
    }
    for (i, navigation) in screen.navigations.enumerated() {
      guard let type = navigation.navigationType, !type.isEmpty, seen[.navigationPlugin, default: []].insert(ExactString(type)).inserted
      else { continue }
      uses.append(RendererUse(kind: .navigationPlugin, name: type, screen: screen.id, section: nil, sizeClass: nil, navigation: i))
    }
    func use(_ kind: Kind, _ name: String?, _ section: ResolvedSection, _ sizeClass: String?) {
      guard let name, seen[kind, default: []].insert(ExactString(name)).inserted else { return }
      uses.append(RendererUse(kind: kind, name: name, screen: screen.id, section: section.section, sizeClass: sizeClass))
    }
    for section in screen.resolved.sections {
      use(.componentType, section.componentType, section, nil)
      for id in [section.renderer.layoutID] + section.cells.map(\.layoutID) { use(.cellLayout, id, section, nil) }
      use(.layoutKind, section.geometry?.kind.word, section, nil)
      for mapped in section.sizeClassMapping {
        guard case .use(let type, _) = mapped.replacement else { continue }
        use(.componentType, type, section, mapped.sizeClass)
        use(.cellLayout, mapped.layoutID, section, mapped.sizeClass)
        use(.layoutKind, mapped.geometry?.kind.word, section, mapped.sizeClass)
      }
      if let body = section.cellBody {
        use(.componentType, body.componentType, section, nil)
        for id in [body.renderer.layoutID] + body.cells.map(\.layoutID) { use(.cellLayout, id, section, nil) }
        use(.layoutKind, body.geometry?.kind.word, section, nil)
      }
    }
    return uses
  }
}

extension BundleVerifier {
  /// The bundle of one platform (`platform`) lists that platform's needs, and its needs and
  /// clients alone, each platform's `min_zapp_sdk` is a version older than its
  /// `unsupported_since_zapp_sdk`, and its `required_renderers` hold
  /// every component type, cell layout and layout kind a section uses, every plugin screen's
  /// screen plugin and, where the entry has `navigation_plugins` or this release wrote the bundle,
  /// every navigation's `navigation_type` (a client lacking one would take the bundle, and draw
  /// nothing there).
  package static func platformProblems(_ index: BundleIndex, uses: [RendererUse], file: ValueLocator) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    let renderersKey = BundleIndex.key(\.requiredRenderers)
    if let own = index.platform, !index.requiredRenderers.contains(where: { ExactString($0.platform) == ExactString(own) }) {
      // Without its platform's entry, `missingRenderers(for:available:)` checks nothing.
      let why = "a client would check none of its renderers, take the bundle and draw nothing where it lacks one"
      problems.append(
        !file.holds(renderersKey)
          ? file.problem(
            "\(renderersKey): missing; the bundle of platform '\(own)' lists that platform's needs there: \(why)",
            at: [.key(BundleIndex.key(\.platform))])
          : file.problem(
            "\(renderersKey) holds no entry for platform '\(own)', the bundle's own: \(why)", at: [.key(renderersKey)]))
    }
    if let own = index.platform {
      for (i, entry) in index.requiredRenderers.enumerated() where ExactString(entry.platform) != ExactString(own) {
        problems.append(
          file.problem(
            "\(renderersKey) names platform '\(entry.platform)' in the bundle of platform '\(own)', which lists its own platform's needs alone",
            at: [.key(renderersKey), .index(i), .key(PlatformRenderers.key(\.platform))]))
      }
      let fallbacksKey = BundleIndex.key(\.fallbacks)
      for (i, client) in index.fallbacks.enumerated() where ExactString(client.platform) != ExactString(own) {
        problems.append(
          file.problem(
            "\(fallbacksKey) names a client of platform '\(client.platform)' in the bundle of platform '\(own)', which lists its own platform's clients alone",
            at: [.key(fallbacksKey), .index(i), .key(ClientFallbacks.key(\.platform))]))
      }
    }
    problems += repeatedPlatforms(index, file: file)
    let ownBundle = isOwnBundle(writtenBy: index.zlcVersion)
    for (i, entry) in index.requiredRenderers.enumerated() {
      let bounds = [
        (\PlatformRenderers.minZappSDK, entry.minZappSDK, "recent enough"),
        (\.unsupportedSinceZappSDK, entry.unsupportedSinceZappSDK, "too new"),
      ]
      for (path, sdk, enough) in bounds {
        guard let sdk, !ManifestVersionRule.isSDKVersion(sdk) else { continue }
        let key = PlatformRenderers.key(path)
        problems.append(
          file.problem(
            "\(renderersKey) of platform '\(entry.platform)': \(key) '\(sdk)' is not a version (such as 20.0.0); a client could not tell whether its SDK is \(enough)",
            at: [.key(renderersKey), .index(i), .key(key)]))
      }
      if let min = entry.minZappSDK, let until = entry.unsupportedSinceZappSDK, ManifestVersionRule.isSDKVersion(min),
        ManifestVersionRule.isSDKVersion(until), ZappSDKVersion.compare(min, until) >= 0
      {
        let (minKey, untilKey) = (PlatformRenderers.key(\.minZappSDK), PlatformRenderers.key(\.unsupportedSinceZappSDK))
        problems.append(
          file.problem(
            "\(renderersKey) of platform '\(entry.platform)': \(minKey) '\(min)' is at or past \(untilKey) '\(until)'; every client would refuse the bundle",
            at: [.key(renderersKey), .index(i)]))
      }
      var listed = Dictionary(
        uniqueKeysWithValues: RendererUse.Kind.allCases.map { ($0, Set($0.names(in: entry.renderers).map(ExactString.init))) })
      // An entry without `navigation_plugins` from an earlier release (which may not have written them)
      // states none: a client then checks none. This release writes the key whenever a screen has
      // a navigation, so its own bundle is held to it.
      let statesNavigation = entry.renderers.navigationPlugins != nil || ownBundle
      for use in uses where use.kind != .navigationPlugin || statesNavigation {
        guard listed[use.kind, default: []].insert(ExactString(use.name)).inserted else { continue }
        let drawn = use.sizeClass.map { " on size class '\($0)'" } ?? ""
        let verb = use.kind == .componentType ? "draws" : "uses"
        let user =
          use.section.map { "which screen '\(use.screen)', section \($0) \(verb)\(drawn)" }
          ?? use.navigation.map { "which navigation \($0) of screen '\(use.screen)' is drawn with" } ?? "the type of screen '\(use.screen)'"
        let lacking = use.navigation != nil ? "draw no navigation there" : use.section == nil ? "open nothing there" : "draw nothing there"
        problems.append(
          file.problem(
            "\(renderersKey) of platform '\(entry.platform)' leave out \(use.kind.noun) '\(use.name)', \(user): a client without it would take the bundle and \(lacking)",
            at: [.key(renderersKey), .index(i), .key(use.kind.listKey)]))
      }
    }
    return problems
  }
}

extension BundleVerifier {
  /// A platform `required_renderers` names twice: a client reads the first entry of its platform
  /// alone (`missingRenderers(for:available:)`), so the other's needs and versions go unread.
  static func repeatedPlatforms(_ index: BundleIndex, file: ValueLocator) -> [BundleProblem] {
    let renderersKey = BundleIndex.key(\.requiredRenderers)
    var first: [ExactString: Int] = [:]
    var problems: [BundleProblem] = []
    for (i, entry) in index.requiredRenderers.enumerated() {
      guard let earlier = first[ExactString(entry.platform)] else {
        first[ExactString(entry.platform)] = i
        continue
      }
      problems.append(
        file.problem(
          "\(renderersKey) names platform '\(entry.platform)' again (as its entry \(earlier + 1) does): a client reads the first entry of its platform alone",
          at: [.key(renderersKey), .index(i), .key(PlatformRenderers.key(\.platform))]))
    }
    return problems
  }
}
