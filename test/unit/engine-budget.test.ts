// Per-request budgets of templates and `when`: payloads that would make a rule loop or build without
// end get the mapping's budget error at once (a decision naming the mapping), while ordinary large
// payloads still render and match. Generated templates and expressions over generated payloads either
// succeed or stop with the budget error, never anything else.
import fc from "fast-check";
import jsonLogic from "json-logic-js";
import { describe, expect, test } from "vitest";
import {
  BUDGET_LIMITS,
  BudgetExceededError,
  type BudgetLimits,
  WorkBudget,
} from "../../src/engine/budget.js";
import { compileLogic } from "../../src/engine/logic.js";
import { route } from "../../src/engine/route.js";
import { compileTemplate, templateData } from "../../src/engine/template.js";
import { indentedLength } from "../../src/engine/template-helpers.js";
import type { Decision } from "../../src/engine/types.js";
import { compile, request } from "./engine-helpers.js";

const NOW = new Date("2025-01-31T12:00:00.000Z");

/** Items shaped like a webhook's list entries: about 60 bytes of JSON each. */
const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, title: `issue ${i}`, labels: ["bug"] }));

function failure(d: Decision): { code: string; error: string; mappingId: string } | undefined {
  return d.kind === "invalid" ? { code: d.code, error: d.error, mappingId: d.mappingId } : undefined;
}

// Each of these took seconds and hundreds of MB to GB before the budgets (hence the generous timeouts:
// the assertions are about the error, not the time).
describe("the adversarial payloads stop with the budget error naming the mapping", () => {
  test("nested {{#each}} over 6,000 items", { timeout: 60_000 }, async () => {
    const { index } = await compile([
      {
        id: "nested",
        action: "wake",
        textTemplate: "{{#each items}}{{#each ../items}}.{{/each}}{{/each}}",
      },
    ]);
    const d = await route(index, request("x", { items: Array.from({ length: 6_000 }, (_, i) => i) }));
    expect(failure(d)).toEqual({
      code: "TEMPLATE_BUDGET_EXCEEDED",
      mappingId: "nested",
      error:
        "mapping nested: templates went over the per-request budget of 500,000 loop iterations on this payload",
    });
  });

  test("a reduce that doubles an array with merge over 27 elements", { timeout: 60_000 }, async () => {
    const { index } = await compile([
      {
        id: "doubling",
        action: "wake",
        textTemplate: "never",
        match: {
          when: {
            reduce: [
              { var: "payload.items" },
              { merge: [{ var: "accumulator" }, { var: "accumulator" }] },
              [1],
            ],
          },
        },
      },
      { id: "next", action: "wake", textTemplate: "next" },
    ]);
    const d = await route(index, request("x", { items: Array.from({ length: 27 }, (_, i) => i) }));
    expect(failure(d)).toEqual({
      code: "WHEN_BUDGET_EXCEEDED",
      mappingId: "doubling",
      error:
        "mapping doubling: match.when went over the per-request budget of 8,388,608 characters and elements built on this payload",
    });
  });

  test("a reduce that doubles a string with cat", { timeout: 60_000 }, () => {
    const when = compileLogic({
      reduce: [{ var: "items" }, { cat: [{ var: "accumulator" }, { var: "accumulator" }] }, "ab"],
    });
    expect(() => when({ items: Array.from({ length: 40 }, () => 0) })).toThrow(BudgetExceededError);
  });

  test("a loop comparing the whole payload list with == (turns it into text every step)", {
    timeout: 60_000,
  }, () => {
    const list = Array.from({ length: 20_000 }, (_, i) => `item-${i}`);
    const when = compileLogic({
      reduce: [
        { var: "list" },
        { if: [{ "==": [{ var: "accumulator" }, "x"] }, 0, { var: "accumulator" }] },
        { var: "list" },
      ],
    });
    expect(() => when({ list })).toThrow(expect.objectContaining({ code: "WHEN_BUDGET_EXCEEDED" }));
  });

  test("every item rendering the whole payload again", { timeout: 60_000 }, () => {
    const payload = { items: items(3_000) };
    const render = compileTemplate("{{#each items}}{{truncate (json @root) 5}}{{/each}}");
    expect(() => render(templateData(request("x", payload), NOW))).toThrow(
      expect.objectContaining({ code: "TEMPLATE_BUDGET_EXCEEDED" }),
    );
  });

  test("indented JSON of a deeply nested payload (each level indents every line below it)", {
    timeout: 60_000,
  }, () => {
    // Deep enough that the indented text (~22 million characters) is over the budget, shallow
    // enough that compact JSON of it still fits the stack.
    const depth = 1_500;
    const payload = JSON.parse(`{"deep":${"[".repeat(depth)}1${"]".repeat(depth)}}`);
    const render = compileTemplate("{{json deep 10}}");
    expect(() => render(templateData(request("x", payload), NOW))).toThrow(
      expect.objectContaining({ code: "TEMPLATE_BUDGET_EXCEEDED" }),
    );
  });
});

