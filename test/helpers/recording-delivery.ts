// A Delivery that records what it was asked to send and reports it sent (recording the state on the
// run, as the real one does). For runtime tests; the channel adapters have their own tests.
import type { Delivery, DeliveryRequest } from "../../src/runtime/delivery/types.js";
import type { DeliveryState, Store } from "../../src/store/types.js";

export class RecordingDelivery implements Delivery {
  readonly sent: DeliveryRequest[] = [];
  resumed = 0;

  constructor(private readonly store?: Store) {}

  async deliver(req: DeliveryRequest): Promise<DeliveryState> {
    this.sent.push(req);
    const state: DeliveryState = {
      status: "sent",
      channel: req.channel === "last" ? "telegram" : req.channel,
      to: req.to ?? "100",
      messageIds: [String(this.sent.length)],
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
