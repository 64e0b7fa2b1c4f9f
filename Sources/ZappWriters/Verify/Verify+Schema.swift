import ZappDiagnostics
import ZappLayout
import ZappReaders

extension BundleVerifier {
  /// The most schema problems reported of one file; past them, one problem counts the rest, so a
  /// bundle broken throughout does not print megabytes.
  package static let schemaProblemLimit = 20

  /// Whether the bundle's schema pass applies to a bundle that says it was written by
  /// `writer`: this release's schema is the contract of what this release writes, so a bundle of
  /// another release (a newer one's keys and words, which its clients read) is not held to it.
  package static func isOwnBundle(writtenBy writer: String) -> Bool { writer == zlcVersion }

  /// What a file of the bundle breaks of the bundle's schema (`BundleSchema.json`): its root
  /// against the definition `definition` (each element of it, when `array`; those at `elements`
  /// alone, when given), each problem at its value (an unknown key at the key), at most
  /// `schemaProblemLimit` of them and then one that counts the rest.
  package static func schemaProblems(
    _ bytes: [UInt8], at path: String, definition: String, array: Bool = false, elements: Set<Int>? = nil
  ) -> [BundleProblem] {
    let read = JSONReader.read(SourceFile(path: path, bytes: bytes), limits: .bundle)
    guard let document = read.document, let root = document.root else {
      // The runtime read the file (the schema pass follows its load), so the reader's refusal is
      // a bundle the schema pass cannot vouch for, not one that passes it.
      let refusal = read.diagnostics.first { $0.severity == .error }
      let reason = refusal.map { ": " + $0.message } ?? ""
      return [
        BundleProblem(
          file: path, line: refusal?.location?.line, column: refusal?.location?.column,
          message: "cannot be checked against the bundle format of zlc \(zlcVersion)\(reason)")
      ]
    }
    let findings = BundleSchemaValidator.bundle.findings(root, definition: definition, array: array, elements: elements)
    var problems = findings.prefix(schemaProblemLimit).map { finding in
      let location = JSONValue(document: document, index: finding.index).spot.location
      return BundleProblem(file: path, line: location.line, column: location.column, message: finding.message)
    }
    if findings.count > schemaProblemLimit {
      problems.append(
        BundleProblem(
          file: path,
          message: "and \(findings.count - schemaProblemLimit) more values that are not of the bundle format of zlc \(zlcVersion)"))
    }
    return problems
  }

  /// The definition of the bundle's schema a screen file of format version `formatVersion` holds to.
  package static func screenDefinition(formatVersion: Int) -> String {
    formatVersion == BundleForm.expanded.formatVersion ? "expanded_screen" : ResolvedScreen.schemaName
  }
}
