import ZappDiagnostics
import ZappModel

/// ZL0129 uuid-id-case.
package enum UUIDCaseRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0129", name: "uuid-id-case", severity: .warning, category: .screens,
    summary: "Two screen ids are one UUID written in upper and lower case.",
    explanation: """
      The builder names screens by UUIDs, in lower case. zlc and the bundle tell screen ids apart \
      by their bytes, so `f99b28fb-…` and `F99B28FB-…` are two screens; but a UUID is the same \
      whatever the case of its hex digits, and code or a tool that reads screen ids as UUIDs \
      (`UUID(uuidString:)` on iOS, `UUID.fromString` on Android, a database column of type uuid) \
      takes the two for one screen and keeps one of them. It is most often a screen copied by a \
      tool that wrote its id in upper case, so it is a warning (an error with \
      `--warnings-as-errors`). The second screen is reported, with a note at the first. Ids \
      that are the same bytes are ZL0404's. Write every UUID in one case (lower case, as the \
      builder does), or give the copy an id of its own.
      """,
    bad: .files(
      [
        "screens/o.json": opening(["f99b28fb-f472-403b-832d-9731287a3639", "F99B28FB-F472-403B-832D-9731287A3639"]),
        "screens/p.json": """
        [\(screen("f99b28fb-f472-403b-832d-9731287a3639")),
         \(screen("⟦⟧F99B28FB-F472-403B-832D-9731287A3639"))]
        """,
      ],
      reports: [
        .init(
          "screen id 'F99B28FB-F472-403B-832D-9731287A3639' is the UUID of screen 'f99b28fb-f472-403b-832d-9731287a3639' in other case: code reading ids as UUIDs takes the two for one screen",
          notes: ["first used here"])
      ]),
    good: .files([
      "screens/o.json": opening(["f99b28fb-f472-403b-832d-9731287a3639", "0b0e7c3a-5d1e-4c55-9a0e-2f2f4b6f4d10"]),
      "screens/p.json": """
      [\(screen("f99b28fb-f472-403b-832d-9731287a3639")),
       \(screen("0b0e7c3a-5d1e-4c55-9a0e-2f2f4b6f4d10"))]
      """,
    ]))

  /// The screen `other`, whose grids open the screens of `ids`.
  private static func opening(_ ids: [String]) -> String {
    Example.screen(ids.map(Example.gridOpening).joined(separator: ", "))
  }

  /// A screen with an id as written (a marker before it moves in front of its quote).
  private static func screen(_ id: String) -> String {
    let (marker, bare) = id.hasPrefix("⟦⟧") ? ("⟦⟧", String(id.dropFirst(2))) : ("", id)
    return
      #"{"id": \#(marker)"\#(bare)", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.grid)]}"#
  }

  package static func check(_ context: RuleContext) {
    // UUIDs compared whatever the case of their hex digits.
    let uuid = { (id: String) in
      isUUID(id) ? String(decoding: id.utf8.map { $0 >= 0x41 && $0 <= 0x46 ? $0 + 0x20 : $0 }, as: UTF8.self) : nil
    }
    EquivalentScreenIDRule.forEachScreen(readingAsAnEarlierOne: uuid, in: context.project) { screen, earlier in
      context.report(
        rule,
        "screen id '\(screen.id.value)' is the UUID of screen '\(earlier.id.value)' in other case: "
          + "code reading ids as UUIDs takes the two for one screen",
        at: screen.id.spot, notes: [DiagnosticNote("first used here", at: earlier.id.spot)])
    }
  }

  /// Whether `id` is a UUID as text: 32 hex digits in groups of 8, 4, 4, 4 and 12, joined by `-`.
  static func isUUID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard bytes.count == 36 else { return false }
    for (i, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(i) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        let hex = (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        guard hex else { return false }
      }
    }
    return true
  }
}

extension Rule {
  public static let uuidIDCase = UUIDCaseRule.rule
}