describe("ordinary large payloads are untouched", () => {
  // About 250 KB of JSON: just under hooks.maxBodyBytes' default of 256 KiB.
  const big = { action: "opened", issues: items(5_000) };

  test("the body is near the default size limit", () => {
    const bytes = Buffer.byteLength(JSON.stringify(big));
    expect(bytes).toBeGreaterThan(240_000);
    expect(bytes).toBeLessThan(256 * 1024);
  });

  test("templates loop over every item, nest, and copy the whole payload", async () => {
    const { index } = await compile([
      {
        id: "digest",
        action: "agent",
        match: {
          when: {
            and: [
              { some: [{ var: "payload.issues" }, { in: ["bug", { var: "labels" }] }] },
              {
                ">": [{ reduce: [{ var: "payload.issues" }, { "+": [{ var: "accumulator" }, 1] }, 0] }, 100],
              },
              { all: [{ map: [{ var: "payload.issues" }, { var: "id" }] }, { ">=": [{ var: "" }, 0] }] },
              { "==": [{ var: "payload.issues" }, { var: "payload.issues" }] },
            ],
          },
        },
        messageTemplate:
          "{{#each issues}}{{@index}} {{title}} [{{#each labels}}{{upper this}}{{/each}}]\n{{/each}}{{json payload}}",
        name: "{{truncate (json payload 2) 50}}",
      },
    ]);
    const d = await route(index, request("x", big));
    expect(d.kind).toBe("agent");
    const message = d.kind === "agent" ? d.action.message : "";
    expect(message).toContain("4999 issue 4999 [BUG]\n");
    expect(message).toContain(JSON.stringify(big));
  });

  test("each render has its own budget: the same near-limit render succeeds again and again", () => {
    const payload = { list: Array.from({ length: 450_000 }, () => 0) };
    const render = compileTemplate("{{#each list}}{{/each}}done");
    const data = templateData(request("x", payload), NOW);
    for (let i = 0; i < 3; i++) expect(render(data)).toBe("done");
    const when = compileLogic({ some: [{ var: "list" }, { "==": [{ var: "" }, 1] }] });
    for (let i = 0; i < 3; i++) expect(when(payload)).toBe(false);
  });

  test("one action's templates share the request's budget", () => {
    const render = compileTemplate("{{#each list}}{{/each}}");
    const data = templateData(request("x", { list: Array.from({ length: 300_000 }, () => 0) }), NOW);
    const shared = new WorkBudget("TEMPLATE_BUDGET_EXCEEDED", "templates");
    expect(render(data, shared)).toBe("");
    expect(() => render(data, shared)).toThrow(BudgetExceededError);
  });
});

describe("the budget stays out of reach of templates", () => {
  test.each([
    "{{@hookgateBudget}}",
    "{{#each list}}{{@hookgateBudget}}{{@_parent.hookgateBudget}}{{/each}}",
    "{{json @hookgateBudget}}",
    "{{#with @hookgateBudget}}{{this}}{{/with}}",
  ])("%s renders nothing", (template) => {
    expect(compileTemplate(template)(templateData(request("x", { list: [1] }), NOW))).toBe("");
  });
});

describe("indented JSON is sized before it is made", () => {
  const json = fc.jsonValue({ maxDepth: 6 });
  test("indentedLength is the length JSON.stringify gives, for every indent", () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 1, max: 10 }), (value, indent) => {
        const compact = JSON.stringify(value);
        expect(indentedLength(compact, indent)).toBe(JSON.stringify(value, null, indent).length);
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

// Small limits keep each run fast; the defaults are tested above. Lists up to 300 items nested up
// to four levels deep would run for hours, and merge/cat doubling would exhaust memory, without them.
const SMALL: BudgetLimits = { iterations: 20_000, size: 200_000 };
const smallBudget = () => new WorkBudget("TEMPLATE_BUDGET_EXCEEDED", "templates", SMALL);

const scalar = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom("", "a", "bb", "x y"), fc.boolean());
const list = fc.oneof(
  fc.array(scalar, { maxLength: 4 }),
  fc.integer({ min: 0, max: 300 }).map((n) => Array.from({ length: n }, (_, i) => i % 7)),
);
// Through JSON like every request body (plain objects, no null prototypes).
const payloadArb = fc
  .record({
    a: list,
    b: fc.array(fc.record({ c: list, d: scalar }), { maxLength: 30 }),
    s: fc.string({ maxLength: 20 }),
    n: scalar,
  })
  .map((p) => JSON.parse(JSON.stringify(p)));

/** Any outcome but a BudgetExceededError thrown is "other". */
function outcome(run: () => unknown): "ok" | "budget" | string {
  try {
    run();
    return "ok";
  } catch (err) {
    return err instanceof BudgetExceededError ? "budget" : `other: ${String(err)}`;
  }
}

describe("generated templates over generated payloads", () => {
  const path = fc.constantFrom(
    "a",
    "b",
    "s",
    "n",
    "this",
    "../a",
    "../b",
    "@root.a",
    "c",
    "../this",
    "@root",
  );
  // Loops mostly over the long lists, from anywhere in the template: nested they multiply.
  const loop = fc.constantFrom("@root.a", "@root.b", "@root.a", "a", "b", "c", "this", "../a");
  const { block } = fc.letrec((tie) => ({
    block: fc.array(tie("part"), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("")),
    part: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      path.map((p) => `{{${p}}}`),
      fc.constantFrom("-", "text "),
      fc.tuple(path, fc.integer({ min: 0, max: 10 })).map(([p, n]) => `{{json ${p} ${n}}}`),
      path.map((p) => `{{join ${p}}}{{upper ${p}}}{{truncate ${p} 3}}`),
      fc.tuple(path, path).map(([p, q]) => `{{#if (eq ${p} ${q})}}=={{/if}}`),
      {
        arbitrary: fc.tuple(loop, tie("block")).map(([p, body]) => `{{#each ${p}}}${body}{{/each}}`),
        weight: 4,
      },
      fc.tuple(path, tie("block")).map(([p, body]) => `{{#with ${p}}}${body}{{/with}}`),
    ),
  }));

  test("render or stop with the budget error, never anything else", { timeout: 120_000 }, () => {
    const seen = { ok: 0, budget: 0 };
    fc.assert(
      fc.property(block, payloadArb, (template, payload) => {
        const render = compileTemplate(template);
        const data = templateData(request("x", payload), NOW);
        const result = outcome(() => render(data, smallBudget()));
        expect(result).toMatch(/^(ok|budget)$/);
        seen[result as keyof typeof seen]++;
      }),
      { seed: 42, numRuns: 400 },
    );
    // Both outcomes are common, so the property says something about each.
    expect(seen.ok).toBeGreaterThan(15);
    expect(seen.budget).toBeGreaterThan(15);
  });
});

