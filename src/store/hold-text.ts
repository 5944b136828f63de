// How a run's flow state reads, for `hookgate runs show` and the console alike: why it is held and until
// when, and how many requests were merged into it.
import { formatTime } from "../core/time-text.js";
import type { RunRecord } from "./types.js";

/** undefined for a run that is neither held nor merged. */
export function flowText(run: Pick<RunRecord, "held" | "merged">): string | undefined {
  const merged = run.merged !== undefined && run.merged > 1 ? `${run.merged} requests merged` : undefined;
  if (run.held?.reason === "coalesce") {
    const until = run.held.until !== undefined ? ` until ${formatTime(run.held.until)}` : "";
    return `held: coalescing requests${until}${merged ? ` (${merged} so far)` : ""}`;
  }
  if (run.held?.reason === "pause") {
    const until = run.held.until !== undefined ? `until ${formatTime(run.held.until)}` : "until resumed";
    return `held: paused by ${pausedTarget(run.held.by)} ${until}${merged ? ` (${merged})` : ""}`;
  }
  return merged && `coalesced: ${merged}`;
}

/** `mapping:github` reads "mapping github". */
function pausedTarget(target: string | undefined): string {
  return target === undefined ? "a pause" : target.replace(":", " ");
}
