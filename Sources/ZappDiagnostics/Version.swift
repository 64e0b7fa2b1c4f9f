/// The version of zlc, written to bundles and SARIF. The one place it is set: release tags are
/// `v` followed by it (the release workflow checks), and the Homebrew formula is rendered from it.
public let zlcVersion = "0.1.0"

/// The public repository of zlc (`owner/name` on GitHub): the home page in SARIF, rule help links,
/// the GitHub Action (`uses: zapp-tools/zlc@v1`) and the Homebrew formula. If the repository lives
/// elsewhere, change it here and everywhere `ReleaseFilesTests` lists.
public let zlcRepository = "zapp-tools/zlc"

/// The home page of zlc.
public let zlcHomepage = "https://github.com/\(zlcRepository)"
