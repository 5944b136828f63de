// Routing: order, path index, predicates, first match owns the request, explain traces; and the
// indexed router against a plain first-match scan over generated rule lists.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compileRules } from "../../src/engine/compile.js";
import { normaliseHookPath } from "../../src/engine/hook-path.js";
import { route } from "../../src/engine/route.js";
import type { Decision, HookRequest } from "../../src/engine/types.js";
import type { Mapping } from "../../src/types/generated.js";
import { compile, configWith, functionTransforms, request } from "./engine-helpers.js";

const EXPLAIN = { explain: true };

const wake = (extra: Partial<Mapping> = {}): Mapping => ({ action: "wake", textTemplate: "event", ...extra });

describe("explain on demand", () => {
  test("a live request gets no trace; asked for, the trace names the failed clause of an and / or", async () => {
    const { index } = await compile([
      wake({
        id: "both",
        match: {
          path: "gh",
          when: { and: [{ "==": [{ var: "payload.a" }, 1] }, { "==": [{ var: "headers.x-e" }, "push"] }] },
        },
      }),
      wake({
        id: "either",
        match: {
          path: "gh",
          when: { or: [{ "==": [{ var: "payload.a" }, 2] }, { "==": [{ var: "payload.b" }, 3] }] },
        },
      }),
    ]);
    const req = request("gh", { a: 1, b: 4 }, { "x-e": "issues" });
    expect(await route(index, req)).toEqual({ kind: "no-match", path: "gh" });
    const steps = (await route(index, req, EXPLAIN)).explain!.steps;
    expect(steps[0]!.clauses).toEqual([
      {
        clause: "and[1]",
        expected: '{"==":[{"var":"headers.x-e"},"push"]}',
        saw: 'false; headers.x-e = "issues"',
      },
    ]);
    expect(steps[1]!.clauses?.map((c) => [c.clause, c.saw])).toEqual([
      ["or[0]", "false; payload.a = 1"],
      ["or[1]", "false; payload.b = 4"],
    ]);
  });

  test("the trace shows what a transform changed over the templates' action", async () => {
    const { index } = await compile(
      [wake({ id: "t", match: { path: "t" }, textTemplate: "from template", transform: { module: "t.js" } })],
      {},
      {
        transforms: functionTransforms({
          "t.js": () => ({ ok: true, result: { text: "from transform", mode: "next-heartbeat" } }),
        }),
      },
    );
    const d = await route(index, request("t"), EXPLAIN);
    expect(d.kind).toBe("wake");
    expect(d.explain!.transform).toEqual({
      module: "t.js",
      outcome: "changed",
      changes: [
        { field: "text", before: "from template", after: "from transform" },
        { field: "mode", before: "now", after: "next-heartbeat" },
      ],
    });
  });
});

