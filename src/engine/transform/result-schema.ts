// Checks what a transform returned against schemas/transform-result.schema.json (compiled once).
import { readFileSync } from "node:fs";
import type { ErrorObject, ValidateFunction } from "ajv";
import Ajv2020Module from "ajv/dist/2020.js";
import type { TransformResult } from "../../types/generated.js";

// ajv is CommonJS: under NodeNext its class is the default export of the module object.
const Ajv2020 = Ajv2020Module.default;

// src/engine/transform and dist/engine/transform both sit three levels below the package root.
const schemaFile = new URL("../../../schemas/transform-result.schema.json", import.meta.url);

let validate: ValidateFunction<TransformResult> | undefined;

function validator(): ValidateFunction<TransformResult> {
  if (!validate) {
    const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as object;
    validate = new Ajv2020({ allErrors: true, strict: true }).compile<TransformResult>(schema);
  }
  return validate;
}

/** Compiles the schema now (config load time) instead of at the first call. */
export function prepareResultValidator(): void {
  validator();
}

/** null when `value` is a valid result, else a sentence naming every offending field. */
export function resultProblem(value: unknown): string | null {
  const check = validator();
  if (check(value)) return null;
  const problems = (check.errors ?? []).map(describe);
  return `the result is invalid: ${[...new Set(problems)].join("; ")}`;
}

function describe(err: ErrorObject): string {
  const field = err.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
  switch (err.keyword) {
    case "additionalProperties":
      return `"${String(err.params.additionalProperty)}" is not a field a transform may set`;
    case "type":
      return field ? `${field} must be a ${String(err.params.type)}` : "it must be an object or null";
    case "enum":
      return `${field} must be one of: ${(err.params.allowedValues as unknown[]).join(", ")}`;
    case "minLength":
      return `${field} must not be empty`;
    default:
      return `${field || "it"} ${err.message ?? "is invalid"}`;
  }
}
