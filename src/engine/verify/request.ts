// Verification of one request without the hook token: each distinct verifier among the path's
// mappings runs once on the raw body; the request may then reach only the mappings it passed.
import type { CompiledRule } from "../rule.js";
import {
  FAILURE_RANK,
  type Verified,
  type Verifier,
  type VerifyFailure,
  type VerifyInput,
  type VerifyOutcome,
} from "./types.js";

export interface RequestVerification {
  /** What rules see as `verified`: the outcome of the first mapping (in order) the request passed. */
  readonly verified: Verified | undefined;
  /** Mappings the request passed, in order (empty: refused). */
  readonly passed: readonly CompiledRule[];
  /** When it passed none: the most telling reason (stale, else invalid, else missing). */
  readonly failure: VerifyFailure | undefined;
  /** A mapping's outcome on this request; undefined: the mapping has no verify (token only). */
  outcomeOf(rule: CompiledRule): VerifyOutcome | undefined;
}

/** `rules`: the path's mappings that have a verifier, in order. */
export function verifyRequest(rules: readonly CompiledRule[], input: VerifyInput): RequestVerification {
  const outcomes = new Map<Verifier, VerifyOutcome>();
  const passed: CompiledRule[] = [];
  let failure: VerifyFailure | undefined;
  for (const rule of rules) {
    const outcome = outcomeFor(rule.verifier!, input, outcomes);
    if (outcome.ok) passed.push(rule);
    else if (failure === undefined || FAILURE_RANK[outcome.failure] > FAILURE_RANK[failure])
      failure = outcome.failure;
  }
  const firstPassed = passed[0] && outcomes.get(passed[0].verifier!);
  return {
    verified: firstPassed?.ok ? firstPassed.verified : undefined,
    passed,
    failure: passed.length > 0 ? undefined : (failure ?? "missing"),
    outcomeOf: (rule) => (rule.verifier ? outcomes.get(rule.verifier) : undefined),
  };
}

function outcomeFor(
  verifier: Verifier,
  input: VerifyInput,
  seen: Map<Verifier, VerifyOutcome>,
): VerifyOutcome {
  let outcome = seen.get(verifier);
  if (!outcome) {
    try {
      outcome = verifier.verify(input);
    } catch {
      // Verifiers are written not to throw; a request that makes one throw has not proven anything.
      outcome = { ok: false, failure: "invalid" };
    }
    seen.set(verifier, outcome);
  }
  return outcome;
}
