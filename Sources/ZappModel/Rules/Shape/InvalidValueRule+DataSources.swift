import Foundation
import ZappDiagnostics

extension Project {
  /// The data source types whose data the client holds itself (iOS parses them with no payload):
  /// their `data.source` is not read.
  package static let sourcelessDataTypes: Set<String> = ["APPLICASTER_FAVORITES", "DOWNLOADS", "USER_ACCOUNT_COMPONENT"]
}

extension InvalidValueRule {
  /// A component's `data.source` with spaces at its ends (`" 3119"`, `"https://x.example/feed "`)
  /// is sent as written: a client asks its feed service for the id with the spaces, or loads an
  /// address (any source with a scheme) as written, another address or none. Reported at the value with the trimmed source
  /// as its fix. A source of spaces alone is ZL0401's on a root screen, and any source on a
  /// connected screen is ZL0403's; a type that takes no data, or a data type the client fills
  /// itself, reads no source.
  static func checkDataSources(_ context: RuleContext) {
    // The closure holds the project and the bag alone, not a copy of the whole context.
    let (project, bag) = (context.project, context.bag)
    project.forEachScreensFile { document, screens in
      for (component, source, trimmed) in project.fromScreensFile("sources with spaces", document, screens, sourcesWithSpaces) {
        guard project.facts(ofType: component.typeName).takesData,
          component.dataType.map({ Project.sourcelessDataTypes.contains($0.value) }) != true
        else { continue }
        let message = Message.sourceWithSpaces(source.value, address: isAddress(trimmed))
        bag.add(message.diagnostic(at: source.spot, fixIt: .rewriting(as: trimmed, at: source.spot)))
      }
    }
  }

  /// The components of root screens whose source has spaces at its ends, with it and its
  /// trimmed text (not empty).
  private static func sourcesWithSpaces(_ screens: ArraySlice<ScreenDecl>) -> [(ComponentDecl, Located<String>, String)] {
    var found: [(ComponentDecl, Located<String>, String)] = []
    for screen in screens where !screen.connected {
      screen.forEachComponent { component in
        // Most sources are written without escapes between printable ASCII ends: read in place.
        guard let value = component.sourceValue, value.kind == .string, value.withPlainStringBytes(Self.hasPrintableEnds) != true,
          let source = component.source, Self.mayEndInSpace(source.value)
        else { return }
        let trimmed = source.value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed != source.value, !trimmed.isEmpty { found.append((component, source, trimmed)) }
      }
    }
    return found
  }

  /// Whether a string's bytes start and end with printable ASCII (or it is empty): no space there.
  private static func hasPrintableEnds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last else { return true }
    return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
  }

  /// Whether `value` may start or end with a space: its first or last scalar is one, or is not
  /// ASCII (a no-break space). Most sources end in a printable ASCII character, and are done.
  private static func mayEndInSpace(_ value: String) -> Bool {
    guard let first = value.utf8.first, let last = value.utf8.last else { return false }
    return !(0x21...0x7E).contains(first) || !(0x21...0x7E).contains(last)
  }

  /// Whether a source is an address: it starts with a scheme and `://` (`https://`, `rtmp://`),
  /// whatever its data type (a `WEB_URL`'s, an `APPLICASTER_ATOM_FEED`'s feed).
  private static func isAddress(_ source: String) -> Bool {
    guard let colon = source.range(of: "://"), colon.lowerBound > source.startIndex,
      let first = source.unicodeScalars.first, first.isASCIILetter
    else { return false }
    return source[..<colon.lowerBound].unicodeScalars.allSatisfy {
      $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
    }
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension RuleMessage where Owner == InvalidValueRule {
  /// A component's `data.source` with spaces at its ends; `address` when it is a URL a client loads.
  /// Spaces other than U+0020 at its ends (a tab, U+00A0) are shown escaped (`\u{A0}`): the message
  /// would show them as plain spaces or not at all.
  package static func sourceWithSpaces(_ value: String, address: Bool) -> Self {
    Self(
      "source-with-spaces",
      "data source '\(shortValue(visibleEnds(value)))' has spaces at its ends: "
        + (address
          ? "a client may load another address, or none"
          : "a client asks its feed service for the id with the spaces and gets nothing"))
  }

  /// `value` with every character but U+0020 in the spaces at its ends escaped.
  private static func visibleEnds(_ value: String) -> String {
    let scalars = Array(value.unicodeScalars)
    let isSpace = { (s: Unicode.Scalar) in CharacterSet.whitespacesAndNewlines.contains(s) }
    let start = scalars.firstIndex { !isSpace($0) } ?? scalars.count
    let end = (scalars.lastIndex { !isSpace($0) } ?? -1) + 1
    var out = ""
    for (i, scalar) in scalars.enumerated() {
      if (i < start || i >= end) && scalar != " " {
        out += TerminalText.escape(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
