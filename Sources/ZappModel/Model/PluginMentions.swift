import ZappDiagnostics

/// A name in a screens file that may be a plugin a client runs, as `Project.usedPlugins` reads
/// them: what the file alone tells, in document order, so that it is kept with the file's
/// document and only which names are plugins is worked out on each check.
package enum PluginMention: Sendable {
  /// A screen's plugin type, a hook's plugin, a navigation's plugin, a component's type, a size
  /// class replacement's type, or a cell body's type: a plugin when a manifest declares it.
  case type(Located<String>)
  /// A component's `fallback` type: a plugin when a manifest declares it, drawn only by a client
  /// that lacks what the component needs.
  case fallbackType(Located<String>)
  /// A nav item's `type`: a plugin when a manifest of type `nav_item` declares it.
  case navItem(Located<String>)
  /// A `data.type`: a plugin when it names a data source provider.
  case provider(Located<String>)
  /// A component without its own size class mapping, which takes its family's: the type, and the
  /// family names its own `styles` and its screen's give.
  case familyMapping(type: String, own: String?, ownLocated: String?, screen: String?)

  /// The mentions of `screens`, in document order.
  package static func mentions(in screens: ArraySlice<ScreenDecl>) -> [PluginMention] {
    var found: [PluginMention] = []
    func provider(of object: JSONValue) {
      if let type = object["data"]?["type"]?.nonEmptyString { found.append(.provider(type)) }
    }
    for screen in screens {
      if screen.isPluginScreen { found.append(.type(screen.type)) }
      provider(of: screen.value)
      // A hook runs its plugin on the client, before or after the screen loads.
      if let hooks = screen.value["hooks"], hooks.kind == .object {
        for key in ["preload_plugins", "postload_plugins"] {
          for hook in hooks[key]?.elements ?? [] { hook["identifier"]?.nonEmptyString.map { found.append(.type($0)) } }
        }
      }
      Project.forEachNavigation(of: screen.value) { object, isItem in
        if let type = Project.navigationPlugin(of: object, isItem: isItem) { found.append(isItem ? .navItem(type) : .type(type)) }
        if isItem { provider(of: object) }
      }
      screen.forEachComponent { c in
        found.append(.type(c.type))
        provider(of: c.value)
        let ownMapping = c.sizeClassMappingValue
        if ownMapping != nil || c.fallbackValue != nil {
          for entry in SizeClassMappingEntry.entries(of: c) where !entry.hides { entry.componentType.map { found.append(.type($0)) } }
          if let fallback = SizeClassMappingEntry.fallback(of: c), !fallback.hides, let type = fallback.componentType {
            found.append(.fallbackType(type))
          }
        }
        if ownMapping == nil {
          found.append(.familyMapping(type: c.typeName, own: c.familyName, ownLocated: c.family?.value, screen: screen.family?.value))
        }
        c.cellBodyType.map { found.append(.type($0)) }
      }
    }
    return found
  }
}
