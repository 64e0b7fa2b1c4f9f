import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappWriters

/// The identifiers `zlc generate` gives the project's names: valid in Swift, Kotlin and
/// TypeScript, deterministic, and distinct within a list.
final class ClientIdentifierTests: XCTestCase {
  func testPlainNamesReadAsCamelCase() {
    let names = ClientIdentifiers.names(["layout_01_grid_01", "PROMO_WIDE", "horizontal-list", "riverflix.player"])
    XCTAssertEqual(names.map(\.lower), ["layout01Grid01", "promoWide", "horizontalList", "riverflixPlayer"])
    XCTAssertEqual(names.map(\.upper), ["Layout01Grid01", "PromoWide", "HorizontalList", "RiverflixPlayer"])
    XCTAssertEqual(names.map(\.wire), ["layout_01_grid_01", "PROMO_WIDE", "horizontal-list", "riverflix.player"])
  }

  func testAnyNameGivesAValidIdentifier() {
    let wires = ["", "2-col", "über", "class", "default", "unknown", "list", "a b", "say \"hi\" $x", "🎬", "___", "screen"]
    let names = ClientIdentifiers.names(wires)
    let expected = ["_2Col", "uFCBer", "class_", "default_", "unknown_", "list_", "aB", "sayHiX", "u1F3AC", "screen_"]
    XCTAssertEqual(names.indices.filter { $0 != 0 && $0 != 10 }.map { names[$0].lower }, expected)
    // `` and `___` both read `unnamed`: both get their hash.
    XCTAssertTrue(names[0].lower.hasPrefix("unnamed_"))
    XCTAssertTrue(names[10].lower.hasPrefix("unnamed_"))
    for name in names {
      let scalars = Array(name.lower.unicodeScalars)
      XCTAssertTrue(scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }, name.lower)
      XCTAssertFalse(("0"..."9").contains(scalars[0]), name.lower)
    }
  }

  func testNamesThatMeetGetTheirHashAndNeverCollide() {
    let names = ClientIdentifiers.names(["show", "Show", "SHOW", "other"])
    XCTAssertEqual(Set(names.map { $0.lower.lowercased() }).count, 4)
    XCTAssertEqual(names[3].lower, "other")
    XCTAssertTrue(names[0].lower.hasPrefix("show_"))
    // The same name always gets the same identifier, whatever else the list holds.
    let again = ClientIdentifiers.names(["Show", "show", "zeta"])
    XCTAssertEqual(again[1].lower, names[0].lower)
    XCTAssertEqual(again[0].lower, names[1].lower)
    // Duplicates are given once.
    XCTAssertEqual(ClientIdentifiers.names(["a", "a"]).count, 1)
  }

  func testSuffixesKeepKindsApart() {
    let components = ClientIdentifiers.names(["x_cell"], suffix: "Component")
    let cells = ClientIdentifiers.names(["x"], suffix: "Cell")
    XCTAssertEqual(components[0].lower, "xCellComponent")
    XCTAssertEqual(cells[0].lower, "xCell")
  }

  /// Names that are different bytes are different cases, even when Swift's strings would take
  /// them for the same (a precomposed `é` and `e` with a combining accent).
  func testCanonicallyEquivalentNamesStayApart() {
    let names = ClientIdentifiers.names(["caf\u{E9}", "cafe\u{301}", "caf\u{E9}"])
    XCTAssertEqual(names.map { Array($0.wire.utf8) }, [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
    XCTAssertEqual(names.map(\.lower), ["cafUE9", "cafeU301"])
  }

  /// `none` would read as `Optional.none` in Swift wherever an optional is expected.
  func testNoneIsEscaped() {
    XCTAssertEqual(ClientIdentifiers.names(["none", "some", "None"]).map(\.lower).map { $0.prefix(5) }, ["none_", "some_", "none_"])
  }

  /// A long name is cut to 64 characters, its end the hash of the name: two long names that share
  /// their first 55 characters stay apart, and a name of 64 characters is kept whole.
  func testLongNamesAreCutWithTheirHash() {
    let japanese = String(repeating: "新着", count: 25)
    let long = String(repeating: "a", count: 80)
    let names = ClientIdentifiers.names([japanese, long, long + "b", String(repeating: "c", count: 64)])
    XCTAssertEqual(names.map(\.lower.count), [64, 64, 64, 64])
    XCTAssertTrue(names[1].lower.hasPrefix(String(repeating: "a", count: 55) + "_"), names[1].lower)
    XCTAssertNotEqual(names[1].lower, names[2].lower)
    XCTAssertEqual(names[3].lower, String(repeating: "c", count: 64))
    XCTAssertEqual(ClientIdentifiers.names([long], suffix: "Option")[0].lower.count, 70)
  }

  /// Keywords of each language and names a language cannot take as an enum member are escaped;
  /// names that differ only in case get their hash, as a file system that ignores case would
  /// keep only one of their class files.
  func testKeywordsAndCaseOnlyDifferences() {
    XCTAssertEqual(
      ClientIdentifiers.names(["this", "protected", "NaN", "Infinity", "ok"]).map(\.upper),
      ["This_", "Protected_", "NaN_", "Infinity_", "Ok"])
    let names = ClientIdentifiers.names(["aB", "ab", "other"])
    XCTAssertTrue(names[0].lower.hasPrefix("aB_"), names[0].lower)
    XCTAssertTrue(names[1].lower.hasPrefix("ab_"), names[1].lower)
    XCTAssertEqual(Set(names.map { $0.upper.lowercased() }).count, 3)
    XCTAssertEqual(names[2].lower, "other")
  }

  /// A name whose type identifier is one the generated code declares beside it in another case
  /// (`unKnown` beside Kotlin's nested `Unknown`, `compAnion` beside its `Companion`) is escaped
  /// like the name itself: a file system that ignores case keeps one of two class files that
  /// differ only in case. Other reserved type names keep their case-sensitive match (`dATA` is
  /// not Kotlin's `Data`, and no file of that name is written beside it); names near none stay.
  func testReservedTypeNamesInAnotherCaseAreEscaped() {
    XCTAssertEqual(
      ClientIdentifiers.names(["unKnown", "compAnion", "unknownx", "companions"]).map(\.upper),
      ["UnKnown_", "CompAnion_", "Unknownx", "Companions"])
    XCTAssertEqual(ClientIdentifiers.names(["UNKNOWN"]).map(\.upper), ["Unknown_"])
    XCTAssertEqual(ClientIdentifiers.names(["dATA", "nan", "strinG"]).map(\.upper), ["DATA", "Nan", "StrinG"])
    XCTAssertEqual(ClientIdentifiers.names(["data"]).map(\.upper), ["Data_"])
  }

  /// A Kotlin string of at most 65,535 bytes of modified UTF-8 (a JVM string constant) is one
  /// literal; a longer one is built from parts of at most that many, cut between scalars (`é` is 2
  /// bytes, a scalar past U+FFFF 6), whose text joined is the string's.
  func testKotlinStringsAreCutToJVMConstants() {
    let limit = String(repeating: "a", count: 65_535)
    XCTAssertEqual(CodeLiteral.kotlin(limit), "\"" + limit + "\"")
    XCTAssertEqual(CodeLiteral.jvmParts(limit + "$"), [limit, "$"])
    XCTAssertEqual(CodeLiteral.kotlin(limit + "$"), "buildString { append(\"" + limit + "\"); append(\"\\$\") }")
    let accents = String(repeating: "\u{E9}", count: 32_767)
    XCTAssertEqual(CodeLiteral.jvmParts(accents + "\u{E9}"), [accents, "\u{E9}"], "65,534 bytes and a 2-byte scalar")
    let emoji = String(repeating: "a", count: 65_530) + "\u{1F3AC}"
    XCTAssertEqual(CodeLiteral.jvmParts(emoji), [String(repeating: "a", count: 65_530), "\u{1F3AC}"], "a surrogate pair is not cut")
    XCTAssertEqual(CodeLiteral.jvmParts(String(repeating: "\u{1F3AC}", count: 20_000)).map { $0.unicodeScalars.count }, [10_922, 9_078])
  }
}
