// Action building: template fields, defaults, the transform's partial override (kind switch, skip,
// failure) and validation against the wake / agent payload schemas.
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import { route } from "../../src/engine/route.js";
import type { TransformInput } from "../../src/engine/transform/types.js";
import type { Decision } from "../../src/engine/types.js";
import type { Mapping } from "../../src/types/generated.js";
import { compile, functionTransforms, request, tempDir } from "./engine-helpers.js";

const NOW = new Date("2025-01-31T12:00:00.000Z");

async function decide(
  mapping: Mapping,
  payload: unknown = {},
  transforms?: ReturnType<typeof functionTransforms>,
): Promise<Decision> {
  const { index } = await compile(
    [{ id: "m", match: { path: "hook" }, ...mapping }],
    {},
    transforms ? { transforms } : {},
  );
  return await route(index, request("hook", payload, { "x-event": "opened" }, { env: "prod" }), { now: NOW });
}

describe("wake actions", () => {
  test("text from textTemplate (trimmed), mode from wakeMode (default now), name when the mapping has one", async () => {
    const d = await decide(
      { action: "wake", textTemplate: "  PR {{number}} {{headers.x-event}}\n", name: "GitHub {{repo}}" },
      { number: 7, repo: "hg" },
    );
    expect(d).toMatchObject({
      kind: "wake",
      mappingId: "m",
      action: { text: "PR 7 opened", mode: "now", name: "GitHub hg" },
    });
    const later = await decide({ action: "wake", textTemplate: "x", wakeMode: "next-heartbeat" });
    expect(later.kind === "wake" && later.action).toEqual({ text: "x", mode: "next-heartbeat" });
  });

  test("empty text is invalid: mapping id and field named, cause action, INVALID_ACTION", async () => {
    const d = await decide({ action: "wake", textTemplate: "{{missing}}   " });
    expect(d).toMatchObject({
      kind: "invalid",
      cause: "action",
      code: "INVALID_ACTION",
      error: "mapping m: text required",
    });
  });
});

describe("agent actions", () => {
  test("templates rendered and trimmed; static fields copied; defaults filled", async () => {
    const d = await decide(
      {
        action: "agent",
        messageTemplate: "Deploy {{service}} to {{query.env}}",
        name: " Deploys ",
        sessionKey: "hook:deploy:{{service}}",
        to: "{{chat}}",
        model: "{{model}}",
        thinking: "low",
        agentId: "ops",
        timeoutSeconds: 120,
        allowUnsafeExternalContent: true,
        channel: "telegram",
        deliver: false,
        wakeMode: "next-heartbeat",
      },
      { service: "api", chat: "42", model: "" },
    );
    expect(d.kind).toBe("agent");
    expect(d.kind === "agent" && d.action).toEqual({
      message: "Deploy api to prod",
      name: "Deploys",
      sessionKey: "hook:deploy:api",
      to: "42",
      thinking: "low",
      agentId: "ops",
      timeoutSeconds: 120,
      allowUnsafeExternalContent: true,
      channel: "telegram",
      deliver: false,
      wakeMode: "next-heartbeat",
      contentSource: "Webhook",
    });
  });

  test("defaults: deliver true, channel last, wakeMode now, external content wrapped, source Webhook", async () => {
    const d = await decide({ action: "agent", messageTemplate: "hi" });
    expect(d.kind === "agent" && d.action).toEqual({
      message: "hi",
      deliver: true,
      channel: "last",
      wakeMode: "now",
      allowUnsafeExternalContent: false,
      contentSource: "Webhook",
    });
  });

  test("a rendered field that comes out empty is absent, not an empty string", async () => {
    const d = await decide({
      action: "agent",
      messageTemplate: "m",
      sessionKey: "{{nothing}}",
      to: " ",
      model: "{{x}}",
    });
    expect(d.kind === "agent" && Object.keys(d.action)).not.toEqual(expect.arrayContaining(["sessionKey"]));
    expect(d.kind === "agent" && d.action.to).toBeUndefined();
    // Strict: a key holding undefined would fail here, where toEqual would let it pass.
    expect(d.kind === "agent" && d.action).toStrictEqual({
      message: "m",
      deliver: true,
      channel: "last",
      wakeMode: "now",
      allowUnsafeExternalContent: false,
      contentSource: "Webhook",
    });
  });

  test("an empty message is invalid with OpenClaw's wording", async () => {
    const d = await decide({ action: "agent", messageTemplate: "{{body}}" }, { body: "   " });
    expect(d).toMatchObject({
      kind: "invalid",
      mappingId: "m",
      cause: "action",
      code: "INVALID_ACTION",
      error: "mapping m: message required",
    });
  });
});

