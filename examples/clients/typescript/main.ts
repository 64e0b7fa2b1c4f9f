// `node main.js registry VERSION [--applies-fallbacks]` prints this build's renderer registry (a
// `registries/` file), saying whether the build draws components' fallbacks;
// `node main.js bundle PATH` reads a bundle.json and names what this build cannot draw.

import { zappDecodeBundleIndex, zappMissingRenderers, zappPlatform, zappRegistryJson } from "./generated/web/zapp-client";
import { demoRenderers } from "./demo-renderers";

// Node's globals, declared here so that the example needs no type packages.
declare const process: { readonly argv: readonly string[]; exitCode?: number };
declare const console: { log(text: string): void };
declare function require(name: "fs"): { readFileSync(path: string, encoding: "utf8"): string };

const [command, argument, option] = process.argv.slice(2);
if (command === "registry" && argument !== undefined && (option === undefined || option === "--applies-fallbacks")) {
  console.log(zappRegistryJson(demoRenderers, argument, undefined, option !== undefined).trim());
} else if (command === "bundle" && argument !== undefined && option === undefined) {
  const index = zappDecodeBundleIndex(require("fs").readFileSync(argument, "utf8"));
  const missing = zappMissingRenderers(index, zappPlatform);
  if (missing === null) {
    console.log(index.screens.length + " screens; cannot verify: no required renderers for " + (zappPlatform ?? "an app without platforms"));
    process.exitCode = 1;
  } else {
    const summary = missing.length === 0 ? "every renderer present" : "missing: " + missing.join(", ");
    console.log(index.screens.length + " screens; " + summary);
    process.exitCode = missing.length === 0 ? 0 : 1;
  }
} else {
  console.log("usage: node main.js registry VERSION [--applies-fallbacks] | node main.js bundle BUNDLE_JSON");
  process.exitCode = 64;
}
