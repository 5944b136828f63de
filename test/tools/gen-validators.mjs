// Generates src/schemas/compiled-validators.ts: every validator of schemas/ compiled ahead of time by
// ajv's standalone code generator, so that no command compiles a schema at start (as fastify does for
// its own options). `npm run gen:validators` writes the file; test/unit/schema-validators.test.ts
// fails when it is stale.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// Resolved from the package, as the validators' own imports are.
const require = createRequire(join(root, "package.json"));
const { _ } = require("ajv");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const standaloneCode = require("ajv/dist/standalone").default;

/** Exported name → schema file. */
const validators = {
  validateConfig: "config.schema.json",
  validateRulesFile: "rules-file.schema.json",
  validatePack: "pack.schema.json",
  validateWake: "wake-payload.schema.json",
  validateAgent: "agent-payload.schema.json",
  validateTransformResult: "transform-result.schema.json",
};
/** Referenced by the ones above. */
const referenced = ["test-case.schema.json"];

export async function generateValidators() {
  // One setup for every schema. allErrors: an author fixes everything at once (a payload check reads
  // only the first error, which is the same one). strictRequired is off because runner's if/then
  // lists `required` without repeating `properties`, which is valid JSON Schema; every other strict
  // check stays on. verbose: messages quote the schema's enum and description.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    verbose: true,
    code: {
      source: true,
      esm: true,
      lines: true,
      formats: _`require("ajv-formats/dist/formats").fullFormats`,
    },
  });
  addFormats(ajv);
  const ids = {};
  for (const file of [...new Set([...Object.values(validators), ...referenced])]) {
    const schema = JSON.parse(await readFile(join(root, "schemas", file), "utf8"));
    ajv.addSchema(schema);
    ids[file] = schema.$id;
  }
  const refs = Object.fromEntries(Object.entries(validators).map(([name, file]) => [name, ids[file]]));
  const code = standaloneCode(ajv, refs);
  return [
    "/* Generated from schemas/*.schema.json by `npm run gen:validators`. Do not edit by hand. */",
    "// @ts-nocheck",
    // ajv's standalone output reaches its runtime helpers with require(), also as a module.
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    code.replace(/^"use strict";/, ""),
    "",
  ].join("\n");
}

export const generatedPath = join(root, "src", "schemas", "compiled-validators.ts");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(generatedPath, await generateValidators());
  console.log(`wrote ${generatedPath}`);
}
