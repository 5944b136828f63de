// The outcome an idempotency record remembers, as both stores keep it (JSON text), and what a later
// use of the key gets from it.
import type { AcceptOutcome, IdempotencyRef, IdempotentRepeat } from "./types.js";

/**
 * A remembered outcome. Rows written before outcomes were stored hold the HTTP answer itself
 * (`{status, body}`); they live at most one idempotency TTL, and are read back as the outcome they meant.
 */
export function storedOutcome(text: string): AcceptOutcome {
  const value = JSON.parse(text) as
    | AcceptOutcome
    | { body?: { runId?: unknown; mode?: unknown; eventOutcome?: unknown } };
  if ("kind" in value) return value;
  const body = value.body ?? {};
  if (typeof body.runId === "string") return { kind: "run", runId: body.runId };
  return {
    kind: "wake",
    mode: body.mode === "next-heartbeat" ? "next-heartbeat" : "now",
    event: body.eventOutcome === "coalesced" ? "coalesced" : "queued",
  };
}

/** A later use of a live key: the first outcome, or a conflict when the body differs from the first. */
export function repeatOf(
  idem: Pick<IdempotencyRef, "fingerprint">,
  record: { fingerprint: string | null; outcome: () => AcceptOutcome },
): IdempotentRepeat {
  if (idem.fingerprint && record.fingerprint && idem.fingerprint !== record.fingerprint)
    return { status: "conflict" };
  return { status: "replayed", outcome: record.outcome() };
}
