// How long a verified delivery is remembered, over a real socket and a real SQLite file, on a clock
// the test moves (only Date is faked: sockets and timers run as usual): at least the sender's retry
// horizon (Stripe three days, Standard Webhooks 28 hours), a verify's idempotencyTtlSeconds as given,
// and never cut short by the retention of other rows.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { MappingVerify } from "../../src/types/generated.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

const STRIPE: MappingVerify = { scheme: "stripe", secret: "whsec_stripe_window" };
const SW: MappingVerify = {
  scheme: "standard-webhooks",
  secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
};
const SHORT: MappingVerify = { ...SW, idempotencyTtlSeconds: 3600 };
const PLAIN: MappingVerify = {
  scheme: "hmac",
  header: "x-sig",
  secret: "plain-secret",
  idHeader: "x-delivery",
};
/** Schemes that sign the body only, each with the header its delivery id comes in. */
const BODY_ONLY: Array<{ path: string; verify: MappingVerify; idHeader: string }> = [
  { path: "github", verify: { scheme: "github", secret: "gh-secret" }, idHeader: "x-github-delivery" },
  { path: "gitlab", verify: { scheme: "gitlab", secret: "gl-token" }, idHeader: "idempotency-key" },
  { path: "shopify", verify: { scheme: "shopify", secret: "shop-secret" }, idHeader: "x-shopify-event-id" },
  { path: "sentry", verify: { scheme: "sentry", secret: "sentry-secret" }, idHeader: "request-id" },
  { path: "pagerduty", verify: { scheme: "pagerduty", secret: "pd-secret" }, idHeader: "x-webhook-id" },
];

/** The headers the sender sends now (the faked now), for the same delivery id. */
function signed(verify: MappingVerify, body: string, id: string): Record<string, string> {
  return signRequest(
    verify,
    { body: Buffer.from(body), timestamp: Math.floor(Date.now() / 1000), id },
    (f, m) => {
      throw new Error(`${f}: ${m}`);
    },
  )!;
}