describe("transforms", () => {
  test("receive payload, headers, query, path and url; their fields override the template-built ones", async () => {
    const seen: TransformInput[] = [];
    const transforms = functionTransforms({
      "t.js": (input) => {
        seen.push(input);
        return { ok: true, result: { message: "from transform", to: "99", deliver: false } };
      },
    });
    const d = await decide(
      {
        action: "agent",
        messageTemplate: "from template",
        to: "1",
        name: "N",
        transform: { module: "t.js" },
      },
      { a: 1 },
      transforms,
    );
    expect(seen).toEqual([
      {
        payload: { a: 1 },
        headers: { "x-event": "opened" },
        query: { env: "prod" },
        path: "hook",
        // Without a request target, the URL is built from the hook name and the query.
        url: {
          href: "http://localhost/hook?env=prod",
          origin: "http://localhost",
          protocol: "http:",
          host: "localhost",
          hostname: "localhost",
          port: "",
          pathname: "/hook",
          search: "?env=prod",
          params: [["env", "prod"]],
        },
      },
    ]);
    expect(d.kind === "agent" && d.action).toMatchObject({
      message: "from transform",
      to: "99",
      deliver: false,
      name: "N",
    });
  });

  test("may switch agent → wake: text from the transform, agent fields dropped", async () => {
    const transforms = functionTransforms({
      "t.js": () => ({ ok: true, result: { kind: "wake", text: "just a note", mode: "next-heartbeat" } }),
    });
    const d = await decide(
      { action: "agent", messageTemplate: "run", to: "1", channel: "slack", transform: { module: "t.js" } },
      {},
      transforms,
    );
    expect(d).toMatchObject({ kind: "wake", mappingId: "m" });
    expect(d.kind === "wake" && d.action).toEqual({ text: "just a note", mode: "next-heartbeat" });
  });

  test("may switch wake → agent: message from the transform, the mapping's agent fields apply", async () => {
    const transforms = functionTransforms({
      "t.js": () => ({ ok: true, result: { kind: "agent", message: "investigate", model: "openai/gpt-4o" } }),
    });
    const d = await decide(
      { action: "wake", textTemplate: "note", channel: "discord", transform: { module: "t.js" } },
      {},
      transforms,
    );
    expect(d.kind === "agent" && d.action).toMatchObject({
      message: "investigate",
      model: "openai/gpt-4o",
      channel: "discord",
      deliver: true,
    });
    expect(d.kind === "agent" && "text" in d.action).toBe(false);
  });

  test("a switch without the new kind's text is invalid", async () => {
    const transforms = functionTransforms({ "t.js": () => ({ ok: true, result: { kind: "wake" } }) });
    const d = await decide(
      { action: "agent", messageTemplate: "run", transform: { module: "t.js" } },
      {},
      transforms,
    );
    expect(d).toMatchObject({ kind: "invalid", cause: "action", error: "mapping m: text required" });
  });

  test("null skips the request", async () => {
    const transforms = functionTransforms({ "t.js": () => ({ ok: true, result: null }) });
    expect(
      await decide({ action: "wake", textTemplate: "x", transform: { module: "t.js" } }, {}, transforms),
    ).toMatchObject({ kind: "skip", mappingId: "m" });
  });

  test("a failure is invalid with cause transform and the sandbox's code", async () => {
    const transforms = functionTransforms({
      "t.js": () => ({ ok: false, code: "TRANSFORM_TIMEOUT", error: "took longer than 250 ms" }),
    });
    const d = await decide(
      { action: "wake", textTemplate: "x", transform: { module: "t.js" } },
      {},
      transforms,
    );
    expect(d).toMatchObject({
      kind: "invalid",
      cause: "transform",
      code: "TRANSFORM_TIMEOUT",
      mappingId: "m",
    });
    expect(d.kind === "invalid" && d.error).toBe("mapping m: transform t.js failed: took longer than 250 ms");
  });

  test("an override that breaks the agent schema is invalid, naming the field", async () => {
    const transforms = functionTransforms({
      "t.js": () => ({ ok: true, result: { timeoutSeconds: 999_999 } }),
    });
    const d = await decide(
      { action: "agent", messageTemplate: "x", transform: { module: "t.js" } },
      {},
      transforms,
    );
    expect(d).toMatchObject({ kind: "invalid", cause: "action", code: "INVALID_ACTION" });
    expect(d.kind === "invalid" && d.error).toMatch(/^mapping m: timeoutSeconds /);
  });

  test("each mapping's transform is loaded once at compile time, not per request", async () => {
    let calls = 0;
    const transforms = functionTransforms({
      "t.js": () => ({ ok: true, result: { text: `call ${++calls}` } }),
    });
    const { index } = await compile(
      [{ action: "wake", transform: { module: "t.js", export: "handle" } }],
      {},
      { transforms },
    );
    await route(index, request("a"));
    const d = await route(index, request("b"));
    expect(transforms.loads).toEqual(["t.js#handle"]);
    expect(d.kind === "wake" && d.action.text).toBe("call 2");
  });
});

