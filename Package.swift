// swift-tools-version:6.2
import PackageDescription

/// Every target of zlc: Swift 6 language mode (in `swiftLanguageModes`) and no warning left
/// standing. Warning settings apply to this package's own targets only, never to a package that
/// depends on ZappLayout.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error), .enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
  name: "zlc",
  platforms: [.macOS(.v15), .iOS(.v16), .tvOS(.v16)],
  products: [
    // What client apps link: models, geometry and the section-composite mapper. Foundation only.
    .library(name: "ZappLayout", targets: ["ZappLayout"]),
    // Readers, diagnostics, rules, resolution and writers.
    .library(name: "ZappLayoutCompiler", targets: ["ZappLayoutCompiler"]),
    .executable(name: "zlc", targets: ["zlc"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "ZappLayout", swiftSettings: strict),
    .target(name: "ZappLayoutCompiler", dependencies: ["ZappLayout"], swiftSettings: strict),
    .executableTarget(
      name: "zlc",
      dependencies: [
        "ZappLayoutCompiler", "ZappLayout",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ], swiftSettings: strict),
    .testTarget(name: "ZappLayoutTests", dependencies: ["ZappLayout"], swiftSettings: strict),
    .testTarget(
      name: "ZappLayoutCompilerTests", dependencies: ["ZappLayoutCompiler", "ZappLayout"], swiftSettings: strict),
    .testTarget(name: "EndToEndTests", dependencies: ["ZappLayout"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
