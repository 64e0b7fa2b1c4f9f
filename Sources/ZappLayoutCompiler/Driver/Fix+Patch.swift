import Foundation
import ZappDiagnostics
import ZappModel

extension FixApplier {
  /// The fixes as a unified diff (`--fix --dry-run`) whose paths are the project folder's name and
  /// the file's path in it (`manifests/screens/home.json`), however the project was named (`.`,
  /// an absolute path): `patch -p1` applies it beside the project. The folder's name is the one
  /// given (a link's name, not its target's), unless it was given as `.` or `..`. The lines carry
  /// the file's bytes as they are (an invalid UTF-8 byte too), so the diff is bytes.
  public static func patch(_ fixes: [FileFix], project directory: String) -> [UInt8] {
    let root = WorkingFolder.physicalPath(directory) ?? directory
    let given = directory.split(separator: "/").filter { $0 != "." }.last.map(String.init)
    let name = given.flatMap { $0 == ".." ? nil : $0 } ?? (root as NSString).lastPathComponent
    var out: [UInt8] = []
    for fix in fixes {
      let shown: String
      if let inside = relative(fix.path, in: root) {
        shown = name.isEmpty ? inside : name + "/" + inside
      } else {
        shown = fix.path.hasPrefix("/") ? String(fix.path.dropFirst()) : fix.path
      }
      // A fix made without its edits (whole new bytes) is diffed line by line.
      out +=
        fix.edits.isEmpty
        ? Array(
          UnifiedDiff.text(old: String(decoding: fix.before, as: UTF8.self), new: String(decoding: fix.after, as: UTF8.self), path: shown)
            .utf8)
        : patch(of: fix.before, edits: fix.edits, path: shown)
    }
    return out
  }

  /// The unified diff of `before` and `before` with `edits` (sorted, not overlapping) made, as
  /// `diff -u` writes it (three lines of context, `\ No newline at end of file`), built from the
  /// edits' ranges: its memory is the file's line count and the hunks, however many the edits.
  /// Each run of changed lines is its old lines removed, then its new ones added. Empty when the
  /// edits change nothing.
  static func patch(of before: [UInt8], edits: [Edit], path: String) -> [UInt8] {
    let lines = LineTable(before)
    let regions = changedRegions(before, edits: edits, lines: lines)
    guard !regions.isEmpty else { return [] }
    var out = Array("--- \(UnifiedDiff.fileName("a/" + path))\n+++ \(UnifiedDiff.fileName("b/" + path))\n".utf8)
    let context = UnifiedDiff.context
    var delta = 0  // new lines less old lines of the regions before the hunk
    var first = 0
    while first < regions.count {
      var last = first
      while last + 1 < regions.count, regions[last + 1].old.lowerBound - regions[last].old.upperBound <= 2 * context { last += 1 }
      let from = max(0, regions[first].old.lowerBound - context)
      let to = min(lines.count, regions[last].old.upperBound + context)
      var body: [UInt8] = []
      var added = 0
      var cursor = from
      for region in regions[first...last] {
        for k in cursor..<region.old.lowerBound { lines.append(k, of: before, mark: UInt8(ascii: " "), to: &body) }
        for k in region.old { lines.append(k, of: before, mark: UInt8(ascii: "-"), to: &body) }
        let new = LineTable(region.new)
        for k in 0..<new.count { new.append(k, of: region.new, mark: UInt8(ascii: "+"), to: &body) }
        added += new.count - region.old.count
        cursor = region.old.upperBound
      }
      for k in cursor..<to { lines.append(k, of: before, mark: UInt8(ascii: " "), to: &body) }
      let oldCount = to - from
      out += Array("@@ -\(UnifiedDiff.range(from, oldCount)) +\(UnifiedDiff.range(from + delta, oldCount + added)) @@\n".utf8)
      out += body
      delta += added
      first = last + 1
    }
    return out
  }

  /// A run of whole lines of the old file (`old`, line indices) that the edits change, and its
  /// bytes after them (`new`).
  struct ChangedRegion {
    var old: Range<Int>
    var new: [UInt8]
  }

