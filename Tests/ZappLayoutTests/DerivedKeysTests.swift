import Foundation
import XCTest

@testable import ZappLayout

/// A compact section's derived keys are set on the section as they are derived, not written as
/// JSON and read back: each must be the very value its field reads from the JSON derived for it.
final class DerivedKeysTests: XCTestCase {
  /// Components whose keys take every path of the derivation: values of the wrong type, empty
  /// strings, numbers for strings, limits written as builders write them and as they should not be.
  static let components: [String] = [
    #"{"component_type": "grid", "id": "c1", "styles": {"cell_styles": ["a", "", 3, "b"], "x": 1}, "data": {"source": "s", "type": "t", "target": "tg"}, "rules": {"item_limit": "6"}}"#,
    #"{"component_type": "list", "id": 12, "styles": {"cell_styles": "a"}, "data": {"source": 5}, "rules": {"data_source_limit": 6.0}}"#,
    #"{"component_type": "", "id": true, "styles": "x", "data": "d", "rules": {"item_limit": "06"}}"#,
    #"{"id": null, "data": {"source": "", "type": "", "target": ""}, "rules": {"item_limit": 0, "datasource_limit": 4}}"#,
    #"{"component_type": "hero", "rules": ["item_limit"]}"#,
  ]

  /// Each key of each component, with and without a screen family, and for a path that names no
  /// component: `fill` sets what reading `value(of:)` sets, or leaves the key to be read (and then
  /// reading nothing fails or keeps the default, as reading the absent key does).
  func testFillingAKeyIsReadingTheValueDerivedForIt() throws {
    for text in Self.components + [nil] {
      let components: JSON = .array([.object([])] + (text.map { [try! JSON.parse(Array($0.utf8))] } ?? []))
      for family in [nil, "F"] as [String?] {
        let basis = SectionBasis(index: 3, path: [1], previous: [0], screenFamily: family, components: components)
        for key in SectionBasis.Key.allCases {
          let what = "\(key.name) of \(text ?? "no component"), family \(family ?? "none")"
          let field = ResolvedSection.fields[ResolvedSection.derivedFieldIndices[key.rawValue]]
          XCTAssertEqual(field.key, key.name)
          var read = ResolvedSection.blank
          let derived = JSON.object(basis.value(of: key).map { [(key.name, $0)] } ?? [])
          let readFailed = (try? field.read(&read, ObjectReader(derived, path: "", layouts: .empty))) == nil
          var filled = ResolvedSection.blank
          let set = basis.fill(&filled, missing: 1 << key.rawValue)
          if readFailed {
            XCTAssertEqual(set, 0, "\(what): a key whose read fails is left to the read")
            continue
          }
          XCTAssertEqual(set == 0, basis.value(of: key) == nil, "\(what): set exactly when a value is derived")
          XCTAssertEqual(filled.encoded(pretty: false), read.encoded(pretty: false), what)
          if set != 0 { XCTAssertEqual(set, 1 << UInt64(ResolvedSection.derivedFieldIndices[key.rawValue]), what) }
        }
      }
    }
  }

  /// A basis given only the component's `componentKeys` members (as the resolver gives it, to
  /// spare copying a group's children) derives every key as the basis of the whole component,
  /// with members beside them named like the values derived (`cell_styles`, `target`, `source`).
  func testTheComponentKeysAreAllADerivationReads() throws {
    let beside: [(String, JSON)] = [
      ("ui_components", .array([.object([("component_type", .string("child")), ("id", .string("c2"))])])),
      ("cell_styles", .array([.string("z")])), ("target", .string("t")), ("source", .string("s")), ("type", .string("y")),
      ("item_limit", .number("2")), ("data_source_limit", .number("3")), ("family", .string("G")), ("name", .string("n")),
    ]
    for text in Self.components {
      guard case .object(let members) = try JSON.parse(Array(text.utf8)) else { return XCTFail(text) }
      let whole = JSON.object(members + beside)
      let kept = JSON.object(members.filter { SectionBasis.componentKeys.contains($0.0) })
      let wholeBasis = SectionBasis(index: 1, nextPath: [1], screenFamily: "F", component: whole)
      let keptBasis = SectionBasis(index: 1, nextPath: [1], screenFamily: "F", component: kept)
      for key in SectionBasis.Key.allCases {
        XCTAssertEqual(keptBasis.value(of: key), wholeBasis.value(of: key), "\(key.name) of \(text)")
        XCTAssertEqual(keptBasis.isKeptInPlace(key.name), wholeBasis.isKeptInPlace(key.name), "\(key.name) of \(text)")
      }
    }
  }

