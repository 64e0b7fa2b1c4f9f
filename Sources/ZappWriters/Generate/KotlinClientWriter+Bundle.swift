import Foundation
import ZappLayout

extension KotlinClientWriter {
  /// `ZappBundleIndex` and its decoder.
  package func bundleIndex(_ c: inout CodeText) {
    c.doc("A `bundle.json` that cannot be decoded.", style: .block)
    c.line("class ZappBundleException(message: String) : Exception(message)")
    c.line()
    c.doc("The parts of `bundle.json` a client reads first, typed with the project's names.", style: .block)
    c.line("class ZappBundleIndex(")
    c.line("    val formatVersion: Int,")
    c.line("    val screens: List<Screen>,")
    c.line("    val screenTypes: Map<ZappScreenType, ZappScreenId>,")
    c.line("    val requiredRenderers: List<Renderers>,")
    c.line("    /** The platform the bundle is for; null when the app names none. */")
    c.line("    val platform: String? = null,")
    c.line("    /** Feed entry type → the screen it opens, in the bundle's order. */")
    c.line("    val contentTypes: Map<String, ZappScreenId> = emptyMap(),")
    c.line("    /** `ui_tag` → the screen a feed item carrying it opens, in the bundle's order. */")
    c.line("    val uiTags: Map<String, ZappScreenId> = emptyMap(),")
    c.line("    /** Feed entry type → the screen it opens when nothing else maps it, in the bundle's order. */")
    c.line("    val fallbackScreens: Map<String, ZappScreenId> = emptyMap(),")
    c.line("    /** Per registered client build, the sections it draws with their fallbacks. */")
    c.line("    val fallbacks: List<ClientFallbacks> = emptyList(),")
    c.line("    /** `app` of `zlc.json`; null when it names none. */")
    c.line("    val app: String? = null,")
    c.line("    /** The version of zlc that wrote the bundle. */")
    c.line("    val zlcVersion: String = \"\",")
    c.line("    /** The devices the geometry was computed for, in the bundle's order. */")
    c.line("    val devices: List<Device> = emptyList(),")
    c.line("    /** The size classes, in the bundle's order (\(SwiftClientWriter.defaultSizeClassesText) when it gives none). */")
    c.line("    val sizeClasses: List<SizeClass> = DEFAULT_SIZE_CLASSES,")
    c.line("    /** The ids of the compact form's shared layouts (`layouts`), sorted; none in the expanded form. */")
    c.line("    val layoutIds: List<String> = emptyList()")
    c.block(") {") { c in
      c.doc("A device the bundle's geometry was computed for.", style: .block)
      c.line("class Device(")
      c.line("    val name: String,")
      c.line("    /** Its device class: \(SwiftClientWriter.deviceClasses). */")
      c.line("    val deviceClass: String,")
      c.line("    /** Its width in points. */")
      c.line("    val width: Double,")
      c.line("    /** The size class its width falls in, when the bundle says. */")
      c.line("    val sizeClass: String?,")
      c.line("    /** The window's state (`portrait`, `split_view`, …), when the bundle names one. */")
      c.line("    val state: String?")
      c.line(")")
      c.line()
      c.doc("A size class: a range of window widths and the device class a window of that width reads.", style: .block)
      c.line("class SizeClass(")
      c.line("    val name: String,")
      c.line("    /** Its device class: \(SwiftClientWriter.deviceClasses). */")
      c.line("    val deviceClass: String,")
      c.line("    /** The smallest width of the class, inclusive. */")
      c.line("    val minWidth: Double,")
      c.line("    /** The first width past the class (exclusive); null for no upper bound. */")
      c.line("    val maxWidth: Double?")
      c.line(")")
      c.line()
      c.doc("A section of a screen: the screen and the section's index in it.", style: .block)
      c.line("class SectionReference(val screen: ZappScreenId, val section: Long)")
      c.line()
      c.doc("The sections one registered client build draws with their fallbacks.", style: .block)
      c.line("class ClientFallbacks(")
      c.line("    val platform: String,")
      c.line("    val clientVersion: String,")
      c.line("    /** The share of the platform's active installs the build has (0 to 1), when its registry says. */")
      c.line("    val installs: Double?,")
      c.line("    val sections: List<SectionReference>")
      c.line(")")
      c.line()
      c.doc("One screen of the bundle and its file.", style: .block)
      c.line("class Screen(val id: ZappScreenId, val name: String?, val file: String, val sha256: String)")
      c.line()
      c.doc("What the screens need drawn on one platform.", style: .block)
      c.line("class Renderers(")
      c.line("    val platform: String,")
      c.line("    val componentTypes: List<ZappComponentType>,")
      c.line("    val cellLayouts: List<ZappCellLayout>,")
      c.line("    val layoutKinds: List<ZappLayoutKind>,")
      c.line("    val screenPlugins: List<ZappScreenPlugin>,")
      c.line("    /** The oldest Zapp SDK a client of the platform must have; null when the bundle gives none. */")
      c.line("    val minZappSdk: String? = null,")
      c.line("    /** The first Zapp SDK that can no longer draw the screens; null when the bundle gives none. */")
      c.line("    val unsupportedSinceZappSdk: String? = null,")
      c.line("    /** The plugins the screens' navigations are drawn with. */")
      c.line("    val navigationPlugins: List<ZappNavigationPlugin> = emptyList()")
      c.block(") {") { c in
        c.doc("The names this build has no renderer for: the unknown ones, list by list.", style: .block)
        c.line("val unknownNames: List<String>")
        c.line("    get() = componentTypes.filterIsInstance<ZappComponentType.Unknown>().map { it.wireName } +")
        c.line("        cellLayouts.filterIsInstance<ZappCellLayout.Unknown>().map { it.wireName } +")
        c.line("        layoutKinds.filterIsInstance<ZappLayoutKind.Unknown>().map { it.wireName } +")
        c.line("        screenPlugins.filterIsInstance<ZappScreenPlugin.Unknown>().map { it.wireName } +")
        c.line("        navigationPlugins.filterIsInstance<ZappNavigationPlugin.Unknown>().map { it.wireName }")
      }
      c.line()
      c.line("/**")
      c.line(" * The names the bundle needs drawn on `platform` that this build has no renderer for (empty: it")
      c.line(" * draws every screen), or null when the bundle lists no renderers for it (a bundle of another")
      c.line(" * platform, or of an app that names none): then nothing can be verified.")
      c.line(" */")
      c.line("fun missingRenderers(platform: String? = ZAPP_PLATFORM): List<String>? =")
      c.line("    requiredRenderers.firstOrNull { it.platform == platform }?.unknownNames")
      c.line()
      c.line("/**")
      c.line(" * Whether a client whose Zapp SDK is `zappSdk` may take the bundle on `platform`: its SDK is at")
      c.line(" * least the platform's `minZappSdk` and older than its `unsupportedSinceZappSdk` (a bound left")
      c.line(" * out holds for every client), or null when the bundle lists no renderers for it. A client it")
      c.line(" * does not support keeps its previous bundle.")
      c.line(" */")
      c.block("fun supportsClient(zappSdk: String, platform: String? = ZAPP_PLATFORM): Boolean? {") { c in
        c.line("val entry = requiredRenderers.firstOrNull { it.platform == platform } ?: return null")
        c.line("val oldest = entry.minZappSdk")
        c.line("if (oldest != null && compareZappSdk(zappSdk, oldest) < 0) return false")
        c.line("val until = entry.unsupportedSinceZappSdk")
        c.line("return until == null || compareZappSdk(zappSdk, until) < 0")
      }
      c.line()
      c.block("companion object {") { c in
        compareZappSDK(&c)
        c.line()
        c.doc("Decodes the text of `bundle.json`; a name this build does not know decodes as `Unknown`.", style: .block)
        c.block("fun decode(json: String): ZappBundleIndex {") { c in
          c.line("val root = ZappJsonReader(json).document() as? Map<*, *>")
          c.line("    ?: throw ZappBundleException(\"bundle.json is not a JSON object\")")
          c.line("// The version first: a newer format may change any other key. A whole number of 32 bits.")
          c.line("val number = root[\"format_version\"] as? Double")
          c.line("val version = number?.toInt()?.takeIf { it.toDouble() == number }")
          c.line("    ?: throw ZappBundleException(\"format_version is missing or not a whole number\")")
          // Only the formats the runtime reads: another may say anything else in the same keys.
          let (oldest, newest) = (BundleIndex.readableFormatVersions.lowerBound, BundleIndex.readableFormatVersions.upperBound)
          c.line("if (version !in \(oldest)..\(newest)) {")
          let unread = "is not one this client reads (\(oldest) to \(newest))"
          c.line("    throw ZappBundleException(\"format_version \" + version + \" \(unread)\")")
          c.line("}")
          c.line("val app = string(root[\"app\"], \"app\")")
          c.line("val bundlePlatform = string(root[\"platform\"], \"platform\")")
          c.line(
            "val zlcVersion = root[\"zlc_version\"] as? String ?: throw ZappBundleException(\"zlc_version is missing or not a string\")")
          c.line("val devices = devices(root[\"devices\"])")
          c.line("val sizeClasses = sizeClasses(root[\"size_classes\"])")
          c.line("val list = root[\"screens\"] as? List<*> ?: throw ZappBundleException(\"screens is missing or not a list\")")
          c.line("val ids = HashSet<String>()")
          c.line("val screens = list.mapIndexed { i, entry ->")
          c.line("    val at = \"screens[\" + i + \"]\"")
          c.line("    val e = entry as? Map<*, *>")
          c.line("    val id = e?.get(\"id\") as? String")
          c.line("    val file = e?.get(\"file\") as? String")
          c.line("    if (id == null || file == null) throw ZappBundleException(at + \" has no id or file\")")
          c.line("    if (!ids.add(id)) throw ZappBundleException(at + \".id '\" + id + \"' is listed twice\")")
          c.line("    val sha256 = e[\"sha256\"] as? String ?: throw ZappBundleException(at + \".sha256 is missing or not a string\")")
          c.line("    val name = string(e[\"name\"], at + \".name\")")
          c.line("    if (!isInside(file)) throw ZappBundleException(at + \".file \(SwiftClientWriter.fileOutside)\")")
          c.line("    Screen(ZappScreenId.of(id), name, file, sha256)")
          c.line("}")
          c.line("val types = root[\"screen_types\"] as? Map<*, *>")
          c.line("    ?: throw ZappBundleException(\"screen_types is missing or not an object\")")
          c.line("val screenTypes = LinkedHashMap<ZappScreenType, ZappScreenId>()")
          c.block("for ((key, value) in types) {") { c in
            c.line("if (value !is String) throw ZappBundleException(\"screen_types.\" + key + \" is not a string\")")
            c.line("screenTypes[ZappScreenType.of(key.toString())] = ZappScreenId.of(value)")
          }
          c.line("val requiredList = root[\"required_renderers\"]")
          c.line("if (requiredList != null && requiredList !is List<*>) throw ZappBundleException(\"required_renderers is not a list\")")
          c.line("val required = (requiredList as? List<*> ?: emptyList<Any?>()).mapIndexed { i, entry ->")
          c.line("    val at = \"required_renderers[\" + i + \"]\"")
          c.line("    val e = entry as? Map<*, *>")
          c.line("    val platform = e?.get(\"platform\") as? String ?: throw ZappBundleException(at + \" has no platform\")")
          c.line("    Renderers(")
          c.line("        platform,")
          c.line("        names(e[\"component_types\"], at + \".component_types\").map { ZappComponentType.of(it) },")
          c.line("        names(e[\"cell_layouts\"], at + \".cell_layouts\").map { ZappCellLayout.of(it) },")
          c.line("        names(e[\"layout_kinds\"], at + \".layout_kinds\").map { ZappLayoutKind.of(it) },")
          c.line("        names(e[\"screen_plugins\"], at + \".screen_plugins\").map { ZappScreenPlugin.of(it) },")
          c.line("        string(e[\"min_zapp_sdk\"], at + \".min_zapp_sdk\"),")
          c.line("        string(e[\"unsupported_since_zapp_sdk\"], at + \".unsupported_since_zapp_sdk\"),")
          c.line("        names(e[\"navigation_plugins\"], at + \".navigation_plugins\").map { ZappNavigationPlugin.of(it) }")
          c.line("    )")
          c.line("}")
          c.line("return ZappBundleIndex(")
          c.line("    version, screens, screenTypes, required, bundlePlatform,")
          c.line("    mappings(root, \"content_types\", true), mappings(root, \"ui_tags\", false),")
          c.line("    mappings(root, \"fallback_screens\", false), fallbacks(root[\"fallbacks\"]), app, zlcVersion, devices,")
          c.line("    sizeClasses, layoutIds(root[\"layouts\"], version)")
          c.line(")")
        }
        c.line()
        mappingsAndFallbacks(&c)
        c.line()
        sizeClassesAndLayouts(&c)
        c.line()
        ClientSizeClassCheck.kotlin(&c)
        c.line()
        c.doc("The text of `value`: null when absent or null; a value of another type throws.", style: .block)
        c.line("private fun string(value: Any?, path: String): String? = when (value) {")
        c.line("    null -> null")
        c.line("    is String -> value")
        c.line("    else -> throw ZappBundleException(path + \" is not a string\")")
        c.line("}")
        c.line()
        c.doc("The texts of the list `value`: none when absent or null; anything but a list of strings throws.", style: .block)
        c.block("private fun names(value: Any?, path: String): List<String> {") { c in
          c.line("if (value == null) return emptyList()")
          c.line("if (value !is List<*> || value.any { it !is String }) throw ZappBundleException(path + \" is not a list of strings\")")
          c.line("return value.filterIsInstance<String>()")
        }
      }
    }
    c.line()
  }

