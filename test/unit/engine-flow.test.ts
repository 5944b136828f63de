// A mapping's flow control as the engine compiles and routes it: clear load errors naming the field,
// keys rendered per request and per forEach element, and the coalesced message's template.
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import type { ConfigIssue } from "../../src/config/issues.js";
import { composeCoalesced } from "../../src/engine/flow.js";
import { route } from "../../src/engine/route.js";
import { compileTemplate } from "../../src/engine/template.js";
import type { Mapping } from "../../src/types/generated.js";
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
