/// Building blocks of rule examples: a clean base project and snippets over it. Every example's
/// files are written over `baseProject`, so an example shows only what it is about.
package enum Example {
  /// The home screen (FAMILY_1, a grid of GRID_1, a menu that opens `other`).
  package static let home = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}],
      "navigations": [{"category": "menu", "nav_items": [{"title": "Other", "data": {"target": "other"}}], "navigation_type": "TwoLevelRNMenu"}]}]
    """

  /// The home screen whose grid's items open `other`, without a navigation: how a connected
  /// `other` is opened.
  package static let homeOpeningByItems = """
    [{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1"},
      "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "other"}, "styles": {"cell_styles": ["GRID_1"]}}]}]
    """

  /// A grid component that checks clean.
  package static let grid =
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#

  /// The project every example is written over: the home screen and a screen `other` it opens.
  package static let baseProject: [String: String] = ["screens/home.json": home, "screens/o.json": screen(grid)]

  /// The screen `other` (general_content, FAMILY_1) with these components and extra keys.
  package static func screen(_ components: String, extra: String = "", id: String = "other") -> String {
    #"[{"id": "\#(id)", "type": "general_content", "styles": {"family": "FAMILY_1"}\#(extra), "ui_components": [\#(components)]}]"#
  }

  /// A grid whose items open `target`.
  package static func gridOpening(_ target: String) -> String {
    #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "\#(target)"}, "styles": {"cell_styles": ["GRID_1"]}}"#
  }

  /// A manifest zappifest accepts; a value starting with `⟦⟧` puts the marker before its quote.
  /// `builderSupport` is its `ui_builder_support`, written as given.
  package static func manifest(
    _ extra: String, version: String = "1.0.0", identifier: String = "x", type: String = "ui_component",
    builderSupport: String = "true"
  ) -> String {
    func quote(_ s: String) -> String { s.hasPrefix("⟦⟧") ? "⟦⟧\"" + s.dropFirst(2) + "\"" : "\"" + s + "\"" }
    return
      #"{"author_name": "a", "author_email": "a@b.c", "manifest_version": \#(quote(version)), "name": "N", "description": "D", "identifier": \#(quote(identifier)), "type": \#(quote(type)), "min_zapp_sdk": "1.0", "ui_builder_support": \#(builderSupport)\#(extra)}"#
  }
}
