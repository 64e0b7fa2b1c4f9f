import Foundation

/// The key tables of docs/bundle.md, made from the field tables: each stands between
/// `<!-- keys: NAME -->` and `<!-- /keys -->`, NAME the type's schema name.
extension BundleSchema {
  /// The document with every key table made again; `missing` names the types it has no table for.
  package static func markdown(updating document: String) -> (text: String, missing: [String]) {
    func table<T: BundleObject>(_: T.Type) -> (String, String) { (T.schemaName, T.markdownTable) }
    let tables = Dictionary(uniqueKeysWithValues: types.map { table($0) })
    var out: [Substring] = []
    var skipping = false
    var seen: Set<String> = []
    for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
      if skipping {
        guard line == "<!-- /keys -->" else { continue }
        skipping = false
      }
      out.append(line)
      if line.hasPrefix("<!-- keys: "), line.hasSuffix(" -->") {
        let name = String(line.dropFirst("<!-- keys: ".count).dropLast(" -->".count))
        guard let table = tables[name] else { continue }
        seen.insert(name)
        out.append(Substring(table))
        skipping = true
      }
    }
    return (out.joined(separator: "\n"), types.map { $0.schemaName }.filter { !seen.contains($0) })
  }
}

extension BundleObject {
  /// `| Key | Type | Meaning |`, a row per field.
  static var markdownTable: String {
    var rows = ["| Key | Type | Meaning |", "|---|---|---|"]
    for field in fields {
      let type = field.presence == .optional ? field.type + ", optional" : field.type
      let meaning = field.meaning.replacingOccurrences(of: "|", with: "\\|")
      rows.append("| `\(field.key)` | \(type.replacingOccurrences(of: "|", with: "\\|")) | \(meaning) |")
    }
    return rows.joined(separator: "\n")
  }
}
