// A mapping's flow control as the engine compiles and routes it: clear load errors naming the field,
// keys rendered per request and per forEach element, and the coalesced message's template.
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import type { ConfigIssue } from "../../src/config/issues.js";
import { composeCoalesced } from "../../src/engine/flow.js";
import { route } from "../../src/engine/route.js";
import { compileTemplate } from "../../src/engine/template.js";
import type { Mapping } from "../../src/types/generated.js";
import { issueAt, loadYaml, TOKEN } from "./config-helpers.js";
import { compile, request } from "./engine-helpers.js";

async function issuesOf(run: () => Promise<unknown>): Promise<ConfigIssue[]> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

const agent = (extra: Partial<Mapping>): Mapping => ({
  id: "alerts",
  action: "agent",
  match: { path: "alerts" },
  messageTemplate: "alert {{name}}",
  ...extra,
});

describe("flow: load errors", () => {
  test("a window of 0, past its longest, a broken key template, a coalesceTemplate without coalesce", async () => {
    const issues = await issuesOf(() =>
      compile([
        agent({ flow: { dedupe: { key: "{{id}}", window: "0s" } } }),
        agent({ id: "b", flow: { coalesce: { key: "{{id", window: "2d" } } }),
        agent({ id: "c", coalesceTemplate: "{{#each items}}{{message}}{{/each}}" }),
      ]),
    );
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      [
        "hooks.mappings[0].flow.dedupe.window",
        "mapping alerts: window must be a duration above 0 such as 30s, 2m or 72h",
      ],
      ["hooks.mappings[1].flow.coalesce.key", expect.stringContaining("mapping b: template error:")],
      ["hooks.mappings[1].flow.coalesce.window", "mapping b: window 2d is longer than 1d"],
      [
        "hooks.mappings[2].coalesceTemplate",
        "mapping c: coalesceTemplate needs flow.coalesce; add flow.coalesce or remove it",
      ],
    ]);
  });
});

describe("flow: rate", () => {
  test("a period past its longest is a load error naming flow.rate.per", async () => {
    const issues = await issuesOf(() => compile([agent({ flow: { rate: { max: 5, per: "31d" } } })]));
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ["hooks.mappings[0].flow.rate.per", "mapping alerts: per 31d is longer than 30d"],
    ]);
  });

  test("a rate alone compiles, over hold by default; a decision carries it without keys", async () => {
    const { index } = await compile([agent({ flow: { rate: { max: 20, per: "1h" } } })]);
    const d = await route(index, request("alerts", { name: "x" }));
    expect(d.kind === "agent" && d.flow?.rate).toEqual({ max: 20, perMs: 3_600_000, over: "hold" });
    expect(d.kind === "agent" && d.action.flow).toBeUndefined();
  });

  test("validate warns about a rate on a wake mapping and about over without a rate", async () => {
    const { warnings } = await loadYaml(`hooks:
  token: ${TOKEN}
  mappings:
    - { id: disk, match: { path: d }, action: wake, textTemplate: t, flow: { rate: { max: 1, per: 1h } } }
    - { id: triage, match: { path: t }, action: agent, messageTemplate: m, flow: { over: drop } }
`);
    expect(issueAt(warnings, "hooks.mappings[0].flow.rate", "warning").message).toContain(
      "mapping disk: flow.rate applies to agent runs only",
    );
    expect(issueAt(warnings, "hooks.mappings[1].flow.over", "warning").message).toContain(
      "mapping triage: flow.over says what becomes of a run past flow.rate or flow.budget, and this mapping has neither",
    );
  });
});

describe("flow: budget", () => {
  test("a budget compiles with over; a decision carries it without keys", async () => {
    const { index } = await compile([
      agent({ flow: { budget: { tokens: 2_000_000, per: "1d" }, over: "drop" } }),
    ]);
    const d = await route(index, request("alerts", { name: "x" }));
    expect(d.kind === "agent" && d.flow?.budget).toEqual({
      tokens: 2_000_000,
      perMs: 86_400_000,
      over: "drop",
    });
  });

  test("a budget without runs or tokens, or with a period past its longest, is a load error", async () => {
    const issues = await issuesOf(() =>
      compile([
        agent({ flow: { budget: { per: "1d" } } }),
        agent({ id: "b", flow: { budget: { runs: 1, per: "31d" } } }),
      ]),
    );
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      [
        "hooks.mappings[0].flow.budget",
        "mapping alerts: flow.budget needs runs, tokens or both, e.g. { tokens: 2000000, per: 1d }",
      ],
      ["hooks.mappings[1].flow.budget.per", "mapping b: per 31d is longer than 30d"],
    ]);
  });

  test("validate warns about a budget on a wake mapping, and takes over with a budget alone", async () => {
    const { warnings } = await loadYaml(`hooks:
  token: ${TOKEN}
  mappings:
    - { id: disk, match: { path: d }, action: wake, textTemplate: t, flow: { budget: { runs: 1, per: 1h } } }
    - { id: triage, match: { path: t }, action: agent, messageTemplate: m, flow: { budget: { tokens: 9, per: 1h }, over: drop } }
`);
    expect(issueAt(warnings, "hooks.mappings[0].flow.budget", "warning").message).toContain(
      "mapping disk: flow.budget applies to agent runs only",
    );
    expect(warnings.some((w) => w.path === "hooks.mappings[1].flow.over")).toBe(false);
  });
});

