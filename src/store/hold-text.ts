// How a run's flow state reads, for `hookgate runs show` and the console alike: why it is held or dropped
// and until when, and how many requests were merged into it.
import { formatTime } from "../core/time-text.js";
import type { RunRecord } from "./types.js";

/** undefined for a run that is neither held, dropped nor merged. */
export function flowText(run: Pick<RunRecord, "status" | "held" | "merged">): string | undefined {
  const merged = run.merged !== undefined && run.merged > 1 ? `${run.merged} requests merged` : undefined;
  if (run.held?.reason === "rate") {
    const at = run.held.until !== undefined ? formatTime(run.held.until) : undefined;
    const also = merged ? ` (${merged})` : "";
    if (run.status === "dropped") {
      return `dropped: its mapping's rate was reached${at ? ` (the next run could start at ${at})` : ""}${also}`;
    }
    if (run.status === "held")
      return `held: its mapping's rate was reached${at ? `; starts at ${at}` : ""}${also}`;
  }
  if (run.held?.reason === "coalesce") {
    const until = run.held.until !== undefined ? ` until ${formatTime(run.held.until)}` : "";
    return `held: coalescing requests${until}${merged ? ` (${merged} so far)` : ""}`;
  }
  return merged && `coalesced: ${merged}`;
}