describe("the delivery-id window", () => {
  let s: TestServer;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    s = await startTestServer({
      hooks: {
        mappings: [
          mapping({
            id: "stripe",
            match: { path: "stripe" },
            action: "agent",
            verify: STRIPE,
            messageTemplate: "{{type}}",
          }),
          mapping({
            id: "sw",
            match: { path: "sw" },
            action: "agent",
            verify: SW,
            messageTemplate: "{{type}}",
          }),
          mapping({
            id: "short",
            match: { path: "short" },
            action: "agent",
            verify: SHORT,
            messageTemplate: "{{type}}",
          }),
          mapping({
            id: "plain",
            match: { path: "plain" },
            action: "agent",
            verify: PLAIN,
            messageTemplate: "{{type}}",
          }),
          ...BODY_ONLY.map((b) =>
            mapping({
              id: b.path,
              match: { path: b.path },
              action: "agent",
              verify: b.verify,
              messageTemplate: "{{type}}",
            }),
          ),
        ],
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    vi.useRealTimers();
  });
  afterEach(() => vi.setSystemTime(T0));

  const send = async (path: string, verify: MappingVerify, body: string, id: string) => {
    const res = await s.post(`/hooks/${path}`, body, { token: null, headers: signed(verify, body, id) });
    expect(res.status).toBe(202);
    return {
      replayed: res.headers.get("idempotent-replay") === "true",
      runId: ((await res.json()) as { runId: string }).runId,
    };
  };
  const later = (ms: number) => vi.setSystemTime(T0 + ms);

  it("Stripe: an event retried 71 hours later starts nothing, even after retention pruned everything it may", async () => {
    const body = JSON.stringify({ id: "evt_window_1", type: "invoice.payment_failed" });
    const first = await send("stripe", STRIPE, body, "ignored");
    later(71 * HOUR);
    // The harshest retention: rows older than a minute go, and at most one row per table stays.
    await s.runtime.store.prune({ before: Date.now() - 60_000, keep: 1, batch: 2000 });
    const retry = await send("stripe", STRIPE, body, "ignored");
    expect(retry).toEqual({ replayed: true, runId: first.runId });
    // Past the three days the id is forgotten: the same event id is an event again.
    later(3 * DAY + HOUR);
    const after = await send("stripe", STRIPE, body, "ignored");
    expect(after.replayed).toBe(false);
    expect(after.runId).not.toBe(first.runId);
  });

  it("Standard Webhooks: a retry 27 hours later starts nothing; after 28 hours it is new", async () => {
    const body = JSON.stringify({ type: "user.created", data: { id: "u_1" } });
    const first = await send("sw", SW, body, "msg_window_1");
    later(27 * HOUR);
    expect(await send("sw", SW, body, "msg_window_1")).toEqual({ replayed: true, runId: first.runId });
    later(28 * HOUR + 60_000);
    expect((await send("sw", SW, body, "msg_window_1")).replayed).toBe(false);
  });

  it("a sender without a longer horizon keeps hooks.idempotencyTtlSeconds (24 hours)", async () => {
    const body = JSON.stringify({ type: "deploy" });
    const first = await send("plain", PLAIN, body, "d-1");
    later(23 * HOUR);
    expect(await send("plain", PLAIN, body, "d-1")).toEqual({ replayed: true, runId: first.runId });
    later(DAY + 60_000);
    expect((await send("plain", PLAIN, body, "d-1")).replayed).toBe(false);
  });

  it("verify.idempotencyTtlSeconds is used as given, shorter than the sender's horizon too", async () => {
    const body = JSON.stringify({ type: "user.deleted", data: { id: "u_2" } });
    const first = await send("short", SHORT, body, "msg_window_2");
    later(59 * 60_000);
    expect(await send("short", SHORT, body, "msg_window_2")).toEqual({ replayed: true, runId: first.runId });
    later(61 * 60_000);
    expect((await send("short", SHORT, body, "msg_window_2")).replayed).toBe(false);
  });

  describe("schemes that sign the body only: a captured delivery sent again is a repeat under any delivery id", () => {
    const runCount = async () => (await s.runtime.store.listRuns({ limit: 10_000 })).length;

    it.each(BODY_ONLY)("$path", async ({ path, verify, idHeader }) => {
      const body = JSON.stringify({ type: `${path}.event`, n: 1 });
      const headers = signed(verify, body, "delivery-1");
      const post = (h: Record<string, string>) => s.post(`/hooks/${path}`, body, { token: null, headers: h });
      const first = await post(headers);
      expect(first.status).toBe(202);
      const { runId } = (await first.json()) as { runId: string };
      const runs = await runCount();
      // The same signed bytes under a new delivery id, and with none at all.
      const { [idHeader]: _, ...withoutId } = headers;
      for (const h of [{ ...headers, [idHeader]: "delivery-2" }, withoutId]) {
        const again = await post(h);
        expect(again.status).toBe(202);
        expect(again.headers.get("idempotent-replay")).toBe("true");
        expect(await again.json()).toEqual({ ok: true, runId });
      }
      expect(await runCount()).toBe(runs);
      // Another body is another event, whatever its id.
      const other = JSON.stringify({ type: `${path}.event`, n: 2 });
      const res = await s.post(`/hooks/${path}`, other, {
        token: null,
        headers: signed(verify, other, "delivery-1"),
      });
      expect(((await res.json()) as { runId: string }).runId).not.toBe(runId);
      expect(await runCount()).toBe(runs + 1);
    });

    it("the body is remembered for the sender's window (GitHub: three days), then it is new again", async () => {
      const { verify } = BODY_ONLY[0]!;
      const body = JSON.stringify({ type: "push", after: "abc123" });
      const first = await send("github", verify, body, "gh-1");
      later(71 * HOUR);
      expect(await send("github", verify, body, "gh-2")).toEqual({ replayed: true, runId: first.runId });
      later(3 * DAY + HOUR);
      expect((await send("github", verify, body, "gh-3")).replayed).toBe(false);
    });

    it("a scheme that signs its id and time is not one of them: the same body under a new id is a new event", async () => {
      const body = JSON.stringify({ type: "user.updated", data: { id: "u_3" } });
      const first = await send("sw", SW, body, "msg_a");
      const second = await send("sw", SW, body, "msg_b");
      expect(second.replayed).toBe(false);
      expect(second.runId).not.toBe(first.runId);
    });
  });
});
