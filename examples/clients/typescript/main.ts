// `node main.js VERSION` prints this build's renderer registry (a `registries/` file).

import { zappRegistryJson } from "./generated/web/zapp-client";
import { demoRenderers } from "./demo-renderers";

declare const process: { readonly argv: readonly string[] };
declare const console: { log(text: string): void };

console.log(zappRegistryJson(demoRenderers, process.argv.length > 2 ? process.argv[2] : "0.0.0").trim());
