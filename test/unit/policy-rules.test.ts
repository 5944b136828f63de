import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { modelCatalog } from "../../src/config/resolve/models.js";
import { checkAgentId, checkChannel } from "../../src/core/allowlists.js";
import { resolveModel } from "../../src/policy/model.js";
import { resolveSessionKey } from "../../src/policy/session-key.js";
import { testConfig } from "../helpers/config.js";

describe("session key policy", () => {
  const hooks = {
    allowRequestSessionKey: false,
    allowedSessionKeyPrefixes: null,
    defaultSessionKey: undefined,
  };

  it("refuses a key from a request unless allowRequestSessionKey is on", () => {
    const r = resolveSessionKey("hook:x", true, hooks);
    expect(r).toMatchObject({ ok: false, code: "SESSION_KEY_NOT_ALLOWED" });
    expect(resolveSessionKey("hook:x", true, { ...hooks, allowRequestSessionKey: true })).toEqual({
      ok: true,
      value: "hook:x",
    });
  });

  it("accepts a mapping's key without allowRequestSessionKey", () => {
    expect(resolveSessionKey("hook:mail:1", false, hooks)).toEqual({ ok: true, value: "hook:mail:1" });
  });

  it("checks prefixes case-insensitively for request and mapping keys alike", () => {
    const h = { ...hooks, allowRequestSessionKey: true, allowedSessionKeyPrefixes: ["hook:"] };
    expect(resolveSessionKey("HOOK:Abc", true, h)).toEqual({ ok: true, value: "HOOK:Abc" });
    const bad = resolveSessionKey("ops:deploy", false, h);
    expect(bad).toEqual({
      ok: false,
      code: "SESSION_KEY_PREFIX",
      error: "sessionKey must start with one of: hook:",
    });
  });

  it("reserves the main session's key, from requests and mappings alike", () => {
    const open = { ...hooks, allowRequestSessionKey: true };
    expect(resolveSessionKey("main", true, open)).toMatchObject({ ok: false, code: "SESSION_KEY_RESERVED" });
    expect(resolveSessionKey(" Main ", false, open)).toMatchObject({
      ok: false,
      code: "SESSION_KEY_RESERVED",
    });
  });

  it("falls back to defaultSessionKey, then to a fresh time-ordered hook:<uuid>", () => {
    expect(resolveSessionKey(undefined, false, { ...hooks, defaultSessionKey: "hook:default" })).toEqual({
      ok: true,
      value: "hook:default",
    });
    const a = resolveSessionKey(undefined, false, hooks);
    const b = resolveSessionKey(undefined, false, hooks);
    expect(a.ok && a.value).toMatch(
      /^hook:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(a).not.toEqual(b);
    // Version 7: the key begins with the time, so keys made later never sort before it.
    const later = resolveSessionKey(undefined, false, hooks);
    expect(a.ok && later.ok && a.value.slice(5, 18) <= later.value.slice(5, 18)).toBe(true);
  });
});

describe("agent id policy", () => {
  it("lets anything through when the list is unrestricted, and no agentId always", () => {
    expect(checkAgentId("ops", null).ok).toBe(true);
    expect(checkAgentId(undefined, []).ok).toBe(true);
  });
  it("denies ids outside a restricting list, and every id with []", () => {
    expect(checkAgentId("ops", ["main"])).toEqual({
      ok: false,
      code: "AGENT_NOT_ALLOWED",
      error: "agentId is not allowed by hooks.allowedAgentIds",
    });
    expect(checkAgentId("main", []).ok).toBe(false);
    expect(checkAgentId("main", ["main"]).ok).toBe(true);
  });
  it("compares ids case-insensitively against the list the loader lower-cased (OPS = ops)", () => {
    expect(checkAgentId("OPS", ["ops"]).ok).toBe(true);
    expect(checkAgentId(" Ops ", ["ops"]).ok).toBe(true);
    expect(checkAgentId("OPS", ["main"]).ok).toBe(false);
  });
});

describe("model policy", () => {
  const config = testConfig({
    agents: { defaults: { models: { "openai/gpt-4o-mini": { alias: "mini" }, "ollama/llama3": {} } } },
  });
  const catalog = modelCatalog(config);

  it("resolves aliases to provider/model and admits listed models", () => {
    expect(resolveModel("mini", catalog)).toEqual({ ok: true, value: "openai/gpt-4o-mini" });
    expect(resolveModel("ollama/llama3", catalog)).toEqual({ ok: true, value: "ollama/llama3" });
    expect(resolveModel(undefined, catalog)).toEqual({ ok: true, value: undefined });
  });

  it("rejects an unlisted model, naming the allowed ones", () => {
    expect(resolveModel("openai/gpt-5", catalog)).toEqual({
      ok: false,
      code: "MODEL_NOT_ALLOWED",
      error:
        'model "openai/gpt-5" is not allowed by agents.defaults.models; allowed: openai/gpt-4o-mini (alias mini), ollama/llama3',
    });
  });

  it.each(["toString", "__proto__", "constructor", "valueOf", "hasOwnProperty"])(
    "rejects the built-in object name %j (it is no key of the list)",
    (name) => {
      expect(resolveModel(name, catalog)).toMatchObject({ ok: false, code: "MODEL_NOT_ALLOWED" });
    },
  );

  it("allows any model when no list is set", () => {
    expect(resolveModel("x/y", modelCatalog(testConfig()))).toEqual({ ok: true, value: "x/y" });
  });

  it("uses the catalog the loader built, once per list", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-policy-"));
    try {
      writeFileSync(
        join(dir, "hookgate.yaml"),
        'agents:\n  defaults:\n    models:\n      "openai/gpt-4o": { alias: big }\n',
      );
      const { config: loaded } = await loadConfig({ cwd: dir, env: {} });
      expect(modelCatalog(loaded)).toBe(modelCatalog(loaded));
      expect(resolveModel("big", modelCatalog(loaded))).toEqual({ ok: true, value: "openai/gpt-4o" });
      expect(resolveModel("toString", modelCatalog(loaded)).ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("channel policy", () => {
  it("accepts last and configured channels", () => {
    expect(checkChannel("last", []).ok).toBe(true);
    expect(checkChannel("telegram", ["telegram"]).ok).toBe(true);
  });
  it("rejects a known but unconfigured channel with the fix", () => {
    expect(checkChannel("slack", ["telegram"])).toMatchObject({ ok: false, code: "CHANNEL_NOT_CONFIGURED" });
    expect(checkChannel("fax", ["telegram"])).toMatchObject({ ok: false, code: "CHANNEL_UNKNOWN" });
  });
});
