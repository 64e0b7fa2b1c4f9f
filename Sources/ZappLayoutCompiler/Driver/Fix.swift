import Foundation
import ZappDiagnostics
import ZappModel
import ZappRules

/// `zlc check --fix`: the unambiguous fix-its of a check applied to the project's files.
///
/// A fix-it is applied when it has a range in a file of the project (not a built-in family) and no
/// other fix-it of the same file touches an overlapping range with another replacement. Each file
/// is rewritten whole and atomically. The project is checked again after each round, since a fix
/// can reveal a finding the first one hid, until no fix applies (at most `maxRounds`). A check
/// keeps 100 findings of one code per file, so a file of 1,500 of one typo is fixed in 15 rounds.
public enum FixApplier {
  /// How many check-and-fix rounds run at most: each changes a file, so this only bounds a fix
  /// that undoes another.
  public static let maxRounds = 1_000

  /// One file's fixes.
  public struct FileFix: Sendable {
    /// The file's path as the check read it.
    public var path: String
    /// The fixes applied, in file order, as the printers show them.
    public var summaries: [String]
    /// The file's bytes before and after.
    public var before: [UInt8]
    public var after: [UInt8]
    /// The edits that make `after` of `before`, in file order.
    var edits: [Edit] = []
  }

  /// The edits of one round: per file, the fixes that apply and the new text.
  ///
  /// A did-you-mean names the closest of the names a project defines (its families' cell styles,
  /// its manifests' fields), so while a file that defines names has an error (a `<Cell
  /// nme="GRID_2">`, a manifest field's `kye`), the names it defines are not all known, and a
  /// fix-it elsewhere could rename a correct reference to another name: only fix-its in files that
  /// define names apply then, and the others wait for a round after them (`waiting`). Likewise,
  /// while a screens file does not give every screen's id (it cannot be read, or a screen object
  /// of it has no id: an `idd` for its `id`), the fix-its that rename a reference to a screen's id
  /// wait. A file reached by two paths (a link inside the project) is edited once, and only where
  /// the check of each path asks for the same edit: a file read as two kinds of input (a manifest
  /// that is a link to `zlc.json`) is not fixed for one reading at the cost of the other
  /// (`unsharedFixes`).
  public static func edits(for diagnostics: [Diagnostic], of project: Project) -> [FileFix] {
    let gathered = gather(diagnostics, of: project)
    return gathered.byFile.keys.sorted().compactMap { key in
      guard let (file, edits) = gathered.byFile[key] else { return nil }
      let path = file.path
      var chosen = unambiguous(edits)
      if let names = gathered.names[key] { chosen = chosen.filter { gathered.askers[key]?[$0.identity] == names } }
      guard !chosen.isEmpty else { return nil }
      return FileFix(
        path: path, summaries: chosen.map(\.summary), before: file.bytes, after: applied(chosen, to: file.bytes), edits: chosen)
    }
  }

  /// One ZL0100 error for each file read by several paths whose check under one path asks for an
  /// edit that the check under another does not, with how many: `edits(for:of:)` leaves such
  /// edits out, and keeps those every check asks for.
  public static func unsharedFixes(for diagnostics: [Diagnostic], of project: Project) -> [Diagnostic] {
    let gathered = gather(diagnostics, of: project)
    return gathered.askers.keys.sorted().compactMap { key in
      guard let names = gathered.names[key], let askers = gathered.askers[key] else { return nil }
      let unshared = askers.values.filter { $0 != names }
      guard let asking = unshared.flatMap({ $0 }).min() else { return nil }
      let others = names.subtracting([asking]).sorted().map { "'\($0)'" }.joined(separator: ", ")
      return IOErrorRule.Message.fixNotShared(unshared.count, others: others).diagnostic(at: nil, path: asking)
    }
  }

