import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules
@testable import ZappWriters

/// What `zlc generate` declares for a platform: the needs, the screen types and the plugin models.
final class ClientAPITests: XCTestCase {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func project(_ relative: String) -> Project {
    let outcome = Driver.check(root.appendingPathComponent(relative).path)
    XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics.map(\.message))")
    return outcome.project
  }

  func testNeedsAreTheBundlesRequiredRenderers() {
    let demo = project("manifests")
    let api = ClientAPI(project: demo, platform: "ios")
    let required = demo.requiredRenderers.first { $0.platform == "ios" }?.renderers
    XCTAssertEqual(api.componentTypes.map(\.wire), required?.componentTypes)
    XCTAssertEqual(api.cellLayouts.map(\.wire), required?.cellLayouts)
    XCTAssertEqual(api.layoutKinds.map(\.wire), required?.layoutKinds)
    XCTAssertEqual(api.screenPlugins.map(\.wire), required?.screenPlugins)
    XCTAssertEqual(api.componentMembers.map(\.lower).first, "gridComponent")
    XCTAssertEqual(api.screens.map(\.wire), demo.screens.map(\.id.value))
    // Screen types open the screens their mapping names (`movie` names the screen `Movie` by name).
    XCTAssertEqual(api.screenTypes.map { "\($0.name.wire)→\($0.screen?.wire ?? "-")" }, ["show→show", "season→season", "movie→movie"])
  }

  func testPluginModelsTypeEachField() throws {
    let api = ClientAPI(project: project("Tests/Fixtures/generate/two-platforms"), platform: "android")
    let banner = try XCTUnwrap(api.plugins.first { $0.name.wire == "promo_banner" })
    XCTAssertEqual(banner.models.map(\.typeName), ["PromoBannerStyles"])
    let fields = banner.models[0].fields
    func field(_ key: String) throws -> ClientAPI.Field { try XCTUnwrap(fields.first { $0.name.wire == key }) }
    XCTAssertEqual(try field("banner_text").kind, .text)
    XCTAssertEqual(try field("show_button").kind, .bool)
    XCTAssertEqual(try field("max-items").kind, .number)
    XCTAssertEqual(try field("max-items").name.lower, "maxItems")
    let tone = try field("tone")
    XCTAssertEqual(tone.kind, .option)
    XCTAssertFalse(tone.isList)
    XCTAssertEqual(tone.options?.typeName, "ToneOption")
    XCTAssertEqual(tone.options?.cases.map(\.wire), ["default", "1st", "a b", #"say "hi" $x"#, "tone_option"])
    // An option named as its type would hide the type in Kotlin.
    XCTAssertEqual(tone.options?.cases.map(\.lower), ["default_", "_1st", "aB", "sayHiX", "toneOption_"])
    XCTAssertEqual(try field("this").name.lower, "this_")
    let badges = try field("badges")
    XCTAssertTrue(badges.isList)
    XCTAssertEqual(badges.options?.cases.map(\.wire), ["new", "New", "über"])
  }

  func testOptionsOfConditionalFieldsAndSelectsWithout() throws {
    let api = ClientAPI(project: project("manifests"), platform: "ios")
    let banner = try XCTUnwrap(api.plugins.first { $0.name.wire == "promo_banner" })
    let cellStyles = try XCTUnwrap(banner.models[0].fields.first { $0.name.wire == "cell_styles" })
    XCTAssertEqual(cellStyles.options?.cases.map(\.wire), ["PROMO_WIDE", "PROMO_COMPACT"])
    XCTAssertTrue(cellStyles.isList)
    let search = try XCTUnwrap(api.plugins.first { $0.name.wire == "search_bar" })
    XCTAssertEqual(search.models.map(\.section), ["styles", "data"])
    let source = try XCTUnwrap(search.models[1].fields.first { $0.name.wire == "source" })
    XCTAssertEqual(source.kind, .text)  // a select without options: any text
    // A platform the demo's manifests do not name has no plugin models.
    XCTAssertTrue(ClientAPI(project: project("manifests"), platform: "android").plugins.isEmpty)
  }

  func testContentHashReadsRelativePathsAndBytes() {
    let demo = project("manifests")
    let hash = ClientAPI.contentHash(of: demo)
    XCTAssertEqual(hash.count, 64)
    XCTAssertEqual(ClientAPI.contentHash(of: project("manifests/")), hash)
    XCTAssertNotEqual(ClientAPI.contentHash(of: project("Tests/Fixtures/generate/two-platforms")), hash)
  }

  /// A project of thousands of screens and screen types: Kotlin's lists of cases and its `when`
  /// come in parts of at most `casesPerMethod` cases, each a method of its own (a JVM method holds
  /// 64 KiB of code: `known` of 10,000 screens in one method failed with "Method too large").
  func testKotlinOfThousandsOfScreensSplitsItsMethods() throws {
    let count = 2 * KotlinClientWriter.casesPerMethod + 500
    let component =
      #"{"id": "c", "component_type": "list", "data": {"source": "f", "type": "APPLICASTER_COLLECTION"}, "#
      + #""styles": {"cell_styles": ["LIST_1"]}}"#
    let screens = (0..<count).map {
      #"{"id": "s\#($0)", "name": "S", "type": "general_content", "home": \#($0 == 0), "styles": {"family": "FAMILY_1"}, "ui_components": [\#(component)]}"#
    }
    let types = (0..<count).map { #""t\#($0)": "s\#($0)""# }
    let dir = try makeProject([
      "screens/all.json": "[" + screens.joined(separator: ",") + "]",
      "screen_types.json": #"{"screen_types": {"# + types.joined(separator: ",") + "}}",
    ])
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.status, .success, "\(outcome.diagnostics.map(\.message).prefix(3))")
    let source = KotlinClientWriter(api: ClientAPI(project: outcome.project, platform: "android")).source()
    XCTAssertTrue(source.contains("val known: List<ZappScreenId> by lazy { knownPart0() + knownPart1() + knownPart2() }"))
    XCTAssertTrue(source.contains("val known: List<ZappScreenType> by lazy { knownPart0() + knownPart1() + knownPart2() }"))
    XCTAssertFalse(source.contains("knownPart3"))
    // Which screen each screen type opens: in objects of their own, out of `ZappScreenType`, whose
    // class holds at most 65,535 constants.
    XCTAssertTrue(source.contains("    get() = ZappScreenTypeScreens0.of(wireName)"))
    XCTAssertTrue(
      source.contains("        else -> ZappScreenTypeScreens1.of(wireName)")
        && source.contains("        else -> ZappScreenTypeScreens2.of(wireName)"))
    XCTAssertTrue(source.contains("private object ZappScreenTypeScreens2 {"))
    XCTAssertFalse(source.contains("ZappScreenTypeScreens3"))
    // No part lists or compares more than its share: the lines between one part's start and the next.
    let lines = source.components(separatedBy: "\n")
    var longest = 0
    var run = 0
    for line in lines {
      let isCase = line.trimmingCharacters(in: .whitespaces).hasPrefix("S") || line.trimmingCharacters(in: .whitespaces).hasPrefix("T")
      run = isCase ? run + 1 : 0
      longest = max(longest, run)
    }
    XCTAssertEqual(longest, KotlinClientWriter.casesPerMethod)
    XCTAssertTrue(source.contains("fun of(wireName: String): ZappScreenId = byWireName[wireName] ?: Unknown(wireName)"))
  }

  /// A field's doc comment reads as a sentence in every language, its key written as it is when
  /// plain (`tone`) and named by its wire name otherwise (`größe`): it read "The options of named
  /// by its wire name.".
  func testFieldCommentsNameTheFieldWhateverItsKey() {
    let keys = ClientIdentifiers.names(["tone", "gr\u{F6}\u{DF}e"])
    let optionTypes = ClientIdentifiers.names(keys.map(\.wire), suffix: "Option")
    let fields = zip(keys, optionTypes).map { key, type in
      ClientAPI.Field(name: key, kind: .option, options: (type.upper, ClientIdentifiers.names(["a", "b"])), isList: false)
    }
    let plugin = ClientAPI.Plugin(
      name: ClientIdentifiers.names(["banner"])[0], spot: nil,
      models: [ClientAPI.Model(section: "styles", typeName: "BannerStyles", fields: fields)])
    let api = ClientAPI(
      platform: nil, contentHash: "", screens: [], screenTypes: [], componentTypes: [], cellLayouts: [], layoutKinds: [], screenPlugins: [],
      componentMembers: [], cellMembers: [], layoutMembers: [], screenMembers: [], plugins: [plugin])
    let sources = [
      ("swift", SwiftClientWriter(api: api).source(), true), ("kotlin", KotlinClientWriter(api: api).source(), false),
      ("typescript", TypeScriptClientWriter(api: api).source(), true),
    ]
    for (language, source, documentsProperties) in sources {
      for name in ["`tone`", "named by its wire name"] {
        XCTAssertTrue(source.contains("The options of the field \(name)."), "\(language): no options comment for \(name)")
        XCTAssertEqual(source.contains("The field \(name)."), documentsProperties, "\(language): \(name)")
      }
      XCTAssertFalse(source.contains("of named"), language)
      XCTAssertFalse(source.contains("* named by") || source.contains("/// named by"), language)
    }
  }
}
