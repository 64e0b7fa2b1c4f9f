// The demo app's renderer registry on the web, against the code `zlc generate typescript manifests
// --platform web -o examples/clients/typescript/generated` writes. Each renderer the screens need is
// one member: a client without one of them does not compile.

import { ZappRenderers } from "./generated/web/zapp-client";

/** What draws one kind of thing in this example: a name (a real client holds a component here). */
export interface Renderer {
  readonly name: string;
}

/** Every renderer the demo's screens need, and nothing else. */
export const demoRenderers: ZappRenderers<Renderer, Renderer, Renderer, Renderer> = {
  gridComponent: { name: "GridView" },
  heroComponent: { name: "HeroView" },
  horizontalListComponent: { name: "RailView" },
  htmlTickerComponent: { name: "TickerView" },
  listComponent: { name: "ListView" },
  promoBannerComponent: { name: "PromoBannerView" },
  searchBarComponent: { name: "SearchBarView" },

  flowGridLandscapeCell: { name: "LandscapeCell" },
  flowGridPosterCell: { name: "PosterCell" },
  flowHeroCell: { name: "HeroCell" },
  flowListRowCell: { name: "RowCell" },
  flowRailPosterCell: { name: "RailPosterCell" },
  flowTickerCell: { name: "TickerCell" },
  layout01Grid01Cell: { name: "GridCell" },
  layout01Grid02Cell: { name: "GridCell2" },
  layout01Hero01Cell: { name: "HeroCell1" },
  layout01Hero02Cell: { name: "HeroCell2" },
  layout01HorizontalList01Cell: { name: "RailCell1" },
  layout01HorizontalList02Cell: { name: "RailCell2" },
  layout01List01Cell: { name: "ListCell1" },
  layout01List02Cell: { name: "ListCell2" },
  layout01Ticker01Cell: { name: "TickerCell1" },

  flowLayout: { name: "FlowLayout" },
  horizontalLayout: { name: "HorizontalLayout" },
  linearLayout: { name: "LinearLayout" },
  oneAndNLayout: { name: "OneAndNLayout" },
  pagedLayout: { name: "PagedLayout" },
  stickyLayout: { name: "StickyLayout" },
  waterfallLayout: { name: "WaterfallLayout" },

  riverflixPlayerScreen: { name: "PlayerScreen" },
  riverflixSettingsScreen: { name: "SettingsScreen" },
};
