// The idempotency key a request carries. Three spellings name it: the Idempotency-Key header, OpenClaw's
// X-OpenClaw-Idempotency-Key header, and on /wake and /agent the body's idempotencyKey field. OpenClaw
// takes the first present of the three in that order; here several may be sent only when they carry the
// same key. Two different keys mean a confused sender, and picking one silently could start a second run
// on the retry that sends the other: the request is refused with a 400 naming both.

import type { IncomingHttpHeaders } from "node:http";
import { isObject } from "../core/is-object.js";
import { HttpError } from "./errors.js";

const MAX_LENGTH = 256;
const HEADERS = [
  ["idempotency-key", "Idempotency-Key"],
  ["x-openclaw-idempotency-key", "X-OpenClaw-Idempotency-Key"],
] as const;
/** Hooks whose body is the service's own payload (elsewhere an idempotencyKey field is the sender's data). */
const BODY_FIELD_HOOKS = new Set(["wake", "agent"]);

/** The key, or undefined when none is sent; throws HttpError INVALID_IDEMPOTENCY_KEY on a bad or contradicting one. */
export function requestIdempotencyKey(
  headers: IncomingHttpHeaders,
  hook: string,
  payload: unknown,
): string | undefined {
  const found: Array<[string, string]> = [];
  for (const [name, shown] of HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value !== "string" || value.length < 1 || value.length > MAX_LENGTH) {
      throw new HttpError("INVALID_IDEMPOTENCY_KEY", `${shown} must be 1 to ${MAX_LENGTH} characters`);
    }
    found.push([shown, value]);
  }
  const field = BODY_FIELD_HOOKS.has(hook) ? bodyKey(payload) : undefined;
  if (field !== undefined) found.push(["idempotencyKey", field]);
  const [first, ...rest] = found;
  const other = rest.find(([, key]) => key !== first![1]);
  if (other) {
    throw new HttpError(
      "INVALID_IDEMPOTENCY_KEY",
      `${first![0]} and ${other[0]} carry different keys; send one key, or the same key in each`,
    );
  }
  return first?.[1];
}

/**
 * The body's idempotencyKey, trimmed as OpenClaw trims it. A value of the wrong kind is left to the
 * payload check, which refuses it naming the field.
 */
function bodyKey(payload: unknown): string | undefined {
  if (!isObject(payload)) return undefined;
  const value = payload["idempotencyKey"];
  if (typeof value !== "string") return undefined;
  const key = value.trim();
  return key.length >= 1 && key.length <= MAX_LENGTH ? key : undefined;
}