  /// The runs of lines the edits change, in order, none touching another, each ending where a line
  /// ends on both sides (an edit that removes a newline takes the line after it in).
  static func changedRegions(_ before: [UInt8], edits: [Edit], lines: LineTable) -> [ChangedRegion] {
    // The lines of each edit, merged where they share a line or follow one another (a run of
    // changed lines is written as its old lines, then its new ones).
    var spans: [(old: Range<Int>, edits: Range<Int>)] = []
    for (i, edit) in edits.enumerated() {
      let s = lines.line(at: edit.offset)
      let e = edit.length == 0 ? min(s + 1, lines.count) : lines.line(at: edit.offset + edit.length - 1) + 1
      if let last = spans.last, s <= last.old.upperBound {
        spans[spans.count - 1] = (last.old.lowerBound..<max(e, last.old.upperBound), last.edits.lowerBound..<i + 1)
      } else {
        spans.append((s..<e, i..<i + 1))
      }
    }
    var regions: [ChangedRegion] = []
    var index = 0
    while index < spans.count {
      var span = spans[index]
      index += 1
      while true {
        // Lines after the region that the edits of the next span share are the region's too.
        while index < spans.count, spans[index].old.lowerBound <= span.old.upperBound {
          span = (
            span.old.lowerBound..<max(span.old.upperBound, spans[index].old.upperBound),
            span.edits.lowerBound..<spans[index].edits.upperBound
          )
          index += 1
        }
        let start = lines.start(of: span.old.lowerBound)
        var new: [UInt8] = []
        var cursor = start
        for edit in edits[span.edits] {
          new += before[cursor..<edit.offset]
          new += Array(edit.replacement.utf8)
          cursor = edit.offset + edit.length
        }
        new += before[cursor..<lines.start(of: span.old.upperBound)]
        // New bytes that end inside a line run on into the next old line: it is changed too.
        if let end = new.last, end != 0x0A, span.old.upperBound < lines.count {
          span.old = span.old.lowerBound..<span.old.upperBound + 1
          continue
        }
        if let region = trimmed(ChangedRegion(old: span.old, new: new), of: before, lines: lines) { regions.append(region) }
        break
      }
    }
    return regions
  }

  /// The region without the lines it leaves as they were at its start and end (an insertion
  /// before a line changes no line), as `diff` keeps them; nil when it changes none.
  static func trimmed(_ region: ChangedRegion, of before: [UInt8], lines: LineTable) -> ChangedRegion? {
    let new = LineTable(region.new)
    var old = region.old
    var kept = 0..<new.count
    func same(_ k: Int, _ j: Int) -> Bool {
      before[lines.start(of: k)..<lines.start(of: k + 1)] == region.new[new.start(of: j)..<new.start(of: j + 1)]
    }
    while !old.isEmpty, !kept.isEmpty, same(old.lowerBound, kept.lowerBound) {
      old = old.dropFirst()
      kept = kept.dropFirst()
    }
    while !old.isEmpty, !kept.isEmpty, same(old.upperBound - 1, kept.upperBound - 1) {
      old = old.dropLast()
      kept = kept.dropLast()
    }
    guard !old.isEmpty || !kept.isEmpty else { return nil }
    return ChangedRegion(old: old, new: Array(region.new[new.start(of: kept.lowerBound)..<new.start(of: kept.upperBound)]))
  }

  /// Where the lines of a text start: a line ends after its newline, and the last one may lack it.
  struct LineTable {
    private let starts: [Int]
    private let byteCount: Int
    /// Whether the text's last line lacks its newline.
    private let openEnded: Bool

    init(_ bytes: [UInt8]) {
      var starts: [Int] = bytes.isEmpty ? [] : [0]
      for i in bytes.indices where bytes[i] == 0x0A && i + 1 < bytes.count { starts.append(i + 1) }
      self.starts = starts
      byteCount = bytes.count
      openEnded = bytes.last.map { $0 != 0x0A } ?? false
    }

    /// How many lines the text has.
    var count: Int { starts.count }

    /// The offset line `k` starts at; the text's length for the line after the last.
    func start(of k: Int) -> Int { k < starts.count ? starts[k] : byteCount }

    /// The line the byte at `offset` is in; the line after the last for the end of a text whose
    /// last line has its newline (or an empty text).
    func line(at offset: Int) -> Int {
      if offset >= byteCount { return openEnded ? starts.count - 1 : starts.count }
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= offset { low = middle } else { high = middle - 1 }
      }
      return low
    }

    /// Line `k` of `bytes` (the text of this table) after `mark`, as a diff writes it.
    func append(_ k: Int, of bytes: [UInt8], mark: UInt8, to out: inout [UInt8]) {
      let end = start(of: k + 1)
      out.append(mark)
      out += bytes[start(of: k)..<end]
      if end == 0 || bytes[end - 1] != 0x0A { out += Array("\n\\ No newline at end of file\n".utf8) }
    }
  }
}
