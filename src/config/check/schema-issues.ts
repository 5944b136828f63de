// Turns ajv's findings into ConfigIssues a person can act on: the key path, where it is in the file,
// what was expected and what was found.
import type { ErrorObject } from "ajv";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import { maxTimerMs, maxTimerText } from "../resolve/duration.js";
import { formatKeyPath, type PathSegment, parseKeyPath, pointerToSegments } from "../source/key-path.js";
import { closest } from "./closest.js";
import { explainedBy, findIndentSlips } from "./indent-slips.js";
import { configSchema, type JsonSchema, type SchemaCheck } from "./schemas.js";

export function validateAgainst(check: SchemaCheck, data: unknown, source: SourceRef): ConfigIssue[] {
  const { validate } = check;
  if (validate(data)) return [];
  // One indentation slip makes many schema errors; each slip becomes one error instead.
  const schema = check.schema();
  const slips = findIndentSlips(data, schema, resolveRef(schema), source);
  const issues: ConfigIssue[] = slips.map((slip) => slip.issue);
  const seen = new Set<string>();
  for (const err of validate.errors ?? []) {
    const issue = toIssue(err, data, source);
    if (!issue) continue;
    const id = `${issue.path}\0${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const path = parseKeyPath(issue.path);
    if (path && explainedBy(slips, path)) continue;
    issues.push(issue);
  }
  return issues;
}

/** `#/...` in the schema being used, else in the config schema (the rule-file schema refers into it). */
function resolveRef(root: JsonSchema): (ref: string) => JsonSchema | undefined {
  return (ref) => {
    const [file, pointer = ""] = ref.split("#");
    const docs = file === "" ? [root, configSchema()] : [configSchema()];
    for (const doc of docs) {
      let node: unknown = doc;
      for (const raw of pointer.split("/").slice(1)) {
        const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
        node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
      }
      if (node !== null && typeof node === "object") return node as JsonSchema;
    }
    return undefined;
  };
}

function toIssue(err: ErrorObject, data: unknown, source: SourceRef): ConfigIssue | undefined {
  const at = pointerToSegments(err.instancePath, data);
  const params = err.params as Record<string, unknown>;
  // A value read from a secret file is never quoted, whatever key it was put under.
  const found = () =>
    source.hidden?.has(formatKeyPath(at))
      ? "a value read from a secret file (hidden)"
      : describe(err.data, at);
  switch (err.keyword) {
    // Wrappers whose inner errors are reported on their own.
    case "if":
    case "propertyNames":
      return undefined;
    case "additionalProperties": {
      const key = String(params["additionalProperty"]);
      const known = Object.keys((err.parentSchema?.["properties"] as object | undefined) ?? {});
      const guess = closest(key, known);
      const hint = guess
        ? `did you mean ${formatKeyPath([...at, guess])}?`
        : known.length > 0
          ? `known keys here: ${known.join(", ")}`
          : "remove it";
      return issueAt("error", source, [...at, key], `unknown key; ${hint}`, { key: true });
    }
    case "required": {
      const key = String(params["missingProperty"]);
      const because = /\/then\/required$/.test(err.schemaPath) ? conditionText(err.data) : "";
      return issueAt("error", source, [...at, key], `required key is missing${because}; add it`);
    }
    case "pattern":
      if (err.propertyName !== undefined) {
        const path = [...at, err.propertyName];
        return issueAt(
          "error",
          source,
          path,
          `key ${JSON.stringify(err.propertyName)} is not valid: ${patternText(String(params["pattern"]))}`,
          { key: true },
        );
      }
      return issueAt("error", source, at, `${patternText(String(params["pattern"]))}, found ${found()}`);
    default:
      return issueAt("error", source, at, `${expected(err)}, found ${found()}`);
  }
}

function conditionText(data: unknown): string {
  const kind =
    data !== null && typeof data === "object" ? (data as Record<string, unknown>)["kind"] : undefined;
  return typeof kind === "string" ? ` (required when kind is ${kind})` : "";
}

function expected(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case "type":
      return `expected ${String(p["type"]).split(",").map(typeName).join(" or ")}`;
    case "enum": {
      const allowed = (p["allowedValues"] as unknown[]).map((v) => JSON.stringify(v));
      // An enum may mix types (`thinking: [false, low, ...]`): only its strings are suggestions.
      const words = (p["allowedValues"] as unknown[]).filter((v): v is string => typeof v === "string");
      const guess = typeof err.data === "string" ? closest(err.data, words) : undefined;
      return `expected one of ${allowed.join(", ")}${guess ? ` (did you mean "${guess}"?)` : ""}`;
    }
    case "const":
      return `expected ${JSON.stringify(p["allowedValue"])}`;
    case "format":
      return p["format"] === "uri"
        ? "expected an absolute URL such as https://example.com"
        : `expected a ${p["format"]}`;
    case "maximum":
      // Millisecond settings that feed timers carry this maximum; say why it is the limit.
      if (p["limit"] === maxTimerMs)
        return `expected at most ${maxTimerText}, the longest timer Node.js supports`;
      return `expected a number ${p["comparison"]} ${p["limit"]}`;
    case "minimum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `expected a number ${p["comparison"]} ${p["limit"]}`;
    case "minLength":
      return p["limit"] === 1 ? "expected a non-empty string" : `expected at least ${p["limit"]} characters`;
    case "maxLength":
      return `expected at most ${p["limit"]} characters`;
    case "minItems":
      return `expected at least ${p["limit"]} item${p["limit"] === 1 ? "" : "s"}`;
    case "minProperties":
      return `expected at least ${p["limit"]} entr${p["limit"] === 1 ? "y" : "ies"}`;
    case "uniqueItems":
      return `expected no duplicates (items ${p["j"]} and ${p["i"]} are equal)`;
    default:
      return `expected ${err.message ?? "a valid value"}`;
  }
}

function typeName(type: string): string {
  switch (type) {
    case "object":
      return "an object (key: value pairs)";
    case "array":
      return "a list";
    case "integer":
      return "an integer";
    default:
      return `a ${type}`;
  }
}

const patternTexts: Record<string, string> = {
  "^(0|[0-9]+(\\.[0-9]+)?(ms|s|m|h|d))$":
    "expected a duration such as 30s, 30m or 2h (units ms, s, m, h, d), or 0",
  "^[A-Za-z0-9_.:-]+$": "expected letters, digits and _ . : - only",
  "^[A-Za-z0-9_.-]+$": "expected letters, digits and _ . - only",
  "^[^/\\s]+/\\S+$": "expected provider/model, for example openai/gpt-4o-mini",
  "^[^/\\s]+$": "expected a name without / or spaces",
  "^[a-z0-9-]+$": "expected lower-case letters, digits and - only",
};

function patternText(pattern: string): string {
  return patternTexts[pattern] ?? `expected a string matching ${pattern}`;
}

// Keys whose values are secrets: never echo them back in an error message.
const secretKeys = new Set(["token", "apikey", "bottoken", "password", "accesstoken", "env", "headers"]);

function isSecretPath(path: readonly PathSegment[]): boolean {
  return path.some((seg) => typeof seg === "string" && secretKeys.has(seg.toLowerCase()));
}

function describe(value: unknown, path: readonly PathSegment[]): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (isSecretPath(path)) return `a ${typeof value} (value hidden)`;
  if (typeof value === "string") {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return `"${shown}"`;
  }
  return `${typeof value} ${String(value)}`;
}
