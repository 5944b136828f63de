// The JSON Schemas of schemas/: their validators (compiled ahead of time, src/schemas/validators.ts),
// and the schemas themselves, read on first use, for defaults and for the wording of messages.
import { readFileSync } from "node:fs";
import { type Validator, validateConfig, validatePack, validateRulesFile } from "../../schemas/validators.js";

export type JsonSchema = Record<string, unknown>;

/** A validator and the schema it was compiled from (read only when a message needs it). */
export interface SchemaCheck {
  validate: Validator;
  schema(): JsonSchema;
}

// Works from src/config/check (tests) and dist/config/check (built) alike: both sit three levels below
// the package root.
const schemasDir = new URL("../../../schemas/", import.meta.url);

const read = new Map<string, JsonSchema>();

function readSchema(name: string): JsonSchema {
  let schema = read.get(name);
  if (!schema) {
    schema = JSON.parse(readFileSync(new URL(name, schemasDir), "utf8")) as JsonSchema;
    read.set(name, schema);
  }
  return schema;
}

function check(validate: Validator, file: string): SchemaCheck {
  return { validate, schema: () => readSchema(file) };
}

const checks = {
  config: check(validateConfig, "config.schema.json"),
  rulesFile: check(validateRulesFile, "rules-file.schema.json"),
  pack: check(validatePack, "pack.schema.json"),
};

export function configSchema(): JsonSchema {
  return readSchema("config.schema.json");
}

export function configValidator(): SchemaCheck {
  return checks.config;
}

export function rulesFileValidator(): SchemaCheck {
  return checks.rulesFile;
}

export function packValidator(): SchemaCheck {
  return checks.pack;
}

/** `default` of every property of `$defs[name]` in the config schema, e.g. `{ host: "127.0.0.1", port: 18789 }`. */
export function schemaDefaults(defName: string): Record<string, unknown> {
  const def = (configSchema()["$defs"] as Record<string, JsonSchema>)[defName];
  const props = (def?.["properties"] ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(props)) {
    if ("default" in prop) out[key] = structuredClone(prop["default"]);
  }
  return out;
}
