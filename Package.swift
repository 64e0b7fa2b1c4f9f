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
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `zlc serve` only (ZappLayoutServer); never the runtime or the compiler library.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
  ],
  targets: [
    .target(name: "ZappLayout"),
    .target(name: "ZappLayoutCompiler", dependencies: ["ZappLayout"]),
    // `zlc serve`: the bundle and the preview over HTTP, rebuilt on change (Hummingbird, SwiftNIO).
    .target(
      name: "ZappLayoutServer",
      dependencies: [
        "ZappLayoutCompiler", "ZappLayout",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    .executableTarget(
      name: "zlc",
      dependencies: [
        "ZappLayoutCompiler",
        "ZappLayoutServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "ZappLayoutTests", dependencies: ["ZappLayout"]),
    .testTarget(
      name: "ZappLayoutCompilerTests", dependencies: ["ZappLayoutCompiler", "ZappLayout"]),
    .testTarget(name: "EndToEndTests", dependencies: ["ZappLayout"]),
  ],
  swiftLanguageModes: [.v5]
)
