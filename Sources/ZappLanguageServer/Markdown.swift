/// Text of the project (device, family, cell style and component names, data sources) as hover
/// Markdown shows it: literally, whatever characters it holds.
enum Markdown {
  /// `text` as plain Markdown text, also in a table cell: each character that could start markup
  /// is escaped with a backslash (so `|` ends no cell, `[x](y)` is no link, `<b>` no HTML, `*`
  /// and `~` no emphasis, `&amp;` no entity), and a line break is a space. An `_` inside a word
  /// (`FAMILY_1`) starts no emphasis and is left as it is.
  static func text(_ text: String) -> String {
    let characters = Array(text)
    var escaped = ""
    for (i, character) in characters.enumerated() {
      if character == "\n" || character == "\r" || character == "\r\n" {
        escaped.append(" ")
        continue
      }
      let intraword = { i > 0 && i + 1 < characters.count && characters[i - 1].isLetterOrDigit && characters[i + 1].isLetterOrDigit }
      // At the start, what would open a block: a heading (`#`), a list item (`-`, `+`, `1.`, `1)`).
      let opensBlock = { i == 0 && "#-+".contains(character) || ".)".contains(character) && characters[..<i].allSatisfy(\.isASCIIDigit) }
      if "\\`*[]<>|&~".contains(character) || (character == "_" && !intraword()) || opensBlock() { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// `text` as a code span: fenced by one backtick more than its longest run of backticks, with a
  /// space inside each fence when it starts or ends with a backtick (which the fence would
  /// otherwise take in); a line break is a space. Not for a table cell, where `|` ends the cell.
  static func code(_ text: String) -> String {
    let flat = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    var longest = 0
    var run = 0
    for character in flat {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padding = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
    return fence + padding + flat + padding + fence
  }
}

extension Character {
  fileprivate var isLetterOrDigit: Bool { isLetter || isNumber }
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
