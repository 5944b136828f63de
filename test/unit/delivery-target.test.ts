// Where a reply goes: explicit channel and `to`; a channel's defaultTo or last recipient; `last` = the
// main session's last route, else the first configured channel in the spec's order with a defaultTo;
// nothing resolvable = skipped with the reason. Ack-only and empty replies are not delivered.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { ChannelsConfig } from "../../src/types/generated.js";
import { closeOpened, type FakeService, fakeService, finishedRun, harness } from "../helpers/delivery.js";

afterEach(closeOpened);

/** One fake server speaking both Telegram's and Slack's API, so a test sees which one was used. */
function telegramAndSlack(app: FastifyInstance): void {
  let n = 0;
  app.post("/tg/:bot/sendMessage", async () => ({ ok: true, result: { message_id: ++n } }));
  app.post("/slack/chat.postMessage", async () => ({ ok: true, ts: `${++n}.0001` }));
}

async function setup(channels: (url: string) => ChannelsConfig) {
  const svc = await fakeService(telegramAndSlack);
  const h = await harness({ channels: channels(svc.url) });
  return { svc, h };
}

const telegram = (url: string, defaultTo?: string): ChannelsConfig["telegram"] => ({
  botToken: "123:token-tg",
  apiBaseUrl: `${url}/tg`,
  ...(defaultTo ? { defaultTo } : {}),
});
const slack = (url: string, defaultTo?: string): ChannelsConfig["slack"] => ({
  botToken: "xoxb-token-slack",
  apiBaseUrl: `${url}/slack`,
  ...(defaultTo ? { defaultTo } : {}),
});

/** Which service and recipient each request went to. */
const targets = (seen: FakeService["seen"]) =>
  seen.map((r) => (r.path.startsWith("/tg/") ? `telegram:${r.body.chat_id}` : `slack:${r.body.channel}`));

