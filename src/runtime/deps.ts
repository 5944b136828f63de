// What runs and heartbeats need from the runtime around them; one object serves both.
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import type { Store } from "../store/types.js";
import type { Delivery } from "./delivery/types.js";
import type { DeliveryQueue } from "./delivery-queue.js";
import type { HeartbeatReason } from "./heartbeat-scheduler.js";
import type { IssueRecorder } from "./issues.js";
import type { Runner } from "./runners/index.js";

export interface RuntimeDeps {
  config: ResolvedConfig;
  store: Store;
  /** The channel adapters (built at start). */
  delivery: () => Delivery;
  /** Where finished work hands its reply, so that sending holds no run slot and no heartbeat. */
  deliveries: DeliveryQueue;
  runnerFor: (agentId: string) => Runner;
  log: Logger;
  now: () => number;
  /** Aborted when stop() cuts off work still in progress. */
  shutdown: AbortSignal;
  /** Where runs note their failures and successes. */
  issues: IssueRecorder;
  /** Asks for a heartbeat of the main session soon (requests coalesce). */
  requestHeartbeat: (reason: HeartbeatReason) => void;
}
