// A mapping's token budget over real HTTP, on a real SQLite file and a real PostgreSQL schema, with a
// fake OpenAI-compatible model that reports usage: the first run spends the budget, so the second
// answers 202 held at once, says why, and /metrics shows what is left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedConfig, ResolvedMapping } from "../../src/config/types.js";
import { flowText } from "../../src/store/hold-text.js";
import type { DeepPartial } from "../helpers/config.js";
import { type FakeLlm, fakeLlm } from "../helpers/fake-llm.js";
import { dropSchema, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const pg = await pgAvailable();

// Periods of 30 days: a test does not straddle two of them (once in 30 days, for a few seconds).
const MAPPINGS: ResolvedMapping[] = [
  {
    id: "spend",
    origin: "hooks.mappings[0]",
    action: "agent",
    match: { path: "spend" },
    messageTemplate: "spend {{n}}",
    // Each answer of the fake model reports 18 tokens: one run spends this budget.
    flow: { budget: { tokens: 10, per: "30d" }, over: "hold" },
  },
  {
    id: "counted",
    origin: "hooks.mappings[1]",
    action: "agent",
    match: { path: "counted" },
    messageTemplate: "counted {{n}}",
    flow: { budget: { runs: 5, tokens: 1000, per: "30d" } },
  },
];

const kinds: Array<{ name: string; skip: boolean; store: () => DeepPartial<ResolvedConfig>["store"] }> = [
  { name: "SQLite", skip: false, store: () => undefined },
  { name: "PostgreSQL", skip: !pg, store: () => pgStoreConfig(uniqueSchema("budget")) },
];

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`flow budget over HTTP (${kind.name})`, () => {
    let s: TestServer;
    let llm: FakeLlm;
    let schema: string | undefined;

    beforeAll(async () => {
      llm = await fakeLlm();
      const store = kind.store();
      schema = store && "schema" in store ? store.schema : undefined;
      s = await startTestServer({
        providers: { fake: { baseUrl: llm.baseUrl, apiKey: "sk-test" } },
        agents: {
          defaults: { model: "fake/test-model" },
          list: [{ id: "main", runner: { kind: "llm" } }],
        },
        hooks: { mappings: MAPPINGS },
        ...(store && { store }),
      });
    });
    afterAll(async () => {
      await s?.close();
      await llm?.close();
      if (schema) await dropSchema(schema);
    });

    const post = async (path: string, body: unknown) => {
      const res = await s.post(path, body);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const metrics = async () => (await fetch(`${s.url}/metrics`)).text();

    it("/metrics shows each budget's runs and tokens left", async () => {
      const text = await metrics();
      expect(text).toMatch(/hookgate_flow_budget_left\{mapping="spend",kind="tokens"\} 10\n/);
      expect(text).toMatch(/hookgate_flow_budget_left\{mapping="counted",kind="runs"\} 5\n/);
      expect(text).toMatch(/hookgate_flow_budget_left\{mapping="counted",kind="tokens"\} 1000\n/);
      expect(text).not.toMatch(/hookgate_flow_budget_left\{mapping="spend",kind="runs"\}/);
    });

    it("after a run spent the token budget, the next one answers 202 held at once, and says why", async () => {
      const first = await post("/hooks/spend", { n: 1 });
      expect(first).toEqual({ status: 202, body: { ok: true, runId: first.body["runId"] } });
      const firstId = String(first.body["runId"]);
      let run = await s.runtime.store.getRun(firstId);
      for (let i = 0; i < 600 && run?.status !== "succeeded"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = await s.runtime.store.getRun(firstId);
      }
      expect(run).toMatchObject({ status: "succeeded", usage: { totalTokens: 18 } });

      const second = await post("/hooks/spend", { n: 2 });
      expect(second).toEqual({ status: 202, body: { ok: true, runId: second.body["runId"], held: true } });
      const held = await s.runtime.store.getRun(String(second.body["runId"]));
      expect(held).toMatchObject({
        status: "held",
        held: { reason: "budget", by: `tokens:10:${30 * 86_400_000}` },
      });
      expect(flowText(held!)).toMatch(
        /^held: its mapping's token budget \(10\/30d\) was spent; starts at \d{4}-/,
      );
      expect(await metrics()).toMatch(/hookgate_flow_budget_left\{mapping="spend",kind="tokens"\} 0\n/);
      // The model was asked once: the held run has not started.
      expect(llm.requests).toHaveLength(1);
    }, 60_000);

    it("a budget's runs count started runs", async () => {
      const answer = await post("/hooks/counted", { n: 1 });
      expect(answer.body["held"]).toBeUndefined();
      expect(await metrics()).toMatch(/hookgate_flow_budget_left\{mapping="counted",kind="runs"\} 4\n/);
    });
  });
}
