import ZappDiagnostics
import ZappRules
import ZappWriters

extension Driver {
  /// A warning (ZL0126) at each path beside `folder` that zlc keeps (`OutputFolder.keptLeftovers`),
  /// made errors when `warningsAsErrors`: a build reports them, as its other findings, before it
  /// writes, so that with `--warnings-as-errors` it writes nothing.
  package static func keptLeftoverWarnings(_ folder: OutputFolder, warningsAsErrors: Bool = false) -> [Diagnostic] {
    let found = folder.keptLeftovers().map { kept in
      let output = folder.shown
      let message: LeftoverKeptRule.Message
      switch kept.reason {
      case .notAFolder(let what): message = .notAFolder(kept.path, output: output, what: what)
      case .noMarker: message = .noMarker(kept.path, output: output)
      case .markerListsNothing: message = .markerListsNothing(kept.path, output: output)
      case .markerOfAnotherFolder: message = .markerOfAnotherFolder(kept.path, output: output)
      case .markerWithoutBirthTime: message = .markerWithoutBirthTime(kept.path, output: output)
      case .unlisted(let examples): message = .unlisted(kept.path, output: output, examples: examples)
      }
      return message.diagnostic(at: nil, path: kept.path)
    }
    return promoted(found, warningsAsErrors: warningsAsErrors)
  }
}
