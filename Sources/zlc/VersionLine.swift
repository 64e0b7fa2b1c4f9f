import ZappDiagnostics
import ZappLayoutCompiler

/// What `zlc --version` prints: the version and the commit zlc was built from. `make release`
/// writes the commit to BuildCommit+Generated.swift (scripts/stamp-commit.sh; ignored by git) and
/// builds with ZLC_STAMPED_COMMIT; a plain `swift build` knows no commit and says so.
let versionLine: String = {
  #if ZLC_STAMPED_COMMIT
    return "\(zlcVersion) (commit \(stampedCommit))"
  #else
    return "\(zlcVersion) (commit unknown: not built by make release)"
  #endif
}()
