import Foundation
import XCTest
import ZappLayout

/// docs/families.md tells the truth: its attribute table is the reader's vocabulary, its device
/// classes are the ones the runtime reads, and its examples check clean.
final class FamilyDocsTests: XCTestCase {
  var page: String!

  override func setUpWithError() throws {
    page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/families.md"), encoding: .utf8)
  }

  /// The rows between the table's markers, each as its cells.
  func attributeRows() throws -> [[String]] {
    let start = try XCTUnwrap(page.range(of: "<!-- families:attributes -->"))
    let end = try XCTUnwrap(page.range(of: "<!-- families:end -->"))
    return page[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2).map { line in
      line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  func testTheAttributeTableIsTheReadersVocabulary() throws {
    let rows = try attributeRows()
    let kinds: [FamilyVocabulary.ValueKind: String] = [.number: "number", .wholeNumber: "whole number", .boolean: "true or false"]
    XCTAssertEqual(rows.map { $0[0] }, FamilyVocabulary.metrics.map { "`\($0.name)`" })
    XCTAssertEqual(rows.map { $0[1] }, FamilyVocabulary.metrics.map { kinds[$0.kind] ?? "" })
    XCTAssertEqual(rows.map { $0[2] }, FamilyVocabulary.metrics.map(\.summary))
  }

  func testTheDeviceClassesAreTheOnesTheRuntimeReads() throws {
    for type in FamilyVocabulary.screenTypes {
      XCTAssertNotNil(ClassSelector(alias: type), type)
      XCTAssertTrue(page.contains("`\(type)`"), type)
    }
    for other in ["sw720", "tv", "XL", "landscape"] { XCTAssertNil(ClassSelector(alias: other), other) }
  }

  /// The XML and JSON examples, as families of a copy of the demo, check clean; a misspelled
  /// attribute in them is reported.
  func testTheExamplesCheckClean() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let families = project.appendingPathComponent("families")
    try FileManager.default.createDirectory(at: families, withIntermediateDirectories: true)
    let xml = try block("xml")
    let json = try block("json").replacingOccurrences(of: #""name": "STUDIO","#, with: #""name": "STUDIO_JSON","#)
    XCTAssertTrue(json.contains("STUDIO_JSON"))
    try xml.write(to: families.appendingPathComponent("STUDIO.xml"), atomically: true, encoding: .utf8)
    try json.write(to: families.appendingPathComponent("STUDIO_JSON.json"), atomically: true, encoding: .utf8)
    let clean = try zlc(["check", project.path])
    XCTAssertEqual(clean.status, 0, clean.err)
    XCTAssertTrue(clean.err.contains("0 errors, 0 warnings"), clean.err)
    try xml.replacingOccurrences(of: #"paddingTopBottom="12""#, with: #"paddingTopBotom="12""#)
      .write(to: families.appendingPathComponent("STUDIO.xml"), atomically: true, encoding: .utf8)
    let typo = try zlc(["check", project.path])
    XCTAssertTrue(typo.err.contains("paddingTopBotom"), typo.err)
    XCTAssertTrue(typo.err.contains("did you mean 'paddingTopBottom'?"), typo.err)
  }

  /// The cell examples of "Elements in a cell", each in a family of a copy of the demo, check
  /// clean, and the runtime reads their elements.
  func testTheElementExamplesCheckClean() throws {
    let section = try XCTUnwrap(page.range(of: "## Elements in a cell"))
    let json = try block("json", after: section.upperBound)
    let xml = try block("xml", after: section.upperBound)
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let families = project.appendingPathComponent("families")
    try FileManager.default.createDirectory(at: families, withIntermediateDirectories: true)
    let jsonFamily = #"{"name": "CARDS_JSON", "components": [{"type": "grid", "cells": [\#(json)]}]}"#
    try jsonFamily.write(to: families.appendingPathComponent("CARDS_JSON.json"), atomically: true, encoding: .utf8)
    try #"<Family name="CARDS_XML"><GridComponent name="GRID">\#(xml)</GridComponent></Family>"#
      .write(to: families.appendingPathComponent("CARDS_XML.xml"), atomically: true, encoding: .utf8)
    let clean = try zlc(["check", project.path])
    XCTAssertEqual(clean.status, 0, clean.err)
    XCTAssertTrue(clean.err.contains("0 errors, 0 warnings"), clean.err)
    let family = try Family(jsonFamily: Data(jsonFamily.utf8))
    XCTAssertEqual(family.component("grid")?.cell(named: "CARD")?.elements.map(\.display), [.inline, .inline, .block])
  }

  func block(_ language: String, after position: String.Index? = nil) throws -> String {
    let from = position ?? page.startIndex
    let start = try XCTUnwrap(page.range(of: "```\(language)\n", range: from..<page.endIndex))
    let end = try XCTUnwrap(page.range(of: "```", range: start.upperBound..<page.endIndex))
    return String(page[start.upperBound..<end.lowerBound])
  }
}
