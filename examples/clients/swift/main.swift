import Foundation

// `client registry VERSION [--applies-fallbacks]` prints this build's renderer registry (a
// `registries/` file), saying whether the build draws components' fallbacks;
// `client bundle PATH` reads a bundle.json and names what this build cannot draw.

let arguments = CommandLine.arguments
let appliesFallbacks = arguments.count == 4 && arguments[3] == "--applies-fallbacks"
switch arguments.count == 3 || appliesFallbacks ? arguments[1] : "" {
case "registry":
  print(DemoRenderers().registryJSON(clientVersion: arguments[2], appliesFallbacks: appliesFallbacks), terminator: "")
case "bundle" where !appliesFallbacks:
  do {
    let index = try ZappBundleIndex(json: try Data(contentsOf: URL(fileURLWithPath: arguments[2])))
    guard let missing = index.missingRenderers(for: zappPlatform) else {
      print("\(index.screens.count) screens; cannot verify: no required renderers for \(zappPlatform ?? "an app without platforms")")
      exit(1)
    }
    print("\(index.screens.count) screens; " + (missing.isEmpty ? "every renderer present" : "missing: " + missing.joined(separator: ", ")))
    exit(missing.isEmpty ? 0 : 1)
  } catch {
    print("cannot read the bundle: \(error)")
    exit(1)
  }
default:
  print("usage: client registry VERSION [--applies-fallbacks] | client bundle BUNDLE_JSON")
  exit(64)
}
