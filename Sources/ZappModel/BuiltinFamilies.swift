import ZappDiagnostics

// The built-in families, embedded so that zlc works from any folder. The text of each file in the
// repository's families/ folder is in BuiltinFamilies+Generated.swift, written by
// `make embed`; a test fails when it differs from families/.

/// The families every project has.
public enum BuiltinFamilies {
  public static var files: [SourceFile] {
    generatedFiles.map { SourceFile(path: "<built-in>/\($0.name)", text: $0.text) }
  }
}
