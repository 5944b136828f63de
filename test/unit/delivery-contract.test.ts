// Every channel against the contract fake of its service: the fake refuses what the real service
// refuses (size in its own unit, empty text, wrong credentials), answers rate limits and lost answers
// as the real one does, and shows what the service's users would see. Waits move the delivery's clock;
// nothing here sleeps for a rate-limit window.
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { createDelivery } from "../../src/runtime/delivery/index.js";
import { closeOpened, finishedRun, harness } from "../helpers/delivery.js";
import {
  type ChannelFake,
  channelFake,
  fencesBalanced,
  mattermostChannelMentions,
  type Service,
  slackControls,
  slackDecode,
} from "../helpers/fake-channels.js";

afterEach(closeOpened);

const SERVICES: Service[] = [
  "telegram",
  "slack",
  "discord",
  "mattermost",
  "signal",
  "whatsapp",
  "imessage",
  "msteams",
];

const RECIPIENT: Record<Service, string> = {
  telegram: "-1001234567890",
  slack: "C0123ABCDEF",
  discord: "987654321",
  mattermost: "4xp9fdt7gbrfbyfjq9sb6xsmsw",
  signal: "+15552223333",
  whatsapp: "15551234567",
  imessage: "iMessage;-;+15551234567",
  msteams: "ops",
};

/** A fake, a delivery configured for it, and a run whose reply `text` is delivered. */
async function deliver(fake: ChannelFake, text: string, opts: Parameters<typeof harness>[0] = {}) {
  const h = await harness({ channels: fake.channels, ...opts });
  const runId = await finishedRun(h.store, { reply: text });
  const state = await h.delivery.deliver({ runId, text, channel: fake.service, to: RECIPIENT[fake.service] });
  return { h, runId, state };
}

/** What a reader sees, without the Markdown the splitter adds and the mention breakers. */
function visible(service: Service, text: string): string {
  const shown = service === "slack" ? slackDecode(text) : text;
  return shown
    .split("\n")
    .filter((line) => !/^ {0,3}(`{3,}|~{3,})/.test(line))
    .join("\n")
    .replace(/[\u200b`*~_\s]/g, "");
}

/** A reply far over every limit: prose, an 80-line code block, inline code, emoji and accents. */
function longReply(atLeastChars: number): string {
  const code = Array.from(
    { length: 80 },
    (_, i) => `  const step${i} = await run("job-${i}", { retries: 3, label: "ünïcødé 🚀" });`,
  ).join("\n");
  const section = (n: number) =>
    `## Section ${n}\n\nThe deploy of **service ${n}** finished; run \`make check-${n}\` to verify. ` +
    `${"Details follow with café, naïve and 🚀 in them. ".repeat(6)}\n\n\`\`\`ts\n${code}\n\`\`\``;
  const sections: string[] = [];
  let n = 0;
  while (sections.join("\n\n").length < atLeastChars) sections.push(section(++n));
  return sections.join("\n\n");
}

const LIMIT_CHARS: Record<Service, number> = {
  telegram: 4096,
  slack: 40_000,
  discord: 2000,
  mattermost: 16_383,
  signal: 2000,
  whatsapp: 4096,
  imessage: 20_000,
  msteams: 20_000,
};