describe("generated expressions over generated payloads", () => {
  const { expr } = fc.letrec((tie) => ({
    expr: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), {
      arbitrary: tie("op"),
      weight: 2,
    }),
    leaf: fc.oneof(
      scalar,
      fc.constantFrom("a", "b", "s", "n", "", "accumulator", "current", "b.0.c").map((p) => ({ var: p })),
    ),
    op: fc.oneof(
      fc
        .tuple(
          fc.constantFrom("==", "!=", "<", ">=", "+", "-", "in", "substr", "merge", "cat"),
          tie("expr"),
          tie("expr"),
        )
        .map(([o, x, y]) => ({ [o]: [x, y] })),
      fc
        .tuple(fc.constantFrom("map", "filter", "all", "some", "none"), tie("expr"), tie("expr"))
        .map(([o, x, y]) => ({ [o]: [x, y] })),
      {
        // Reduces mostly over the long lists, with bodies that grow the accumulator or read it whole.
        arbitrary: fc
          .tuple(
            fc.oneof(tie("expr"), fc.constant({ var: "a" }), fc.constant({ var: "b" })),
            fc.oneof(
              tie("expr"),
              fc.constant({ merge: [{ var: "accumulator" }, { var: "accumulator" }] }),
              fc.constant({ cat: [{ var: "accumulator" }, { var: "accumulator" }] }),
              fc.constant({ merge: [{ var: "accumulator" }, [{ var: "accumulator" }]] }),
              fc.constant({ if: [{ "==": [{ var: "accumulator" }, 1] }, 0, { var: "accumulator" }] }),
            ),
            fc.oneof(tie("expr"), fc.constant([1]), fc.constant("ab"), fc.constant({ var: "a" })),
          )
          .map(([x, y, z]) => ({ reduce: [x, y, z] })),
        weight: 4,
      },
      fc.array(tie("expr"), { maxLength: 3 }).map((args) => ({ if: args })),
    ),
  }));

  test("evaluate or stop with the budget error, never anything else", { timeout: 120_000 }, () => {
    const seen = { ok: 0, budget: 0 };
    fc.assert(
      fc.property(expr, payloadArb, (e, payload) => {
        const when = compileLogic(e, SMALL);
        const result = outcome(() => when(payload));
        expect(result).toMatch(/^(ok|budget)$/);
        seen[result as keyof typeof seen]++;
      }),
      { seed: 42, numRuns: 400 },
    );
    expect(seen.ok).toBeGreaterThan(15);
    expect(seen.budget).toBeGreaterThan(15);
  });
});

test("a reduce may carry an accumulator of objects, as in the reference implementation", () => {
  // The engine's own depth check threw here, after walking the accumulator on every step (a list
  // of 100,000 numbers carried through took seconds).
  const e = { reduce: [{ var: "list" }, { var: "accumulator" }, { var: "list" }] };
  const list = Array.from({ length: 50 }, (_, i) => ({ i }));
  expect(compileLogic(e)({ list })).toEqual(jsonLogic.apply(e as never, { list }));
});

test("the default limits are the documented ones", () => {
  expect(BUDGET_LIMITS).toEqual({ iterations: 500_000, size: 8 * 1024 * 1024 });
});