  /// The fix-its that apply now, by file (its path relative to the project, links resolved); the
  /// paths of each file the project reads by several paths; and, for those files, the paths
  /// whose check asks for each edit.
  private static func gather(_ diagnostics: [Diagnostic], of project: Project) -> (
    byFile: [String: (file: SourceFile, edits: [Edit])], names: [String: Set<String>], askers: [String: [String: Set<String>]]
  ) {
    let holds = Holds(diagnostics, of: project)
    let root = holds.root
    var names: [String: Set<String>] = [:]
    // Each file's path is resolved (a system call each) only when a fix-it may apply.
    let mayFix = diagnostics.contains { $0.fixIt?.range != nil }
    for file in project.files where mayFix {
      if let relative = relative(file.path, in: root) { names[root + "/" + relative, default: []].insert(file.path) }
    }
    names = names.filter { $0.value.count > 1 }
    var byFile: [String: (file: SourceFile, edits: [Edit])] = [:]
    var askers: [String: [String: Set<String>]] = [:]
    for diagnostic in diagnostics {
      guard let fix = diagnostic.fixIt, let range = fix.range else { continue }
      let file = range.spot.file
      guard let relative = relative(file.path, in: root), holds.files(holding: diagnostic).isEmpty else { continue }
      // A file read with its indentation folded out (a check that does not fix) holds offsets into
      // bytes that are not the file as written: its fixes are not applied from there.
      guard file.foldedIndents == nil else { continue }
      let edit = Edit(offset: range.spot.offset, length: range.length, replacement: fix.replacement, summary: fix.summary)
      let key = root + "/" + relative
      byFile[key, default: (file, [])].edits.append(edit)
      if names[key] != nil { askers[key, default: [:]][edit.identity, default: []].insert(file.path) }
    }
    return (byFile, names, askers)
  }

  /// `bytes` with `edits` (sorted, not overlapping) made.
  static func applied(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
    var after: [UInt8] = []
    after.reserveCapacity(bytes.count)
    var cursor = 0
    for edit in edits {
      after += bytes[cursor..<edit.offset]
      after += Array(edit.replacement.utf8)
      cursor = edit.offset + edit.length
    }
    after += bytes[cursor...]
    return after
  }

  /// The fix with only the edits that keep the file reading as well as before, taken in file
  /// order (one that would break it, such as a key renamed into one its object holds, is left
  /// out, and the others are made); nil when none is left. Two edits that read alone but not
  /// together (two keys renamed into one name) are both left out: either may be the one meant.
  static func readable(_ fix: FileFix) -> FileFix? {
    func reads(_ edits: [Edit]) -> Bool {
      let candidate = FileFix(
        path: fix.path, summaries: edits.map(\.summary), before: fix.before, after: applied(edits, to: fix.before), edits: edits)
      return refusal(of: candidate) == nil
    }
    var kept: [Edit] = []
    var contested: [Edit] = []
    for edit in fix.edits {
      guard reads(kept + [edit]) else {
        // One kept edit it cannot go with: neither is made.
        if reads([edit]),
          let rival = kept.indices.first(where: { i in reads(kept.enumerated().filter { $0.offset != i }.map(\.element) + [edit]) })
        {
          contested += [kept.remove(at: rival), edit]
        }
        continue
      }
      // A third rename into a contested name waits with the others.
      if contested.contains(where: { !reads([$0, edit]) }) {
        contested.append(edit)
        continue
      }
      kept.append(edit)
    }
    guard !kept.isEmpty else { return nil }
    return FileFix(path: fix.path, summaries: kept.map(\.summary), before: fix.before, after: applied(kept, to: fix.before), edits: kept)
  }

  /// The files that define names and have errors, relative to the project, when fix-its in other
  /// files wait for them; empty when none waits.
  public static func waiting(for diagnostics: [Diagnostic], of project: Project) -> [String] {
    let holds = Holds(diagnostics, of: project)
    var waitedFor = Set<String>()
    for d in diagnostics { waitedFor.formUnion(holds.files(holding: d)) }
    return waitedFor.sorted()
  }

  /// `path` relative to the project folder `root` (physical: links and `..` resolved as the system
  /// opens them), or nil when it lies outside.
  static func relative(_ path: String, in root: String) -> String? {
    guard let absolute = WorkingFolder.physicalPath(path) else { return nil }
    return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
  }

