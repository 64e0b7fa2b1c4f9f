// swift-tools-version:5.10
// libFuzzer targets for zlc's readers and for a whole `check`. Kept out of the main package so that
// normal builds never compile them; `make fuzz` builds them with `-sanitize=fuzzer` (see docs/fuzzing.md).
import PackageDescription

let package = Package(
  name: "zlc-fuzz",
  dependencies: [.package(name: "zlc", path: "..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "ZappLayoutCompiler", package: "zlc")]),
    .executableTarget(
      name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "ZappLayoutCompiler", package: "zlc")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    .executableTarget(
      name: "FuzzXML", dependencies: ["FuzzSupport", .product(name: "ZappLayoutCompiler", package: "zlc")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    .executableTarget(
      name: "FuzzFeed", dependencies: ["FuzzSupport", .product(name: "ZappLayoutCompiler", package: "zlc")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    .executableTarget(
      name: "FuzzCheck", dependencies: ["FuzzSupport", .product(name: "ZappLayoutCompiler", package: "zlc")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
  ]
)
