// Lanes: runs counted together when the worker claims, at most `limit` of them running at once. A lane
// is named by `flow.lane` (shared by every mapping naming it), or is a mapping's own (`mapping:<id>`,
// from `flow.concurrency` alone: configured lane names have no colon, so the two never meet).

/** The lane a run waits in, as stored with it. */
export interface RunLane {
  name: string;
  /** How many runs of the lane may run at once. */
  limit: number;
}

const OWN_LANE = "mapping:";

/** The lane of a mapping with flow.concurrency and no flow.lane. */
export function ownLane(mappingId: string): string {
  return `${OWN_LANE}${mappingId}`;
}

/** How a lane reads: `lane github`, or `mapping alerts` for a mapping's own. */
export function laneText(name: string): string {
  return name.startsWith(OWN_LANE) ? `mapping ${name.slice(OWN_LANE.length)}` : `lane ${name}`;
}

/** Why a queued run waits for its lane: `lane github: 1 of 1 running`. */
export function laneWaitText(lane: RunLane, running: number): string {
  return `${laneText(lane.name)}: ${running} of ${lane.limit} running`;
}
