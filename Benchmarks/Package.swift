// swift-tools-version:5.10
// The benchmark's own package, so that normal builds never compile it. `make bench` builds it in
// release mode and runs scripts/bench.py, which drives it and the zlc binary (docs/performance.md).
import PackageDescription

let package = Package(
  name: "zlc-bench",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "zlc", path: "..")],
  targets: [
    .executableTarget(
      name: "zlc-bench", dependencies: [.product(name: "ZappLayoutCompiler", package: "zlc")]),
    // A client's load alone: the runtime library, nothing of the compiler.
    .executableTarget(name: "zlc-load", dependencies: [.product(name: "ZappLayout", package: "zlc")]),
  ]
)
