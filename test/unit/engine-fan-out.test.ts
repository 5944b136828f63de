// forEach and `action: ignore` in the engine and the config checks: one action per element with the
// element as the templates' root, nothing to do (204) for a missing, non-array or empty path, the cap
// refused whole, the transform run once for the request, one template budget for all elements, and
// property: the decision's actions are exactly the elements, in order.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import { compileRules } from "../../src/engine/compile.js";
import { route } from "../../src/engine/route.js";
import { createIngress } from "../../src/ingress/decide.js";
import { compareDecisions, decisionRecord, describeChange } from "../../src/ingress/logged-decision.js";
import type { Mapping } from "../../src/types/generated.js";
import { configErrors, issueAt, loadYaml, TOKEN } from "./config-helpers.js";
import { compile, configWith, functionTransforms, request } from "./engine-helpers.js";

const each = (over: Partial<Mapping> = {}): Mapping => ({
  id: "each",
  match: { path: "each" },
  action: "agent",
  forEach: "items",
  sessionKey: "hook:each:{{id}}",
  messageTemplate: "item {{id}} of {{path}} ({{headers.x-batch}})",
  ...over,
});

describe("forEach", () => {
  test("one action per element, each element the templates' root; request roots stay visible", async () => {
    const { index } = await compile([each()]);
    const d = await route(index, request("each", { items: [{ id: "a" }, { id: "b" }] }, { "x-batch": "7" }));
    expect(d.kind === "agent" && d.actions?.map((a) => [a.sessionKey, a.message])).toEqual([
      ["hook:each:a", "item a of each (7)"],
      ["hook:each:b", "item b of each (7)"],
    ]);
    expect(d.kind === "agent" && d.action).toEqual(d.kind === "agent" && d.actions?.[0]);
  });

  test("paths: nested keys, payload., and [n] indexes as in templates", async () => {
    const { index } = await compile([
      each({ id: "nested", match: { path: "nested" }, forEach: "data.list" }),
      each({ id: "rooted", match: { path: "rooted" }, forEach: "payload.batch[1].items" }),
    ]);
    const nested = await route(index, request("nested", { data: { list: [{ id: 1 }] } }));
    expect(nested.kind === "agent" && nested.actions?.map((a) => a.sessionKey)).toEqual(["hook:each:1"]);
    const rooted = await route(index, request("rooted", { batch: [{}, { items: [{ id: 2 }, { id: 3 }] }] }));
    expect(rooted.kind === "agent" && rooted.actions?.map((a) => a.sessionKey)).toEqual([
      "hook:each:2",
      "hook:each:3",
    ]);
  });

  test("[] takes every element on the way: the messages of every change of every entry, in order", async () => {
    const { index } = await compile([
      each({ id: "spread", match: { path: "spread" }, forEach: "entry[].changes[].value.messages" }),
      each({ id: "tail", match: { path: "tail" }, forEach: "items[]" }),
    ]);
    const payload = {
      entry: [
        {
          changes: [{ value: { messages: [{ id: 1 }, { id: 2 }] } }, { value: { statuses: [{ id: "s" }] } }],
        },
        { changes: [{ value: { messages: [{ id: 3 }] } }] },
        { id: "no changes" },
      ],
    };
    const d = await route(index, request("spread", payload));
    expect(d.kind === "agent" && d.actions?.map((a) => a.sessionKey)).toEqual([
      "hook:each:1",
      "hook:each:2",
      "hook:each:3",
    ]);
    // Nothing anywhere on the way: nothing to do.
    const none = await route(index, request("spread", { entry: [{ changes: [{ value: {} }] }] }));
    expect(none).toMatchObject({
      kind: "skip",
      detail: "forEach entry[].changes[].value.messages: empty array",
    });
    // A step that is there but not an array is reported as it is for a plain path.
    const odd = await route(index, request("spread", { entry: [{ changes: { value: {} } }] }));
    expect(odd).toMatchObject({ kind: "skip", detail: expect.stringContaining("not an array") });
    const tail = await route(index, request("tail", { items: [{ id: "t" }] }));
    expect(tail.kind === "agent" && tail.actions?.map((a) => a.sessionKey)).toEqual(["hook:each:t"]);
  });

  test("the cap counts every element gathered through []", async () => {
    const { index } = await compile([each({ forEach: "batches[].items", forEachMax: 3 })]);
    const d = await route(
      index,
      request("each", { batches: [{ items: [{ id: 1 }, { id: 2 }] }, { items: [{ id: 3 }, { id: 4 }] }] }),
    );
    expect(d).toMatchObject({ kind: "invalid", code: "FOREACH_TOO_MANY" });
  });

  test("missing, null, not an array or empty: skip (204) saying what it saw", async () => {
    const { index } = await compile([each()]);
    const cases: Array<[unknown, string]> = [
      [{}, "forEach items: the payload has no items"],
      [{ items: null }, "forEach items: the payload has no items"],
      [{ items: { id: "x" } }, 'forEach items: not an array (saw {"id":"x"})'],
      [{ items: "abc" }, 'forEach items: not an array (saw "abc")'],
      [{ items: [] }, "forEach items: empty array"],
      ["not an object", "forEach items: the payload has no items"],
    ];
    for (const [payload, detail] of cases) {
      expect(await route(index, request("each", payload))).toEqual({
        kind: "skip",
        mappingId: "each",
        reason: "empty",
        detail,
      });
    }
  });

  test("more than forEachMax: FOREACH_TOO_MANY naming the mapping, the count and the cap", async () => {
    const { index } = await compile([each({ forEachMax: 3 })]);
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));
    expect((await route(index, request("each", { items: items(3) }))).kind).toBe("agent");
    const d = await route(index, request("each", { items: items(4) }));
    expect(d).toMatchObject({ kind: "invalid", cause: "action", code: "FOREACH_TOO_MANY" });
    expect(d.kind === "invalid" && d.error).toMatch(
      /^mapping each: forEach items has 4 elements, more than forEachMax 3;/,
    );
  });

  test("the default cap is 100", async () => {
    const { index } = await compile([each()]);
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));
    expect((await route(index, request("each", { items: items(100) }))).kind).toBe("agent");
    expect((await route(index, request("each", { items: items(101) }))).kind).toBe("invalid");
  });

  test("an element that cannot make a valid action makes the request invalid, naming the element", async () => {
    const { index } = await compile([each({ messageTemplate: "{{text}}" })]);
    const d = await route(index, request("each", { items: [{ text: "fine" }, { text: "" }] }));
    expect(d).toMatchObject({
      kind: "invalid",
      code: "INVALID_ACTION",
      error: "mapping each: forEach element 1: message required",
    });
  });

  test("an element's __proto__ or constructor keys are no data, and nothing leaks into prototypes", async () => {
    const { index } = await compile([
      each({ messageTemplate: "[{{__proto__.polluted}}][{{constructor}}][{{id}}]" }),
    ]);
    const items = JSON.parse(
      '[{"__proto__": {"polluted": "yes"}, "constructor": "c", "id": "ok"}]',
    ) as unknown[];
    const d = await route(index, request("each", { items }));
    expect(d.kind === "agent" && d.actions?.map((a) => a.message)).toEqual(["[][][ok]"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  test("the transform runs once for the request and its fields apply to every element", async () => {
    let calls = 0;
    const transforms = functionTransforms({
      "t.js": () => {
        calls += 1;
        return { ok: true, result: { kind: "wake", mode: "next-heartbeat", name: "Batch" } };
      },
    });
    const { index } = await compile(
      [each({ action: "wake", textTemplate: "wake {{id}}", transform: { module: "t.js" } })],
      {},
      { transforms },
    );
    const d = await route(index, request("each", { items: [{ id: 1 }, { id: 2 }, { id: 3 }] }));
    expect(calls).toBe(1);
    expect(d.kind === "wake" && d.actions).toEqual([
      { text: "wake 1", mode: "next-heartbeat", name: "Batch" },
      { text: "wake 2", mode: "next-heartbeat", name: "Batch" },
      { text: "wake 3", mode: "next-heartbeat", name: "Batch" },
    ]);
  });

  test("all elements share one template budget: a request cannot multiply it by its length", async () => {
    // Each element renders about 100 KiB; 100 elements pass the 8 MiB budget only together.
    const { index } = await compile([each({ messageTemplate: "{{#each chunks}}{{this}}{{/each}}" })]);
    const element = { chunks: Array.from({ length: 10 }, () => "x".repeat(10_240)) };
    expect((await route(index, request("each", { items: [element] }))).kind).toBe("agent");
    const d = await route(index, request("each", { items: Array.from({ length: 100 }, () => element) }));
    expect(d).toMatchObject({ kind: "invalid", code: "TEMPLATE_BUDGET_EXCEEDED" });
  });

  test("property: the actions are the elements, in order, for any array up to the cap", async () => {
    const { index } = await compile([each({ forEachMax: 20, sessionKey: "hook:each:{{id}}" })]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { maxLength: 25 }), async (ids) => {
        const items = ids.map((id) => ({ id }));
        const d = await route(index, request("each", { items }));
        if (ids.length === 0) expect(d.kind).toBe("skip");
        else if (ids.length > 20) expect(d.kind === "invalid" && d.code).toBe("FOREACH_TOO_MANY");
        else {
          expect(d.kind).toBe("agent");
          const keys = d.kind === "agent" ? d.actions!.map((a) => a.sessionKey) : [];
          // A key that renders empty (only spaces) is left out, as for a single action.
          expect(keys).toEqual(ids.map((id) => (id.trim() === "" ? undefined : `hook:each:${id}`.trim())));
        }
      }),
      { seed: 20_261_125, numRuns: 150 },
    );
  });

  test("a path through a prototype name, or an empty segment, is a load error naming forEach", async () => {
    for (const [forEach, problem] of [
      ["items.__proto__", "goes through __proto__"],
      ["a[].__proto__", "goes through __proto__"],
      ["a..b", "is not a path"],
      ["[]", "is not a path"],
      ["a[][]", "is not a path"],
      ["a[]b", "is not a path"],
    ] as const) {
      const err = await compile([each({ forEach })]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).issues).toMatchObject([
        { severity: "error", path: "hooks.mappings[0].forEach", message: expect.stringContaining(problem) },
      ]);
    }
  });
});

