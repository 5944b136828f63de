// At-least-once: a delivery is recorded `pending` before anything is sent, and one left `pending` by a
// stopped process is finished on start, without resending the parts known to be sent.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { createDelivery } from "../../src/runtime/delivery/index.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { DeliveryState } from "../../src/store/types.js";
import { closeOpened, type FakeService, fakeService, finishedRun, harness } from "../helpers/delivery.js";

const stores: SqliteStore[] = [];

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  await closeOpened();
});

/** A Discord fake numbering the messages it accepts; `down` makes it answer 503. */
async function discordFake(): Promise<{ svc: FakeService; state: { down: boolean } }> {
  const state = { down: false };
  let n = 0;
  const svc = await fakeService((app) =>
    app.post("/channels/:id/messages", async (_req, reply) => {
      if (state.down) return reply.code(503).send({ message: "upstream connect error" });
      n += 1;
      return { id: `m${n}` };
    }),
  );
  return { svc, state };
}

const discord = (url: string) => ({ discord: { botToken: "discord-resume-token", apiBaseUrl: url } });
const pending = (over: Partial<DeliveryState> = {}): DeliveryState => ({
  status: "pending",
  channel: "discord",
  to: "42",
  messageIds: [],
  attempts: 0,
  updatedAt: Date.now(),
  ...over,
});

describe("delivery state", () => {
  it("is `pending` with the resolved target while the request is in flight", async () => {
    let seenDuringRequest: DeliveryState | undefined;
    let runId = "";
    const svc = await fakeService((app) =>
      app.post("/chat.postMessage", async () => {
        seenDuringRequest = (await h.store.getRun(runId))?.delivery;
        return { ok: true, ts: "1.1" };
      }),
    );
    const h = await harness({
      channels: { slack: { botToken: "xoxb-x", apiBaseUrl: svc.url, defaultTo: "C1" } },
    });
    runId = await finishedRun(h.store);
    const state = await h.delivery.deliver({ runId, text: "hi", channel: "last" });
    expect(seenDuringRequest).toMatchObject({ status: "pending", channel: "slack", to: "C1" });
    expect(state.status).toBe("sent");
    expect(await h.store.pendingDeliveries()).toEqual([]);
  });
});

describe("resumePending", () => {
  it("finishes a delivery cut off by a restart", async () => {
    const fake = await discordFake();
    fake.state.down = true;
    // The first process is stuck waiting to retry when it "dies": its sleep never ends.
    const h = await harness({ channels: discord(fake.svc.url), sleep: () => new Promise(() => {}) });
    const runId = await finishedRun(h.store, { reply: "Release 1.4 is out" });
    void h.delivery.deliver({ runId, text: "Release 1.4 is out", channel: "discord", to: "42" });
    // Polled against the clock (expect.poll, see test/vitest.config.ts), not a count of loop turns:
    // a busy machine may need many turns for one HTTP round trip.
    await expect.poll(() => fake.svc.seen.length, { message: "the first attempt" }).toBe(1);
    await expect
      .poll(async () => (await h.store.getRun(runId))?.delivery?.status, { message: "the pending state" })
      .toBe("pending");
    await h.store.close();

    // Restart: a new store on the same file, a new delivery; the service is back.
    fake.state.down = false;
    const store = new SqliteStore(join(h.dir, "state.db"));
    await store.open();
    stores.push(store);
    const delivery = createDelivery({
      config: h.config,
      store,
      log: createLogger("silent"),
      sleep: async () => {},
    });
    await delivery.resumePending();

    expect(fake.svc.seen).toHaveLength(2);
    expect(fake.svc.seen[1]).toMatchObject({
      path: "/channels/42/messages",
      body: { content: "Release 1.4 is out" },
    });
    expect((await store.getRun(runId))?.delivery).toMatchObject({ status: "sent", messageIds: ["m1"] });
    expect(await store.pendingDeliveries()).toEqual([]);
    expect(await store.getLastRoute()).toEqual({ channel: "discord", to: "42" });
  });

  it("does not resend the parts of a long reply that were already sent", async () => {
    const fake = await discordFake();
    const h = await harness({ channels: discord(fake.svc.url) });
    const first = `First part. ${"a".repeat(1500)}`;
    const second = `Second part. ${"b".repeat(1500)}`;
    const runId = await finishedRun(h.store, {
      reply: `${first}\n\n${second}`,
      delivery: pending({ messageIds: ["earlier-1"], attempts: 1 }),
    });
    await h.delivery.resumePending();
    expect(fake.svc.seen.map((r) => r.body.content)).toEqual([second]);
    expect((await h.store.getRun(runId))?.delivery).toMatchObject({
      status: "sent",
      messageIds: ["earlier-1", "m1"],
      attempts: 2,
    });
  });

  it("skips a pending delivery whose run has no reply", async () => {
    const fake = await discordFake();
    const h = await harness({ channels: discord(fake.svc.url) });
    const runId = await finishedRun(h.store, { delivery: pending() });
    await h.delivery.resumePending();
    expect(fake.svc.seen).toHaveLength(0);
    expect((await h.store.getRun(runId))?.delivery).toMatchObject({
      status: "skipped",
      reason: "no reply to deliver",
    });
  });

  it("resolves the target afresh when the channel it was going to is no longer configured", async () => {
    const svc = await fakeService((app) =>
      app.post("/chat.postMessage", async () => ({ ok: true, ts: "9.9" })),
    );
    const h = await harness({
      channels: { slack: { botToken: "xoxb-y", apiBaseUrl: svc.url, defaultTo: "C3" } },
    });
    const runId = await finishedRun(h.store, { reply: "hello", channel: "last", delivery: pending() });
    await h.delivery.resumePending();
    expect(svc.seen.map((r) => r.body)).toEqual([{ channel: "C3", text: "hello" }]);
    expect((await h.store.getRun(runId))?.delivery).toMatchObject({
      status: "sent",
      channel: "slack",
      to: "C3",
    });
  });

  it("leaves finished deliveries alone", async () => {
    const fake = await discordFake();
    const h = await harness({ channels: discord(fake.svc.url) });
    await finishedRun(h.store, {
      reply: "done",
      delivery: { status: "sent", channel: "discord", to: "42", messageIds: ["x"], updatedAt: 1 },
    });
    await finishedRun(h.store, {
      reply: "skipped",
      delivery: { status: "skipped", reason: "r", updatedAt: 1 },
    });
    await h.delivery.resumePending();
    expect(fake.svc.seen).toHaveLength(0);
  });
});
