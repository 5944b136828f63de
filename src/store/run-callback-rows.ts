// The rows of `run_callbacks`, for both stores: a run's callback URLs (their tokens' digests, space
// separated), their expiry and the one answer the run takes.
import type { RunCallbackAnswer, RunCallbackOutcome } from "./types.js";

export interface RunCallbackRow {
  digests: string;
  expires_at: number | string;
  answer: string | null;
}

/** Why an answer was not recorded, from the run's row as it is after the attempt. */
export function refusedOutcome(
  row: RunCallbackRow | undefined,
  tokenDigest: string,
  at: number,
): RunCallbackOutcome {
  // Only a caller holding one of the run's URLs learns more than "unknown".
  if (!row?.digests.split(" ").includes(tokenDigest)) return "unknown";
  if (row.answer !== null) return "used";
  return Number(row.expires_at) <= at ? "expired" : "unknown";
}

export function answerFromText(text: string | null | undefined): RunCallbackAnswer | null {
  return text ? (JSON.parse(text) as RunCallbackAnswer) : null;
}