describe("policies on a fan-out", () => {
  test("every element passes them; one refused refuses the request, naming its index", async () => {
    const config = configWith([each({ sessionKey: "{{key}}" })], {
      hooks: { allowedSessionKeyPrefixes: ["hook:"] },
    });
    const compiled = await compileRules(config);
    try {
      const ingress = createIngress(config, compiled.index);
      const ok = await ingress.decide(request("each", { items: [{ key: "hook:a" }, { key: "hook:b" }] }));
      expect(ok.kind === "agent" && ok.fanOut?.map((r) => r.verdict.sessionKey)).toEqual([
        "hook:a",
        "hook:b",
      ]);
      expect(decisionRecord(ok, false)).toMatchObject({
        kind: "agent",
        count: 2,
        each: [{ verdict: { sessionKey: "hook:a" } }, { verdict: { sessionKey: "hook:b" } }],
      });
      const refused = await ingress.decide(
        request("each", { items: [{ key: "hook:a" }, { key: "hook:b" }, { key: "evil:c" }] }),
      );
      expect(refused).toMatchObject({
        kind: "refused",
        code: "SESSION_KEY_PREFIX",
        element: 2,
        mappingId: "each",
        refusedAction: { sessionKey: "evil:c" },
      });
      expect(refused.kind === "refused" && refused.error).toMatch(/^mapping each: forEach element 2: /);
    } finally {
      compiled.dispose();
    }
  });
});