describe.each(SERVICES)("%s contract", (service) => {
  it("delivers a long Markdown reply as parts the service accepts, each with balanced code fences", async () => {
    const fake = await channelFake(service);
    const text = longReply(LIMIT_CHARS[service] * 2.5);
    const { state } = await deliver(fake, text);
    expect(fake.refused).toEqual([]);
    expect(state.status).toBe("sent");
    expect(fake.posted.length).toBeGreaterThan(1);
    expect(state.messageIds).toEqual(fake.posted.map((p) => p.id));
    for (const part of fake.posted) expect(fencesBalanced(part.text), part.text.slice(0, 80)).toBe(true);
    expect(fake.posted.map((p) => visible(service, p.text)).join("")).toBe(visible(service, text));
  });

  it("fails at once on a wrong credential, with the service's own words", async () => {
    const fake = await channelFake(service);
    const h = await harness({ channels: fake.wrongCredentials });
    const state = await h.delivery.deliver({ text: "hello", channel: service, to: RECIPIENT[service] });
    expect(state.status).toBe("failed");
    const words: Record<Service, RegExp> = {
      telegram: /HTTP 401: Unauthorized/,
      slack: /Slack error invalid_auth/,
      discord: /HTTP 401: 401: Unauthorized/,
      mattermost: /HTTP 401: Invalid or expired session/,
      signal: /HTTP 400: User \+15559999999 is not registered/,
      whatsapp: /HTTP 401: Invalid OAuth access token/,
      imessage: /HTTP 401: Unauthorized/,
      msteams: /HTTP 404/,
    };
    expect(state.reason).toMatch(words[service]);
    expect(fake.seen).toHaveLength(1);
    expect(fake.posted).toEqual([]);
  });

  it("never sends an empty message", async () => {
    const fake = await channelFake(service);
    const { state } = await deliver(fake, " \n\n ");
    expect(state).toMatchObject({ status: "skipped", reason: "reply is empty" });
    expect(fake.seen).toHaveLength(0);
  });
});

