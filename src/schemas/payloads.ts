// Validators for the wake and agent payloads, compiled once from schemas/, with error sentences that
// name the field (OpenClaw's wording where it has one: `text required`, `message required`).
import { readFileSync } from "node:fs";
import type { ErrorObject } from "ajv";
import type { AgentPayload, TransformResult, WakePayload } from "../types/generated.js";
import { type Validator, validateAgent, validateTransformResult, validateWake } from "./validators.js";

const schemaDir = new URL("../../schemas/", import.meta.url);
const load = (name: string) => JSON.parse(readFileSync(new URL(name, schemaDir), "utf8")) as object;

const wakeSchema = load("wake-payload.schema.json");
const agentSchema = load("agent-payload.schema.json");
const wake = validateWake as Validator<WakePayload>;
const agent = validateAgent as Validator<AgentPayload>;
const transformResult = validateTransformResult as Validator<TransformResult>;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

function check<T>(validate: Validator<T>, value: unknown): Checked<T> {
  if (validate(value)) return { ok: true, value };
  const err = validate.errors?.[0];
  return { ok: false, error: err ? describe(err) : "invalid payload" };
}

export const checkWake = (value: unknown) => check(wake, value);
export const checkAgent = (value: unknown) => check(agent, value);

const fieldsOf = (schema: object) =>
  new Set(Object.keys((schema as { properties: Record<string, unknown> }).properties));
const wakeFields = fieldsOf(wakeSchema);
const agentFields = fieldsOf(agentSchema);

/**
 * The known fields of a request body, the others left out: senders add fields of their own (OpenClaw
 * ignores them), and only the fields this service reads are checked.
 */
function knownFields(value: unknown, fields: ReadonlySet<string>): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (fields.has(key)) out[key] = (value as Record<string, unknown>)[key];
  }
  return out;
}

/** A /wake request body: unknown fields ignored, known ones checked. */
export const checkWakeRequest = (value: unknown) => checkWake(knownFields(value, wakeFields));
/** An /agent request body: unknown fields ignored, known ones checked. */
export const checkAgentRequest = (value: unknown) => checkAgent(knownFields(value, agentFields));

/** null when `value` is a valid transform result, else a sentence naming every offending field. */
export function transformResultProblem(value: unknown): string | null {
  if (transformResult(value)) return null;
  const problems = (transformResult.errors ?? []).map((err) => {
    if (err.keyword === "additionalProperties") {
      return `"${String(err.params.additionalProperty)}" is not a field a transform may set`;
    }
    if (err.keyword === "type" && err.instancePath === "") return "it must be an object or null";
    return describe(err);
  });
  return `the result is invalid: ${[...new Set(problems)].join("; ")}`;
}

/** One ajv error → a sentence naming its field (as a dotted path). */
function describe(err: ErrorObject): string {
  const base = err.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
  const at = (f: string) => (base ? `${base}.${f}` : f);
  switch (err.keyword) {
    case "required":
      return `${at(String(err.params.missingProperty))} required`;
    case "additionalProperties":
      return `${at(String(err.params.additionalProperty))} is not a known field`;
    case "type":
      return base ? `${base} must be a ${err.params.type}` : "payload must be a JSON object";
    case "enum":
      return `${base} must be one of: ${(err.params.allowedValues as unknown[]).join(", ")}`;
    case "minLength":
    case "pattern":
      return `${base} required (must not be empty)`;
    case "maxLength":
      return `${base} is too long (at most ${err.params.limit} characters)`;
    default:
      return `${base || "payload"} ${err.message ?? "is invalid"}`;
  }
}
