import Foundation
import ZappLayout

extension SwiftClientWriter {
  /// `ZappBundleIndex.sizeClasses(_:)`, `layoutIDs(_:formatVersion:)` and `isInside(_:)`: the
  /// index's size classes, its `layouts` table and the check of a screen's `file`, each refused as
  /// the runtime refuses it.
  package func sizeClassesAndLayouts(_ c: inout CodeText) {
    func key(_ path: PartialKeyPath<SizeClass>) -> String { SizeClass.key(path) }
    let sizeClassesKey = BundleIndex.key(\.sizeClasses)
    let layoutsKey = BundleIndex.layoutsField.key
    c.doc("`\(sizeClassesKey)`: \(Self.defaultSizeClassesText) when absent or null; anything but a list of", style: .slashes)
    c.doc("size classes, each with a name, a `min_width`, a `max_width` or none and a class, throws, and so", style: .slashes)
    c.doc("does a list the runtime refuses (`checkSizeClasses`).", style: .slashes)
    c.block("private static func sizeClasses(_ value: Any?) throws -> [SizeClass] {") { c in
      c.block("if value == nil || value is NSNull {") { c in
        c.line("return [")
        for sizeClass in SizeClass.defaults {
          let bound = sizeClass.maxWidth.map(Self.numberLiteral) ?? "nil"
          c.line(
            "  SizeClass(name: \(CodeLiteral.swift(sizeClass.name)), deviceClass: \(CodeLiteral.swift(sizeClass.deviceClass.rawValue)), "
              + "minWidth: \(Self.numberLiteral(sizeClass.minWidth)), maxWidth: \(bound)),")
        }
        c.line("]")
      }
      c.line(#"guard let list = value as? [Any] else { throw ZappBundleError.malformed("\#(sizeClassesKey) is not a list") }"#)
      c.block("let classes = try list.enumerated().map { i, entry in", close: "}") { c in
        c.line(#"let at = "\#(sizeClassesKey)[\(i)]""#)
        c.line(#"guard let e = entry as? [String: Any] else { throw ZappBundleError.malformed(at + " is not an object") }"#)
        c.block("guard let name = e[\(CodeLiteral.swift(key(\.name)))] as? String else {") { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.name)) is missing or not a string\")")
        }
        c.block("guard let minWidth = Self.number(e[\(CodeLiteral.swift(key(\.minWidth)))]) else {") { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.minWidth)) is missing or not a number\")")
        }
        c.line("let bound = e[\(CodeLiteral.swift(key(\.maxWidth)))]")
        c.line("let maxWidth = Self.number(bound)")
        c.block("guard bound == nil || bound is NSNull || maxWidth != nil else {") { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.maxWidth)) is not a number\")")
        }
        let classes = DeviceClass.allCases.map { CodeLiteral.swift($0.rawValue) }.joined(separator: ", ")
        c.block(
          "guard let deviceClass = e[\(CodeLiteral.swift(key(\.deviceClass)))] as? String, [\(classes)].contains(deviceClass) else {"
        ) { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.deviceClass)) is missing or not \(Self.deviceClasses)\")")
        }
        c.line("return SizeClass(name: name, deviceClass: deviceClass, minWidth: minWidth, maxWidth: maxWidth)")
      }
      c.line("try Self.checkSizeClasses(classes)")
      c.line("return classes")
    }
    c.line()
    ClientSizeClassCheck.swift(&c)
    c.line()
    c.doc("The ids of `\(layoutsKey)`, sorted by their UTF-16 code units: none when absent or null; anything", style: .slashes)
    c.doc("but an object of objects throws, and so does an entry in a bundle of format version 1.", style: .slashes)
    c.block("private static func layoutIDs(_ value: Any?, formatVersion: Int) throws -> [String] {") { c in
      c.line("if value == nil || value is NSNull { return [] }")
      c.line(#"guard let table = value as? [String: Any] else { throw ZappBundleError.malformed("\#(layoutsKey) is not an object") }"#)
      c.line("let ids = table.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }")
      c.block("for id in ids where !(table[id] is [String: Any]) {") { c in
        c.line(#"throw ZappBundleError.malformed("\#(layoutsKey)." + id + " is not an object")"#)
      }
      c.block("if formatVersion == \(BundleForm.expanded.formatVersion) && !ids.isEmpty {") { c in
        c.line("throw ZappBundleError.malformed(\"\(Self.layoutsInExpandedForm)\")")
      }
      c.line("return ids")
    }
    c.line()
    c.doc("Whether a screen's `file` stays inside the bundle folder: not absolute, no `..`, no empty part and", style: .slashes)
    c.doc("no NUL, at which the system would end the path.", style: .slashes)
    c.block("private static func isInside(_ file: String) -> Bool {") { c in
      c.line("let parts = file.utf8.split(separator: 0x2F, omittingEmptySubsequences: false)")
      c.line(#"return !file.utf8.contains(0) && parts.allSatisfy { !$0.isEmpty && !$0.elementsEqual("..".utf8) }"#)
    }
  }

  /// The size classes a reader takes when `bundle.json` gives none, as the comments name them.
  package static let defaultSizeClassesText = SizeClass.defaults.map(\.name).joined(separator: ", ")

  /// A number as the generated code writes it: a whole one without a fraction.
  package static func numberLiteral(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// The message of a `layouts` entry in a bundle of format version 1, the same in every language.
  package static let layoutsInExpandedForm =
    "\(BundleIndex.layoutsField.key): format_version \(BundleForm.expanded.formatVersion) holds none"

  /// The message of a screen `file` that leaves the bundle folder, the same in every language.
  package static let fileOutside = "is not a path inside the bundle folder"
}