describe("rate limits", () => {
  const asked: Array<[Service, number, number]> = [
    ["telegram", 45, 45_000],
    ["slack", 45, 45_000],
    ["discord", 1.2345, 1235],
    ["mattermost", 45, 45_000],
    ["imessage", 45, 45_000],
    ["msteams", 45, 45_000],
  ];

  it.each(asked)(
    "%s: waits the whole wait the service asked for (%s s), not the backoff cap",
    async (service, seconds, ms) => {
      const fake = await channelFake(service);
      fake.rateLimit(seconds);
      const { h, state } = await deliver(fake, "Backup finished");
      // delivery.maxDelayMs is 30 s: a 45 s wait used to be cut to 30 s and sent early.
      expect(h.waits).toEqual([ms]);
      expect(state).toMatchObject({ status: "sent", attempts: 2 });
      expect(fake.posted.map((p) => p.text)).toEqual(["Backup finished"]);
    },
  );

  it("holds back every send to the channel until the window ends, not only the one that was told", async () => {
    const fake = await channelFake("slack");
    fake.rateLimit(45);
    const sleeps: Array<{ ms: number; done: () => void }> = [];
    const h = await harness({
      channels: fake.channels,
      sleep: (ms) => new Promise<void>((done) => sleeps.push({ ms, done })),
    });
    const first = h.delivery.deliver({ text: "first", channel: "slack", to: "C1" });
    await expect.poll(() => sleeps.length).toBe(1);
    // A second reply while the first waits: it waits too, instead of going out inside the window.
    const second = h.delivery.deliver({ text: "second", channel: "slack", to: "C1" });
    await expect.poll(() => sleeps.length).toBe(2);
    expect(sleeps.map((s) => s.ms)).toEqual([45_000, 45_000]);
    expect(fake.seen).toHaveLength(1);
    h.clock.now += 45_000;
    for (const s of sleeps) s.done();
    expect((await first).status).toBe("sent");
    expect((await second).status).toBe("sent");
    expect(fake.posted.map((p) => p.text).sort()).toEqual(["first", "second"]);
  });

  it("fails at once, stating the wait, when the service asks for longer than delivery.maxRetryAfterMs", async () => {
    const fake = await channelFake("telegram");
    fake.rateLimit(3600);
    const { h, state } = await deliver(fake, "hello");
    expect(h.waits).toEqual([]);
    expect(state.status).toBe("failed");
    expect(state.reason).toBe(
      "telegram: HTTP 429: Too Many Requests: retry after 3600 (the service asked to wait 1 h, longer than " +
        "delivery.maxRetryAfterMs = 15 min: not retried)",
    );
  });

  it("keeps the wait across a restart: the resumed delivery does not send before the window ends", async () => {
    const fake = await channelFake("telegram");
    fake.rateLimit(600);
    // The first process records the wait, then dies while waiting.
    const h = await harness({ channels: fake.channels, sleep: () => new Promise(() => {}) });
    const runId = await finishedRun(h.store, { reply: "Release 2.0 is out" });
    void h.delivery.deliver({ runId, text: "Release 2.0 is out", channel: "telegram", to: "-100" });
    await expect.poll(async () => (await h.store.getRun(runId))?.delivery?.notBefore).toBeDefined();
    const notBefore = (await h.store.getRun(runId))?.delivery?.notBefore ?? 0;
    expect(notBefore).toBe(h.clock.now + 600_000);

    // Restarted 100 s later: 500 s of the wait are left.
    const waits: number[] = [];
    let now = h.clock.now + 100_000;
    const restarted = createDelivery({
      config: h.config,
      store: h.store,
      log: createLogger("silent"),
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    await restarted.resumePending();
    expect(waits).toEqual([500_000]);
    expect(fake.posted.map((p) => p.text)).toEqual(["Release 2.0 is out"]);
    expect((await h.store.getRun(runId))?.delivery).toMatchObject({ status: "sent" });
  });

  it("retries WhatsApp's throughput error and Signal's rate-limit error reported as 400", async () => {
    const wa = await channelFake("whatsapp");
    wa.rateLimit(1);
    expect((await deliver(wa, "hi")).state).toMatchObject({ status: "sent", attempts: 2 });
    const signal = await channelFake("signal");
    signal.answerNext({ status: 400, body: { error: "Failed to send message due to rate limiting" } });
    expect((await deliver(signal, "hi")).state).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("a send whose answer is lost", () => {
  it.each(["discord", "mattermost", "imessage"] as Service[])(
    "%s: the retry carries the same key and the service shows the message once",
    async (service) => {
      const fake = await channelFake(service);
      fake.hangAfterProcessing();
      // A short request timeout: the first request is never answered.
      const { state } = await deliver(fake, "Deploy finished", { requestTimeoutMs: 1500 });
      expect(state.status).toBe("sent");
      expect(fake.posted.map((p) => p.text)).toEqual(["Deploy finished"]);
      expect(fake.seen.length).toBeGreaterThan(1);
    },
  );

  it("telegram has no such key: the retry shows the message twice (at least once, never lost)", async () => {
    const fake = await channelFake("telegram");
    fake.hangAfterProcessing();
    const { state } = await deliver(fake, "Deploy finished", { requestTimeoutMs: 1500 });
    expect(state.status).toBe("sent");
    expect(fake.posted.map((p) => p.text)).toEqual(["Deploy finished", "Deploy finished"]);
  });

  it.each(["discord", "mattermost"] as Service[])(
    "%s: a restart resends with the key it recorded, and the service returns the message it made",
    async (service) => {
      const fake = await channelFake(service);
      fake.hangAfterProcessing();
      const h = await harness({
        channels: fake.channels,
        requestTimeoutMs: 1500,
        // The process dies while waiting to retry.
        sleep: () => new Promise(() => {}),
      });
      const runId = await finishedRun(h.store, { reply: "Release 2.0 is out" });
      void h.delivery.deliver({
        runId,
        text: "Release 2.0 is out",
        channel: service,
        to: RECIPIENT[service],
      });
      await expect.poll(() => fake.posted.length).toBe(1);
      const recorded = (await h.store.getRun(runId))?.delivery;
      expect(recorded).toMatchObject({ status: "pending", partKey: expect.any(String) });

      await h.recreate().resumePending();
      expect(fake.posted).toHaveLength(1);
      const state = (await h.store.getRun(runId))?.delivery;
      expect(state).toMatchObject({ status: "sent", messageIds: [fake.posted[0]?.id] });
    },
  );

  it("imessage: a restart resends with the same tempGuid", async () => {
    const fake = await channelFake("imessage");
    fake.answerNext({ status: 503, body: { status: 503, message: "Server is restarting" } });
    const h = await harness({ channels: fake.channels, sleep: () => new Promise(() => {}) });
    const runId = await finishedRun(h.store, { reply: "Dinner at 8" });
    void h.delivery.deliver({ runId, text: "Dinner at 8", channel: "imessage", to: "+15551234567" });
    await expect.poll(() => fake.seen.length).toBe(1);
    await h.recreate().resumePending();
    expect(fake.seen).toHaveLength(2);
    expect(fake.seen[1]?.body.tempGuid).toBe(fake.seen[0]?.body.tempGuid);
    expect(fake.posted.map((p) => p.text)).toEqual(["Dinner at 8"]);
  });
});

describe("untrusted content cannot ping or disguise", () => {
  const hostile = "<!channel> <!here> <@U024BE7LH> deploy & <https://evil.example|docs> a<b>c";

  it("slack: &, < and > are sent as entities, so no control sequence reaches Slack", async () => {
    const fake = await channelFake("slack");
    const { state } = await deliver(fake, hostile);
    expect(state.status).toBe("sent");
    const sent = fake.posted[0]?.text ?? "";
    expect(slackControls(sent)).toEqual([]);
    expect(slackDecode(sent)).toBe(hostile);
  });

  it("mattermost: @channel, @here and @all notify nobody; the text reads the same", async () => {
    const fake = await channelFake("mattermost");
    const text = "@channel @here, @ALL: disk full. Mail ops@here.example or @alice.";
    expect(mattermostChannelMentions(text)).toEqual(["@channel", "@here", "@ALL"]);
    const { state } = await deliver(fake, text);
    expect(state.status).toBe("sent");
    const sent = fake.posted[0]?.text ?? "";
    expect(mattermostChannelMentions(sent)).toEqual([]);
    expect(sent.replace(/\u200b/g, "")).toBe(text);
  });
});

describe("service specifics", () => {
  it("telegram: follows migrate_to_chat_id once and makes the supergroup the last route", async () => {
    const fake = await channelFake("telegram");
    fake.answerNext({
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description: "Bad Request: group chat was upgraded to a supergroup chat",
        parameters: { migrate_to_chat_id: -1009876543210 },
      },
    });
    const { h, state } = await deliver(fake, "hello");
    expect(state).toMatchObject({ status: "sent", to: "-1009876543210" });
    expect(fake.posted.map((p) => p.to)).toEqual(["-1009876543210"]);
    expect(await h.store.getLastRoute()).toEqual({ channel: "telegram", to: "-1009876543210" });
    expect(h.logs.join("\n")).toContain("update channels.telegram.defaultTo");
  });

  it("signal: sends text_mode normal, and fails at once on a 400 that will not pass", async () => {
    const fake = await channelFake("signal");
    await deliver(fake, "*not bold*");
    expect(fake.seen[0]?.body).toMatchObject({ message: "*not bold*", text_mode: "normal" });
    fake.answerNext({
      status: 400,
      body: { error: "Failed to send message: +15552223333: Unregistered user" },
    });
    const { state } = await deliver(fake, "x");
    expect(state).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("whatsapp: retries codes 1, 2 and 131000 (passing failures on Meta's side)", async () => {
    const fake = await channelFake("whatsapp");
    const graph = (code: number) => ({
      status: code === 1 || code === 2 ? 500 : 400,
      body: { error: { message: `(#${code}) error`, type: "OAuthException", code, fbtrace_id: "x" } },
    });
    fake.answerNext(graph(1), graph(2), graph(131000));
    const { state } = await deliver(fake, "hi");
    expect(state).toMatchObject({ status: "sent", attempts: 4 });
  });

  it("msteams: a 413 inside a 200 fails at once as too large; a 429 inside a 200 is retried", async () => {
    const fake = await channelFake("msteams");
    const inside = (status: number) => ({
      status: 200,
      body: `Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error ${status} with ContextId tcid=1,server=x,cv=y.0..`,
    });
    fake.answerNext(inside(413));
    const big = await deliver(fake, "x");
    expect(big.state).toMatchObject({ status: "failed", attempts: 1 });
    expect(big.state.reason).toContain("Teams refused the message as too large (413)");
    fake.answerNext(inside(429));
    const busy = await deliver(fake, "y");
    expect(busy.state).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("discord: a DiscordBot (url, version) user agent, a nonce of at most 25 characters and enforce_nonce", async () => {
    const fake = await channelFake("discord");
    await deliver(fake, "hello");
    const req = fake.seen[0];
    expect(req?.headers["user-agent"]).toMatch(/^DiscordBot \(https:\/\/\S+, \d+\.\d+\.\d+\)$/);
    expect(req?.body).toMatchObject({ enforce_nonce: true, allowed_mentions: { parse: [] } });
    expect(String(req?.body.nonce)).toMatch(/^[0-9a-f]{25}$/);
  });
});
