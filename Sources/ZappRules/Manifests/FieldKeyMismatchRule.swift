import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0616 field-key-mismatch.
package enum FieldKeyMismatchRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0616", name: "field-key-mismatch", severity: .warning, category: .manifests,
    summary: "A plugin's manifests for two platforms spell one field's key differently.",
    explanation: """
      A plugin ships one manifest per platform with the same `identifier`, and each platform's \
      bundle is built with its own: a field's key is the key of the component's `styles` (or the \
      screen plugin's `plugin_values`) that platform's client reads. Manifests of one plugin may \
      differ (a field only one platform has), but a field key one manifest has and another lacks, \
      within the suggestion limit of a key of the same section (`general`, `styles`, `data`, …, \
      or `custom_configuration_fields`) that the other has and the first lacks, is most likely a \
      misspelling: that platform's client gets nothing under the key it reads. Keys that differ \
      only in a platform's name (`title_font_ios`, `title_font_android`) or only in numbers \
      (`image_1`, `image_2`) are taken as meant. The key is reported with a note at the other \
      spelling, and where more of the plugin's manifests use the other spelling, it alone is \
      reported; when as many use each (two platforms), either may be the misspelled one, and both \
      are. The did-you-mean is a hint, which `zlc check --fix` does not apply: a manifest is the \
      plugin's, and its code reads the key the manifest has, so the misspelling is mended where \
      the plugin is made (its code and its manifests together).
      """,
    bad: .files(
      [
        "components/x_ios.json": Example.manifest(
          #", "platform": "ios", "styles": {"fields": [{"key": ⟦⟧"baner_text", "type": "text_input"}]}"#),
        "components/x_android.json": Example.manifest(
          #", "platform": "android", "styles": {"fields": [{"key": ⟦⟧"banner_text", "type": "text_input"}]}"#),
      ],
      reports: [
        .init(
          "field 'styles.baner_text' of the 'x' manifest for ios is not in its manifest for android, which has 'banner_text'",
          notes: ["'styles.banner_text' in the manifest for android"], fixIt: #""banner_text""#),
        .init(
          "field 'styles.banner_text' of the 'x' manifest for android is not in its manifest for ios, which has 'baner_text'",
          notes: ["'styles.baner_text' in the manifest for ios"], fixIt: #""baner_text""#),
      ]),
    good: .files([
      "components/x_ios.json": Example.manifest(
        #", "platform": "ios", "styles": {"fields": [{"key": "banner_text", "type": "text_input"}, {"key": "title_font_ios", "type": "ios_font_selector"}, {"key": "ios_assets_bundle", "type": "text_input"}]}"#
      ),
      "components/x_android.json": Example.manifest(
        #", "platform": "android", "styles": {"fields": [{"key": "banner_text", "type": "text_input"}, {"key": "title_font_android", "type": "android_font_selector"}]}"#
      ),
    ]))

  package static var needsCompleteProject: Bool { false }

  /// The sections whose fields are compared (each with its own), as the manifest format has them.
  static let sections = ["general", "styles", "rules", "data", "assets", "advertising", "localizations", "hooks"]

  /// The words of platform names: keys that differ only in these are one field per platform.
  static let platformWords: Set<String> = Set(
    Platforms.known.flatMap { $0.split(separator: "_").map(String.init) } + [
      "qb", "apple", "appletv", "androidtv", "firetv", "fire", "tizen", "webos", "vizio", "xbox", "mobile", "handset",
    ]
  ).subtracting(["for"])

  /// One manifest's fields: by section, each key with where it is written (the first of a key).
  struct Keys {
    let manifest: ManifestDecl
    var bySection: [String: [(key: String, spot: SourceSpot)]] = [:]
    var sets: [String: Set<String>] = [:]

    init(_ manifest: ManifestDecl) {
      self.manifest = manifest
      for section in FieldKeyMismatchRule.sections {
        if let fields = manifest.value[section]?["fields"] { add(fields, section: section) }
      }
      if let fields = manifest.value["custom_configuration_fields"] { add(fields, section: "custom_configuration_fields") }
    }

    private mutating func add(_ fields: JSONValue, section: String) {
      guard fields.kind == .array else { return }
      for field in fields.elements where field.kind == .object {
        if flexBool(field["group"]) == true, let nested = field["fields"] {
          add(nested, section: section)
        } else if let key = field["key"], let name = key.string, sets[section, default: []].insert(name).inserted {
          bySection[section, default: []].append((name, key.spot))
        }
      }
    }

    func has(_ key: String, in section: String) -> Bool { sets[section]?.contains(key) == true }

    /// `ios` (the platforms it serves: `ManifestDecl.servedDescription`), or the file's name for a
    /// manifest that names no platform.
    var platform: String {
      manifest.platform == nil
        ? "no platform (\(manifest.spot.file.path.split(separator: "/").last ?? ""))" : manifest.servedDescription(quote: "")
    }
    /// `for ios`, `for no platform (x.json)`: what follows "manifest".
    var label: String { "for " + platform }
  }

  package static func check(_ context: RuleContext) {
    let byIdentifier = Dictionary(grouping: context.project.manifests.filter { $0.identifier != nil }) { $0.identifier?.value ?? "" }
    for identifier in byIdentifier.keys.sorted() {
      // The first manifest of each platform and the platforms it serves: a second is a duplicate (ZL0606).
      var seen: Set<[String]> = []
      let manifests = (byIdentifier[identifier] ?? []).filter { m in
        seen.insert([m.platform?.value ?? ""] + m.servedPlatforms).inserted
      }.map(Keys.init)
      guard manifests.count > 1 else { continue }
      for manifest in manifests { check(manifest, among: manifests, identifier: identifier, context) }
    }
  }

  /// Each key of one manifest that the others spell otherwise.
  private static func check(_ mine: Keys, among all: [Keys], identifier: String, _ context: RuleContext) {
    for section in sections + ["custom_configuration_fields"] {
      for (key, spot) in mine.bySection[section] ?? [] {
        // The keys of the section that other manifests have, this one lacks, and that lack this key.
        var candidates: [String] = []
        var listed: Set<String> = []
        for other in all where other.manifest !== mine.manifest && !other.has(key, in: section) {
          for (name, _) in other.bySection[section] ?? []
          where !mine.has(name, in: section) && !isVariant(key, name) && listed.insert(name).inserted {
            candidates.append(name)
          }
        }
        guard var suggestion = nearest(to: key, in: candidates) else { continue }
        let name = suggestion.text
        let holders = all.filter { $0.has(name, in: section) && !$0.has(key, in: section) }
        let mineCount = all.filter { $0.has(key, in: section) }.count
        // The spelling fewer manifests use is the likely misspelling; as many: either is. The
        // did-you-mean is a hint either way: the key is the one the plugin's own code reads.
        guard holders.count >= mineCount else { continue }
        suggestion.isTied = true
        let which = (holders.count == 1 ? "manifest for " : "manifests for ") + summarizedList(holders.map(\.platform))
        context.report(
          rule,
          "field '\(section).\(key)' of the '\(identifier)' manifest \(mine.label) is not in its \(which), which \(holders.count == 1 ? "has" : "have") '\(name)'",
          at: spot,
          notes: holders.prefix(3).compactMap { holder in
            holder.bySection[section]?.first { $0.key == name }.map {
              DiagnosticNote("'\(section).\(name)' in the manifest \(holder.label)", at: $0.spot)
            }
          },
          fixIt: .didYouMean(suggestion, at: spot))
      }
    }
  }

  /// Whether two keys name one field per platform or a numbered series: the same once the words of
  /// platform names (`title_font_ios`, `titleFontAndroid`) are dropped and digits are set aside.
  static func isVariant(_ a: String, _ b: String) -> Bool {
    let (wordsA, wordsB) = (words(a), words(b))
    // `bannerText` and `banner_text` are one field spelled two ways: no platform word sets them apart.
    if wordsA != wordsB, wordsA.filter({ !platformWords.contains($0) }) == wordsB.filter({ !platformWords.contains($0) }) {
      return true
    }
    func digitless(_ s: String) -> String { String(s.lowercased().map { $0.isNumber ? "#" : $0 }) }
    return a.lowercased() != b.lowercased() && digitless(a) == digitless(b)
  }

  /// A key's words, lowercased: split at `_`, `-`, `.`, spaces and where a lowercase letter meets an uppercase one.
  static func words(_ key: String) -> [String] {
    var result: [String] = []
    var current = ""
    var previousLower = false
    for c in key {
      if c == "_" || c == "-" || c == "." || c == " " {
        if !current.isEmpty { result.append(current) }
        current = ""
        previousLower = false
        continue
      }
      if c.isUppercase, previousLower, !current.isEmpty {
        result.append(current)
        current = ""
      }
      current += c.lowercased()
      previousLower = c.isLowercase || c.isNumber
    }
    if !current.isEmpty { result.append(current) }
    return result
  }
}

extension Rule {
  public static let fieldKeyMismatch = FieldKeyMismatchRule.rule
}
