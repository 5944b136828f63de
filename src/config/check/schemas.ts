// The JSON Schemas of schemas/ and one ajv instance that knows them all (compiled once per process).
import { readFileSync } from "node:fs";
import Ajv2020Module, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// Both are CommonJS with `exports.default`; under NodeNext the default import is the module object.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type JsonSchema = Record<string, unknown>;

// Works from src/config/check (tests) and dist/config/check (built) alike: both sit three levels below
// the package root.
const schemasDir = new URL("../../../schemas/", import.meta.url);

function readSchema(name: string): JsonSchema {
  return JSON.parse(readFileSync(new URL(name, schemasDir), "utf8")) as JsonSchema;
}

let cache:
  | {
      config: JsonSchema;
      validateConfig: ValidateFunction;
      validateRulesFile: ValidateFunction;
      validatePack: ValidateFunction;
    }
  | undefined;

function load() {
  if (!cache) {
    const config = readSchema("config.schema.json");
    const rulesFile = readSchema("rules-file.schema.json");
    const testCase = readSchema("test-case.schema.json");
    const pack = readSchema("pack.schema.json");
    // strictRequired is off because runner's if/then lists `required` without repeating `properties`,
    // which is valid JSON Schema; every other strict check stays on.
    const ajv = new Ajv2020({
      allErrors: true,
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      verbose: true,
    });
    addFormats(ajv);
    ajv.addSchema(config);
    ajv.addSchema(testCase);
    ajv.addSchema(rulesFile);
    ajv.addSchema(pack);
    cache = {
      config,
      validateConfig: ajv.getSchema(config["$id"] as string)!,
      validateRulesFile: ajv.getSchema(rulesFile["$id"] as string)!,
      validatePack: ajv.getSchema(pack["$id"] as string)!,
    };
  }
  return cache;
}

export function configSchema(): JsonSchema {
  return load().config;
}

export function configValidator(): ValidateFunction {
  return load().validateConfig;
}

export function rulesFileValidator(): ValidateFunction {
  return load().validateRulesFile;
}

export function packValidator(): ValidateFunction {
  return load().validatePack;
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
