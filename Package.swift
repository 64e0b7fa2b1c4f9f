// swift-tools-version:6.2
import PackageDescription

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
    .target(name: "ZappLayout"),
    .target(name: "ZappLayoutCompiler", dependencies: ["ZappLayout"]),
    .executableTarget(
      name: "zlc",
      dependencies: [
        "ZappLayoutCompiler",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "ZappLayoutTests", dependencies: ["ZappLayout"]),
    .testTarget(
      name: "ZappLayoutCompilerTests", dependencies: ["ZappLayoutCompiler", "ZappLayout"]),
    .testTarget(name: "EndToEndTests", dependencies: ["ZappLayout"]),
  ],
  swiftLanguageModes: [.v5]
)
