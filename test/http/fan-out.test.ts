// Fan-out (forEach) and `action: ignore` over real HTTP, on a real SQLite file and a real PostgreSQL
// schema: one run per element in one transaction, the cap refused whole, one element refused by the
// policies refuses the request, a repeat gets the whole first answer, and what the request log keeps.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedConfig, ResolvedMapping } from "../../src/config/types.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { MappingVerify } from "../../src/types/generated.js";
import type { DeepPartial } from "../helpers/config.js";
import { dropSchema, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const pg = await pgAvailable();

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

const GH: MappingVerify = { scheme: "github", secret: "fan-out-webhook-secret" };

const MAPPINGS: ResolvedMapping[] = [
  mapping({
    id: "batch",
    action: "agent",
    match: { path: "batch" },
    forEach: "items",
    sessionKey: "{{key}}",
    messageTemplate: "item {{n}}",
  }),
  mapping({
    id: "alerts",
    action: "wake",
    match: { path: "alerts" },
    forEach: "data.alerts",
    textTemplate: "alert {{name}}",
  }),
  mapping({
    id: "prop",
    action: "agent",
    match: { path: "prop" },
    forEach: "items",
    forEachMax: 10,
    sessionKey: "hook:prop:{{k}}",
    messageTemplate: "k={{k}}",
  }),
  mapping({ id: "noise", action: "ignore", match: { path: "noise" } }),
  mapping({
    id: "signed",
    action: "agent",
    match: { path: "signed" },
    verify: GH,
    forEach: "items",
    sessionKey: "hook:signed:{{k}}",
    messageTemplate: "signed {{k}}",
  }),
];

const message = (id: string, subject = `subject of ${id}`) => ({
  id,
  from: `${id}@example.com`,
  subject,
  snippet: "snippet",
  body: `body of ${id}`,
});

const kinds: Array<{ name: string; skip: boolean; store: () => DeepPartial<ResolvedConfig>["store"] }> = [
  { name: "SQLite", skip: false, store: () => undefined },
  { name: "PostgreSQL", skip: !pg, store: () => pgStoreConfig(uniqueSchema("fanout")) },
];

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`fan-out over HTTP (${kind.name})`, () => {
    let s: TestServer;
    let schema: string | undefined;

    beforeAll(async () => {
      const store = kind.store();
      schema = store && "schema" in store ? store.schema : undefined;
      s = await startTestServer(
        {
          hooks: {
            presets: ["mail"],
            allowedSessionKeyPrefixes: ["hook:"],
            mappings: MAPPINGS,
          },
          requestLog: { enabled: true, maxBodyBytes: 65_536 },
          ...(store && { store }),
        },
        // Runs stay queued: what the tests count is what the accept stored.
        { worker: false },
      );
    });
    afterAll(async () => {
      await s?.close();
      if (schema) await dropSchema(schema);
    });

    const runsOf = async (mappingId: string) =>
      (await s.runtime.store.listRuns({ limit: 1000 })).filter((r) => r.mappingId === mappingId);

    it("a Gmail payload with two messages starts two runs, each in its message's session", async () => {
      const res = await s.post("/hooks/gmail", { messages: [message("g1"), message("g2")] });
      expect(res.status).toBe(202);
      const body = (await res.json()) as { ok: boolean; runId: string; runIds: string[] };
      expect(body.ok).toBe(true);
      expect(body.runIds).toHaveLength(2);
      expect(body.runId).toBe(body.runIds[0]);
      const runs = await Promise.all(body.runIds.map((id) => s.runtime.store.getRun(id)));
      expect(runs.map((r) => [r?.sessionKey, r?.name, r?.mappingId, r?.status])).toEqual([
        ["hook:gmail:g1", "Gmail", "gmail", "queued"],
        ["hook:gmail:g2", "Gmail", "gmail", "queued"],
      ]);
      expect(runs[1]?.message).toContain("Subject: subject of g2");
      expect(runs[1]?.message).not.toContain("subject of g1");
      // The mail path keeps its own keys and name.
      const mail = (await (await s.post("/hooks/mail", { messages: [message("m1")] })).json()) as {
        runIds: string[];
      };
      expect((await s.runtime.store.getRun(mail.runIds[0]!))?.sessionKey).toBe("hook:mail:m1");
    });

    it("a payload without messages, or an ignored request, answers 204 and stores nothing", async () => {
      const before = (await s.runtime.store.listRuns({ limit: 1000 })).length;
      for (const body of [{ historyId: 123 }, { messages: [] }, { messages: "none" }]) {
        expect((await s.post("/hooks/gmail", body)).status).toBe(204);
      }
      expect((await s.post("/hooks/noise", { anything: true })).status).toBe(204);
      expect((await s.runtime.store.listRuns({ limit: 1000 })).length).toBe(before);
    });

    it("101 messages are refused with 413 FOREACH_TOO_MANY naming the mapping, count and cap; nothing is stored", async () => {
      const before = (await runsOf("mail")).length;
      const messages = Array.from({ length: 101 }, (_, i) => message(`big-${i}`));
      const res = await s.post("/hooks/mail", { messages });
      expect(res.status).toBe(413);
      const body = (await res.json()) as { code: string; error: string };
      expect(body.code).toBe("FOREACH_TOO_MANY");
      expect(body.error).toMatch(/mapping mail/);
      expect(body.error).toMatch(/101 elements/);
      expect(body.error).toMatch(/forEachMax 100/);
      expect((await runsOf("mail")).length).toBe(before);
      // 100 is within the cap.
      const ok = await s.post("/hooks/mail", { messages: messages.slice(1) });
      expect(ok.status).toBe(202);
      expect(((await ok.json()) as { runIds: string[] }).runIds).toHaveLength(100);
      expect((await runsOf("mail")).length).toBe(before + 100);
    });

    it("one element refused by the session-key allowlist refuses the request, naming it; nothing is stored", async () => {
      const res = await s.post("/hooks/batch", {
        items: [
          { key: "hook:batch:1", n: 1 },
          { key: "other:2", n: 2 },
          { key: "hook:batch:3", n: 3 },
        ],
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; error: string };
      expect(body.code).toBe("SESSION_KEY_PREFIX");
      expect(body.error).toMatch(/^mapping batch: forEach element 1: /);
      expect(await runsOf("batch")).toEqual([]);
    });

    it("an Idempotency-Key repeat gets the whole first answer and creates nothing", async () => {
      const payload = { messages: [message("i1"), message("i2"), message("i3")] };
      const headers = { "idempotency-key": `mail-batch-${kind.name}` };
      const first = await s.post("/hooks/gmail", payload, { headers });
      const again = await s.post("/hooks/gmail", payload, { headers });
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.headers.get("idempotent-replay")).toBe("true");
      const a = (await first.json()) as { runIds: string[] };
      expect(await again.json()).toEqual(a);
      const keys = (await runsOf("gmail")).map((r) => r.sessionKey).filter((k) => /^hook:gmail:i\d$/.test(k));
      expect(keys.sort()).toEqual(["hook:gmail:i1", "hook:gmail:i2", "hook:gmail:i3"]);
    });

    it("a redelivered signed request (same delivery id) gets the whole first answer and creates nothing", async () => {
      const body = JSON.stringify({ items: [{ k: "a" }, { k: "b" }] });
      const headers = signRequest(
        GH,
        { body: Buffer.from(body), timestamp: Math.floor(Date.now() / 1000), id: `delivery-${kind.name}` },
        (f, m) => {
          throw new Error(`${f}: ${m}`);
        },
      )!;
      const first = await s.post("/hooks/signed", body, { token: null, headers });
      const again = await s.post("/hooks/signed", body, { token: null, headers });
      expect(first.status).toBe(202);
      expect(again.headers.get("idempotent-replay")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
      expect((await runsOf("signed")).map((r) => r.sessionKey).sort()).toEqual([
        "hook:signed:a",
        "hook:signed:b",
      ]);
    });

    it("a wake fan-out answers 200 with the count", async () => {
      const res = await s.post("/hooks/alerts", { data: { alerts: [{ name: "disk" }, { name: "cpu" }] } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, mode: "now", eventOutcome: "queued", count: 2 });
      const texts = (await s.runtime.store.pendingEvents()).map((e) => e.text);
      expect(texts.slice(-2)).toEqual(["alert disk", "alert cpu"]);
    });

    it("the request log keeps the count and each action with its session key", async () => {
      const res = await s.post("/hooks/gmail", { messages: [message("log1"), message("log2")] });
      const { runIds } = (await res.json()) as { runIds: string[] };
      await expect
        .poll(async () =>
          (await s.runtime.store.listRequests({ limit: 50 })).find((e) => e.runId === runIds[0]),
        )
        .toBeDefined();
      const entry = (await s.runtime.store.listRequests({ limit: 50 })).find((e) => e.runId === runIds[0])!;
      expect(entry.outcome).toBe("agent");
      expect(entry.decision?.count).toBe(2);
      expect(entry.decision?.each?.map((a) => a.verdict?.sessionKey)).toEqual([
        "hook:gmail:log1",
        "hook:gmail:log2",
      ]);
      const metrics = await (await fetch(`${s.url}/metrics`)).text();
      expect(metrics).toMatch(/hookgate_fanout_actions_total\{mapping="gmail"\} \d+/);
    });

    it("for any array: N runs whose stored rows are the answer's runIds, 204 for none, 413 over the cap", async () => {
      let round = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 13 }), async (n) => {
          round += 1;
          const items = Array.from({ length: n }, (_, i) => ({ k: `r${round}-${i}` }));
          const before = (await runsOf("prop")).length;
          const res = await s.post("/hooks/prop", { items });
          const after = await runsOf("prop");
          if (n === 0) {
            expect(res.status).toBe(204);
            expect(after.length).toBe(before);
          } else if (n > 10) {
            expect(res.status).toBe(413);
            expect(((await res.json()) as { code: string }).code).toBe("FOREACH_TOO_MANY");
            expect(after.length).toBe(before);
          } else {
            expect(res.status).toBe(202);
            const { runIds } = (await res.json()) as { runIds: string[] };
            expect(runIds).toHaveLength(n);
            expect(after.length).toBe(before + n);
            const stored = await Promise.all(runIds.map((id) => s.runtime.store.getRun(id)));
            expect(stored.map((r) => r?.sessionKey)).toEqual(items.map((i) => `hook:prop:${i.k}`));
          }
        }),
        { seed: 20_261_125, numRuns: 30 },
      );
    });
  });
}
