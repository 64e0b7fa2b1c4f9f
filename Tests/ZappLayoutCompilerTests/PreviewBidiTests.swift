import Foundation
import XCTest
import ZappDiagnostics
import ZappLayout

@testable import ZappLayoutCompiler
@testable import ZappWriters

/// Text from the project inside the preview's elements is isolated, so that its directional
/// controls and right-to-left letters reorder none of the page's own words around it.
final class PreviewBidiTests: XCTestCase {
  func isolated(_ text: String) -> String {
    var out = PageBytes()
    out.isolated(text)
    return out.string
  }

  /// Text of no right-to-left letter and no control is written as `text` writes it; other text
  /// between U+2068 and U+2069, its embeddings closed, its stray closers left out, escaped.
  func testIsolatedTextClosesWhatItOpens() {
    XCTAssertEqual(isolated("plain <café> 🎬"), "plain &lt;café&gt; 🎬")
    XCTAssertEqual(isolated("rtl\u{202E}evil"), "\u{2068}rtl\u{202E}evil\u{202C}\u{2069}")
    XCTAssertEqual(isolated("a\u{2069}\u{202E}b"), "\u{2068}a\u{202E}b\u{202C}\u{2069}", "a stray U+2069 would end the isolation")
    XCTAssertEqual(isolated("a\u{202C}\u{2067}b\u{202B}c"), "\u{2068}a\u{2067}b\u{202B}c\u{202C}\u{2069}\u{2069}")
    XCTAssertEqual(isolated("\u{2067}a\u{202A}b\u{2069}c\u{202C}"), "\u{2068}\u{2067}a\u{202A}b\u{2069}c\u{2069}")
    XCTAssertEqual(isolated("עברית & x"), "\u{2068}עברית &amp; x\u{2069}")
    XCTAssertEqual(isolated("a\u{2029}b"), "\u{2068}a b\u{2069}", "a paragraph separator would end the isolation")
  }