describe("path index and order", () => {
  test("hooks.mappings are tried in order; the first whose predicates all hold owns the request", async () => {
    const { index } = await compile([
      wake({
        id: "push",
        match: { path: "github", when: { "==": [{ var: "headers.x-github-event" }, "push"] } },
      }),
      wake({ id: "any-github", match: { path: "github" } }),
      wake({ id: "catch-all" }),
    ]);
    const push = await route(index, request("github", {}, { "x-github-event": "push" }));
    const issue = await route(index, request("github", {}, { "x-github-event": "issues" }));
    const other = await route(index, request("stripe"));
    expect([push, issue, other].map((d) => (d.kind === "wake" ? d.mappingId : d.kind))).toEqual([
      "push",
      "any-github",
      "catch-all",
    ]);
  });

  test("match.path is compared after trimming spaces and slashes and collapsing repeated slashes", async () => {
    const { index } = await compile([wake({ id: "ci", match: { path: " /ci//build/ " } })]);
    for (const path of ["ci/build", "/ci/build/", "ci//build", " ci/build "]) {
      expect((await route(index, request(path))).kind, path).toBe("wake");
    }
    expect((await route(index, request("ci"))).kind).toBe("no-match");
    expect(normaliseHookPath("//a///b//")).toBe("a/b");
  });

  test("a request looks only at rules for its path and rules without a path, in their original order", async () => {
    const { index } = await compile([
      wake({ id: "a1", match: { path: "a", source: "x" } }),
      wake({ id: "any1", match: { source: "x" } }),
      wake({ id: "b1", match: { path: "b", source: "x" } }),
      wake({ id: "a2", match: { path: "a", source: "x" } }),
      wake({ id: "any2", match: { source: "x" } }),
    ]);
    const decision = await route(index, request("a", { source: "nope" }), EXPLAIN);
    expect(decision.kind).toBe("no-match");
    expect(decision.explain!.steps.map((s) => s.mappingId)).toEqual(["a1", "any1", "a2", "any2"]);
    expect(decision.explain!.totalRules).toBe(5);
    expect(
      (await route(index, request("zzz", { source: "nope" }), EXPLAIN)).explain!.steps.map(
        (s) => s.mappingId,
      ),
    ).toEqual(["any1", "any2"]);
  });

  test("match.source holds only when payload.source is that exact string", async () => {
    const { index } = await compile([wake({ id: "ci", match: { source: "ci" } })]);
    expect((await route(index, request("ingest", { source: "ci" }))).kind).toBe("wake");
    for (const payload of [{ source: "CI" }, { source: ["ci"] }, {}, "ci", null, [1]]) {
      const d = await route(index, request("ingest", payload));
      expect(d.kind, JSON.stringify(payload)).toBe("no-match");
    }
  });

  test("a when that throws counts as false, and the error is in the explain step", async () => {
    const { index } = await compile([
      wake({ id: "bad", match: { when: { "*": [] } } }),
      wake({ id: "next" }),
    ]);
    const d = await route(index, request("x"), EXPLAIN);
    expect(d.kind === "wake" && d.mappingId).toBe("next");
    expect(d.explain!.steps[0]).toMatchObject({ mappingId: "bad", matched: false, failed: "when" });
    expect(d.explain!.steps[0]!.saw).toMatch(/^error: /);
  });

  test("the owner keeps the request even when its transform skips or its action is invalid", async () => {
    const transforms = functionTransforms({ "skip.js": () => ({ ok: true, result: null }) });
    const { index } = await compile(
      [
        { id: "skipper", action: "wake", match: { path: "s" }, transform: { module: "skip.js" } },
        { id: "broken", action: "wake", match: { path: "b" }, textTemplate: "{{missing}}" },
        wake({ id: "fallback" }),
      ],
      {},
      { transforms },
    );
    expect(await route(index, request("s"))).toMatchObject({ kind: "skip", mappingId: "skipper" });
    expect(await route(index, request("b"))).toMatchObject({
      kind: "invalid",
      mappingId: "broken",
      cause: "action",
    });
  });
});

describe("explain", () => {
  test("names each rule looked at with the first failed predicate, what it expected and what it saw", async () => {
    const { index } = await compile([
      wake({ id: "by-source", match: { path: "gh", source: "github" } }),
      wake({
        id: "by-event",
        match: { path: "gh", when: { "==": [{ var: "headers.x-github-event" }, "push"] } },
      }),
      wake({ id: "both", match: { path: "gh", source: "other", when: false } }),
    ]);
    const d = await route(index, request("gh", { source: 42 }, { "x-github-event": "issues" }), EXPLAIN);
    expect(d.kind).toBe("no-match");
    expect(d.explain!).toEqual({
      path: "gh",
      totalRules: 3,
      steps: [
        {
          mappingId: "by-source",
          origin: "hooks.mappings[0]",
          matched: false,
          failed: "source",
          expected: "github",
          saw: "42 (not a string)",
        },
        {
          mappingId: "by-event",
          origin: "hooks.mappings[1]",
          matched: false,
          failed: "when",
          expected: '{"==":[{"var":"headers.x-github-event"},"push"]}',
          saw: 'false; headers.x-github-event = "issues"',
        },
        // source is checked before when: the first failing predicate is reported.
        {
          mappingId: "both",
          origin: "hooks.mappings[2]",
          matched: false,
          failed: "source",
          expected: "other",
          saw: "42 (not a string)",
        },
      ],
    });
  });

  test("credential-like header values are redacted, long values truncated", async () => {
    const headerNames = [
      "authorization",
      "proxy-authorization",
      "cookie",
      "x-hookgate-token",
      "x-openclaw-token",
      "x-gitlab-token",
      "x-webhook-secret",
      "x-hub-signature-256",
      "x-api-key",
    ];
    const { index } = await compile([
      wake({
        match: {
          when: { and: [...headerNames.map((h) => ({ "==": [{ var: `headers.${h}` }, "x"] })), false] },
        },
      }),
      wake({ match: { when: { "==": [{ var: "headers" }, "x"] } } }),
      wake({ match: { when: { "==": [{ var: "payload.long" }, "x"] } } }),
    ]);
    const headers = Object.fromEntries(headerNames.map((h) => [h, `SECRET-${h}`]));
    const d = await route(
      index,
      request("p", { long: "y".repeat(500) }, { ...headers, "user-agent": "curl" }),
      EXPLAIN,
    );
    const text = JSON.stringify(d.explain!);
    expect(text).not.toContain("SECRET");
    expect(d.explain!.steps[0]!.saw).toContain("headers.authorization = [redacted]");
    expect(d.explain!.steps[1]!.saw).toContain('headers = {"authorization":"[redacted]"');
    const long = d.explain!.steps[2]!.saw!;
    expect(long.length).toBeLessThan(160);
    expect(long).toContain("…");
  });

  test("a match is the last step, marked matched", async () => {
    const { index } = await compile([wake({ id: "one", match: { path: "a" } })]);
    expect((await route(index, request("a"), EXPLAIN)).explain!.steps).toEqual([
      { mappingId: "one", origin: "hooks.mappings[0]", matched: true },
    ]);
  });
});

