import type { ErrorCode } from "../core/errors.js";

/** Outcome of a policy check: a value, or a rejection the client can act on (always HTTP 400). */
export type PolicyResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; error: string };

export const allow = <T>(value: T): PolicyResult<T> => ({ ok: true, value });
export const reject = <T = never>(code: ErrorCode, error: string): PolicyResult<T> => ({
  ok: false,
  code,
  error,
});
