// A loaded transform as the rule engine sees it: input in as JSON text, result out as checked data.
// Each call is timed (hookgate_transform_duration_seconds, unless `counted` is false) and traced (span
// hookgate.transform).
import { createHash } from "node:crypto";
import { metrics, secondsSince } from "../../core/metrics.js";
import { inSpan } from "../../core/tracing.js";
import { transformResultProblem } from "../../schemas/payloads.js";
import type { TransformResult } from "../../types/generated.js";
import type { TransformPool } from "./pool.js";
import type { TransformHandle, TransformInput, TransformOutcome } from "./types.js";

export function createHandle(
  module: string,
  exportName: string,
  id: number,
  pool: TransformPool,
  factorySource: string,
  maxInputBytes: number,
  counted: boolean,
): TransformHandle {
  const call = callWith(id, pool, maxInputBytes);
  return {
    module,
    exportName,
    sourceDigest: createHash("sha256").update(factorySource).digest("base64url"),
    call: (input) =>
      inSpan("hookgate.transform", { "hookgate.transform.module": module }, async (span) => {
        const started = performance.now();
        const outcome = await call(input);
        const label = outcome.ok ? (outcome.result === null ? "skip" : "ok") : outcome.code;
        if (counted) metrics.transformSeconds.observe({ outcome: label }, secondsSince(started));
        span.setAttribute("hookgate.transform.outcome", label);
        return outcome;
      }),
  };
}

function callWith(
  id: number,
  pool: TransformPool,
  maxInputBytes: number,
): (input: TransformInput) => Promise<TransformOutcome> {
  return async (input) => {
    let inputJson: string;
    try {
      inputJson = JSON.stringify(input);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return {
        ok: false,
        code: "TRANSFORM_INPUT_REJECTED",
        error: `the request could not be handed to the transform: ${why}`,
      };
    }
    // Refused here, before the handoff: a body too large for the transform is the sender's problem
    // (413), never a timeout (500); below the limit the sandbox reads it on a budget of its own, apart
    // from cpuMs, and a costly shape is a 413 there too (sandbox.ts). UTF-16 units never
    // exceed UTF-8 bytes, so the byte count is only taken when the length alone does not decide.
    if (inputJson.length > maxInputBytes || Buffer.byteLength(inputJson, "utf8") > maxInputBytes) {
      return {
        ok: false,
        code: "TRANSFORM_INPUT_TOO_LARGE",
        error: `the request as JSON is ${Buffer.byteLength(inputJson, "utf8")} bytes, over hooks.transformLimits.maxInputBytes (${maxInputBytes})`,
      };
    }
    try {
      const raw = await pool.call(id, inputJson);
      if (!raw.ok) return { ok: false, code: raw.code, error: raw.error };
      if (raw.json === null) return { ok: true, result: null };
      // Parsed by the host's JSON.parse: `__proto__` keys become plain own properties, never prototypes.
      const value: unknown = JSON.parse(raw.json);
      const problem = transformResultProblem(value);
      if (problem) return { ok: false, code: "TRANSFORM_INVALID_RESULT", error: problem };
      return { ok: true, result: value as TransformResult };
    } catch (err) {
      // Only reachable through host-side faults.
      return {
        ok: false,
        code: "TRANSFORM_THREW",
        error: err instanceof Error ? err.message : String(err),
      };
    }
  };
}
