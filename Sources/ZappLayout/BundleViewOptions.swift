/// The view options of a screen (`styles` keys such as `nav_bar` and `status_bar_style`): how the
/// client shows its bars and turns, each absent when the screen leaves it to the client.
public struct ViewOptions: Hashable, Sendable {
  /// Whether the status bar, navigation bar, tab bar and toolbar show.
  public var statusBar: Bool?
  public var navBar: Bool?
  public var tabBar: Bool?
  public var toolBar: Bool?
  /// `default`, `light_content` or `dark_content`.
  public var statusBarStyle: String?
  /// `default` or `black`.
  public var navBarStyle: String?
  public var navBarTranslucent: Bool?
  public var hidesBottomBarWhenPushed: Bool?
  /// The orientations the screen turns to: `portrait`, `portrait_upside_down`, `landscape_left`,
  /// `landscape_right`, in that order.
  public var supportedInterfaceOrientations: [String]?
  public var autorotate: Bool?
  /// Whether opening and closing the screen is animated.
  public var animated: Bool?

  public init() {}

  /// The words of `status_bar_style`, `nav_bar_style` and `supported_interface_orientations`.
  public static let statusBarStyles = ["default", "light_content", "dark_content"]
  public static let navBarStyles = ["default", "black"]
  public static let orientations = ["portrait", "portrait_upside_down", "landscape_left", "landscape_right"]

  /// True when the screen sets no option.
  public var isEmpty: Bool { self == ViewOptions() }
}

extension ViewOptions: BundleObject {
  public static let schemaName = "view_options"
  public static let summary = "The screen's view options: its bars, orientations and transitions, as its styles set them."
  public static let fields: [BundleField<Self>] = [
    .optional("status_bar", \.statusBar, .bool, "whether the status bar shows"),
    .optional("nav_bar", \.navBar, .bool, "whether the navigation bar shows"),
    .optional("tab_bar", \.tabBar, .bool, "whether the tab bar shows"),
    .optional("tool_bar", \.toolBar, .bool, "whether the toolbar shows"),
    .optional("status_bar_style", \.statusBarStyle, .string, "`default`, `light_content` or `dark_content`"),
    .optional("nav_bar_style", \.navBarStyle, .string, "`default` or `black`"),
    .optional("nav_bar_translucent", \.navBarTranslucent, .bool, "whether the navigation bar is translucent"),
    .optional(
      "hides_bottom_bar_when_pushed", \.hidesBottomBarWhenPushed, .bool, "whether the tab bar hides while the screen is pushed"),
    .optional(
      "supported_interface_orientations", \.supportedInterfaceOrientations, .array(.string),
      "the orientations the screen turns to, in the order `portrait`, `portrait_upside_down`, `landscape_left`, `landscape_right`"),
    .optional("autorotate", \.autorotate, .bool, "whether the screen turns with the device"),
    .optional("animated", \.animated, .bool, "whether opening and closing the screen is animated"),
  ]
  public static var blank: Self { ViewOptions() }
}

extension Resolution {
  /// How the screen is actually shown from a place with or without a navigation stack: `push`
  /// where there is none to push onto is `present_then_push` (a navigation stack is made and
  /// presented).
  public func effectivePresentation(hasNavigationStack: Bool) -> Presentation {
    presentation == .push && !hasNavigationStack ? .presentThenPush : presentation
  }
}
