// What the HTTP ingress needs of the runtime: a durable store to accept into, and kicks that make
// accepted work happen without waiting for the next poll.
import type { Pause, Store } from "../store/types.js";
import type { IssueRecorder } from "./issues.js";

export interface Runtime {
  readonly store: Store;
  /** Where failures after the 2xx are noted, and the open issues read. */
  readonly issues: IssueRecorder;
  /** Recovers interrupted runs and pending deliveries, starts the worker loop and the heartbeat timer. */
  start(): Promise<void>;
  /** Stops claiming work, lets in-flight runs finish (up to a grace period), then closes the store. */
  stop(): Promise<void>;
  /** A wake was accepted: mode `now` requests a heartbeat (coalesced with others close in time). */
  wakeAccepted(mode: "now" | "next-heartbeat"): void;
  /** A run was accepted: wake the worker loop. */
  runAccepted(): void;
  /**
   * The pause that holds runs of this mapping or pack, as this instance last read the pauses from the
   * store (at each look for due coalesce windows); undefined when none.
   */
  pausedBy(run: { mappingId?: string; pack?: string; lane?: { name: string } }): Pause | undefined;
  /** Reads the pauses again and applies them now (after a pause or resume made in this process). */
  pausesChanged(): Promise<void>;
}
