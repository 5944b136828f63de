// What the rules decided for one request, in the form the request log keeps: the HTTP layer writes it,
// replay and the console compare a new decision against it. Plain data, shared by the layers above.

export interface RequestDecision {
  kind: "wake" | "agent" | "skip" | "refused";
  /** The action built (agent runs: before the safety wrapper); strings longer than the cut are shortened. */
  action?: Record<string, unknown>;
  /**
   * sha256 of the whole action as built, when a string of it was cut (entries logged by earlier
   * versions have it always): equal digests mean equal actions.
   */
  actionDigest?: string;
  /** What the policies settled for an agent run. */
  verdict?: {
    sessionKey: string;
    model?: string;
    channel: string;
    /** A fresh `hook:<uuid>` key: different on every decision, so not a change. */
    sessionKeyGenerated?: boolean;
  };
  /** A fan-out (forEach): how many actions, and each one's record in order (`action` is the first's). */
  count?: number;
  each?: RecordedAction[];
  /** Skipped: why (transform, ignore, empty). */
  reason?: string;
}

/** One action of a fan-out as the request log keeps it. */
export type RecordedAction = Pick<RequestDecision, "action" | "actionDigest" | "verdict">;