  /// Whether a file of the project (its path relative to the project) defines names other files
  /// refer to: a family, a component's manifest, a registry, the settings or the mappings (not a
  /// screen, whose ids only screen references name: `Holds`).
  static func definesNames(_ relative: String) -> Bool {
    let lower = relative.lowercased()
    return !(lower.hasPrefix("screens/") || lower == "rivers.json")
  }

  /// What tells a fix-it from another of another check of the same files: its file, range and
  /// replacement; nil for a hint (no range).
  public static func identity(of fix: FixIt) -> String? {
    guard let range = fix.range else { return nil }
    return "\(range.spot.file.path)\u{0}\(range.spot.offset)\u{0}\(range.length)\u{0}\(fix.replacement)"
  }

  /// One replacement in a file.
  struct Edit: Equatable {
    var offset: Int
    var length: Int
    var replacement: String
    var summary: String

    /// What tells it from another edit of the same file: its range and replacement.
    var identity: String { "\(offset)\u{0}\(length)\u{0}\(replacement)" }
  }

  /// The fix-its of `diagnostics` in `file` that `--fix` leaves out of a round (`unambiguous`,
  /// `readable`: the file would not read back with them), by `identity(of:)`: the language server
  /// offers them as not preferred. `diagnostics` are those whose fix-its apply now (not held).
  public static func fixItsLeftOut(_ diagnostics: [Diagnostic], in file: SourceFile) -> Set<String> {
    var fixIDs: [String: String] = [:]  // an edit's identity: its fix-it's
    var edits: [Edit] = []
    for d in diagnostics {
      guard let fix = d.fixIt, let range = fix.range, range.spot.file.path == file.path, let id = identity(of: fix) else { continue }
      let edit = Edit(offset: range.spot.offset, length: range.length, replacement: fix.replacement, summary: fix.summary)
      fixIDs[edit.identity] = id
      edits.append(edit)
    }
    let made = unambiguous(edits)
    guard !made.isEmpty else { return Set(fixIDs.values) }
    let whole = FileFix(
      path: file.path, summaries: made.map(\.summary), before: file.bytes, after: applied(made, to: file.bytes), edits: made)
    let kept = Set((readable(whole)?.edits ?? []).map(\.identity))
    return Set(fixIDs.filter { !kept.contains($0.key) }.values)
  }

  /// The edits sorted by offset, without repeats, leaving out every edit that overlaps another.
  static func unambiguous(_ edits: [Edit]) -> [Edit] {
    var sorted: [Edit] = []
    for edit in edits.sorted(by: { ($0.offset, $0.length) < ($1.offset, $1.length) }) {
      if let last = sorted.last, last.offset == edit.offset, last.length == edit.length, last.replacement == edit.replacement {
        continue
      }
      sorted.append(edit)
    }
    var overlapping = Set<Int>()
    for i in sorted.indices.dropLast() where sorted[i + 1].offset < sorted[i].offset + max(sorted[i].length, 1) {
      overlapping.insert(i)
      overlapping.insert(i + 1)
    }
    return sorted.indices.filter { !overlapping.contains($0) }.map { sorted[$0] }
  }
}

extension Driver {
  /// What `--fix` did: the files changed in every round, and the check after the last one.
  public struct FixOutcome {
    public var fixed: [FixApplier.FileFix]
    public var check: CheckOutcome
    /// The files that define names whose errors hold back the fix-its of other files
    /// (`FixApplier.waiting`), relative to the project.
    public var waitingFor: [String] = []
    /// The ZL0100 errors of the fix-its not applied (a file not written, fixes that would not
    /// read back, fixes only one reading of a file asks for); `check` holds them too.
    public var unapplied: [Diagnostic] = []
  }

