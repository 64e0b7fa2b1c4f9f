// The demo app's renderer registry on Android, against the code `zlc generate kotlin manifests
// --platform android -o examples/clients/kotlin/generated` writes. Each renderer the screens need
// is one member: a client without one of them does not compile.

package example

import java.io.File
import kotlin.system.exitProcess
import zapp.android.ZAPP_PLATFORM
import zapp.android.ZappBundleIndex
import zapp.android.ZappRenderers
import zapp.android.registryJson

/** What draws one kind of thing in this example: a name (a real client holds a view factory here). */
class Renderer(val name: String)

/** Every renderer the demo's screens need, and nothing else. */
object DemoRenderers : ZappRenderers<Renderer, Renderer, Renderer, Renderer> {
    override val gridComponent = Renderer("GridView")
    override val heroComponent = Renderer("HeroView")
    override val horizontalListComponent = Renderer("RailView")
    override val htmlTickerComponent = Renderer("TickerView")
    override val listComponent = Renderer("ListView")
    override val promoBannerComponent = Renderer("PromoBannerView")
    override val searchBarComponent = Renderer("SearchBarView")

    override val flowGridLandscapeCell = Renderer("LandscapeCell")
    override val flowGridPosterCell = Renderer("PosterCell")
    override val flowHeroCell = Renderer("HeroCell")
    override val flowListRowCell = Renderer("RowCell")
    override val flowRailPosterCell = Renderer("RailPosterCell")
    override val flowTickerCell = Renderer("TickerCell")
    override val layout01Grid01Cell = Renderer("GridCell")
    override val layout01Grid02Cell = Renderer("GridCell2")
    override val layout01Hero01Cell = Renderer("HeroCell1")
    override val layout01Hero02Cell = Renderer("HeroCell2")
    override val layout01HorizontalList01Cell = Renderer("RailCell1")
    override val layout01HorizontalList02Cell = Renderer("RailCell2")
    override val layout01List01Cell = Renderer("ListCell1")
    override val layout01List02Cell = Renderer("ListCell2")
    override val layout01Ticker01Cell = Renderer("TickerCell1")

    override val flowLayout = Renderer("FlowLayout")
    override val horizontalLayout = Renderer("HorizontalLayout")
    override val linearLayout = Renderer("LinearLayout")
    override val oneAndNLayout = Renderer("OneAndNLayout")
    override val pagedLayout = Renderer("PagedLayout")
    override val stickyLayout = Renderer("StickyLayout")
    override val waterfallLayout = Renderer("WaterfallLayout")

    override val riverflixPlayerScreen = Renderer("PlayerScreen")
    override val riverflixSettingsScreen = Renderer("SettingsScreen")
}

/**
 * `registry VERSION [--applies-fallbacks]` prints this build's renderer registry (a `registries/`
 * file), saying whether the build draws components' fallbacks; `bundle PATH` reads a bundle.json
 * and names what this build cannot draw.
 */
fun main(args: Array<String>) {
    val appliesFallbacks = args.size == 3 && args[2] == "--applies-fallbacks"
    when (if (args.size == 2 || appliesFallbacks) args[0] else "") {
        "registry" -> print(DemoRenderers.registryJson(args[1], appliesFallbacks = appliesFallbacks))
        "bundle" -> if (appliesFallbacks) usage() else {
            val index = ZappBundleIndex.decode(File(args[1]).readText())
            val missing = index.missingRenderers(ZAPP_PLATFORM)
            if (missing == null) {
                println("${index.screens.size} screens; cannot verify: no required renderers for ${ZAPP_PLATFORM ?: "an app without platforms"}")
                exitProcess(1)
            }
            val summary = if (missing.isEmpty()) "every renderer present" else "missing: " + missing.joinToString(", ")
            println("${index.screens.size} screens; $summary")
            exitProcess(if (missing.isEmpty()) 0 else 1)
        }
        else -> usage()
    }
}

/** Prints how the client is run and exits with status 64. */
fun usage(): Nothing {
    println("usage: client registry VERSION [--applies-fallbacks] | client bundle BUNDLE_JSON")
    exitProcess(64)
}