describe("replay of a fan-out", () => {
  test("compares the number of actions, then each element's fields", async () => {
    const config = configWith([each()]);
    const compiled = await compileRules(config);
    try {
      const ingress = createIngress(config, compiled.index);
      const record = async (items: unknown[]) =>
        decisionRecord(await ingress.decide(request("each", { items })), false);
      const then = await record([{ id: "a" }, { id: "b" }]);
      const now = await record([{ id: "a" }, { id: "c" }, { id: "d" }]);
      const changes = compareDecisions(
        { decision: then, mappingId: "each" },
        { decision: now, mappingId: "each" },
      ).map(describeChange);
      expect(changes).toEqual([
        "fan-out: 3 actions now (was 2)",
        '[1].message: "item b of each ()" → "item c of each ()"',
        '[1].sessionKey: "hook:each:b" → "hook:each:c"',
        '[1].policy.sessionKey: "hook:each:b" → "hook:each:c"',
      ]);
      expect(
        compareDecisions({ decision: then }, { decision: await record([{ id: "a" }, { id: "b" }]) }),
      ).toEqual([]);
    } finally {
      compiled.dispose();
    }
  });
});

describe("action: ignore", () => {
  test("owns the request: 204, no action built, later mappings not tried", async () => {
    let calls = 0;
    const transforms = functionTransforms({
      "t.js": () => {
        calls += 1;
        return { ok: true, result: {} };
      },
    });
    const { index } = await compile(
      [
        { id: "rest", match: { path: "gh" }, action: "ignore" },
        { id: "later", match: { path: "gh" }, action: "wake", textTemplate: "never" },
        { id: "t", match: { path: "t" }, action: "ignore", transform: { module: "t.js" } },
      ],
      {},
      { transforms },
    );
    expect(await route(index, request("gh", { any: 1 }))).toEqual({
      kind: "skip",
      mappingId: "rest",
      reason: "ignore",
    });
    expect(await route(index, request("t", {}))).toMatchObject({ kind: "skip", reason: "ignore" });
    expect(calls).toBe(0);
    const traced = await route(index, request("gh", {}), { explain: true });
    expect(traced.explain?.steps.map((s) => [s.mappingId, s.matched])).toEqual([["rest", true]]);
  });

  test("fields that shape an action are warned about as having no effect; forEachMax without forEach too", async () => {
    const { warnings } = await loadYaml(`hooks:
  token: ${TOKEN}
  mappings:
    - { id: quiet, match: { path: q }, action: ignore, messageTemplate: x, forEach: items }
    - { id: capped, match: { path: c }, action: wake, textTemplate: t, forEachMax: 5 }
`);
    expect(issueAt(warnings, "hooks.mappings[0].forEach", "warning").message).toBe(
      "mapping quiet: action ignore answers 204 and builds no action, so forEach, messageTemplate have no effect; remove them",
    );
    expect(issueAt(warnings, "hooks.mappings[1].forEachMax", "warning").message).toBe(
      "mapping capped: forEachMax has no effect without forEach; add forEach or remove forEachMax",
    );
  });

  test("forEachMax is 1 to 1000", async () => {
    for (const max of [0, 1001]) {
      const issues = await configErrors(
        loadYaml(`hooks:
  token: ${TOKEN}
  mappings:
    - { id: big, match: { path: b }, action: wake, textTemplate: t, forEach: items, forEachMax: ${max} }
`),
      );
      expect(issues.map((i) => i.path)).toContain("hooks.mappings[0].forEachMax");
    }
  });
});
