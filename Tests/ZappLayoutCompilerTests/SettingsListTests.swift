import Foundation
import XCTest

@testable import ZappLayoutCompiler

/// `zlc.json`'s `devices` and `size_classes` that list nothing, and size class names with spaces
/// at their ends, are errors: each left the project on the defaults or a name no key matches, in a
/// green build.
final class SettingsListTests: XCTestCase {
  func testADeviceOrSizeClassListOfNothingIsAnError() throws {
    let message = { (key: String, how: String, what: String, defaults: String) in
      "'\(key)' \(how); list at least one \(what) or leave the key out for \(defaults)"
    }
    try assertFindings(
      ["zlc.json": #"{"devices": ⟦ZL0203⟧[""], "size_classes": ⟦ZL0203⟧[]}"#],
      [
        "zlc.json": [
          (message("devices", "lists no device (its entries are empty)", "device", "the defaults"), [], nil),
          (message("size_classes", "is empty", "size class", "the defaults (S, L, XL)"), [], nil),
        ]
      ])
    try assertFindings(
      ["zlc.json": #"{"devices": ⟦ZL0203⟧[], "size_classes": ⟦ZL0203⟧["", ""]}"#],
      [
        "zlc.json": [
          (message("devices", "is empty", "device", "the defaults"), [], nil),
          (message("size_classes", "lists no size class (its entries are empty)", "size class", "the defaults (S, L, XL)"), [], nil),
        ]
      ])
    try assertFindings(
      [
        "zlc.json":
          #"{"devices": ["", {"name": "phone", "class": "phone", "width": 375}], "size_classes": ["", {"name": "S", "min_width": 0}]}"#
      ], [:])
  }

  /// A size class name with spaces at its ends matches no key written without them: an error with
  /// the trimmed name as its fix, none where another size class has that name or for spaces alone.
  func testASizeClassNameWithSpacesIsAnError() throws {
    let settings = #"""
      {"size_classes": [{"name": ⟦ZL0203⟧" S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600, "max_width": 900},
        {"name": ⟦ZL0203⟧"L ", "min_width": 900, "max_width": 1000}, {"name": ⟦ZL0203⟧"  ", "min_width": 1000}]}
      """#
    try assertFindings(
      ["zlc.json": settings],
      [
        "zlc.json": [
          ("size class name ' S' has spaces at its ends: it matches no name written without them", [], #""S""#),
          ("size class name 'L ' has spaces at its ends: it matches no name written without them", [], nil),
          ("a size class name of spaces alone names no size class", [], nil),
        ]
      ])
    try assertFindings(
      ["zlc.json": #"{"size_classes": [{"name": "S", "min_width": 0, "max_width": 600}, {"name": "L", "min_width": 600}]}"#], [:])
  }
}