  /// Checks the project, applies the unambiguous fix-its, and checks again, until no fix applies.
  /// With `dryRun`, nothing is written: `fixed` holds the first round's edits (at most 100 of one
  /// code per file, as the check keeps them). A file that cannot be written stops the rounds: the
  /// check after the files that were written holds its ZL0100 error, and the status is 74. A file
  /// some of whose fixes would make it unreadable (`FixApplier.refusal(of:)`) gets the others
  /// (`FixApplier.readable`); when none is left, it is left as it is for the rest of the run, with
  /// a ZL0100 error, and the status is at least 1. A file read by several paths gets the edits
  /// the check of every path asks for; the others are left out, with a ZL0100 error, and the
  /// status is at least 1.
  public static func fix(_ directory: String, dryRun: Bool, warningsAsErrors: Bool = false, platform: String? = nil)
    -> FixOutcome
  {
    var outcome = checkToFix(directory, warningsAsErrors: warningsAsErrors, platform: platform)
    var fixed: [FixApplier.FileFix] = []
    var refused: [String: Diagnostic] = [:]
    var unapplied: [Diagnostic] = []
    for _ in 0..<FixApplier.maxRounds {
      // The edits every reading of a file asks for are made; the others are left out by `edits`
      // and reported after the last round (`unsharedFixes`), without holding back the file.
      var edits = FixApplier.edits(for: outcome.diagnostics, of: outcome.project).filter {
        $0.before != $0.after && refused[$0.path] == nil
      }
      // A file whose fixes would not read back keeps those that do; with none, it is refused.
      for i in edits.indices {
        guard let refusal = FixApplier.refusal(of: edits[i]) else { continue }
        if let readable = FixApplier.readable(edits[i]) { edits[i] = readable } else { refused[edits[i].path] = refusal }
      }
      edits.removeAll { refused[$0.path] != nil }
      guard !edits.isEmpty else { break }
      if dryRun {
        fixed += edits
        break
      }
      let failures = FixApplier.write(edits)
      let failed = Set(failures.compactMap(\.path))
      fixed += edits.filter { !failed.contains($0.path) }
      outcome = checkToFix(directory, warningsAsErrors: warningsAsErrors, platform: platform)
      if !failures.isEmpty {
        unapplied = failures
        outcome.diagnostics = failures + outcome.diagnostics
        outcome.status = .ioFailure
        break
      }
    }
    // The edits of a file read by several paths that not every reading asks for, still asked for.
    let unshared = FixApplier.unsharedFixes(for: outcome.diagnostics, of: outcome.project)
    if !refused.isEmpty || !unshared.isEmpty {
      let errors = (refused.values + unshared).sorted { ($0.path ?? "", $0.message) < ($1.path ?? "", $1.message) }
      unapplied = errors + unapplied
      outcome.diagnostics = errors + outcome.diagnostics
      if outcome.status == .success { outcome.status = .inputErrors }
    }
    return FixOutcome(
      fixed: fixed, check: outcome, waitingFor: FixApplier.waiting(for: outcome.diagnostics, of: outcome.project), unapplied: unapplied)
  }

  /// `zlc check --platform`: the check, each fix-it `--fix` would not apply there given as the
  /// hint it is (`checkToFix`), so that no output (a SARIF autofix) offers a fix `--fix` leaves.
  /// It checks twice (the platform, then every platform), with the files as written: the fixes
  /// of the two are told apart by their offsets.
  public static func checkOffering(_ directory: String, warningsAsErrors: Bool, platform: String) -> CheckOutcome {
    checkToFix(directory, warningsAsErrors: warningsAsErrors, platform: platform)
  }

  /// The check a fix round starts from. With `platform` (`--platform`), a fix-it the check of
  /// every platform of the project does not make too is a hint: it is only a hint there (another
  /// platform's manifest declares the name it would replace), and narrowing the check to one
  /// platform does not make it safe to apply.
  static func checkToFix(_ directory: String, warningsAsErrors: Bool, platform: String?) -> CheckOutcome {
    var outcome = check(directory, warningsAsErrors: warningsAsErrors, platform: platform)
    guard platform != nil else { return outcome }
    let everyPlatform = check(directory, warningsAsErrors: warningsAsErrors)
    let applicable = Set(everyPlatform.diagnostics.compactMap { $0.fixIt.flatMap { FixApplier.identity(of: $0) } })
    for i in outcome.diagnostics.indices {
      guard let fix = outcome.diagnostics[i].fixIt, let identity = FixApplier.identity(of: fix), !applicable.contains(identity) else {
        continue
      }
      outcome.diagnostics[i].fixIt?.range = nil
    }
    return outcome
  }
}
