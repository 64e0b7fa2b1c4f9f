import Foundation
import ZappLayout

extension SwiftClientWriter {
  /// `ZappBundleIndex.mappings(_:in:_:required:)` and `fallbacks(_:)`: the index's maps of names to
  /// screens and its `fallbacks`, each refused when a value is not of its type, as the runtime does.
  package func mappingsAndFallbacks(_ c: inout CodeText) {
    func fallbacks(_ path: PartialKeyPath<ClientFallbacks>) -> String { ClientFallbacks.key(path) }
    func reference(_ path: PartialKeyPath<SectionReference>) -> String { SectionReference.key(path) }
    let fallbacksKey = BundleIndex.key(\.fallbacks)
    c.doc("The map `key` of `root` in the text's order, each name by its exact text: none when absent or", style: .slashes)
    c.doc("null (a required one throws then); anything but an object of strings throws.", style: .slashes)
    c.block("private static func mappings(_ key: String, in root: [String: Any], _ json: Data, required: Bool) throws -> [Mapping] {") {
      c in
      c.line("let value = root[key]")
      c.line("if !required && (value == nil || value is NSNull) { return [] }")
      c.block("guard let object = value as? [String: Any] else {") { c in
        c.line(#"throw ZappBundleError.malformed(key + (required ? " is missing or not an object" : " is not an object"))"#)
      }
      c.line("var out: [Mapping] = []")
      c.block("for (name, screen) in Self.members(of: key, in: json) ?? object.map({ ($0, $1) }) {") { c in
        c.line(#"guard let id = screen as? String else { throw ZappBundleError.malformed(key + "." + name + " is not a string") }"#)
        c.line("out.append(Mapping(key: name, screen: ZappScreenID(wireName: id)))")
      }
      c.line("return out")
    }
    c.line()
    c.doc("The number `value` when it is one (not `true` or `false`, which JSONSerialization reads as numbers).", style: .slashes)
    c.block("private static func number(_ value: Any?) -> Double? {") { c in
      c.line("guard let number = value as? NSNumber, type(of: number) != type(of: NSNumber(value: true)) else { return nil }")
      // A long mantissa comes as an NSDecimalNumber, whose `doubleValue` is another number.
      c.line("if let decimal = number as? NSDecimalNumber, let exact = Double(decimal.stringValue) { return exact }")
      c.line("return number.doubleValue")
    }
    c.line()
    c.doc("`\(fallbacksKey)`: none when absent or null; a value not of its type throws. A section's index is a", style: .slashes)
    c.doc("whole number below 9,000,000,000,000,000 (one beyond is refused, never rounded).", style: .slashes)
    c.block("private static func fallbacks(_ value: Any?) throws -> [ClientFallbacks] {") { c in
      c.line("if value == nil || value is NSNull { return [] }")
      c.line(#"guard let list = value as? [Any] else { throw ZappBundleError.malformed("\#(fallbacksKey) is not a list") }"#)
      c.block("return try list.enumerated().map { i, entry in", close: "}") { c in
        c.line(#"let at = "\#(fallbacksKey)[\(i)]""#)
        c.line(#"guard let e = entry as? [String: Any] else { throw ZappBundleError.malformed(at + " is not an object") }"#)
        for (name, path) in [("platform", \ClientFallbacks.platform), ("version", \ClientFallbacks.clientVersion)] {
          c.block("guard let \(name) = e[\(CodeLiteral.swift(fallbacks(path)))] as? String else {") { c in
            c.line("throw ZappBundleError.malformed(at + \".\(fallbacks(path)) is missing or not a string\")")
          }
        }
        let installs = CodeLiteral.swift(fallbacks(\.installs))
        c.line("let share = e[\(installs)]")
        c.line("let installs = share is NSNull ? nil : Self.number(share)")
        c.block("guard share == nil || share is NSNull || installs.map({ $0 >= 0 && $0 <= 1 }) == true else {") { c in
          c.line("throw ZappBundleError.malformed(at + \".\(fallbacks(\.installs)) is not a number from 0 to 1\")")
        }
        c.block("guard let sections = e[\(CodeLiteral.swift(fallbacks(\.sections)))] as? [Any] else {") { c in
          c.line("throw ZappBundleError.malformed(at + \".\(fallbacks(\.sections)) is missing or not a list\")")
        }
        c.block("let references = try sections.enumerated().map { j, entry in", close: "}") { c in
          c.line(#"let spot = at + ".\#(fallbacks(\.sections))[\(j)]""#)
          c.line(#"guard let r = entry as? [String: Any] else { throw ZappBundleError.malformed(spot + " is not an object") }"#)
          c.block("guard let screen = r[\(CodeLiteral.swift(reference(\.screen)))] as? String else {") { c in
            c.line("throw ZappBundleError.malformed(spot + \".\(reference(\.screen)) is missing or not a string\")")
          }
          c.line("let n = Self.number(r[\(CodeLiteral.swift(reference(\.section)))]) ?? -1")
          c.block("guard n >= 0, n < 9e15, n == n.rounded() else {") { c in
            c.line("throw ZappBundleError.malformed(spot + \".\(reference(\.section)) \(Self.notAnIndex)\")")
          }
          c.line("return SectionReference(screen: ZappScreenID(wireName: screen), section: Int(n))")
        }
        c.line("return ClientFallbacks(platform: platform, clientVersion: version, installs: installs, sections: references)")
      }
    }
  }

  /// `ZappBundleIndex.devices(_:)`: `devices`, refused when missing or when a value is not of its
  /// type or range, as the runtime does.
  package func devicesReader(_ c: inout CodeText) {
    func key(_ path: PartialKeyPath<Device>) -> String { Device.key(path) }
    let devicesKey = BundleIndex.key(\.devices)
    c.doc("`\(devicesKey)`: a list of devices, each with a name, a class and a width; anything else throws.", style: .slashes)
    c.block("private static func devices(_ value: Any?) throws -> [Device] {") { c in
      c.line(#"guard let list = value as? [Any] else { throw ZappBundleError.malformed("\#(devicesKey) is missing or not a list") }"#)
      c.block("return try list.enumerated().map { i, entry in", close: "}") { c in
        c.line(#"let at = "\#(devicesKey)[\(i)]""#)
        c.line(#"guard let e = entry as? [String: Any] else { throw ZappBundleError.malformed(at + " is not an object") }"#)
        c.block("guard let name = e[\(CodeLiteral.swift(key(\.name)))] as? String else {") { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.name)) is missing or not a string\")")
        }
        let classes = DeviceClass.allCases.map { CodeLiteral.swift($0.rawValue) }.joined(separator: ", ")
        c.block(
          "guard let deviceClass = e[\(CodeLiteral.swift(key(\.deviceClass)))] as? String, [\(classes)].contains(deviceClass) else {"
        ) { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.deviceClass)) is missing or not \(Self.deviceClasses)\")")
        }
        c.block(
          "guard let width = Self.number(e[\(CodeLiteral.swift(key(\.width)))]), width >= 1, width <= \(Self.widestDevice) else {"
        ) { c in
          c.line("throw ZappBundleError.malformed(at + \".\(key(\.width)) \(Self.notADeviceWidth)\")")
        }
        c.line("let sizeClass = try Self.string(e[\(CodeLiteral.swift(key(\.sizeClass)))], at + \".\(key(\.sizeClass))\")")
        c.line("let state = try Self.string(e[\(CodeLiteral.swift(key(\.state)))], at + \".\(key(\.state))\")")
        c.line("return Device(name: name, deviceClass: deviceClass, width: width, sizeClass: sizeClass, state: state)")
      }
    }
  }

  /// The device classes a device's `class` may name, as the messages and comments give them.
  package static let deviceClasses = DeviceClass.allCases.map(\.rawValue).joined(separator: " or ")
  /// The widest device the runtime takes, in points.
  package static let widestDevice = Int(Metrics.maxLength)
  /// The message of a device width that is missing or out of range, the same in every language.
  package static let notADeviceWidth = "is missing or not a number from 1 to \(widestDevice)"

  /// The message of a section index that is missing or no whole number the decoders hold exactly,
  /// the same in every language.
  package static let notAnIndex = "is missing or not a whole number from 0 to 8999999999999999"
}
