// swift-tools-version:6.2
import PackageDescription

/// Every target of zlc: Swift 6 language mode (in `swiftLanguageModes`) and no warning left
/// standing. Warning settings apply to this package's own targets only, never to a package that
/// depends on ZappLayout.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error), .enableUpcomingFeature("MemberImportVisibility")]

/// The compiler's phase targets above the runtime, from the top down: writers (bundle, preview,
/// generated code, `zlc verify`), resolution, rules (the checker and the rules only it raises), the
/// project model (the loader, families, feeds, shapes and the rules they raise), readers (JSON, XML
/// and their rules), and source and diagnostics. Each depends only on the ones below it.
let compilerPhases: [Target.Dependency] = [
  "ZappWriters", "ZappResolution", "ZappRules", "ZappModel", "ZappReaders", "ZappDiagnostics",
]

let package = Package(
  name: "zlc",
  platforms: [.macOS(.v15), .iOS(.v16), .tvOS(.v16)],
  products: [
    // What client apps link: models, geometry and the section-composite mapper. Foundation only.
    .library(name: "ZappLayout", targets: ["ZappLayout"]),
    // The compiler: its drivers and the phase targets below them, each a module of its own.
    .library(
      name: "ZappLayoutCompiler",
      targets: ["ZappLayoutCompiler", "ZappWriters", "ZappResolution", "ZappRules", "ZappModel", "ZappReaders", "ZappDiagnostics"]),
    .executable(name: "zlc", targets: ["zlc"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // SHA-256 of the bundle's files: swift-crypto, not hand-written crypto.
    .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
    // `zlc serve` only (ZappLayoutServer); never the runtime or the compiler library.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
    // gzip of `zlc serve`'s responses (ZappLayoutServer only).
    .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
  ],
  targets: [
    .target(name: "ZappLayout", swiftSettings: strict),
    // The compiler's phases, each a target that sees only the ones below it: source and diagnostics;
    // readers; the project model; rules; resolution; writers; drivers (ZappLayoutCompiler).
    .target(name: "ZappDiagnostics", dependencies: ["ZappLayout"], swiftSettings: strict),
    .target(name: "ZappReaders", dependencies: ["ZappDiagnostics", "ZappLayout"], swiftSettings: strict),
    .target(name: "ZappModel", dependencies: ["ZappReaders", "ZappDiagnostics", "ZappLayout"], swiftSettings: strict),
    .target(name: "ZappRules", dependencies: ["ZappModel", "ZappReaders", "ZappDiagnostics", "ZappLayout"], swiftSettings: strict),
    .target(
      name: "ZappResolution",
      dependencies: ["ZappRules", "ZappModel", "ZappDiagnostics", "ZappLayout", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strict),
    .target(
      name: "ZappWriters",
      dependencies: [
        "ZappResolution", "ZappRules", "ZappModel", "ZappReaders", "ZappDiagnostics", "ZappLayout",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strict),
    // The system's extended attribute calls, which `zlc check --fix` keeps a fixed file's with.
    .target(name: "CExtendedAttributes"),
    .target(name: "ZappLayoutCompiler", dependencies: compilerPhases + ["ZappLayout", "CExtendedAttributes"], swiftSettings: strict),
    // `zlc serve`: the bundle and the preview over HTTP, rebuilt on change (Hummingbird, SwiftNIO).
    .target(
      name: "ZappLayoutServer",
      dependencies: [
        "ZappLayoutCompiler", "ZappWriters", "ZappModel", "ZappDiagnostics", "ZappLayout",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "CompressNIO", package: "compress-nio"),
      ], swiftSettings: strict),
    // `zlc lsp`: the Language Server Protocol over stdio, on the compiler's own knowledge.
    .target(
      name: "ZappLanguageServer",
      dependencies: ["ZappLayoutCompiler", "ZappRules", "ZappModel", "ZappReaders", "ZappDiagnostics", "ZappLayout"],
      swiftSettings: strict),
    .executableTarget(
      name: "zlc",
      dependencies: [
        "ZappLayoutCompiler", "ZappWriters", "ZappModel", "ZappDiagnostics", "ZappLayout", "ZappLayoutServer", "ZappLanguageServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ], swiftSettings: strict),
    // swift-crypto in the runtime's tests only: the SHA-256 a client gives `ScreenBundle.load(from:maxFileBytes:verifyingWith:)`.
    .testTarget(
      name: "ZappLayoutTests", dependencies: ["ZappLayout", .product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),
    .testTarget(
      name: "ZappLayoutCompilerTests", dependencies: ["ZappLayoutCompiler", "ZappLayout"] + compilerPhases, swiftSettings: strict),
    .testTarget(name: "EndToEndTests", dependencies: ["ZappLayout", "CExtendedAttributes"], swiftSettings: strict),
    .testTarget(name: "ZappLayoutServerTests", dependencies: ["ZappLayoutServer"], swiftSettings: strict),
    .testTarget(
      name: "ZappLanguageServerTests", dependencies: ["ZappLanguageServer", "ZappLayoutCompiler"] + compilerPhases, swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