  /// `mappings`, `devices` and `fallbacks`: the index's maps of names to screens, its devices and
  /// its `fallbacks`, each refused when a value is not of its type, as the runtime does. A
  /// section's index is a whole number below 9e15: the reader's numbers are doubles, which hold no
  /// larger one exactly.
  private func mappingsAndFallbacks(_ c: inout CodeText) {
    let classes = DeviceClass.allCases.map { CodeLiteral.kotlin($0.rawValue) }.joined(separator: ", ")
    let code = #"""
      /**
       * The map `key` of `root`, in the text's order: none when absent or null (a `required` one
       * throws then); anything but an object of strings throws.
       */
      private fun mappings(root: Map<*, *>, key: String, required: Boolean): Map<String, ZappScreenId> {
          val map = root[key]
          if (!required && map == null) return emptyMap()
          if (map !is Map<*, *>) throw ZappBundleException(key + if (required) " is missing or not an object" else " is not an object")
          val out = LinkedHashMap<String, ZappScreenId>()
          for ((name, id) in map) {
              if (id !is String) throw ZappBundleException(key + "." + name + " is not a string")
              out[name.toString()] = ZappScreenId.of(id)
          }
          return out
      }

      /** `devices`: a list of devices, each with a name, a class and a width; anything else throws. */
      private fun devices(value: Any?): List<Device> {
          if (value !is List<*>) throw ZappBundleException("devices is missing or not a list")
          return value.mapIndexed { i, entry ->
              val at = "devices[" + i + "]"
              if (entry !is Map<*, *>) throw ZappBundleException(at + " is not an object")
              val name = entry["name"] as? String ?: throw ZappBundleException(at + ".name is missing or not a string")
              val deviceClass = entry["class"] as? String
              if (deviceClass == null || deviceClass !in listOf(\#(classes))) {
                  throw ZappBundleException(at + ".class is missing or not \#(SwiftClientWriter.deviceClasses)")
              }
              val width = entry["width"] as? Double
              if (width == null || width < 1.0 || width > \#(SwiftClientWriter.widestDevice).0) {
                  throw ZappBundleException(at + ".width \#(SwiftClientWriter.notADeviceWidth)")
              }
              Device(name, deviceClass, width, string(entry["size_class"], at + ".size_class"), string(entry["state"], at + ".state"))
          }
      }

      /** `fallbacks`: none when absent or null; a value not of its type throws. */
      private fun fallbacks(value: Any?): List<ClientFallbacks> {
          if (value == null) return emptyList()
          if (value !is List<*>) throw ZappBundleException("fallbacks is not a list")
          return value.mapIndexed { i, entry ->
              val at = "fallbacks[" + i + "]"
              if (entry !is Map<*, *>) throw ZappBundleException(at + " is not an object")
              val platform = entry["platform"] as? String ?: throw ZappBundleException(at + ".platform is missing or not a string")
              val version = entry["client_version"] as? String
                  ?: throw ZappBundleException(at + ".client_version is missing or not a string")
              val installs = entry["installs"]
              if (installs != null && (installs !is Double || installs < 0.0 || installs > 1.0)) {
                  throw ZappBundleException(at + ".installs is not a number from 0 to 1")
              }
              val sections = entry["sections"] as? List<*> ?: throw ZappBundleException(at + ".sections is missing or not a list")
              ClientFallbacks(platform, version, installs as Double?, sections.mapIndexed { j, reference ->
                  val spot = at + ".sections[" + j + "]"
                  if (reference !is Map<*, *>) throw ZappBundleException(spot + " is not an object")
                  val screen = reference["screen_id"] as? String
                      ?: throw ZappBundleException(spot + ".screen_id is missing or not a string")
                  val section = reference["section"] as? Double ?: -1.0
                  if (section < 0.0 || section >= 9e15 || section != Math.floor(section)) {
                      throw ZappBundleException(spot + ".section \#(SwiftClientWriter.notAnIndex)")
                  }
                  SectionReference(ZappScreenId.of(screen), section.toLong())
              })
          }
      }
      """#
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
  }

  /// `DEFAULT_SIZE_CLASSES`, `sizeClasses`, `layoutIds` and `isInside`: the index's size classes,
  /// its `layouts` table and the check of a screen's `file`, each refused as the runtime refuses it.
  private func sizeClassesAndLayouts(_ c: inout CodeText) {
    let classes = DeviceClass.allCases.map { CodeLiteral.kotlin($0.rawValue) }.joined(separator: ", ")
    let defaults = SizeClass.defaults.map { sizeClass in
      let bound = sizeClass.maxWidth.map { Self.doubleLiteral($0) } ?? "null"
      return "SizeClass(\(CodeLiteral.kotlin(sizeClass.name)), \(CodeLiteral.kotlin(sizeClass.deviceClass.rawValue)), "
        + "\(Self.doubleLiteral(sizeClass.minWidth)), \(bound))"
    }.joined(separator: ",\n    ")
    let code = #"""
      /** The size classes of a bundle that gives none: \#(SwiftClientWriter.defaultSizeClassesText). */
      val DEFAULT_SIZE_CLASSES: List<SizeClass> = listOf(
          \#(defaults)
      )

      /**
       * `size_classes`: the defaults when absent or null; anything but a list of size classes, each
       * with a name, a `min_width`, a `max_width` or none and a class, throws, and so does a list
       * the runtime refuses (`checkSizeClasses`).
       */
      private fun sizeClasses(value: Any?): List<SizeClass> {
          if (value == null) return DEFAULT_SIZE_CLASSES
          if (value !is List<*>) throw ZappBundleException("size_classes is not a list")
          return checkSizeClasses(value.mapIndexed { i, entry ->
              val at = "size_classes[" + i + "]"
              if (entry !is Map<*, *>) throw ZappBundleException(at + " is not an object")
              val name = entry["name"] as? String ?: throw ZappBundleException(at + ".name is missing or not a string")
              val minWidth = entry["min_width"] as? Double ?: throw ZappBundleException(at + ".min_width is missing or not a number")
              val bound = entry["max_width"]
              if (bound != null && bound !is Double) throw ZappBundleException(at + ".max_width is not a number")
              val deviceClass = entry["class"] as? String
              if (deviceClass == null || deviceClass !in listOf(\#(classes))) {
                  throw ZappBundleException(at + ".class is missing or not \#(SwiftClientWriter.deviceClasses)")
              }
              SizeClass(name, deviceClass, minWidth, bound as Double?)
          })
      }

      /**
       * The ids of `layouts`, sorted: none when absent or null; anything but an object of objects
       * throws, and so does an entry in a bundle of format version \#(BundleForm.expanded.formatVersion).
       */
      private fun layoutIds(value: Any?, version: Int): List<String> {
          if (value == null) return emptyList()
          if (value !is Map<*, *>) throw ZappBundleException("layouts is not an object")
          val ids = value.keys.map { it.toString() }.sorted()
          for (id in ids) {
              if (value[id] !is Map<*, *>) throw ZappBundleException("layouts." + id + " is not an object")
          }
          if (version == \#(BundleForm.expanded.formatVersion) && ids.isNotEmpty()) {
              throw ZappBundleException("\#(SwiftClientWriter.layoutsInExpandedForm)")
          }
          return ids
      }

      /** Whether a screen's `file` stays inside the bundle folder: not absolute, no `..`, no empty part and no NUL. */
      private fun isInside(file: String): Boolean = file.indexOf('\u0000') < 0 && file.split('/').all { it.isNotEmpty() && it != ".." }
      """#
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
  }

  /// A `Double` literal of Kotlin: a whole number with `.0`.
  private static func doubleLiteral(_ value: Double) -> String {
    let text = SwiftClientWriter.numberLiteral(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// `compareZappSdk`: `ZappSDKVersion.compare`'s rules, identifiers ordered by code point as its bytes are.
  private func compareZappSDK(_ c: inout CodeText) {
    c.line("/**")
    c.line(" * -1, 0 or 1 as SDK version `a` is older than, the same as or newer than `b`, number by number:")
    c.line(" * a missing part is 0, a part's leading ASCII digits are its number (0 when none, or too big),")
    c.line(" * empty parts are skipped. With the same numbers, a pre-release (`-beta.2`) is older than the")
    c.line(" * release, and two compare by SemVer precedence; a build tag (`+7`) is ignored.")
    c.line(" */")
    c.block("fun compareZappSdk(a: String, b: String): Int {") { c in
      c.block("fun parts(s: String): List<Long> {") { c in
        c.line("val core = s.split('-', '+').firstOrNull { it.isNotEmpty() } ?: s")
        c.line("return core.split('.').filter { it.isNotEmpty() }.map { part -> part.takeWhile { it in '0'..'9' }.toLongOrNull() ?: 0L }")
      }
      c.block("fun tag(s: String): List<String>? {") { c in
        c.line("var i = 0")
        c.line("while (i < s.length && (s[i] == '-' || s[i] == '+')) i++")
        c.line("while (i < s.length && s[i] != '-' && s[i] != '+') i++")
        c.line("if (i >= s.length || s[i] != '-') return null")
        c.line("val plus = s.indexOf('+', i + 1)")
        c.line("val text = s.substring(i + 1, if (plus < 0) s.length else plus)")
        c.line("return if (text.length == 0) null else text.split('.')")
      }
      c.line("// By code point, as UTF-8 bytes order (UTF-16 puts U+E000 to U+FFFF after a surrogate pair).")
      c.line("fun fromUnit(u: Int): Int = if (u >= 0xE000) u - 0x800 else u + 0x2000")
      c.block("fun codePointOrder(a: String, b: String): Int {") { c in
        c.block("for (i in 0 until minOf(a.length, b.length)) {") { c in
          c.line("val x = a[i] - '\\u0000'")
          c.line("val y = b[i] - '\\u0000'")
          c.line("if (x == y) continue")
          c.line("if (x < 0xD800 || y < 0xD800) return if (x < y) -1 else 1")
          c.line("return if (fromUnit(x) < fromUnit(y)) -1 else 1")
        }
        c.line("return a.length.compareTo(b.length).coerceIn(-1, 1)")
      }
      c.block("fun order(a: String, b: String): Int {") { c in
        c.line("val an = a.isNotEmpty() && a.all { it in '0'..'9' }")
        c.line("val bn = b.isNotEmpty() && b.all { it in '0'..'9' }")
        c.line("if (an != bn) return if (an) -1 else 1")
        c.line("val l = if (an) a.trimStart('0') else a")
        c.line("val r = if (bn) b.trimStart('0') else b")
        c.line("if (an && l.length != r.length) return if (l.length < r.length) -1 else 1")
        c.line("return codePointOrder(l, r)")
      }
      c.line("val x = parts(a)")
      c.line("val y = parts(b)")
      c.block("for (i in 0 until maxOf(x.size, y.size)) {") { c in
        c.line("val l = x.getOrElse(i) { 0L }")
        c.line("val r = y.getOrElse(i) { 0L }")
        c.line("if (l != r) return if (l < r) -1 else 1")
      }
      c.line("val p = tag(a)")
      c.line("val q = tag(b)")
      c.line("if (p == null || q == null) return if (p == null) (if (q == null) 0 else 1) else -1")
      c.block("for (i in 0 until minOf(p.size, q.size)) {") { c in
        c.line("val o = order(p[i], q[i])")
        c.line("if (o != 0) return o")
      }
      c.line("return p.size.compareTo(q.size).coerceIn(-1, 1)")
    }
  }

  /// A JSON reader that follows RFC 8259's grammar (objects as maps, arrays as lists, numbers as
  /// doubles): a corrupt `bundle.json` (or plugin model's text) fails here as the Swift and
  /// TypeScript clients' readers fail it.
  package func jsonReader(_ c: inout CodeText) {
    let reader = #"""
      /**
       * A strict JSON reader (RFC 8259): objects are maps, arrays lists, numbers doubles. It refuses
       * what the JSON grammar does not allow: leading zeros, `+`, `.5`, `1.`, escapes other than
       * JSON's, `\u` without 4 hex digits, control characters inside a string. A key written twice
       * in one object is refused too, unless `lastKeyWins` (then its last value is kept).
       */
      private class ZappJsonReader(
          private val text: String,
          private val name: String = "bundle.json",
          private val lastKeyWins: Boolean = false
      ) {
          private var i = 0

          fun document(): Any? {
              val value = value(1)
              space()
              if (i != text.length) fail("text after the value")
              return value
          }

          private fun fail(why: String, offset: Int = i): Nothing =
              throw ZappBundleException(name + ": " + why + " at offset " + offset)

          private fun at(ch: Char): Boolean = i < text.length && text[i] == ch

          private fun atDigit(): Boolean = i < text.length && text[i] in '0'..'9'

          private fun space() {
              while (at(' ') || at('\t') || at('\n') || at('\r')) i++
          }

          private fun value(depth: Int): Any? {
              if (depth > \#(JSON.maxDepth)) fail("nested more than \#(JSON.maxDepth) levels")
              space()
              if (i >= text.length) fail("unexpected end")
              return when (text[i]) {
                  '{' -> members(depth)
                  '[' -> elements(depth)
                  '"' -> string()
                  't' -> word("true", true)
                  'f' -> word("false", false)
                  'n' -> word("null", null)
                  '-', in '0'..'9' -> number()
                  else -> fail("unexpected character")
              }
          }

          private fun word(word: String, value: Any?): Any? {
              if (!text.startsWith(word, i)) fail("unexpected character")
              i += word.length
              return value
          }

          /** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, the JSON grammar's number. */
          private fun number(): Double {
              val start = i
              if (at('-')) i++
              if (at('0')) {
                  i++
                  if (atDigit()) fail("leading zero")
              } else {
                  digits("a digit")
              }
              if (at('.')) {
                  i++
                  digits("a digit after the decimal point")
              }
              if (at('e') || at('E')) {
                  i++
                  if (at('+') || at('-')) i++
                  digits("a digit in the exponent")
              }
              val value = text.substring(start, i).toDouble()
              if (value.isInfinite()) fail("number beyond a 64-bit float", start)
              return value
          }

          private fun digits(expected: String) {
              if (!atDigit()) fail("expected " + expected)
              while (atDigit()) i++
          }

          private fun string(): String {
              i++
              val out = StringBuilder()
              while (true) {
                  if (i >= text.length) fail("unterminated string")
                  val ch = text[i]
                  if (ch < '\u0020') fail("control character in a string")
                  i++
                  if (ch == '"') return out.toString()
                  if (ch != '\\') {
                      out.append(ch)
                      continue
                  }
                  if (i >= text.length) fail("unterminated string")
                  when (text[i++]) {
                      '"' -> out.append('"')
                      '\\' -> out.append('\\')
                      '/' -> out.append('/')
                      'b' -> out.append('\b')
                      'f' -> out.append('\u000C')
                      'n' -> out.append('\n')
                      'r' -> out.append('\r')
                      't' -> out.append('\t')
                      'u' -> {
                          var unit = 0
                          repeat(4) { unit = unit * 16 + hexDigit() }
                          out.append(unit.toChar())
                      }
                      else -> fail("unknown escape", i - 1)
                  }
              }
          }

          /** One hex digit of a `\u` escape; a surrogate pair is two escapes, kept as they are. */
          private fun hexDigit(): Int {
              if (i >= text.length) fail("unterminated string")
              val ch = text[i]
              val digit = when (ch) {
                  in '0'..'9' -> ch - '0'
                  in 'a'..'f' -> ch - 'a' + 10
                  in 'A'..'F' -> ch - 'A' + 10
                  else -> fail("expected 4 hex digits after \\u")
              }
              i++
              return digit
          }

          private fun elements(depth: Int): List<Any?> {
              i++
              val out = ArrayList<Any?>()
              space()
              if (at(']')) {
                  i++
                  return out
              }
              while (true) {
                  out.add(value(depth + 1))
                  space()
                  if (i >= text.length) fail("unterminated array")
                  if (!at(',') && !at(']')) fail("expected , or ]")
                  if (text[i++] == ']') return out
              }
          }

          private fun members(depth: Int): Map<String, Any?> {
              i++
              val out = LinkedHashMap<String, Any?>()
              space()
              if (at('}')) {
                  i++
                  return out
              }
              while (true) {
                  space()
                  if (!at('"')) fail("expected a key")
                  val start = i
                  val key = string()
                  if (!lastKeyWins && out.containsKey(key)) fail("duplicate key '" + key + "'", start)
                  space()
                  if (!at(':')) fail("expected :")
                  i++
                  out[key] = value(depth + 1)
                  space()
                  if (i >= text.length) fail("unterminated object")
                  if (!at(',') && !at('}')) fail("expected , or }")
                  if (text[i++] == '}') return out
              }
          }
      }
      """#
    for line in reader.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
    c.line()
  }
}