// Generated rule lists and requests: the index must pick exactly what a linear first-match scan picks.
const PATHS = ["a", "b", "c/d", "e"];
const SOURCES = ["s1", "s2"];
const ruleArb = fc.record(
  {
    path: fc.constantFrom(...PATHS, " /a/ ", "c//d"),
    source: fc.constantFrom(...SOURCES),
    when: fc.constantFrom<object | boolean>(
      { "==": [{ var: "payload.n" }, 1] },
      { ">": [{ var: "payload.n" }, 1] },
      { "==": [{ var: "headers.h" }, "x"] },
      // Equality tests of one field against strings share a lookup by value: loose and strict,
      // either argument order, first clause of an and, and values that are not strings.
      { "==": [{ var: "headers.h" }, "y"] },
      { "===": ["x", { var: "headers.h" }] },
      { and: [{ "==": [{ var: "headers.h" }, "x"] }, { "==": [{ var: "payload.n" }, 1] }] },
      { "==": [{ var: "payload.s" }, "1"] },
      { "===": [{ var: "payload.s" }, "1"] },
      { "==": [{ var: ["payload.s"] }, "2"] },
      { in: [{ var: "path" }, ["a", "e"]] },
      { "*": [] },
      true,
      false,
    ),
  },
  { requiredKeys: [] },
);
const requestArb: fc.Arbitrary<HookRequest> = fc.record({
  path: fc.constantFrom(...PATHS, "zzz", "/a/"),
  payload: fc.record(
    {
      n: fc.integer({ min: 0, max: 2 }),
      source: fc.constantFrom(...SOURCES, 3),
      s: fc.constantFrom<unknown>("1", 1, "2", 2, null, ["1"], true, { a: 1 }),
    },
    { requiredKeys: [] },
  ),
  headers: fc.constantFrom<Record<string, string>>({}, { h: "x" }, { h: "y" }),
  query: fc.constant({}),
});

/** Reference: every rule in order, every predicate checked, no index. */
function linearScan(
  rules: Mapping[],
  req: HookRequest,
  when: (expr: unknown, ctx: unknown) => boolean,
): number {
  const path = normaliseHookPath(req.path);
  return rules.findIndex((r) => {
    if (r.match?.path !== undefined && normaliseHookPath(r.match.path) !== path) return false;
    if (r.match?.source !== undefined && (req.payload as { source?: unknown }).source !== r.match.source)
      return false;
    if (r.match?.when !== undefined && !when(r.match.when, { ...req, path })) return false;
    return true;
  });
}

describe("indexed routing", () => {
  test("returns exactly what a plain first-match linear scan returns", async () => {
    const { compileLogic, truthy } = await import("../../src/engine/logic.js");
    const evalWhen = (expr: unknown, ctx: unknown) => {
      try {
        return truthy(compileLogic(expr)(ctx));
      } catch {
        return false;
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(ruleArb, { maxLength: 12 }),
        fc.array(requestArb, { minLength: 1, maxLength: 5 }),
        async (matches, reqs) => {
          const rules: Mapping[] = matches.map((match, i) => ({
            id: `r${i}`,
            action: "wake",
            textTemplate: "t",
            match,
          }));
          const compiled = await compileRules(configWith(rules));
          for (const req of reqs) {
            const expected = linearScan(rules, req, evalWhen);
            const d = await route(compiled.index, req);
            expect(d.kind === "wake" ? d.mappingId : "no-match").toBe(
              expected === -1 ? "no-match" : `r${expected}`,
            );
          }
          compiled.dispose();
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  test("is deterministic: the same request gives the same decision and trace", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ruleArb, { maxLength: 8 }), requestArb, async (matches, req) => {
        const rules: Mapping[] = matches.map((match, i) => ({
          id: `r${i}`,
          action: "wake",
          textTemplate: "{{now}} {{n}}",
          match,
        }));
        const compiled = await compileRules(configWith(rules));
        const now = new Date(0);
        const first: Decision = await route(compiled.index, req, { now, explain: true });
        expect(await route(compiled.index, structuredClone(req), { now, explain: true })).toEqual(first);
        // Without the trace: the same decision, and no trace built.
        const { explain, ...plain } = first;
        expect(explain).toBeDefined();
        expect(await route(compiled.index, structuredClone(req), { now })).toEqual(plain);
        compiled.dispose();
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
