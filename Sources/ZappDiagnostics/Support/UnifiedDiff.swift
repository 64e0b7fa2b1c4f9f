/// A unified diff of two texts, line by line, as `diff -u` writes it: Myers' shortest edit script,
/// hunks with three lines of context, `\ No newline at end of file` where a side lacks the final
/// newline. Fast when the texts differ in few lines, whatever their size.
public enum UnifiedDiff {
  /// Lines of context around each change.
  public static let context = 3

  /// The diff of `old` and `new` with `--- a/PATH` and `+++ b/PATH` headings (`fileName`); empty when equal.
  public static func text(old: String, new: String, path: String) -> String {
    guard old != new else { return "" }
    let a = lines(old)
    let b = lines(new)
    // A last line without its newline differs from the same line with one, as diff has it.
    let script = deletionsFirst(
      editScript(a.map { Line(text: $0.text, newline: $0.newline) }, b.map { Line(text: $0.text, newline: $0.newline) }))
    var out = "--- \(fileName("a/" + path))\n+++ \(fileName("b/" + path))\n"
    // Lines of each side before each step of the script: where a hunk starts.
    var oldBefore = [0]
    var newBefore = [0]
    for step in script {
      oldBefore.append(oldBefore[oldBefore.count - 1] + (step.old == nil ? 0 : 1))
      newBefore.append(newBefore[newBefore.count - 1] + (step.new == nil ? 0 : 1))
    }
    for hunk in hunks(script) {
      let oldCount = oldBefore[hunk.upperBound] - oldBefore[hunk.lowerBound]
      let newCount = newBefore[hunk.upperBound] - newBefore[hunk.lowerBound]
      out += "@@ -\(range(oldBefore[hunk.lowerBound], oldCount)) +\(range(newBefore[hunk.lowerBound], newCount)) @@\n"
      for step in script[hunk] {
        switch (step.old, step.new) {
        case (let i?, _?): out += line(" ", a[i])
        case (let i?, nil): out += line("-", a[i])
        case (nil, let j?): out += line("+", b[j])
        case (nil, nil): break
        }
      }
    }
    return out
  }

  /// A heading's file name as `patch` reads it: a name with a space ends with a tab, as `diff`
  /// writes it; one with a quote, a backslash or a control character is quoted as git quotes it.
  package static func fileName(_ name: String) -> String {
    let needsQuotes = name.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    guard needsQuotes else { return name.contains(" ") ? name + "\t" : name }
    var out = "\""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let octal = String(scalar.value, radix: 8)
          out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  package static func line(_ mark: String, _ line: (text: Substring, newline: Bool)) -> String {
    mark + line.text + "\n" + (line.newline ? "" : "\\ No newline at end of file\n")
  }

  /// `start,count` as a hunk heading writes it (1-based; an empty side names the line before).
  package static func range(_ start: Int, _ count: Int) -> String {
    count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
  }

  /// The text's lines, each with whether a newline ends it; a line of a CRLF file keeps its CR
  /// (found by bytes: `\r\n` is one `Character`, which a search for `\n` would never meet).
  package static func lines(_ text: String) -> [(text: Substring, newline: Bool)] {
    var result: [(Substring, Bool)] = []
    var rest = text[...]
    while let end = rest.utf8.firstIndex(of: 0x0A) {
      result.append((rest[..<end], true))
      rest = rest[rest.utf8.index(after: end)...]
    }
    if !rest.isEmpty { result.append((rest, false)) }
    return result
  }

  /// One step of the edit script: a line kept (both indices), removed (old only) or added (new only).
  package struct Step {
    package var old: Int?
    package var new: Int?
  }

  /// Myers' O((N + M)·D) shortest edit script.
  package static func editScript(_ a: [Line], _ b: [Line]) -> [Step] {
    let n = a.count
    let m = b.count
    let offset = n + m + 1
    var frontier = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    search: for d in 0...(n + m) {
      trace.append(frontier)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]))
          ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n, y >= m { break search }
      }
    }
    // Walk back through the saved frontiers.
    var steps: [Step] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : v[offset + previousK]
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        x -= 1
        y -= 1
        steps.append(Step(old: x, new: y))
      }
      if d > 0 {
        if x == previousX {
          y -= 1
          steps.append(Step(old: nil, new: y))
        } else {
          x -= 1
          steps.append(Step(old: x, new: nil))
        }
      }
    }
    return steps.reversed()
  }

  /// A line as the script compares it.
  package struct Line: Equatable {
    package var text: Substring
    package var newline: Bool
  }

  /// Each run of changes with its removed lines before its added ones, as diff writes them.
  package static func deletionsFirst(_ script: [Step]) -> [Step] {
    var result: [Step] = []
    var removed: [Step] = []
    var added: [Step] = []
    for step in script {
      if step.old != nil, step.new != nil {
        result += removed + added
        removed = []
        added = []
        result.append(step)
      } else if step.old != nil {
        removed.append(step)
      } else {
        added.append(step)
      }
    }
    return result + removed + added
  }

  /// The script cut into hunks (ranges of its steps): each change with `context` kept lines
  /// around it, neighbours merged.
  package static func hunks(_ script: [Step]) -> [Range<Int>] {
    let changed = script.indices.filter { script[$0].old == nil || script[$0].new == nil }
    guard let first = changed.first else { return [] }
    var hunks: [Range<Int>] = []
    var lower = max(0, first - context)
    var upper = min(script.count, first + context + 1)
    for index in changed.dropFirst() {
      if index - context <= upper {
        upper = min(script.count, index + context + 1)
      } else {
        hunks.append(lower..<upper)
        lower = max(0, index - context)
        upper = min(script.count, index + context + 1)
      }
    }
    hunks.append(lower..<upper)
    return hunks
  }
}
