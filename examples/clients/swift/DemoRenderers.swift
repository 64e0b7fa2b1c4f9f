// The demo app's renderer registry on iOS, against the code `zlc generate swift manifests -o
// examples/clients/swift/generated` writes. Each renderer the screens need is one property: a
// client without one of them does not compile.

/// What draws one kind of thing in this example: a name (a real client holds a view type or a
/// factory here).
struct Renderer: Sendable {
  let name: String
}

/// Every renderer the demo's screens need, and nothing else.
struct DemoRenderers: ZappRenderers {
  typealias ComponentRenderer = Renderer
  typealias CellRenderer = Renderer
  typealias LayoutRenderer = Renderer
  typealias ScreenRenderer = Renderer

  let gridComponent = Renderer(name: "GridView")
  let heroComponent = Renderer(name: "HeroView")
  let horizontalListComponent = Renderer(name: "RailView")
  let htmlTickerComponent = Renderer(name: "TickerView")
  let listComponent = Renderer(name: "ListView")
  let promoBannerComponent = Renderer(name: "PromoBannerView")
  let searchBarComponent = Renderer(name: "SearchBarView")

  let flowGridLandscapeCell = Renderer(name: "LandscapeCell")
  let flowGridPosterCell = Renderer(name: "PosterCell")
  let flowHeroCell = Renderer(name: "HeroCell")
  let flowListRowCell = Renderer(name: "RowCell")
  let flowRailPosterCell = Renderer(name: "RailPosterCell")
  let flowTickerCell = Renderer(name: "TickerCell")
  let layout01Grid01Cell = Renderer(name: "GridCell")
  let layout01Grid02Cell = Renderer(name: "GridCell2")
  let layout01Hero01Cell = Renderer(name: "HeroCell1")
  let layout01Hero02Cell = Renderer(name: "HeroCell2")
  let layout01HorizontalList01Cell = Renderer(name: "RailCell1")
  let layout01HorizontalList02Cell = Renderer(name: "RailCell2")
  let layout01List01Cell = Renderer(name: "ListCell1")
  let layout01List02Cell = Renderer(name: "ListCell2")
  let layout01Ticker01Cell = Renderer(name: "TickerCell1")

  let flowLayout = Renderer(name: "FlowLayout")
  let horizontalLayout = Renderer(name: "HorizontalLayout")
  let linearLayout = Renderer(name: "LinearLayout")
  let oneAndNLayout = Renderer(name: "OneAndNLayout")
  let pagedLayout = Renderer(name: "PagedLayout")
  let stickyLayout = Renderer(name: "StickyLayout")
  let waterfallLayout = Renderer(name: "WaterfallLayout")

  let riverflixPlayerScreen = Renderer(name: "PlayerScreen")
  let riverflixSettingsScreen = Renderer(name: "SettingsScreen")
}
