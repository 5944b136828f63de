// A Delivery that records what it was asked to send and reports it sent (recording the state on the
// run, as the real one does). For runtime tests; the channel adapters have their own tests.
import type { Delivery, DeliveryRequest } from "../../src/runtime/delivery/types.js";
import type { DeliveryState, Store } from "../../src/store/types.js";

export class RecordingDelivery implements Delivery {
  /** Every request, in the order deliver() was called (held ones included). */
  readonly sent: DeliveryRequest[] = [];
  resumed = 0;
  private held: Promise<void> | null = null;

  constructor(private readonly store?: Store) {}

  /**
   * Makes deliver() hang, like a channel that is down and being retried, until the returned function is
   * called; held requests then finish as sent.
   */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.held = null;
      release();
    };
  }

  async deliver(req: DeliveryRequest): Promise<DeliveryState> {
    this.sent.push(req);
    const n = this.sent.length;
    if (this.held) await this.held;
    const state: DeliveryState = {
      status: "sent",
      channel: req.channel === "last" ? "telegram" : req.channel,
      to: req.to ?? "100",
      messageIds: [String(n)],
      attempts: 1,
      updatedAt: Date.now(),
    };
    if (req.runId && this.store) await this.store.setDelivery(req.runId, state);
    return state;
  }

  async resumePending(): Promise<void> {
    this.resumed++;
  }

  configuredChannels(): string[] {
    return ["telegram"];
  }
}