  /// A section that leaves out every derivable key opens as the section that holds them all.
  func testASectionLeavingOutEveryKeyIsTheSectionHoldingThem() throws {
    let component = try JSON.parse(Array(Self.components[0].utf8))
    let basis = SectionBasis(index: 0, path: [0], previous: nil, screenFamily: "F", components: .array([component]))
    let held: [(String, JSON)] = [("renderer", .object([("layout_id", .null)])), ("layout", .object([]))]
    let full = JSON.object(SectionBasis.Key.allCases.compactMap { key in basis.value(of: key).map { (key.name, $0) } } + held)
    let expected = try ResolvedSection.decode(full, path: "", layouts: .empty)
    let compact = try ResolvedSection.decode(ObjectReader(.object(held), path: "", layouts: .empty)) {
      basis.fill(&$0, missing: (1 << SectionBasis.Key.allCases.count) - 1)
    }
    XCTAssertEqual(compact.encoded(pretty: false), expected.encoded(pretty: false))
    XCTAssertEqual(compact.data, DataBinding(binding: .own, source: "s", type: "t"))
    XCTAssertEqual(compact.cellStyles, ["a", "b"])
    XCTAssertEqual(compact.itemLimit, 6)
  }

  /// A section the writer takes to hold a derived value as typed (`holdsDerived`), leaving the key
  /// out without writing it, would write it with the very bytes of the value derived; sections
  /// that hold every derived value are taken to (the byte comparison is skipped), and names that
  /// read alike in another Unicode form are not.
  func testASectionHoldingTheDerivedValueAsTypedWritesItsBytes() throws {
    let decomposed =
      #"{"component_type": "cafe\u0301", "id": "i\u0301", "styles": {"cell_styles": ["e\u0301"], "e\u0301": 1.0}, "data": {"source": "e\u0301", "type": "e\u0301", "target": "e\u0301"}}"#
    for text in Self.components + [decomposed] {
      let components: JSON = .array([.object([]), try JSON.parse(Array(text.utf8))])
      for family in [nil, "F", "e\u{301}"] as [String?] {
        let basis = SectionBasis(index: 3, path: [1], previous: [0], screenFamily: family, components: components)
        var holding = ResolvedSection.blank
        _ = basis.fill(&holding, missing: (1 << SectionBasis.Key.allCases.count) - 1)
        var composed = holding
        composed.componentType = "caf\u{e9}"
        composed.componentID = "\u{ed}"
        composed.cellStyles = ["\u{e9}"]
        composed.target = "\u{e9}"
        composed.family = family == nil ? nil : "\u{e9}"
        composed.data = DataBinding(binding: .own, source: "\u{e9}", type: "\u{e9}")
        composed.styles = [("cell_styles", .array([.string("\u{e9}")])), ("\u{e9}", .number("1.0"))]
        var other = holding
        other.section = 4
        other.component = [2]
        other.itemLimit = (holding.itemLimit ?? 0) + 1
        other.data = DataBinding(binding: .own, source: holding.data.source, type: holding.data.type, child: 0)
        other.styles = holding.styles.map { key, value in
          guard case .number = value else { return (key, value) }
          return (key, .number("1.00"))
        }
        for section in [holding, composed, other] {
          for key in SectionBasis.Key.allCases where section.holdsDerived(key, from: basis) {
            let field = ResolvedSection.fields[ResolvedSection.derivedFieldIndices[key.rawValue]]
            var written = JSONWriter(pretty: false)
            written.beginObject()
            field.write(section, to: &written)
            written.endObject()
            let derived = JSON.object(basis.value(of: key).map { [(key.name, $0)] } ?? []).encoded(pretty: false)
            XCTAssertEqual(
              String(decoding: written.bytes, as: UTF8.self), String(decoding: derived, as: UTF8.self), "\(key.name) of \(text)")
          }
        }
        let typed = SectionBasis.Key.allCases
        let held = typed.filter { holding.holdsDerived($0, from: basis) }
        let derivable = typed.filter { key in
          [.section, .component, .family].contains(key)
            || (basis.component != nil && basis.value(of: key) != nil || key == .componentID || key == .target)
        }
        XCTAssertEqual(held.map(\.name), derivable.filter { !basis.isKeptInPlace($0.name) }.map(\.name), text)
        if text == decomposed {
          XCTAssertEqual(
            typed.filter { composed.holdsDerived($0, from: basis) }.map(\.name),
            ["section", "component"] + (family == nil ? ["family"] : []) + ["item_limit"], text)
        }
      }
    }
  }
}
