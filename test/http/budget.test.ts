// A payload that pushes a mapping past its per-request budget, over a real socket: the sender gets a
// prompt 422 naming the mapping and the limit, nothing is stored, and the server keeps answering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

describe("work budgets over HTTP", () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({
      hooks: {
        mappings: [
          mapping({
            id: "nested",
            action: "agent",
            match: { path: "nested" },
            messageTemplate: "{{#each items}}{{#each ../items}}.{{/each}}{{/each}}",
          }),
          mapping({
            id: "doubling",
            action: "wake",
            match: {
              path: "doubling",
              when: {
                reduce: [
                  { var: "payload.items" },
                  { merge: [{ var: "accumulator" }, { var: "accumulator" }] },
                  [1],
                ],
              },
            },
            textTemplate: "never",
          }),
          mapping({ id: "fallback", action: "wake", textTemplate: "fallback {{path}}" }),
        ],
      },
    });
  });

  afterAll(async () => {
    await s?.close();
  });

  const stored = async () =>
    (await s.runtime.store.listRuns({ limit: 1000 })).length +
    (await s.runtime.store.listEvents({ limit: 1000 })).length;

  it.each([
    ["nested", Array.from({ length: 6_000 }, (_, i) => i), "TEMPLATE_BUDGET_EXCEEDED", "templates"],
    ["doubling", Array.from({ length: 27 }, (_, i) => i), "WHEN_BUDGET_EXCEEDED", "match.when"],
  ])(
    "/hooks/%s answers 422 naming the mapping and stores nothing",
    { timeout: 60_000 },
    async (hook, items, code, what) => {
      const before = await stored();
      const r = await s.post(`/hooks/${hook}`, { items }, { headers: { "idempotency-key": `k-${hook}` } });
      expect(r.status).toBe(422);
      const body = (await r.json()) as { ok: boolean; code: string; error: string };
      expect(body).toMatchObject({ ok: false, code });
      expect(body.error).toMatch(
        new RegExp(`^mapping ${hook}: ${what.replace(".", "\\.")} went over the per-request budget`),
      );
      expect(await stored()).toBe(before);
      // The key was not used up: the same request is refused the same way, not replayed.
      const again = await s.post(
        `/hooks/${hook}`,
        { items },
        { headers: { "idempotency-key": `k-${hook}` } },
      );
      expect(again.status).toBe(422);
      expect(again.headers.get("idempotent-replay")).toBeNull();
      // The same mapping takes a small list as usual.
      const small = await s.post(`/hooks/${hook}`, { items: [1, 2] });
      expect(small.status).toBeLessThan(300);
    },
  );
});
