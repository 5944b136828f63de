// Contract between the runtime and delivery: hand over a reply, get back what happened to it.
import type { DeliveryState } from "../../store/types.js";

export interface DeliveryRequest {
  /** Run whose reply this is (its delivery state is recorded on it); absent for heartbeat replies. */
  runId?: string;
  text: string;
  /** `last` or a channel name. */
  channel: string;
  to?: string;
}

export interface Delivery {
  /**
   * Resolves the target, splits the text at the channel's limit, sends with retries, records the state
   * on the run (when runId is set) and, on success, the main session's last route. Never throws.
   */
  deliver(req: DeliveryRequest): Promise<DeliveryState>;
  /** On start: retries deliveries that were in flight when the process stopped (at-least-once). */
  resumePending(): Promise<void>;
  /** Names of configured channels, in the spec's order. */
  configuredChannels(): string[];
}