  /// In the HTML diff, a change's JSON value (an object or a list) reads left to right whatever
  /// its first letter, cut or not (isolated by U+2066): read right to left from a Hebrew key or a
  /// cut in Hebrew text, its keys would stand on the wrong side of their values. A string value
  /// takes its direction from its first letter (U+2068), and a terminal gets no isolates.
  func testJSONValuesOfTheHTMLDiffReadLeftToRight() {
    let hebrew = String(repeating: "שלום ", count: 60)
    let (old, new) = (
      JSON.object([("t", .string(hebrew + "1")), ("u", .string("abc"))]),
      JSON.object([("t", .string(hebrew + "2")), ("u", .string("abc"))])
    )
    let (cutOld, cutNew) = DiffWording.$isolatesProjectText.withValue(true) { DiffWording.values(old, new) }
    XCTAssertTrue(cutOld.hasPrefix("\u{2066}…") && cutOld.hasSuffix("\u{2069}"), cutOld)
    XCTAssertTrue(cutOld.contains(#"1","u":"abc"}"#) && cutNew.contains(#"2","u":"abc"}"#), cutNew)
    let object = JSON.object([("שם", .string("x")), ("id", .number("1"))])
    let shown = DiffWording.$isolatesProjectText.withValue(true) { DiffWording.arrow(object, .array([.string("עולם")])) }
    XCTAssertEqual(shown, "\u{2066}{\"שם\":\"x\",\"id\":1}\u{2069} → \u{2066}[\"עולם\"]\u{2069}")
    let text = DiffWording.$isolatesProjectText.withValue(true) { DiffWording.value(.string("עולם")) }
    XCTAssertEqual(text, "\u{2068}עולם\u{2069}")
    XCTAssertEqual(DiffWording.value(object), #"{"שם":"x","id":1}"#)
  }

  /// A control character HTML text does not allow (a feed's `\u001b`, `\u0000`) is written as
  /// U+FFFD, escaped or isolated; a tab and line ends stay.
  func testControlCharactersAreReplaced() {
    XCTAssertEqual(isolated("T\u{1B}[31m\u{0}x\u{7F}"), "T\u{FFFD}[31m\u{FFFD}x\u{FFFD}")
    XCTAssertEqual(isolated("a\tb\nc\rd"), "a\tb\nc\rd")
    XCTAssertEqual(HTML.escape("<\u{C}>"), "&lt;\u{FFFD}&gt;")
    XCTAssertEqual(HTML.escape("a\u{8}"), "a\u{FFFD}")
    XCTAssertEqual(HTML.escape("plain"), "plain")
  }

  /// On the index, a screen's card isolates its name and shows the override in its id escaped:
  /// it reorders none of ` · 1 section · …` after it, nor the map's ` · root`.
  func testCardsIsolateIdsAndNames() throws {
    let id = "rtl\u{202E}evil"
    let screen = Example.screen(Example.grid, id: id).replacingOccurrences(
      of: #""id": "\#(id)""#, with: #""id": "\#(id)", "name": "Spoof\u202E""#)
    let dir = try makeProject(Example.baseProject.merging(["screens/a.json": screen]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let index = PreviewRenderer(project: Driver.check(dir).project).indexPage()
    XCTAssertTrue(index.contains("<b>\u{2068}Spoof\u{202E}\u{202C}\u{2069}</b>"), index)
    // The id beside the name shows its override, escaped, as `zlc diff` does; the map's node too.
    XCTAssertTrue(index.contains(#"<small>rtl\u{202E}evil · 1 section · "#), index)
    XCTAssertTrue(index.contains(#"<text class="sub" x="12" y="36">rtl\u{202E}evil · root</text>"#), index)
    XCTAssertFalse(index.contains("\u{202E}evil · root"), "an override in the map's subtitle reversed ` · root`")
  }

  /// The page `zlc serve` answers for a name it holds no page for isolates the name it echoes: an
  /// override in a requested name (`%E2%80%AEx.html`) reverses none of the sentence after it.
  func testTheMissingPageIsolatesTheName() throws {
    let dir = try makeProject(Example.baseProject)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = PreviewRenderer(project: Driver.check(dir).project).missingPage(named: "\u{202E}x.html")
    XCTAssertTrue(page.contains("<code>\u{2068}\u{202E}x.html\u{202C}\u{2069}</code>: its screen"), page)
  }

  /// A map node's name is cut to the columns of its box, a wide character counting two: twenty
  /// Latin letters fit, as do ten Chinese characters; what is cut ends with `…`.
  func testMapNamesAreCutByTheirWidth() {
    XCTAssertEqual(AppMap.clip("abcdefghijklmnopqrst", 20), "abcdefghijklmnopqrst")
    XCTAssertEqual(AppMap.clip("abcdefghijklmnopqrstu", 20), "abcdefghijklmnopqrs…")
    XCTAssertEqual(AppMap.clip("新闻新闻新闻新闻新闻", 20), "新闻新闻新闻新闻新闻")
    XCTAssertEqual(AppMap.clip("新闻新闻新闻新闻新闻新", 20), "新闻新闻新闻新闻新…")
    XCTAssertEqual(AppMap.clip("ab🎬🎬🎬🎬🎬🎬🎬🎬🎬", 20), "ab🎬🎬🎬🎬🎬🎬🎬🎬🎬")
    XCTAssertEqual(AppMap.clip("ab🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬", 20), "ab🎬🎬🎬🎬🎬🎬🎬🎬…")
    XCTAssertEqual(AppMap.clip("café", 4), "café")
  }

  /// A page's title isolates the screen's name and the app's name each on its own: an override in
  /// the screen's name reverses neither the app's name nor ` preview`.
  func testTitlesIsolateEachName() throws {
    let screen = Example.screen(Example.grid).replacingOccurrences(
      of: #""id": "other""#, with: #""id": "other", "name": "Spoof\u202E""#)
    let files = Example.baseProject.merging(["screens/o.json": screen, "zlc.json": #"{"app": "App\u202E"}"#]) { $1 }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let renderer = PreviewRenderer(project: Driver.check(dir).project)
    let position = try XCTUnwrap(renderer.screens.firstIndex { $0.id == "other" })
    let page = String(decoding: renderer.screenPageBytes(position), as: UTF8.self)
    let spoof = "\u{2068}Spoof\u{202E}\u{202C}\u{2069}"
    let app = "\u{2068}App\u{202E}\u{202C}\u{2069}"
    XCTAssertTrue(page.contains("<title>\(spoof) — \(app) preview</title>"), page)
    XCTAssertTrue(renderer.indexPage().contains("<title>\(app) — preview</title>"))
  }
}
