import Foundation
import Synchronization

/// How serious a diagnostic is. Errors fail `check` and `build`; warnings only with `--warnings-as-errors`.
public enum Severity: String, Sendable, Codable, Comparable {
  case error, warning, note

  private var rank: Int {
    switch self {
    case .error: return 0
    case .warning: return 1
    case .note: return 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary message attached to a diagnostic, with its own location ("first defined here").
public struct DiagnosticNote: Sendable {
  public var message: String
  public var spot: SourceSpot?

  public init(_ message: String, at spot: SourceSpot? = nil) {
    self.message = message
    self.spot = spot
  }
}

/// One finding: a rule, a severity, a message and where it is.
///
/// The fields live behind one immutable reference: diagnostics are copied when they are collected,
/// sorted, counted and printed, and a copy retains one object, not every string. Setting a field
/// (rare: a severity raised, a note added, a finding re-anchored) replaces the reference.
public struct Diagnostic: Sendable {
  private struct Fields: Sendable {
    var rule: Rule
    var severity: Severity
    var message: String
    var spot: SourceSpot?
    var path: String?
    var notes: [DiagnosticNote]
    var fixIt: FixIt?
    var omittedCount = 0
  }

  /// The fields, never changed after they are boxed: checked `Sendable`, shared between copies.
  private final class Storage: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  /// The fields, read from the shared box or replaced by a new box with the change applied.
  private var fields: Fields {
    get { storage.fields }
    set { storage = Storage(newValue) }
  }

  public var rule: Rule {
    get { storage.fields.rule }
    set { fields.rule = newValue }
  }
  public var severity: Severity {
    get { storage.fields.severity }
    set { fields.severity = newValue }
  }
  public var message: String {
    get { storage.fields.message }
    set { fields.message = newValue }
  }
  public var spot: SourceSpot? {
    get { storage.fields.spot }
    set { fields.spot = newValue }
  }
  /// A file without a position inside it (for I/O failures and project-level findings).
  public var path: String? {
    get { storage.fields.path }
    set { fields.path = newValue }
  }
  public var notes: [DiagnosticNote] {
    get { storage.fields.notes }
    set { fields.notes = newValue }
  }
  /// A structured fix ("did you mean 'X'?"), rendered by the printers, never in the message.
  public var fixIt: FixIt? {
    get { storage.fields.fixIt }
    set { fields.fixIt = newValue }
  }
  /// For the summary of findings past `diagnosticsPerFileAndCode`, how many findings of its code in
  /// its file it stands for (itself and those after it); 0 for any other finding.
  public internal(set) var omittedCount: Int {
    get { storage.fields.omittedCount }
    set { fields.omittedCount = newValue }
  }

  public init(
    _ rule: Rule, _ message: String, at spot: SourceSpot?, severity: Severity? = nil,
    notes: [DiagnosticNote] = [], fixIt: FixIt? = nil, path: String? = nil
  ) {
    storage = Storage(
      Fields(
        rule: rule, severity: severity ?? rule.severity, message: message, spot: spot,
        path: path.flatMap { $0.isEmpty ? nil : $0 } ?? spot?.file.path,
        notes: notes, fixIt: fixIt))
  }

  public var code: String { rule.code }
  public var location: SourceLocation? { spot?.location }
  public var pointer: String? { spot?.pointer }
}

extension Sequence where Element == Diagnostic {
  /// How many findings have `severity`, counted without copying them into a new array: a summary
  /// counts as the findings it stands for.
  public func count(of severity: Severity) -> Int {
    var n = 0
    for d in self where d.severity == severity { n += d.findingCount }
    return n
  }
}

/// Collects diagnostics from every phase; never stops at the first. At most
/// `diagnosticsPerFileAndCode` findings of one code in one file are kept (`DiagnosticList`).
public final class DiagnosticBag: Sendable {
  private let items: Mutex<DiagnosticList>

  public init(cap: Int = diagnosticsPerFileAndCode) { items = Mutex(DiagnosticList(cap: cap)) }

  public func add(_ diagnostic: Diagnostic) { items.withLock { $0.append(diagnostic) } }

  public func add(contentsOf diagnostics: [Diagnostic]) {
    items.withLock { list in
      for diagnostic in diagnostics { list.append(diagnostic) }
    }
  }

  public func report(
    _ rule: Rule, _ message: String, at spot: SourceSpot?, notes: [DiagnosticNote] = [],
    fixIt: FixIt? = nil, severity: Severity? = nil
  ) {
    add(Diagnostic(rule, message, at: spot, severity: severity, notes: notes, fixIt: fixIt))
  }

  /// The kept findings in the order they were added, and a summary per capped file and code.
  public var all: [Diagnostic] { items.withLock { $0.all } }

  /// How many errors were found, those past the cap included.
  public var errorCount: Int { items.withLock { $0.count(of: .error) } }
  public var hasErrors: Bool { errorCount > 0 }
}

extension Array where Element == Diagnostic {
  /// Diagnostics in a stable order: by file, position, code and message, independent of the order
  /// in which files were read or rules ran.
  public func sortedForOutput(fileOrder: [String: Int] = [:]) -> [Diagnostic] {
    // Each diagnostic's file rank and offset are looked up once, and indices are sorted rather
    // than the (large) diagnostics themselves: tens of thousands of findings sort in milliseconds.
    // Paths are compared only between files the order does not rank.
    let keys = map { d in (rank: fileOrder[d.path ?? ""] ?? Int.max, offset: d.spot?.offset ?? -1) }
    let order = indices.sorted { a, b in
      let lhs = keys[a]
      let rhs = keys[b]
      if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
      if lhs.rank == Int.max {
        let lf = self[a].path ?? ""
        let rf = self[b].path ?? ""
        if lf != rf { return lf < rf }
      }
      if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
      if self[a].code != self[b].code { return self[a].code < self[b].code }
      return self[a].message < self[b].message
    }
    return order.map { self[$0] }
  }
}
