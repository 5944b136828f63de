// The one outcome of a fan-out's accept (several wakes or runs of one request), as both stores
// report and remember it.
import { combinedWakeMode } from "../core/wake-mode.js";
import type { AcceptOutcome, NewRun, NewWake } from "./types.js";

/** A fan-out has at least one action; an empty one is a caller's bug, not a request to store nothing. */
export function atLeastOne<T>(items: readonly T[], what: string): void {
  if (items.length === 0) throw new Error(`${what} needs at least one`);
}

/** `now` when any wake asked for a heartbeat; queued when any started a new event. */
export function wakesOutcome(
  wakes: readonly NewWake[],
  events: ReadonlyArray<"queued" | "coalesced">,
): AcceptOutcome {
  return {
    kind: "wake",
    mode: combinedWakeMode(wakes),
    event: events.includes("queued") ? "queued" : "coalesced",
    count: wakes.length,
  };
}

export function runsOutcome(runs: readonly NewRun[]): AcceptOutcome {
  return { kind: "run", runId: runs[0]!.id, runIds: runs.map((r) => r.id) };
}
