import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// Control characters made visible, display widths, token extents, and findings in built-in
/// families moved into the project.
final class TerminalTextTests: XCTestCase {
  func testControlCharactersAreEscaped() {
    XCTAssertEqual(TerminalText.visible("a\u{1B}[31mb\r\nc\u{0}d\u{7F}\u{85}"), #"a\u{1B}[31mb\u{D}\u{A}c\u{0}d\u{7F}\u{85}"#)
    XCTAssertEqual(TerminalText.visible("tab\there"), #"tab\u{9}here"#)
    XCTAssertEqual(TerminalText.visible("tab\there", keepTabs: true), "tab\there")
    // Bidirectional overrides reorder what a reader sees (Trojan Source); separators break lines.
    XCTAssertEqual(TerminalText.visible("a\u{202E}b\u{2066}c\u{2028}"), #"a\u{202E}b\u{2066}c\u{2028}"#)
    XCTAssertEqual(TerminalText.visible("日本語 é 🎬"), "日本語 é 🎬")
  }

  /// `distinct` escapes what shows nothing, so that `shows` and `shows` with a zero-width space
  /// read differently; a joiner or variation selector that joins or varies a character it follows
  /// (an emoji sequence, a Persian word) shows and is kept.
  func testCharactersThatShowNothingAreEscapedForComparison() {
    XCTAssertEqual(TerminalText.distinct("shows\u{200B}"), #"shows\u{200B}"#)
    XCTAssertEqual(TerminalText.distinct("\u{FEFF}a\u{AD}b\u{200E}c\u{2060}d"), #"\u{FEFF}a\u{AD}b\u{200E}c\u{2060}d"#)
    XCTAssertEqual(TerminalText.distinct("home\u{200D}"), #"home\u{200D}"#)
    XCTAssertEqual(TerminalText.distinct("home\u{FE0F}"), #"home\u{FE0F}"#)
    XCTAssertEqual(TerminalText.distinct("\u{200D}\u{200D}"), #"\u{200D}\u{200D}"#)
    XCTAssertEqual(TerminalText.distinct("a\u{202E}b\u{1B}"), TerminalText.visible("a\u{202E}b\u{1B}"))
    for kept in ["Family 👨\u{200D}👩\u{200D}👧", "❤\u{FE0F}\u{200D}🔥", "می\u{200C}خواهم", "日本語 é 🎬", "plain"] {
      XCTAssertEqual(TerminalText.distinct(kept), kept)
    }
  }

  /// A joiner, variation selector or tag that joins or varies nothing is escaped, whatever comes
  /// before it: after a Latin letter, at the end, doubled, after a letter that does not join.
  func testJoinersThatJoinNothingAreEscaped() {
    let escaped = [
      "café\u{200D}": #"café\u{200D}"#,
      "café\u{200C}\u{200C}": #"café\u{200C}\u{200C}"#,
      "xé\u{E0041}\u{E0042}": #"xé\u{E0041}\u{E0042}"#,
      "😀\u{200D}": #"😀\u{200D}"#,
      "\u{200D}😀": #"\u{200D}😀"#,
      "😀\u{200D}\u{200D}😀": #"😀\u{200D}\u{200D}😀"#,
      "ا\u{200C}ب": #"ا\u{200C}ب"#,
      "ab\u{200C}c": #"ab\u{200C}c"#,
      "1\u{FE0F}\u{200D}😀": #"1\u{FE0F}\u{200D}😀"#,
      "ب\u{200C}": #"ب\u{200C}"#,
      "1\u{FE0F}": #"1\u{FE0F}"#,
      "é\u{FE0F}": #"é\u{FE0F}"#,
      "é\u{E0100}": #"é\u{E0100}"#,
      "🏴\u{E0067}\u{E0062}": #"🏴\u{E0067}\u{E0062}"#,
      "X🏴\u{E0061}\u{E007F}": #"X🏴\u{E0061}\u{E007F}"#,
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E0075}\u{E0076}\u{E007F}":
        #"🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E0075}\u{E0076}\u{E007F}"#,
      "🏴\u{E0047}\u{E0042}\u{E0053}\u{E007F}": #"🏴\u{E0047}\u{E0042}\u{E0053}\u{E007F}"#,
      "X😀\u{FE0F}": #"X😀\u{FE0F}"#,
      "❤\u{FE0E}": #"❤\u{FE0E}"#,
      "é\u{FE0E}": #"é\u{FE0E}"#,
      "a\u{2065}b\u{FFF0}c\u{E0002}d\u{E0080}": #"a\u{2065}b\u{FFF0}c\u{E0002}d\u{E0080}"#,
      "a\u{2800}b\u{3164}c\u{FFA0}d\u{115F}": #"a\u{2800}b\u{3164}c\u{FFA0}d\u{115F}"#,
    ]
    for (name, shown) in escaped {
      XCTAssertEqual(TerminalText.distinct(name), shown)
    }
  }

  /// What joins or varies what is around it shows, and is kept: emoji sequences, keycaps, flags,
  /// an Indic conjunct, a Persian word, an ideographic variation, accents composed or not.
  func testJoinersThatJoinAreKept() {
    let kept = [
      "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "👨\u{200D}👩\u{200D}👧", "👍🏽", "👨🏽\u{200D}💻", "🇫🇷",
      "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "❤\u{FE0F}", "می\u{200C}خواهم",
      "🏳\u{FE0F}\u{200D}🌈", "🏴\u{200D}☠\u{FE0F}", "بَ\u{200C}ب", "क्\u{200D}ष", "क्\u{200C}ष", "caf\u{E9}", "cafe\u{301}", "日本語", "葛\u{E0100}",
      "العربية", "☕\u{FE0E}", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
      "🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}", "🏴\u{E0075}\u{E0073}\u{E0074}\u{E0078}\u{E007F}",
    ]
    for name in kept {
      XCTAssertEqual(TerminalText.distinct(name), name)
    }
  }

  func testDisplayWidths() {
    XCTAssertEqual(TerminalText.width("a"), 1)
    XCTAssertEqual(TerminalText.width("日"), 2)
    XCTAssertEqual(TerminalText.width("ｱ"), 1, "halfwidth katakana")
    XCTAssertEqual(TerminalText.width("Ａ"), 2, "fullwidth Latin")
    XCTAssertEqual(TerminalText.width("한"), 2)
    XCTAssertEqual(TerminalText.width("🎬"), 2)
    XCTAssertEqual(TerminalText.width("👨‍👩‍👧"), 2, "a ZWJ sequence is one emoji")
    XCTAssertEqual(TerminalText.width("🇫🇷"), 2)
    XCTAssertEqual(TerminalText.width("e\u{301}"), 1, "a combining accent adds nothing")
    XCTAssertEqual(TerminalText.width("❤\u{FE0F}"), 2, "emoji presentation")
    XCTAssertEqual(TerminalText.width(of: "ab日本🎬"), 8)
    XCTAssertEqual(TerminalText.width(of: "a\u{1B}"), 1 + 6, "escaped as \\u{1B}")
  }

  func testTokenLengths() {
    let file = SourceFile(path: "t.json", text: #"{"key": "va\"lué", "n": -1.5e+3, "b": true, [1]}"# + "\n\"open\n")
    let bytes = Array(file.bytes)
    func offset(of text: String, from: Int = 0) -> Int {
      let needle = Array(text.utf8)
      return (from...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }!
    }
    XCTAssertEqual(file.tokenLength(at: offset(of: #""key""#)), 5)
    XCTAssertEqual(file.tokenLength(at: offset(of: #""va"#)), #""va\"lué""#.unicodeScalars.count)
    XCTAssertEqual(file.tokenLength(at: offset(of: "-1.5e+3")), 7)
    XCTAssertEqual(file.tokenLength(at: offset(of: "true")), 4)
    XCTAssertEqual(file.tokenLength(at: offset(of: "[")), 1)
    XCTAssertEqual(file.tokenLength(at: offset(of: "\"open")), 5, "an unterminated string ends with its line")
    XCTAssertEqual(file.tokenLength(at: bytes.count), 1)
    let xml = SourceFile(path: "f.xml", text: #"<Cell name="A"/></Family> < x"#)
    XCTAssertEqual(xml.tokenLength(at: 0), 5, "an element's tag through its name")
    XCTAssertEqual(xml.tokenLength(at: 16), 8, "a closing tag")
    XCTAssertEqual(xml.tokenLength(at: 26), 1, "a lone '<'")
  }

  /// A note rendered once and reused for later findings at the same spot prints what rendering
  /// each finding alone prints: same spot and message reused, another message rendered anew.
  func testRepeatedNotesPrintAsEachFindingAlone() {
    let file = SourceFile(path: "s.json", text: "[{\"id\": \"show-0\"},\n {\"target\": \"show\"}, {\"target\": \"show\"}]\n")
    let bytes = Array(file.bytes)
    let id = bytes.firstIndex(of: UInt8(ascii: "s"))! - 1
    let targets = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") && bytes[$0 + 1] == UInt8(ascii: "s") && $0 > id + 1 }
    let idSpot = SourceSpot(file: file, offset: id)
    let findings = [
      Diagnostic(
        .unknownScreen, "target screen 'show' is not the id of any screen", at: SourceSpot(file: file, offset: targets[0]),
        notes: [DiagnosticNote("screen 'show-0' is defined here", at: idSpot)]),
      Diagnostic(
        .unknownScreen, "target screen 'show' is not the id of any screen", at: SourceSpot(file: file, offset: targets[1]),
        notes: [DiagnosticNote("screen 'show-0' is defined here", at: idSpot)]),
      Diagnostic(
        .unknownScreen, "another finding", at: SourceSpot(file: file, offset: targets[1]),
        notes: [DiagnosticNote("a different note at the same spot", at: idSpot)]),
    ]
    for color in [false, true] {
      let printer = DiagnosticPrinter(format: .text, color: color)
      XCTAssertEqual(printer.text(findings), findings.map { printer.text([$0]) }.joined())
    }
  }

  /// Plain ASCII lines take a shortcut past grapheme breaking and widths; it marks what the
  /// character-by-character path marks, caret and underline included, for every caret and length.
  func testPlainASCIIExcerptsMarkAsTheGeneralPath() {
    let lines: [[Unicode.Scalar]] = [Array(#"{"id": "home", "x": 1}"#.unicodeScalars), Array("…abc def…".unicodeScalars), ["a"]]
    for scalars in lines {
      XCTAssertTrue(DiagnosticPrinter.isPlainASCII(scalars))
      for caret in 0...scalars.count {
        for length in 1...3 {
          let fast = DiagnosticPrinter.plainMarks(scalars, caret: caret, length: length)
          let general = DiagnosticPrinter.marks(scalars, caret: caret, length: length)
          XCTAssertEqual(String(decoding: fast.shown, as: UTF8.self), general.shown)
          XCTAssertEqual(String(decoding: fast.marks, as: UTF8.self), general.marks, "caret \(caret), length \(length)")
        }
      }
    }
    XCTAssertFalse(DiagnosticPrinter.isPlainASCII(Array("tab\there".unicodeScalars)))
    XCTAssertFalse(DiagnosticPrinter.isPlainASCII(Array("日本".unicodeScalars)))
  }

  func testUnderlineAfterWideCharactersAndTabs() {
    let file = SourceFile(path: "t.json", text: "\t{\"名前\": \"🎬\", \"bad\": 1}\n")
    let offset = Array(file.bytes).firstIndex(of: UInt8(ascii: "b"))! - 1
    let d = Diagnostic(.unknownKey, "unknown key 'bad'", at: SourceSpot(file: file, offset: offset))
    let lines = DiagnosticPrinter(format: .text).render([d], fileCount: 1).split(separator: "\n").map(String.init)
    XCTAssertEqual(lines[2], "1 | \t{\"名前\": \"🎬\", \"bad\": 1}")
    // The tab is kept; 名前 and 🎬 take two columns each.
    XCTAssertEqual(lines[3], "  | \t" + String(repeating: " ", count: 15) + "^~~~~")
  }

  /// A long line's excerpt is cut between whole characters (a flag is not split into two other
  /// flags, an accent not parted from its letter) and fits the excerpt's columns, wide
  /// characters counting two.
  func testLongLinesAreCutBetweenCharactersWithinTheColumns() {
    let lines = [
      String(repeating: "🇮🇱", count: 60), String(repeating: "世", count: 100), String(repeating: "e\u{301}\u{302}", count: 80),
      // Longer than the bytes decoded around the key: the first character decoded may be a part of one.
      String(repeating: "👩\u{200D}👩\u{200D}👧", count: 70),
    ]
    for text in lines {
      let file = SourceFile(path: "t.json", text: #"{"name": ""# + text + #"", "bad": 1, "after": ""# + text + "\"}\n")
      let offset = Array(file.bytes).firstIndex(of: UInt8(ascii: "b"))! - 1
      let d = Diagnostic(.unknownKey, "unknown key 'bad'", at: SourceSpot(file: file, offset: offset))
      let shown = DiagnosticPrinter(format: .text).render([d], fileCount: 1).split(separator: "\n").map(String.init)
      let excerpt = String(shown[2].dropFirst("1 | ".count))
      XCTAssertTrue(excerpt.hasPrefix("…") && excerpt.hasSuffix("…"), excerpt)
      let inner = excerpt.dropFirst().dropLast()
      let characters = Array(inner)
      // Compared as characters: a family emoji's last people are another character than the family.
      let whole = Set(text)
      XCTAssertTrue(whole.contains(characters.first!), "begins with a whole character: \(excerpt)")
      XCTAssertTrue(whole.contains(characters.last!), "ends with a whole character: \(excerpt)")
      XCTAssertLessThanOrEqual(TerminalText.width(of: String(inner)), DiagnosticPrinter.excerptWidth, excerpt)
      // The caret is under the key, whatever the characters before it.
      let caretColumn = shown[3].dropFirst("  | ".count).prefix { $0 == " " }.count
      let keyColumn = TerminalText.width(of: String(excerpt[..<excerpt.range(of: #""bad""#)!.lowerBound]))
      XCTAssertEqual(caretColumn, keyColumn, shown.joined(separator: "\n"))
    }
  }

  /// A character that begins before the bytes an excerpt decodes (prepended marks, a key of
  /// combining marks) is shown when the caret is in it, with the caret under it.
  func testTheCaretsCharacterIsShownWhereverItBegins() {
    let texts = [
      "[{\"id\": \"x\", \"name\": \"" + String(repeating: "\u{600}", count: 250) + "\\\u{301}\u{301}\"}]\n",
      "{\"" + String(repeating: "\u{301}", count: 300) + "\": 1}\n",
    ]
    for text in texts {
      let file = SourceFile(path: "t.json", text: text)
      let bytes = Array(file.bytes)
      let offset = text.hasPrefix("[") ? bytes.lastIndex(of: UInt8(ascii: "\\"))! : 1
      let d = Diagnostic(.unknownKey, "here", at: SourceSpot(file: file, offset: offset))
      let shown = DiagnosticPrinter(format: .text).render([d], fileCount: 1).split(separator: "\n").map(String.init)
      let marks = shown[3].dropFirst("  | ".count)
      XCTAssertTrue(marks.contains("^"), shown.joined(separator: "\n"))
      let caret = marks.prefix { $0 == " " }.count
      let excerpt = String(shown[2].dropFirst("1 | ".count))
      XCTAssertLessThan(caret, TerminalText.width(of: excerpt), shown.joined(separator: "\n"))
      XCTAssertFalse(excerpt.hasSuffix("…") && caret >= TerminalText.width(of: excerpt) - 1, "the caret is not under the '…'")
    }
  }

  /// A character that shows nothing (a zero-width space, a directional mark) is escaped in the
  /// message and the excerpt, so that a name holding one does not read as the name without it,
  /// and the underline spans the token as shown.
  func testCharactersThatShowNothingAreEscapedInFindings() {
    let file = SourceFile(path: "t.json", text: "{\"target\": \"show\u{200F}\", \"component_type\": \"grid\u{200B}\"}\n")
    let bytes = Array(file.bytes)
    let token = Array(#""grid"#.utf8)
    let offset = bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + token.count)]) == token }!
    let d = Diagnostic(.unknownComponentType, "unknown component type 'grid\u{200B}'", at: SourceSpot(file: file, offset: offset))
    let shown = DiagnosticPrinter(format: .text).render([d], fileCount: 1).split(separator: "\n").map(String.init)
    XCTAssertEqual(shown[0], #"t.json:1:39: error: unknown component type 'grid\u{200B}' [ZL0303]"#)
    XCTAssertEqual(shown[2], #"1 | {"target": "show\u{200F}", "component_type": "grid\u{200B}"}"#)
    // Under `"grid\u{200B}"` as shown, after the mark escaped before it.
    XCTAssertEqual(shown[3], "  | " + String(repeating: " ", count: 45) + "^" + String(repeating: "~", count: 13))
  }

  func testAFindingInABuiltinFamilyMovesToTheProject() {
    let builtin = SourceFile(path: "<built-in>/FAMILY_1.xml", text: "<Family name=\"FAMILY_1\"/>\n")
    let settings = SourceFile(path: "p/zlc.json", text: "{\"devices\": []}\n")
    let d = Diagnostic(
      .nonPositiveWidth, "no room", at: SourceSpot(file: builtin, offset: 8),
      notes: [DiagnosticNote("device 'w' is declared here", at: SourceSpot(file: settings, offset: 2))])
    let moved = d.anchoredInProject(fallback: "p")
    XCTAssertEqual(moved.path, "p/zlc.json")
    XCTAssertEqual(moved.location?.line, 1)
    XCTAssertEqual(moved.location?.column, 3)
    XCTAssertEqual(moved.notes.map(\.message), ["where the built-in family FAMILY_1.xml is involved"])
    XCTAssertEqual(moved.notes.first?.spot?.file.path, "<built-in>/FAMILY_1.xml")
    let alone = Diagnostic(.nonPositiveWidth, "no room", at: SourceSpot(file: builtin, offset: 8)).anchoredInProject(fallback: "p")
    XCTAssertEqual(alone.path, "p")
    XCTAssertNil(alone.spot)
    XCTAssertEqual(alone.notes.count, 1)
    let inProject = Diagnostic(.unknownKey, "k", at: SourceSpot(file: settings, offset: 2))
    XCTAssertEqual(inProject.anchoredInProject(fallback: "p").path, "p/zlc.json")
  }

  func testSourceRootMakesPathsRelative() {
    let root = SourceRoot(path: "/repo", workingDirectory: "/repo/app")
    XCTAssertEqual(root.relative("manifests/zlc.json"), "app/manifests/zlc.json")
    XCTAssertEqual(root.relative("../other/x.json"), "other/x.json")
    XCTAssertEqual(root.relative("/repo/app/./a.json"), "app/a.json")
    XCTAssertNil(root.relative("/elsewhere/a.json"))
    XCTAssertNil(root.relative("/repository/a.json"), "a sibling with the same prefix is outside")
    XCTAssertNil(root.relative("<built-in>/FAMILY_1.xml"))
  }

  /// Colour by default only on a terminal, and not when `NO_COLOR` holds a value or `TERM` is
  /// `dumb`; an empty `NO_COLOR` asks for nothing.
  func testColoursByDefaultOnATerminalUnlessNoColorHoldsAValue() {
    XCTAssertTrue(TerminalText.colorsByDefault(environment: [:], isTerminal: true))
    XCTAssertTrue(TerminalText.colorsByDefault(environment: ["NO_COLOR": ""], isTerminal: true))
    XCTAssertFalse(TerminalText.colorsByDefault(environment: ["NO_COLOR": "1"], isTerminal: true))
    XCTAssertFalse(TerminalText.colorsByDefault(environment: ["NO_COLOR": "0"], isTerminal: true))
    XCTAssertFalse(TerminalText.colorsByDefault(environment: [:], isTerminal: false))
    XCTAssertFalse(TerminalText.colorsByDefault(environment: ["TERM": "dumb"], isTerminal: true))
    XCTAssertTrue(TerminalText.colorsByDefault(environment: ["TERM": "xterm-256color"], isTerminal: true))
  }

  /// A word a shell reads back as itself: safe words as they are, others single-quoted, a leading
  /// `-` behind `./`.
  func testShellWords() {
    XCTAssertEqual(TerminalText.shellWord("my-app/v1.2"), "my-app/v1.2")
    XCTAssertEqual(TerminalText.shellWord("my app"), "'my app'")
    XCTAssertEqual(TerminalText.shellWord("it's $HOME"), #"'it'\''s $HOME'"#)
    XCTAssertEqual(TerminalText.shellWord("-x"), "./-x")
    XCTAssertEqual(TerminalText.shellWord(""), "''")
    XCTAssertEqual(TerminalText.shellWord("=app"), "'=app'")
    XCTAssertEqual(TerminalText.shellWord("~app"), "'~app'")
    XCTAssertEqual(TerminalText.shellWord("nl\nname"), #"$'nl\x0Aname'"#)
    XCTAssertEqual(TerminalText.shellWord("it's\u{1B}[31m\\"), #"$'it\'s\x1B[31m\\'"#)
    XCTAssertEqual(TerminalText.shellWord("-\u{202E}é"), #"$'./-\xE2\x80\xAEé'"#, "bytes, which read back in every locale")
  }

  func testFoldersLoseTheirTrailingSlashes() {
    XCTAssertEqual(TerminalText.folder("preview//"), "preview")
    XCTAssertEqual(TerminalText.folder("/"), "/")
    XCTAssertEqual(TerminalText.folder("a/b"), "a/b")
  }
}