describe("transforms in the sandbox", () => {
  test("a real module switches an agent rule to a wake, skips with null, and its errors become invalid decisions", async () => {
    const dir = tempDir({
      "hooks/transforms/route.ts": [
        "interface In { payload: { level?: string; skip?: boolean; boom?: boolean } }",
        "export default function (input: In) {",
        "  if (input.payload.skip) return null;",
        '  if (input.payload.boom) throw new Error("no level");',
        '  if (input.payload.level === "info") return { kind: "wake", text: "note: " + input.payload.level };',
        "  return {};",
        "}",
      ].join("\n"),
    });
    const { index } = await compile(
      [
        {
          id: "alerts",
          action: "agent",
          match: { path: "alerts" },
          messageTemplate: "Alert {{level}}",
          transform: { module: "route.ts" },
        },
      ],
      { dir },
    );
    expect(await route(index, request("alerts", { level: "info" }))).toMatchObject({
      kind: "wake",
      action: { text: "note: info", mode: "now" },
    });
    expect(await route(index, request("alerts", { level: "critical" }))).toMatchObject({
      kind: "agent",
      action: { message: "Alert critical" },
    });
    expect(await route(index, request("alerts", { skip: true }))).toMatchObject({
      kind: "skip",
      mappingId: "alerts",
    });
    const failed = await route(index, request("alerts", { boom: true }));
    expect(failed).toMatchObject({ kind: "invalid", cause: "transform", code: "TRANSFORM_THREW" });
    expect(failed.kind === "invalid" && failed.error).toContain("no level");
  });

  test("a module that cannot be loaded stops the load, naming the mapping and the field", async () => {
    const dir = tempDir({
      "hooks/transforms/bad.js": 'import fs from "node:fs";\nexport default () => fs;\n',
    });
    const err = await compile([{ id: "bad", action: "wake", transform: { module: "bad.js" } }], {
      dir,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    const issue = (err as ConfigError).issues[0]!;
    expect(issue.path).toBe("hooks.mappings[0].transform.module");
    expect(issue.message).toMatch(/^mapping bad: .*node:fs/);
  });
});
