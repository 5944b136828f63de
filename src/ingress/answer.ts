// The answer a hook request gets, status and body, from what the rules decided and what the store
// made of it. The server answers with it; `hookgate test`, pack cases, replay and the console report
// it for a decision not stored: one function, so the two cannot drift apart.
import { ERRORS, type ErrorCode, errorBody } from "../core/errors.js";
import { combinedWakeMode } from "../core/wake-mode.js";
import { type Answer, type SuccessAnswer, shapeAnswer } from "../engine/success-answer.js";
import type { WakeAction } from "../engine/types.js";
import type { IngressDecision } from "./decide.js";

export type { Answer };

/**
 * What the store made of accepted actions (the store's AcceptOutcome has this shape): `coalesced` when
 * the request joined a coalesce window, `deduped` when it repeated a content key and started nothing,
 * `held` when its run waits (past its mapping's rate, or for a pause to end), `dropped` when its run
 * was past the rate and is stored but never starts.
 */
export type StoredOutcome = (
  | { kind: "wake"; mode: WakeAction["mode"]; event: "queued" | "coalesced"; count?: number }
  | { kind: "run"; runId: string; runIds?: string[] }
) & { coalesced?: true; deduped?: true; held?: true; dropped?: true };

/** A run's id is made when it is stored: a decision not stored shows this instead. */
const UNSTORED_RUN_ID = "(assigned when stored)";

export function errorAnswer(code: ErrorCode, error?: string): Answer {
  return { status: ERRORS[code].status, body: errorBody(code, error) };
}

/**
 * 200 with the wake's mode and event, 202 with the run ids, 204 for nothing to do; then the mapping's
 * successStatus (without a body for successBody: false, with its own for an object).
 */
export function acceptedAnswer(stored: StoredOutcome | "skip", success: SuccessAnswer | undefined): Answer {
  return shapeAnswer(usualAnswer(stored), success);
}

function usualAnswer(stored: StoredOutcome | "skip"): Answer {
  if (stored === "skip") return { status: 204 };
  const marks = {
    ...(stored.coalesced && { coalesced: true }),
    ...(stored.deduped && { deduped: true }),
    ...(stored.held && { held: true }),
    ...(stored.dropped && { dropped: true }),
  };
  if (stored.kind === "run") {
    return {
      status: 202,
      body: { ok: true, runId: stored.runId, ...(stored.runIds && { runIds: stored.runIds }), ...marks },
    };
  }
  return {
    status: 200,
    body: {
      ok: true,
      mode: stored.mode,
      eventOutcome: stored.event,
      ...(stored.count !== undefined && { count: stored.count }),
      ...marks,
    },
  };
}

/**
 * What storing a decision's actions gives when no identical wake is pending: a fan-out's wakes are
 * `now` when any asks for it (one heartbeat serves them all); run ids are not known yet.
 */
function unstoredOutcome(d: Extract<IngressDecision, { kind: "wake" | "agent" }>): StoredOutcome {
  // A keyed action of a coalescing mapping always goes into a window; whether a dedupe key repeats,
  // or a rate is reached, depends on what the store saw, which a decision not stored cannot tell.
  const coalesced = d.flow?.coalesce !== undefined && d.action.flow?.coalesce !== undefined;
  const marks = coalesced ? { coalesced: true as const } : {};
  if (d.kind === "agent") {
    return {
      kind: "run",
      runId: UNSTORED_RUN_ID,
      ...(d.fanOut && { runIds: d.fanOut.map(() => UNSTORED_RUN_ID) }),
      ...marks,
    };
  }
  // A wake that goes into a window adds no event now: only a wake outside one is queued.
  const windowed = (a: WakeAction) => d.flow?.coalesce !== undefined && a.flow?.coalesce !== undefined;
  if (!d.fanOut) {
    return { kind: "wake", mode: d.action.mode, event: coalesced ? "coalesced" : "queued", ...marks };
  }
  return {
    kind: "wake",
    mode: combinedWakeMode(d.fanOut),
    event: d.fanOut.every(windowed) ? "coalesced" : "queued",
    count: d.fanOut.length,
    ...marks,
  };
}

/** The answer to a decision, after the store took its actions (`stored`) or as it would be. */
export function decisionAnswer(d: IngressDecision, stored?: StoredOutcome): Answer {
  switch (d.kind) {
    case "refused":
      return errorAnswer(d.code, d.error);
    case "skip":
      return acceptedAnswer("skip", d.successAnswer);
    default:
      return acceptedAnswer(stored ?? unstoredOutcome(d), d.successAnswer);
  }
}
