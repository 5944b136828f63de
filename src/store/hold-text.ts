// How a run's flow state reads, for `hookgate runs show` and the console alike: why it is held or dropped
// and until when, how many requests were merged into it, and the lane it waits in (with why it still waits).
import { laneText, laneWaitText } from "../core/lane.js";
import { formatTime } from "../core/time-text.js";
import type { LaneStats, RunRecord } from "./types.js";

/**
 * undefined for a run that is neither held, dropped, merged nor in a lane. `lanes`: the lanes' counts now, to
 * say why a queued run of a full lane waits.
 */
export function flowText(
  run: Pick<RunRecord, "held" | "merged" | "lane" | "status">,
  lanes: readonly LaneStats[] = [],
): string | undefined {
  const parts = [holdText(run), run.lane && laneState(run, lanes)].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

function holdText(run: Pick<RunRecord, "status" | "held" | "merged">): string | undefined {
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
  if (run.held?.reason === "budget") {
    const at = run.held.until !== undefined ? formatTime(run.held.until) : undefined;
    const also = merged ? ` (${merged})` : "";
    const what = budgetText(run.held.by);
    if (run.status === "dropped") {
      return `dropped: ${what}${at ? ` (the next run could start at ${at})` : ""}${also}`;
    }
    if (run.status === "held") return `held: ${what}${at ? `; starts at ${at}` : ""}${also}`;
  }
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

function laneState(run: Pick<RunRecord, "lane" | "status">, lanes: readonly LaneStats[]): string {
  const lane = run.lane!;
  const running = lanes.find((l) => l.lane === lane.name)?.running ?? 0;
  if (run.status === "queued" && running >= lane.limit) return `waiting: ${laneWaitText(lane, running)}`;
  return `${laneText(lane.name)} (at most ${lane.limit} at once)`;
}

/**
 * `tokens:2000000:86400000` reads "its mapping's token budget (2,000,000/1d) was spent"; `runs:…` says
 * its run budget was reached.
 */
function budgetText(by: string | undefined): string {
  const [kind, amount, per] = (by ?? "").split(":");
  const figures =
    amount && per ? ` (${Number(amount).toLocaleString("en-US")}/${periodText(Number(per))})` : "";
  return kind === "tokens"
    ? `its mapping's token budget${figures} was spent`
    : `its mapping's run budget${figures} was reached`;
}

/** A period in its largest whole unit: 1d, 6h, 15m, 30s (else milliseconds). */
function periodText(ms: number): string {
  for (const [unit, size] of [
    ["d", 86_400_000],
    ["h", 3_600_000],
    ["m", 60_000],
    ["s", 1000],
  ] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}

/** `mapping:github` reads "mapping github". */
function pausedTarget(target: string | undefined): string {
  return target === undefined ? "a pause" : target.replace(":", " ");
}
