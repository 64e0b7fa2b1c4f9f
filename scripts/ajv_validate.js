#!/usr/bin/env node
// ajv (Debian's node-ajv, JSON Schema draft-07) against zlc's own schema, for `make bench`
// (scripts/bench.py): compiles SCHEMA once, validates every FILE, prints how many were invalid and
// exits 1 if any was. `zlc schema screens > screens.schema.json` writes the schema.
//
//     node scripts/ajv_validate.js SCHEMA FILE...
"use strict";
const fs = require("fs");

function loadAjv() {
  try {
    return require("ajv");
  } catch (error) {
    // Debian's node-ajv and its dependencies, under a node that is not Debian's.
    const path = require("path");
    process.env.NODE_PATH = [process.env.NODE_PATH, "/usr/share/nodejs"].filter(Boolean).join(path.delimiter);
    require("module").Module._initPaths();
    return require("ajv");
  }
}

const [schemaPath, ...files] = process.argv.slice(2);
if (!schemaPath || files.length === 0) {
  console.error("usage: node scripts/ajv_validate.js SCHEMA FILE...");
  process.exit(64);
}
const Ajv = loadAjv();
const validate = new Ajv({ allErrors: true }).compile(JSON.parse(fs.readFileSync(schemaPath, "utf8")));
let invalid = 0;
for (const file of files) {
  if (!validate(JSON.parse(fs.readFileSync(file, "utf8")))) {
    invalid += 1;
  }
}
console.log(`${files.length} files, ${invalid} invalid`);
process.exit(invalid ? 1 : 0);
