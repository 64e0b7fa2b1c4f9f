import Foundation

/// `bundle.json`: the index of a resolved screen bundle.
public struct BundleIndex: Codable, Hashable, Sendable {
  public var formatVersion: Int
  public var app: String?
  public var zlcVersion: String
  public var devices: [Device]
  public var screens: [Entry]
  /// `screen_type` value → screen id.
  public var screenTypes: [String: String]
  /// Feed entry type → screen id.
  public var contentTypes: [String: String]

  public struct Entry: Codable, Hashable, Sendable {
    public var id: String
    public var name: String?
    public var file: String
    public var sha256: String

    public init(id: String, name: String?, file: String, sha256: String) {
      self.id = id
      self.name = name
      self.file = file
      self.sha256 = sha256
    }
  }

  public init(
    formatVersion: Int, app: String?, zlcVersion: String, devices: [Device], screens: [Entry],
    screenTypes: [String: String], contentTypes: [String: String]
  ) {
    self.formatVersion = formatVersion
    self.app = app
    self.zlcVersion = zlcVersion
    self.devices = devices
    self.screens = screens
    self.screenTypes = screenTypes
    self.contentTypes = contentTypes
  }

  enum CodingKeys: String, CodingKey {
    case formatVersion = "format_version"
    case app
    case zlcVersion = "zlc_version"
    case devices, screens
    case screenTypes = "screen_types"
    case contentTypes = "content_types"
  }

  /// The format version this library reads.
  public static let currentFormatVersion = 1

  /// The screen a `screen_type` opens: the mapped screen, else the screen with that id.
  public func screenID(forScreenType screenType: String) -> String? {
    if let id = screenTypes[screenType] { return id }
    return screens.first { $0.id == screenType }?.id
  }
}

/// How a section gets its data.
public struct DataBinding: Codable, Hashable, Sendable {
  /// `own` (root screens), `sender_child` (connected screens) or `none` (takes no data).
  public var binding: String
  public var source: String?
  public var type: String?
  /// The index of the sender's child bound to this section (or to its group).
  public var child: Int?
  /// For a component inside a group: the index among the group child's own children.
  public var groupChild: Int?

  enum CodingKeys: String, CodingKey {
    case binding, source, type, child
    case groupChild = "group_child"
  }

  public init(binding: String, source: String? = nil, type: String? = nil, child: Int? = nil, groupChild: Int? = nil) {
    self.binding = binding
    self.source = source
    self.type = type
    self.child = child
    self.groupChild = groupChild
  }
}

/// One section of a resolved screen: one leaf component, its cell styles, binding and layout.
public struct ResolvedSection: Codable, Hashable, Sendable {
  public var section: Int
  /// Index path of the component in the screen.
  public var component: [Int]
  public var componentType: String
  public var componentID: String?
  public var family: String?
  public var cellStyles: [String]
  public var renderer: Renderer
  public var data: DataBinding
  public var itemLimit: Int?
  public var fillRows: Bool?
  /// Data types the component accepts (from its manifest), when it restricts them.
  public var accepts: [String]?
  /// The screen a tap on an item opens (`data.target`).
  public var target: String?
  /// Per device name.
  public var layout: [String: SectionLayout]

  public struct Renderer: Codable, Hashable, Sendable {
    public var layoutID: String?
    enum CodingKeys: String, CodingKey { case layoutID = "layout_id" }
  }

  enum CodingKeys: String, CodingKey {
    case section, component
    case componentType = "component_type"
    case componentID = "component_id"
    case family
    case cellStyles = "cell_styles"
    case renderer, data
    case itemLimit = "item_limit"
    case fillRows = "fill_rows"
    case accepts, target, layout
  }
}

/// The `resolved` object zlc adds to each screen.
public struct Resolution: Codable, Hashable, Sendable {
  public var family: String?
  public var connected: Bool
  public var presentation: String
  public var launchMode: String
  public var sections: [ResolvedSection]

  enum CodingKeys: String, CodingKey {
    case family, connected, presentation
    case launchMode = "launch_mode"
    case sections
  }
}

/// A resolved screen: the rivers screen's main keys plus `resolved`. Other original keys are kept
/// in the file; decode them with your own type when you need them.
public struct ResolvedScreen: Codable, Hashable, Sendable {
  public var id: String
  public var name: String?
  public var type: String
  public var home: Bool?
  /// The screen's navigations (menus, tab bars), as written in the project.
  public var navigations: [Navigation]?
  public var resolved: Resolution
}

/// A whole bundle loaded from a folder.
public struct ScreenBundle: Sendable {
  public var index: BundleIndex
  public var screens: [ResolvedScreen]

  /// Why a bundle could not be loaded (besides I/O and decoding errors).
  public enum LoadError: Error, Equatable {
    /// The bundle was written in a format this library does not read.
    case unsupportedFormatVersion(Int)
    /// `bundle.json` lists a screen file outside the bundle folder.
    case fileOutsideBundle(String)
  }

  /// Loads `bundle.json` and every screen file it lists.
  public static func load(from folder: URL) throws -> ScreenBundle {
    let decoder = JSONDecoder()
    let index = try decoder.decode(BundleIndex.self, from: Data(contentsOf: folder.appendingPathComponent("bundle.json")))
    guard index.formatVersion == BundleIndex.currentFormatVersion else {
      throw LoadError.unsupportedFormatVersion(index.formatVersion)
    }
    let screens = try index.screens.map { entry in
      let parts = entry.file.split(separator: "/", omittingEmptySubsequences: false)
      guard !entry.file.hasPrefix("/"), !parts.contains(".."), !parts.contains("") else {
        throw LoadError.fileOutsideBundle(entry.file)
      }
      return try decoder.decode(ResolvedScreen.self, from: Data(contentsOf: folder.appendingPathComponent(entry.file)))
    }
    return ScreenBundle(index: index, screens: screens)
  }

  public func screen(id: String) -> ResolvedScreen? { screens.first { $0.id == id } }
}