describe("target resolution", () => {
  it("uses an explicit channel and to", async () => {
    const t = await setup((url) => ({ telegram: telegram(url, "100"), slack: slack(url, "C1") }));
    const state = await t.h.delivery.deliver({ text: "hi", channel: "slack", to: "C9" });
    expect(state).toMatchObject({ status: "sent", channel: "slack", to: "C9" });
    expect(targets(t.svc.seen)).toEqual(["slack:C9"]);
  });

  it("uses the channel's defaultTo when `to` is absent", async () => {
    const t = await setup((url) => ({ telegram: telegram(url, "100"), slack: slack(url, "C1") }));
    await t.h.delivery.deliver({ text: "hi", channel: "slack" });
    expect(targets(t.svc.seen)).toEqual(["slack:C1"]);
  });

  it("uses the last recipient on that channel when it has no defaultTo", async () => {
    const t = await setup((url) => ({ slack: slack(url) }));
    await t.h.delivery.deliver({ text: "first", channel: "slack", to: "C7" });
    const state = await t.h.delivery.deliver({ text: "second", channel: "slack" });
    expect(state).toMatchObject({ status: "sent", to: "C7" });
    expect(targets(t.svc.seen)).toEqual(["slack:C7", "slack:C7"]);
  });

  it("skips, with the fix in the reason, a channel without any recipient", async () => {
    const t = await setup((url) => ({ slack: slack(url) }));
    const runId = await finishedRun(t.h.store);
    const state = await t.h.delivery.deliver({ runId, text: "hi", channel: "slack" });
    expect(state).toMatchObject({
      status: "skipped",
      channel: "slack",
      reason: 'no recipient for slack: pass "to" or set channels.slack.defaultTo',
    });
    expect((await t.h.store.getRun(runId))?.delivery).toMatchObject({
      status: "skipped",
      reason: state.reason,
    });
    expect(t.svc.seen).toHaveLength(0);
  });

  it("skips a channel that is not configured", async () => {
    const t = await setup((url) => ({ slack: slack(url, "C1") }));
    const state = await t.h.delivery.deliver({ text: "hi", channel: "discord", to: "1" });
    expect(state).toMatchObject({
      status: "skipped",
      reason: "channel discord is not configured: add channels.discord to deliver there",
    });
    expect(t.svc.seen).toHaveLength(0);
  });

  it("`last` follows the main session's last route, which every successful delivery updates", async () => {
    const t = await setup((url) => ({ telegram: telegram(url, "100"), slack: slack(url, "C1") }));
    await t.h.delivery.deliver({ text: "one", channel: "slack", to: "C5" });
    expect(await t.h.store.getLastRoute()).toEqual({ channel: "slack", to: "C5" });
    await t.h.delivery.deliver({ text: "two", channel: "last" });
    await t.h.delivery.deliver({ text: "three", channel: "telegram", to: "200" });
    expect(await t.h.store.getLastRoute()).toEqual({ channel: "telegram", to: "200" });
    await t.h.delivery.deliver({ text: "four", channel: "last" });
    expect(targets(t.svc.seen)).toEqual(["slack:C5", "slack:C5", "telegram:200", "telegram:200"]);
  });

  it("a failed delivery leaves the last route alone", async () => {
    const t = await setup((url) => ({
      slack: slack(url, "C1"),
      discord: { botToken: "d-token", apiBaseUrl: url },
    }));
    await t.h.delivery.deliver({ text: "one", channel: "slack", to: "C5" });
    const failed = await t.h.delivery.deliver({ text: "two", channel: "discord", to: "404" });
    expect(failed.status).toBe("failed");
    expect(await t.h.store.getLastRoute()).toEqual({ channel: "slack", to: "C5" });
  });

  it("`last` with no last route falls back to the first configured channel in the spec's order", async () => {
    // Configured slack first, telegram second: the spec's order (whatsapp, telegram, discord, slack, ...) wins.
    const t = await setup((url) => ({ slack: slack(url, "C1"), telegram: telegram(url, "100") }));
    expect(t.h.delivery.configuredChannels()).toEqual(["telegram", "slack"]);
    const state = await t.h.delivery.deliver({ text: "hi", channel: "last" });
    expect(state).toMatchObject({ status: "sent", channel: "telegram", to: "100" });
    expect(targets(t.svc.seen)).toEqual(["telegram:100"]);
  });

  it("the fallback passes over a configured channel that has no defaultTo", async () => {
    const t = await setup((url) => ({ telegram: telegram(url), slack: slack(url, "C1") }));
    const state = await t.h.delivery.deliver({ text: "hi", channel: "last" });
    expect(state).toMatchObject({ status: "sent", channel: "slack", to: "C1" });
  });

  it("an absent channel means `last`", async () => {
    const t = await setup((url) => ({ slack: slack(url, "C1") }));
    const state = await t.h.delivery.deliver({ text: "hi", channel: "" });
    expect(state).toMatchObject({ status: "sent", channel: "slack", to: "C1" });
  });

  it("skips `last` with the reason when nothing is resolvable; the run is not failed", async () => {
    const t = await setup((url) => ({ telegram: telegram(url), slack: slack(url) }));
    const runId = await finishedRun(t.h.store);
    const state = await t.h.delivery.deliver({ runId, text: "hi", channel: "last" });
    expect(state.status).toBe("skipped");
    expect(state.reason).toContain("no configured channel has a defaultTo");
    const run = await t.h.store.getRun(runId);
    expect(run).toMatchObject({ status: "succeeded", delivery: { status: "skipped" } });
  });

  it("skips when no channel is configured at all", async () => {
    const h = await harness({ channels: {} });
    expect(h.delivery.configuredChannels()).toEqual([]);
    const state = await h.delivery.deliver({ text: "hi", channel: "last" });
    expect(state).toMatchObject({ status: "skipped" });
    expect(state.reason).toContain("no chat channel is configured");
  });
});

describe("replies that are not delivered", () => {
  it("skips a reply that is only the heartbeat ack token, with or without decoration", async () => {
    const t = await setup((url) => ({ slack: slack(url, "C1") }));
    for (const text of ["HEARTBEAT_OK", "  **HEARTBEAT_OK**.\n", "`HEARTBEAT_OK`"]) {
      const state = await t.h.delivery.deliver({ text, channel: "last" });
      expect(state).toMatchObject({
        status: "skipped",
        reason: "reply is only the heartbeat acknowledgement",
      });
    }
    expect(t.svc.seen).toHaveLength(0);
  });

  it("delivers a reply that says more than the ack token", async () => {
    const t = await setup((url) => ({ slack: slack(url, "C1") }));
    const state = await t.h.delivery.deliver({ text: "HEARTBEAT_OK but disk is at 91%", channel: "last" });
    expect(state.status).toBe("sent");
  });

  it("skips an empty reply", async () => {
    const t = await setup((url) => ({ slack: slack(url, "C1") }));
    const state = await t.h.delivery.deliver({ text: " \n ", channel: "slack" });
    expect(state).toMatchObject({ status: "skipped", reason: "reply is empty" });
    expect(t.svc.seen).toHaveLength(0);
  });
});