describe("flow: keys", () => {
  test("each action carries its keys, rendered from its request; an empty key is none", async () => {
    const { index } = await compile([
      agent({
        flow: {
          coalesce: { key: "{{name}}/{{host}}", window: "2m" },
          dedupe: { key: "{{id}}", window: "1h" },
        },
      }),
    ]);
    const one = await route(index, request("alerts", { name: "DiskFull", host: "db1", id: "a1" }));
    expect(one.kind === "agent" && one.action.flow).toEqual({ coalesce: "DiskFull/db1", dedupe: "a1" });
    expect(one.kind === "agent" && one.flow?.coalesce?.windowMs).toBe(120_000);
    const none = await route(index, request("alerts", { name: "", host: "", id: " " }));
    expect(none.kind === "agent" && none.action.flow).toEqual({ coalesce: "/" });
  });

  test("with forEach, each element has its own key", async () => {
    const { index } = await compile([
      agent({
        forEach: "messages",
        messageTemplate: "mail {{subject}}",
        flow: { dedupe: { key: "{{id}}", window: "1d" } },
      }),
    ]);
    const d = await route(index, request("alerts", { messages: [{ id: "m1" }, { id: "m2" }] }));
    expect(d.kind === "agent" && d.actions?.map((a) => a.flow)).toEqual([{ dedupe: "m1" }, { dedupe: "m2" }]);
  });

  test("a very long key is kept short and still tells keys apart", async () => {
    const { index } = await compile([agent({ flow: { dedupe: { key: "{{id}}", window: "1d" } } })]);
    const keyOf = async (id: string) => {
      const d = await route(index, request("alerts", { id }));
      return d.kind === "agent" ? d.action.flow?.dedupe : undefined;
    };
    const [a, b] = [await keyOf(`${"x".repeat(2000)}a`), await keyOf(`${"x".repeat(2000)}b`)];
    expect(a!.length).toBeLessThan(200);
    expect(a).not.toBe(b);
  });
});

describe("flow: the coalesced message", () => {
  const items = [
    { message: "disk 91%", at: Date.UTC(2026, 0, 1, 10, 0, 0) },
    { message: "disk 95%", at: Date.UTC(2026, 0, 1, 10, 1, 0) },
  ];
  test("the messages joined in order without a template", () => {
    expect(composeCoalesced(undefined, items, "web1", "\n\n")).toBe("disk 91%\n\ndisk 95%");
  });
  test("coalesceTemplate over items, count and key", () => {
    const t = compileTemplate("{{count}} on {{key}}:{{#each items}} [{{at}}] {{message}};{{/each}}");
    expect(composeCoalesced(t, items, "web1", "\n")).toBe(
      "2 on web1: [2026-01-01T10:00:00.000Z] disk 91%; [2026-01-01T10:01:00.000Z] disk 95%;",
    );
  });
});

describe("flow: lanes", () => {
  test("a lane's limit comes from hooks.lanes, or from the mappings naming it; a mapping's own lane from concurrency", async () => {
    const { index } = await compile(
      [
        agent({ id: "push", match: { path: "push" }, flow: { lane: "github" } }),
        agent({ id: "issues", match: { path: "issues" }, flow: { lane: "ci", concurrency: 3 } }),
        agent({ id: "builds", match: { path: "builds" }, flow: { lane: "ci" } }),
        agent({ id: "alerts", flow: { concurrency: 2 } }),
        agent({ id: "mail", match: { path: "mail" }, flow: { lane: "inbox" } }),
      ],
      { hooks: { lanes: { github: { concurrency: 2 } } } },
    );
    const laneOf = async (path: string) => {
      const d = await route(index, request(path, {}));
      return d.kind === "agent" ? d.flow?.lane : undefined;
    };
    expect(await laneOf("push")).toEqual({ name: "github", limit: 2 });
    expect(await laneOf("issues")).toEqual({ name: "ci", limit: 3 });
    expect(await laneOf("builds")).toEqual({ name: "ci", limit: 3 });
    expect(await laneOf("alerts")).toEqual({ name: "mapping:alerts", limit: 2 });
    expect(await laneOf("mail")).toEqual({ name: "inbox", limit: 1 });
  });

  test("limits that disagree, and a lane on a wake mapping, are load errors naming the field", async () => {
    const issues = await issuesOf(() =>
      compile(
        [
          agent({ id: "a", flow: { lane: "github", concurrency: 3 } }),
          agent({ id: "b", flow: { lane: "ci", concurrency: 1 } }),
          agent({ id: "c", flow: { lane: "ci", concurrency: 2 } }),
          { id: "w", action: "wake", match: { path: "w" }, textTemplate: "x", flow: { concurrency: 1 } },
        ],
        { hooks: { lanes: { github: { concurrency: 2 } } } },
      ),
    );
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      [
        "hooks.mappings[0].flow.concurrency",
        "mapping a: flow.concurrency 3 disagrees with hooks.lanes.github.concurrency (2) for lane github; set hooks.lanes.github.concurrency and drop flow.concurrency from the mappings",
      ],
      [
        "hooks.mappings[2].flow.concurrency",
        "mapping c: flow.concurrency 2 disagrees with mapping b's flow.concurrency (1) for lane ci; set hooks.lanes.ci.concurrency and drop flow.concurrency from the mappings",
      ],
      [
        "hooks.mappings[3].flow.concurrency",
        "mapping w: flow.concurrency applies to agent runs; remove it from this wake mapping",
      ],
    ]);
  });
});
